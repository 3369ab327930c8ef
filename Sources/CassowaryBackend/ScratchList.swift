#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A list of plain values that one operation fills and the next one clears: the tableau's per-operation buffers
/// (the symbols an add accumulates, the new row, a copy of the pivot row).
///
/// An `Array` held in the tableau pays, on every append, a uniqueness check and a capacity check, and on every
/// clear a generic range replacement: together about a quarter of a small layout's add. This list is a raw buffer
/// owned by a class, so appending is a store and clearing sets the count to zero. The storage grows by doubling and
/// is kept for the tableau's life. Its contents mean nothing between operations (two tableaux sharing one list, a
/// rebuild's and the one it replaces, never run an operation at the same time).
/// - Complexity: append O(1) amortized, `removeAll()` O(1).
final class ScratchList<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int = 16) {
        self.capacity = Swift.max(1, capacity)
        base = allocateBuffer(self.capacity)
    }

    deinit { free(base) }

    var isEmpty: Bool { count == 0 }
    var indices: Range<Int> { 0..<count }
    /// The elements, valid until the next append.
    var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    @inline(__always) subscript(i: Int) -> Element {
        get {
            assert(i >= 0 && i < count, "ScratchList: index \(i) outside 0..<\(count)")
            return base[i]
        }
        set {
            assert(i >= 0 && i < count, "ScratchList: index \(i) outside 0..<\(count)")
            base[i] = newValue
        }
    }

    @inline(__always) func append(_ x: Element) {
        if count == capacity {
            capacity *= 2
            base = grow(base, to: capacity)
        }
        base[count] = x
        count += 1
    }

    @inline(__always) func removeAll() { count = 0 }

    /// Removes the last element (the list must not be empty).
    @inline(__always) func removeLast() {
        assert(count > 0, "ScratchList: removeLast on an empty list")
        count -= 1
    }

    /// Removes the element at `i`, keeping the order of the rest.
    func remove(at i: Int) {
        assert(i >= 0 && i < count, "ScratchList: index \(i) outside 0..<\(count)")
        for k in i..<(count - 1) { base[k] = base[k + 1] }
        count -= 1
    }

    var footprintBytes: Int { capacity * MemoryLayout<Element>.stride }
}

extension ScratchList where Element: Equatable {
    func firstIndex(of x: Element) -> Int? {
        for i in 0..<count where base[i] == x { return i }
        return nil
    }
}
