import PlumbSolver
import PlumbBatch

/// How one back end's answer to one fuzz case compares with the exact back end's.
public enum FuzzComparison: Equatable, Sendable {
    case agree
    /// The back end said it did not converge: no claim to judge.
    case notConverged
    /// The back end labelled its answer approximate (`SolveReport.approximate`); `wrong` when it differs anyway.
    case approximate(wrong: Bool)
    /// A floating-point back end declined the case as beyond what it can vouch for (`unsupported`, for example
    /// ill-conditioned) where the exact back end answered: no claim to judge.
    case declined
    /// An answer the back end labelled converged that differs: a finding.
    case differs(String)
}

/// What a fuzz run found, over cases of one kind (a layout-lp/1 system, a random layout).
public struct FuzzSummary<Case: Sendable>: Sendable {
    /// One disagreement, shrunk, or one case over its time bound, as it was.
    public struct Finding: Sendable {
        public let seed: UInt64
        public let caseIndex: Int
        public let backEnd: String
        /// What differs (status, a level's total, a unique value or frame), or how long the case took.
        public let reason: String
        public let original: Case
        public let shrunk: Case
        /// Whether the case went over its time bound (`backEnd` was under way when it did); it is not shrunk.
        public let isOverBound: Bool
    }

    public var cases = 0
    /// Cases the front end refused (the same for every back end, so nothing to compare), with the first messages.
    public var rejected = 0
    public var rejections: [String] = []
    public var findings: [Finding] = []
    /// Cases a back end answered "not converged", counted apart from wrong answers.
    public var notConverged: [String: Int] = [:]
    /// Cases a back end answered "approximate", and how many of those differ from the exact optimum.
    public var approximate: [String: (answers: Int, wrong: Int)] = [:]
    /// Cases a floating-point back end declined (`FuzzComparison.declined`), counted apart from wrong answers.
    public var declined: [String: Int] = [:]
    public var seconds = 0.0

    /// The findings that are disagreements.
    public var disagreements: [Finding] { findings.filter { !$0.isOverBound } }
    /// The findings that are cases over their time bound.
    public var overBound: [Finding] { findings.filter(\.isOverBound) }

    /// Plays cases `first..<first + count` of `seed` through `backEnds`, stopping after `timeLimit` seconds: `make` builds case
    /// `index`; `compare` judges one back end on it (given what `prepare` computed once per case with the reference,
    /// or the reason the case was refused); a disagreement is shrunk by `shrink` until a deadline.
    ///
    /// Each case is bounded by `caseTimeLimit` seconds, checked between steps (preparing the case, judging each back
    /// end): a case over it is a finding, written as it was, and the run goes on with the next case. A shrink gets
    /// as long again. A single call into a back end is not interrupted; `step` is told before each step, for a
    /// watchdog that ends a run stuck inside one.
    static func run<Prepared>(seed: UInt64, from first: Int, count: Int, timeLimit: Double, caseTimeLimit: Double,
                              reference: String, backEnds: [any LayoutSolver.Type],
                              make: (Int) -> Case, prepare: (Case) -> Result<Prepared, RunFailure>,
                              compare: (Case, any LayoutSolver.Type, Prepared) -> FuzzComparison,
                              shrink: (Case, any LayoutSolver.Type, _ deadline: Double) -> Case,
                              step: (FuzzStep) -> Void, progress: (Int, FuzzSummary) -> Void) -> FuzzSummary {
        var summary = FuzzSummary()
        let start = monotonicSeconds()
        for index in first..<(first + count) {
            if monotonicSeconds() - start > timeLimit { break }
            let item = make(index)
            summary.cases += 1
            let caseStart = monotonicSeconds()
            /// The finding for a case past its bound after `backEnd`'s step, or nil while it is within.
            func overBound(_ backEnd: String, alsoDiffers: String? = nil) -> Finding? {
                let elapsed = monotonicSeconds() - caseStart
                guard elapsed > caseTimeLimit else { return nil }
                let reason = "over its time bound: the case took \(formatSeconds(elapsed)), the bound is \(formatSeconds(caseTimeLimit))"
                    + (alsoDiffers.map { "; it also disagrees: \($0)" } ?? "")
                return Finding(seed: seed, caseIndex: index, backEnd: backEnd, reason: reason, original: item, shrunk: item,
                               isOverBound: true)
            }
            step(FuzzStep(caseIndex: index, backEnd: reference))
            let prepared = prepare(item)
            if let late = overBound(reference) {
                summary.findings.append(late)
            } else {
                switch prepared {
                case .failure(let failure):
                    summary.rejected += 1
                    if summary.rejections.count < 5 { summary.rejections.append("case \(index): \(failure)") }
                case .success(let prepared):
                    for type in backEnds {
                        step(FuzzStep(caseIndex: index, backEnd: type.name))
                        let comparison = compare(item, type, prepared)
                        var differs: String?
                        if case .differs(let reason) = comparison { differs = reason }
                        if let late = overBound(type.name, alsoDiffers: differs) {
                            summary.findings.append(late)
                            break
                        }
                        switch comparison {
                        case .agree: break
                        case .notConverged: summary.notConverged[type.name, default: 0] += 1
                        case .declined: summary.declined[type.name, default: 0] += 1
                        case .approximate(let wrong):
                            let (answers, wrongs) = summary.approximate[type.name] ?? (0, 0)
                            summary.approximate[type.name] = (answers + 1, wrongs + (wrong ? 1 : 0))
                        case .differs(let reason):
                            step(FuzzStep(caseIndex: index, backEnd: type.name, shrinking: true))
                            let shrunk = shrink(item, type, monotonicSeconds() + caseTimeLimit)
                            summary.findings.append(Finding(seed: seed, caseIndex: index, backEnd: type.name, reason: reason,
                                                            original: item, shrunk: shrunk, isOverBound: false))
                        }
                    }
                }
            }
            if index % 100 == 0 { progress(index, summary) }
        }
        summary.seconds = monotonicSeconds() - start
        return summary
    }
}
