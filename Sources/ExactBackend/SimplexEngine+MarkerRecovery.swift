import PlumbInvariants
import PlumbSystem

/// Recovering the column of a required equality's marker that was dropped (`dropsFixedMarkers`), so that removing
/// the equality or changing its constant touches the rows that depend on it instead of rebuilding the tableau.
///
/// The marker `m` of origin `k` has the column `μ_k·e_k` in the original rows (its sign in row `k`, nothing
/// elsewhere). Any weighting `w` of columns still in the tableau whose original columns add up to that gives the
/// marker's tableau column as the same weighting of theirs (the tableau is `B⁻¹A`, linear in the columns): a
/// nonbasic column's entries, or a basic column's unit vector at its row. The weighting is found on the original rows,
/// not on the tableau: a residual starts at `μ_k` in row `k`; a row that still has its marker (a soft row, an
/// inequality, an equality whose marker is kept) absorbs its residual through it, since no other row names it; a row
/// without one is closed through one of its variables, whose weight spreads the residual to the other rows naming
/// that variable. A closed row is never reopened, so the walk ends; on an independent view it stays inside the view,
/// on a chain it walks from the link to the chain's free end and out through the window's width. Every step is
/// exact: the recovered column is the column the marker would have had.
///
/// The walk takes, at each row, the variable that opens the fewest rows without a marker (`closingOrder`), and does
/// not come back: when a row finds no variable (a cycle of equalities) `MarkerRegionSolve` solves the cycle's rows
/// together; when that finds none either (an equality the others imply) or runs out of budget, recovery gives up and
/// the caller rebuilds.
extension SimplexEngine {
    /// The columns a recovered marker column is the weighted sum of, each with the priority at which it is a cost
    /// column (a soft row's error column), if it is one.
    typealias RecoveryWeights = [(column: Int, weight: T, cost: Priority?)]

    /// Starts keeping structural terms (for `recoverMarker`): the caller then records every live origin's, each
    /// exactly once and as `addRow` was given them (`recordTerms(_:of:)`), and `addRow` records every new row's.
    mutating func beginRecordingTerms() {
        precondition(!recordsTerms, "SimplexEngine: terms recorded from the start twice")
        recordsTerms = true
    }

    /// Room for `terms` more recorded terms without growing the store. - Complexity: O(the store), once.
    mutating func reserveTermCapacity(_ terms: Int) {
        termColumn.reserveCapacity(termColumn.count + terms)
        termCoefficient.reserveCapacity(termCoefficient.count + terms)
    }

    /// `recordTerms(_:of:)` for a row that may have been removed since (then nothing is kept).
    mutating func recordTermsIfAlive(_ terms: some RandomAccessCollection<(column: Int, coefficient: T)>, of origin: Int) {
        if origins[origin].alive { recordTerms(terms, of: origin) }
    }

    /// Keeps the structural terms of `origin` (for `recoverMarker`) and, once the use index exists, indexes them.
    mutating func recordTerms(_ terms: some RandomAccessCollection<(column: Int, coefficient: T)>, of origin: Int) {
        origins[origin].termStart = termColumn.count
        origins[origin].termCount = terms.count
        for (c, a) in terms {
            if recovery.isIndexed { recovery.index(term: termColumn.count, column: c, origin: origin) }
            termColumn.append(c)
            termCoefficient.append(a)
        }
        recovery.liveTerms += terms.count
    }

    /// Forgets the terms of a removed origin (unlinked from the use index, so that walks see live origins only);
    /// packs the term store once removed terms outweigh the live ones. - Complexity: the origin's terms (a pack:
    /// the origins and the live terms, after at least 4,096 more terms removed than are live).
    mutating func forgetTerms(of origin: Int) {
        let n = origins[origin].termCount
        if recovery.isIndexed {
            let s = origins[origin].termStart
            for p in s ..< s + n { recovery.unindex(term: p, column: termColumn[p]) }
        }
        recovery.liveTerms -= n
        recovery.deadTerms += n
        guard recovery.deadTerms > recovery.liveTerms + 4096 else { return }
        var columns: [Int] = [], coefficients: [T] = []
        columns.reserveCapacity(recovery.liveTerms)
        coefficients.reserveCapacity(recovery.liveTerms)
        for k in origins.indices where origins[k].alive {
            let s = origins[k].termStart
            origins[k].termStart = columns.count
            columns.append(contentsOf: termColumn[s ..< s + origins[k].termCount])
            coefficients.append(contentsOf: termCoefficient[s ..< s + origins[k].termCount])
        }
        termColumn = columns
        termCoefficient = coefficients
        recovery.deadTerms = 0
        recovery.dropIndex()
    }

