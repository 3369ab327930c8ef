/// An array kept in chunks of 4,096 elements: appending never moves the elements already there, so a large table of
/// large elements grows without the copies and the second round of fresh pages that an array's doubling costs.
struct ChunkedArray<Element> {
    private var chunks: [[Element]] = []
    private(set) var count = 0

    private static var shift: Int { 12 }
    private static var mask: Int { (1 << shift) - 1 }
    private static var firstRoom: Int { 64 }

    var indices: Range<Int> { 0..<count }

    subscript(i: Int) -> Element {
        get { chunks[i >> Self.shift][i & Self.mask] }
        set { chunks[i >> Self.shift][i & Self.mask] = newValue }
    }

    /// - Complexity: O(1) amortized; the first chunk starts with room for 64 elements and is made whole when they
    /// are there (a small table's first element reserved a whole chunk, half a megabyte of large elements, for a
    /// layout of twenty), every later one is made whole at once.
    mutating func append(_ element: __owned Element) {
        if count & Self.mask == 0 && chunks.count <= count >> Self.shift {
            var chunk: [Element] = []
            chunk.reserveCapacity(count == 0 ? Self.firstRoom : 1 << Self.shift)
            chunks.append(chunk)
        } else if count == Self.firstRoom {
            chunks[0].reserveCapacity(1 << Self.shift)
        }
        chunks[chunks.count - 1].append(element)
        count += 1
    }

    /// Room for `n` elements in the first chunk (at most a chunk's), when there is no element yet.
    mutating func reserve(_ n: Int) {
        guard count == 0 && chunks.isEmpty else { return }
        var chunk: [Element] = []
        chunk.reserveCapacity(Swift.min(Swift.max(n, Self.firstRoom), 1 << Self.shift))
        chunks.append(chunk)
    }

    /// `body` changing element i in place (no copy of it).
    mutating func modify<R>(_ i: Int, _ body: (inout Element) -> R) -> R {
        body(&chunks[i >> Self.shift][i & Self.mask])
    }

    /// `body` applied to element i in place (no copy of it).
    func withElement<R, E: Error>(_ i: Int, _ body: (borrowing Element) throws(E) -> R) throws(E) -> R {
        try chunks.withUnsafeBufferPointer { (outer) throws(E) -> R in
            try outer[i >> Self.shift].withUnsafeBufferPointer { (p) throws(E) -> R in try body(p[i & Self.mask]) }
        }
    }
}
