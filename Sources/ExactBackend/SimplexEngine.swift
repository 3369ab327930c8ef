import PlumbSystem

/// The exact bounded-variable primal simplex behind `ExactSolver`, on a sparse tableau in dictionary form.
///
/// Columns are the layout variables (free) and each constraint's logical columns; every row reads
/// `z_basic + Σ t_j z_j = β` over the nonbasic columns, and the values of all columns are kept exactly, so β is
/// never stored. Nonbasic columns may sit anywhere within their bounds (at a bound, or free at any value).
///
/// A constraint `Σ a·x + c REL 0` becomes one row with logical columns:
/// - required `==`: `Σ a·x + s = -c`, `s ∈ [0, 0]` (an artificial that phase 1 drives to zero);
/// - required `<=` / `>=`: `Σ a·x ± s = -c`, `s ≥ 0`;
/// - soft: `Σ a·x - p + n = -c`, `p, n ≥ 0`; the level's objective charges `p + n` for `==`, `p` for `<=`,
///   `n` for `>=`.
/// The "marker" (s, or n) appears in no other original row, so its column in the current tableau records how the
/// original row was combined into each current row: that is what constant changes, removal and Farkas
/// certificates read.
///
/// Every pivot choice is deterministic (ties by smallest column index), never dictionary order. Pricing takes the
/// largest |reduced cost| per row the pivot rewrites; after a run of degenerate pivots it switches to Bland's rule
/// (smallest improving column, smallest leaving column), and back after a non-degenerate one, so it cannot cycle.
///
/// The cost of a pivot is (rows containing the entering column) × (pivot row length): fine on chains, grids and
/// nestings, but deep view trees make columns dense (every descendant's row carries its ancestors' logicals), which
/// is what an LU-based revised simplex would avoid.
struct SimplexEngine<T: SimplexScalar> {
    // MARK: Columns
    var lower: [T?] = []
    var upper: [T?] = []
    /// Every column's value (write through the sites that note it in `valueLog`).
    var value: [T] = []
    /// Columns whose value changed since the solver last read them (see `ValueChangeLog`).
    var valueLog = ValueChangeLog()
    /// The row where the column is basic, or -1.
    var basicRow: [Int] = []
    /// Rows whose entries may contain the (nonbasic) column: an id is appended when the entry appears and only dropped
    /// (with repeats) when the list is read through `rows(of:)`; `colRows[j].count` is an upper bound.
    var colRows: [[Int]] = []
    /// Whether a column's list may hold a row that no longer contains it (false: the list is exact).
    var colStale: [Bool] = []
    /// Per row, the last `rows(of:)` call that kept it (to drop repeats).
    var rowStamp: [Int] = []
    var stampEpoch = 0
    var isStructural: [Bool] = []
    /// Markers of required equalities (fixed at 0): once nonbasic they never move, so their columns are dropped
    /// from the tableau (`dropped`), which keeps rows short on chains. A constant change or removal of such a row
    /// first gets its column back (`recoverMarker(of:)`, which needs `loadTerms`), or the solver rebuilds.
    var dropsFixedMarkers = false
    var droppable: [Bool] = []
    var dropped: [Bool] = []

    // MARK: Rows
    /// Every row's entries over nonbasic columns (the basic column excluded).
    var store = RowStore<T>()
    var rowBasic: [Int] = []
    var freeRows: [Int] = []
    /// Rows whose basic column is out of its bounds.
    var infeasible = RowSet()

