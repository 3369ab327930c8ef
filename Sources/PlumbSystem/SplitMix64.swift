/// A small deterministic random source (SplitMix64), the same on every platform: generated layouts, fuzz cases
/// and tests draw from it so that a seed always gives the same sequence.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in 0..<bound (bound ≥ 1).
    public mutating func next(_ bound: Int) -> Int {
        Int(next() % UInt64(Swift.max(1, bound)))
    }
}
