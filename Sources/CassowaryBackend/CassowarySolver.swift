import PlumbSystem
import PlumbSolver

/// The incremental floating-point Cassowary back end (Badros, Borning and Stuckey 2001), with a strictly
/// lexicographic objective: one coefficient per priority level, each level in a fixed slot, ranked by priority.
///
/// Rationals are converted to `Double` once, here, at the API boundary; the tableau (`Tableau`) never sees
/// them. See `CassowaryTolerance` for the tolerance policy.
///
/// Required equalities carry no marker column in the tableau (the fill-in that makes kiwi super-quadratic). A
/// variable that no other constraint names stands in for the missing marker: its column is the marker's column up
/// to scale. So removing such an equality, or changing its constant, costs what kiwi's marker would: O(1) when that
/// variable is basic (its row goes, or its row's constant shifts), else one pivot over the rows that hold it (a
/// constant change: a shift along its column and the dual simplex over the rows made infeasible). Removals wait
/// until the next call that reads or changes the tableau and then go together, each as soon as one of its variables
/// is named by no other constraint left: a Masonry remake, or a view taken out with every constraint naming it,
/// peels off this way. An equality none of whose variables becomes its own gets its marker column back
/// (`CassowarySolver+MarkerRecovery.swift`): a weighting of the constraints' columns that adds up to the missing
/// dummy's, found on the constraints themselves over the rows that depend on the equality (a depth-first search,
/// then a region solve for dependents that close a cycle), gives the dummy's tableau column; the removal or
/// constant change then goes through that marker, and later ones reuse it. An equality the others imply goes
/// without a change. Only when neither search succeeds within its budget does the solver rebuild the tableau from
/// the stored constraints in their original order (`counters.rebuilds`).
/// Every other constraint (inequalities, non-required constraints, edits) is removed and re-constanted
/// incrementally through its slack or error marker. Conflict explanations replay the required constraints in
/// a throwaway tableau that keeps markers for every required equality and read the markers of the failing row.
///
/// Edits follow layout-lp/1: an edit variable has no effect until a value is suggested. Suggestions take effect
/// in `solve()`: the first one adds `variable == its current value` at the edit's priority (a degenerate add that
/// moves nothing), and every suggestion is then a constant shift along the edit's error column followed by the
/// dual simplex, which touches only the rows the shift made infeasible.
///
/// Values are read from the tableau when asked (`value(of:)`), so they reflect every add, removal and constant
/// change made since, not only the last `solve()`; pending suggestions wait for `solve()`.
///
/// Determinism: no pivot choice depends on hashing or on the order of a list; ties are broken by symbol id.
/// Failure atomicity: an add that fails before touching the tableau leaves nothing behind; one that fails in phase 1,
/// and a constant change whose dual simplex fails, are undone from an undo journal of the rows, basic assignments
/// and objective coefficients they touched; the rebuild paths build a new tableau and keep the old one on failure.
public final class CassowarySolver: LayoutSolver {
    public static let name = "cassowary"
    public static let capabilities = SolverCapabilities(exact: false, strictPriorities: true, incremental: true,
                                                        explainsConflicts: true, detectsAmbiguity: false)

    struct Edit {
        var priority: Priority
        /// The record implementing `variable == suggestion`, nil before the first suggestion.
        var slot: Int?
        /// The value suggested since the last `solve()`, if any.
        var pending: Double = 0
        var hasPending = false
    }

