import PlumbSystem

/// A row's place in the lexicographic objective: required (a hard row, in no level), or the level of a soft row,
/// its priority's rank among the distinct priorities below 1000, highest first (level 0). Required orders before
/// every level. One integer inside, so that arrays of levels stay flat.
struct RowLevel: Hashable, Comparable {
    /// The rank, or -1 for required: never seen outside this type.
    private let code: Int

    static let required = RowLevel(code: -1)
    static func soft(_ rank: Int) -> RowLevel {
        assert(rank >= 0, "a level is a rank, from 0")
        return RowLevel(code: rank)
    }

    /// The level's rank (0 the highest priority below 1000); nil for a required row.
    var rank: Int? { code >= 0 ? code : nil }
    var isRequired: Bool { code < 0 }

    static func < (a: RowLevel, b: RowLevel) -> Bool { a.code < b.code }
}

/// The level of each priority in a list (see `RowLevel`), and the distinct priorities below 1000, highest first
/// (level k's is `ranked[k]`). The distinct priorities are found with a short list while there are few and a
/// dictionary beyond, so a list of many rows and few levels costs one pass.
func priorityRanks(_ priorities: [Priority]) -> (ranks: [RowLevel], levelCount: Int, ranked: [Priority]) {
    var distinct: [Priority] = []
    var appearance: [Int] = []   // index into `distinct`, or -1 for a required priority (local to this pass)
    appearance.reserveCapacity(priorities.count)
    var indexOf: [Priority: Int] = [:]
    for p in priorities {
        if p.isRequired { appearance.append(-1); continue }
        if distinct.count <= 16 {
            if let k = distinct.firstIndex(of: p) { appearance.append(k); continue }
            if distinct.count == 16 { for (k, q) in distinct.enumerated() { indexOf[q] = k } }
        } else if let k = indexOf[p] {
            appearance.append(k)
            continue
        }
        if distinct.count >= 16 { indexOf[p] = distinct.count }
        appearance.append(distinct.count)
        distinct.append(p)
    }
    let byPriority = distinct.indices.sorted { distinct[$0] > distinct[$1] }
    var rankOfIndex = [Int](repeating: 0, count: distinct.count)
    for (rank, k) in byPriority.enumerated() { rankOfIndex[k] = rank }
    return (appearance.map { $0 < 0 ? .required : .soft(rankOfIndex[$0]) }, distinct.count, byPriority.map { distinct[$0] })
}

extension Array {
    /// Room for `more` appends: a large table (a thousand elements and up) grows to four times what it needs, not
    /// twice, so that its copies on the way touch a third of its final size instead of all of it. The room beyond
    /// what is written is never touched, so it costs address space, not memory; the copies' fresh pages were most
    /// of a 10,000-view chain's page faults, a third of its exact build.
    @inline(__always) mutating func reserveGrowing(_ more: Int = 1) {
        // (a small one is left to the append's own doubling: looking at its capacity cost a small layout more)
        let needed = count + more
        if needed > 1024 && needed > capacity { reserveCapacity(4 * needed) }
    }

    /// Room for `more` appends: when the capacity falls short, the array is sized for them and an eighth more (a
    /// batch about to go in, sized once). - Complexity: O(1) with room, else a copy.
    @inline(__always) mutating func ensureRoom(for more: Int) {
        let needed = count + more
        if needed > capacity { reserveCapacity(needed + needed / 8) }
    }

    /// At least `n` elements, the new ones `filler`; grown by half at least, so that widening one slot at a time
    /// costs amortised constant time (and rarely calls in here at all).
    @inline(__always) mutating func widen(to n: Int, with filler: Element) {
        guard count < n else { return }
        let target = Swift.max(n, count + count / 2 + 16)
        reserveGrowing(target - count)
        append(contentsOf: repeatElement(filler, count: target - count))
    }
}
