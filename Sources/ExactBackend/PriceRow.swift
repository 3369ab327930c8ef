/// A row of reduced costs over all columns: dense values plus the list of columns ever touched since the last reset,
/// so that reading and clearing cost the touched columns, not the whole width. Reused across iterations.
struct PriceRow<T: SimplexScalar> {
    var vals: [T] = []
    var listed: [Bool] = []
    /// Columns with a possibly nonzero value, each once, in the order first touched.
    var touched: [Int] = []
    /// Columns that may be improving: every column whose value changed since it was last found not improving
    /// (the pricing scans only these).
    var candidates: [Int] = []
    var isCandidate: [Bool] = []
    /// Whether the row logs its changes: a level's kept row does (`SimplexEngine.optimizeLevels()` re-examines only
    /// the columns whose reduced cost changed since the level's last optimum); a scratch row does not.
    let tracksChanges: Bool
    /// The columns whose value changed since `clearChanges()`, each once (with `tracksChanges`).
    var changed: [Int] = []
    var isChanged: [Bool] = []

    init(tracksChanges: Bool = false) {
        self.tracksChanges = tracksChanges
    }

    /// All zero, at least `columns` wide.
    mutating func reset(columns: Int) {
        for j in touched {
            vals[j] = .zero
            listed[j] = false
        }
        // (emptying an array costs a call even when it is empty: a row only summed keeps no candidates)
        if !touched.isEmpty { touched.removeAll(keepingCapacity: true) }
        if !candidates.isEmpty {
            for j in candidates { isCandidate[j] = false }
            candidates.removeAll(keepingCapacity: true)
        }
        clearChanges()
        widen(columns: columns)
    }

    /// Forgets the logged changes. - Complexity: O(changes logged).
    mutating func clearChanges() {
        if changed.isEmpty { return }
        for j in changed { isChanged[j] = false }
        changed.removeAll(keepingCapacity: true)
    }

    @inline(__always) mutating func logChange(_ j: Int) {
        if tracksChanges && !isChanged[j] {
            isChanged[j] = true
            changed.append(j)
        }
    }

    /// At least `columns` wide (new columns are zero). A wide row widened from empty gets a quarter more room: the
    /// columns the next change adds (a first suggestion's edit rows, a view added back) would otherwise copy the
    /// whole row, in every level, at the first of them (a 1,000-view app layout's first resize round: 3.4 M
    /// instructions, 97 % of it). A narrow one is made as wide as asked: filling room a small layout never uses was
    /// a tenth of its level rows' cost, and copying such a row later costs little.
    mutating func widen(columns: Int) {
        if vals.count < columns {
            vals.widen(to: vals.isEmpty && columns >= 256 ? columns + columns / 4 + 16 : columns, with: .zero)
            listed.widen(to: vals.count, with: false)
            isCandidate.widen(to: vals.count, with: false)
            if tracksChanges { isChanged.widen(to: vals.count, with: false) }
        }
    }

    /// Renumbers the row's columns by `map`, in place: the dropped columns' values go, the kept ones and the
    /// candidates stay in their order. - Complexity: O(width).
    mutating func renumber(_ map: Renumbering) {
        vals.keep(where: map.keeps)
        listed.keep(where: map.keeps)
        isCandidate.keep(where: map.keeps)
        touched.renumber(map)
        candidates.renumber(map)
        if tracksChanges {
            isChanged.keep(where: map.keeps)
            changed.renumber(map)
        }
    }

    @inline(__always) mutating func markCandidate(_ j: Int) {
        if !isCandidate[j] {
            isCandidate[j] = true
            candidates.append(j)
        }
    }

    /// Marks as candidates the columns of `js` that improve this row's level now (a negative reduced cost with room
    /// to increase, a positive one with room to decrease): `SimplexEngine.loosen` for many columns at once.
    /// - Complexity: O(js).
    mutating func markImproving(_ js: UnsafeBufferPointer<Int>, columns: UnsafeBufferPointer<ColumnRecord<T>>) {
        // (the values read in place, the flags and list written directly: distinct parts of the row; the improving
        // test written out, as in `chooseEntering` and `loosen`: a `ColumnRecord` method for it copied the record,
        // its row list retained, at each call, 11 % more instructions over an app-1000 lifecycle)
        vals.withUnsafeBufferPointer { v in
            for j in js where j < v.count {
                let s = v[j].signum
                guard (s < 0 && columns[j].canIncrease) || (s > 0 && columns[j].canDecrease), !isCandidate[j] else { continue }
                isCandidate[j] = true
                candidates.append(j)
            }
        }
    }

    @inline(__always) subscript(j: Int) -> T { vals[j] }

    /// Adds `delta` to column j's value, which becomes a pricing candidate (and a logged change).
    @inline(__always) mutating func add(_ j: Int, _ delta: T) {
        if delta.isZero { return }
        markCandidate(j)
        logChange(j)
        accumulate(j, delta)
    }

    /// `add` for a row that is only summed and read (the row a marker recovery builds): no pricing candidates kept.
    @inline(__always) mutating func accumulate(_ j: Int, _ delta: T) {
        if delta.isZero { return }
        if !listed[j] {
            listed[j] = true
            touched.append(j)
            vals[j] = delta
        } else {
            vals[j] = vals[j] + delta
        }
    }

    @inline(__always) mutating func clear(_ j: Int) {
        if listed[j] && !vals[j].isZero {
            vals[j] = .zero
            logChange(j)
        }
    }
}