    /// Everything the solver allocates, in one object: a freed solver's, reset, or a new one (see `init()`). Its
    /// parts are reached by name (`tableau`, `levels`, ...: `SolverStorage.swift`).
    let storage: SolverStorage
    /// The buffers every add appends to and hands on, held here as well: reached through `storage`, each was
    /// retained and released around every call that took one.
    let records: FlatList<Record>
    let termVars: FlatList<Int32>
    let termCoefs: FlatList<Double>
    /// Where every add gathers its row (see `NewRowBuffers`).
    let newRow: NewRowBuffers
    /// Slot of each constraint id: dense for small non-negative ids (-1 where none), a dictionary (`sparseSlot`)
    /// for the rest.
    let denseSlot: FlatList<Int32>
    /// Per variable index, the records in the tableau (live or leaving) whose terms name it.
    let variableUses: FlatList<Int32>
    /// Tableau rebuilds so far (removals and constant changes of equalities whose marker column could not be
    /// recovered).
    @exclusivity(unchecked) var rebuilds = 0
    /// Marker columns recovered so far (`CassowarySolver+MarkerRecovery.swift`).
    @exclusivity(unchecked) var recoveredMarkers = 0
    /// Marker recoveries the depth-first search left to the region solve.
    @exclusivity(unchecked) var regionSolves = 0
    #if DEBUG
    /// Public operations so far, and the tableau's rollback count at the last check (debug builds schedule the
    /// invariant check by them).
    @exclusivity(unchecked) var checkedOperations = 0
    @exclusivity(unchecked) var rollbacksChecked = 0
    #endif
    /// Records removed since the last compaction of the records (`CassowarySolver+Compaction.swift`).
    @exclusivity(unchecked) var deadRecords = 0
    /// Live records marked `isImplied`.
    @exclusivity(unchecked) var impliedRecords = 0
    /// Symbols that may be out of use, counted since the last look: two per record removed, and those the last look
    /// found and left (phase one's artificial symbols are counted from `artificialAddsSeen`).
    @exclusivity(unchecked) var symbolsMaybeUnused = 0
    /// The tableau's phase-one adds at the last look for symbols out of use.
    @exclusivity(unchecked) var artificialAddsSeen = 0
    /// The symbol count at which the next add looks for symbols out of use whatever the counts say (a backstop).
    @exclusivity(unchecked) var symbolCheckAt = 2 * Tableau.compactionFloor
    /// Looks for symbols out of use so far (`compactSymbols()`).
    @exclusivity(unchecked) var symbolScans = 0
    /// Pivots already reported by `solve()` (each report counts those since the last).
    @exclusivity(unchecked) var pivotsReported = 0

    func edit(_ v: Int) -> Edit? { v >= 0 && v < edits.count ? edits[v] : nil }

    /// An empty solver. Its storage is the last freed solver's when that one was small (`SolverStorage.pool`: kept
    /// reset, as `reset()` leaves it), else new.
    /// - Complexity: O(1) with kept storage; otherwise some thirty buffers allocated for a small layout.
    public convenience init() {
        self.init(storage: SolverStorage.pool.take() ?? SolverStorage())
    }

    /// An empty solver on `storage` (a new one, or a freed solver's, reset).
    init(storage: SolverStorage) {
        self.storage = storage
        records = storage.records
        termVars = storage.termVars
        termCoefs = storage.termCoefs
        newRow = storage.newRow
        denseSlot = storage.denseSlot
        variableUses = storage.variableUses
    }

    /// A small solver's storage, reset, is kept for the next solver made (`SolverStorage.pool`).
    deinit {
        guard SolverStorage.keeps(self) else { return }
        reset()
        SolverStorage.pool.give(storage)
    }

    /// Removes every constraint, edit variable and suggestion and keeps the storage of every buffer: the solver is
    /// then as `init()` makes it (the same answers, bit for bit, and the same counters), and a layout no larger than
    /// the ones it held before is built again without growing an array. For an app that lays out many small views in
    /// turn: one solver, reset between them. (A new solver each time costs little more: a freed small solver's
    /// storage is reset and kept for the next one made, `SolverStorage`.)
    /// - Complexity: O(1) per buffer; nothing is freed or allocated.
    public func reset() {
        tableau.removeAll()
        levels.removeAllKeepingCapacity()
        levelSlots.removeAllKeepingCapacity()
        records.removeAll()
        termVars.removeAll()
        termCoefs.removeAll()
        denseSlot.removeAll()
        sparseSlot.removeAllKeepingCapacity()
        edits.removeAllKeepingCapacity()
        pendingVariables.removeAllKeepingCapacity()
        leaving.removeAllKeepingCapacity()
        variableUses.removeAll()
        rebuilds = 0
        recoveredMarkers = 0
        regionSolves = 0
        // (the marker search's scratch is clean between searches and sized by what it has seen: it stays)
        useIndex.removeAll()
        pivotsReported = 0
        deadRecords = 0
        impliedRecords = 0
        symbolsMaybeUnused = 0
        artificialAddsSeen = 0
        symbolCheckAt = 2 * Tableau.compactionFloor
        symbolScans = 0
        lastPriority = nil
        lastLevel = 0
        #if DEBUG
        checkedOperations = 0
        rollbacksChecked = 0
        #endif
        assertInvariants()
    }

