/// Summary statistics over repeated timings.
public struct Summary: Hashable, Sendable {
    public let count: Int
    public let median: Double
    public let minimum: Double
    public let maximum: Double
    /// The interquartile range's ends.
    public let lowerQuartile: Double
    public let upperQuartile: Double

    public init?(_ samples: [Double]) {
        let sorted = samples.filter(\.isFinite).sorted()
        guard !sorted.isEmpty else { return nil }
        count = sorted.count
        median = Summary.quantile(sorted, 0.5)
        minimum = sorted[0]
        maximum = sorted[sorted.count - 1]
        lowerQuartile = Summary.quantile(sorted, 0.25)
        upperQuartile = Summary.quantile(sorted, 0.75)
    }

    /// Linear interpolation between order statistics.
    static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        let position = q * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = Swift.min(lower + 1, sorted.count - 1)
        let fraction = position - Double(lower)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
    }
}

/// How much faster `a` is than `b`: the ratio of medians, with a range from the quartiles.
public struct SpeedRatio: Hashable, Sendable {
    /// median(b) / median(a): above 1 means a is faster.
    public let ratio: Double
    /// The ratio at the unfavourable and favourable quartiles: upperQuartile(a) vs lowerQuartile(b), and back.
    public let low: Double
    public let high: Double

    public init?(_ a: Summary, _ b: Summary) {
        guard a.median > 0, a.upperQuartile > 0, a.lowerQuartile > 0 else { return nil }
        ratio = b.median / a.median
        low = b.lowerQuartile / a.upperQuartile
        high = b.upperQuartile / a.lowerQuartile
    }

    /// Whether the whole range lies beyond `threshold` either way (1.1 = 10%).
    public func isSignificant(threshold: Double) -> Bool { low > threshold || high < 1 / threshold }
}

/// The exponent k of a power law `time ≈ c·n^k`, fitted by least squares on log-log points.
public func growthExponent(_ points: [(n: Double, seconds: Double)]) -> Double? {
    let usable = points.filter { $0.n > 0 && $0.seconds > 0 }
    guard usable.count >= 2 else { return nil }
    let xs = usable.map { log($0.n) }, ys = usable.map { log($0.seconds) }
    let mx = xs.reduce(0, +) / Double(xs.count), my = ys.reduce(0, +) / Double(ys.count)
    var sxy = 0.0, sxx = 0.0
    for (x, y) in zip(xs, ys) {
        sxy += (x - mx) * (y - my)
        sxx += (x - mx) * (x - mx)
    }
    return sxx > 0 ? sxy / sxx : nil
}

#if canImport(Glibc)
import Glibc
#endif
