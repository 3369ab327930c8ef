/// Recovering the marker column of a required equality that was added without one, so that removing it or changing
/// its constant touches only the rows that depend on it instead of rebuilding the tableau.
///
/// The equality's dummy marker would have had the column `-e_k` in the constraint matrix (`-1` in its own row `k`,
/// `0` in every other). Any weighting `w` of symbols whose constraint-matrix columns add up to `-e_k` gives the
/// dummy's tableau column as the same weighting of their tableau columns (`Tableau.installDummyColumn`). Such a
/// weighting is found on the constraints themselves, not on the tableau: a residual starts at `-1` in row `k`; a
/// row with a marker (an inequality's slack, a soft constraint's error, a dummy) absorbs its residual through that
/// marker, which no other row names; a row without one (another required equality) is closed through one of its
/// variables, whose weight then spreads the residual to the other rows naming it. A closed row is never touched
/// again, so the search ends; at a row where several variables could close it, it remembers the others and comes
/// back to them (undoing what followed) when a later row finds no variable. On a chain the search walks from the
/// removed link to the chain's free end: exactly the views whose positions depend on the link.
///
/// The search comes back from one dead end only: past it (dependents that close a cycle, or an equality the
/// others imply) `MarkerRegionSolve` takes over; past its work budget, proportional to the solver's terms, the
/// caller falls back to rebuilding the tableau.
extension CassowarySolver {
    /// What recovering a marker came to.
    enum MarkerRecovery {
        /// The record now has a dummy marker with the column it would have had from the start.
        case recovered
        /// The other rows in the tableau imply the record: without it the tableau is the same.
        case implied
        /// Neither was established within the work budget (the caller rebuilds).
        case notFound
    }

    /// Gives record `slot` (a required equality without a marker, in the tableau) a dummy marker with the column it
    /// would have had from the start, or finds that the other rows imply it. Nothing changes unless `.recovered`.
    /// - Complexity: the rows and variables between the equality and the free ends of what depends on it (with the
    ///   use lists of the variables tried), then the cells of the column; at most the work budget (twice: the
    ///   depth-first search, then the region solve).
    func recoverMarker(of slot: Int) -> MarkerRecovery {
        ensureUseIndex()
        let found: MarkerCombination
        if let quick = markerCombination(of: slot) {
            found = quick
        } else {
            regionSolves += 1
            var solve = MarkerRegionSolve(solver: self, record: slot)
            switch solve.run() {
            case .found(let combination): found = combination
            case .implied: return .implied
            case .gaveUp: return .notFound
            }
        }
        let d = tableau.installDummyColumn(owner: Int32(slot), combination: found.symbols, costs: found.costs)
        records[slot].marker = d
        records[slot].hasDummy = true
        recoveredMarkers += 1
        #if DEBUG
        // the recovered column must make the tableau imply every record identically, this one with its dummy
        if cassowaryInvariantSchedule.isCheap(tableau.checkCost) {
            if let message = identityFailures().first { assertionFailure("recovering record \(slot)'s marker: \(message)") }
        }
        #endif
        return .recovered
    }

    /// Builds the variable-to-records index on first need, from the records in the tableau (live and leaving).
    func ensureUseIndex() {
        guard !useIndex.isBuilt else { return }
        useIndex.build(variables: termVars, terms: termVars.count, records: recordsInTableau())
    }

    /// The records whose terms are in the tableau (live and leaving), as (slot, first term, term count).
    func recordsInTableau() -> [(slot: Int, start: Int, count: Int)] {
        var list: [(slot: Int, start: Int, count: Int)] = []
        for slot in records.indices where records[slot].alive { list.append((slot, records[slot].start, records[slot].count)) }
        for slot in leaving { list.append((slot, records[slot].start, records[slot].count)) }
        return list
    }

    /// A weighting of symbols whose constraint-matrix columns add up to `-e_k` for record `k`, and the original
    /// objective costs it carries (error markers of soft equalities weigh 1 at their level), or nil.
    func markerCombination(of k: Int) -> MarkerCombination? {
        var search = MarkerSearch(solver: self)
        defer { search.finish() }
        return search.run(from: k)
    }
}

/// Symbols weighted so that their constraint-matrix columns add up to a missing dummy's (`-e_k`), and the original
/// objective costs that weighting carries (an error marker of a soft equality weighs 1 at its level slot).
struct MarkerCombination {
    var symbols: [(symbol: Int32, weight: Double)]
    var costs: [(slot: Int, weight: Double)]
}

/// Where a record's row stands in a marker search.
enum MarkerSearchRowState: UInt8 {
    case untouched
    /// Waiting to be processed (its residual may be non-zero).
    case open
    /// Closed through a variable (a row without a marker): never touched again.
    case closed
}

/// Per-record and per-variable scratch of the marker search, kept by the solver between searches (all untouched
/// between calls) so that a search allocates in proportion to what it touches.
struct MarkerSearchScratch {
    var residual: [Double] = []
    var state: [MarkerSearchRowState] = []
    var used: [Bool] = []
    var touchedRows: [Int] = []
    var usedVariables: [Int] = []