    @inline(__always) func slot(of id: ConstraintID) -> Int? {
        let i = id.index
        if i >= 0 && i < denseSlot.count && denseSlot[i] >= 0 { return Int(denseSlot[i]) }
        return sparseSlot.isEmpty ? nil : sparseSlot[id]
    }

    /// Ids below this go in `denseSlot` (a table a few times the number of records, so sparse ids cost no memory).
    static func denseSlotLimit(records: Int) -> Int { 4 * records + 4096 }

    @inline(__always) func setSlot(_ slot: Int?, of id: ConstraintID) {
        let i = id.index
        if slot == nil {
            if i >= 0 && i < denseSlot.count { denseSlot[i] = -1 }
            if !sparseSlot.isEmpty { sparseSlot[id] = nil }
            return
        }
        if i >= 0 && i < CassowarySolver.denseSlotLimit(records: records.count) {
            if i >= denseSlot.count { denseSlot.extend(toInclude: i, with: -1) }
            denseSlot[i] = Int32(slot ?? -1)
        } else {
            sparseSlot[id] = slot
        }
    }

    // MARK: - levels

    /// The last priority looked up and its level (adds usually come in runs of one priority).
    @exclusivity(unchecked) var lastPriority: Priority? = nil
    @exclusivity(unchecked) var lastLevel = 0

    func level(of priority: Priority) -> Int {
        if let last = lastPriority, last == priority { return lastLevel }
        let found = findOrInsertLevel(priority)
        lastPriority = priority
        lastLevel = found
        return found
    }

    // MARK: - LayoutSolver

    public func add(_ constraint: LinearConstraint, id: ConstraintID) throws(SolverError) {
        defer { assertInvariants() }
        if slot(of: id) != nil { throw .duplicateConstraint(id) }
        settleRemovals()
        let priority = constraint.priority
        let required = priority.isRequired
        guard required || priority.isValid else { throw .invalidPriority(priority, "a priority must lie in (0, 1000]") }
        let start = termVars.count
        // one loop over the terms converts, stores and counts each (`dropTerms(from:)` takes them back on a refusal)
        for t in constraint.terms {
            let a = t.coefficient.doubleValue
            guard a == 0 || CassowaryTolerance.coefficientRange.contains(abs(a)) else {
                dropTerms(from: start)
                throw Self.coefficientOutOfRange(id, a, variable: t.variable.index)
            }
            let v = t.variable.index
            termVars.append(Int32(v))
            termCoefs.append(a)
            if v >= variableUses.count { variableUses.extend(toInclude: v, with: 0) }
            variableUses[v] += 1
        }
        let constant = constraint.constant.doubleValue
        guard abs(constant) <= CassowaryTolerance.largestConstant else {
            dropTerms(from: start)
            throw Self.constantOutOfRange(id, constant)
        }
        var record = Record(.constraint(id), start: start, count: constraint.terms.count, constant: constant,
                            relation: ConstraintRelation(constraint.relation),
                            level: required ? nil : level(of: priority))
        record.constantIsRounded = !constraint.constant.isExactlyDouble
        let slot = records.count
        switch tableau.addConstraint(termVars, termCoefs, record.start, record.count, constant: record.constant,
                                     inputError: record.inputError, relation: record.relation, level: record.level,
                                     withDummy: false, owner: Int32(slot), gatheringInto: newRow) {
        case .added(let m, let o):
            record.marker = m
            record.other = o
        case .implied:
            record.equalityMarker = .implied
            impliedRecords += 1
        case .unsatisfiable:
            throw refusal(of: record, id, slot: slot, termsFrom: start)
        }
        records.append(record)
        if useIndex.isBuilt { useIndex.link(slot: slot, start: start, count: record.count, variables: termVars) }
        setSlot(slot, of: id)
        compactIfSparse()
    }

