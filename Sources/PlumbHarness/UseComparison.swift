/// The uses a solver is timed for, each compared on its own workloads: which back end is fastest, and how much
/// slower each other one is (geometric mean of per-workload ratios of medians, with their interquartile range).
public struct UseComparison: Sendable {

    /// One back end's standing in one use.
    public struct Standing: Sendable {
        public let backEnd: String
        /// Median over workloads of the workload's median seconds.
        public let typical: Double
        /// Geometric mean over shared workloads of this back end's median over the fastest's (1 for the fastest).
        public let ratio: Double
        /// Interquartile range of the per-workload ratios.
        public let lowRatio: Double
        public let highRatio: Double
        public let workloads: Int
    }

    public let use: Use
    /// Fastest first.
    public let standings: [Standing]
    /// What the figures are, in a phrase.
    public var figure: String {
        switch use {
        case .smallLayouts: "build+solve per layout"
        case .corpus: "build+solve per layout"
        case .update, .remake, .removeAdd: "seconds per operation, every family and lifecycle size"
        case .resize: "seconds per resize round, every family and size"
        case .largeBuilds: "build+solve at 1,000 views and more"
        case .enamlLikeBuild: "build+solve of the 108-row form with its two strong edits"
        case .enamlLikeResize: "seconds per window size (two suggestions and a solve), over its six sizes"
        }
    }

    /// Compares the back ends in `names` (only those) on `use`.
    public init?(_ use: Use, results: RunResults, among names: [String]) {
        self.use = use
        let table = UseComparison.medians(results, use, among: names)
        guard !table.isEmpty else { return nil }
        // The fastest: the lowest geometric-mean ratio against the back end with the most workloads.
        let reference = table.max { a, b in a.value.count < b.value.count || (a.value.count == b.value.count && a.key > b.key) }!.key
        func ratios(_ a: String, over b: String) -> [Double] { UseComparison.ratios(table, a, over: b) }
        let geometricMean = UseComparison.geometricMean
        let fastest = table.keys.sorted().min { geometricMean(ratios($0, over: reference)) < geometricMean(ratios($1, over: reference)) }!
        var standings: [Standing] = []
        for name in table.keys.sorted() {
            let r = name == fastest ? [Double](repeating: 1, count: table[name]!.count) : ratios(name, over: fastest)
            guard let spread = Summary(r) else { continue }
            standings.append(Standing(backEnd: name, typical: Summary(Array(table[name]!.values))!.median,
                                      ratio: geometricMean(r), lowRatio: spread.lowerQuartile, highRatio: spread.upperQuartile,
                                      workloads: r.count))
        }
        self.standings = standings.sorted { $0.ratio < $1.ratio }
    }

    /// Each back end's median seconds per workload (`family/workload`) for `use`, among `names`.
    /// - Complexity: O(timings).
    static func medians(_ results: RunResults, _ use: Use, among names: [String]) -> [String: [String: Double]] {
        var table: [String: [String: Double]] = [:]
        for t in results.timings where t.status.isOK && names.contains(t.backEnd) {
            if let value = t.median(for: use), value > 0 { table[t.backEnd, default: [:]]["\(t.family)/\(t.workload)"] = value }
        }
        return table
    }

    /// `a`'s medians over `b`'s, workload by workload, over the workloads both ran (in workload order).
    static func ratios(_ table: [String: [String: Double]], _ a: String, over b: String) -> [Double] {
        guard let ta = table[a], let tb = table[b] else { return [] }
        return ta.keys.sorted().compactMap { key in tb[key].map { ta[key]! / $0 } }
    }

    /// The geometric mean (infinite for no values).
    static func geometricMean(_ values: [Double]) -> Double {
        values.isEmpty ? .infinity : exp(values.reduce(0) { $0 + log($1) } / Double(values.count))
    }

    /// Every use that has figures, among `names`.
    public static func all(_ results: RunResults, among names: [String]) -> [UseComparison] {
        Use.allCases.compactMap { UseComparison($0, results: results, among: names) }
    }
}

#if canImport(Glibc)
import Glibc
#endif
