import PlumbInvariants
import PlumbSolver
import PlumbSystem

/// The exact back end: the lexicographic L1 optimum in exact rationals (GMP behind an inline fast path), by a
/// bounded-variable primal simplex of its own, level by level. No floating point on the decision path: when many
/// rows go in at once, a floating-point solver proposes the final basis ("float proposes, exact certifies", see
/// `adopt`): the proposer a composition injects (`defaultProposer`; `PlumbBackEnds` gives the Cassowary back end),
/// solving the same rows, or where there is none or it refuses the numbers a floating-point copy of this tableau.
/// This module links no other back end. A first solve checks the basis on the original rows (`BasisCertificate`: exact values, exact
/// duals and each level's reduced costs, no tableau for the soft rows, which go into the engine only when something
/// needs them there); otherwise the exact engine takes that basis, computes its values exactly and checks every
/// level's reduced costs exactly, and pivots on in exact arithmetic wherever the proposal was not exactly optimal, so
/// a wrong proposal costs time, never correctness, and the answer stays independent of the proposer's code.
///
/// - Required constraints hold exactly; an infeasible required set is refused with an irreducible conflicting
///   subset (Farkas certificate, trimmed by deletion).
/// - From the highest priority down, each level's sum of violations is minimised and its optimal face fixed.
/// - Changes are incremental: they update the last basis (warm start); a required add or constant change restores
///   feasibility with a phase 1 from there, and `solve()` re-optimises the levels from the current basis, starting
///   from each level's reduced costs as the changes left them (kept through pivots, row additions and removals).
///   Removing, or changing the constant of, a required equality whose marker column was dropped first recovers that
///   column from the rows that depend on the equality (`SimplexEngine+MarkerRecovery.swift`); only where that walk
///   finds no way (a cycle of equalities, one the others imply, or past its budget) are the required rows rebuilt
///   (a cold start; `counters` counts both).
/// - Reading the answer after `solve()` costs the values that changed since the last one (all of them after a
///   rebuild).
open class ExactSolver: LayoutSolver, AmbiguityDetecting {
    open class var name: String { "exact" }
    /// The floating-point solver whose final bases this class's solvers take as proposals (through `BasisProposing`):
    /// none here, so the exact back end stands alone (a floating-point copy of its own tableau proposes); a composition
    /// of back ends overrides it (`PlumbBackEnds` proposes with the Cassowary back end).
    open class var defaultProposer: (any BasisProposing.Type)? { nil }
    public static let capabilities = SolverCapabilities(exact: true, strictPriorities: true, incremental: true,
                                                        explainsConflicts: true, detectsAmbiguity: true)
    /// The solver proper, over the number type chosen at creation (called once per operation, never in a pivot).
    let core: any ExactCore

    /// How a solver keeps its numbers.
    public enum Numbers: Sendable {
        /// Machine integers inline, GMP where they overflow (the default).
        case inline
        /// Every number a heap GMP rational (to measure what the inline fast path buys).
        case gmpOnly
    }

    /// A solver with `defaultProposer` (none here: the exact back end alone).
    public required convenience init() {
        self.init(numbers: .inline, proposer: Self.defaultProposer)
    }

    /// An exact solver over `numbers` that takes its proposals from `proposer`'s final basis (nil: from a
    /// floating-point copy of its own tableau).
    public init(numbers: Numbers, proposer: (any BasisProposing.Type)?) {
        switch numbers {
        case .inline: core = ExactSolverCore<ExactRational>()
        case .gmpOnly: core = ExactSolverCore<GMPRational>()
        }
        core.proposer = proposer
    }

    /// An exact solver that takes its proposals from `proposer`'s final basis.
    public convenience init(proposer: (any BasisProposing.Type)?) {
        self.init(numbers: .inline, proposer: proposer)
    }

    /// Whether `solve()` lets a floating-point simplex propose the basis that the exact engine then certifies (or
    /// continues from). Default true; false pivots in exact arithmetic only (the reference path).
    public var usesProposer: Bool {
        get { core.usesProposer }
        set { core.usesProposer = newValue }
    }

    /// What the solver has done so far: proposals and their certificates, simplex work, marker recoveries and
    /// rebuilds, warm starts given up (see `ExactSolverCounters`). - Complexity: O(rows) (it counts the nonzeros).
    public var counters: ExactSolverCounters { core.counters }

