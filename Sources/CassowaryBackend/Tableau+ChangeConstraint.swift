/// Changing a constraint already in the tableau: removing it, or shifting its constant.
extension Tableau {
    /// Removes the constraint with `marker` / `other` (its error symbols weigh 1 at level slot `level`; nil for a
    /// required constraint). A required equality without a marker goes through `removeEquality(solvedFor:)`.
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

    /// Removes a required equality that has no marker through `x`, the symbol of a variable no other constraint in
    /// the tableau names. Its column is then the equality's missing marker column (up to scale): if `x` is basic its
    /// row goes; else `x` enters the row kiwi's marker rule picks (the point stays feasible) and that row goes. The
    /// other constraints no longer mention `x`, so what is left is exactly the tableau without the equality. False
    /// (nothing changed) when no row holds `x` with a usable coefficient.
    /// - Complexity: O(1) when `x` is basic; else one pivot, over the rows that hold `x`.
    mutating func removeEquality(solvedFor x: Int32) -> Bool {
        let wasBasic = isBasic(x)
        guard makeBasic(x) else { return false }
        deleteRow(symbols.row(of: x)!)
        if !wasBasic { optimize() }
        return true
    }

    /// Makes parametric `x` basic: it enters the row kiwi's marker rule picks, so the point stays feasible (it may
    /// no longer be optimal: the caller optimizes). False when no row holds it with a usable coefficient.
    /// - Complexity: nothing when `x` is basic; else one pivot, over the rows that hold `x`.
    mutating func makeBasic(_ x: Int32) -> Bool {
        if isBasic(x) { return true }
        rows.compactIfWasteful()
        guard let q = markerLeavingRow(x) else { return false }
        pivot(row: q, entering: x)
        return true
    }

    /// Changes the constant of a required equality without a marker through `x`, the symbol of a variable no other
    /// constraint names (coefficient `a` in it): with `x` basic, only `x` moves, so its row's constant shifts and
    /// nothing else changes. False (nothing changed) when `x` cannot be made basic.
    /// - Complexity: O(1) when `x` is basic; else one pivot over the rows that hold it and the primal simplex.
    mutating func shiftConstant(ofEqualitySolvedFor x: Int32, coefficient a: Double, delta: Double) -> Bool {
        let wasBasic = isBasic(x)
        guard makeBasic(x) else { return false }
        let r = symbols.row(of: x)!
        rows.setConstant(r, rows.constant(r) - delta / a)
        valueScale = Swift.max(valueScale, abs(rows.constant(r)))
        if !wasBasic { optimize() }
        return true
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