    /// Gives origin `k`'s dropped marker its column back (see above); true when it did, or the marker was never
    /// dropped. False: nothing changed, and the caller rebuilds. Values, basis and feasibility are unchanged.
    /// - Complexity: the rows and variables between the equality and the free ends of what depends on it, with the
    ///   use lists of the variables chosen, then the cells of the weighted columns; at most a budget proportional to
    ///   the terms (the first call also indexes every term).
    /// `cheaply`: the caller has a rebuild it can put off (`ExactSolverCore+DeferredRebuild.swift`), so the region
    /// solve gets a budget of about a rebuild's work, not several.
    mutating func recoverMarker(of k: Int, cheaply: Bool = false) -> Bool {
        let m = origins[k].marker
        guard columns[m].presence == .dropped else { return true }
        guard recordsTerms, dropsFixedMarkers, origins[k].alive else { return false }
        if !recovery.isIndexed { recovery.buildIndex(termColumn: termColumn, origins: origins, columns: columns.count) }
        recovery.prepare(origins: origins.count, columns: columns.count)
        defer { recovery.finish() }
        guard let weights = markerWeights(of: k) ?? regionWeights(of: k, cheaply: cheaply) else { return false }
        installMarkerColumn(m, weights: weights)
        if levelPricesValid { priceMarkerColumn(m, weights: weights) }
        #if DEBUG
        if origins.count <= 4000 { checkMarkerColumn(of: k, weights: weights) }
        #endif
        return true
    }

    /// The walk: columns with weights whose original columns add up to origin `k`'s marker column, or nil.
    private mutating func markerWeights(of k: Int) -> RecoveryWeights? {
        var weights: RecoveryWeights = []
        var budget = 4 * termColumn.count + 4096
        recovery.setResidual(k, T(origins[k].markerSign))
        recovery.open(k)
        while let i = recovery.pending.popLast() {
            recovery.rowsWalked += 1
            recovery.rowState[i] = .untouched
            let residual = recovery.residual[i]
            if residual.isZero { continue }
            recovery.residual[i] = .zero
            let o = origins[i]
            if columns[o.marker].presence != .dropped {
                // (μ = ±1, so 1/μ = μ)
                let cost = o.costColumns.contains(o.marker) ? o.priority : nil
                weights.append((o.marker, o.markerSign > 0 ? residual : -residual, cost))
                continue
            }
            // A row without a marker: close it through the variable that opens the fewest rows without a marker
            // (see `closingOrder`), the first that touches no closed row.
            var closedThrough: Int? = nil
            for (score, c, p) in closingOrder(of: i, budget: &budget) {
                if budget < 0 { return nil }
                if score > Self.lookAheadLimit {
                    // (a long use list, not looked ahead of: checked now)
                    budget -= score
                    if budget < 0 { return nil }
                    if recovery.touchesClosedRow(c, besides: i, origins: origins) { continue }
                }
                closedThrough = p
                break
            }
            guard let closedThrough else { return nil }
            let c = termColumn[closedThrough]
            let w = residual / termCoefficient[closedThrough]
            recovery.markUsed(c)
            weights.append((c, w, nil))
            recovery.rowState[i] = .closed
            for (j, p) in recovery.uses(of: c) where j != i && origins[j].alive {
                recovery.setResidual(j, recovery.residual[j] - termCoefficient[p] * w)
                if recovery.rowState[j] == .untouched { recovery.open(j) }
            }
        }
        return weights
    }

    /// Columns named by more live rows than this are not looked ahead of in `closingOrder` (their use lists are long):
    /// they rank by that count, after the others, and are checked for closed rows only when chosen.
    static var lookAheadLimit: Int { 32 }

    /// The terms of row `i` (of its unused columns, with a coefficient) that may close it, best first, each with its
    /// score: how many rows without a marker closing through it would open (rows with a marker absorb what reaches
    /// them). A column that would touch a closed row, or open a row with no other column left to close it, is left
    /// out. Ties go to the newest column: layouts are built parents first, so what depends on an equality was mostly
    /// made after its other side. (Ranking by use count alone closed a chain's last width through the first view's
    /// width, which the link being recovered names: a dead end, then the region solve and a rebuild, where the
    /// window's width, named only by rows with a marker, closes it at once.)
    /// - Complexity: the use lists of the row's columns, up to `lookAheadLimit` each; charged to `budget`.
    private mutating func closingOrder(of i: Int, budget: inout Int) -> [(score: Int, column: Int, term: Int)] {
        // (fields read one by one: a copy of an origin retains its exact constant)
        let start = origins[i].termStart, end = start + origins[i].termCount
        var order: [(score: Int, column: Int, term: Int)] = []
        for p in start ..< end where !recovery.used[termColumn[p]] {
            if termCoefficient[p].isZero { continue }
            let c = termColumn[p]
            let uses = recovery.useCount[c]
            if uses > Self.lookAheadLimit {
                order.append((uses, c, p))
                continue
            }
            var score = 0, viable = true
            for (j, _) in recovery.uses(of: c) where j != i && origins[j].alive {
                budget -= 1
                if recovery.rowState[j] == .closed { viable = false; break }
                guard columns[origins[j].marker].presence == .dropped else { continue }
                if !hasAnotherColumn(j, besides: c) { viable = false; break }
                score += 1
            }
            if viable { order.append((score, c, p)) }
        }
        // (the key read from the tuples: a closure reading the engine's arrays copied the engine per comparison)
        if order.count > 1 { order.sort { $0.score != $1.score ? $0.score < $1.score : $0.column > $1.column } }
        return order
    }

