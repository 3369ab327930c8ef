import PlumbInvariants
import PlumbSystem

/// The engine's invariant check (debug builds run it through `ExactSolverCore.assertInvariants()`).
extension SimplexEngine {
    /// About how many elements `checkInvariants` reads: cells, columns, row slots, origins and recorded terms, and
    /// every kept level price row's width.
    var checkCost: Int {
        store.liveCells + columns.count + store.count + origins.count + termColumn.count
            + (levelPricesValid ? levels.count * columns.count : 0)
    }

    /// Checks, between operations (it reads only):
    /// - solved form: each live row's basic column is basic in exactly that row, both ways, and is a cell of no row;
    ///   a free row slot has no basic column and no cells, and is listed once in `freeRows`;
    /// - rows: columns strictly increasing, each an existing nonbasic column still in the tableau, no zero
    ///   coefficient; every cell is in its column's row list, and a list not marked stale is exact; the row store's
    ///   count of live cells is the sum of its rows' lengths;
    /// - bounds: every nonbasic column lies within its bounds; `infeasible` lists exactly the rows whose basic column
    ///   does not; a dropped column is a required equality's marker, nonbasic at 0 and in no row;
    /// - origins: each live one's logical columns exist, are logical, belong to it alone and have the bounds its
    ///   relation and priority call for (unless a level fixing holds them), and the marker sign of its relation; a
    ///   column is pinned exactly when a level fixed it, and is then nonbasic; a
    ///   removed one's columns are retired (fixed at 0, nonbasic, in no row), and `retiredColumns` counts them;
    /// - the recovery index (once built) names exactly the live origins' recorded terms (`MarkerRecoveryState.checkIndex`);
    /// - levels: the registry's priorities descend and count the live soft rows; kept price rows (`levelPrices`)
    ///   equal each level priced from scratch on every nonbasic column in the tableau, and list as candidates every
    ///   unfixed column that improves the level (the pricing scans only those);
    /// - at rest: no level active, no crash target, no iteration or work limit, the recorded terms cover the live
    ///   origins.
    /// Values against the original rows are the solver's part (`ExactSolverCore.invariantReport()`): the engine keeps
    /// no right-hand sides.
    func checkInvariants(into report: inout InvariantReport) {
        let n = columns.count
        report.expect(rowBasic.count == store.count, "SimplexEngine", "\(rowBasic.count) basic entries for \(store.count) row slots")
        report.expect(store.liveCellsAreCounted, "SimplexEngine", "the row store counts \(store.liveCells) live cells, not its rows' sum")
        guard report.isEmpty else { return }
        var free = [Bool](repeating: false, count: store.count)
        for r in freeRows {
            guard r >= 0 && r < store.count else { report.fail("SimplexEngine", "free row \(r) is not a slot"); continue }
            if free[r] { report.fail("SimplexEngine", "row \(r) is listed free twice") }
            free[r] = true
        }
        // solved form, rows, and each column's occurrences
        var held = [Int](repeating: 0, count: n)
        for i in 0..<store.count {
            guard let b = rowBasic[i] else {
                if !free[i] { report.fail("SimplexEngine", "row \(i) has no basic column but is not listed free") }
                if store.length(i) != 0 { report.fail("SimplexEngine", "free row \(i) holds \(store.length(i)) cells") }
                continue
            }
            if free[i] { report.fail("SimplexEngine", "row \(i), basic in \(b), is listed free") }
            guard b >= 0 && b < n else { report.fail("SimplexEngine", "row \(i)'s basic column \(b) does not exist"); continue }
            if columns[b].basicRow != i {
                report.fail("SimplexEngine", "row \(i) is basic in \(b), but \(b) is basic in "
                            + (columns[b].basicRow.map { "row \($0)" } ?? "no row"))
            }
            var previous: Int? = nil
            for k in store.cells(i) {
                let j = store.column[k]
                guard j >= 0 && j < n else { report.fail("SimplexEngine", "row \(i) holds \(j), not a column"); continue }
                if let p = previous, p >= j { report.fail("SimplexEngine", "row \(i)'s columns are not increasing at \(j)") }
                previous = j
                held[j] += 1
                if columns[j].isBasic { report.fail("SimplexEngine", "row \(i) holds basic column \(j)") }
                if columns[j].presence == .dropped { report.fail("SimplexEngine", "row \(i) holds dropped column \(j)") }
                if store.coefficient[k].isZero { report.fail("SimplexEngine", "row \(i) holds column \(j) at 0") }
            }
        }
        guard report.isEmpty else { return }
        // column lists: they cover every cell; one not marked stale is exact
        for j in 0..<n where held[j] > 0 || !columns[j].rows.isEmpty {
            let listed = columns[j].rows, exact = !columns[j].rowsMayBeStale
            let set = Set(listed)
            var found = 0
            for i in set where i >= 0 && i < store.count && rowBasic[i] != nil && store.cell(of: j, inRow: i) != nil { found += 1 }
            if found != held[j] {
                report.fail("SimplexEngine", "column \(j) is held by \(held[j]) rows, its list names \(found) of them")
            }
            if exact && (set.count != listed.count || found != listed.count) {
                report.fail("SimplexEngine", "column \(j)'s row list is not marked stale but names \(listed.count) rows, "
                            + "\(found) of them distinct rows that hold it")
            }
        }
        // bounds and feasibility
        for j in 0..<n {
            let c = columns[j]
            if let r = c.basicRow, r >= store.count || rowBasic[r] != j {
                report.fail("SimplexEngine", "column \(j) is basic in row \(r), which is basic in "
                            + (r < store.count ? rowBasic[r].map(String.init) ?? "nothing" : "no slot"))
            }
            if !c.isBasic && (c.isBelow || c.isAbove) {
                report.fail("SimplexEngine", "nonbasic column \(j) lies outside its bounds at \(c.value.doubleValue)")
            }
            if c.presence == .dropped {
                if c.isBasic || !c.value.isZero || !c.rows.isEmpty {
                    report.fail("SimplexEngine", "dropped column \(j) is basic, off 0, or listed in rows")
                }
            }
        }
        for i in 0..<store.count {
            guard let b = rowBasic[i] else {
                if infeasible.contains(i) { report.fail("SimplexEngine", "free row \(i) is listed infeasible") }
                continue
            }
            let outside = isBelow(b) || isAbove(b)
            if outside != infeasible.contains(i) {
                report.fail("SimplexEngine", "row \(i) is \(outside ? "" : "not ")infeasible, but "
                            + (outside ? "not listed" : "listed"))
            }
        }
        checkOrigins(into: &report)
        checkLevels(into: &report)
        report.expect(activeLevel == nil && crashTarget.isEmpty && iterationLimit == .max && workLimit == .max,
                      "SimplexEngine", "not at rest between operations (an active level, crash target or limit)")
    }

