import PlumbSystem
import PlumbSolver

/// The incremental floating-point Cassowary back end (Badros, Borning and Stuckey 2001), with a strictly
/// lexicographic objective: one coefficient per priority level, each level in a fixed slot, ranked by priority.
///
/// Rationals are converted to `Double` once, here, at the API boundary; the tableau (`Tableau`) never sees
/// them. See `CassowaryTolerance` for the tolerance policy.
///
/// Required equalities carry no marker column in the tableau (the fill-in that makes kiwi super-quadratic).
/// Removing one, or changing its constant for the first time, rebuilds the tableau from the stored constraints
/// in their original order; a constant change also gives that constraint a marker column from then on, so later
/// changes of the same constraint are incremental (a constant shift along its column plus dual simplex).
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

    /// One stored constraint (48 bytes: 32-bit fields where they suffice; there is one per constraint).
    struct Record {
        var id: ConstraintID
        var constant: Double
        /// Terms: `termVars[start..<start+count]`, `termCoefs[...]` of the solver.
        private var start32: Int32
        private var count32: Int32
        /// Objective slot of its priority level (see `levelSlots`), or -1 for required.
        private var level32: Int32
        var marker: Int32 = -1
        var other: Int32 = -1
        /// The edit variable this record implements, or -1.
        private var editVariable32: Int32 = -1
        /// 0 `==`, 1 `<=`, 2 `>=`.
        var relation: UInt8
        /// A required equality that keeps a dummy marker column (after its first constant change).
        var flagged = false
        var alive = true

        init(id: ConstraintID, start: Int, count: Int, constant: Double, relation: UInt8, level: Int) {
            self.id = id
            self.constant = constant
            start32 = Int32(start)
            count32 = Int32(count)
            level32 = Int32(level)
            self.relation = relation
        }

        var start: Int { Int(start32) }
        var count: Int { Int(count32) }
        var level: Int {
            get { Int(level32) }
            set { level32 = Int32(newValue) }
        }
        var editVariable: Int {
            get { Int(editVariable32) }
            set { editVariable32 = Int32(newValue) }
        }

        /// The coefficient of the marker in the constraint's equation (`lhs + marker terms = 0`).
        var markerSign: Double { relation == 1 ? 1 : -1 }
    }

    struct Edit {
        var priority: Priority
        /// The record implementing `variable == suggestion`, or -1 before the first suggestion.
        var slot: Int
        /// The value suggested since the last `solve()`, if any.
        var pending: Double = 0
        var hasPending = false
    }

    @exclusivity(unchecked) var tableau = Tableau(levelCount: 1)
    /// Non-required priorities in use, highest first, and the objective slot of each (slots in creation order).
    @exclusivity(unchecked) var levels: [Priority] = []
    @exclusivity(unchecked) var levelSlots: [Int] = []
    @exclusivity(unchecked) var records: [Record] = []
    @exclusivity(unchecked) var termVars: [Int32] = []
    @exclusivity(unchecked) var termCoefs: [Double] = []
    /// Slot of each constraint id: dense for small non-negative ids, a dictionary for the rest.
    @exclusivity(unchecked) var denseSlot: [Int32] = []
    @exclusivity(unchecked) var sparseSlot: [ConstraintID: Int] = [:]
    /// Edit variables by variable index (dense; nil where the variable is not edited).
    @exclusivity(unchecked) var edits: [Edit?] = []
    /// Variables with a pending suggestion, in the order of their first suggestion since the last solve.
    @exclusivity(unchecked) var pendingVariables: [Int] = []

    func edit(_ v: Int) -> Edit? { v >= 0 && v < edits.count ? edits[v] : nil }
    @exclusivity(unchecked) var pivotsReported = 0

    public init() {}

    func slot(of id: ConstraintID) -> Int? {
        let i = id.index
        if i >= 0 && i < denseSlot.count && denseSlot[i] >= 0 { return Int(denseSlot[i]) }
        return sparseSlot.isEmpty ? nil : sparseSlot[id]
    }

    func setSlot(_ slot: Int?, of id: ConstraintID) {
        let i = id.index
        if slot == nil {
            if i >= 0 && i < denseSlot.count { denseSlot[i] = -1 }
            if !sparseSlot.isEmpty { sparseSlot[id] = nil }
            return
        }
        if i >= 0 && i < 4 * records.count + 4096 {
            if i >= denseSlot.count { denseSlot.append(contentsOf: repeatElement(-1, count: i + 1 - denseSlot.count)) }
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

    /// The objective slot of `priority`, creating its level when new. Slots never move, so no record is renumbered
    /// and a new level costs the tableau no re-striding (1,000 distinct priorities stay cheap).
    func findOrInsertLevel(_ priority: Priority) -> Int {
        var lo = 0, hi = levels.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if levels[mid] == priority { return levelSlots[mid] }
            if levels[mid] > priority { lo = mid + 1 } else { hi = mid }
        }
        let slot = levels.count
        levels.insert(priority, at: lo)
        levelSlots.insert(slot, at: lo)
        if levels.count > 1 { tableau.insertLevel(atRank: lo) }
        return slot
    }

    static func relationCode(_ r: Relation) -> UInt8 {
        switch r {
        case .equal: return 0
        case .lessOrEqual: return 1
        case .greaterOrEqual: return 2
        }
    }

    // MARK: - LayoutSolver

    public func add(_ constraint: LinearConstraint, id: ConstraintID) throws(SolverError) {
        if slot(of: id) != nil { throw .duplicateConstraint(id) }
        let priority = constraint.priority
        guard priority.isValid else { throw .invalidPriority(priority, "a priority must lie in (0, 1000]") }
        let start = termVars.count
        for t in constraint.terms {
            let a = t.coefficient.doubleValue
            guard a == 0 || CassowaryTolerance.coefficientRange.contains(abs(a)) else {
                termVars.removeLast(termVars.count - start)
                termCoefs.removeLast(termCoefs.count - start)
                throw .unsupported("constraint \(id): the coefficient \(a) of variable \(t.variable.index) is outside "
                    + "the floating-point range this back end solves reliably (magnitudes \(CassowaryTolerance.coefficientRange))")
            }
            termVars.append(Int32(t.variable.index))
            termCoefs.append(a)
        }
        guard abs(constraint.constant.doubleValue) <= CassowaryTolerance.largestConstant else {
            termVars.removeLast(termVars.count - start)
            termCoefs.removeLast(termCoefs.count - start)
            throw .unsupported("constraint \(id): the constant \(constraint.constant.doubleValue) is beyond "
                + "\(CassowaryTolerance.largestConstant), outside the floating-point range this back end solves reliably")
        }
        var record = Record(id: id, start: start, count: constraint.terms.count,
                            constant: constraint.constant.doubleValue,
                            relation: CassowarySolver.relationCode(constraint.relation),
                            level: priority.isRequired ? -1 : level(of: priority))
        let slot = records.count
        switch tableau.addConstraint(termVars, termCoefs, record.start, record.count, constant: record.constant,
                                     relation: record.relation, level: record.level, dummy: false, owner: Int32(slot)) {
        case .added(let m, let o):
            record.marker = m
            record.other = o
            records.append(record)
            setSlot(slot, of: id)
        case .unsatisfiable:
            let others = explain(record, slot: slot, replacing: nil)
            termVars.removeLast(record.count)
            termCoefs.removeLast(record.count)
            throw .unsatisfiable(id, conflictsWith: others)
        }
    }

    public func remove(_ id: ConstraintID) throws(SolverError) {
        guard let slot = slot(of: id) else { throw .unknownConstraint(id) }
        removeSlot(slot)
        setSlot(nil, of: id)
    }

    func removeSlot(_ slot: Int) {
        let r = records[slot]
        if r.level < 0 && r.relation == 0 && !r.flagged {
            records[slot].alive = false
            let ok = rebuild(constantOf: nil, flag: nil)
            precondition(ok, "removing a constraint cannot make the required set infeasible")
        } else {
            tableau.removeConstraint(marker: r.marker, other: r.other, level: r.level, isEquality: r.relation == 0)
            records[slot].alive = false
        }
    }

    public func setConstant(_ constant: Rational, of id: ConstraintID) throws(SolverError) {
        guard let slot = slot(of: id) else { throw .unknownConstraint(id) }
        let value = constant.doubleValue
        guard abs(value) <= CassowaryTolerance.largestConstant else {
            throw .unsupported("constraint \(id): the constant \(value) is beyond \(CassowaryTolerance.largestConstant), "
                + "outside the floating-point range this back end solves reliably")
        }
        let r = records[slot]
        if r.level < 0 && r.relation == 0 && !r.flagged {
            if !rebuild(constantOf: (slot, value), flag: slot) {
                var changed = r
                changed.constant = value
                throw .unsatisfiable(id, conflictsWith: explain(changed, slot: slot, replacing: slot))
            }
            return
        }
        let delta = value - r.constant
        if delta == 0 { return }
        let required = r.level < 0
        if required { tableau.beginJournal() }
        tableau.shiftConstant(marker: r.marker, mu: r.markerSign, delta: delta)
        if !tableau.dualOptimize() {
            if required {
                tableau.rollbackJournal()
                var changed = r
                changed.constant = value
                throw .unsatisfiable(id, conflictsWith: explain(changed, slot: slot, replacing: slot))
            }
            tableau.trouble = "dual simplex found no entering symbol (round-off)"
        }
        if required { tableau.endJournal() }
        tableau.optimize()
        records[slot].constant = value
    }

    public func addEditVariable(_ variable: VariableID, priority: Priority) throws(SolverError) {
        guard priority.isValid else { throw .invalidPriority(priority, "a priority must lie in (0, 1000]") }
        guard !priority.isRequired else { throw .invalidPriority(priority, "an edit variable cannot be required") }
        if edit(variable.index) != nil { throw .duplicateEditVariable(variable) }
        if variable.index < 0 { throw .unknownEditVariable(variable) }
        _ = level(of: priority)
        if variable.index >= edits.count { edits.append(contentsOf: repeatElement(nil, count: variable.index + 1 - edits.count)) }
        edits[variable.index] = Edit(priority: priority, slot: -1)
    }

    public func removeEditVariable(_ variable: VariableID) throws(SolverError) {
        guard let e = edit(variable.index) else { throw .unknownEditVariable(variable) }
        if e.slot >= 0 { removeSlot(e.slot) }
        edits[variable.index] = nil
        if e.hasPending { pendingVariables.removeAll { $0 == variable.index } }
    }

    public func suggest(_ value: Rational, for variable: VariableID) throws(SolverError) {
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
        if !pendingVariables.isEmpty {
            // First suggestion of an edit: add `v == current value` (degenerate: no value moves, one pivot at
            // most), so that every suggestion, first or not, is then a constant shift repaired by the dual simplex
            // (which touches only rows that become infeasible) instead of a cascade of primal pivots.
            for v in pendingVariables where edits[v]!.slot < 0 {
                let edit = edits[v]!
                termVars.append(Int32(v))
                termCoefs.append(1)
                let current = tableau.value(ofVariable: v)
                var record = Record(id: ConstraintID(-1 - v), start: termVars.count - 1, count: 1, constant: -current,
                                    relation: 0, level: level(of: edit.priority))
                record.editVariable = v
                let slot = records.count
                if case .added(let m, let o) = tableau.addConstraint(termVars, termCoefs, record.start, record.count,
                                                                    constant: record.constant, relation: 0,
                                                                    level: record.level, dummy: false,
                                                                    owner: Int32(slot)) {
                    record.marker = m
                    record.other = o
                }
                records.append(record)
                edits[v]!.slot = slot
            }
            // the last suggestion per variable wins, in the order the variables were first suggested
            var shifted = false
            for v in pendingVariables {
                edits[v]!.hasPending = false
                let edit = edits[v]!
                let r = records[edit.slot]
                let constant = -edit.pending
                let delta = constant - r.constant
                if delta != 0 {
                    tableau.shiftConstant(marker: r.marker, mu: r.markerSign, delta: delta)
                    records[edit.slot].constant = constant
                    shifted = true
                }
            }
            pendingVariables.removeAll(keepingCapacity: true)
            if shifted {
                if !tableau.dualOptimize() { tableau.trouble = "dual simplex found no entering symbol (round-off)" }
                tableau.optimize()
            }
        }
        let report = SolveReport(converged: tableau.trouble == nil, iterations: tableau.pivots - pivotsReported,
                                 message: tableau.trouble ?? "")
        pivotsReported = tableau.pivots
        tableau.trouble = nil
        return report
    }

    public func value(of variable: VariableID) -> SolvedValue {
        let v = tableau.value(ofVariable: variable.index)
        return .float(v == 0 ? 0 : v)
    }

    // MARK: - rebuild and explanations

    /// Rebuilds the tableau from the live records in their original order, optionally with one constant
    /// replaced and one required equality given a marker. On failure nothing changes and false is returned.
    func rebuild(constantOf change: (slot: Int, value: Double)?, flag: Int?) -> Bool {
        var t = Tableau(rankSlot: levelSlots)
        var markers: [(Int, Int32, Int32)] = []
        for slot in records.indices where records[slot].alive {
            let r = records[slot]
            let constant = change?.slot == slot ? change!.value : r.constant
            let flagged = r.flagged || flag == slot
            switch t.addConstraint(termVars, termCoefs, r.start, r.count, constant: constant, relation: r.relation,
                                   level: r.level, dummy: flagged, owner: Int32(slot)) {
            case .added(let m, let o): markers.append((slot, m, o))
            case .unsatisfiable: return false
            }
        }
        t.pivots = tableau.pivots
        tableau = t
        for (slot, m, o) in markers {
            records[slot].marker = m
            records[slot].other = o
        }
        if let change { records[change.slot].constant = change.value }
        if let flag { records[flag].flagged = true }
        return true
    }

    /// The required constraints whose markers appear in the failing row when `failing` is added after every
    /// live required constraint (except `replacing`), in a tableau that keeps markers for all of them.
    func explain(_ failing: Record, slot failingSlot: Int, replacing: Int?) -> [ConstraintID]? {
        var t = Tableau(levelCount: 1, explaining: true)
        for slot in records.indices where records[slot].alive && records[slot].level < 0 && slot != replacing {
            let r = records[slot]
            if case .unsatisfiable = t.addConstraint(termVars, termCoefs, r.start, r.count, constant: r.constant,
                                                     relation: r.relation, level: -1, dummy: true, owner: Int32(slot)) {
                return nil
            }
        }
        guard case .unsatisfiable(let owners) = t.addConstraint(termVars, termCoefs, failing.start, failing.count,
                                                                constant: failing.constant, relation: failing.relation,
                                                                level: -1, dummy: true, owner: Int32(failingSlot))
        else { return nil }
        var ids = Set<ConstraintID>()
        for o in owners where o >= 0 && Int(o) != failingSlot && Int(o) < records.count {
            ids.insert(records[Int(o)].id)
        }
        return ids.sorted()
    }
}

