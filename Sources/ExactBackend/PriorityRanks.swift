import PlumbSystem

/// The level of each priority in a list: its rank among the distinct non-required priorities, highest first (0),
/// and -1 for required ones. The distinct priorities are found with a short list while there are few and a
/// dictionary beyond, so a list of many rows and few levels costs one pass.
func priorityRanks(_ priorities: [Priority]) -> (ranks: [Int], levelCount: Int) {
    var distinct: [Priority] = []
    var appearance: [Int] = []
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
    return (appearance.map { $0 < 0 ? -1 : rankOfIndex[$0] }, distinct.count)
}

extension Array {
    /// At least `n` elements, the new ones `filler`; grown by half at least, so that widening one slot at a time
    /// costs amortised constant time (and rarely calls in here at all).
    @inline(__always) mutating func widen(to n: Int, with filler: Element) {
        if count < n { append(contentsOf: repeatElement(filler, count: Swift.max(n, count + count / 2 + 16) - count)) }
    }
}