    /// The origins' part of `checkInvariants`.
    private func checkOrigins(into report: inout InvariantReport) {
        let n = columns.count
        let fixed = Set(fixings)
        var owner = [Int?](repeating: nil, count: n)
        var liveTerms = 0, retired = 0
        for (k, o) in origins.enumerated() {
            let logicals = [o.marker] + (o.extra.map { [$0] } ?? [])
            guard logicals.allSatisfy({ $0 >= 0 && $0 < n }) else {
                report.fail("SimplexEngine", "origin \(k)'s logical columns \(logicals) do not exist")
                continue
            }
            for c in logicals {
                if let other = owner[c] { report.fail("SimplexEngine", "column \(c) is a logical of origins \(other) and \(k)") }
                owner[c] = k
                if columns[c].kind != .logical { report.fail("SimplexEngine", "origin \(k)'s logical column \(c) is structural") }
            }
            guard o.alive else {
                retired += logicals.count
                for c in logicals where columns[c].isBasic || !isFixed(c) || !columns[c].value.isZero
                                        || !columns[c].rows.isEmpty {
                    report.fail("SimplexEngine", "removed origin \(k)'s column \(c) is not retired")
                }
                continue
            }
            if recordsTerms {
                liveTerms += o.termCount
                if o.termStart < 0 || o.termStart + o.termCount > termColumn.count {
                    report.fail("SimplexEngine", "origin \(k)'s recorded terms lie outside the term store")
                }
            }
            if o.markerSign != 1 && o.markerSign != -1 { report.fail("SimplexEngine", "origin \(k)'s marker sign is \(o.markerSign)") }
            func bounded(_ c: Int, _ expectedLower: T?, _ expectedUpper: T?) {
                guard !fixed.contains(c) else { return }
                if lower(c) != expectedLower || upper(c) != expectedUpper {
                    report.fail("SimplexEngine", "origin \(k)'s column \(c) has the wrong bounds")
                }
            }
            if o.priority == nil {
                if o.extra != nil {
                    report.fail("SimplexEngine", "required origin \(k) has an error column")
                }
                if o.markerSign != (o.relation == .greaterOrEqual ? -1 : 1) {
                    report.fail("SimplexEngine", "required origin \(k)'s marker has the sign of another relation")
                }
                bounded(o.marker, .zero, o.relation == .equal ? .zero : nil)
                if (columns[o.marker].presence != .kept) != (o.relation == .equal && dropsFixedMarkers) {
                    report.fail("SimplexEngine", "required origin \(k)'s marker is \(columns[o.marker].presence)")
                }
            } else {
                guard let p = o.extra else {
                    report.fail("SimplexEngine", "soft origin \(k) has no error column")
                    continue
                }
                bounded(p, .zero, nil)
                bounded(o.marker, .zero, nil)
                if columns[o.marker].presence != .kept { report.fail("SimplexEngine", "soft origin \(k)'s marker may be dropped") }
                if o.markerSign != 1 { report.fail("SimplexEngine", "soft origin \(k)'s marker has sign \(o.markerSign)") }
            }
        }
        report.expect(retired == retiredColumns, "SimplexEngine",
                      "\(retiredColumns) columns counted retired, the removed origins have \(retired)")
        if recordsTerms {
            report.expect(liveTerms == recovery.liveTerms, "SimplexEngine",
                          "the recovery counts \(recovery.liveTerms) live terms, the origins \(liveTerms)")
            if report.isEmpty { recovery.checkIndex(termColumn: termColumn, origins: origins, into: &report) }
        }
        for j in 0..<n where owner[j] == nil {
            if columns[j].kind != .structural { report.fail("SimplexEngine", "logical column \(j) belongs to no origin") }
            else if !fixed.contains(j) && !isFree(j) { report.fail("SimplexEngine", "layout column \(j) is bounded") }
        }
        // A pinned column's bound is its value: only a nonbasic column a level fixed may be pinned.
        for j in 0..<n where (columns[j].bounds == .pinned) != fixed.contains(j) || (fixed.contains(j) && columns[j].isBasic) {
            report.fail("SimplexEngine", "column \(j) is pinned: \(columns[j].bounds == .pinned), a level fixing: "
                        + "\(fixed.contains(j)), basic: \(columns[j].isBasic)")
        }
    }

