/// Recovering a required equality's missing marker column (see `CassowarySolver+MarkerRecovery.swift` for how the
/// combination is found).
extension Tableau {
    /// Gives a required equality that has no marker a dummy marker symbol, owned by `owner`, whose column is the one
    /// it would have had, had the equality been added with a dummy (`expression - dummy = 0`) from the start.
    ///
    /// `combination` weighs symbols (layout variables' symbols and other constraints' markers) whose columns in the
    /// constraint matrix add up to the dummy's column: -1 in the equality's row, 0 in every other. A symbol's column
    /// in the tableau is its cells (parametric) or minus its row's unit vector (basic); the dummy's is the same
    /// combination of those. Its objective coefficient at each level is the combination of the parametric symbols'
    /// reduced costs minus that of their original costs, `costs` (level slot and weight, summed by the caller's
    /// entries). Nothing pivots: the values, the basis and feasibility are unchanged.
    /// - Complexity: the cells of the combination's parametric columns, plus one cell per row the column reaches.
    mutating func installDummyColumn(owner: Int32, combination: [(symbol: Int32, weight: Double)],
                                     costs: [(slot: Int, weight: Double)]) -> Int32 {
        if !isJournaling { rows.compactIfWasteful() }
        let d = newSymbol(.dummy, owner: owner)
        accumulatedSymbols.removeAll()
        for (s, w) in combination where w != 0 {
            if symbols.isBasic(s) {
                accumulate(s, -w)
                continue
            }
            columns.collect(s, in: rows)
            for i in 0..<columns.collectedRows.count {
                let r = columns.collectedRows[i]
                accumulate(rows.liveBasic(r), w * rows.coefficients(r)[Int(columns.collectedCells[i])])
            }
            for l in 0..<objective.levelCount {
                let c = objective.coefficient(of: s, slot: l)
                if c != 0 { objective.add(w * c, to: d, slot: l) }
            }
        }
        for (l, w) in costs { objective.add(-w, to: d, slot: l) }
        for l in 0..<objective.levelCount where abs(objective.coefficient(of: d, slot: l)) <= CassowaryTolerance.cellDrop {
            objective.add(-objective.coefficient(of: d, slot: l), to: d, slot: l)
        }
        // one cell per row reached (keyed by the row's basic symbol in the scratch)
        for i in accumulatedSymbols.indices {
            let b = accumulatedSymbols[i]
            let (a, m) = scratch.take(b)
            guard abs(a) > CassowaryTolerance.cancellation * m, let r = symbols.row(of: b) else { continue }
            appendCell(d, a, toRow: r)
        }
        return d
    }

    /// Appends the cell `a · s` to row `r`, which must not hold `s`.
    mutating func appendCell(_ s: Int32, _ a: Double, toRow r: Int32) {
        let n = rows.length(r)
        rows.setLength(r, n)  // saves the row first while a journal is open
        rows.ensureCapacity(r, n + 1)
        let (syms, coefs) = rows.writableCells(r)
        syms[n] = s
        coefs[n] = a
        rows.setLength(r, n + 1)
        symbols.occurrences[Int(s)] += 1
        columns.add(s, row: r)
    }
}
