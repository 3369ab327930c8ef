import PlumbSystem
import PlumbSolver
import PlumbFrontEnd
import PlumbText

/// An SVG of a layout's solved frames, one outline colour per back end, with views the back ends disagree on
/// marked, so a person can look instead of read.
public struct FrameRendering {
    /// One back end's frames in root coordinates, or why it has none.
    public struct Answer: Sendable {
        public let backEnd: String
        public let frames: [String: (x: Double, y: Double, width: Double, height: Double)]
        public let note: String?
        public init(backEnd: String, frames: [String: (x: Double, y: Double, width: Double, height: Double)], note: String?) {
            self.backEnd = backEnd
            self.frames = frames
            self.note = note
        }
    }

    public let title: String
    public let rootWidth: Double
    public let rootHeight: Double
    public let answers: [Answer]
    public let policy: ConformancePolicy

    public init(title: String, rootWidth: Double, rootHeight: Double, answers: [Answer], policy: ConformancePolicy = .standard) {
        self.title = title
        self.rootWidth = rootWidth
        self.rootHeight = rootHeight
        self.answers = answers
        self.policy = policy
    }

    /// Views whose frames differ between any two back ends beyond the tolerance.
    public var disagreements: [String] {
        let views = Set(answers.flatMap { $0.frames.keys })
        return views.filter { view in
            let frames = answers.compactMap { $0.frames[view] }
            guard let first = frames.first else { return false }
            return frames.contains { f in
                [(f.x, first.x), (f.y, first.y), (f.width, first.width), (f.height, first.height)].contains {
                    !policy.agree(.float($0.0), .float($0.1))
                }
            }
        }.sorted()
    }

    /// One line on what the drawing shows: agreement is claimed only when every back end drew frames and they agree
    /// within the tolerance; back ends without frames (infeasible, not converged, …) are named with why.
    public var verdict: String {
        let drawn = answers.filter { !$0.frames.isEmpty && $0.note == nil }
        let missing = answers.filter { $0.frames.isEmpty || $0.note != nil }
        let why = missing.map { "\($0.backEnd) (\(($0.note ?? "no frames").prefix(60)))" }.joined(separator: ", ")
        if drawn.isEmpty { return answers.isEmpty ? "No back end ran." : "No back end drew frames: " + why + "." }
        let bad = disagreements
        var line = bad.isEmpty
            ? (drawn.count == 1 ? "Only \(drawn[0].backEnd) drew frames." : "The \(drawn.count) back ends that drew frames agree.")
            : "Disagree (dashed): " + bad.joined(separator: ", ") + "."
        if missing.isEmpty && bad.isEmpty { line = "All back ends agree." }
        return missing.isEmpty ? line : line + " Without frames: " + why + "."
    }

    /// The drawing of `script`'s state after its last step, solved in one batch by each of `backEnds` and read
    /// through the same observer as the judge's.
    public init(_ script: LayoutScript, backEnds: [BackEnd], policy: ConformancePolicy = .standard) throws(LayoutError) {
        let player = try script.played()
        let tree = player.tree, system = player.linearSystem()
        let answers = backEnds.map { backEnd -> Answer in
            let result = backEnd.solve(system, roundValues: .all)
            guard result.status == .ok else {
                return Answer(backEnd: backEnd.name, frames: [:], note: "\(result.status.rawValue): \(result.message)")
            }
            let observer = Observer(tree: tree, system: system, answer: result.rounds.last ?? result.values)
            var frames: [String: (x: Double, y: Double, width: Double, height: Double)] = [:]
            for view in tree.views where !view.isRoot { frames[view.id] = observer.rootFrame(of: view) }
            return Answer(backEnd: backEnd.name, frames: frames, note: nil)
        }
        self.init(title: script.name, rootWidth: script.rootSize.width.doubleValue,
                  rootHeight: script.rootSize.height.doubleValue, answers: answers, policy: policy)
    }

    public func svg() -> String {
        let canvas = 560.0, margin = 40.0, legend = 20.0 * Double(answers.count + 2)
        let scale = canvas / max(1, max(rootWidth, rootHeight))
        // room for the longest legend line (about 7 px a character at the legend's size)
        let legendLines = answers.map { $0.backEnd + ($0.note.map { " — \($0)" } ?? "") } + [verdict]
        let legendWidth = 16 + 7 * Double(legendLines.map(\.count).max() ?? 0)
        let width = max(rootWidth * scale + 2 * margin + 220, legendWidth + 2 * margin)
        let height = rootHeight * scale + 2 * margin + legend
        let charts = Charts(results: RunResults(date: "", machine: "", configuration: .release, commit: "", policy: policy))
        var out = charts.header(width, height, title: title)
        out += "<rect x=\"\(margin)\" y=\"\(margin)\" width=\"\(charts.f(rootWidth * scale))\" height=\"\(charts.f(rootHeight * scale))\" fill=\"#fafafa\" stroke=\"#999\"/>\n"
        let bad = Set(disagreements)
        for (i, answer) in answers.enumerated() {
            let colour = Charts.palette[i % Charts.palette.count]
            for (view, f) in answer.frames.sorted(by: { $0.key < $1.key }) {
                guard [f.x, f.y, f.width, f.height].allSatisfy(\.isFinite) else { continue }
                let x = margin + min(f.x, f.x + f.width) * scale, y = margin + min(f.y, f.y + f.height) * scale
                let dash = bad.contains(view) ? " stroke-dasharray=\"4 2\"" : ""
                out += "<rect x=\"\(charts.f(x))\" y=\"\(charts.f(y))\" width=\"\(charts.f(abs(f.width) * scale))\" height=\"\(charts.f(abs(f.height) * scale))\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"1.5\"\(dash)/>\n"
                if i == 0 { out += charts.text(x + 3, y + 12, view, anchor: "start", size: 10) }
            }
        }
        var y = margin + rootHeight * scale + 24
        for (i, answer) in answers.enumerated() {
            out += "<rect x=\"\(margin)\" y=\"\(charts.f(y - 9))\" width=\"10\" height=\"10\" fill=\"\(Charts.palette[i % Charts.palette.count])\"/>\n"
            out += charts.text(margin + 16, y, answer.backEnd + (answer.note.map { " — \($0)" } ?? ""), anchor: "start")
            y += 20
        }
        out += charts.text(margin, y, verdict, anchor: "start")
        return out + "</svg>\n"
    }
}
