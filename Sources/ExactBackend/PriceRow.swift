/// A row of reduced costs over all columns, kept sparse: per column only where its entry is (4 bytes), and the values
/// and flags of the columns touched since the last reset, in the order first touched. Reading a column costs a
/// look-up, and reading, clearing and widening cost the touched columns and 4 bytes a column, not an exact number and
/// three flags a column. Reused across iterations.
///
/// (Dense values were a third of the fresh pages of a 1,000-view app layout's build: a row per priority level, each
/// as wide as the tableau, most of it zero.)
struct PriceRow<T: SimplexScalar> {
    /// Storage only: a column without an entry, whose value is 0.
    private static var absent: Int32 { -1 }

    /// What an entry's column is to the row besides its value.
    struct EntryFlags {
        /// Listed in `candidates`.
        var isCandidate = false
        /// Listed in `changed`.
        var isChanged = false
    }

    /// Per column, its entry's index in `touched`, `values` and `flags` (`absent`: none, the value is 0).
    private var slot: [Int32] = []
    /// Columns with an entry (a possibly nonzero value), each once, in the order first touched. (Swapped out and back
    /// by `SimplexEngine.fixCostly(listedBy:)`, which reads the row meanwhile but does not change it.)
    var touched: [Int] = []
    /// The entries' values and flags, in the order of `touched`.
    private var values: [T] = []
    private var flags: [EntryFlags] = []
    /// Columns that may be improving: every column whose value changed since it was last found not improving
    /// (the pricing scans only these). Each has an entry.
    var candidates: [Int] = []
    /// Whether the row logs its changes: a level's kept row does (`SimplexEngine.optimizeLevels()` re-examines only
    /// the columns whose reduced cost changed since the level's last optimum); a scratch row does not.
    let tracksChanges: Bool
    /// The columns whose value changed since `clearChanges()`, each once (with `tracksChanges`). Each has an entry.
    var changed: [Int] = []

    init(tracksChanges: Bool = false) {
        self.tracksChanges = tracksChanges
    }

    /// An empty row with room for `entries` entries before any list grows (`reserve(entries:)`).
    init(tracksChanges: Bool, reserving entries: Int) {
        self.tracksChanges = tracksChanges
        reserve(entries: entries)
    }

    /// Room for `entries` entries, candidates and logged changes without growing: a row grown from empty an entry at
    /// a time reallocates each of its lists at every doubling (a small layout's level rows: a fifth of its solve's
    /// allocations). - Complexity: O(entries) when the room is not there.
    mutating func reserve(entries: Int) {
        touched.reserveCapacity(entries)
        values.reserveCapacity(entries)
        flags.reserveCapacity(entries)
        candidates.reserveCapacity(entries)
        if tracksChanges { changed.reserveCapacity(entries) }
    }

    /// The columns the row is wide enough for (reading beyond is an error).
    @inline(__always) var width: Int { slot.count }

    /// All zero, at least `columns` wide. - Complexity: O(touched columns), plus the widening.
    mutating func reset(columns: Int) {
        // (emptying an array costs a call even when it is empty: a row only summed keeps no candidates)
        if !touched.isEmpty {
            for j in touched { slot[j] = Self.absent }
            touched.removeAll(keepingCapacity: true)
            values.removeAll(keepingCapacity: true)
            flags.removeAll(keepingCapacity: true)
        }
        if !candidates.isEmpty { candidates.removeAll(keepingCapacity: true) }
        if !changed.isEmpty { changed.removeAll(keepingCapacity: true) }
        widen(columns: columns)
    }

    /// Forgets the logged changes. - Complexity: O(changes logged).
    mutating func clearChanges() {
        if changed.isEmpty { return }
        for j in changed { flags[Int(slot[j])].isChanged = false }
        changed.removeAll(keepingCapacity: true)
    }

    /// Logs a change of column `j`, whose entry is `k`.
    @inline(__always) private mutating func logChange(_ j: Int, entry k: Int) {
        if tracksChanges && !flags[k].isChanged {
            flags[k].isChanged = true
            changed.append(j)
        }
    }

    /// At least `columns` wide (new columns are zero). A wide row widened from empty gets a quarter more room: the
    /// columns the next change adds (a first suggestion's edit rows, a view added back) would otherwise copy the
    /// whole row, in every level, at the first of them.
    mutating func widen(columns: Int) {
        if slot.count < columns {
            slot.widen(to: slot.isEmpty && columns >= 256 ? columns + columns / 4 + 16 : columns, with: Self.absent)
        }
    }

