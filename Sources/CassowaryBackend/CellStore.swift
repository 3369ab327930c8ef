#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Grows a malloc'd buffer with `realloc` (large blocks are remapped, not copied).
@inline(__always) func grow<T>(_ p: UnsafeMutablePointer<T>, to count: Int) -> UnsafeMutablePointer<T> {
    guard let raw = realloc(UnsafeMutableRawPointer(p), count * MemoryLayout<T>.stride) else {
        fatalError("out of memory growing a Cassowary buffer to \(count) elements")
    }
    return raw.bindMemory(to: T.self, capacity: count)
}

@inline(__always) func allocateBuffer<T>(_ count: Int) -> UnsafeMutablePointer<T> {
    guard let raw = malloc(Swift.max(1, count) * MemoryLayout<T>.stride) else {
        fatalError("out of memory allocating a Cassowary buffer of \(count) elements")
    }
    return raw.bindMemory(to: T.self, capacity: count)
}

/// The cells of every tableau row in two flat buffers (symbol ids and coefficients). A row owns the range
/// `start..<start+capacity`; a row that outgrows its range moves to the tail (its old range becomes garbage,
/// reclaimed by `Tableau.maybeCompact`). Raw buffers: no reference counting or uniqueness checks in pivots.
final class CellStore {
    @exclusivity(unchecked) private(set) var sym: UnsafeMutablePointer<Int32>
    @exclusivity(unchecked) private(set) var coef: UnsafeMutablePointer<Double>
    /// Cells handed out so far (live rows, their spare capacity and garbage).
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private(set) var capacity: Int

    init(capacity: Int = 256) {
        self.capacity = Swift.max(16, capacity)
        sym = allocateBuffer(self.capacity)
        coef = allocateBuffer(self.capacity)
    }

    deinit {
        free(sym)
        free(coef)
    }

    /// Reserves `n` cells at the tail and returns their start (buffers may move).
    func reserveTail(_ n: Int) -> Int {
        if count + n > capacity {
            let newCapacity = Swift.max(capacity + capacity / 2, count + n)
            sym = grow(sym, to: newCapacity)
            coef = grow(coef, to: newCapacity)
            capacity = newCapacity
        }
        let start = count
        count += n
        return start
    }

    /// Replaces the buffers by freshly packed ones (`Tableau.maybeCompact`).
    func adopt(sym s: UnsafeMutablePointer<Int32>, coef c: UnsafeMutablePointer<Double>, count n: Int, capacity cap: Int) {
        free(sym)
        free(coef)
        sym = s
        coef = c
        count = n
        capacity = cap
    }
}

/// Per-symbol scratch for row merges: `pos` (a cell's index in the row being merged, or -1) and `work`
/// (an accumulator), in raw buffers so that the merge loops do no uniqueness checks.
final class SymbolScratch {
    @exclusivity(unchecked) private(set) var pos: UnsafeMutablePointer<Int32>
    @exclusivity(unchecked) private(set) var work: UnsafeMutablePointer<Double>
    @exclusivity(unchecked) private(set) var capacity: Int

    init() {
        capacity = 1024
        pos = allocateBuffer(capacity)
        work = allocateBuffer(capacity)
        pos.initialize(repeating: -1, count: capacity)
        work.initialize(repeating: 0, count: capacity)
    }

    deinit {
        free(pos)
        free(work)
    }

    /// Makes room for symbol ids below `n` (new entries: pos -1, work 0).
    @inline(__always) func ensure(_ n: Int) {
        if n <= capacity { return }
        let newCapacity = Swift.max(capacity * 2, n)
        pos = grow(pos, to: newCapacity)
        work = grow(work, to: newCapacity)
        (pos + capacity).initialize(repeating: -1, count: newCapacity - capacity)
        (work + capacity).initialize(repeating: 0, count: newCapacity - capacity)
        capacity = newCapacity
    }
}
