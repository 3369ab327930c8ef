import PlumbInvariants

/// For each layout variable, the records in the tableau whose terms name it: doubly linked lists threaded through
/// the term positions (`termVars` of the solver), so that linking or unlinking a record costs its term count and
/// nothing is allocated per record beyond three integers per term.
///
/// The index is built on first use (the first removal or constant change that needs a marker column recovered;
/// see `CassowarySolver+MarkerRecovery.swift`) and kept up to date from then on: a solver that only builds and
/// solves never pays for it.
struct VariableUseIndex {
    /// The end of a list (storage only).
    private static let end: Int32 = -1

    private var head: [Int32] = []
    private var next: [Int32] = []
    private var previous: [Int32] = []
    /// The record (slot) of each term position.
    private var owner: [Int32] = []

    /// Whether the index has been built (until then every call but `build` is a no-op for the caller to skip).
    private(set) var isBuilt = false

    /// Not built (the next marker recovery builds it again), the storage kept.
    mutating func removeAll() {
        head.removeAllKeepingCapacity()
        next.removeAllKeepingCapacity()
        previous.removeAllKeepingCapacity()
        owner.removeAllKeepingCapacity()
        isBuilt = false
    }

    /// Builds the index from `inTableau` records, each given as (slot, first term position, term count).
    /// - Complexity: O(terms + variables).
    mutating func build(variables: FlatList<Int32>, terms: Int, records inTableau: [(slot: Int, start: Int, count: Int)]) {
        head = [Int32](repeating: Self.end, count: 0)
        next = [Int32](repeating: Self.end, count: terms)
        previous = [Int32](repeating: Self.end, count: terms)
        owner = [Int32](repeating: Self.end, count: terms)
        isBuilt = true
        for r in inTableau { link(slot: r.slot, start: r.start, count: r.count, variables: variables) }
    }

    /// Puts record `slot` (terms `start..<start+count` of `variables`) into the lists of its variables.
    /// - Complexity: O(count), amortized.
    mutating func link(slot: Int, start: Int, count: Int, variables: FlatList<Int32>) {
        if next.count < start + count {
            grow(&next, toInclude: start + count - 1, with: Self.end)
            grow(&previous, toInclude: start + count - 1, with: Self.end)
            grow(&owner, toInclude: start + count - 1, with: Self.end)
        }
        for p in start..<(start + count) {
            let v = Int(variables[p])
            if v >= head.count { grow(&head, toInclude: v, with: Self.end) }
            let first = head[v]
            next[p] = first
            previous[p] = Self.end
            if first != Self.end { previous[Int(first)] = Int32(p) }
            head[v] = Int32(p)
            owner[p] = Int32(slot)
        }
    }

    /// Takes record `slot`'s terms out of the lists.
    /// - Complexity: O(count).
    mutating func unlink(start: Int, count: Int, variables: FlatList<Int32>) {
        for p in start..<(start + count) {
            let v = Int(variables[p])
            let n = next[p], q = previous[p]
            if q != Self.end { next[Int(q)] = n } else { head[v] = n }
            if n != Self.end { previous[Int(n)] = q }
            next[p] = Self.end
            previous[p] = Self.end
            owner[p] = Self.end
        }
    }

    /// The first term position naming `v`, nil if none; walk on with `position(after:)`.
    @inline(__always) func firstPosition(of v: Int) -> Int? {
        guard v < head.count, head[v] != Self.end else { return nil }
        return Int(head[v])
    }

    @inline(__always) func position(after p: Int) -> Int? {
        let n = next[p]
        return n == Self.end ? nil : Int(n)
    }

    /// The record holding term position `p` (which must be linked).
    @inline(__always) func record(at p: Int) -> Int { Int(owner[p]) }

    /// Bytes of the index's buffers.
    var footprintBytes: Int { bufferBytes(head) + bufferBytes(next) + bufferBytes(previous) + bufferBytes(owner) }

    /// Every linked term position is listed exactly under its variable and owned by a record; `expected` (slot,
    /// start, count) are the records that must be linked.
    func checkInvariants(variables: FlatList<Int32>, expected: [(slot: Int, start: Int, count: Int)],
                         into report: inout InvariantReport) {
        guard isBuilt else { return }
        var linked = [Bool](repeating: false, count: next.count)
        for v in head.indices {
            var p = head[v], before = Self.end
            var steps = 0
            while p != Self.end {
                steps += 1
                if steps > next.count { report.fail("VariableUseIndex", "the list of variable \(v) loops"); return }
                let i = Int(p)
                report.expect(Int(variables[i]) == v, "VariableUseIndex",
                              "term \(i) names variable \(variables[i]) but is listed under \(v)")
                report.expect(previous[i] == before, "VariableUseIndex", "term \(i)'s back link is wrong")
                linked[i] = true
                before = p
                p = next[i]
            }
        }
        for r in expected {
            for p in r.start..<(r.start + r.count) {
                report.expect(p < linked.count && linked[p] && owner[p] == Int32(r.slot), "VariableUseIndex",
                              "term \(p) of record \(r.slot) is not linked to it")
                if p < linked.count { linked[p] = false }
            }
        }
        if let p = linked.firstIndex(of: true) {
            report.fail("VariableUseIndex", "term \(p) is linked, but its record is not in the tableau")
        }
    }
}
