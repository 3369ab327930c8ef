import PlumbSolver
import PlumbSystem

/// How `ambiguousVariables(among:)` works.
public enum AmbiguityMode: String, Sendable, CaseIterable {
    /// Reads the final tableau first: a variable whose row has no movable column is constant on the optimal face
    /// (exactly so), and only the others are ranged with two LPs each. The default.
    case screened
    /// Ranges every variable with two LPs (min and max on the optimal face): the slow reference the screen is
    /// tested against.
    case exhaustive
}

/// The protocol's semantics on top of `SimplexEngine`, generic over the exact number type.
///
/// Required constraints go into the tableau when added (so an infeasible one is refused at once). Soft
/// constraints and suggested edits wait until `solve()` and then go in by priority, highest first: each takes a
/// free layout variable as its basic column where one is left, which makes it hold exactly in the starting basis
/// (a crash basis that is already optimal for most of the top level).
///
/// The stored state is accessed without runtime exclusivity checks (`@exclusivity(unchecked)`): every access is
/// from this class's own methods, one at a time, and the checks cost several percent of a build.
final class ExactSolverCore<T: SimplexScalar> {
    @exclusivity(unchecked) var engine = ExactSolverCore.makeEngine(compaction: .init())

    /// When the engine's row store repacks (tests make it repack at nearly every chance); kept through rebuilds.
    var compaction = RowCompaction() {
        didSet { engine.store.compaction = compaction }
    }

    static func makeEngine(compaction: RowCompaction) -> SimplexEngine<T> {
        var engine = SimplexEngine<T>()
        engine.dropsFixedMarkers = true
        engine.store.compaction = compaction
        return engine
    }

    struct Entry {
        /// Without its label (this back end reports constraints by id, and a label is one more object to touch).
        var constraint: LinearConstraint
        /// The engine's origin, or -1 while a soft constraint waits for the next `solve()`.
        var origin: Int
        /// Order of addition (ties in insertion order).
        var sequence: Int
    }
    /// By id; its `waiting` counts the soft constraints not yet in the engine (origin -1).
    @exclusivity(unchecked) var constraints = ConstraintTable<Entry>()
    var nextSequence = 0

    struct Edit {
        var priority: Priority
        /// The engine origin of the edit's row `variable - suggested == 0`, once it is in the engine.
        var origin: Int?
        /// The row's constant (minus the suggested value), once a value was suggested.
        var constant: T?
    }
    @exclusivity(unchecked) var edits: [VariableID: Edit] = [:]

    /// Structural column of each variable (-1: none yet), and how many live rows mention it.
    @exclusivity(unchecked) var columnOf: [Int] = []
    @exclusivity(unchecked) var mentions: [Int] = []
    /// The variable of each structural column (-1: a logical column).
    @exclusivity(unchecked) var variableOfColumn: [Int] = []
    /// The answer of the last `solve()` by variable, and how many of its values are floats (beyond 128 bits).
    @exclusivity(unchecked) var solution: [SolvedValue] = []
    var floatValues = 0
    /// Whether `solution` is the engine's values as of the engine's `valueLog` start (plus `staleVariables`, whose
    /// mention count moved through zero since): then reading the answer again reads only what changed.
    var solutionTracksEngine = false
    @exclusivity(unchecked) var staleVariables: [Int] = []
    /// Where the answer stands between calls.
    var state: AnswerState = .changed(proposal: nil)
    var ambiguityMode: AmbiguityMode = .screened

    // MARK: Variables

    func column(for v: VariableID) -> Int {
        if v.index >= columnOf.count {
            columnOf.widen(to: v.index + 1, with: -1)
            mentions.widen(to: columnOf.count, with: 0)
        }
        if columnOf[v.index] < 0 {
            let c = engine.newColumn(lower: nil, upper: nil, structural: true)
            columnOf[v.index] = c
            variableOfColumn.widen(to: c + 1, with: -1)
            variableOfColumn[c] = v.index
        }
        return columnOf[v.index]
    }

    func mention(_ constraint: LinearConstraint, _ delta: Int) {
        for term in constraint.terms {
            _ = column(for: term.variable)
            mentions[term.variable.index] += delta
            if solutionTracksEngine { staleVariables.append(term.variable.index) }
        }
    }