    /// Takes back the terms an add stored from `start` on, and their counts in `variableUses` (a refused add).
    func dropTerms(from start: Int) {
        for k in start..<termVars.count { variableUses[Int(termVars[k])] -= 1 }
        termVars.removeLast(termVars.count - start)
        termCoefs.removeLast(termCoefs.count - start)
    }

    public func remove(_ id: ConstraintID) throws(SolverError) {
        defer { assertInvariants() }
        guard let slot = slot(of: id) else { throw .unknownConstraint(id) }
        removeSlot(slot)
        setSlot(nil, of: id)
    }

    public func setConstant(_ constant: Rational, of id: ConstraintID) throws(SolverError) {
        defer { assertInvariants() }
        guard let slot = slot(of: id) else { throw .unknownConstraint(id) }
        let value = constant.doubleValue
        guard abs(value) <= CassowaryTolerance.largestConstant else { throw Self.constantOutOfRange(id, value) }
        settleRemovals()
        var r = records[slot]
        if r.hasNoMarker, let own = ownVariable(of: r),
           tableau.shiftConstant(ofEqualitySolvedFor: own.symbol, coefficient: own.coefficient, delta: value - r.constant) {
            // only the variable of its own moves: nothing can become infeasible
            records[slot].constant = value
            return
        }
        let delta = value - r.constant
        if delta == 0 { return }
        // A required equality without a marker gets its marker column back (inside the journal: a refused change
        // takes it back too); only when none can be recovered is the tableau rebuilt.
        let symbolsBefore = tableau.symbolCount
        let required = r.isRequired
        if required { tableau.beginJournal() }
        var recovered = false
        if r.hasNoMarker {
            let recovery = recoverMarker(of: slot)
            recovered = recovery == .recovered
            if recovery == .implied {
                // the other required equalities fix its constant: any other value conflicts with them
                tableau.commitJournal()
                throw conflict(of: r, slot: slot, withConstant: value)
            }
            if !recovered {
                tableau.commitJournal()
                if !rebuild(constantOf: (slot, value), flag: slot) { throw conflict(of: r, slot: slot, withConstant: value) }
                return
            }
            r = records[slot]
        }
        tableau.shiftConstant(marker: r.marker!, mu: r.markerSign, delta: delta)
        if !tableau.dualOptimize() {
            if required {
                tableau.rollbackJournal()
                if recovered {
                    tableau.dropSymbols(from: symbolsBefore)
                    records[slot].marker = nil
                    records[slot].hasDummy = false
                    recoveredMarkers -= 1
                }
                throw conflict(of: r, slot: slot, withConstant: value)
            }
            tableau.reportTrouble("dual simplex found no entering symbol (round-off)")
        }
        if required { tableau.commitJournal() }
        tableau.optimize()
        records[slot].constant = value
    }

    /// The refusal of a constant change of record `slot` to `value`: the required constraints it conflicts with.
    func conflict(of r: Record, slot: Int, withConstant value: Double) -> SolverError {
        var changed = r
        changed.constant = value
        guard let id = r.id else {
            return .unsupported("a suggested value cannot make the required constraints infeasible")
        }
        return .unsatisfiable(id, conflictsWith: explain(changed, slot: slot, replacing: slot))
    }

