import PlumbInvariants
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Per-symbol scratch for row merges: `pos` (a cell's index in the row being merged, or -1), `work` (an
/// accumulator) and `magnitude` (the sum of the magnitudes accumulated, to tell cancellation from round-off), in raw
/// buffers so that the merge loops do no uniqueness checks.
final class SymbolScratch {
    @exclusivity(unchecked) private(set) var pos: UnsafeMutablePointer<Int32>
    @exclusivity(unchecked) private(set) var work: UnsafeMutablePointer<Double>
    @exclusivity(unchecked) private(set) var magnitude: UnsafeMutablePointer<Double>
    @exclusivity(unchecked) private(set) var capacity: Int

    /// Room a new tableau's scratch starts with: past `Tableau.initialSymbols`, so that a small layout's adds never
    /// grow it; a larger one doubles it as it goes (a scratch of 1,024 symbols cost every new solver 20 KB of
    /// zeroing, about half of making one: 17 k of its 36 k instructions).
    static let initialCapacity = 128

    init() {
        capacity = Self.initialCapacity
        pos = allocateBuffer(capacity)
        work = allocateBuffer(capacity)
        magnitude = allocateBuffer(capacity)
        pos.initialize(repeating: -1, count: capacity)
        work.initialize(repeating: 0, count: capacity)
        magnitude.initialize(repeating: 0, count: capacity)
    }

    deinit {
        free(pos)
        free(work)
        free(magnitude)
    }

    /// Makes room for symbol ids below `n` (new entries: pos -1, work 0).
    @inline(__always) func ensure(_ n: Int) {
        if n <= capacity { return }
        let newCapacity = Swift.max(capacity * 2, n)
        pos = grow(pos, to: newCapacity)
        work = grow(work, to: newCapacity)
        magnitude = grow(magnitude, to: newCapacity)
        (pos + capacity).initialize(repeating: -1, count: newCapacity - capacity)
        (work + capacity).initialize(repeating: 0, count: newCapacity - capacity)
        (magnitude + capacity).initialize(repeating: 0, count: newCapacity - capacity)
        capacity = newCapacity
    }
}

extension SymbolScratch {
    /// Symbol `s`'s accumulated sum and the magnitude it was measured against (0: one contribution), leaving its
    /// entries clean for the next merge.
    @inline(__always) func take(_ s: Int32) -> (sum: Double, magnitude: Double) {
        let a = work[Int(s)], m = magnitude[Int(s)]
        work[Int(s)] = 0
        if m != 0 { magnitude[Int(s)] = 0 }
        pos[Int(s)] = -1
        return (a, m)
    }

    var footprintBytes: Int { capacity * (MemoryLayout<Int32>.stride + 2 * MemoryLayout<Double>.stride) }

    /// Between operations every merge has cleaned up after itself: every `pos` is -1, every `work` and `magnitude` 0.
    func checkInvariants(into report: inout InvariantReport) {
        for s in 0..<capacity where pos[s] != -1 || work[s] != 0 || magnitude[s] != 0 {
            report.fail("SymbolScratch", "symbol \(s) left pos \(pos[s]), work \(work[s]), magnitude \(magnitude[s]) behind")
        }
    }
}