    /// Leaves the optimal face before a change (undoes the level fixings); returns the state before, for
    /// `restoreFace` should the change be refused.
    func leaveFace() -> AnswerState {
        let before = state
        if case .optimal = state {
            engine.unfixAll()
        }
        state = .changed(proposal: nil)
        return before
    }

    /// After a refused change: puts the optimal face back if it was held, so the solver is as before the call.
    func restoreFace(_ before: AnswerState) {
        guard case .optimal = before else { return }
        insertPending()   // after a rebuild the soft rows wait again
        let feasible = engine.restoreFeasibility()
        precondition(feasible, "ExactSolver: the required constraints before the refused call were feasible")
        engine.optimizeLevels()
        state = before
    }

    /// Puts `constraint` in the engine; with `mentioning`, also counts its variables' mentions (as
    /// `mention(constraint, 1)` does, in the same pass).
    func addRow(_ constraint: LinearConstraint, mentioning: Bool = false) -> Int {
        var terms: [(column: Int, coefficient: T)] = []
        swap(&terms, &termBuffer)
        defer { terms.removeAll(keepingCapacity: true); swap(&terms, &termBuffer) }
        for term in constraint.terms {
            terms.append((column(for: term.variable), T(term.coefficient)))
            if mentioning {
                mentions[term.variable.index] += 1
                if solutionTracksEngine { staleVariables.append(term.variable.index) }
            }
        }
        return engine.addRow(terms: terms, constant: T(constraint.constant), relation: constraint.relation,
                             priority: constraint.priority.isRequired ? nil : constraint.priority)
    }

    /// The terms `addRow` hands to the engine, kept between calls.
    @exclusivity(unchecked) var termBuffer: [(column: Int, coefficient: T)] = []

    enum PendingItem { case constraint(ConstraintID), edit(VariableID) }

    /// The waiting soft constraints and suggested edits, in the order they go into the engine: highest priority
    /// first; within a priority, as `PendingOrder` says.
    func pendingItems() -> [PendingItem] { pendingRows().items }

    /// `pendingItems()` with their engine rows (one lookup each).
    func pendingRows() -> (items: [PendingItem], rows: [PendingRow]) {
        var items: [PendingItem] = [], rows: [PendingRow] = []
        var priorities: [Priority] = [], orders: [PendingOrder] = []
        items.reserveCapacity(constraints.waiting)
        rows.reserveCapacity(constraints.waiting)
        func add(_ item: PendingItem, _ order: PendingOrder, _ row: PendingRow) {
            items.append(item)
            rows.append(row)
            priorities.append(row.priority)
            orders.append(order)
        }
        if constraints.waiting > 0 {
            constraints.forEach { id, entry in
                guard entry.origin < 0 else { return }
                let constraint = entry.constraint
                add(.constraint(id), .constraint(sequence: entry.sequence),
                    (engineTerms(of: constraint), T(constraint.constant), constraint.relation, constraint.priority))
            }
        }
        for (variable, edit) in edits where edit.origin == nil && edit.constant != nil {
            add(.edit(variable), .edit(variable: variable.index),
                ([(column(for: variable), .one)], edit.constant!, .equal, edit.priority))
        }
        // Sorted by (priority descending, order): the few distinct priorities become integer ranks, and an index
        // permutation is sorted (the keys are distinct, so the order is total).
        if items.count <= 1 { return (items, rows) }
        let ranks = priorityRanks(priorities).ranks
        var permutation = Array(items.indices)
        permutation.sort { ranks[$0] != ranks[$1] ? ranks[$0] < ranks[$1] : orders[$0] < orders[$1] }
        if permutation.indices.contains(where: { permutation[$0] != $0 }) {
            items = permutation.map { items[$0] }
            rows = permutation.map { rows[$0] }
        }
        return (items, rows)
    }

    /// A constraint's terms as the engine takes them: over structural columns (created on first use), exact.
    func engineTerms(of constraint: LinearConstraint) -> [(column: Int, coefficient: T)] {
        constraint.terms.map { (column(for: $0.variable), T($0.coefficient)) }
    }

