import PlumbSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Two runs side by side: conformance changes and speed changes beyond a noise threshold.
public struct Comparison: Sendable {
    /// One change found.
    public struct Change: Sendable, CustomStringConvertible {
        public enum Kind: String, Sendable { case conformanceLoss = "conformance loss", conformanceGain = "conformance gain",
                                                 timingLost = "timing lost", slower, faster,
                                                 propertyWorse = "property worse", propertyBetter = "property better" }
        public let kind: Kind
        public let workload: String
        public let backEnd: String
        public let detail: String
        public var isRegression: Bool { kind == .conformanceLoss || kind == .timingLost || kind == .slower || kind == .propertyWorse }
        public var description: String { "\(kind.rawValue): \(workload) on \(backEnd): \(detail)" }
    }

    public let changes: [Change]
    public var regressions: [Change] { changes.filter(\.isRegression) }
    /// What to read first: whether the two runs are comparable (machine, its load and speed, build configuration),
    /// the back ends one run lacks, and per back end the geometric mean of its speed ratios (old / new, above 1:
    /// faster now) over the workloads both runs timed.
    public let summary: [String]
    /// How much slower the new run's machine ran the calibration loop than the old one's (1 when either run has no
    /// calibration, or the two agree within 5%); the new run's times are divided by it before they are compared.
    public let machineFactor: Double

    /// `threshold` is the speed ratio both quartile bounds must exceed (1.2: 20% slower at the favourable end).
    public init(old: RunResults, new: RunResults, threshold: Double = 1.2) {
        var changes: [Change] = []
        var summary: [String] = []
        var factor = 1.0
        if old.machine != new.machine {
            summary.append("warning: different machines (\(old.machine) / \(new.machine)): speed changes may be the machine's")
        }
        if old.configuration != new.configuration {
            summary.append("warning: \(old.configuration) build against \(new.configuration) build: speed changes mean nothing")
        }
        if old.timing.heap != new.timing.heap {
            summary.append("warning: the runs were timed with different heaps (\(old.timing.heap.rawValue) / "
                + "\(new.timing.heap.rawValue)): a workload that allocates much moves with the heap, not the commit")
        }
        if old.timing.cpu != new.timing.cpu {
            let place = { (cpu: Int?) in cpu.map { "on CPU \($0)" } ?? "unpinned" }
            summary.append("warning: the runs were placed differently (\(place(old.timing.cpu)) / \(place(new.timing.cpu))): "
                + "ratios between solvers in separate processes move with that, not only with the commit")
        }
        if let a = old.machineState, let b = new.machineState, a.calibration > 0, b.calibration > 0 {
            factor = b.calibration / a.calibration
            let loads = [a.load, b.load].map { $0.map { format3($0) } ?? "?" }
            if abs(factor - 1) > 0.05 {
                summary.append("warning: the calibration loop ran \(format3(factor > 1 ? factor : 1 / factor))× "
                    + (factor > 1 ? "slower" : "faster") + " on the new run's machine (load \(loads[0]) then \(loads[1])): "
                    + "the new times are divided by \(format3(factor)) before they are compared")
            } else {
                // within the loop's own noise: nothing to adjust
                factor = 1
                summary.append("the machine ran the calibration loop at the same speed in both runs, within 5% "
                    + "(load \(loads[0]) then \(loads[1]))")
            }
        } else {
            summary.append("warning: \(old.machineState == nil ? "the old run" : "the new run") has no machine calibration: "
                + "a slower machine and a slower commit look alike")
        }
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
        func key(_ t: RunResults.Timing) -> String { t.suite.rawValue + "\u{0}" + t.family + "\u{0}" + t.workload + "\u{0}" + t.backEnd }
        let oldTimings = Dictionary(old.timings.map { (key($0), $0) }, uniquingKeysWith: { a, _ in a })
        let oldBackEnds = Set(old.timings.map(\.backEnd) + old.conformance.map(\.backEnd))
        let newBackEnds = Set(new.timings.map(\.backEnd) + new.conformance.map(\.backEnd))
        if !oldBackEnds.subtracting(newBackEnds).isEmpty {
            summary.append("the new run lacks " + oldBackEnds.subtracting(newBackEnds).sorted().joined(separator: ", "))
        }
        if !newBackEnds.subtracting(oldBackEnds).isEmpty {
            summary.append("the old run lacks " + newBackEnds.subtracting(oldBackEnds).sorted().joined(separator: ", "))
        }
        // A speed gate counts a lost figure as a regression, as the conformance gate does: a workload the old run
        // timed that the new one did not (missing, failed, over budget), or a figure it no longer has.
        let newTimings = Dictionary(new.timings.map { (key($0), $0) }, uniquingKeysWith: { a, _ in a })
        for o in old.timings.sorted(by: { key($0) < key($1) }) where o.status.isOK && !o.buildSolve.isEmpty {
            let label = o.suite == .lifecycle ? "\(o.workload) lifecycle" : o.workload
            guard let t = newTimings[key(o)] else {
                changes.append(Change(kind: .timingLost, workload: label, backEnd: o.backEnd, detail: "not timed in the new run"))
                continue
            }
            if !t.status.isOK || t.buildSolve.isEmpty {
                changes.append(Change(kind: .timingLost, workload: label, backEnd: o.backEnd,
                                      detail: "no samples in the new run (\(t.status.description.excerpt))"))
                continue
            }
            for kind in o.lifecycle.keys.sorted() where !(o.lifecycle[kind]?.isEmpty ?? true) && (t.lifecycle[kind]?.isEmpty ?? true) {
                changes.append(Change(kind: .timingLost, workload: label, backEnd: o.backEnd,
                                      detail: "\(kind.rawValue): no samples in the new run"))
            }
        }
        var logRatios: [String: [Double]] = [:]
        for t in new.timings {
            guard let o = oldTimings[key(t)] else { continue }
            let label = t.suite == .lifecycle ? "\(t.workload) lifecycle" : t.workload
            var figures: [(String, [Double], [Double])] = [("build+solve", t.buildSolve, o.buildSolve)]
            for (kind, samples) in t.lifecycle.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                if let before = o.lifecycle[kind] { figures.append((kind.rawValue, samples, before)) }
            }
            for (what, now, was) in figures {
                guard let a = Summary(now.map { $0 / factor }), let b = Summary(was), let ratio = SpeedRatio(a, b) else { continue }
                if ratio.ratio > 0 && ratio.ratio.isFinite { logRatios[t.backEnd, default: []].append(log(ratio.ratio)) }
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
        for (backEnd, logs) in logRatios.sorted(by: { $0.key < $1.key }) {
            let mean = exp(logs.reduce(0, +) / Double(logs.count))
            summary.append("\(backEnd): \(format3(mean))× the old speed (geometric mean over \(logs.count) figures"
                + (factor == 1 ? ")" : ", machine-adjusted)"))
        }
        let properties = Self.propertyChanges(old: old, new: new)
        changes += properties.changes
        summary += properties.notes
        self.changes = changes
        self.summary = summary
        self.machineFactor = factor
    }
}