extension CassowarySolver {
    /// Size of the tableau: live rows, cells, longest row, symbols and pivots so far (for benchmarks and tuning).
    public var dualPivots: Int { tableau.dualPivots }
    /// Work counters: (row substitutions, cells they visited, column entries walked).
    public var workCounters: (substitutions: Int, cells: Int, columnVisits: Int) {
        (tableau.substitutions, tableau.substitutedCells, tableau.columnVisits)
    }

    public var footprintBreakdown: [(String, Int)] {
        func size<T>(_ a: [T]) -> Int { a.capacity * MemoryLayout<T>.stride }
        let t = tableau
        return [("cells", t.cells.capacity * 12), ("scratch", t.scratch.capacity * 12),
                ("symbols", size(t.symKind) + size(t.symRow) + size(t.symCount) + size(t.symOwner) + size(t.colHead) + size(t.inHeap) + size(t.inInfeasible) + size(t.symStamp)),
                ("objective", size(t.objective)), ("pool", size(t.poolRow) + size(t.poolNext)),
                ("rows", size(t.rowStart) + size(t.rowLen) + size(t.rowCap) + size(t.rowConst) + size(t.rowBasic) + size(t.rowMark) + size(t.rowStamp)),
                ("records", size(records) + size(termVars) + size(termCoefs) + size(denseSlot)),
                ("cellsUsed", t.cells.count * 12), ("dead", t.deadCells * 12)]
    }

