import PlumbSystem

/// Building the tableau: new columns, new rows (with their crash choice of basic column), elimination, moves and
/// pivots. Every mutation here keeps the tableau in solved form and the values satisfying every row (see
/// `checkInvariants`); feasibility is phase 1's business (`restoreFeasibility()`).
extension SimplexEngine {
    /// The rows whose entries contain nonbasic column `j`, each once (the list is compacted in passing).
    mutating func rows(of j: Int) -> [Int] {
        rowStamp.widen(to: store.count, with: 0)
        stampEpoch += 1
        let epoch = stampEpoch
        if !columns[j].rowsMayBeStale { return columns[j].rows }
        columns[j].rowsMayBeStale = false
        var kept = columns[j].rows
        columns[j].rows = []
        var n = 0
        for k in kept.indices {
            let i = kept[k]
            if rowStamp[i] != epoch, store.cell(of: j, inRow: i) != nil {
                rowStamp[i] = epoch
                kept[n] = i
                n += 1
            }
        }
        kept.removeLast(kept.count - n)
        columns[j].rows = kept
        return kept
    }

    /// Lists row `i`, which holds nonbasic column `j` (or is about to), in `j`'s rows. A list longer than twice the
    /// row slots holds stale or repeated rows (an exact one names each row once): it is cleaned first, so that the list
    /// of a column no pivot reads, whose rows are removed and added back again and again, stays the size of the
    /// tableau. - Complexity: amortized O(1) (a cleaning reads the list, after as many appends as row slots).
    @inline(__always) mutating func listRow(_ i: Int, holding j: Int) {
        if columns[j].rows.count > 2 * store.count + 8 {
            _ = rows(of: j)
            // (a row installed in a reused slot may be listed again by its own install, after this cleaning kept it:
            // the list stays marked as maybe stale)
            columns[j].rowsMayBeStale = true
            if rowStamp[i] == stampEpoch { return }   // (the cleaning kept row i: it is listed already)
        }
        // (a first entry gets room for three, a 64-byte block: a column's list grown from empty one row at a time was
        // a third of the allocations of a small layout's build; room for more made a chain's build touch more pages)
        if columns[j].rows.capacity == 0 { columns[j].rows.reserveCapacity(3) }
        columns[j].rows.append(i)
    }

    mutating func newColumn(bounds: ColumnBounds, kind: ColumnKind) -> Int {
        columns.reserveGrowing()
        columns.append(ColumnRecord(bounds: bounds, kind: kind))
        valueLog.note(columns.count - 1)
        if levelPricesValid {
            for k in levelPrices.indices where levelPriced[k] { levelPrices[k].widen(columns: columns.count) }
        }
        return columns.count - 1
    }

    @inline(__always) mutating func updateFeasibility(_ r: Int) {
        let b = basic(ofRow: r)
        if isBelow(b) || isAbove(b) { infeasible.insert(r) } else { infeasible.remove(r) }
    }

    /// Sets column `j`'s value, noting the change for the solver's reading of the answer.
    @inline(__always) mutating func setValue(_ j: Int, _ v: T) {
        columns[j].value = v
        valueLog.note(j)
    }

