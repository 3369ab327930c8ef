/// Two runs side by side: conformance changes and speed changes beyond a noise threshold.
public struct Comparison: Sendable {
    /// One change found.
    public struct Change: Sendable, CustomStringConvertible {
        public enum Kind: String, Sendable { case conformanceLoss = "conformance loss", conformanceGain = "conformance gain",
                                                 slower, faster }
        public let kind: Kind
        public let workload: String
        public let backEnd: String
        public let detail: String
        public var isRegression: Bool { kind == .conformanceLoss || kind == .slower }
        public var description: String { "\(kind.rawValue): \(workload) on \(backEnd): \(detail)" }
    }

    public let changes: [Change]
    public var regressions: [Change] { changes.filter(\.isRegression) }

    /// `threshold` is the speed ratio both quartile bounds must exceed (1.2: 20% slower at the favourable end).
    public init(old: RunResults, new: RunResults, threshold: Double = 1.2) {
        var changes: [Change] = []
        let before = old.layoutOutcomes(), after = new.layoutOutcomes()
        // A conformance gate counts anything missing as lost: a layout or a whole back end the new run lacks.
        for (backEnd, layouts) in before.sorted(by: { $0.key < $1.key }) {
            for (layout, was) in layouts.sorted(by: { $0.key < $1.key }) where after[backEnd]?[layout] == nil {
                let why = after[backEnd] == nil ? "the new run has no conformance results for \(backEnd)" : "missing from the new run"
                changes.append(Change(kind: .conformanceLoss, workload: layout, backEnd: backEnd, detail: "\(was.rawValue) → \(why)"))
            }
        }
        for (backEnd, layouts) in after.sorted(by: { $0.key < $1.key }) {
            for (layout, outcome) in layouts.sorted(by: { $0.key < $1.key }) {
                guard let was = before[backEnd]?[layout], was != outcome else { continue }
                let kind: Change.Kind = outcome > was ? .conformanceLoss : .conformanceGain
                changes.append(Change(kind: kind, workload: layout, backEnd: backEnd, detail: "\(was.rawValue) → \(outcome.rawValue)"))
            }
        }
        func key(_ t: RunResults.Timing) -> String { t.use.rawValue + "\u{0}" + t.family + "\u{0}" + t.workload + "\u{0}" + t.backEnd }
        let oldTimings = Dictionary(old.timings.map { (key($0), $0) }, uniquingKeysWith: { a, _ in a })
        for t in new.timings {
            guard let o = oldTimings[key(t)] else { continue }
            let label = t.use == .lifecycle ? "\(t.workload) lifecycle" : t.workload
            var figures: [(String, [Double], [Double])] = [("build+solve", t.buildSolve, o.buildSolve)]
            for (kind, samples) in t.lifecycle.sorted(by: { $0.key < $1.key }) {
                if let before = o.lifecycle[kind] { figures.append((kind, samples, before)) }
            }
            for (what, now, was) in figures {
                guard let a = Summary(now), let b = Summary(was), let ratio = SpeedRatio(a, b) else { continue }
                // ratio = old / new: below 1 means the new run is slower.
                if ratio.high < 1 / threshold {
                    changes.append(Change(kind: .slower, workload: label, backEnd: t.backEnd,
                                          detail: "\(what) \(formatSeconds(b.median)) → \(formatSeconds(a.median)) (\(format3(1 / ratio.ratio))× slower, at least \(format3(1 / ratio.high))×)"))
                } else if ratio.low > threshold {
                    changes.append(Change(kind: .faster, workload: label, backEnd: t.backEnd,
                                          detail: "\(what) \(formatSeconds(b.median)) → \(formatSeconds(a.median)) (\(format3(ratio.ratio))× faster)"))
                }
            }
        }
        self.changes = changes
    }
}