    /// Bytes held by the solver's buffers (array capacities; records; the cell store), for memory reports.
    public var footprintBytes: Int {
        func size<T>(_ a: [T]) -> Int { a.capacity * MemoryLayout<T>.stride }
        let t = tableau
        var bytes = t.cells.capacity * 12 + t.scratch.capacity * 12
        bytes += size(t.symKind) + size(t.symRow) + size(t.symCount) + size(t.symOwner) + size(t.colHead)
        bytes += size(t.inHeap) + size(t.inInfeasible) + size(t.objective) + size(t.symStamp)
        bytes += size(t.poolRow) + size(t.poolNext) + size(t.rowStart) + size(t.rowLen) + size(t.rowCap)
        bytes += size(t.rowConst) + size(t.rowBasic) + size(t.rowMark) + size(t.rowStamp) + size(t.freeRows) + size(t.varSym)
        bytes += size(records) + size(termVars) + size(termCoefs) + size(denseSlot)
        return bytes
    }
    public var tableauStatistics: (rows: Int, cells: Int, longestRow: Int, symbols: Int, pivots: Int) {
        var rows = 0, cells = 0, longest = 0
        for r in tableau.rowBasic.indices where tableau.rowBasic[r] >= 0 {
            rows += 1
            cells += Int(tableau.rowLen[r])
            longest = max(longest, Int(tableau.rowLen[r]))
        }
        return (rows, cells, longest, tableau.symbolCount, tableau.pivots)
    }
}
