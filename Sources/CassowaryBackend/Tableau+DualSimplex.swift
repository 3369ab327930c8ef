/// The dual simplex: restores primal feasibility after constant changes, keeping the objective optimal.
extension Tableau {
    /// Whether a basic value `k` of restricted symbol `b` is infeasible: below 0, or off 0 for a dummy.
    @inline(__always) mutating func isInfeasible(_ b: Int32, _ k: Double) -> Bool {
        let tol = CassowaryTolerance.feasibilityBound(valueScale)
        return k < -tol || (k > tol && symbols.kind[Int(b)] == .dummy)
    }

    /// Records a precision loss when restricted row `r`'s value is off its bound (below 0, or off 0 for a dummy) by
    /// less than the feasibility tolerance but by more than round-off: the tolerance accepted a violation that nearly
    /// dependent rows can make real (a required inequality broken by 1e-8 where the exact system has no solution).
    @inline(__always) mutating func watchTolerated(_ r: Int32) {
        let k = rows.constant(r)
        let off = symbols.kind[Int(rows.liveBasic(r))] == .dummy ? abs(k) : -k
        guard off > 0 else { return }
        let roundoff = CassowaryTolerance.roundoffAllowance
            * Swift.max(rows.precision(r).constantError, CassowaryTolerance.roundoff * Swift.max(1, valueScale))
        if off > roundoff {
            noteDiscarded(k, tolerance: CassowaryTolerance.feasibilityBound(valueScale), what: .toleratedViolation)
        }
    }

    /// Repairs the rows in `infeasible`, smallest basic id first; false when a row cannot be repaired (then the
    /// queue is emptied, so the next call starts clean). After `pivotBudget` pivots it reports trouble and stops.
    ///
    /// Entering rule: among the row's cells that may enter and move its value towards feasibility (any sign for an
    /// external), the smallest objective-over-coefficient ratio compared lexicographically, ties by smallest id.
    /// Substitutions during the repair queue the rows they make infeasible.
    mutating func dualOptimize() -> Bool {
        let tol = CassowaryTolerance.feasibilityBound(valueScale)
        queueInfeasibleRows = true
        defer { queueInfeasibleRows = false }
        var budget = pivotBudget
        while let b = infeasible.popMin() {
            if budget.isSpent {
                // not a verdict on the constraints: the solve reports trouble (not converged) instead of an answer
                giveUp("the dual simplex", after: budget)
                infeasible.removeAll()
                return true
            }
            guard let q = symbols.row(of: b) else { continue }
            let k0 = rows.constant(q)
            let sigma: Double
            if k0 < -tol { sigma = 1 } else if symbols.kind[Int(b)] == .dummy && k0 > tol { sigma = -1 } else {
                watchTolerated(q)
                continue
            }
            let syms = rows.symbols(q), coefs = rows.coefficients(q)
            var best: Int32? = nil, bestA = 0.0, discarded = 0.0
            for k in 0..<rows.length(q) {
                let x = syms[k], kind = symbols.kind[Int(x)]
                if !kind.mayEnter { continue }
                var a = sigma * coefs[k]
                if kind == .external { a = abs(a) }
                guard a > CassowaryTolerance.pivot else {
                    if a > CassowaryTolerance.noise { discarded = a }
                    continue
                }
                guard let current = best else { best = x; bestA = a; continue }
                let order = objective.compareRatios(x, over: a, current, over: bestA)
                if order == .less || (order == .equal && x < current) { best = x; bestA = a }
            }
            if discarded > 0 && best == nil {
                // the repair fails only for want of a pivot the tolerance refused, though it is beyond round-off
                noteDiscarded(discarded, tolerance: CassowaryTolerance.pivot, what: .dualPivot)
            }
            guard let entering = best else {
                infeasible.removeAll()
                return false
            }
            dualPivots += 1
            budget.spend()
            pivot(row: q, entering: entering)
        }
        return true
    }
}