    /// The engine row of a pending item: terms over structural columns, constant, relation, priority.
    typealias PendingRow = (terms: [(column: Int, coefficient: T)], constant: T, relation: Relation, priority: Priority)

    func row(of item: PendingItem) -> PendingRow {
        switch item {
        case .constraint(let id):
            let constraint = constraints[id]!.constraint
            let terms = engineTerms(of: constraint)
            return (terms, T(constraint.constant), constraint.relation, constraint.priority)
        case .edit(let variable):
            let edit = edits[variable]!
            return ([(column(for: variable), .one)], edit.constant!, .equal, edit.priority)
        }
    }

    /// Puts the waiting soft constraints and suggested edits into the engine, highest priority first; returns how many.
    @discardableResult
    func insertPending(_ pending: [PendingItem]? = nil, rows pendingRows: [PendingRow]? = nil) -> Int {
        let items = pending ?? pendingItems()
        guard !items.isEmpty else { return 0 }
        let rows = pendingRows ?? items.map { row(of: $0) }
        for (item, r) in zip(items, rows) {
            let origin = engine.addRow(terms: r.terms, constant: r.constant, relation: r.relation, priority: r.priority)
            switch item {
            case .constraint(let id):
                constraints[id]!.origin = origin
            case .edit(let variable):
                edits[variable]!.origin = origin
            }
        }
        return items.count
    }

    // MARK: Proposals

    /// Whether `solve()` asks the floating-point proposer for a basis after new rows went in (see `adopt`).
    var usesProposer = true
    /// The floating-point solver whose final basis is proposed (through `BasisProposing`, never its storage), injected
    /// by whoever composes back ends (`PlumbBackEnds` gives the Cassowary back end); nil: the floating-point copy of
    /// this tableau proposes.
    var proposer: (any BasisProposing.Type)? = nil
    /// What the proposer did so far (counted for measurement).
    var stats = ProposalStatistics()

    /// Inserts the pending rows into the engine with the floating-point proposer's final basis adopted (the exact
    /// engine then certifies it or continues from it). Returns how many rows went in.
    @discardableResult
    func insertPendingWithProposal() -> Int {
        let tp = ContinuousClock().now
        let (items, rows) = pendingRows()   // (creates any missing structural column first)
        defer { stats.times.wholeInsertion += ContinuousClock().now - tp }
        guard !items.isEmpty else { return 0 }
        // A few rows into a large tableau: the exact warm start is cheaper than copying the tableau.
        let live = engine.store.count - engine.freeRows.count
        guard items.count * 16 >= live else { return insertPending(items, rows: rows) }
        let clock = ContinuousClock()
        let t0 = clock.now
        // The floating-point copy lives only in here: released before the exact engine changes (its column lists
        // would otherwise be shared, and copied on every first write).
        var basis: ProposedBasis? = nil
        if case .changed(let found?) = state {
            basis = found
            state = .changed(proposal: nil)
        } else {
            basis = proposerBasis()
        }
        if basis != nil { stats.fromProposer += 1 }
        let proposal: Proposal = basis.map { self.proposal(from: $0, pending: items) } ?? {
            var proposer = SimplexEngine<ApproximateScalar>(approximating: engine)
            stats.times.copy += clock.now - t0
            let size = engine.store.count - engine.freeRows.count + rows.count
            proposer.propose(inserting: rows.map { r in
                (r.terms.map { ($0.column, ApproximateScalar($0.coefficient.doubleValue)) },
                 ApproximateScalar(r.constant.doubleValue), r.relation, r.priority)
            }, limit: 50 * size + 1000)
            stats.proposerIterations += proposer.iterations
            stats.proposerRowsTouched += proposer.statColumn
            return Proposal(basic: proposer.basicRow.map { $0 >= 0 }, value: proposer.value)
        }()
        let t1 = clock.now
        engine.crashTarget = proposal.basic
        insertPending(items, rows: rows)
        engine.crashTarget = []
        let t2 = clock.now
        stats.adoptionPivots += engine.adopt(proposal)
        let t3 = clock.now
        stats.times.proposer += t1 - t0
        stats.times.insertion += t2 - t1
        stats.times.adoption += t3 - t2
        stats.proposals += 1
        return items.count
    }


