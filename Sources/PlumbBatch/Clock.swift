#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Seconds on the monotonic clock (the one clock every timing in Plumb reads), from a fixed instant of this process.
///
/// A timed interval opens when the first reading returns and closes when the second is taken, so what a reading
/// does after the clock call is inside every interval. Here that is one subtraction and two conversions, as in a
/// peer's adapter (`steady_clock::now()`). `ContinuousClock.now - start` and the duration's two components, read
/// before, were some 400 instructions of 128-bit arithmetic inside each interval (callgrind): 7 % of the instructions
/// of a 6-constraint layout's timed build.
public func monotonicSeconds() -> Double {
    #if canImport(Glibc) || canImport(Musl)
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec - processStart) + Double(now.tv_nsec) * 1e-9
    #else
    let elapsed = ContinuousClock.now - processStart
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    #endif
}

#if canImport(Glibc) || canImport(Musl)
/// The whole second `monotonicSeconds()` counts from (the values stay small, so a `Double` keeps nanoseconds).
private let processStart: Int = {
    var start = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    return start.tv_sec
}()
#else
/// The instant `monotonicSeconds()` counts from.
private let processStart = ContinuousClock.now
#endif

/// The median of `values` (0 for none).
public func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