    // MARK: Original constraints
    struct Origin {
        var marker: Int
        /// The marker's coefficient in the original row (+1 or -1).
        var markerSign: Int
        /// The second logical column of a soft row (`p`), or -1.
        var extra: Int
        var constant: T
        /// nil for required.
        var priority: Priority?
        var costColumns: [Int]
        var alive: Bool
        /// The row's structural terms in `termColumn` / `termCoefficient` (while `recordsTerms`, for `recoverMarker`).
        var termStart = 0
        var termCount = 0
    }
    var origins: [Origin] = []
    /// Every origin's structural terms, one after another, once the solver has handed them over for a marker recovery
    /// (`loadTerms`); from then on `addRow` records each new row's. A build records none: most solvers never remove a
    /// required equality, and the copy would be memory held for nothing.
    var recordsTerms = false
    var termColumn: [Int] = []
    var termCoefficient: [T] = []
    /// The marker recovery's index and scratch (see `SimplexEngine+MarkerRecovery.swift`).
    var recovery = MarkerRecoveryState<T>()

    /// Bounds tightened to fix the optimal face of each level (undone by `unfixAll`).
    var fixings: [(column: Int, lower: T?, upper: T?)] = []

    /// The row `installRow` filled last.
    var lastInstalledRow = -1
    /// The objective's price row while phase 1 uses `price`; phase 1 keeps it up to date when `maintainsObjective`.
    var heldObjective = PriceRow<T>()
    var maintainsObjective = false
    /// The levels: the distinct priorities of live soft rows, highest first (see `SimplexEngine+Levels.swift`).
    var levels = LevelRegistry()
    /// Each level's reduced costs for the current basis, parallel to `levels` while `levelPricesValid`: kept through
    /// pivots, row additions and removals, and recovered marker columns; a level whose row is not `levelPriced` yet
    /// (it appeared since) is priced from scratch by the next `optimizeLevels()`. `activeLevel`: the level whose row
    /// is out in `price`.
    var levelPrices: [PriceRow<T>] = []
    var levelPriced: [Bool] = []
    var levelPricesValid = false
    var activeLevel = -1

    /// How many levels the last `optimizeLevels()` had.
    var levelCount = 0
    /// The price row of phase 1 and `optimize` (the final reduced costs after `optimize`).
    var price = PriceRow<T>()
    /// Bumped by every change of basis or of a nonbasic value (not by constant changes, which move basic values only).
    var basisVersion = 0
    /// `basisVersion` at the end of the last complete `optimizeLevels()`, and the columns it fixed, in order.
    var certifiedVersion = -1
    var certifiedFixings: [Int] = []
    /// While not empty, the basic columns `addRow` prefers for soft rows (a proposed final basis).
    var crashTarget: [Bool] = []
    /// The accumulator `addRow` builds a row in.
    var rowAccumulator = PriceRow<T>()
    /// The columns of the row `addRow` builds.
    var rowColumns: [Int] = []
    /// The row `addRow` hands to `installRow`.
    var installColumns: [Int] = []
    var installCoefficients: [T] = []
    /// Merge buffers of `eliminate` and `pivot`.
    var scratchCols: [Int] = []
    var scratchVals: [T] = []

    /// Simplex iterations (pivots and bound flips) so far.
    var iterations = 0
    /// Rows rewritten by eliminations so far (measurement, and the work `workLimit` bounds).
    var statColumn = 0
    static var blandAfter: Int { 40 }
    /// Phase 1 and `optimize` stop once `iterations` reaches this (the floating-point proposer's safety net) ...
    var iterationLimit = Int.max
    /// ... or once `statColumn` reaches this (the exact solver's bound on a warm start, see `ExactSolverCore.solve`).
    var workLimit = Int.max
    /// Whether either limit is reached.
    var isPastLimit: Bool { iterations >= iterationLimit || statColumn >= workLimit }

    // MARK: - Building

    /// The rows whose entries contain nonbasic column `j`, each once (the list is compacted in passing).
    mutating func rows(of j: Int) -> [Int] {
        rowStamp.widen(to: store.count, with: 0)
        stampEpoch += 1
        let epoch = stampEpoch
        if !colStale[j] { return colRows[j] }
        colStale[j] = false
        var kept = colRows[j]
        colRows[j] = []
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
        colRows[j] = kept
        return kept
    }

