/// Row operations: a pivot, and the substitution of a newly basic symbol into every row and the objective.
extension Tableau {
    /// Makes `e` basic in row `q` (whose basic symbol leaves), then substitutes it everywhere else. `collected`: the
    /// caller's `columns.collect(e)` (q among its rows) is still what the rows hold, and the substitution walks it
    /// instead of collecting the column again.
    mutating func pivot(row q: Int32, entering e: Int32, collected: Bool = false) {
        pivots += 1
        let b = rows.liveBasic(q)
        let i = rows.index(of: e, inRow: q)!
        let (syms, coefs) = rows.writableCells(q)
        let inv = 1 / coefs[i]
        for k in 0..<rows.length(q) { coefs[k] *= -inv }
        coefs[i] = inv
        syms[i] = b
        let k = rows.constant(q) * -inv
        var precision = rows.precision(q)
        precision.constantError *= abs(inv)
        precision.coefficientError += 2 * CassowaryTolerance.roundoff
        rows.setConstant(q, k, precision: precision)
        watch(errorBound: precision.constantError, value: k)
        symbols.occurrences[Int(e)] -= 1
        symbols.occurrences[Int(b)] += 1
        columns.add(b, row: q)
        symbols.setRow(nil, of: b)
        symbols.setRow(q, of: e)
        rows.setBasic(q, e)
        substituteOut(e, row: q, collected: collected)
        considerEntering(b)
    }

    /// Replaces basic symbol `s` (row `q`) in every other row and in the objective. `collected`: `columns` holds
    /// `collect(s)` already, taken before q was rewritten (q among its rows, skipped here; every other row as it was).
    mutating func substituteOut(_ s: Int32, row q: Int32, collected: Bool = false) {
        // nothing holds s (a fresh subject, the common add): no row to rewrite, no objective to spread
        if columns.isEmpty(s) && objective.isZero(s) { return }
        if !collected { columns.collect(s, skipping: q, in: rows) }
        if columns.collectedRows.count == (collected ? 1 : 0) && objective.isZero(s) {
            // only stale entries listed s: they go back to the pool
            columns.release(s)
            return
        }
        // a private copy of row q: the rows below may move in the cell store
        pivotRowSymbols.removeAll()
        pivotRowCoefficients.removeAll()
        let qs = rows.symbols(q), qc = rows.coefficients(q)
        for k in 0..<rows.length(q) { pivotRowSymbols.append(qs[k]); pivotRowCoefficients.append(qc[k]) }
        let qConst = rows.constant(q), qPrecision = rows.precision(q)
        for i in 0..<columns.collectedRows.count where columns.collectedRows[i] != q {
            substituteInto(columns.collectedRows[i], Int(columns.collectedCells[i]), s, qConst, qPrecision)
        }
        // s is basic now and held by no row: every entry of its column list is stale, so release them all
        columns.release(s)
        // objective
        if !objective.isZero(s) {
            for i in 0..<pivotRowSymbols.count {
                let x = pivotRowSymbols[i]
                let lost = objective.addScaled(s, times: pivotRowCoefficients[i], to: x)
                if lost > 0 {
                    noteDiscarded(lost, tolerance: CassowaryTolerance.cellDrop, what: .objectiveSlope)
                }
                considerEntering(x)
            }
            objective.clear(s)
        }
    }

    /// Row r += c · (row q without s), where c is r's coefficient of s, its cell `i` (q's cells are in
    /// `pivotRowSymbols`/`pivotRowCoefficients`, its constant `qConst`, its round-off `qPrecision`). A cell that
    /// cancels to round-off is dropped (`combined`).
    mutating func substituteInto(_ r: Int32, _ i: Int, _ s: Int32, _ qConst: Double, _ qPrecision: RowPrecision) {
        let qn = pivotRowSymbols.count
        substitutions += 1
        let cellsVisited = qn + rows.length(r)
        substitutedCells += cellsVisited
        if symbols.kind[Int(rows.liveBasic(r))] == .external { externalRowCells += cellsVisited }
        let pos = scratch.pos
        var (sym, coef) = rows.writableCells(r)
        var n = rows.length(r) - 1
        let c = coef[i]
        sym[i] = sym[n]
        coef[i] = coef[n]
        symbols.occurrences[Int(s)] -= 1
        let row = rows.constantAndPrecision(r)
        let rConst = row.value, shift = c * qConst, newConst = rConst + shift
        // the larger of the two errors, not their sum: a sum compounds over the simplex's pivots far beyond any real
        // error (a bound of 1e-7 on a small integer system after a few dozen pivots)
        // (written only when they grow: on exact layouts they never do, and the write is most of their cost)
        let rPrecision = row.precision
        let grownError = abs(c) * qPrecision.constantError
        let cellError = Swift.max(rPrecision.coefficientError, qPrecision.coefficientError)
        if grownError > rPrecision.constantError || cellError > rPrecision.coefficientError {
            let precision = RowPrecision(constantError: Swift.max(rPrecision.constantError, grownError),
                                         coefficientError: cellError)
            rows.setConstant(r, newConst, precision: precision)
            watch(errorBound: precision.constantError, value: newConst)
        } else {
            rows.setConstant(r, newConst)
        }
        for k in 0..<n { pos[Int(sym[k])] = Int32(k) }
        // grow the row only by the cells it really gains (kiwi-style over-reservation bloats the store)
        var fresh = 0
        for k in 0..<qn where pos[Int(pivotRowSymbols[k])] < 0 { fresh += 1 }
        if n + fresh > rows.capacity(r) {
            rows.setLength(r, n)
            rows.ensureCapacity(r, n + fresh)
            (sym, coef) = rows.writableCells(r)
        }
        var remainder = 0.0, kept = 1.0
        for k in 0..<qn {
            let x = pivotRowSymbols[k]
            let p = pos[Int(x)]
            if p >= 0 {
                coef[Int(p)] = Tableau.combined(coef[Int(p)], c * pivotRowCoefficients[k], remainder: &remainder,
                                                kept: &kept)
            } else {
                pos[Int(x)] = Int32(n)
                sym[n] = x
                coef[n] = c * pivotRowCoefficients[k]
                n += 1
                symbols.occurrences[Int(x)] += 1
                columns.add(x, row: r)
            }
        }
        if remainder > 0 { noteCancellation(remainder: remainder, error: cellError) }
        if kept < 1 { noteKeptCancellation(kept: kept, error: cellError) }
        var k = 0
        while k < n {
            pos[Int(sym[k])] = -1
            if coef[k] == 0 {
                symbols.occurrences[Int(sym[k])] -= 1
                n -= 1
                if k != n { pos[Int(sym[n])] = -1 }
                sym[k] = sym[n]
                coef[k] = coef[n]
                continue
            }
            k += 1
        }
        rows.setLength(r, n)
        if queueInfeasibleRows {
            let b = rows.liveBasic(r)
            if symbols.kind[Int(b)].isRestricted {
                if isInfeasible(b, rows.constant(r)) { infeasible.push(b) } else { watchTolerated(r) }
            }
        }
    }
}