    // MARK: Protocol operations

    @_specialize(where T == ExactRational)
    func add(_ constraint: LinearConstraint, id: ConstraintID) throws(SolverError) {
        materialize()
        guard !constraints.contains(id) else { throw .duplicateConstraint(id) }
        guard constraint.priority.isValid else {
            throw .invalidPriority(constraint.priority, "a constraint's priority must lie in (0, 1000]")
        }
        let was = leaveFace()
        guard constraint.priority.isRequired else {
            constraints[id] = Entry(constraint: constraint.withLabel(nil), origin: -1, sequence: nextSequence)
            nextSequence += 1
            mention(constraint, 1)
            return
        }
        let origin = addRow(constraint, mentioning: true)
        if !engine.restoreFeasibility() {
            mention(constraint, -1)
            var candidates = requiredConstraints()
            candidates[id] = constraint
            let conflict = irreducibleConflict(among: candidates)
            let restored: Bool
            if !markerColumnAvailable(origin, adding: constraint) {
                restored = rebuild()
            } else {
                engine.removeRow(origin)
                restored = engine.restoreFeasibility()
            }
            precondition(restored, "ExactSolver: the required constraints before the refused add were feasible")
            restoreFace(was)
            throw .unsatisfiable(id, conflictsWith: conflict.filter { $0 != id })
        }
        constraints[id] = Entry(constraint: constraint.withLabel(nil), origin: origin, sequence: nextSequence)
        nextSequence += 1
    }

    @_specialize(where T == ExactRational)
    func remove(_ id: ConstraintID) throws(SolverError) {
        materialize()
        guard let entry = constraints[id] else { throw .unknownConstraint(id) }
        _ = leaveFace()
        // (before the entry goes: a first recovery reads every engine row's terms from the table)
        let available = entry.origin < 0 || markerColumnAvailable(entry.origin)
        constraints[id] = nil
        mention(entry.constraint, -1)
        if entry.origin < 0 { return }
        if !available {
            let rebuilt = rebuild()
            precondition(rebuilt, "ExactSolver: removing a constraint cannot make the others infeasible")
        } else {
            engine.removeRow(entry.origin)
        }
    }

    @_specialize(where T == ExactRational)
    func setConstant(_ constant: Rational, of id: ConstraintID) throws(SolverError) {
        materialize()
        guard let entry = constraints[id] else { throw .unknownConstraint(id) }
        let was = leaveFace()
        let changed = entry.constraint.withConstant(constant)
        if entry.origin < 0 {
            constraints[id]!.constraint = changed
            return
        }
        let refused: Bool
        if !markerColumnAvailable(entry.origin) {
            // The row's marker column was dropped: rebuild with the new constant (the old engine is kept if refused).
            let saved = (engine, columnOf, variableOfColumn, edits, constraints)
            constraints[id]!.constraint = changed
            refused = !rebuild()
            if refused { (engine, columnOf, variableOfColumn, edits, constraints) = saved }
        } else {
            engine.setConstant(T(constant), of: entry.origin)
            refused = !engine.restoreFeasibility()
            if refused {
                engine.setConstant(T(entry.constraint.constant), of: entry.origin)
                let restored = engine.restoreFeasibility()
                precondition(restored, "ExactSolver: the required constraints before the refused change were feasible")
            } else {
                constraints[id]!.constraint = changed
            }
        }
        if refused {
            var candidates = requiredConstraints()
            candidates[id] = changed
            let conflict = irreducibleConflict(among: candidates)
            restoreFace(was)
            throw .unsatisfiable(id, conflictsWith: conflict.filter { $0 != id })
        }
    }

    /// The required constraints by id (the candidates of a conflict).
    func requiredConstraints() -> [ConstraintID: LinearConstraint] {
        var result: [ConstraintID: LinearConstraint] = [:]
        constraints.forEach { id, entry in if entry.constraint.priority.isRequired { result[id] = entry.constraint } }
        return result
    }

