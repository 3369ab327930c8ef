/// A set of row ids with constant-time insertion, removal and membership, and no hashing: the members in an array
/// (in no particular but deterministic order) and each id's position in it.
struct RowSet: Sequence {
    private(set) var members: [Int] = []
    private var position: [Int32] = []

    var isEmpty: Bool { members.isEmpty }
    var count: Int { members.count }

    @inline(__always) func contains(_ i: Int) -> Bool { i < position.count && position[i] >= 0 }

    @inline(__always) mutating func insert(_ i: Int) {
        position.widen(to: i + 1, with: -1)
        if position[i] < 0 {
            position[i] = Int32(members.count)
            members.append(i)
        }
    }

    @inline(__always) mutating func remove(_ i: Int) {
        guard i < position.count else { return }
        let p = Int(position[i])
        if p < 0 { return }
        let last = members.removeLast()
        if last != i {
            members[p] = last
            position[last] = Int32(p)
        }
        position[i] = -1
    }

    func sorted() -> [Int] { members.sorted() }

    func makeIterator() -> IndexingIterator<[Int]> { members.makeIterator() }
}