    mutating func newColumn(lower l: T?, upper u: T?, structural: Bool) -> Int {
        lower.append(l)
        upper.append(u)
        value.append(l ?? .zero)
        valueLog.note(value.count - 1)
        basicRow.append(-1)
        colRows.append([])
        colStale.append(false)
        isStructural.append(structural)
        droppable.append(false)
        dropped.append(false)
        if levelPricesValid {
            for k in levelPrices.indices where levelPriced[k] { levelPrices[k].widen(columns: lower.count) }
        }
        return lower.count - 1
    }

    @inline(__always) func isFixed(_ j: Int) -> Bool {
        if let l = lower[j], let u = upper[j] { return l == u }
        return false
    }

    @inline(__always) func isFree(_ j: Int) -> Bool { lower[j] == nil && upper[j] == nil }

    @inline(__always) func canIncrease(_ j: Int) -> Bool {
        guard let u = upper[j] else { return true }
        return value[j] < u
    }

    @inline(__always) func canDecrease(_ j: Int) -> Bool {
        guard let l = lower[j] else { return true }
        return value[j] > l
    }

    @inline(__always) func isBelow(_ j: Int) -> Bool {
        if let l = lower[j] { return value[j] < l }
        return false
    }

    @inline(__always) func isAbove(_ j: Int) -> Bool {
        if let u = upper[j] { return value[j] > u }
        return false
    }

    @inline(__always) mutating func updateFeasibility(_ r: Int) {
        let b = rowBasic[r]
        if isBelow(b) || isAbove(b) { infeasible.insert(r) } else { infeasible.remove(r) }
    }