    /// Every constraint's id in order of addition (read without copying the entries).
    func idsInAdditionOrder() -> [ConstraintID] {
        var order: [(sequence: Int, id: ConstraintID)] = []
        order.reserveCapacity(constraints.count)
        constraints.forEachID { id in order.append((constraints.read(id) { $0.sequence }!, id)) }
        // Usually added in id order already.
        if zip(order, order.dropFirst()).contains(where: { $0.sequence > $1.sequence }) {
            order.sort { $0.sequence < $1.sequence }
        }
        return order.map(\.id)
    }

    /// Removals and first constant changes of required equalities whose marker column had been dropped: how many got it
    /// back (`SimplexEngine.recoverMarker`), and how many rebuilt the required rows instead.
    var recoveredMarkers = 0
    var rebuilds = 0

    /// Whether `origin`'s marker column is in the tableau, recovered if it had been dropped; false: the caller rebuilds.
    /// `adding`: the constraint of `origin` when it is not in the table yet (a refused add).
    func markerColumnAvailable(_ origin: Int, adding: LinearConstraint? = nil) -> Bool {
        guard engine.needsRebuild(origin) else { return true }
        if !engine.recordsTerms {
            var rows = engineRowTerms()
            if let adding { rows.append((origin, engineTerms(of: adding))) }
            engine.loadTerms(rows)
        }
        guard engine.recoverMarker(of: origin) else { return false }
        recoveredMarkers += 1
        return true
    }

    /// Every engine row's structural terms, as `addRow` and `insertPending` handed them over (the constraints', then
    /// the suggested edits'). - Complexity: O(terms).
    func engineRowTerms() -> [(origin: Int, terms: [(column: Int, coefficient: T)])] {
        var rows: [(origin: Int, terms: [(column: Int, coefficient: T)])] = []
        rows.reserveCapacity(constraints.count + edits.count)
        constraints.forEach { _, entry in
            guard entry.origin >= 0 else { return }
            rows.append((entry.origin, engineTerms(of: entry.constraint)))
        }
        for (variable, edit) in edits {
            if let origin = edit.origin { rows.append((origin, [(column(for: variable), .one)])) }
        }
        return rows
    }

    /// `rebuildEngine()` for a marker column that could not be recovered (counted in `rebuilds`).
    func rebuild() -> Bool {
        rebuilds += 1
        return rebuildEngine()
    }

    /// Re-adds the required constraints into a fresh engine (in the order they were added); the soft ones and the
    /// suggested edits wait for the next `solve()`. False, and the engine half built, when the required constraints
    /// are infeasible: the caller restores what it saved.
    func rebuildEngine() -> Bool {
        engine = ExactSolverCore.makeEngine(compaction: compaction)
        columnOf = columnOf.map { _ in -1 }
        variableOfColumn = []
        solutionTracksEngine = false
        for id in idsInAdditionOrder() {
            let constraint = constraints[id]!.constraint
            constraints[id]!.origin = constraint.priority.isRequired ? addRow(constraint) : -1
        }
        for variable in edits.keys { edits[variable]!.origin = nil }
        return engine.restoreFeasibility()
    }

    func addEditVariable(_ variable: VariableID, priority: Priority) throws(SolverError) {
        materialize()
        guard edits[variable] == nil else { throw .duplicateEditVariable(variable) }
        guard priority.isValid, !priority.isRequired else {
            throw .invalidPriority(priority, "an edit variable's priority must lie in (0, 1000)")
        }
        edits[variable] = Edit(priority: priority, origin: nil, constant: nil)
    }

    @_specialize(where T == ExactRational)
    func removeEditVariable(_ variable: VariableID) throws(SolverError) {
        materialize()
        guard let edit = edits[variable] else { throw .unknownEditVariable(variable) }
        _ = leaveFace()
        if let origin = edit.origin {
            engine.removeRow(origin)
        }
        if edit.constant != nil {
            mentions[variable.index] -= 1
            if solutionTracksEngine { staleVariables.append(variable.index) }
        }
        edits[variable] = nil
    }