    /// The bound behind `counters.abandonedWarmStarts`: rows rewritten per live row, plus a floor.
    var warmStartBound: (perLiveRow: Int, floor: Int) {
        get { core.warmStartBound }
        set { core.warmStartBound = newValue }
    }

    /// When a solve pivots from the crash basis before asking for a proposal (behind `counters.abandonedCrashPaths`):
    /// at most `pendingRows` rows waiting, and while it has rewritten at most `perLiveRow` rows per live row plus
    /// `floor`. `pendingRows` -1: every solve with rows waiting asks for a proposal.
    var crashPathBound: (pendingRows: Int, perLiveRow: Int, floor: Int) {
        get { core.crashPathBound }
        set { core.crashPathBound = newValue }
    }

    /// Which proposer a first solve of many waiting rows asks (`ProposalRoute`, default `.byDensity`).
    var proposalRoute: ProposalRoute {
        get { core.proposalRoute }
        set { core.proposalRoute = newValue }
    }

    /// How `ambiguousVariables(among:)` works (default `.screened`).
    public var ambiguityMode: AmbiguityMode {
        get { core.ambiguityMode }
        set { core.ambiguityMode = newValue }
    }

    // Every operation that changes or queries the engine ends with the invariant check in debug builds (a refused
    // call included: the solver must be as it was).
    public func add(_ constraint: LinearConstraint, id: ConstraintID) throws(SolverError) {
        defer { core.assertInvariants() }
        try core.add(constraint, id: id)
    }
    public func remove(_ id: ConstraintID) throws(SolverError) {
        defer { core.assertInvariants() }
        try core.remove(id)
    }
    public func setConstant(_ constant: Rational, of id: ConstraintID) throws(SolverError) {
        defer { core.assertInvariants() }
        try core.setConstant(constant, of: id)
    }
    public func addEditVariable(_ variable: VariableID, priority: Priority) throws(SolverError) {
        defer { core.assertInvariants() }
        try core.addEditVariable(variable, priority: priority)
    }
    public func removeEditVariable(_ variable: VariableID) throws(SolverError) {
        defer { core.assertInvariants() }
        try core.removeEditVariable(variable)
    }
    public func suggest(_ value: Rational, for variable: VariableID) throws(SolverError) {
        defer { core.assertInvariants() }
        try core.suggest(value, for: variable)
    }
    /// Solves. A value beyond 128-bit fractions comes out of `value(of:)` as its digits (`.wide`), never rounded;
    /// should one ever be a float instead, the report says so (approximate, naming the variables).
    public func solve() throws(SolverError) -> SolveReport {
        defer { core.assertInvariants() }
        var report = core.solve()
        let wide = core.valuesBeyond128Bits(limit: 5)
        if !wide.isEmpty {
            report.approximate = true
            report.message = "the value\(wide.count == 1 ? "" : "s") of variable\(wide.count == 1 ? "" : "s") "
                + wide.map { "#\($0.index)" }.joined(separator: ", ") + (wide.count == 5 ? " (and maybe more)" : "")
                + " outgrow 128-bit fractions: reported to the nearest double, not exactly"
        }
        return report
    }
    public func value(of variable: VariableID) -> SolvedValue { core.value(of: variable) }
    public func ambiguousVariables(among candidates: [VariableID]?) throws(SolverError) -> [AmbiguousVariable] {
        defer { core.assertInvariants() }
        return try core.ambiguousVariables(among: candidates)
    }
    public func range(of expression: LinearExpression) throws(SolverError) -> (minimum: SolvedValue, maximum: SolvedValue) {
        defer { core.assertInvariants() }
        return try core.range(of: expression)
    }

    /// The exact value of `variable` after the last `solve()`, however large its numerator and denominator.
    public func exactValue(of variable: VariableID) -> ExactRational? {
        guard core.isMentioned(variable) else { return .zero }
        switch core.value(of: variable) {
        case .exact(let r): return ExactRational(r)
        case .wide(let w): return try? ExactRational(parsing: w.description)
        case .float: return nil
        }
    }
}