    mutating func ensure(records n: Int, variables m: Int) {
        if residual.count < n {
            grow(&residual, toInclude: n - 1, with: 0)
            grow(&state, toInclude: n - 1, with: .untouched)
        }
        if used.count < m { grow(&used, toInclude: m - 1, with: false) }
    }

    var footprintBytes: Int {
        bufferBytes(residual) + bufferBytes(state) + bufferBytes(used) + bufferBytes(touchedRows) + bufferBytes(usedVariables)
    }
}

/// One marker search (see `CassowarySolver+MarkerRecovery.swift`): a depth-first walk over rows with an undo
/// trail for coming back to a row where another variable could have closed it.
struct MarkerSearch {
    private enum TrailEntry {
        case residual(Int, Double)
        case state(Int, MarkerSearchRowState)
        case used(Int)
        case pushed
        case popped(Int)
    }

    /// A row where more than one variable could close it: the state to come back to and the variables left to try.
    private struct ChoicePoint {
        var trail: Int
        var symbolCount: Int
        var costCount: Int
        var row: Int
        var residual: Double
        var candidates: [(variable: Int, coefficient: Double)]
        var next: Int
    }

    /// Variables named by more records than this are not looked ahead of (their use lists are long); they are tried
    /// last and checked only when chosen.
    private static let lookAheadLimit: Int32 = 32
    /// Dead ends the search comes back from before it leaves the row to `MarkerRegionSolve`. One: on the generated
    /// families and the app lifecycles a search that needs a second try is on a cycle and fails after it anyway (with
    /// four, a grid's failing searches cost a quarter of its removals; chain, nested, app and random are unchanged).
    private static let backtrackLimit = 1

    private let solver: CassowarySolver
    private var scratch: MarkerSearchScratch
    private var open: [Int] = []
    private var trail: [TrailEntry] = []
    private var choices: [ChoicePoint] = []
    private var symbols: [(symbol: Int32, weight: Double)] = []
    private var costs: [(slot: Int, weight: Double)] = []
    private var budget: Int
    private var largestResidual: Double = 1
    private var backtracks = 0

    init(solver: CassowarySolver) {
        self.solver = solver
        scratch = MarkerSearchScratch()
        swap(&scratch, &solver.markerScratch)
        scratch.ensure(records: solver.records.count, variables: solver.variableUses.count)
        budget = 16 * solver.termVars.count + 4096
    }

    /// Puts the scratch back, untouched, into the solver.
    mutating func finish() {
        for i in scratch.touchedRows { scratch.residual[i] = 0; scratch.state[i] = .untouched }
        for v in scratch.usedVariables { scratch.used[v] = false }
        scratch.touchedRows.removeAll(keepingCapacity: true)
        scratch.usedVariables.removeAll(keepingCapacity: true)
        swap(&scratch, &solver.markerScratch)
    }

    mutating func run(from k: Int) -> MarkerCombination? {
        setResidual(k, -1)
        setState(k, .open)
        push(k)
        next: while let i = pop() {
            if budget < 0 { return nil }
            let res = scratch.residual[i]
            setState(i, .untouched)
            if abs(res) <= 1e-12 * largestResidual {
                setResidual(i, 0)
                continue
            }
            let r = solver.records[i]
            if !r.hasNoMarker {
                guard let m = r.marker else { return nil }
                let w = res / r.markerSign
                symbols.append((m, w))
                if let level = r.level, r.relation == .equal { costs.append((level, w)) }
                setResidual(i, 0)
                continue
            }
            let candidates = self.candidates(closing: i)
            var first = 0
            while first < candidates.count {
                if candidates.count - first > 1 {
                    choices.append(ChoicePoint(trail: trail.count, symbolCount: symbols.count, costCount: costs.count,
                                               row: i, residual: res, candidates: candidates, next: first + 1))
                }
                if close(i, residual: res, through: candidates[first]) { continue next }
                if candidates.count - first > 1 { choices.removeLast() }
                first += 1
            }
            // no variable closes row i: come back to the latest row with another variable to try (once:
            // a search that keeps failing is on a cycle, which the region solve handles in proportion)
            backtracks += 1
            if backtracks > Self.backtrackLimit { return nil }
            while !choices.isEmpty {
                let c = choices[choices.count - 1]
                undo(to: c.trail)
                symbols.removeLast(symbols.count - c.symbolCount)
                costs.removeLast(costs.count - c.costCount)
                if c.next >= c.candidates.count {
                    choices.removeLast()
                    continue
                }
                choices[choices.count - 1].next += 1
                if choices[choices.count - 1].next >= c.candidates.count { choices.removeLast() }
                if close(c.row, residual: c.residual, through: c.candidates[c.next]) { continue next }
                if budget < 0 { return nil }
            }
            return nil
        }
        return MarkerCombination(symbols: symbols, costs: costs)
    }