    @_specialize(where T == ExactRational)
    func suggest(_ value: Rational, for variable: VariableID) throws(SolverError) {
        materialize()
        guard let edit = edits[variable] else { throw .unknownEditVariable(variable) }
        let constant = -T(value)
        if case .optimal = state, let origin = edit.origin {
            // Only basic values move; if they stay within their bounds, the basis, the nonbasic values and so every
            // level's reduced costs are as at the last optimum: it is still optimal, on the same face.
            engine.setConstant(constant, of: origin)
            edits[variable]!.constant = constant
            if engine.infeasible.isEmpty {
                state = .optimal(stale: true)
                return
            }
            engine.setConstant(edit.constant!, of: origin)
            edits[variable]!.constant = edit.constant
        }
        _ = leaveFace()
        if edit.constant == nil {
            _ = column(for: variable)
            mentions[variable.index] += 1
            if solutionTracksEngine { staleVariables.append(variable.index) }
        }
        edits[variable]!.constant = constant
        if let origin = edit.origin {
            engine.setConstant(constant, of: origin)
            let feasible = engine.restoreFeasibility()
            precondition(feasible, "ExactSolver: a soft row cannot make the required constraints infeasible")
        }
    }

    @_specialize(where T == ExactRational)
    func solve() -> SolveReport { solve(boundingWarmStart: true) }

    /// Rows a warm start may rewrite (`SimplexEngine.statColumn`) before the solver gives it up and rebuilds: twice
    /// the live rows, plus a floor that no small layout reaches. A change usually costs the next solve a few pivots
    /// over the rows it touched; but the basis a run of changes left can be far from the new optimum over dense
    /// columns (random layouts at 10,000 views, the first resize after a lifecycle: 1,500 pivots rewriting 4.9
    /// million rows, 18 s), where a rebuild with the proposer's basis costs about one build (1.4 s there).
    var warmStartWork: Int {
        warmStartBound.perLiveRow * (engine.store.count - engine.freeRows.count) + warmStartBound.floor
    }
    /// `warmStartWork`'s terms (tests lower them to see the fallback on small layouts).
    var warmStartBound = (perLiveRow: 2, floor: 10_000)
    /// Warm starts given up for a rebuild (`warmStartWork`).
    var abandonedWarmStarts = 0

    func solve(boundingWarmStart: Bool) -> SolveReport {
        let start = engine.iterations
        switch state {
        case .optimal(let stale):
            // Nothing changed since the last optimum but suggested values that kept it (see `suggest`).
            if stale { readSolution() }
            return SolveReport(converged: true, iterations: 0, message: "\(engine.levelCount) priority level(s)")
        case .certified(_, let levels):
            // Nothing changed since a certified answer (every change materializes it first).
            return SolveReport(converged: true, iterations: 0, message: "\(levels) priority level(s)")
        case .changed:
            break
        }
        if usesProposer, let report = solveByCertificate() { return report }
        let proposalsBefore = stats.proposals
        if usesProposer { insertPendingWithProposal() } else { insertPending() }
        let proposed = stats.proposals > proposalsBefore
        let certifying = engine.iterations
        let clock = ContinuousClock()
        let t0 = clock.now
        // A warm start (no basis proposed for this solve) is bounded; past the bound the changes are rebuilt from the
        // constraint table, as a first solve builds them.
        let bounded = boundingWarmStart && !proposed
        if bounded { engine.workLimit = engine.statColumn + warmStartWork }
        let feasible = engine.restoreFeasibility()
        let finished = feasible && engine.optimizeLevels()
        let stopped = !finished && engine.isPastLimit
        engine.workLimit = .max
        if stopped {
            abandonedWarmStarts += 1
            let rebuilt = rebuildEngine()
            precondition(rebuilt, "ExactSolver: the required constraints are kept feasible by every accepted change")
            return solve(boundingWarmStart: false)
        }
        precondition(feasible, "ExactSolver: the required constraints are kept feasible by every accepted change")
        stats.times.levels += clock.now - t0
        if proposed {
            let exactIterations = engine.iterations - certifying
            if exactIterations == 0 { stats.certifiedAsProposed += 1 } else { stats.fallbackIterations += exactIterations }
        }
        readSolution()
        return SolveReport(converged: true, iterations: engine.iterations - start,
                           message: "\(engine.levelCount) priority level(s)")
    }