    /// Adds `Σ terms + constant RELATION 0` (terms over structural columns, no duplicates); returns the origin id.
    /// Leaves the tableau consistent but possibly primal infeasible: call `restoreFeasibility()`.
    mutating func addRow(terms: some RandomAccessCollection<(column: Int, coefficient: T)>, constant: T, relation: Relation,
                         priority: Priority?) -> Int {
        // The logical columns (at most two; the newest columns, so they sort after every other entry).
        let marker: Int, markerSign: Int, extra: Int?
        if priority == nil {
            switch relation {
            case .equal:
                marker = newColumn(bounds: .zero, kind: .logical); markerSign = 1
            case .lessOrEqual:
                marker = newColumn(bounds: .nonNegative, kind: .logical); markerSign = 1
            case .greaterOrEqual:
                marker = newColumn(bounds: .nonNegative, kind: .logical); markerSign = -1
            }
            extra = nil
        } else {
            let p = newColumn(bounds: .nonNegative, kind: .logical)
            extra = p
            marker = newColumn(bounds: .nonNegative, kind: .logical)   // n
            markerSign = 1
        }
        let origin = origins.count
        if let p = priority { addLevelRow(p) }
        origins.reserveGrowing()
        origins.append(Origin(priority: priority, relation: relation, alive: true, marker: marker,
                              markerSign: markerSign, extra: extra, constant: constant))
        if recordsTerms { recordTerms(terms, of: origin) }

        // The row over nonbasic columns (each basic column's row put in its place), and its residual at the current
        // values. The pieces are gathered as (column, coefficient) pairs, sorted by column and summed: a layout's row
        // has a few, and a dense accumulator as wide as the tableau cost every row its widening and its reset (and a
        // large build the fresh pages it grew into).
        var pieces = ScratchList<(column: Int, coefficient: T)>()
        swap(&pieces, &rowPieces)
        defer { pieces.removeAll(); swap(&pieces, &rowPieces) }
        var residual = constant
        for (c, a) in terms {
            // (a new variable, and most nonbasic ones, sit at 0: no product to add)
            if !isAtZero(c) { residual = residual + a * value(c) }
            if let r = columns[c].basicRow {
                // (a coefficient of ±1, most of a layout's, needs no product)
                let unit = a.unitSign
                for k in store.cells(r) {
                    let x = store.coefficient[k]
                    pieces.append((store.column[k], unit == 1 ? -x : unit == -1 ? x : -(a * x)))
                }
            } else {
                pieces.append((c, a))
            }
        }
        pieces.sort { $0.column }
        // The sums, columns increasing, zeros left out.
        var cols = ScratchList<Int>(), vals = ScratchList<T>()
        swap(&cols, &rowColumns)
        swap(&vals, &rowCoefficients)
        defer {
            cols.removeAll(); swap(&cols, &rowColumns)
            vals.removeAll(); swap(&vals, &rowCoefficients)
        }
        var k = 0
        while k < pieces.count {
            let j = pieces[k].column
            var sum = pieces[k].coefficient
            k += 1
            while k < pieces.count && pieces[k].column == j {
                sum = sum + pieces[k].coefficient
                k += 1
            }
            if !sum.isZero {
                cols.append(j)
                vals.append(sum)
            }
        }
        lastRowWasIndependent = priority == nil && cols.contains(where: isStructural)

        // The column that becomes basic, by the crash rules below; among candidates, the one fewest rows hold (by
        // its place in `cols`, for its coefficient).
        var entering: Int? = nil, enteringPlace = 0
        var bestCount = Int.max
        @inline(__always) func consider(_ place: Int) {
            let count = columns[cols[place]].rows.count
            if count < bestCount {
                entering = cols[place]
                enteringPlace = place
                bestCount = count
            }
        }
        @inline(__always) func proposed(_ j: Int) -> Bool { j < crashTarget.count && crashTarget[j] }
        // A logical column of the new row itself, when the proposal has one basic.
        var targetLogical: Int? = nil
        if priority != nil && !crashTarget.isEmpty {
            // Basic columns proposed for the final basis: a free layout variable, else a logical column.
            for k in cols.indices where proposed(cols[k]) && isStructural(cols[k]) && isFree(cols[k]) { consider(k) }
            if entering == nil {
                if let p = extra, proposed(p) { targetLogical = p }
                else if proposed(marker) { targetLogical = marker }
            }
            if entering == nil && targetLogical == nil {
                // Any other proposed basic column of the row (it moves to satisfy the row; phase 1 and the adoption
                // settle the values).
                for k in cols.indices where proposed(cols[k]) { consider(k) }
            }
        }
        // A free layout variable becomes basic if there is one (it never leaves); otherwise a logical column. Only
        // equalities take one: an inequality keeps its slack basic, leaving the variable to a later equality (a soft
        // `w == preferred` then holds exactly in the starting basis). A required inequality that its slack would
        // violate (the slack's value -residual/sign < 0) is made tight instead: a free layout variable takes the
        // row, moved so that the slack sits at 0, rather than phase 1 pivoting it there afterwards.
        let violatedInequality = priority == nil && relation != .equal && residual.signum * markerSign > 0
        if (relation == .equal || violatedInequality) && entering == nil && targetLogical == nil {
            for k in cols.indices where isStructural(cols[k]) && isFree(cols[k]) { consider(k) }
        }
        let dropMarker = priority == nil && relation == .equal && dropsFixedMarkers
        if dropMarker { columns[marker].presence = .droppable }

        // The basic column and its coefficient κ; the row is installed divided by κ, without the basic column.
        let markerCoefficient = T(markerSign)
        let basic: Int, kappa: T
        if let entering {
            basic = entering
            kappa = vals[enteringPlace]
            if !residual.isZero { move(entering, by: -(residual / kappa)) }
            if dropMarker { columns[marker].presence = .dropped }
        } else {
            if let targetLogical { basic = targetLogical }
            else if let p = extra, residual.signum >= 0 { basic = p }
            else { basic = marker }
            kappa = basic == marker ? markerCoefficient : -T.one
            setValue(basic, -(residual / kappa))
        }
        let scale: T? = kappa == .one ? nil : T.one / kappa
        @inline(__always) func scaled(_ v: T) -> T { scale.map { v * $0 } ?? v }
        var rowCols = ScratchList<Int>(), rowVals = ScratchList<T>()
        swap(&rowCols, &installColumns)
        swap(&rowVals, &installCoefficients)
        defer {
            rowCols.removeAll(); swap(&rowCols, &installColumns)
            rowVals.removeAll(); swap(&rowVals, &installCoefficients)
        }
        for k in cols.indices where cols[k] != basic {
            rowCols.append(cols[k])
            rowVals.append(scaled(vals[k]))
        }
        if let p = extra, p != basic {
            rowCols.append(p)
            rowVals.append(scaled(-T.one))
        }
        if marker != basic && columns[marker].presence != .dropped {
            rowCols.append(marker)
            rowVals.append(scaled(markerCoefficient))
        }
        let row = installRow(cols: rowCols, vals: rowVals, basic: basic)
        if levelPricesValid {
            repriceAfterInstalling(row: row, basic: basic, wasNonbasic: entering != nil, priority: priority,
                                   costs: origins[origin].costColumns)
        }
        return origin
    }

