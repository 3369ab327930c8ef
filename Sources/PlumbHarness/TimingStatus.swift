/// Whether a workload was timed, and if not, why: what a timing record says beside its samples.
///
/// Written to the results file as text (`ok`, `over budget`, `not run: WHY`, `unsupported: WHY`,
/// `infeasible: WHY`, `error: WHY`), and read back from it.
public enum TimingStatus: Hashable, Sendable, CustomStringConvertible {
    /// Timed: the samples are the figure.
    case ok
    /// Not timed: this back end had left the family's growth. A smaller size took more than a third of the budget
    /// per run or failed, or this size or a smaller one was predicted to take longer than the budget per run.
    case overBudget
    /// Not timed, for a reason the harness gives (the workload could not be built, the back end was stopped).
    case notRun(String)
    /// The back end does not support something the workload needs.
    case unsupported(String)
    /// The back end found the required constraints infeasible (the workload is feasible: a wrong answer).
    case infeasible(String)
    /// The back end failed.
    case error(String)

    public var isOK: Bool { self == .ok }

    /// The text in the results file.
    public var description: String {
        switch self {
        case .ok: "ok"
        case .overBudget: "over budget"
        case .notRun(let why): "not run: \(why)"
        case .unsupported(let why): "unsupported: \(why)"
        case .infeasible(let why): "infeasible: \(why)"
        case .error(let why): "error: \(why)"
        }
    }

    /// Reads the text of a results file (an older file's free text reads as an error with that text).
    public init(text: String) {
        func rest(_ prefix: String) -> String? { text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : nil }
        if text == "ok" { self = .ok }
        else if text == "over budget" { self = .overBudget }
        else if let why = rest("not run: ") { self = .notRun(why) }
        else if let why = rest("unsupported: ") { self = .unsupported(why) }
        else if let why = rest("infeasible: ") { self = .infeasible(why) }
        else if let why = rest("error: ") { self = .error(why) }
        else { self = .error(text) }
    }

    /// Why a workload was not timed, in a few words for a table cell: `over budget`, `unsupported`, `infeasible`,
    /// `not run`, or an error's first words.
    public var brief: String {
        switch self {
        case .ok: return "ok"
        case .overBudget: return "over budget"
        case .notRun: return "not run"
        case .unsupported: return "unsupported"
        case .infeasible: return "infeasible"
        case .error(let why):
            let text = why.filter { $0 != "`" }
            return "error: " + (text.count > 48 ? String(text.prefix(47)) + "…" : text)
        }
    }
}