    /// Renumbers the row's columns by `map`, in place: the dropped columns' entries go, the kept ones, the candidates
    /// and the logged changes stay in their order. - Complexity: O(width).
    mutating func renumber(_ map: Renumbering) {
        var n = 0
        for k in touched.indices {
            guard let new = map[touched[k]] else { continue }
            touched[n] = new
            if k != n {
                values.swapAt(n, k)
                flags.swapAt(n, k)
            }
            n += 1
        }
        touched.removeLast(touched.count - n)
        values.removeLast(values.count - n)
        flags.removeLast(flags.count - n)
        slot.keep(where: map.keeps)
        for k in touched.indices { slot[touched[k]] = Int32(k) }
        candidates.renumber(map)
        changed.renumber(map)
    }

    /// Whether column `j` is listed in `candidates`.
    @inline(__always) func isCandidate(_ j: Int) -> Bool {
        let k = slot[j]
        return k >= 0 && flags[Int(k)].isCandidate
    }

    /// Whether column `j` is listed in `changed`.
    @inline(__always) func isChanged(_ j: Int) -> Bool {
        let k = slot[j]
        return k >= 0 && flags[Int(k)].isChanged
    }

    /// Calls `body` with the row's change log read in place: `ChangeLog.contains(j)` is `isChanged(j)` without a
    /// bounds check or a copy (a level's released fixings test thousands of columns at a time).
    func withChangeLog<R>(_ body: (ChangeLog) -> R) -> R {
        slot.withUnsafeBufferPointer { s in flags.withUnsafeBufferPointer { f in body(ChangeLog(slot: s, flags: f)) } }
    }

    /// A price row's logged changes, read in place (only within `withChangeLog`).
    struct ChangeLog {
        let slot: UnsafeBufferPointer<Int32>
        let flags: UnsafeBufferPointer<EntryFlags>

        @inline(__always) func contains(_ j: Int) -> Bool {
            let k = slot[j]
            return k >= 0 && flags[Int(k)].isChanged
        }
    }

    /// Lists column `j`, which has an entry (a value once written), as a candidate.
    @inline(__always) mutating func markCandidate(_ j: Int) { markCandidate(j, entry: Int(slot[j])) }

    /// Lists column `j`, whose entry is `k`, as a candidate.
    @inline(__always) private mutating func markCandidate(_ j: Int, entry k: Int) {
        if !flags[k].isCandidate {
            flags[k].isCandidate = true
            candidates.append(j)
        }
    }

    /// Notes that candidate `j` left `candidates` (the caller takes it out of the list).
    @inline(__always) mutating func unmarkCandidate(_ j: Int) { flags[Int(slot[j])].isCandidate = false }

    /// Marks as candidates the columns of `js` that improve this row's level now (a negative reduced cost with room
    /// to increase, a positive one with room to decrease): `SimplexEngine.loosen` for many columns at once.
    /// - Complexity: O(js).
    mutating func markImproving(_ js: UnsafeBufferPointer<Int>, columns: UnsafeBufferPointer<ColumnRecord<T>>) {
        // (the values read in place, the flags and list written directly: distinct parts of the row; the improving
        // test written out, as in `chooseEntering` and `loosen`: a `ColumnRecord` method for it copied the record,
        // its row list retained, at each call, 11 % more instructions over an app-1000 lifecycle)
        values.withUnsafeBufferPointer { v in
            for j in js where j < slot.count {
                let k = Int(slot[j])
                guard k >= 0 else { continue }
                let s = v[k].signum
                guard (s < 0 && columns[j].canIncrease) || (s > 0 && columns[j].canDecrease), !flags[k].isCandidate
                else { continue }
                flags[k].isCandidate = true
                candidates.append(j)
            }
        }
    }

    /// Column `j`'s value (0 without an entry).
    @inline(__always) subscript(j: Int) -> T {
        let k = slot[j]
        return k < 0 ? .zero : values[Int(k)]
    }

    /// Adds `delta` to column j's value, which becomes a pricing candidate (and a logged change).
    @inline(__always) mutating func add(_ j: Int, _ delta: T) {
        if delta.isZero { return }
        let k = accumulateAt(j, delta)
        markCandidate(j, entry: k)
        logChange(j, entry: k)
    }

    /// `add` for a row that is only summed and read (the row a marker recovery builds): no pricing candidates kept.
    @inline(__always) mutating func accumulate(_ j: Int, _ delta: T) {
        if delta.isZero { return }
        _ = accumulateAt(j, delta)
    }

    /// Adds `delta` to column `j`'s value, making its entry if it has none; returns the entry.
    @inline(__always) private mutating func accumulateAt(_ j: Int, _ delta: T) -> Int {
        let found = slot[j]
        if found < 0 {
            let k = touched.count
            slot[j] = Int32(k)
            touched.append(j)
            values.append(delta)
            flags.append(EntryFlags())
            return k
        }
        let k = Int(found)
        values[k] = values[k] + delta
        return k
    }

    @inline(__always) mutating func clear(_ j: Int) {
        let found = slot[j]
        guard found >= 0 else { return }
        let k = Int(found)
        if !values[k].isZero {
            values[k] = .zero
            logChange(j, entry: k)
        }
    }
}
