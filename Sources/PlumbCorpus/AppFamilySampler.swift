import PlumbSystem

/// A fixed categorical distribution: values with relative weights. Drawing costs O(log n).
struct WeightedTable<Value: Sendable>: Sendable {
    let values: [Value]
    /// Running totals of the weights, for a binary search.
    let cumulative: [Double]

    init(_ entries: [(Value, Double)]) {
        values = entries.map(\.0)
        var running = 0.0
        cumulative = entries.map { running += $0.1; return running }
    }

    func draw(_ rng: inout SplitMix64) -> Value {
        let point = rng.unit() * (cumulative.last ?? 0)
        var low = 0, high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] > point { high = middle } else { low = middle + 1 }
        }
        return values[low]
    }
}

/// A categorical choice steered toward target shares over a whole run.
///
/// Some choices are forced (a view target needs an earlier view; a dependent constraint needs a computed
/// constant; `edges` fits only a block's first rows), so drawing each chain from the plain shares would drift.
/// Each draw weights a kind by its target share times e^(gain × z), where z is how many standard deviations
/// the kind's count trails its expected count so far (negative when ahead); only the kinds allowed at that
/// point take part. A kind behind is drawn more often wherever it is allowed, one ahead less, and since z
/// grows with the run, the realised shares settle on the targets. `record` counts what was finally written.
/// Cost: O(kinds) per draw.
struct QuotaSampler<Kind: Hashable> {
    let kinds: [Kind]
    let shares: [Double]
    private(set) var counts: [Int]
    private(set) var total = 0
    /// Scratch space for one draw's weights (kept to spare an allocation per draw).
    private var weights: [Double]

    /// How strongly a lagging kind is pulled back: two standard deviations behind weigh e^(2 × gain) more.
    static var gain: Double { 1 }
    /// The correction is capped at e^(±limit) (about 55 times), so a rare kind cannot swamp the others.
    static var limit: Double { 4 }

    init(_ entries: [(Kind, Double)]) {
        kinds = entries.map(\.0)
        shares = entries.map(\.1)
        counts = Array(repeating: 0, count: entries.count)
        weights = Array(repeating: 0, count: entries.count)
    }

    /// One kind among those `allowed` accepts (nil when none is).
    mutating func draw(_ rng: inout SplitMix64, allowed: (Kind) -> Bool = { _ in true }) -> Kind? {
        var sum = 0.0
        let seen = Double(total)
        for i in kinds.indices {
            guard allowed(kinds[i]) else {
                weights[i] = 0
                continue
            }
            let expected = shares[i] * seen
            let z = (expected - Double(counts[i])) / (expected * (1 - shares[i]) + 1).squareRoot()
            weights[i] = shares[i] * exponential(Swift.min(Self.limit, Swift.max(-Self.limit, Self.gain * z)))
            sum += weights[i]
        }
        guard sum > 0 else { return nil }
        var point = rng.unit() * sum
        for i in kinds.indices where weights[i] > 0 {
            point -= weights[i]
            if point < 0 { return kinds[i] }
        }
        return kinds.indices.last { weights[$0] > 0 }.map { kinds[$0] }
    }

    /// Counts what a chain finally wrote.
    mutating func record(_ kind: Kind) {
        guard let i = kinds.firstIndex(of: kind) else { return }
        counts[i] += 1
        total += 1
    }
}

/// e^x for the sampler's small exponents (|x| ≤ 4), in plain arithmetic so that every platform draws the same
/// layouts: a Taylor series on x/16, squared four times.
func exponential(_ x: Double) -> Double {
    let reduced = x / 16
    var term = 1.0, total = 1.0
    for k in 1...12 {
        term *= reduced / Double(k)
        total += term
    }
    for _ in 0..<4 { total *= total }
    return total
}

extension SplitMix64 {
    /// A uniform value in [0, 1).
    mutating func unit() -> Double {
        Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { unit() < p }
}

// MARK: - Exact arithmetic on generated values

// The app family's numbers are sums and halves of UI constants (below 10^7) with power-of-two denominators
// (halves from centres, quarters from multipliers); 128-bit rationals cannot overflow on them, so these
// helpers state that once instead of handling an impossible error at every step.

func fraction(_ numerator: Int, _ denominator: Int) -> Rational {
    try! Rational(Int128(numerator), Int128(denominator))
}

func sum(_ a: Rational, _ b: Rational) -> Rational { try! a + b }
func difference(_ a: Rational, _ b: Rational) -> Rational { try! a - b }
func product(_ a: Rational, _ b: Rational) -> Rational { try! a * b }
func quotient(_ a: Rational, _ b: Rational) -> Rational { try! a / b }

extension Rational {
    /// The absolute value.
    var magnitudeValue: Rational { signum < 0 ? -self : self }

    /// The largest integer at most the value.
    var floorValue: Rational {
        let q = numerator / denominator  // Truncated toward zero.
        return Rational(Int(numerator < 0 && q * denominator != numerator ? q - 1 : q))
    }

    /// The smallest integer at least the value.
    var ceilingValue: Rational {
        let q = numerator / denominator  // Truncated toward zero.
        return Rational(Int(numerator > 0 && q * denominator != numerator ? q + 1 : q))
    }
}