    /// Adds `Σ terms + constant RELATION 0` (terms over structural columns, no duplicates); returns the origin id.
    /// Leaves the tableau consistent but possibly primal infeasible: call `restoreFeasibility()`.
    mutating func addRow(terms: [(column: Int, coefficient: T)], constant: T, relation: Relation, priority: Priority?) -> Int {
        // The logical columns (at most two; the newest columns, so they sort after every other entry).
        let marker: Int, markerSign: Int, extra: Int
        var costs: [Int] = []
        if priority == nil {
            switch relation {
            case .equal:
                marker = newColumn(lower: .zero, upper: .zero, structural: false); markerSign = 1
            case .lessOrEqual:
                marker = newColumn(lower: .zero, upper: nil, structural: false); markerSign = 1
            case .greaterOrEqual:
                marker = newColumn(lower: .zero, upper: nil, structural: false); markerSign = -1
            }
            extra = -1
        } else {
            extra = newColumn(lower: .zero, upper: nil, structural: false)    // p
            marker = newColumn(lower: .zero, upper: nil, structural: false)   // n
            markerSign = 1
            switch relation {
            case .equal: costs = [extra, marker]
            case .lessOrEqual: costs = [extra]
            case .greaterOrEqual: costs = [marker]
            }
        }
        let origin = origins.count
        if let p = priority { addLevelRow(p) }
        origins.append(Origin(marker: marker, markerSign: markerSign, extra: extra, constant: constant,
                              priority: priority, costColumns: costs, alive: true))
        if recordsTerms { recordTerms(terms, of: origin) }

        // The row over nonbasic columns, and its residual at the current values.
        var acc = PriceRow<T>()
        swap(&acc, &rowAccumulator)
        defer { swap(&acc, &rowAccumulator) }
        acc.reset(columns: lower.count)
        var residual = constant
        for (c, a) in terms {
            residual = residual + a * value[c]
            let r = basicRow[c]
            if r >= 0 {
                for k in store.cells(r) { acc.accumulate(store.column[k], -(a * store.coefficient[k])) }
            } else {
                acc.accumulate(c, a)
            }
        }
        var cols: [Int] = []
        swap(&cols, &rowColumns)
        defer { cols.removeAll(keepingCapacity: true); swap(&cols, &rowColumns) }
        for j in acc.touched where !acc[j].isZero { cols.append(j) }
        cols.sort()

        // A free layout variable becomes basic if there is one (it never leaves); otherwise a logical column.
        var entering = -1
        var bestCount = Int.max
        // Only equalities take one: an inequality keeps its slack basic, leaving the variable to a later equality
        // (a soft `w == preferred` then holds exactly in the starting basis).
        var targetLogical = -1
        if priority != nil && !crashTarget.isEmpty {
            // Basic columns proposed for the final basis: a free layout variable, else a logical column.
            for j in cols where j < crashTarget.count && crashTarget[j] && isStructural[j] && isFree(j) {
                let count = colRows[j].count
                if count < bestCount {
                    entering = j
                    bestCount = count
                }
            }
            if entering < 0 {
                if extra < crashTarget.count && crashTarget[extra] { targetLogical = extra }
                else if marker < crashTarget.count && crashTarget[marker] { targetLogical = marker }
            }
            if entering < 0 && targetLogical < 0 {
                // Any other proposed basic column of the row (it moves to satisfy the row; phase 1 and the adoption
                // settle the values).
                for j in cols where j < crashTarget.count && crashTarget[j] {
                    let count = colRows[j].count
                    if count < bestCount {
                        entering = j
                        bestCount = count
                    }
                }
            }
        }
        // A required inequality that its slack would violate (the slack's value -residual/sign < 0) is made tight
        // instead: a free layout variable takes the row, moved so that the slack sits at 0, rather than phase 1
        // pivoting it there afterwards.
        let violatedInequality = priority == nil && relation != .equal && residual.signum * markerSign > 0
        if (relation == .equal || violatedInequality) && entering < 0 && targetLogical < 0 {
            for j in cols where isStructural[j] && isFree(j) {
                let count = colRows[j].count
                if count < bestCount {
                    entering = j
                    bestCount = count
                }
            }
        }
        let dropMarker = priority == nil && relation == .equal && dropsFixedMarkers
        if dropMarker { droppable[marker] = true }

        // The basic column and its coefficient κ; the row is installed divided by κ, without the basic column.
        let markerCoefficient = T(markerSign)
        let basic: Int, kappa: T
        if entering >= 0 {
            basic = entering
            kappa = acc[entering]
            if !residual.isZero { move(entering, by: -(residual / kappa)) }
            if dropMarker { dropped[marker] = true }
        } else {
            if targetLogical >= 0 { basic = targetLogical }
            else if priority == nil { basic = marker }
            else { basic = residual.signum >= 0 ? extra : marker }
            kappa = basic == marker ? markerCoefficient : -T.one
            value[basic] = -(residual / kappa)
            valueLog.note(basic)
        }
        let scale: T? = kappa == .one ? nil : T.one / kappa
        @inline(__always) func scaled(_ v: T) -> T { scale.map { v * $0 } ?? v }
        var rowCols: [Int] = [], rowVals: [T] = []
        swap(&rowCols, &installColumns)
        swap(&rowVals, &installCoefficients)
        defer {
            rowCols.removeAll(keepingCapacity: true); swap(&rowCols, &installColumns)
            rowVals.removeAll(keepingCapacity: true); swap(&rowVals, &installCoefficients)
        }
        for j in cols where j != basic {
            rowCols.append(j)
            rowVals.append(scaled(acc[j]))
        }
        if extra >= 0 && extra != basic {
            rowCols.append(extra)
            rowVals.append(scaled(-T.one))
        }
        if marker != basic && !(entering >= 0 && dropMarker) {
            rowCols.append(marker)
            rowVals.append(scaled(markerCoefficient))
        }
        installRow(cols: rowCols, vals: rowVals, basic: basic)
        if levelPricesValid {
            repriceAfterInstalling(row: lastInstalledRow, basic: basic, wasNonbasic: entering >= 0, priority: priority,
                                   costs: costs)
        }
        return origin
    }

    /// The coefficient of column `j` in row `i` (which must contain it).
    @inline(__always) func entry(_ i: Int, _ j: Int) -> T {
        store.coefficient[store.cell(of: j, inRow: i)!]
    }

