import HeapModule
import PlumbInvariants

/// The symbols the primal simplex may let enter: every parametric symbol whose objective coefficients changed since
/// it was last found not improving. An unordered list with a membership flag per symbol; the entering rule scans the
/// list (see `Tableau.optimize()`), so its order decides nothing.
struct EnteringCandidates {
    private let isMember = FlatList<Bool>()
    private(set) var list: [Int32] = []

    var count: Int { list.count }
    var isEmpty: Bool { list.isEmpty }
    @inline(__always) subscript(k: Int) -> Int32 { list[k] }

    /// Empty, for no symbols, the storage kept.
    mutating func removeAllSymbols() {
        isMember.removeAll()
        list.removeAllKeepingCapacity()
    }

    @inline(__always) mutating func appendSymbol() { isMember.append(false) }

    mutating func reserve(symbols n: Int) {
        isMember.reserve(n)
        list.reserveCapacity(16)
    }

    @inline(__always) func contains(_ s: Int32) -> Bool { isMember[Int(s)] }

    @inline(__always) mutating func insert(_ s: Int32) {
        isMember[Int(s)] = true
        list.append(s)
    }

    /// Removes the candidate at list position `k` (the last one takes its place).
    @inline(__always) mutating func remove(at k: Int) {
        isMember[Int(list[k])] = false
        list[k] = list[list.count - 1]
        list.removeLast()
    }

    mutating func removeAll() {
        for s in list where Int(s) < isMember.count { isMember[Int(s)] = false }
        list.removeAllKeepingCapacity()
    }

    mutating func truncate(toSymbols n: Int) {
        if isMember.count > n { isMember.removeLast(isMember.count - n) }
        list = list.filter { Int($0) < n }
    }

    /// The candidates the renumbering keeps, at their new ids, in the same list order.
    mutating func renumber(_ map: SymbolRenumbering) {
        let kept = list.compactMap { map[$0] }
        removeAllSymbols()
        isMember.append(false, times: map.count)
        for s in kept { insert(s) }
    }

    var footprintBytes: Int { isMember.footprintBytes + bufferBytes(list) }

    func checkInvariants(symbolCount n: Int, into report: inout InvariantReport) {
        report.expect(isMember.count == n, "EnteringCandidates", "\(isMember.count) flags for \(n) symbols")
        guard report.isEmpty else { return }
        var listed = [Bool](repeating: false, count: n)
        for s in list {
            guard s >= 0 && Int(s) < n else { report.fail("EnteringCandidates", "\(s) is listed, not a symbol"); continue }
            report.expect(isMember[Int(s)], "EnteringCandidates", "\(s) is listed but not flagged")
            report.expect(!listed[Int(s)], "EnteringCandidates", "\(s) is listed twice")
            listed[Int(s)] = true
        }
        for s in 0..<n where isMember[s] && !listed[s] {
            report.fail("EnteringCandidates", "\(s) is flagged but not listed")
        }
    }
}

/// Basic symbols whose rows the dual simplex must repair (a restricted value below 0, or a dummy off 0): a heap
/// (swift-collections' `Heap`) of symbol ids, so rows are repaired in id order whatever order they were found in,
/// with a flag per symbol so that each is queued once.
struct InfeasibleQueue {
    private let isQueued = FlatList<Bool>()
    private(set) var heap = Heap<Int32>()

    var isEmpty: Bool { heap.isEmpty }

    /// Empty, for no symbols, the storage kept.
    mutating func removeAllSymbols() {
        isQueued.removeAll()
        heap.removeAll(where: { _ in true })
    }

    @inline(__always) mutating func appendSymbol() { isQueued.append(false) }

    mutating func reserve(symbols n: Int) {
        isQueued.reserve(n)
        heap.reserveCapacity(16)
    }

    /// Queues `b` unless it is queued already.
    /// - Complexity: O(log q) for q queued symbols.
    mutating func push(_ b: Int32) {
        if isQueued[Int(b)] { return }
        isQueued[Int(b)] = true
        heap.insert(b)
    }

    /// The smallest queued id, no longer queued; nil when empty.
    /// - Complexity: O(log q).
    mutating func popMin() -> Int32? {
        guard let top = heap.popMin() else { return nil }
        isQueued[Int(top)] = false
        return top
    }

    mutating func removeAll() {
        for s in heap.unordered where Int(s) < isQueued.count { isQueued[Int(s)] = false }
        heap.removeAll(where: { _ in true })
    }

    mutating func truncate(toSymbols n: Int) {
        if isQueued.count > n { isQueued.removeLast(isQueued.count - n) }
        heap.removeAll(where: { Int($0) >= n })
    }

    /// The queued symbols the renumbering keeps, at their new ids.
    mutating func renumber(_ map: SymbolRenumbering) {
        let kept = heap.unordered.compactMap { map[$0] }
        removeAllSymbols()
        isQueued.append(false, times: map.count)
        for s in kept { push(s) }
    }

    var footprintBytes: Int { isQueued.footprintBytes + bufferBytes(heap.unordered) }

    func checkInvariants(symbolCount n: Int, into report: inout InvariantReport) {
        report.expect(isQueued.count == n, "InfeasibleQueue", "\(isQueued.count) flags for \(n) symbols")
        guard report.isEmpty else { return }
        for s in heap.unordered {
            report.expect(Int(s) < n && isQueued[Int(s)], "InfeasibleQueue", "\(s) is in the heap but not flagged")
        }
        var flagged = 0
        for s in 0..<isQueued.count where isQueued[s] { flagged += 1 }
        report.expect(flagged == heap.count, "InfeasibleQueue", "\(flagged) symbols flagged, \(heap.count) in the heap")
    }
}
