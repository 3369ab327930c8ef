import PlumbSystem

/// Phase 1 and the simplex loop: pricing, the ratio test, steps and pivots.
///
/// Every pivot choice is deterministic (ties by smallest column index), never dictionary order. Pricing takes the
/// largest |reduced cost| per row the pivot rewrites; after a run of degenerate pivots it switches to Bland's rule
/// (smallest improving column, smallest leaving column), and back after a non-degenerate one, so it cannot cycle.
extension SimplexEngine {
    /// `stopped`: the iteration limit was reached first.
    enum Outcome { case optimal, unbounded, stopped }

    /// What stops an entering column's step: its own opposite bound (a bound flip, no pivot) or a row's basic column
    /// reaching a bound (that row pivots).
    enum Blocker {
        case ownBound
        case row(Int)
    }

    /// Chooses the entering column from the price row: `d_j < 0` and can increase, or `d_j > 0` and can decrease;
    /// nil when none improves. Scans the price row's candidates, dropping those found not improving.
    mutating func chooseEntering(bland: Bool) -> Int? {
        var best: Int? = nil
        var bestMagnitude = T.zero
        var bestCount = 0
        var kept = 0
        for k in price.candidates.indices {
            let j = price.candidates[k]
            let dj = price[j]
            let s = dj.signum
            // (fields read in place: a copy of the record would retain its row list)
            guard !columns[j].isBasic, !isFixed(j),
                  (s < 0 && canIncrease(j)) || (s > 0 && canDecrease(j)) else {
                price.unmarkCandidate(j)
                continue
            }
            price.candidates[kept] = j
            kept += 1
            guard let current = best else {
                best = j; bestMagnitude = s < 0 ? -dj : dj; bestCount = columns[j].rows.count
                continue
            }
            if bland {
                if j < current { best = j }
            } else {
                // Largest |d_j| per row the pivot would rewrite, |d_j| / (1 + column count): the best rate of
                // improvement per unit of work; ties by lowest index. (Any improving column is correct.)
                let magnitude = s < 0 ? -dj : dj
                let count = columns[j].rows.count
                let lhs = magnitude * T(1 + bestCount), rhs = bestMagnitude * T(1 + count)
                if lhs > rhs || (lhs == rhs && j < current) {
                    best = j; bestMagnitude = magnitude; bestCount = count
                }
            }
        }
        price.candidates.removeLast(price.candidates.count - kept)
        return best
    }

    /// The ratio test for `q` moving in direction `sigma`: the step and what blocks it; nil when nothing does. In
    /// phase 1 an infeasible basic blocks where it reaches the bound it violates.
    mutating func ratioTest(_ q: Int, _ sigma: Int, phase1: Bool) -> (step: T, blocker: Blocker)? {
        var bestStep: T? = nil
        // The blocking row so far and its basic column (nil: the column's own bound, or nothing yet).
        var blocking: (row: Int, column: Int)? = nil
        if sigma > 0, let u = upper(q) { bestStep = u - value(q) }
        if sigma < 0, let l = lower(q) { bestStep = value(q) - l }
        for i in rows(of: q) {
            let b = basic(ofRow: i)
            let t = entry(i, q)
            let rising = (t.signum < 0) == (sigma > 0)      // dz_b/dθ = -t·σ > 0
            var target: T? = nil
            if rising {
                if phase1 && isBelow(b) { target = lower(b) }
                else if !(phase1 && isAbove(b)) { target = upper(b) }
            } else {
                if phase1 && isAbove(b) { target = upper(b) }
                else if !(phase1 && isBelow(b)) { target = lower(b) }
            }
            guard let bound = target else { continue }
            let rate = sigma > 0 ? -t : t
            let step = (bound - value(b)) / rate
            if let current = bestStep {
                // ties: the smallest leaving column (a bound flip is kept)
                if step < current || (step == current && blocking.map { b < $0.column } ?? false) {
                    bestStep = step; blocking = (i, b)
                }
            } else {
                bestStep = step; blocking = (i, b)
            }
        }
        guard let step = bestStep else { return nil }
        // Exact steps are never negative; an approximate one can be by rounding.
        return (step.signum < 0 ? .zero : step, blocking.map { .row($0.row) } ?? .ownBound)
    }