    @inline(__always) func accumulate(_ row: inout [Int: T], _ j: Int, _ delta: T) {
        if let old = row[j] {
            let sum = old + delta
            if sum.isZero { row[j] = nil } else { row[j] = sum }
        } else if !delta.isZero {
            row[j] = delta
        }
    }

    /// Makes the row `basic + Σ vals·cols` (over nonbasic columns, `basic` excluded, scaled so that `basic` has
    /// coefficient 1) a tableau row with `basic` basic, eliminating `basic` from the other rows. Values must already
    /// satisfy it.
    mutating func installRow(cols: [Int], vals: [T], basic: Int) {
        basisVersion += 1
        store.compactIfWasteful()
        let r: Int
        if let slot = freeRows.popLast() {
            r = slot
            store.setRow(r, columns: cols, coefficients: vals)
            rowBasic[r] = basic
        } else {
            r = store.appendRow(columns: cols, coefficients: vals)
            rowBasic.append(basic)
        }
        lastInstalledRow = r
        eliminate(basic, using: r)
        basicRow[basic] = r
        for j in cols { colRows[j].append(r) }
        updateFeasibility(r)
    }

    /// Removes nonbasic column `q` from every row but `r`, with row `r` (whose basic is `q`, entries excluding q):
    /// each such row becomes `row - f·pivotRow` by a merge of the two sorted rows.
    mutating func eliminate(_ q: Int, using r: Int) {
        if colRows[q].isEmpty { return }   // (a column no other row holds)
        let others = rows(of: q)
        colRows[q] = []
        statColumn += others.count
        // (Rows other than i keep their cells while row i is rewritten: the pivot row is read in place.)
        let pivot = store.cells(r)
        for i in others where i != r {
            guard let k = store.cell(of: q, inRow: i) else { continue }
            let f = store.coefficient[k]
            // Merge into the scratch buffers, then back into the row's range (or the tail, when it grew out of it).
            scratchCols.removeAll(keepingCapacity: true)
            scratchVals.removeAll(keepingCapacity: true)
            let row = store.cells(i)
            var a = row.lowerBound, b = pivot.lowerBound
            while a < row.upperBound || b < pivot.upperBound {
                if a == k { a += 1; continue }
                let ca = a < row.upperBound ? store.column[a] : Int.max
                let cb = b < pivot.upperBound ? store.column[b] : Int.max
                if ca < cb {
                    scratchCols.append(ca); scratchVals.append(store.coefficient[a]); a += 1
                } else if cb < ca {
                    scratchCols.append(cb); scratchVals.append(-(f * store.coefficient[b])); colRows[cb].append(i); b += 1
                } else {
                    let sum = store.coefficient[a] - f * store.coefficient[b]
                    if !sum.isZero { scratchCols.append(ca); scratchVals.append(sum) } else { colStale[ca] = true }
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
        value[q] = value[q] + delta
        valueLog.note(q)
        if colRows[q].isEmpty { return }   // (a column no row holds, as a new variable is)
        for i in rows(of: q) {
            let b = rowBasic[i]
            value[b] = value[b] - entry(i, q) * delta
            valueLog.note(b)
            updateFeasibility(i)
        }
    }

    /// Nonbasic `q` becomes basic in row `r`; the old basic becomes nonbasic at its current value. The pivot row's
    /// new entries are then `store.cells(r)` (for updating an objective row).
    mutating func pivot(_ q: Int, _ r: Int) {
        iterations += 1
        basisVersion += 1
        store.compactIfWasteful()
        let b = rowBasic[r]
        // The row without q, divided by q's coefficient, with b (coefficient 1/a) in its place in column order.
        let a = entry(r, q)
        let inv = T.one / a, unit = a == .one
        scratchCols.removeAll(keepingCapacity: true)
        scratchVals.removeAll(keepingCapacity: true)
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
        colRows[b].append(r)
        rowBasic[r] = q
        basicRow[b] = -1
        basicRow[q] = r
        eliminate(q, using: r)
        updateFeasibility(r)
        if droppable[b] && !dropped[b] && value[b].isZero {
            // A required equality's marker left the basis at 0: it never moves again, so drop its column. (A pivot
            // that is not a simplex step, as in `adopt`, can take it out elsewhere: then it stays, to be moved back.)
            for i in rows(of: b) {
                if let k = store.cell(of: b, inRow: i) { store.removeCell(k, ofRow: i) }
            }
            colRows[b] = []
            dropped[b] = true
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


    /// Whether an origin's marker column was dropped: a constant change or removal needs it back first
    /// (`recoverMarker(of:)`), or the tableau rebuilt.
    func needsRebuild(_ origin: Int) -> Bool { dropped[origins[origin].marker] }

    // MARK: - Constants and removal

    /// Changes an original row's constant; the tableau stays consistent (maybe infeasible).
    mutating func setConstant(_ constant: T, of origin: Int) {
        let o = origins[origin]
        precondition(!dropped[o.marker], "SimplexEngine: constant change of a row whose marker was dropped")
        let delta = constant - o.constant
        origins[origin].constant = constant
        if delta.isZero { return }
        let m = o.marker
        let shift = o.markerSign > 0 ? delta : -delta     // μ·δ (μ = ±1, so 1/μ = μ)
        if basicRow[m] >= 0 {
            value[m] = value[m] - shift
            valueLog.note(m)
            updateFeasibility(basicRow[m])
        } else {
            for i in rows(of: m) {
                let b = rowBasic[i]
                value[b] = value[b] - entry(i, m) * shift
                valueLog.note(b)
                updateFeasibility(i)
            }
        }
    }

    /// Removes an original row and its logical columns.
    mutating func removeRow(_ origin: Int) {
        basisVersion += 1
        let o = origins[origin]
        precondition(!dropped[o.marker], "SimplexEngine: removal of a row whose marker was dropped")
        let m = o.marker
        var r = basicRow[m]
        if r < 0 {
            if o.extra >= 0, basicRow[o.extra] >= 0 {
                r = basicRow[o.extra]
            } else {
                // The row of the marker's column with the fewest entries (ties: lowest row).
                var best = -1
                for i in rows(of: m) where best < 0 || store.length(i) < store.length(best)
                    || (store.length(i) == store.length(best) && i < best) {
                    best = i
                }
                r = best
            }
            precondition(r >= 0, "SimplexEngine: a constraint's marker column is in no row")
            let leaving = rowBasic[r]
            pivot(m, r)
            settleNonbasic(leaving)
        }
        if levelPricesValid { repriceBeforeRemoving(row: r, of: o) }
        for k in store.cells(r) { colStale[store.column[k]] = true }
        store.clearRow(r)
        rowBasic[r] = -1
        infeasible.remove(r)
        freeRows.append(r)
        basicRow[m] = -1
        for c in [m, o.extra] where c >= 0 {
            lower[c] = .zero
            upper[c] = .zero
            value[c] = .zero
            valueLog.note(c)
            colRows[c] = []
        }
        origins[origin].alive = false
        origins[origin].costColumns = []
        if let p = o.priority { removeLevelRow(p) }
        if recordsTerms { forgetTerms(of: origin) }
    }

    /// Moves nonbasic column `j` back within its bounds (to the nearest one) if it lies outside them; the basic
    /// values follow, and phase 1 then sees any row that became infeasible. Needed after a pivot that is not a
    /// simplex step, which can take a column out of the basis while it still violates a bound.
    mutating func settleNonbasic(_ j: Int) {
        guard j >= 0, basicRow[j] < 0, !dropped[j] else { return }
        if let l = lower[j], value[j] < l { move(j, by: l - value[j]) }
        else if let u = upper[j], value[j] > u { move(j, by: u - value[j]) }
    }

    // MARK: - Simplex

    /// `stopped`: the iteration limit was reached first.
    enum Outcome { case optimal, unbounded, stopped }

    /// Chooses the entering column from the price row: `d_j < 0` and can increase, or `d_j > 0` and can decrease.
    /// Scans the price row's candidates, dropping those found not improving.
    mutating func chooseEntering(bland: Bool) -> Int {
        var best = -1
        var bestMagnitude = T.zero
        var bestCount = 0
        var kept = 0
        for k in price.candidates.indices {
            let j = price.candidates[k]
            let dj = price[j]
            let s = dj.signum
            guard basicRow[j] < 0, !isFixed(j), (s < 0 && canIncrease(j)) || (s > 0 && canDecrease(j)) else {
                price.isCandidate[j] = false
                continue
            }
            price.candidates[kept] = j
            kept += 1
            if bland {
                if best < 0 || j < best { best = j }
            } else {
                // Largest |d_j| per row the pivot would rewrite, |d_j| / (1 + column count): the best rate of
                // improvement per unit of work; ties by lowest index. (Any improving column is correct.)
                let magnitude = s < 0 ? -dj : dj
                let count = colRows[j].count
                if best < 0 {
                    best = j; bestMagnitude = magnitude; bestCount = count
                } else {
                    let lhs = magnitude * T(1 + bestCount), rhs = bestMagnitude * T(1 + count)
                    if lhs > rhs || (lhs == rhs && j < best) {
                        best = j; bestMagnitude = magnitude; bestCount = count
                    }
                }
            }
        }
        price.candidates.removeLast(price.candidates.count - kept)
        return best
    }

    /// The ratio test for `q` moving in direction `sigma`: the step and the row to leave (-1 for a bound flip);
    /// nil when nothing blocks. In phase 1 an infeasible basic blocks where it reaches the bound it violates.
    mutating func ratioTest(_ q: Int, _ sigma: Int, phase1: Bool) -> (step: T, row: Int)? {
        var bestStep: T? = nil
        var bestRow = -1
        var bestColumn = Int.max
        if sigma > 0, let u = upper[q] { bestStep = u - value[q] }
        if sigma < 0, let l = lower[q] { bestStep = value[q] - l }
        for i in rows(of: q) {
            let b = rowBasic[i]
            let t = entry(i, q)
            let rising = (t.signum < 0) == (sigma > 0)      // dz_b/dθ = -t·σ > 0
            var target: T? = nil
            if rising {
                if phase1 && isBelow(b) { target = lower[b] }
                else if !(phase1 && isAbove(b)) { target = upper[b] }
            } else {
                if phase1 && isAbove(b) { target = upper[b] }
                else if !(phase1 && isBelow(b)) { target = lower[b] }
            }
            guard let bound = target else { continue }
            let rate = sigma > 0 ? -t : t
            let step = (bound - value[b]) / rate
            if let current = bestStep {
                if step < current || (step == current && bestRow >= 0 && b < bestColumn) {
                    bestStep = step; bestRow = i; bestColumn = b
                }
            } else {
                bestStep = step; bestRow = i; bestColumn = b
            }
        }
        guard let step = bestStep else { return nil }
        // Exact steps are never negative; an approximate one can be by rounding.
        return (step.signum < 0 ? .zero : step, bestRow)
    }

    /// Takes the step and pivots; returns the pivot row (whose new entries are `store.cells(row)`), or nil for a
    /// bound flip.
    mutating func apply(_ q: Int, _ sigma: Int, _ step: T, _ row: Int) -> Int? {
        if !step.isZero { move(q, by: sigma > 0 ? step : -step) }
        if row < 0 {
            iterations += 1
            return nil
        }
        // The leaving column sits exactly on the bound it reached.
        pivot(q, row)
        return row
    }

    /// Phase 1: minimises the sum of bound violations from the current basis. False when the rows are infeasible
    /// (the infeasible rows then carry the Farkas certificate, see `conflictOrigins`).
    mutating func restoreFeasibility() -> Bool {
        swap(&price, &heldObjective)
        defer { swap(&price, &heldObjective) }
        var degenerate = 0
        while !infeasible.isEmpty {
            if isPastLimit { return false }
            price.reset(columns: lower.count)
            for i in infeasible.sorted() {
                let below = isBelow(rowBasic[i])
                for k in store.cells(i) { price.add(store.column[k], below ? store.coefficient[k] : -store.coefficient[k]) }
            }
            let q = chooseEntering(bland: degenerate >= Self.blandAfter)
            if q < 0 { return false }
            let sigma = price[q].signum < 0 ? 1 : -1
            guard let (step, row) = ratioTest(q, sigma, phase1: true) else {
                preconditionFailure("SimplexEngine: phase 1 step unbounded")
            }
            degenerate = step.isZero ? degenerate + 1 : 0
            if let r = apply(q, sigma, step, row), maintainsObjective {
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
        price.reset(columns: lower.count)
        for (j, c) in costs where !c.isZero {
            let r = basicRow[j]
            if r >= 0 {
                store.subtract(row: r, times: c, from: &price)
            } else {
                price.add(j, c)
            }
        }
        return iterate()
    }

    /// The simplex loop on the current price row (kept up to date through every pivot).
    mutating func iterate() -> Outcome {
        var degenerate = 0
        while true {
            if isPastLimit { return .stopped }
            let q = chooseEntering(bland: degenerate >= Self.blandAfter)
            if q < 0 { return .optimal }
            let f = price[q]
            let sigma = f.signum < 0 ? 1 : -1
            guard let (step, row) = ratioTest(q, sigma, phase1: false) else { return .unbounded }
            degenerate = step.isZero ? degenerate + 1 : 0
            if let r = apply(q, sigma, step, row) {
                price.clear(q)
                store.subtract(row: r, times: f, from: &price)
            } else {
                price.markCandidate(q)    // a bound flip: may improve the other way
            }
        }
    }

    // MARK: - Certificates

    /// After a failed `restoreFeasibility()`: the live required origins the Farkas certificate uses (the phase-1
    /// combination of the infeasible rows, read off each origin's marker column).
    func conflictOrigins() -> [Int] {
        var combination: [Int: T] = [:]
        for i in infeasible {
            let below = isBelow(rowBasic[i])
            accumulate(&combination, rowBasic[i], below ? .one : -T.one)
            for k in store.cells(i) {
                let t = store.coefficient[k]
                accumulate(&combination, store.column[k], below ? t : -t)
            }
        }
        return origins.indices.filter { k in
            let o = origins[k]
            return o.alive && o.priority == nil && combination[o.marker] != nil
        }
    }

    // MARK: - Ambiguity

    /// Whether a layout column may move on the current face (fixed columns cannot): a basic column whose row has
    /// a movable entry, or a movable nonbasic column. A column that is not a candidate is constant on the face.
    func mayMove(_ c: Int) -> Bool {
        let r = basicRow[c]
        if r < 0 { return !isFixed(c) }
        for k in store.cells(r) where !isFixed(store.column[k]) { return true }
        return false
    }

    /// The least and greatest values of column `c` on the current face (nil: unbounded).
    mutating func range(of c: Int) -> (minimum: T?, maximum: T?) { range(of: [(c, .one)]) }

    /// The least and greatest values of `Σ cost·column` over distinct columns on the current face (nil: unbounded).
    mutating func range(of terms: [(column: Int, cost: T)]) -> (minimum: T?, maximum: T?) {
        let sum = { (engine: Self) -> T in terms.reduce(T.zero) { $0 + $1.cost * engine.value[$1.column] } }
        let minimum: T? = optimize(terms) == .optimal ? sum(self) : nil
        let maximum: T? = optimize(terms.map { ($0.column, -$0.cost) }) == .optimal ? sum(self) : nil
        return (minimum, maximum)
    }
}