/// The same solver with every number a heap GMP `mpq_t` (no inline fast path): kept to measure what the fast path
/// buys. Name `exact-gmp`.
open class ExactGMPOnlySolver: ExactSolver {
    override open class var name: String { "exact-gmp" }

    public required convenience init() {
        self.init(numbers: .gmpOnly, proposer: Self.defaultProposer)
    }
}

/// The exact back end without the floating-point proposer: every pivot in exact arithmetic from the crash basis (the
/// reference the proposer is measured and tested against). Name `exact-pivot`.
open class ExactPivotingSolver: ExactSolver {
    override open class var name: String { "exact-pivot" }

    public required convenience init() {
        self.init(numbers: .inline, proposer: nil)
        usesProposer = false
    }
}

/// What `ExactSolver` needs of its core, whatever its number type.
protocol ExactCore: AnyObject {
    var ambiguityMode: AmbiguityMode { get set }
    func add(_ constraint: LinearConstraint, id: ConstraintID) throws(SolverError)
    func remove(_ id: ConstraintID) throws(SolverError)
    func setConstant(_ constant: Rational, of id: ConstraintID) throws(SolverError)
    func addEditVariable(_ variable: VariableID, priority: Priority) throws(SolverError)
    func removeEditVariable(_ variable: VariableID) throws(SolverError)
    func suggest(_ value: Rational, for variable: VariableID) throws(SolverError)
    func solve() -> SolveReport
    func value(of variable: VariableID) -> SolvedValue
    func ambiguousVariables(among candidates: [VariableID]?) throws(SolverError) -> [AmbiguousVariable]
    func range(of expression: LinearExpression) throws(SolverError) -> (minimum: SolvedValue, maximum: SolvedValue)
    /// Whether some constraint mentions the variable.
    func isMentioned(_ variable: VariableID) -> Bool
    /// Up to `limit` variables whose value does not fit a 128-bit fraction (so `value(of:)` rounds it).
    func valuesBeyond128Bits(limit: Int) -> [VariableID]
    /// Counters for measurements.
    var counters: ExactSolverCounters { get }
    var warmStartBound: (perLiveRow: Int, floor: Int) { get set }
    var crashPathBound: (pendingRows: Int, perLiveRow: Int, floor: Int) { get set }
    var proposalRoute: ProposalRoute { get set }
    var usesProposer: Bool { get set }
    var proposer: (any BasisProposing.Type)? { get set }
    var stats: ProposalStatistics { get }
    /// Every invariant of the solver and its engine (see `ExactSolverCore+Invariants.swift`).
    func invariantReport() -> InvariantReport
    /// Debug builds: `invariantReport()` after a public operation, on a schedule for large systems.
    func assertInvariants()
}

extension ExactSolverCore: ExactCore {
    func isMentioned(_ variable: VariableID) -> Bool {
        variable.index >= 0 && variable.index < mentions.count && mentions[variable.index] > 0
    }

    var counters: ExactSolverCounters {
        let s = stats, e = engine
        return ExactSolverCounters(
            proposals: s.proposals, fromProposer: s.fromProposer, withoutTableau: s.certifiedWithoutTableau,
            certified: s.certifiedAsProposed, fallbackIterations: s.fallbackIterations,
            proposerIterations: s.proposerIterations, proposerRowsTouched: s.proposerRowsTouched,
            adoptionPivots: s.adoptionPivots, suggestionsToKeptProposer: s.suggestionsToKeptProposer,
            materializedAtKeptProposer: s.materializedAtKeptProposer, keptBasisAnswers: s.keptBasisAnswers,
            keptCertificateAnswers: s.keptCertificateAnswers, unmetRowsAdded: s.unmetRowsAdded, milliseconds: s.times.milliseconds,
            iterations: e.iterations,
            rows: e.liveRowCount, columns: e.columnCount, nonzeros: e.store.liveCells, rowsRewritten: e.statColumn,
            markersRecovered: recoveredMarkers, rebuilds: rebuilds, abandonedWarmStarts: abandonedWarmStarts,
            abandonedCrashPaths: abandonedCrashPaths, changesOnFace: changesOnFace, heldFaceSolves: heldFaceSolves,
            fixingExaminations: e.fixingExaminations, releasedCandidateChecks: e.releasedCandidateChecks)
    }
}