    func valuesBeyond128Bits(limit: Int) -> [VariableID] {
        var found: [VariableID] = []
        if floatValues == 0 { return found }
        for v in solution.indices {
            if case .float = solution[v] {
                found.append(VariableID(v))
                if found.count == limit { break }
            }
        }
        return found
    }

    /// Reads the engine's optimum into `solution`: the optimal face is held, and the answer up to date.
    /// - Complexity: the values that changed since the last read (every variable after a rebuild or a certified
    ///   answer, or when more changed than the engine's log lists).
    func readSolution() {
        @inline(__always) func read(_ v: Int) -> SolvedValue {
            let c = columnOf[v]
            return c >= 0 && mentions[v] > 0 ? engine.value[c].solvedValue : .exact(.zero)
        }
        if !solutionTracksEngine || engine.valueLog.overflowed || solution.count > columnOf.count {
            setSolution(columnOf.indices.map(read))
        } else {
            if solution.count < columnOf.count { solution.widen(to: columnOf.count, with: .exact(.zero)) }
            func update(_ v: Int) {
                let new = read(v)
                if case .float = solution[v] { floatValues -= 1 }
                if case .float = new { floatValues += 1 }
                solution[v] = new
            }
            for c in engine.valueLog.columns where c < variableOfColumn.count && variableOfColumn[c] >= 0 {
                update(variableOfColumn[c])
            }
            for v in staleVariables { update(v) }
        }
        staleVariables.removeAll(keepingCapacity: true)
        engine.valueLog.restart(on: true)
        solutionTracksEngine = true
        state = .optimal(stale: false)
    }

    /// Replaces the whole answer; the next read is whole too (the engine's log restarts then).
    func setSolution(_ values: [SolvedValue]) {
        solution = values
        floatValues = 0
        for value in values { if case .float = value { floatValues += 1 } }
        solutionTracksEngine = false
        engine.valueLog.restart(on: false)
        staleVariables.removeAll(keepingCapacity: true)
    }

    func value(of variable: VariableID) -> SolvedValue {
        variable.index < solution.count ? solution[variable.index] : .exact(.zero)
    }

    @_specialize(where T == ExactRational)
    func ambiguousVariables(among candidates: [VariableID]?) throws(SolverError) -> [AmbiguousVariable] {
        materialize()
        guard case .optimal(stale: false) = state else {
            throw .unsupported("ambiguity is reported for the last solve(); the system changed since, so solve() first")
        }
        let variables = (candidates ?? columnOf.indices.map { VariableID($0) }).sorted()
        var result: [AmbiguousVariable] = []
        var previous = -1
        for v in variables where v.index != previous {
            previous = v.index
            let seen = v.index < columnOf.count && columnOf[v.index] >= 0
            guard seen, mentions[v.index] > 0 else {
                // No constraint mentions it: it is free on the optimal face, ambiguous over (−∞, ∞). Asked about
                // every variable (nil), that means those the solver has seen, not the spare slots of its arrays.
                if candidates != nil || seen {
                    result.append(AmbiguousVariable(variable: v, minimum: .float(-.infinity), maximum: .float(.infinity)))
                }
                continue
            }
            let c = columnOf[v.index]
            if ambiguityMode == .screened && !engine.mayMove(c) { continue }
            let (low, high) = engine.range(of: c)
            if let low, let high, low == high { continue }
            result.append(AmbiguousVariable(variable: v,
                                            minimum: low?.solvedValue ?? .float(-.infinity),
                                            maximum: high?.solvedValue ?? .float(.infinity)))
        }
        return result
    }

    @_specialize(where T == ExactRational)
    func range(of expression: LinearExpression) throws(SolverError) -> (minimum: SolvedValue, maximum: SolvedValue) {
        materialize()
        guard case .optimal(stale: false) = state else {
            throw .unsupported("ranges are reported for the last solve(); the system changed since, so solve() first")
        }
        var terms: [(column: Int, cost: T)] = []
        for term in expression.terms {
            let v = term.variable.index
            // a variable no constraint mentions is free on the face: the expression is unbounded both ways
            guard v < columnOf.count, columnOf[v] >= 0, mentions[v] > 0 else {
                return (.float(-.infinity), .float(.infinity))
            }
            terms.append((columnOf[v], T(term.coefficient)))
        }
        let (low, high) = engine.range(of: terms)
        let constant = T(expression.constant)
        return ((low.map { $0 + constant })?.solvedValue ?? .float(-.infinity),
                (high.map { $0 + constant })?.solvedValue ?? .float(.infinity))
    }