    /// Takes the step and pivots; returns the pivot row (whose new entries are `store.cells(row)`), or nil for a
    /// bound flip.
    mutating func apply(_ q: Int, _ sigma: Int, _ step: T, _ blocker: Blocker) -> Int? {
        if !step.isZero { move(q, by: sigma > 0 ? step : -step) }
        guard case .row(let row) = blocker else {
            iterations += 1
            return nil
        }
        // The leaving column sits exactly on the bound it reached.
        pivot(q, row)
        return row
    }

    /// Phase 1: minimises the sum of bound violations from the current basis. False when the rows are infeasible
    /// (the infeasible rows then carry the Farkas certificate, see `conflictOrigins`) or a limit stopped it.
    mutating func restoreFeasibility() -> Bool {
        swap(&price, &heldObjective)
        defer { swap(&price, &heldObjective) }
        var degenerate = 0
        while !infeasible.isEmpty {
            if isPastLimit { return false }
            price.reset(columns: columns.count)
            for i in infeasible.sorted() {
                let below = isBelow(basic(ofRow: i))
                for k in store.cells(i) { price.add(store.column[k], below ? store.coefficient[k] : -store.coefficient[k]) }
            }
            guard let q = chooseEntering(bland: degenerate >= Self.blandAfter) else { return false }
            let sigma = price[q].signum < 0 ? 1 : -1
            guard let (step, blocker) = ratioTest(q, sigma, phase1: true) else {
                preconditionFailure("SimplexEngine: phase 1 step unbounded")
            }
            degenerate = step.isZero ? degenerate + 1 : 0
            if let r = apply(q, sigma, step, blocker), maintainsObjective {
                let f = heldObjective[q]
                if !f.isZero {
                    heldObjective.clear(q)
                    store.subtract(row: r, times: f, from: &heldObjective)
                }
            }
        }
        return true
    }

    /// Minimises `Σ c·z_j` over `costs` (distinct columns) from the current feasible basis. The final reduced costs
    /// are left in `price`.
    mutating func optimize(_ costs: [(column: Int, cost: T)]) -> Outcome {
        price.reset(columns: columns.count)
        for (j, c) in costs where !c.isZero { addCost(c, to: j) }
        return iterate()
    }

    /// `optimize` with a cost of 1 on every cost column of level `p`'s live soft rows (a level priced from
    /// scratch), read from the origins in place. - Complexity: O(origins) plus the pricing and the pivots.
    mutating func optimize(level p: Priority) -> Outcome {
        price.reset(columns: columns.count)
        // (by index, the fields read in place: a loop over the origins copied each, its exact constant with it)
        for k in origins.indices where origins[k].alive && origins[k].priority == p {
            for j in origins[k].costColumns { addCost(.one, to: j) }
        }
        return iterate()
    }

    /// Adds `c` times column j's reduced cost to the price row: c itself for a nonbasic column, minus c times its
    /// row for a basic one.
    @inline(__always) private mutating func addCost(_ c: T, to j: Int) {
        if let r = columns[j].basicRow {
            store.subtract(row: r, times: c, from: &price)
        } else {
            price.add(j, c)
        }
    }

    /// The simplex loop on the current price row (kept up to date through every pivot).
    mutating func iterate() -> Outcome {
        var degenerate = 0
        while true {
            if isPastLimit { return .stopped }
            guard let q = chooseEntering(bland: degenerate >= Self.blandAfter) else { return .optimal }
            let f = price[q]
            let sigma = f.signum < 0 ? 1 : -1
            guard let (step, blocker) = ratioTest(q, sigma, phase1: false) else { return .unbounded }
            degenerate = step.isZero ? degenerate + 1 : 0
            if let r = apply(q, sigma, step, blocker) {
                price.clear(q)
                store.subtract(row: r, times: f, from: &price)
            } else {
                price.markCandidate(q)    // a bound flip: may improve the other way
            }
        }
    }
}
