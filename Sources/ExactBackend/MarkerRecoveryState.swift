import PlumbInvariants
import PlumbSystem

/// Where an origin's row stands in a marker recovery walk.
enum RecoveryRowState: UInt8 {
    case untouched
    /// Waiting to be processed.
    case open
    /// Closed through a variable: never touched again.
    case closed
}

/// The marker recovery's column-to-origins index (built on first need, kept by `recordTerms` and `forgetTerms`, dropped
/// when the term store is packed, the engine compacted or rebuilt) and its scratch, which is left untouched between
/// walks so that a walk costs what it touches.
struct MarkerRecoveryState<T: SimplexScalar> {
    private(set) var isIndexed = false
    /// Per column: its latest index entry (nil: none), and how many entries it has (live origins only: a removed
    /// origin's entries are unlinked).
    private(set) var head: [Int32?] = []
    private(set) var useCount: [Int] = []
    /// Per index entry: the origin, the term (in the engine's term store), the column's previous (older) entry and
    /// its next (newer) one (nil: none). An unlinked entry's slot stays until the index is dropped.
    private(set) var entryOrigin: [Int32] = []
    private(set) var entryTerm: [Int32] = []
    private(set) var next: [Int32?] = []
    private var newer: [Int32?] = []
    /// Per term of the engine's term store: its index entry (nil: not indexed, or unlinked).
    private var entryOfTerm: [Int32?] = []
    var liveTerms = 0
    var deadTerms = 0
    /// Rows the walks processed so far (tests pin a removal's work with it), and how many recoveries needed the
    /// region solve.
    var rowsWalked = 0
    var regionSolves = 0

    // Scratch of one walk.
    var residual: [T] = []
    var rowState: [RecoveryRowState] = []
    var used: [Bool] = []
    var pending: [Int] = []
    private var touchedRows: [Int] = []
    private var isTouched: [Bool] = []
    private var usedColumns: [Int] = []

    /// Indexes every live origin's recorded terms, in origin order (as `index(term:column:origin:)` one by one would).
    /// - Complexity: O(columns + terms), in place in buffers sized once (an append per field and term cost a
    ///   10,000-view app layout's first marker recovery 59 M instructions, 370 a term).
    mutating func buildIndex(termColumn: [Int], origins: [SimplexEngine<T>.Origin], columns: Int) {
        dropIndex()
        // (the origins read in place: a copy of each, its constant and cost columns retained, cost as much as the rest)
        var entries = 0
        origins.withUnsafeBufferPointer { os in for k in os.indices where os[k].alive { entries += os[k].termCount } }
        // (with a quarter more room: the terms of the rows the next changes add are indexed one by one, and arrays of
        // exactly this size were each copied by the first of them)
        let columnRoom = columns + columns / 4 + 16, termRoom = termColumn.count + termColumn.count / 4 + 16
        let entryRoom = entries + entries / 4 + 16
        head.append(contentsOf: repeatElement(nil, count: columnRoom))
        useCount.append(contentsOf: repeatElement(0, count: columnRoom))
        entryOfTerm.reserveCapacity(termRoom)
        entryOfTerm.append(contentsOf: repeatElement(nil, count: termColumn.count))
        entryOrigin.reserveCapacity(entryRoom)
        entryTerm.reserveCapacity(entryRoom)
        next.reserveCapacity(entryRoom)
        newer.reserveCapacity(entryRoom)
        entryOrigin.append(contentsOf: repeatElement(0, count: entries))
        entryTerm.append(contentsOf: repeatElement(0, count: entries))
        next.append(contentsOf: repeatElement(nil, count: entries))
        newer.append(contentsOf: repeatElement(nil, count: entries))
        isIndexed = true
        var e = 0
        head.withUnsafeMutableBufferPointer { head in
        useCount.withUnsafeMutableBufferPointer { useCount in
        entryOfTerm.withUnsafeMutableBufferPointer { entryOfTerm in
        entryOrigin.withUnsafeMutableBufferPointer { entryOrigin in
        entryTerm.withUnsafeMutableBufferPointer { entryTerm in
        next.withUnsafeMutableBufferPointer { next in
        newer.withUnsafeMutableBufferPointer { newer in
        origins.withUnsafeBufferPointer { os in
            for k in os.indices where os[k].alive {
                for p in os[k].termStart ..< os[k].termStart + os[k].termCount {
                    let c = termColumn[p], entry = Int32(e)
                    entryOrigin[e] = Int32(k)
                    entryTerm[e] = Int32(p)
                    next[e] = head[c]
                    if let older = head[c] { newer[Int(older)] = entry }
                    head[c] = entry
                    useCount[c] += 1
                    entryOfTerm[p] = entry
                    e += 1
                }
            }
        }}}}}}}}
    }

    /// Empties the index (the arrays keep their capacity, for the next `buildIndex`).
    mutating func dropIndex() {
        isIndexed = false
        head.removeAll(keepingCapacity: true)
        useCount.removeAll(keepingCapacity: true)
        entryOrigin.removeAll(keepingCapacity: true)
        entryTerm.removeAll(keepingCapacity: true)
        next.removeAll(keepingCapacity: true)
        newer.removeAll(keepingCapacity: true)
        entryOfTerm.removeAll(keepingCapacity: true)
    }

    /// Empties the index and the scratch (all at rest between walks), for the engine's compaction, which renumbers
    /// what they are indexed by: both are made again when next needed. The counters stay.
    mutating func dropIndexAndScratch() {
        dropIndex()
        residual.removeAll(keepingCapacity: true)
        rowState.removeAll(keepingCapacity: true)
        used.removeAll(keepingCapacity: true)
        isTouched.removeAll(keepingCapacity: true)
    }