    /// Makes the row `basic + Σ vals·cols` (over nonbasic columns, `basic` excluded, scaled so that `basic` has
    /// coefficient 1) a tableau row with `basic` basic, eliminating `basic` from the other rows; returns the row.
    /// Values must already satisfy it.
    @discardableResult
    mutating func installRow(cols: some RandomAccessCollection<Int>, vals: some RandomAccessCollection<T>, basic: Int) -> Int {
        basisVersion += 1
        store.compactIfWasteful()
        let r: Int
        if let slot = freeRows.popLast() {
            r = slot
            store.setRow(r, columns: cols, coefficients: vals)
            rowBasic[r] = basic
        } else {
            r = store.appendRow(columns: cols, coefficients: vals)
            rowBasic.reserveGrowing()
            rowBasic.append(basic)
        }
        lastInstalledRow = r
        eliminate(basic, using: r)
        columns[basic].basicRow = r
        for j in cols { listRow(r, holding: j) }
        updateFeasibility(r)
        return r
    }

    /// Removes nonbasic column `q` from every row but `r`, with row `r` (whose basic is `q`, entries excluding q):
    /// each such row becomes `row - f·pivotRow` by a merge of the two sorted rows.
    mutating func eliminate(_ q: Int, using r: Int) {
        if columns[q].rows.isEmpty { return }   // (a column no other row holds)
        let others = rows(of: q)
        columns[q].rows = []
        statColumn += others.count
        // (Rows other than i keep their cells while row i is rewritten: the pivot row is read in place.)
        let pivot = store.cells(r)
        for i in others where i != r {
            guard let k = store.cell(of: q, inRow: i) else { continue }
            let f = store.coefficient[k]
            // (f · x without a product when f is ±1, as most of a layout's coefficients are)
            let unit = f.unitSign
            @inline(__always) func scaled(_ x: T) -> T { unit == 1 ? x : unit == -1 ? -x : f * x }
            // Merge into the scratch buffers, then back into the row's range (or the tail, when it grew out of it).
            scratchCols.removeAll()
            scratchVals.removeAll()
            let row = store.cells(i)
            var a = row.lowerBound, b = pivot.lowerBound
            while a < row.upperBound || b < pivot.upperBound {
                if a == k { a += 1; continue }
                let ca = a < row.upperBound ? store.column[a] : Int.max
                let cb = b < pivot.upperBound ? store.column[b] : Int.max
                if ca < cb {
                    scratchCols.append(ca); scratchVals.append(store.coefficient[a]); a += 1
                } else if cb < ca {
                    scratchCols.append(cb); scratchVals.append(-scaled(store.coefficient[b])); listRow(i, holding: cb)
                    b += 1
                } else {
                    let sum = store.coefficient[a] - scaled(store.coefficient[b])
                    if !sum.isZero { scratchCols.append(ca); scratchVals.append(sum) } else { columns[ca].rowsMayBeStale = true }
                    a += 1; b += 1
                }
            }
            store.setRow(i, columns: scratchCols, coefficients: scratchVals)
        }
    }

