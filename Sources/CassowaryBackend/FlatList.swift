#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable list of plain values in one raw buffer owned by a class: the tableau's and the solver's hot storage
/// (per symbol, per row, per variable, per constraint) and the buffers one operation fills and the next clears.
///
/// An `Array` held in a struct pays, on every append and every write, a uniqueness check, and on every clear a
/// generic range replacement; growing it one index at a time with `append(contentsOf: repeatElement(…))` allocates
/// on the way. Measured on a small layout's add, those were a third of its instructions. Here reading and writing are
/// a load and a store, appending adds one capacity check, and clearing sets the count to zero. The storage grows by
/// doubling and is kept until the list is freed (`removeAll()` keeps it: a solver `reset()` allocates nothing).
///
/// A reference type: a struct holding one shares it when copied. The tableau and the solver never copy a part to
/// mutate the copy (a rebuild makes a new tableau; the invariant check only reads), and two tableaux that share a
/// per-operation buffer never run an operation at the same time. Indices are checked in debug builds only.
/// - Complexity: append O(1) amortized, `removeAll()` O(1), `removeLast(_:)` O(1).
final class FlatList<Element: BitwiseCopyable> {
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

    /// The element at `i`, read and written in place (a field of a stored struct is written without copying the
    /// struct out and back).
    @inline(__always) subscript(i: Int) -> Element {
        unsafeAddress {
            assert(i >= 0 && i < count, "FlatList: index \(i) outside 0..<\(count)")
            return UnsafePointer(base + i)
        }
        unsafeMutableAddress {
            assert(i >= 0 && i < count, "FlatList: index \(i) outside 0..<\(count)")
            return base + i
        }
    }

    @inline(__always) func append(_ x: Element) {
        if count == capacity { growForAppending(1) }
        base[count] = x
        count &+= 1  // below capacity, so it cannot overflow
    }

    /// Appends `x` `n` times (one capacity check).
    @inline(__always) func append(_ x: Element, times n: Int) {
        if count + n > capacity { growForAppending(n) }
        for k in count..<(count + n) { base[k] = x }
        count += n
    }

    /// Appends four elements (one capacity check, four stores: `append(_:times:)` becomes a `memset` call, which costs
    /// more than the stores for a symbol's objective coefficients at the initial stride).
    @inline(__always) func append(_ a: Element, _ b: Element, _ c: Element, _ d: Element) {
        if count + 4 > capacity { growForAppending(4) }
        base[count] = a
        base[count + 1] = b
        base[count + 2] = c
        base[count + 3] = d
        count &+= 4
    }

    /// Room for `n` more elements: at least double the capacity. Out of line: rare, and inlined at every append the
    /// reallocation and its failure path made up a third of the machine code of the functions that append.
    @inline(never) func growForAppending(_ n: Int) {
        capacity = Swift.max(count + n, 2 * capacity)
        base = grow(base, to: capacity)
    }

    @inline(__always) func removeAll() { count = 0 }

    /// Room for `n` elements without growing.
    func reserve(_ n: Int) {
        if n > capacity {
            capacity = n
            base = grow(base, to: capacity)
        }
    }

    /// Appends `fill` until index `i` exists (a table indexed by an id that grows one id at a time).
    @inline(__always) func extend(toInclude i: Int, with fill: Element) {
        if i >= capacity { growForAppending(i + 1 - count) }
        while count <= i {
            base[count] = fill
            count += 1
        }
    }

    /// Removes and returns the last element, nil when empty.
    @inline(__always) func popLast() -> Element? {
        guard count > 0 else { return nil }
        count -= 1
        return base[count]
    }

    /// Makes this list a copy of `other`'s elements (its own storage kept, grown if need be).
    func assign(from other: FlatList<Element>) {
        reserve(other.count)
        base.update(from: other.base, count: other.count)
        count = other.count
    }

    /// Removes the last `n` elements.
    @inline(__always) func removeLast(_ n: Int) {
        assert(n >= 0 && n <= count, "FlatList: removeLast(\(n)) on \(count) elements")
        count -= n
    }

    /// Removes the last element (the list must not be empty).
    @inline(__always) func removeLast() {
        assert(count > 0, "FlatList: removeLast on an empty list")
        count -= 1
    }

    /// Removes the element at `i`, keeping the order of the rest.
    func remove(at i: Int) {
        assert(i >= 0 && i < count, "FlatList: index \(i) outside 0..<\(count)")
        for k in i..<(count - 1) { base[k] = base[k + 1] }
        count -= 1
    }

    var footprintBytes: Int { capacity * MemoryLayout<Element>.stride }
}

extension FlatList where Element: Equatable {
    func firstIndex(of x: Element) -> Int? {
        for i in 0..<count where base[i] == x { return i }
        return nil
    }
}
