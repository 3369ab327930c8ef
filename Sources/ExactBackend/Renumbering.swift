/// Old ids to new ones after a compaction (`SimplexEngine.compactColumns()`): the ids kept, numbered from 0 in their
/// old order, so that every tie broken by the smaller id is broken as before and sorted lists stay sorted.
struct Renumbering {
    /// By old id: whether it is kept, and how many kept ids come before it (its new id, when kept).
    private let isKept: [Bool]
    private let rank: [Int32]
    /// Ids kept.
    let count: Int

    /// Keeps the ids `keep` marks, in order. - Complexity: O(ids).
    init(keeping keep: [Bool]) {
        precondition(keep.count <= Int(Int32.max), "Renumbering: more ids than 32 bits number")
        var rank = [Int32](repeating: 0, count: keep.count)
        var n: Int32 = 0
        for id in keep.indices {
            rank[id] = n
            if keep[id] { n += 1 }
        }
        isKept = keep
        self.rank = rank
        count = Int(n)
    }

    /// Whether `old` (any id, even one beyond those renumbered) is kept.
    @inline(__always) func keeps(_ old: Int) -> Bool { old < isKept.count && isKept[old] }

    /// The new id of `old`, nil when it is not kept.
    @inline(__always) subscript(old: Int) -> Int? { isKept[old] ? Int(rank[old]) : nil }

    /// The new id of `old`, which the caller knows is kept (a live origin's column, a live row's basic column).
    @inline(__always) func kept(_ old: Int) -> Int {
        precondition(isKept[old], "Renumbering: id \(old) was dropped")
        return Int(rank[old])
    }
}

extension MutableCollection where Element == Int, Index == Int {
    /// Renumbers the ids listed by `map` in place, the kept ones moved to the front in order; returns how many were
    /// kept (the caller drops the rest). - Complexity: O(count).
    mutating func renumberKeepingFront(_ map: Renumbering) -> Int {
        var n = startIndex
        for k in indices {
            guard let new = map[self[k]] else { continue }
            self[n] = new
            n += 1
        }
        return n - startIndex
    }
}

extension Array where Element == Int {
    /// Renumbers the ids listed by `map`, dropping those it does not keep, in order, in place.
    /// - Complexity: O(count).
    mutating func renumber(_ map: Renumbering) { removeLast(count - renumberKeepingFront(map)) }
}

extension ScratchList where Element == Int {
    /// Renumbers the ids listed by `map`, dropping those it does not keep, in order, in place.
    /// - Complexity: O(count).
    mutating func renumber(_ map: Renumbering) { removeLast(count - renumberKeepingFront(map)) }
}

extension Array {
    /// Keeps the elements whose index `isKept` accepts, in order, in place: the capacity stays for what comes next.
    /// - Complexity: O(count).
    mutating func keep(where isKept: (Int) -> Bool) {
        var n = 0
        for i in indices where isKept(i) {
            if i != n { swapAt(n, i) }
            n += 1
        }
        removeLast(count - n)
    }
}