    /// `z_q += delta`, carrying the basic values along.
    mutating func move(_ q: Int, by delta: T) {
        basisVersion += 1
        if !levelPrices.isEmpty { loosen(q) }
        setValue(q, value(q) + delta)
        if columns[q].rows.isEmpty { return }   // (a column no row holds, as a new variable is)
        for i in rows(of: q) {
            let b = basic(ofRow: i)
            setValue(b, value(b).subtractingProduct(entry(i, q), delta))
            updateFeasibility(i)
        }
    }

    /// Nonbasic `q` becomes basic in row `r`; the old basic becomes nonbasic at its current value. The pivot row's
    /// new entries are then `store.cells(r)` (for updating an objective row).
    mutating func pivot(_ q: Int, _ r: Int) {
        iterations += 1
        basisVersion += 1
        store.compactIfWasteful()
        let b = basic(ofRow: r)
        // The row without q, divided by q's coefficient, with b (coefficient 1/a) in its place in column order.
        let a = entry(r, q)
        let inv = T.one / a, unit = a == .one
        scratchCols.removeAll()
        scratchVals.removeAll()
        var placed = false
        for k in store.cells(r) {
            let j = store.column[k]
            if j == q { continue }
            if !placed && b < j {
                scratchCols.append(b); scratchVals.append(inv)
                placed = true
            }
            scratchCols.append(j)
            scratchVals.append(unit ? store.coefficient[k] : store.coefficient[k] * inv)
        }
        if !placed { scratchCols.append(b); scratchVals.append(inv) }
        store.setRow(r, columns: scratchCols, coefficients: scratchVals)
        listRow(r, holding: b)
        rowBasic[r] = q
        columns[b].basicRow = nil
        columns[q].basicRow = r
        eliminate(q, using: r)
        updateFeasibility(r)
        if columns[b].presence == .droppable && value(b).isZero {
            // A required equality's marker left the basis at 0: it never moves again, so drop its column. (A pivot
            // that is not a simplex step, as in `adopt`, can take it out elsewhere: then it stays, to be moved back.)
            for i in rows(of: b) {
                if let k = store.cell(of: b, inRow: i) { store.removeCell(k, ofRow: i) }
            }
            columns[b].rows = []
            columns[b].presence = .dropped
        }
        if !levelPrices.isEmpty { updateLevelPrices(q, r) }
    }

    /// Keeps the stored level price rows (all but the one `optimizeLevels()` has out in `price`) right through the
    /// pivot that made `q` basic in row `r`.
    mutating func updateLevelPrices(_ q: Int, _ r: Int) {
        for k in levelPrices.indices where k != activeLevel && levelPriced[k] {
            let f = levelPrices[k][q]
            if f.isZero { continue }
            levelPrices[k].clear(q)
            store.subtract(row: r, times: f, from: &levelPrices[k])
        }
    }
}
