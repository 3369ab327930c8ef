#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Grows a malloc'd buffer with `realloc` (large blocks are remapped, not copied).
@inline(__always) func grow<T>(_ p: UnsafeMutablePointer<T>, to count: Int) -> UnsafeMutablePointer<T> {
    guard let raw = realloc(UnsafeMutableRawPointer(p), count * MemoryLayout<T>.stride) else {
        outOfMemory("growing a Cassowary buffer to", count)
    }
    return raw.bindMemory(to: T.self, capacity: count)
}

@inline(__always) func allocateBuffer<T>(_ count: Int) -> UnsafeMutablePointer<T> {
    guard let raw = malloc(Swift.max(1, count) * MemoryLayout<T>.stride) else {
        outOfMemory("allocating a Cassowary buffer of", count)
    }
    return raw.bindMemory(to: T.self, capacity: count)
}

/// Stops the process for a buffer the allocator refused (out of line: the message's code was inlined at every
/// growth).
@inline(never) func outOfMemory(_ what: StaticString, _ count: Int) -> Never {
    fatalError("out of memory \(what) \(count) elements")
}

/// The cells of every tableau row in two flat buffers (symbol ids and coefficients). A row owns the range
/// `start..<start+capacity`; a row that outgrows its range moves to the tail (its old range becomes garbage,
/// reclaimed by `RowStore.compactIfWasteful()`). Raw buffers: no reference counting or uniqueness checks in pivots.
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

    /// Replaces the buffers by freshly packed ones (`RowStore.compactIfWasteful()`).
    /// No cells handed out; the buffers kept.
    func removeAll() { count = 0 }

    func adopt(sym s: UnsafeMutablePointer<Int32>, coef c: UnsafeMutablePointer<Double>, count n: Int, capacity cap: Int) {
        free(sym)
        free(coef)
        sym = s
        coef = c
        count = n
        capacity = cap
    }
}