    /// At an optimum (the solver's `.optimal`): the fixings are the optimal face's, level by level. A nonbasic
    /// column that level k fixed costs something at k without improving it (its kind's own bounds), and nothing at
    /// the levels before; every other nonbasic column that may move costs nothing at any level it is free at
    /// (complementary slackness: no column free at a level can improve it, so each level is optimal given the ones
    /// before). Reads the kept level rows, which `checkLevels` compares with rows priced afresh.
    func checkOptimalFace(into report: inout InvariantReport) {
        guard levelPricesValid, levelPrices.count == levels.count, levelPriced.allSatisfy({ $0 }) else {
            if !levels.priorities.isEmpty { report.fail("SimplexEngine", "an optimum without every level priced") }
            return
        }
        guard fixingLevels.map(\.priority) == levels.priorities else {
            report.fail("SimplexEngine", "the fixings' levels \(fixingLevels.map(\.priority)) are not the levels \(levels.priorities)")
            return
        }
        var owner = [Int?](repeating: nil, count: columns.count)
        var start = 0
        for (k, level) in fixingLevels.enumerated() {
            for j in fixings[start ..< level.end] { owner[j] = k }
            start = level.end
        }
        if fixingOwnersCurrent {
            for j in columns.indices where columns[j].bounds == .pinned && owner[j] != Int(columns[j].fixingLevel) {
                report.fail("SimplexEngine", "column \(j) is fixed by level \(owner[j].map(String.init) ?? "none"), "
                            + "its record says \(columns[j].fixingLevel)")
            }
        }
        for k in levelPrices.indices {
            var row = levelPrices[k]
            row.widen(columns: columns.count)
            for j in columns.indices where !columns[j].isBasic && columns[j].presence != .dropped && columns[j].bounds != .zero {
                if let o = owner[j], o < k { continue }
                let d = row[j]
                let improving = columns[j].improvesUnfixed(d)
                if owner[j] == k {
                    if d.isZero || improving {
                        report.fail("SimplexEngine", "column \(j), fixed by level \(k), costs \(d) there (improving: \(improving))")
                    }
                } else if !d.isZero {
                    report.fail("SimplexEngine", "column \(j), free at level \(k), costs \(d) there")
                }
            }
        }
    }