    mutating func index(term p: Int, column c: Int, origin: Int) {
        if c >= head.count {
            head.widen(to: c + 1, with: nil)
            useCount.widen(to: c + 1, with: 0)
        }
        let e = Int32(entryOrigin.count)
        entryOrigin.append(Int32(origin))
        entryTerm.append(Int32(p))
        next.append(head[c])
        newer.append(nil)
        if let older = head[c] { newer[Int(older)] = e }
        head[c] = e
        useCount[c] += 1
        if p >= entryOfTerm.count { entryOfTerm.widen(to: p + 1, with: nil) }
        entryOfTerm[p] = e
    }

    /// Unlinks term `p` (of column `c`, indexed) from its column's entries. - Complexity: O(1).
    mutating func unindex(term p: Int, column c: Int) {
        guard p < entryOfTerm.count, let e = entryOfTerm[p].map(Int.init) else {
            preconditionFailure("MarkerRecoveryState: term \(p) is not indexed")
        }
        entryOfTerm[p] = nil
        if let n = newer[e] { next[Int(n)] = next[e] } else { head[c] = next[e] }
        if let o = next[e] { newer[Int(o)] = newer[e] }
        next[e] = nil
        newer[e] = nil
        useCount[c] -= 1
    }

    /// The index's part of the engine's invariant check: each column's entries, both ways linked, name exactly the
    /// live origins' terms of that column, as many as `useCount` says; every live term is indexed once.
    func checkIndex(termColumn: [Int], origins: [SimplexEngine<T>.Origin], into report: inout InvariantReport) {
        guard isIndexed else { return }
        var walked = 0
        for c in head.indices {
            var count = 0, later: Int32? = nil, entry = head[c]
            while let e = entry.map(Int.init), count <= entryOrigin.count {
                let k = Int(entryOrigin[e]), p = Int(entryTerm[e])
                if newer[e] != later { report.fail("SimplexEngine", "column \(c)'s index entry \(e) is linked one way only") }
                if k >= origins.count || !origins[k].alive || p < origins[k].termStart
                    || p >= origins[k].termStart + origins[k].termCount || termColumn[p] != c
                    || p >= entryOfTerm.count || entryOfTerm[p] != Int32(e) {
                    report.fail("SimplexEngine", "column \(c)'s index entry \(e) is not a live term of the column")
                }
                count += 1
                later = Int32(e)
                entry = next[e]
            }
            if count != useCount[c] { report.fail("SimplexEngine", "column \(c) has \(count) index entries, counts \(useCount[c])") }
            walked += count
        }
        if walked != liveTerms { report.fail("SimplexEngine", "the index has \(walked) entries for \(liveTerms) live terms") }
    }

    mutating func prepare(origins: Int, columns: Int) {
        // (a quarter more room than asked: sized exactly, the arrays were all grown again, each copied, by the first
        // walk after a change had added a row, 3.3 M instructions on a 10,000-view layout)
        if residual.count < origins {
            let room = origins + origins / 4 + 16
            residual.widen(to: room, with: .zero)
            rowState.widen(to: room, with: .untouched)
            isTouched.widen(to: room, with: false)
        }
        if used.count < columns { used.widen(to: columns + columns / 4 + 16, with: false) }
        if head.count < columns {
            let room = columns + columns / 4 + 16
            head.widen(to: room, with: nil)
            useCount.widen(to: room, with: 0)
        }
    }

    mutating func setResidual(_ i: Int, _ value: T) {
        if !isTouched[i] {
            isTouched[i] = true
            touchedRows.append(i)
        }
        residual[i] = value
    }

    mutating func open(_ i: Int) {
        rowState[i] = .open
        pending.append(i)
    }

    mutating func markUsed(_ c: Int) {
        used[c] = true
        usedColumns.append(c)
    }

    /// Whether a live origin other than `i` that names column `c` is closed.
    func touchesClosedRow(_ c: Int, besides i: Int, origins: [SimplexEngine<T>.Origin]) -> Bool {
        uses(of: c).contains { j, _ in j != i && rowState[j] == .closed && origins[j].alive }
    }

    /// The (origin, term) pairs that name column `c`, newest first (live origins only).
    /// (The walk holds the index's arrays only, never the scratch, which its caller writes as it goes.)
    func uses(of c: Int) -> ColumnUses {
        ColumnUses(origin: entryOrigin, term: entryTerm, previous: next, entry: c < head.count ? head[c] : nil)
    }

    /// The walk along one column's index entries.
    struct ColumnUses: Sequence, IteratorProtocol {
        let origin: [Int32]
        let term: [Int32]
        let previous: [Int32?]
        var entry: Int32?

        mutating func next() -> (origin: Int, term: Int)? {
            guard let e = entry.map(Int.init) else { return nil }
            entry = previous[e]
            return (Int(origin[e]), Int(term[e]))
        }
    }

    /// Leaves the scratch as it was before the walk.
    mutating func finish() {
        for i in touchedRows {
            residual[i] = .zero
            rowState[i] = .untouched
            isTouched[i] = false
        }
        for i in pending { rowState[i] = .untouched }
        for c in usedColumns { used[c] = false }
        touchedRows.removeAll(keepingCapacity: true)
        usedColumns.removeAll(keepingCapacity: true)
        pending.removeAll(keepingCapacity: true)
    }
}