    /// The variables that may close row `i`: each once with its coefficient, not yet used, with the rows it would
    /// reopen fewest first (the newest variable first on ties). A variable that would touch a closed row without a marker, or open one with no other
    /// variable to close it, is left out (for variables with long use lists this is checked only when chosen).
    private mutating func candidates(closing i: Int) -> [(variable: Int, coefficient: Double)] {
        let r = solver.records[i]
        var found: [(variable: Int, coefficient: Double, score: Int32)] = []
        for p in r.start..<(r.start + r.count) {
            let v = Int(solver.termVars[p]), a = solver.termCoefs[p]
            if scratch.used[v] { continue }
            if let at = found.firstIndex(where: { $0.variable == v }) { found[at].coefficient += a; continue }
            found.append((v, a, 0))
        }
        var viable: [(variable: Int, coefficient: Double, score: Int32)] = []
        for var c in found where abs(c.coefficient) > CassowaryTolerance.pivot {
            let uses = solver.variableUses[c.variable]
            if uses > Self.lookAheadLimit {
                c.score = uses
                viable.append(c)
                continue
            }
            var ok = true, score: Int32 = 0
            var p = solver.useIndex.firstPosition(of: c.variable)
            while let q = p, ok {
                budget -= 1
                let j = solver.useIndex.record(at: q)
                p = solver.useIndex.position(after: q)
                if j == i || !solver.records[j].hasNoMarker { continue }
                if scratch.state[j] == .closed || !hasAnotherVariable(j, besides: c.variable) { ok = false }
                score += 1
            }
            if ok {
                c.score = score
                viable.append(c)
            }
        }
        // ties go to the newest variable: layouts are built parents first, so what depends on an equality was
        // mostly created after its other side (a chain's next view, a nested view's children)
        viable.sort { ($0.score, -$0.variable) < ($1.score, -$1.variable) }
        return viable.map { ($0.variable, $0.coefficient) }
    }

    private func hasAnotherVariable(_ j: Int, besides v: Int) -> Bool {
        let r = solver.records[j]
        for p in r.start..<(r.start + r.count) {
            let u = Int(solver.termVars[p])
            if u != v && !scratch.used[u] && solver.termCoefs[p] != 0 { return true }
        }
        return false
    }

    /// Closes row `i` (residual `res`) through variable `c`: its weight zeroes the row's residual and spreads to the
    /// other rows naming it, which open. False (nothing changed) when it would touch a closed row.
    private mutating func close(_ i: Int, residual res: Double, through c: (variable: Int, coefficient: Double)) -> Bool {
        let index = solver.useIndex
        var p = index.firstPosition(of: c.variable)
        while let q = p {
            budget -= 1
            let j = index.record(at: q)
            if j != i && scratch.state[j] == .closed { return false }
            p = index.position(after: q)
        }
        guard let symbol = solver.tableau.externals.symbol(of: c.variable) else { return false }
        let delta = res / c.coefficient
        setUsed(c.variable)
        symbols.append((symbol, delta))
        setState(i, .closed)
        setResidual(i, 0)
        p = index.firstPosition(of: c.variable)
        while let q = p {
            let j = index.record(at: q)
            p = index.position(after: q)
            if j == i { continue }
            let value = scratch.residual[j] - solver.termCoefs[q] * delta
            setResidual(j, value)
            largestResidual = Swift.max(largestResidual, abs(value))
            if scratch.state[j] == .untouched {
                setState(j, .open)
                push(j)
            }
        }
        return true
    }

    // MARK: - trail

    private mutating func setResidual(_ i: Int, _ value: Double) {
        if !choices.isEmpty { trail.append(.residual(i, scratch.residual[i])) }
        if scratch.residual[i] == 0 && scratch.state[i] == .untouched { scratch.touchedRows.append(i) }
        scratch.residual[i] = value
    }

    private mutating func setState(_ i: Int, _ state: MarkerSearchRowState) {
        if !choices.isEmpty { trail.append(.state(i, scratch.state[i])) }
        if scratch.residual[i] == 0 && scratch.state[i] == .untouched { scratch.touchedRows.append(i) }
        scratch.state[i] = state
    }

    private mutating func setUsed(_ v: Int) {
        if !choices.isEmpty { trail.append(.used(v)) }
        scratch.used[v] = true
        scratch.usedVariables.append(v)
    }

    private mutating func push(_ i: Int) {
        if !choices.isEmpty { trail.append(.pushed) }
        open.append(i)
    }

    private mutating func pop() -> Int? {
        guard let i = open.popLast() else { return nil }
        if !choices.isEmpty { trail.append(.popped(i)) }
        return i
    }

    private mutating func undo(to mark: Int) {
        while trail.count > mark {
            switch trail.removeLast() {
            case .residual(let i, let old): scratch.residual[i] = old
            case .state(let i, let old): scratch.state[i] = old
            case .used(let v): scratch.used[v] = false
            case .pushed: open.removeLast()
            case .popped(let i): open.append(i)
            }
        }
    }
}
