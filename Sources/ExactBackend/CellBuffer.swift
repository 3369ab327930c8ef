/// The storage of `RowStore`'s cells and of the `ScratchList`s' slots: a growable run of elements behind a
/// reference, read and written in place without the uniqueness check and the room check an `Array` makes on every
/// write (appends check the room only).
///
/// A row's install appended its entries and room an element at a time into two arrays, each append a call to check
/// the array's uniqueness: a tenth of a 10,000-view chain's exact build. Here an append is a room check and a store.
///
/// A reference: a `RowStore` or a scratch list copied shares its elements. The engine never copies its store to change
/// the copy (the floating-point proposer's copy is made by `RowStore.map`, which copies the cells), and a scratch list
/// is lent to one operation at a time, so the sharing is never seen. Indices are checked in debug builds only.
/// - Complexity: append O(1) amortized (doubling, fourfold past a thousand elements: see `Array.reserveGrowing`).
final class CellBuffer<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int = 0) {
        self.capacity = capacity
        base = .allocate(capacity: Swift.max(1, capacity))
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    @inline(__always) subscript(i: Int) -> Element {
        get {
            assert(i >= 0 && i < count, "CellBuffer: index \(i) outside 0..<\(count)")
            return base[i]
        }
        set {
            assert(i >= 0 && i < count, "CellBuffer: index \(i) outside 0..<\(count)")
            base[i] = newValue
        }
    }

    @inline(__always) func append(_ element: Element) {
        if count == capacity { grow(toHold: count + 1) }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Puts `element` at `i` (at most `count`): over the element there, or appended.
    @inline(__always) func place(_ element: Element, at i: Int) {
        assert(i >= 0 && i <= count, "CellBuffer: place \(i) outside 0...\(count)")
        if i < count {
            base[i] = element
        } else {
            append(element)
        }
    }

    /// Room for `more` appends, grown as `Array.reserveGrowing` grows a table (fourfold past a thousand elements,
    /// doubling below).
    @inline(__always) func reserveGrowing(_ more: Int) {
        if count + more > capacity { grow(toHold: count + more) }
    }

    /// Room for `more` appends and an eighth more (a batch about to go in, sized once).
    func ensureRoom(for more: Int) {
        let needed = count + more
        if needed > capacity { resize(to: needed + needed / 8) }
    }

    /// Room for `n` elements in all.
    func reserve(_ n: Int) {
        if n > capacity { resize(to: n) }
    }

    private func grow(toHold needed: Int) {
        resize(to: needed > 1024 ? 4 * needed : Swift.max(needed, 2 * capacity, 8))
    }

    private func resize(to newCapacity: Int) {
        let fresh = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        fresh.moveInitialize(from: base, count: count)
        base.deallocate()
        base = fresh
        capacity = newCapacity
    }

    /// A buffer of `transform` of each element (room for them alone).
    func map<U>(_ transform: (Element) -> U) -> CellBuffer<U> {
        let copy = CellBuffer<U>(capacity: count)
        for k in 0..<count { copy.append(transform(base[k])) }
        return copy
    }
}
