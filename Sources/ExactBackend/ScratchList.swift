/// A list that one call fills and the next reuses: emptying it only sets its count to zero, and the elements stay
/// until overwritten.
///
/// The engine builds every new row, merged row and pivot row in such buffers. An `Array` emptied with
/// `removeAll(keepingCapacity:)` replaces a range generically and destroys each element, and for a tuple holding an
/// exact number that is a call into the runtime per element: on a 40,000-row chain those were a tenth of the build's
/// instructions. Here emptying costs nothing, and an append overwrites a slot in place.
/// - Complexity: append O(1) amortized, `removeAll()` O(1).
struct ScratchList<Element>: RandomAccessCollection, MutableCollection {
    private var slots: [Element] = []
    private(set) var count = 0

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    @inline(__always) subscript(i: Int) -> Element {
        get {
            precondition(i >= 0 && i < count, "ScratchList: index \(i) outside 0..<\(count)")
            return slots[i]
        }
        set {
            precondition(i >= 0 && i < count, "ScratchList: index \(i) outside 0..<\(count)")
            slots[i] = newValue
        }
    }

    @inline(__always) mutating func append(_ element: Element) {
        if count < slots.count { slots[count] = element } else { slots.append(element) }
        count += 1
    }

    /// Empties the list; its slots stay for the next call.
    @inline(__always) mutating func removeAll() { count = 0 }

    /// Calls `body` with the elements in place (an unchecked loop over many of them).
    @inline(__always) func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) -> R) -> R {
        slots.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<count])) }
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
        if count <= 16 {
            for i in 1..<count {
                var j = i
                while j > 0 && key(slots[j - 1]) > key(slots[j]) {
                    slots.swapAt(j - 1, j)
                    j -= 1
                }
            }
        } else {
            slots[0..<count].sort { key($0) < key($1) }
        }
    }
}
