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

    /// How many of the engine's columns must be retired (and an eighth as many as are live) before a removal drops
    /// them with their origins (`compactIfSparse()`); nil: never. Tests lower it, or switch it off to compare the
    /// answers with and without.
    var columnCompactionFloor: Int? = SimplexEngine<T>.compactionFloor

    /// A solver whose tables have room for a small layout (`smallLayoutRoom`): an app's layout of a few dozen
    /// constraints then goes in and is solved without growing them an append at a time.
    init() {
        constraints.reserve(Self.smallLayoutRoom)
        columnOf.reserveCapacity(Self.smallLayoutRoom)
        mentions.reserveCapacity(Self.smallLayoutRoom)
        variableOfColumn.reserveCapacity(Self.smallLayoutColumns)
        solution.reserveCapacity(Self.smallLayoutRoom)
        termBuffer.reserve(SimplexEngine<T>.scratchRoom)
    }

    /// The constraints and variables a new solver has room for, and the engine's rows (`makeEngine`).
    static var smallLayoutRoom: Int { 64 }
    /// The engine's columns for as many rows: a variable's, and up to two logical ones a row.
    static var smallLayoutColumns: Int { 3 * smallLayoutRoom }

    static func makeEngine(compaction: RowCompaction) -> SimplexEngine<T> {
        var engine = SimplexEngine<T>()
        engine.dropsFixedMarkers = true
        engine.store.compaction = compaction
        engine.reserve(rows: smallLayoutRoom, columns: smallLayoutColumns)
        return engine
    }

    /// By id; its `waiting` counts the soft constraints not yet in the engine (no origin).
    @exclusivity(unchecked) var constraints = ConstraintTable<Entry>()
    var nextSequence = 0

    struct Edit {
        var priority: Priority
        /// The engine origin of the edit's row `variable - suggested == 0`, once it is in the engine.
        var origin: Int?
        /// The row's constant (minus the suggested value), once a value was suggested.
        var constant: T?
    }
    @exclusivity(unchecked) var edits = EditTable<Edit>(vacant: Edit(priority: .required, origin: nil, constant: nil))

    /// Structural column of each variable (nil: none yet), and how many live rows mention it.
    @exclusivity(unchecked) var columnOf: [Int?] = []
    @exclusivity(unchecked) var mentions: [Int] = []
    /// How many live required constraints are not `isIndependent` (`ExactSolverCore+DeferredRebuild.swift`).
    var dependentRequired = 0
    /// Whether the engine's rows are behind the constraint table: a change of a required equality whose marker
    /// column was dropped is left for one rebuild before the engine is next needed (`refreshEngine()`).
    var engineIsStale = false
    /// Whether the last region solve of a marker recovery failed (the next deferrable one is kept cheap).
    var lastRegionSolveFailed = false
    /// The variable of each structural column (nil: a logical column).
    @exclusivity(unchecked) var variableOfColumn: [Int?] = []
    /// The answer of the last `solve()` by variable, and how many of its values are floats (beyond 128 bits).
    @exclusivity(unchecked) var solution: [SolvedValue] = []
    @exclusivity(unchecked) var floatValues = 0
    /// Whether `solution` is the engine's values as of the engine's `valueLog` start (plus `staleVariables`, whose
    /// mention count moved through zero since): then reading the answer again reads only what changed.
    var solutionTracksEngine = false
    @exclusivity(unchecked) var staleVariables: [Int] = []
    /// Where the answer stands between calls.
    @exclusivity(unchecked) var state: AnswerState = .changed(proposal: nil)
    var ambiguityMode: AmbiguityMode = .screened

    // MARK: Variables

    func column(for v: VariableID) -> Int {
        if v.index >= columnOf.count {
            columnOf.widen(to: v.index + 1, with: nil)
            mentions.widen(to: columnOf.count, with: 0)
        }
        if let c = columnOf[v.index] { return c }
        let c = engine.newColumn(bounds: .free, kind: .structural)
        columnOf[v.index] = c
        variableOfColumn.widen(to: c + 1, with: nil)
        variableOfColumn[c] = v.index
        return c
    }

    func mention(_ terms: [LinearTerm], _ delta: Int) {
        for term in terms {
            _ = column(for: term.variable)
            mentions[term.variable.index] += delta
            if solutionTracksEngine { staleVariables.append(term.variable.index) }
        }
    }

    /// Leaves the optimal face before a change (undoes the level fixings); returns the state before, for
    /// `restoreFace` should the change be refused.
    /// `holdingFixings`: the change only adds a row that waits for the next `solve()` (a soft constraint, an edit's
    /// first suggested value); the fixings then stay pinned, and that solve tries the held face first
    /// (`solveOnHeldFace()`). Any other change lets held fixings go.
    func leaveFace(holdingFixings: Bool = false) -> AnswerState {
        let before = state
        var optimal = false
        if case .optimal = state { optimal = true }
        if optimal && holdingFixings && engine.tracksFixings && !engineIsStale {
            engine.fixingsHeld = true
        } else if optimal || (engine.fixingsHeld && !holdingFixings) {
            engine.unfixAll()
        }
        state = .changed(proposal: nil)
        return before
    }

    /// After a constant moved basic values off their bounds at an optimum: whether a phase 1 with the level fixings
    /// held found the optimum again on the same face (`SimplexEngine.restoreFeasibilityOnFace()`).
    func keptOnFace() -> Bool {
        guard engine.restoreFeasibilityOnFace() else { return false }
        changesOnFace += 1
        return true
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
    /// `mention(constraint.terms, 1)` does, in the same pass).
    func addRow(_ constraint: LinearConstraint, mentioning: Bool = false) -> Int {
        var terms = ScratchList<(column: Int, coefficient: T)>()
        swap(&terms, &termBuffer)
        defer { terms.removeAll(); swap(&terms, &termBuffer) }
        for term in constraint.terms {
            terms.append(engineTerm(term))
            if mentioning {
                mentions[term.variable.index] += 1
                if solutionTracksEngine { staleVariables.append(term.variable.index) }
            }
        }
        return engine.addRow(terms: terms, constant: T(constraint.constant), relation: constraint.relation,
                             priority: constraint.priority.isRequired ? nil : constraint.priority)
    }

    /// The terms `addRow` hands to the engine (and `recordEngineRowTerms` records), kept between calls.
    @exclusivity(unchecked) var termBuffer = ScratchList<(column: Int, coefficient: T)>()

    // MARK: Counters and switches

    #if DEBUG
    /// Public operations so far (debug builds schedule the invariant check by them).
    var checkedOperations = 0
    #endif

    /// Whether `solve()` asks the floating-point proposer for a basis after new rows went in (see `adopt`).
    var usesProposer = true
    /// The floating-point solver whose final basis is proposed (through `BasisProposing`, never its storage), injected
    /// by whoever composes back ends (`PlumbBackEnds` gives the Cassowary back end); nil: the floating-point copy of
    /// this tableau proposes.
    var proposer: (any BasisProposing.Type)? = nil {
        didSet {
            proposerSolver = proposer.map { $0.init() }
            liveProposer = nil
            keptCertificate = nil
        }
    }
    /// The proposer's solver, made with the exact solver (outside its operations, as every back end's set-up is) and
    /// reset before each proposal; dropped after a proposal for a large system (`keptProposerConstraints`), whose
    /// storage is not worth holding, and made again when next needed. A new solver per proposal cost a small
    /// layout's exact solve about 7 % of its instructions (every buffer of the proposer allocated and zeroed).
    var proposerSolver: (any BasisProposing)? = nil
    /// The most constraints a proposal may have had for its solver (and so its storage) to be kept for the next.
    static var keptProposerConstraints: Int { 1_024 }
    /// While the answer is certified (or suggested since, `AnswerState.suggestedSinceCertificate`): the proposer's
    /// solver that made the certified basis, still holding the system, when it has edit variables. A suggestion goes
    /// to it, and the tableau is built at its basis for the changed system: the first resize of a certified
    /// 1,000-view random layout cost the exact pivots from the old basis to the new optimum over the rows of the
    /// whole tree (40 % of that round's instructions), where the proposer's own round costs a few. Dropped when
    /// the tableau is built.
    @exclusivity(unchecked) var liveProposer: (any BasisProposing)? = nil {
        didSet { unsentSuggestions.removeAll(keepingCapacity: true) }
    }
    /// Suggestions held back from `liveProposer` while the kept certificate answers without it (a resize's rounds
    /// that move the certified basis's solution, `solveAtKeptCertificate()`): the latest value of each edit, sent
    /// before the proposer next solves (`sendUnsentSuggestions()`). Emptied with the proposer.
    @exclusivity(unchecked) var unsentSuggestions: [(variable: VariableID, value: Rational)] = []
    /// With `liveProposer`: the certificate of the answer it made, for the solves after its suggestions
    /// (`solveAtKeptCertificate()`). Dropped with it.
    @exclusivity(unchecked) var keptCertificate: KeptCertificate<T>? = nil
    /// What the proposer did so far (counted for measurement).
    @exclusivity(unchecked) var stats = ProposalStatistics()

    /// `warmStartWork`'s terms (tests lower them to see the fallback on small layouts).
    var warmStartBound = (perLiveRow: 2, floor: 10_000)
    /// Warm starts given up for a rebuild (`warmStartWork`).
    var abandonedWarmStarts = 0
    /// When a solve tries the crash path before a proposal: at most `pendingRows` rows waiting (a real app's small
    /// layout has a few soft rows, and needs few exact pivots from the crash basis, where the proposal costs a
    /// Cassowary build and a certificate: half again the exact solve), and then while it has rewritten at most
    /// `perLiveRow` rows per live row plus `floor` (a random layout's rows need many pivots, and go to the proposer
    /// soon). Tests set `pendingRows` to -1 to make every solve ask for a proposal.
    var crashPathBound = (pendingRows: 48, perLiveRow: 4, floor: 256)
    /// Which proposer a first solve of many waiting rows asks (`ProposalRoute`; tests choose the injected one).
    var proposalRoute = ProposalRoute.byDensity
    /// The most constraint rows a kept certificate may have for an edit's first value to be certified on it again
    /// (`solveAtKeptCertificate()`: a new certificate of every row, with the edit's); a larger system builds the
    /// tableau at the proposer's basis instead (`materialize()`), and its later rounds cost the engine a few pivots.
    /// Measured (callgrind, a certified build then 60 resize rounds): the 6,659-row app layout of 1,000 views paid
    /// 34 M instructions certifying again against 19 M for the tableau; the 108-row enaml-like form 0.4 M against
    /// 1.3 M. (A value the kept basis leaves unmet takes `answerWithUnmetEditRows` first.) Tests lower it.
    var firstValueCertificateRows = 1_024
    /// Crash paths given up for a proposal (`crashPathWork`).
    var abandonedCrashPaths = 0

    /// Removals and first constant changes of required equalities whose marker column had been dropped: how many got it
    /// back (`SimplexEngine.recoverMarker`), and how many rebuilt the required rows instead.
    var recoveredMarkers = 0
    /// Constant changes and suggestions that kept the optimal face (`restoreFeasibilityOnFace`).
    var changesOnFace = 0
    /// Solves after added rows that found the optimum with the last one's fixings held (`solveOnHeldFace`).
    var heldFaceSolves = 0
    /// `levelsMessage`'s last message.
    var lastLevelsMessage: (levels: Int, text: String) = (-1, "")
    var rebuilds = 0

    // MARK: Protocol operations

    // Each operation is a thin generic entry, specialized for `ExactRational`, around its body: the solver reaches
    // the core through an existential, so the generic entry runs first, and one with the body's locals asked the
    // runtime for their generic metadata at every call (730 instructions a suggestion, a third of it).

    @_specialize(where T == ExactRational)
    func add(_ constraint: LinearConstraint, id: ConstraintID) throws(SolverError) {
        try addConstraint(constraint, id: id)
    }

    func addConstraint(_ constraint: LinearConstraint, id: ConstraintID) throws(SolverError) {
        materialize()
        guard !constraints.contains(id) else { throw .duplicateConstraint(id) }
        guard constraint.priority.isValid else {
            throw .invalidPriority(constraint.priority, "a constraint's priority must lie in (0, 1000]")
        }
        let was = leaveFace(holdingFixings: !constraint.priority.isRequired)
        guard constraint.priority.isRequired else {
            constraints.insert(Entry(constraint, origin: nil, sequence: nextSequence), for: id)
            nextSequence += 1
            mention(constraint.terms, 1)
            return
        }
        refreshEngine()
        let origin = addRow(constraint, mentioning: true)
        let independent = engine.lastRowWasIndependent
        if !engine.restoreFeasibility() {
            mention(constraint.terms, -1)
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
            compactIfSparse()
            restoreFace(was)
            throw .unsatisfiable(id, conflictsWith: conflict.filter { $0 != id })
        }
        if !independent { dependentRequired += 1 }
        constraints.insert(Entry(constraint, origin: origin, sequence: nextSequence, isIndependent: independent), for: id)
        nextSequence += 1
    }

    @_specialize(where T == ExactRational)
    func remove(_ id: ConstraintID) throws(SolverError) {
        try removeConstraint(id)
    }

    func removeConstraint(_ id: ConstraintID) throws(SolverError) {
        materialize()
        guard let entry = constraints[id] else { throw .unknownConstraint(id) }
        _ = leaveFace()
        if entry.priority.isRequired && !entry.isIndependent { dependentRequired -= 1 }
        // (a stale engine is not read: its rebuild takes the table as it will be; before the entry goes, a first
        // recovery reads every engine row's terms from the table)
        let origin = engineIsStale ? nil : entry.origin
        let available = origin.map { markerColumnAvailable($0, deferrable: true) } ?? true
        constraints[id] = nil
        mention(entry.terms, -1)
        guard let origin else { return }
        if !available {
            // (a removal cannot make the others infeasible: the rebuild waits until the engine is needed)
            engineIsStale = true
            return
        }
        engine.removeRow(origin)
        compactIfSparse()
    }

    @_specialize(where T == ExactRational)
    func setConstant(_ constant: Rational, of id: ConstraintID) throws(SolverError) {
        try changeConstant(constant, of: id)
    }

    func changeConstant(_ constant: Rational, of id: ConstraintID) throws(SolverError) {
        materialize()
        guard let entry = constraints[id] else { throw .unknownConstraint(id) }
        let changed = entry.constraint.withConstant(constant)
        if case .optimal = state, !engineIsStale, let origin = entry.origin, !engine.needsRebuild(origin) {
            // A constant moves basic values only: the optimum's face holds if a feasible point stays on it.
            engine.setConstant(T(constant), of: origin)
            if engine.infeasible.isEmpty || keptOnFace() {
                constraints[id]!.constraint = changed
                state = .optimal(stale: true)
                return
            }
            // (the face is lost, or the required rows are infeasible: the fixings go, and the change goes on below)
        }
        let was = leaveFace()
        // A soft row's constant needs no verdict; nor does a required one's while the required rows are independent
        // (feasible whatever the constants): then a rebuild can wait (`ExactSolverCore+DeferredRebuild.swift`).
        let needsVerdict = entry.priority.isRequired && dependentRequired > 0
        if engineIsStale && !needsVerdict {
            // (the table changes, the rebuild to come takes it)
            constraints[id]!.constraint = changed
            return
        }
        refreshEngine()
        guard let origin = constraints[id]!.origin else {
            constraints[id]!.constraint = changed
            return
        }
        let refused: Bool
        if !needsVerdict && !markerColumnAvailable(origin, deferrable: true) {
            // The marker column was dropped and no recovery gets it back: the rebuild waits until the engine is
            // needed, so a run of such changes costs one (a region solve and a rebuild per change cost a chain of
            // 200 views three builds an update).
            constraints[id]!.constraint = changed
            engineIsStale = true
            return
        } else if !markerColumnAvailable(origin) {
            // The row's marker column was dropped: rebuild with the new constant (the old engine is kept if refused).
            let saved = (engine, columnOf, variableOfColumn, edits, constraints)
            constraints[id]!.constraint = changed
            refused = !rebuild()
            if refused { (engine, columnOf, variableOfColumn, edits, constraints) = saved }
        } else {
            engine.setConstant(T(constant), of: origin)
            refused = !engine.restoreFeasibility()
            if refused {
                engine.setConstant(T(entry.constant), of: origin)
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

    func addEditVariable(_ variable: VariableID, priority: Priority) throws(SolverError) {
        materialize()
        guard !edits.contains(variable) else { throw .duplicateEditVariable(variable) }
        guard variable.index >= 0 else { throw .unknownEditVariable(variable) }
        guard priority.isValid, !priority.isRequired else {
            throw .invalidPriority(priority, "an edit variable's priority must lie in (0, 1000)")
        }
        edits[variable] = Edit(priority: priority, origin: nil, constant: nil)
    }

    @_specialize(where T == ExactRational)
    func removeEditVariable(_ variable: VariableID) throws(SolverError) {
        try dropEdit(variable)
    }

    func dropEdit(_ variable: VariableID) throws(SolverError) {
        materialize()
        guard let edit = edits[variable] else { throw .unknownEditVariable(variable) }
        _ = leaveFace()
        if !engineIsStale, let origin = edit.origin {
            engine.removeRow(origin)
        }
        if edit.constant != nil {
            mentions[variable.index] -= 1
            if solutionTracksEngine { staleVariables.append(variable.index) }
        }
        edits[variable] = nil
        if !engineIsStale { compactIfSparse() }
    }

    @_specialize(where T == ExactRational)
    func suggest(_ value: Rational, for variable: VariableID) throws(SolverError) {
        try suggestValue(value, for: variable)
    }

    func suggestValue(_ value: Rational, for variable: VariableID) throws(SolverError) {
        if suggestToLiveProposer(value, for: variable) { return }
        materialize()
        // (the edit's fields read in place: see `EditTable`)
        guard let (editOrigin, first) = edits.read(variable, { ($0.origin, $0.constant == nil) }) else {
            throw .unknownEditVariable(variable)
        }
        let constant = -T(value)
        if case .optimal = state, let origin = editOrigin {
            // Only basic values move; if they stay within their bounds, the basis, the nonbasic values and so every
            // level's reduced costs are as at the last optimum: it is still optimal, on the same face. If not, a
            // feasible point on that face is optimal too (`restoreFeasibilityOnFace`).
            engine.setConstant(constant, of: origin)
            edits.modify(variable) { $0.constant = constant }
            if engine.infeasible.isEmpty || keptOnFace() {
                state = .optimal(stale: true)
                return
            }
            // (the face is lost: the fixings go below, and phase 1 goes on from here with the new value)
        }
        _ = leaveFace(holdingFixings: editOrigin == nil)   // (the edit's row waits: only it changes)
        record(constant, suggestedFor: variable, first: first)
        if !engineIsStale, let origin = editOrigin {
            engine.setConstant(constant, of: origin)
            let feasible = engine.restoreFeasibility()
            precondition(feasible, "ExactSolver: a soft row cannot make the required constraints infeasible")
        }
    }
}

extension ExactSolverCore {
    /// Notes an edit's suggested row constant; an edit's first value makes its variable mentioned (and read again
    /// at the next answer).
    func record(_ constant: T, suggestedFor variable: VariableID, first: Bool) {
        if first {
            _ = column(for: variable)
            mentions[variable.index] += 1
            if solutionTracksEngine { staleVariables.append(variable.index) }
        }
        edits.modify(variable) { $0.constant = constant }
    }
}