    /// The levels' part of `checkInvariants`.
    private func checkLevels(into report: inout InvariantReport) {
        var count: [Priority: Int] = [:]
        for o in origins where o.alive { if let p = o.priority { count[p, default: 0] += 1 } }
        let expected = count.keys.sorted(by: >)
        guard levels.priorities == expected else {
            report.fail("SimplexEngine", "the levels are \(levels.priorities), the live soft rows' priorities \(expected)")
            return
        }
        for k in expected.indices where levels.rowCount(ofLevel: k) != count[expected[k]] {
            report.fail("SimplexEngine", "level \(k) counts \(levels.rowCount(ofLevel: k)) rows, \(count[expected[k]]!) are live")
        }
        guard levelPricesValid else { return }
        guard levelPrices.count == levels.count && levelPriced.count == levels.count else {
            report.fail("SimplexEngine", "\(levelPrices.count) kept price rows for \(levels.count) levels")
            return
        }
        // (a released fixing is marked where it improves by the next `optimizeLevels()`, see `SimplexEngine+Fixings.swift`)
        let waiting = Set(released)
        for k in levelPrices.indices where levelPriced[k] {
            var fresh = PriceRow<T>()
            fresh.reset(columns: columns.count)
            for j in costColumns(ofLevel: levels.priorities[k]) {
                if let r = columns[j].basicRow { store.subtract(row: r, times: .one, from: &fresh) } else { fresh.add(j, .one) }
            }
            var kept = levelPrices[k]
            kept.widen(columns: columns.count)
            for j in columns.indices where !columns[j].isBasic && columns[j].presence != .dropped && kept[j] != fresh[j] {
                report.fail("SimplexEngine", "level \(k)'s kept reduced cost of column \(j) is off")
            }
            // (the pricing scans only candidates: one that improves and is not listed would end the level early)
            guard k != activeLevel else { continue }
            for j in columns.indices where !columns[j].isBasic && columns[j].presence != .dropped && !isFixed(j)
                && improves(j, fresh[j]) && !kept.isCandidate(j) && !waiting.contains(j) {
                report.fail("SimplexEngine", "column \(j) improves level \(k) and is not its candidate")
            }
        }
    }
}
