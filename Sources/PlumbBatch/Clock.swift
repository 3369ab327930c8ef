/// Seconds on `ContinuousClock` (the one clock every timing in Plumb reads), from a fixed instant of this process.
public func monotonicSeconds() -> Double {
    let elapsed = ContinuousClock.now - processStart
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
}

/// The instant `monotonicSeconds()` counts from.
private let processStart = ContinuousClock.now

/// The median of `values` (0 for none).
public func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
