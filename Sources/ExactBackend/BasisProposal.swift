import PlumbSystem

/// "Float proposes, exact certifies": a floating-point solver proposes a final basis (the injected proposer, see
/// `ExactSolverCore.proposerBasis`; where there is none or it refuses the numbers, the floating-point copy of the
/// exact tableau below, which runs this engine's own simplex). The exact engine changes to that basis by exact pivots, puts its
/// nonbasic columns where the proposal had them (at an exact bound, or left where they were), and then runs its own
/// phase 1 and level optimisation. Those find nothing to do when the proposed basis is exactly feasible and
/// lexicographically optimal (the check is the exact reduced costs of each level, sign by sign), and otherwise
/// continue pivoting exactly from there. No floating-point number ever becomes a value or decides a sign.
extension SimplexEngine where T == ApproximateScalar {
    /// A floating-point copy of `exact` (same columns, rows, bounds and values, rounded).
    init<U: SimplexScalar>(approximating exact: SimplexEngine<U>) {
        self.init()
        func approximate(_ v: U) -> T { T(v.doubleValue) }
        columns = exact.columns.map { $0.map(approximate) }
        dropsFixedMarkers = exact.dropsFixedMarkers
        store = exact.store.map(approximate)
        rowBasic = exact.rowBasic
        freeRows = exact.freeRows
        infeasible = exact.infeasible
        levels = exact.levels
        origins = exact.origins.map {
            Origin(priority: $0.priority, relation: $0.relation, alive: $0.alive, marker: $0.marker,
                   markerSign: $0.markerSign, extra: $0.extra, constant: approximate($0.constant))
        }
        // The exact engine is off its face (no fixings) when it asks for a proposal.
        precondition(exact.fixings.isEmpty, "SimplexEngine: a proposal starts from an unfixed engine")
    }

    /// Inserts `rows` (soft, in order) one at a time, re-optimising after each a weighted sum of the levels (each
    /// level weighs 1000 times the next, so each insertion costs a few local pivots), then polishes with phase 1
    /// and the levels proper. At most `limit` iterations in all; the basis reached is the proposal.
    mutating func propose(inserting rows: ProposalRows, limit: Int) {
        iterationLimit = iterations + limit
        var priorities = rows.priorities
        for o in origins where o.alive { if let p = o.priority { priorities.append(p) } }
        let distinct = Array(Set(priorities)).sorted()       // lowest first
        func weight(_ p: Priority) -> T {
            var w = 1.0
            for q in distinct where q < p { w *= 1000 }
            return T(w)
        }
        var optimizing = restoreFeasibility()
        maintainsObjective = true
        if optimizing {
            price.reset(columns: columns.count)
            for o in origins where o.alive {
                guard let p = o.priority else { continue }
                for c in o.costColumns { addCost(c, weight(p)) }
            }
            optimizing = iterate() == .optimal
        }
        reserve(moreRows: rows.count, terms: rows.termCount)
        for k in 0..<rows.count {
            let priority = rows.priorities[k]
            let origin = addRow(terms: rows.terms(k), constant: rows.constants[k], relation: rows.relations[k],
                                priority: priority)
            guard optimizing else { continue }
            price.widen(columns: columns.count)
            // The row's basic column leaves the price row; then the row's own costs come in.
            let i = lastInstalledRow!, b = basic(ofRow: i)
            let f = price[b]
            if !f.isZero {
                price.clear(b)
                store.subtract(row: i, times: f, from: &price)
            }
            for c in origins[origin].costColumns { addCost(c, weight(priority)) }
            optimizing = (infeasible.isEmpty || restoreFeasibility()) && iterate() == .optimal
        }
        maintainsObjective = false
        if restoreFeasibility() { optimizeLevels() }
    }

    /// Adds `w·z_c` to the objective held in the price row.
    mutating func addCost(_ c: Int, _ w: T) {
        if let r = columns[c].basicRow {
            store.subtract(row: r, times: w, from: &price)
        } else {
            price.add(c, w)
        }
    }
}

/// What the proposer hands over: which columns its final basis has basic, and where it left every column.
struct Proposal {
    var basic: [Bool]
    var value: [ApproximateScalar]
}

extension SimplexEngine {
    /// Changes to the basic columns of `proposal` where the exact tableau allows (an entering column pivots on a row
    /// whose basic column the proposal has nonbasic, the shortest such row), then moves each nonbasic bounded column
    /// that the proposal has at a bound onto that exact bound. Returns the number of basis changes. The engine stays
    /// consistent (possibly primal infeasible): phase 1 and the levels decide from here.
    mutating func adopt(_ proposal: Proposal) -> Int {
        let target = proposal.basic
        precondition(target.count == columns.count, "SimplexEngine: a proposal of another tableau")
        var entering: [(count: Int, column: Int)] = []
        for j in target.indices where target[j] && !columns[j].isBasic && columns[j].presence != .dropped {
            entering.append((columns[j].rows.count, j))
        }
        entering.sort { $0.count != $1.count ? $0.count < $1.count : $0.column < $1.column }
        var changes = 0
        for (_, q) in entering {
            var best: Int? = nil
            for i in rows(of: q) where !target[basic(ofRow: i)] {
                if let b = best, store.length(i) > store.length(b) || (store.length(i) == store.length(b) && i >= b) {
                    continue
                }
                best = i
            }
            // None: the proposed basis is singular in exact arithmetic; keep the current basic there.
            guard let best else { continue }
            pivot(q, best)
            changes += 1
        }
        for j in columns.indices where !columns[j].isBasic && columns[j].presence != .dropped && !isFixed(j) {
            let p = proposal.value[j]
            var bound: T? = nil
            if let l = lower(j), ApproximateScalar(l.doubleValue) == p { bound = l }
            else if let u = upper(j), ApproximateScalar(u.doubleValue) == p { bound = u }
            if let bound, bound != value(j) { move(j, by: bound - value(j)) }
        }
        // The pivots above are not simplex steps: a basic column outside its bounds (a row phase 1 had still to
        // repair) may have left the basis where it was. Nonbasic columns must sit within their bounds, or phase 1,
        // which repairs basic ones, would never see them: move each back to its nearest bound.
        for j in columns.indices { settleNonbasic(j) }
        return changes
    }
}