    /// Whether row `j` names an unused column other than `c` with a coefficient.
    private func hasAnotherColumn(_ j: Int, besides c: Int) -> Bool {
        let start = origins[j].termStart, end = start + origins[j].termCount
        for p in start ..< end {
            let u = termColumn[p]
            if u != c && !recovery.used[u] && !termCoefficient[p].isZero { return true }
        }
        return false
    }

    /// The weighting by `MarkerRegionSolve` (for cycles the walk cannot close), or nil. (The solve reads a copy of the
    /// engine, released before anything is written.)
    private mutating func regionWeights(of k: Int, cheaply: Bool) -> RecoveryWeights? {
        recovery.regionSolves += 1
        var solve = MarkerRegionSolve(engine: self, origin: k, cheaply: cheaply)
        return solve.run()
    }

    /// Puts marker `m`'s column, the weighted sum of the weighted columns' tableau columns, into the rows.
    private mutating func installMarkerColumn(_ m: Int, weights: RecoveryWeights) {
        store.compactIfWasteful()
        var acc = PriceRow<T>()
        swap(&acc, &rowAccumulator)
        defer { swap(&acc, &rowAccumulator) }
        // Keyed by each row's basic column.
        acc.reset(columns: columns.count)
        for (s, w, _) in weights where !w.isZero {
            if columns[s].isBasic {
                acc.accumulate(s, w)
            } else {
                for i in rows(of: s) { acc.accumulate(basic(ofRow: i), w * entry(i, s)) }
            }
        }
        columns[m].rows = []
        columns[m].rowsMayBeStale = false
        for b in acc.touched where !acc[b].isZero {
            let r = columns[b].basicRow!
            scratchCols.removeAll()
            scratchVals.removeAll()
            var placed = false
            for k in store.cells(r) {
                if !placed && m < store.column[k] {
                    scratchCols.append(m); scratchVals.append(acc[b])
                    placed = true
                }
                scratchCols.append(store.column[k]); scratchVals.append(store.coefficient[k])
            }
            if !placed { scratchCols.append(m); scratchVals.append(acc[b]) }
            store.setRow(r, columns: scratchCols, coefficients: scratchVals)
            columns[m].rows.append(r)
        }
        columns[m].presence = .droppable
    }

    /// Gives marker `m` its reduced cost at every priced level: with `A_m = Σ w_s·A_s`, `d_m = c_m − Σ w_s·(c_s − d_s)`,
    /// where a marker has no cost of its own, `d_s` is 0 for a basic column, and `c_s` is 1 for a soft row's cost column
    /// at its level.
    private mutating func priceMarkerColumn(_ m: Int, weights: RecoveryWeights) {
        for k in levelPrices.indices where levelPriced[k] {
            var d = T.zero
            for (s, w, cost) in weights where !w.isZero {
                if !columns[s].isBasic { d = d + w * levelPrices[k][s] }
                if let p = cost, p == levels.priorities[k] { d = d - w }
            }
            levelPrices[k].clear(m)
            levelPrices[k].add(m, d)
        }
    }

    #if DEBUG
    /// The weighting's original columns add up to the marker's (`μ_k` in row `k`, 0 elsewhere).
    private func checkMarkerColumn(of k: Int, weights: RecoveryWeights) {
        var weight = [T](repeating: .zero, count: columns.count)
        for (s, w, _) in weights { weight[s] = weight[s] + w }
        for (j, o) in origins.enumerated() where o.alive {
            var sum = T(o.markerSign) * weight[o.marker]
            if let p = o.extra { sum = sum - weight[p] }
            for p in o.termStart ..< o.termStart + o.termCount { sum = sum + termCoefficient[p] * weight[termColumn[p]] }
            let expected = j == k ? T(o.markerSign) : .zero
            assert(sum == expected, "SimplexEngine: recovered marker of origin \(k) is off in row \(j)")
        }
    }
    #endif
}