    // MARK: Conflicts

    /// An irreducible infeasible subset of `all` (required constraints that are infeasible together), by a deletion
    /// filter: a member is dropped when the others stay infeasible, kept otherwise, so every member of the result
    /// is needed. Feasibility tests use fast probes (required equalities' columns eliminated, linear on chains);
    /// when a trial is infeasible and the set is small, a probe that keeps every marker column reads the trial's
    /// Farkas certificate and the set shrinks to its support at once. The start is the support of the whole set's
    /// certificate when that is affordable.
    func irreducibleConflict(among all: [ConstraintID: LinearConstraint]) -> [ConstraintID] {
        var set = all.keys.sorted()
        if set.count <= ExactSolverCore.certificateLimit, let support = certificateSupport(set, all) { set = support }
        var necessary: Set<ConstraintID> = []
        while let c = set.first(where: { !necessary.contains($0) }) {
            let trial = set.filter { $0 != c }
            if isFeasible(trial, all) {
                necessary.insert(c)
            } else if trial.count <= ExactSolverCore.certificateLimit, let support = certificateSupport(trial, all) {
                set = support
            } else {
                set = trial
            }
        }
        return set
    }

    /// Up to this many constraints, a conflict's certificate is read with every marker column kept (quadratic fill
    /// on chains, so not beyond).
    static var certificateLimit: Int { 5000 }

    func probe(_ ids: [ConstraintID], _ all: [ConstraintID: LinearConstraint], keepMarkers: Bool)
        -> (engine: SimplexEngine<T>, feasible: Bool) {
        var probe = SimplexEngine<T>()
        probe.dropsFixedMarkers = !keepMarkers
        var columns: [VariableID: Int] = [:]
        for id in ids {
            let constraint = all[id]!
            let terms = constraint.terms.map { term -> (column: Int, coefficient: T) in
                let c = columns[term.variable] ?? probe.newColumn(lower: nil, upper: nil, structural: true)
                columns[term.variable] = c
                return (c, T(term.coefficient))
            }
            _ = probe.addRow(terms: terms, constant: T(constraint.constant), relation: constraint.relation, priority: nil)
        }
        let feasible = probe.restoreFeasibility()
        return (probe, feasible)
    }

    func isFeasible(_ ids: [ConstraintID], _ all: [ConstraintID: LinearConstraint]) -> Bool {
        probe(ids, all, keepMarkers: false).feasible
    }

    /// nil when `ids` are feasible together; otherwise the members the Farkas certificate uses.
    func certificateSupport(_ ids: [ConstraintID], _ all: [ConstraintID: LinearConstraint]) -> [ConstraintID]? {
        let (engine, feasible) = probe(ids, all, keepMarkers: true)
        if feasible { return nil }
        return engine.conflictOrigins().map { ids[$0] }.sorted()
    }
}

extension ExactSolverCore.Entry: WaitingEntry {
    var isWaiting: Bool { origin < 0 }
    static var vacant: Self {
        Self(constraint: LinearConstraint(LinearExpression(), .equal), origin: 0, sequence: -1)
    }
}

/// Where a waiting row goes among the rows of its priority: suggested edits first, the highest variable first,
/// then soft constraints in order of addition. (Any fixed order gives the same optimum; this one is kept because
/// it decides which vertex of an ambiguous face the answer is, and the corpus's results were taken with it.)
enum PendingOrder: Comparable {
    case edit(variable: Int)
    case constraint(sequence: Int)

    static func < (a: PendingOrder, b: PendingOrder) -> Bool {
        switch (a, b) {
        case (.edit(let x), .edit(let y)): x > y
        case (.edit, .constraint): true
        case (.constraint, .edit): false
        case (.constraint(let x), .constraint(let y)): x < y
        }
    }
}
