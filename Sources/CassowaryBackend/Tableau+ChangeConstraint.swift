/// Changing a constraint already in the tableau: removing it, or shifting its constant.
extension Tableau {
    /// Removes the constraint with `marker` / `other` (its error symbols weigh 1 at level slot `level`; nil for a
    /// required constraint). A required equality without a marker cannot be removed here (the solver rebuilds).
    mutating func removeConstraint(marker m: Int32?, other o: Int32?, level: Int?, isEquality: Bool) {
        rows.compactIfWasteful()
        if let level {
            if let o { addObjective(o, level: level, weight: -1) }
            if isEquality, let m { addObjective(m, level: level, weight: -1) }
        }
        if let m {
            if let r = symbols.row(of: m) {
                deleteRow(r)
            } else if let q = markerLeavingRow(m) {
                pivot(row: q, entering: m)
                deleteRow(q)
            }
        }
        // leftover parametric markers are fixed at zero: erase their columns
        for s in [m, o] {
            if let s, !symbols.isBasic(s) { eraseColumn(s) }
        }
        optimize()
    }

    /// The row to pivot a parametric marker into before dropping it (kiwi's rule, ties by basic symbol id): the
    /// restricted row with a negative coefficient and the smallest ratio, else the restricted row with the smallest
    /// ratio, else the external row with the smallest basic id; nil when no row holds the marker.
    mutating func markerLeavingRow(_ m: Int32) -> Int32? {
        columns.collect(m, in: rows)
        var r1: Int32? = nil, r1Ratio = Double.infinity, r1Basic = Int32.max
        var r2: Int32? = nil, r2Ratio = Double.infinity, r2Basic = Int32.max
        var r3: Int32? = nil, r3Basic = Int32.max
        for i in 0..<columns.collectedRows.count {
            let r = columns.collectedRows[i]
            let a = rows.coefficient(of: m, inRow: r)
            guard abs(a) > CassowaryTolerance.pivot else { continue }
            let b = rows.liveBasic(r)
            if symbols.kind[Int(b)] == .external {
                if b < r3Basic { r3 = r; r3Basic = b }
            } else if a < 0 {
                let ratio = -rows.constant(r) / a
                if ratio < r1Ratio || (ratio == r1Ratio && b < r1Basic) { r1 = r; r1Ratio = ratio; r1Basic = b }
            } else {
                let ratio = rows.constant(r) / a
                if ratio < r2Ratio || (ratio == r2Ratio && b < r2Basic) { r2 = r; r2Ratio = ratio; r2Basic = b }
            }
        }
        return r1 ?? r2 ?? r3
    }

    /// Shifts the constant of the constraint whose marker is `m` (coefficient `mu` in its defining equation) by
    /// `delta` without pivoting, and queues the rows that became infeasible (for `dualOptimize()`).
    mutating func shiftConstant(marker m: Int32, mu: Double, delta: Double) {
        let shift = delta / mu
        if let r = symbols.row(of: m) {
            rows.setConstant(r, rows.constant(r) - shift)
            if isInfeasible(m, rows.constant(r)) { infeasible.push(m) }
            return
        }
        columns.collect(m, in: rows)
        for i in 0..<columns.collectedRows.count {
            let row = columns.collectedRows[i]
            let a = rows.coefficient(of: m, inRow: row)
            rows.setConstant(row, rows.constant(row) + a * shift)
            let b = rows.liveBasic(row)
            if symbols.kind[Int(b)].isRestricted && isInfeasible(b, rows.constant(row)) { infeasible.push(b) }
        }
    }
}
