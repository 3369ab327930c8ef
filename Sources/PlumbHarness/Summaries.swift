/// Per-back-end figures derived from a run, shared by the terminal summary, the report and the charts.
public struct BackEndSummary: Sendable {
    public let name: String
    public var layoutsPassed = 0
    public var layoutsFailed = 0
    public var layoutsUnsupported = 0
    public var layoutsNotConverged = 0
    public var largestError = 0.0
    /// Per corpus layout: the median build+solve and the median time per suggestion round.
    public var buildSolveByLayout: [String: Summary] = [:]
    public var perEditByLayout: [String: Summary] = [:]

    public var layouts: Int { layoutsPassed + layoutsFailed + layoutsUnsupported + layoutsNotConverged }
}

extension RunResults {
    /// Back ends in the order they first appear.
    public var backEndNames: [String] {
        var seen: [String] = []
        for name in conformance.map(\.backEnd) + timings.map(\.backEnd) where !seen.contains(name) { seen.append(name) }
        return seen
    }

    /// Each layout's worst outcome per back end.
    public func layoutOutcomes() -> [String: [String: Verdict.Outcome]] {
        var table: [String: [String: Verdict.Outcome]] = [:]
        for c in conformance {
            let current = table[c.backEnd]?[c.layout] ?? .pass
            table[c.backEnd, default: [:]][c.layout] = max(current, c.outcome)
        }
        return table
    }

    public func summaries() -> [BackEndSummary] {
        let outcomes = layoutOutcomes()
        return backEndNames.map { name in
            var s = BackEndSummary(name: name)
            for (_, outcome) in outcomes[name] ?? [:] {
                switch outcome {
                case .pass: s.layoutsPassed += 1
                case .fail: s.layoutsFailed += 1
                case .unsupported: s.layoutsUnsupported += 1
                case .notConverged: s.layoutsNotConverged += 1
                }
            }
            s.largestError = conformance.filter { $0.backEnd == name }.map(\.maxError).max() ?? 0
            for t in timings where t.backEnd == name && t.suite == .corpus {
                if let b = Summary(t.buildSolve) { s.buildSolveByLayout[t.workload] = b }
                if t.editRounds > 0, let e = Summary(t.editTotal.map { $0 / Double(t.editRounds) }) { s.perEditByLayout[t.workload] = e }
            }
            return s
        }
    }

    /// How many times faster `a` is than `b`: the geometric mean over shared workloads of median ratios.
    public func speedup(_ a: [String: Summary], over b: [String: Summary]) -> (ratio: Double, workloads: Int)? {
        let shared = Set(a.keys).intersection(b.keys).filter { (a[$0]?.median ?? 0) > 0 && (b[$0]?.median ?? 0) > 0 }
        guard !shared.isEmpty else { return nil }
        let logSum = shared.reduce(0.0) { $0 + log(b[$1]!.median / a[$1]!.median) }
        return (exp(logSum / Double(shared.count)), shared.count)
    }

    /// Scaling points per family and back end: (views, median build+solve, median per edit round).
    public func scalingPoints() -> [String: [String: [(size: Int, buildSolve: Double, perEdit: Double?)]]] {
        var table: [String: [String: [(size: Int, buildSolve: Double, perEdit: Double?)]]] = [:]
        for t in timings where t.suite == .scaling && t.status.isOK {
            guard let b = Summary(t.buildSolve) else { continue }
            let e = t.editRounds > 0 ? Summary(t.editTotal.map { $0 / Double(t.editRounds) })?.median : nil
            table[t.family, default: [:]][t.backEnd, default: []].append((t.size, b.median, e))
        }
        return table
    }

    /// The fitted growth exponent of build+solve time from 1,000 views up; nil unless three such sizes were measured.
    public func exponent(family: String, backEnd: String) -> Double? {
        RunResults.exponent(of: scalingPoints()[family]?[backEnd] ?? [])
    }

    /// The fitted growth exponent of `points` (one family and back end of `scalingPoints()`, computed once by a
    /// caller that goes over every family: recomputing the table per family made a report quadratic in them).
    static func exponent(of points: [(size: Int, buildSolve: Double, perEdit: Double?)]) -> Double? {
        let points = points.sorted { $0.size < $1.size }
        let large = points.filter { $0.size >= 1000 }
        guard large.count >= 3 else { return nil }
        return growthExponent(large.map { (Double($0.size), $0.buildSolve) })
    }
}

/// Seconds as a short human figure: `12.3 µs`, `4.56 ms`, `1.23 s`.
public func formatSeconds(_ s: Double) -> String {
    guard s.isFinite else { return "—" }
    if s < 1e-6 { return String(format3(s * 1e9)) + " ns" }
    if s < 1e-3 { return String(format3(s * 1e6)) + " µs" }
    if s < 1 { return String(format3(s * 1e3)) + " ms" }
    return String(format3(s)) + " s"
}

/// Seconds (or any non-negative figure) to one decimal: `12.3`.
public func formatTenths(_ v: Double) -> String {
    guard v.isFinite, abs(v) < 1e15 else { return ReadableNumbers.format(v) }
    let tenths = Int((v * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
}

/// Three significant digits.
func format3(_ v: Double) -> String {
    guard v.isFinite else { return "—" }
    let magnitude = v == 0 ? 0 : Int(floor(log10(abs(v))))
    let decimals = max(0, 2 - magnitude)
    let scale = pow(10.0, Double(decimals))
    let rounded = (v * scale).rounded() / scale
    var text = "\(rounded)"
    if decimals == 0, text.hasSuffix(".0") { text.removeLast(2) }
    if let dot = text.firstIndex(of: "."), text.distance(from: dot, to: text.endIndex) - 1 < decimals {
        text += String(repeating: "0", count: decimals - (text.distance(from: dot, to: text.endIndex) - 1))
    }
    return text
}

#if canImport(Glibc)
import Glibc
#endif
