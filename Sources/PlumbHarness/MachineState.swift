import PlumbSystem
import PlumbSolver
import PlumbBatch
#if canImport(Glibc)
import Glibc
import PlumbFiles
#endif

/// The state of the machine when a run started: how busy it was and how fast a fixed piece of work ran. Two runs of
/// the same code on a busier or slower machine differ by about the calibration's ratio, so `bench compare` can tell a
/// slower machine from a slower commit.
public struct MachineState: Hashable, Sendable {
    /// The one-minute load average (runnable processes), or nil where the system does not say.
    public var load: Double?
    /// Seconds of the calibration loop (`MachineState.calibrate()`): the median of several runs.
    public var calibration: Double

    public init(load: Double?, calibration: Double) {
        self.load = load
        self.calibration = calibration
    }

    /// The load now and a fresh calibration.
    /// - Complexity: about 35 ms in a release build.
    public static func now() -> MachineState { MachineState(load: loadAverage(), calibration: calibrate()) }

    /// The one-minute load average from /proc/loadavg, nil elsewhere.
    public static func loadAverage() -> Double? {
        guard let bytes = try? readFile(atPath: "/proc/loadavg", limit: 4096) else { return nil }
        return String(decoding: bytes, as: UTF8.self).split(separator: " ").first.flatMap { Double($0) }
    }

    /// Median seconds of 7 runs of a fixed loop: integer mixing and floating-point sums over a 256 KiB table (what a
    /// solver does: arithmetic and memory), about 5 ms each in a release build.
    public static func calibrate() -> Double {
        var table = [Double](repeating: 0, count: 32_768)
        var generator = SplitMix64(seed: 7)
        for i in table.indices { table[i] = Double(generator.next() % 1000) / 7 }
        var times: [Double] = []
        var sink = 0.0
        for _ in 0..<7 {
            let start = monotonicSeconds()
            var sum = 0.0, index = 0
            for step in 0..<6_000_000 {
                index = (index &* 1_103_515_245 &+ 12_345 &+ step) & (table.count - 1)
                sum += table[index] * 1.000_000_1
            }
            sink += sum
            times.append(monotonicSeconds() - start)
        }
        if sink.isNaN { print("") }   // keeps the loop from being optimized away
        return median(times)
    }
}