    public func addEditVariable(_ variable: VariableID, priority: Priority) throws(SolverError) {
        defer { assertInvariants() }
        guard priority.isValid else { throw .invalidPriority(priority, "a priority must lie in (0, 1000]") }
        guard !priority.isRequired else { throw .invalidPriority(priority, "an edit variable cannot be required") }
        if edit(variable.index) != nil { throw .duplicateEditVariable(variable) }
        if variable.index < 0 { throw .unknownEditVariable(variable) }
        _ = level(of: priority)
        if variable.index >= edits.count { grow(&edits, toInclude: variable.index, with: nil) }
        edits[variable.index] = Edit(priority: priority, slot: nil)
    }

    public func removeEditVariable(_ variable: VariableID) throws(SolverError) {
        defer { assertInvariants() }
        guard let e = edit(variable.index) else { throw .unknownEditVariable(variable) }
        settleRemovals()
        if let slot = e.slot { removeSlot(slot) }
        edits[variable.index] = nil
        if e.hasPending { pendingVariables.removeAll { $0 == variable.index } }
    }

    public func suggest(_ value: Rational, for variable: VariableID) throws(SolverError) {
        defer { assertInvariants(tableauUntouched: true) }
        let v = variable.index
        guard edit(v) != nil else { throw .unknownEditVariable(variable) }
        guard abs(value.doubleValue) <= CassowaryTolerance.largestConstant else {
            throw .unsupported("the suggested value \(value.doubleValue) for variable \(v) is beyond "
                + "\(CassowaryTolerance.largestConstant), outside the floating-point range this back end solves reliably")
        }
        edits[v]!.pending = value.doubleValue
        if !edits[v]!.hasPending {
            edits[v]!.hasPending = true
            pendingVariables.append(v)
        }
    }

    public func solve() throws(SolverError) -> SolveReport {
        defer { assertInvariants() }
        settleRemovals()
        if !pendingVariables.isEmpty {
            // First suggestion of an edit: add `v == current value` (degenerate: no value moves, one pivot at
            // most), so that every suggestion, first or not, is then a constant shift repaired by the dual simplex
            // (which touches only rows that become infeasible) instead of a cascade of primal pivots.
            for v in pendingVariables where edits[v]!.slot == nil {
                let edit = edits[v]!
                termVars.append(Int32(v))
                termCoefs.append(1)
                let current = tableau.value(ofVariable: v)
                var record = Record(.edit(variable: v), start: termVars.count - 1, count: 1, constant: -current,
                                    relation: .equal, level: level(of: edit.priority))
                let slot = records.count
                if case .added(let m, let o) = tableau.addConstraint(termVars, termCoefs, record.start, record.count,
                                                                    constant: record.constant, relation: .equal,
                                                                    level: record.level, withDummy: false,
                                                                    owner: Int32(slot), gatheringInto: newRow) {
                    record.marker = m
                    record.other = o
                }
                records.append(record)
                countUses(of: slot, by: 1)
                edits[v]!.slot = slot
            }
            // the last suggestion per variable wins, in the order the variables were first suggested
            var shifted = false
            for v in pendingVariables {
                edits[v]!.hasPending = false
                let edit = edits[v]!
                let slot = edit.slot!
                let r = records[slot]
                let constant = -edit.pending
                let delta = constant - r.constant
                if delta != 0 {
                    tableau.shiftConstant(marker: r.marker!, mu: r.markerSign, delta: delta)
                    records[slot].constant = constant
                    shifted = true
                }
            }
            pendingVariables.removeAll(keepingCapacity: true)
            if shifted {
                if !tableau.dualOptimize() { tableau.reportTrouble("dual simplex found no entering symbol (round-off)") }
                tableau.optimize()
            }
        }
        var report = SolveReport(converged: tableau.trouble == nil, iterations: tableau.pivots - pivotsReported,
                                 message: tableau.trouble ?? "")
        if report.converged, let loss = tableau.precisionLoss {
            report.approximate = true
            report.message = loss.description
        }
        pivotsReported = tableau.pivots
        tableau.trouble = nil
        return report
    }

    public func value(of variable: VariableID) -> SolvedValue {
        settleRemovals()
        let v = tableau.value(ofVariable: variable.index)
        return .float(v == 0 ? 0 : v)
    }

}
