/// A list that one call fills and the next reuses: emptying it only sets its count to zero, and the elements stay
/// until overwritten.
///
/// The engine builds every new row, merged row and pivot row in such buffers. An `Array` emptied with
/// `removeAll(keepingCapacity:)` replaces a range generically and destroys each element, and for a tuple holding an
/// exact number that is a call into the runtime per element: on a 40,000-row chain those were a tenth of the build's
/// instructions. Here emptying costs nothing, and an append overwrites a slot in place.
///
/// The slots live in a `CellBuffer` the list refers to (made at the first append or `reserve`, none before: an empty
/// list costs no allocation), read and written without the uniqueness check an `Array` makes on every write: on a
/// small layout's exact build those checks were a twentieth of the instructions. The buffer's elements are the slots
/// used so far (the list's `count` is at most theirs). So a copy of a list shares its slots with the original: a list
/// is a buffer one operation owns at a time (the engine swaps its lists out and back), never a value two holders
/// change.
/// Indices are checked in debug builds only, as `CellBuffer` checks its own (a list is read by its own indices, in the
/// engine's loops over `0..<count`; the check in every read cost a 1,000-view chain's exact build 1.3 % of its
/// instructions).
/// - Complexity: append O(1) amortized, `removeAll()` O(1).
struct ScratchList<Element>: RandomAccessCollection, MutableCollection {
    private var slots: CellBuffer<Element>? = nil
    private(set) var count = 0

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    @inline(__always) subscript(i: Int) -> Element {
        get {
            assert(i >= 0 && i < count, "ScratchList: index \(i) outside 0..<\(count)")
            return slots.unsafelyUnwrapped.base[i]
        }
        nonmutating set {
            assert(i >= 0 && i < count, "ScratchList: index \(i) outside 0..<\(count)")
            slots.unsafelyUnwrapped.base[i] = newValue
        }
    }

    @inline(__always) mutating func append(_ element: Element) {
        if slots == nil { reserve(8) }
        slots.unsafelyUnwrapped.place(element, at: count)
        count += 1
    }

    /// Room for `n` elements without growing (the slots made now, where the first append would make them).
    mutating func reserve(_ n: Int) {
        if let s = slots { s.reserve(n) } else { slots = CellBuffer(capacity: n) }
    }

    /// Empties the list; its slots stay for the next call.
    @inline(__always) mutating func removeAll() { count = 0 }

    /// Calls `body` with the elements in place (an unchecked loop over many of them).
    @inline(__always) func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) -> R) -> R {
        body(UnsafeBufferPointer(start: slots?.base, count: count))
    }

    /// Drops the last `k` elements (their slots stay).
    @inline(__always) mutating func removeLast(_ k: Int) {
        precondition(k >= 0 && k <= count, "ScratchList: cannot drop \(k) of \(count) elements")
        count -= k
    }

    /// Sorts the elements by `key`, smallest first (an insertion sort for the few pieces of a layout's row, the
    /// standard library's otherwise).
    mutating func sort(by key: (Element) -> Int) {
        if count < 2 { return }
        let base = slots.unsafelyUnwrapped.base
        if count <= 16 {
            for i in 1..<count {
                var j = i
                while j > 0 && key(base[j - 1]) > key(base[j]) {
                    swap(&base[j - 1], &base[j])
                    j -= 1
                }
            }
        } else {
            var buffer = UnsafeMutableBufferPointer(start: base, count: count)
            buffer.sort { key($0) < key($1) }
        }
    }
}
