import PlumbSystem
import PlumbSolver

/// The relaxation back end: the naive baseline in the line of Sketchpad and ThingLab, made as good as
/// relaxation gets, and honest about where it fails.
///
/// Every constraint is a row `lower ≤ a·x + c ≤ upper` in `Double`. A *projection* moves `x` the shortest
/// way onto the row's boundary (Kaczmarz), and only when the row is violated, so an inequality that holds is
/// left alone. A *sweep* visits every row once. Values persist between solves: every solve, including each
/// edit round, starts from the last values (warm start), which is where relaxation is cheap: a small
/// suggestion costs sweeps in proportion to how far its effect must travel, not a rebuild.
///
/// ## Schemes (`RelaxationScheme`)
/// * `.textbook`: each sweep visits all rows in increasing priority, required rows last, soft rows damped by
///   0.5. It has no hierarchy: it settles on a weighted compromise, e.g. 60 on
///   `x ≤ 50 @750, x ≥ 80 @500, x == 60 @250`, whose lexicographic answer is 50.
/// * `.hierarchical`, `.overRelaxed`, `.propagating` (the default, `RelaxationScheme.best`) solve level by
///   level; see below.
///
/// ## The priority scheme, and why
/// Weights cannot express lexicographic priority on an unbounded family of systems (enough weak rows
/// always outweigh a strong one), so the hierarchy is enforced structurally, level by level, highest first:
/// 1. The *hard set* starts as the required rows.
/// 2. For the next soft level, sweep the level's rows then the hard set (re-projection onto the higher
///    levels last in every sweep) until the iterate stops moving. If the level conflicts with the hard set,
///    the sweeps settle into a limit cycle that does not satisfy the hard set; then the hard set alone is
///    swept until it holds.
/// 3. *Freeze* the level into the hard set: a row that holds (within `tolerance`) keeps its own bounds; a
///    row that is violated by `d` gets the range "violated by at most `d`" (|lhs| ≤ d for `==`, lhs ≤ d for
///    `<=`, lhs ≥ −d for `>=`).
/// 4. Repeat for the next level.
/// A lower level is only ever swept *before* a full re-projection onto everything above it, and everything
/// above it is frozen at what it reached, so a lower level can never undo a higher one: no row of a
/// higher level ends more violated (beyond `tolerance`) than when that level finished. This holds for any number of levels.
/// What it does not give is the L1 optimum *within* a level: the compromise a level settles on among its
/// own conflicting rows depends on the sweep order (the last conflicting row tends to win), and freezing
/// row by row can keep a lower level from trading violation between rows of a higher one. So
/// `strictPriorities` is false: the hierarchy is respected, but the per-level optimum is not guaranteed.
///
/// The hard set is swept frozen levels first (in the order they were frozen), required rows last: a level
/// that pulls against a frozen row (a stay against an edit) is put back by that row before the disturbance
/// spreads into the required rows.
///
/// `.overRelaxed` projects equalities of the hard set with ω = `overRelaxation` (SOR, default 1.2) in the
/// runs that have no soft rows (re-projection, systems without soft levels, and the tries of
/// `.propagating`). Inequalities are never over-relaxed, and neither is a run against soft rows: there an
/// over-relaxed hard row overshoots, parks the iterate inside a halfspace or spreads the disturbance
/// (measured: 48 instead of 50 on the three-level case, and edits slower than cold solves).
/// `.propagating` first fixes, by substitution, every variable that the hard set's equalities determine one
/// at a time (ThingLab's propagation of known values) and leaves fixed variables out of all projections, so
/// only the cyclic part of the system is relaxed; and it tries each level as if it were required first,
/// falling back to the level-with-freezing treatment only when that settles into a limit cycle.
///
/// ## Honesty and bounds
/// `solve()` reports `converged == true` only when the last sweep moved no value by more than `tolerance`
/// and every hard (in particular every required) row holds within `tolerance`. `iterations` is the number
/// of sweeps (over all levels), and `message` gives the largest remaining violation per level. A solve
/// stops after `maxSweeps` sweeps, `maxProjections` row projections or `timeLimit` seconds, whichever comes
/// first, and then says so.
///
/// Relaxation cannot prove required constraints infeasible in general; it reports them as not converged.
/// What it treats as proof: a required row whose variables are all fixed by substitution through required
/// equalities (or that has no variables) and that is violated by more than `tolerance` (up to floating-point
/// rounding in the substitution). The message then says the required constraints conflict and names the
/// row; otherwise a limit cycle with a required residual says they *appear* to conflict. Either way the
/// report is `converged == false`; `solve()` does not throw for it.
public class RelaxationSolver: LayoutSolver {
    /// `relaxation`; each scheme variant below has a name of its own, so the benchmark shows what each step buys.
    public class var name: String { "relaxation" }
    /// The scheme `init()` uses: the best one here, the variant's own in the subclasses.
    public class var defaultScheme: RelaxationScheme { .best }
    public static let capabilities = SolverCapabilities(exact: false, strictPriorities: false, incremental: true,
                                                        explainsConflicts: false, detectsAmbiguity: false)

    /// The default sweep cap per solve.
    public static let defaultMaxSweeps = 20_000
    /// The default cap on row projections per solve: deterministic (the same input stops at the same point on
    /// any machine), and about 0.1–0.3 s of work in a release build.
    public static let defaultMaxProjections = 20_000_000
    /// The default time cap per solve, in seconds: a safety net that ordinary inputs never reach (the sweep and
    /// projection caps bind first, so answers do not depend on the machine's speed).
    public static let defaultTimeLimit = 30.0
    /// How far from the answer a converged point may be and still be vouched for (the harness's conformance
    /// tolerance, absolute).
    public static let vouchedError = 1e-6
    /// Rounding errors of constants at or below this (every constant under about 10⁷) are not probed.
    static let roundingProbeFloor = 1e-9

    /// The default convergence tolerance (values and violations, absolute).
    public static let defaultTolerance = 1e-9
    /// The default ω of `.overRelaxed` and `.propagating`.
    public static let defaultOverRelaxation = 1.2

    /// How the solver iterates; may be changed between solves.
    public var scheme: RelaxationScheme
    /// The most sweeps one `solve()` may use, over all levels.
    public var maxSweeps: Int
    /// The most row projections one `solve()` may make (sweeps × rows swept).
    public var maxProjections = RelaxationSolver.defaultMaxProjections
    /// The most seconds one `solve()` may use.
    public var timeLimit: Double
    /// The largest per-sweep change and the largest hard-row violation that count as converged.
    public var tolerance: Double
    /// ω, the over-relaxation of projections onto the hard set in `.overRelaxed` and `.propagating`; in (0, 2).
    public var overRelaxation: Double = RelaxationSolver.defaultOverRelaxation

    /// The largest violation per level after the last solve, highest priority first (required included).
    public private(set) var lastResiduals: [(priority: Priority, violation: Double)] = []

    private var constraints: [ConstraintID: LinearConstraint] = [:]
    private var edits: [VariableID: Priority] = [:]
    private var suggestions: [VariableID: Rational] = [:]
    private var values: [Double] = []
    /// Variables some constraint or active edit mentioned at the last solve; others read as 0.
    private var mentioned: [Bool] = []
    /// The constraint rows, by id, rebuilt after an add, remove or constant change.
    private var compiled: (rows: RowTable, priorities: [Priority])?
    /// Why an answer over `compiled` cannot be vouched for whatever its residual, if anything (computed with it).
    private var illConditioning: RowConditioning?
    /// The rows of `compiled` whose constant `Double` holds only to more than `roundingProbeFloor` (a large number
    /// written exactly, such as 999999999999.999999), with that rounding error.
    private var roundedConstants: [(row: Int, error: Double)] = []

    /// The default scheme of this class, with the default caps.
    public required convenience init() {
        self.init(scheme: Self.defaultScheme)
    }

    public init(scheme: RelaxationScheme, maxSweeps: Int = RelaxationSolver.defaultMaxSweeps,
                timeLimit: Double = RelaxationSolver.defaultTimeLimit, tolerance: Double = RelaxationSolver.defaultTolerance) {
        self.scheme = scheme
        self.maxSweeps = maxSweeps
        self.timeLimit = timeLimit
        self.tolerance = tolerance
    }

    // MARK: - The protocol

    public func add(_ constraint: LinearConstraint, id: ConstraintID) throws(SolverError) {
        guard constraints[id] == nil else { throw .duplicateConstraint(id) }
        guard constraint.priority.isValid else {
            throw .invalidPriority(constraint.priority, "a constraint's priority must lie in (0, 1000]")
        }
        for term in constraint.terms where term.variable.index < 0 {
            throw .unsupported("variable \(term.variable) has a negative index")
        }
        constraints[id] = constraint
        compiled = nil
    }

    public func remove(_ id: ConstraintID) throws(SolverError) {
        guard constraints.removeValue(forKey: id) != nil else { throw .unknownConstraint(id) }
        compiled = nil
    }

    public func setConstant(_ constant: Rational, of id: ConstraintID) throws(SolverError) {
        guard let constraint = constraints[id] else { throw .unknownConstraint(id) }
        constraints[id] = constraint.withConstant(constant)
        compiled = nil
    }

    public func addEditVariable(_ variable: VariableID, priority: Priority) throws(SolverError) {
        guard edits[variable] == nil else { throw .duplicateEditVariable(variable) }
        guard priority.isValid, !priority.isRequired else {
            throw .invalidPriority(priority, "an edit variable's priority must lie in (0, 1000)")
        }
        guard variable.index >= 0 else { throw .unsupported("variable \(variable) has a negative index") }
        edits[variable] = priority
    }

    public func removeEditVariable(_ variable: VariableID) throws(SolverError) {
        guard edits.removeValue(forKey: variable) != nil else { throw .unknownEditVariable(variable) }
        suggestions[variable] = nil
    }

    public func suggest(_ value: Rational, for variable: VariableID) throws(SolverError) {
        guard edits[variable] != nil else { throw .unknownEditVariable(variable) }
        suggestions[variable] = value
    }

    public func solve() throws(SolverError) -> SolveReport {
        let start = ContinuousClock.now
        if compiled == nil {
            var table = RowTable(), distinct: [Priority] = [], indexOf: [Priority: Int] = [:]
            for id in constraints.keys.sorted() {
                let constraint = constraints[id]!
                let index = indexOf[constraint.priority] ?? distinct.count
                if index == distinct.count {
                    indexOf[constraint.priority] = index
                    distinct.append(constraint.priority)
                }
                table.append(Row(constraint, id: id), priorityIndex: index)
            }
            compiled = (table, distinct)
            // an angle θ lets a point hold both rows within the tolerance while lying tolerance/θ from the answer
            illConditioning = table.illConditioning(closerThan: tolerance / RelaxationSolver.vouchedError,
                                                    tolerance: tolerance) { row in
                distinct[table.priorityIndex[row]].isRequired
            }
            roundedConstants = []
            for (row, id) in constraints.keys.sorted().enumerated() {
                let constant = constraints[id]!.constant
                let error = constant.doubleValue.ulp
                if !constant.isExactlyDouble && error > RelaxationSolver.roundingProbeFloor {
                    roundedConstants.append((row, error))
                }
            }
        }
        var (rows, distinct) = compiled!
        for variable in suggestions.keys.sorted() {
            let priority = edits[variable]!
            let index = distinct.firstIndex(of: priority) ?? distinct.count
            if index == distinct.count { distinct.append(priority) }
            rows.append(Row(edit: variable, priority: priority, value: suggestions[variable]!.doubleValue), priorityIndex: index)
        }

        let count = (rows.variables.max() ?? -1) + 1
        if values.count < count { values += [Double](repeating: 0, count: count - values.count) }
        mentioned = [Bool](repeating: false, count: values.count)
        for v in rows.variables { mentioned[v] = true }

        // Level 0 is required (present or not), then the soft priorities present, highest first.
        let present = Set(rows.priorityIndex)
        let levels = [Priority.required] + present.map { distinct[$0] }.filter { !$0.isRequired }.sorted(by: >)
        let levelOfDistinct = distinct.map { priority in priority.isRequired ? 0 : (levels.firstIndex(of: priority) ?? 0) }

        let levelOf = rows.priorityIndex.map { levelOfDistinct[$0] }
        // the time limit as a duration (a limit beyond a year is no limit in practice, and keeps the arithmetic finite)
        let allowed = Duration.seconds(min(max(0, timeLimit.isNaN ? 0 : timeLimit), 3.2e7))
        // one run of the sweeps over `table` from the current values, with this solver's settings and limits
        func run(_ table: RowTable, deadline: ContinuousClock.Instant) -> RelaxationEngine {
            var engine = RelaxationEngine(scheme: scheme, tolerance: tolerance, maxSweeps: max(0, maxSweeps),
                                          overRelaxation: min(max(overRelaxation, 0.01), 1.99),
                                          deadline: deadline, maxProjections: max(0, maxProjections), rows: table, levelOf: levelOf,
                                          levelCount: levels.count, start: values)
            engine.run()
            return engine
        }
        let engine = run(rows, deadline: start + allowed)
        values = engine.x
        let residuals = engine.levelResiduals()
        lastResiduals = zip(levels, residuals).map { (priority: $0.0, violation: $0.1) }

        let requiredResidual = residuals[0]
        var converged = engine.stop == nil && requiredResidual <= tolerance
        var message = ""
        switch engine.stop {
        case nil:
            if !converged {
                message = "not converged: the required residual \(requiredResidual) exceeds the tolerance \(tolerance)"
            }
        case .sweepCap?:
            message = "not converged: sweep cap (\(maxSweeps)) reached"
        case .projectionCap?:
            message = "not converged: projection cap (\(maxProjections) row projections) reached"
        case .timeLimit?:
            message = "not converged: time limit (\(timeLimit) s) reached"
        case .stalled(let residual)?:
            message = "not converged: the sweeps settled into a limit cycle with residual \(residual); "
                + (scheme.isHierarchical ? "the required constraints appear to conflict"
                                         : "the soft constraints pull against the required ones, or these conflict")
        case .provedConflict(let row, let violation, let requiredOnly)?:
            let name = Self.describe(rows.sources[row])
            message = requiredOnly
                ? "not converged: the required constraints conflict: \(name) is violated by \(violation) once the"
                    + " required equalities fix its variables"
                : "not converged: \(name) cannot hold (violated by \(violation)) once the higher levels are frozen"
        case .diverged?:
            message = "not converged: the iterate diverged"
        }
        converged = converged && engine.stop == nil
        // Converged with a soft level still violated: a projection compromise, which need not be the level's least
        // total (relaxation has no optimality test). Only when every soft constraint holds is the answer provably
        // optimal, so anything else is labelled approximate, never plainly converged.
        let violatedLevel = lastResiduals.dropFirst().first { $0.violation > tolerance }
        // Constants rounded by more than the floor: solve again with each moved by its rounding error; an answer that
        // moves beyond what is vouched for depends on digits Double does not hold.
        var sensitivity = 0.0
        if converged && violatedLevel == nil && illConditioning == nil && !roundedConstants.isEmpty {
            var moved = rows
            for (row, error) in roundedConstants { moved.constants[row] += error }
            let probe = run(moved, deadline: ContinuousClock.now + allowed)
            for (a, b) in zip(probe.x, values) { sensitivity = Swift.max(sensitivity, abs(a - b)) }
            // a probe that did not settle tells nothing either way: not vouched for
            if probe.stop != nil { sensitivity = .infinity }
        }
        let sensitive = sensitivity > RelaxationSolver.vouchedError
        let approximate = converged && (violatedLevel != nil || illConditioning != nil || sensitive)
        if approximate, let level = violatedLevel {
            message = "approximate: level \(level.priority) is violated by \(level.violation), a compromise relaxation cannot "
                + "show to be that level's least total"
        } else if approximate, case let .nearlyParallel(first, second, difference)? = illConditioning {
            message = "approximate: ill-conditioned: \(Self.describe(rows.sources[first])) and "
                + "\(Self.describe(rows.sources[second])) are nearly parallel (directions \(difference) apart): "
                + "both hold within the tolerance far from where they meet"
        } else if approximate, case let .parallelWithinTolerance(first, second, gap)? = illConditioning {
            message = "approximate: ill-conditioned: \(Self.describe(rows.sources[first])) and "
                + "\(Self.describe(rows.sources[second])) are parallel and miss each other by \(gap), within the "
                + "tolerance: both hold within it where neither holds exactly"
        } else if approximate, case let .nearlyDependent(row, remainder)? = illConditioning {
            message = "approximate: ill-conditioned: \(Self.describe(rows.sources[row])) nearly follows from "
                + "the other required equalities (substituted, it cancels to \(remainder) of its size): it "
                + "holds within the tolerance far from where it meets them"
        } else if approximate {
            message = "approximate: ill-conditioned: constants that Double holds only to within their rounding error "
                + (sensitivity.isFinite ? "move the answer by \(sensitivity) when moved by that error"
                                        : "leave the answer unvouched for (moved by that error, the sweeps did not settle)")
        }
        let perLevel = lastResiduals.map { "\($0.priority.isRequired ? "required" : $0.priority.description): \($0.violation)" }
        message += (message.isEmpty ? "" : "; ") + "\(engine.sweeps) sweeps (\(scheme)); largest violation per level: "
            + perLevel.joined(separator: ", ")
        return SolveReport(converged: converged, approximate: approximate, iterations: engine.sweeps, message: message)
    }

    public func value(of variable: VariableID) -> SolvedValue {
        let i = variable.index
        guard i >= 0, i < values.count, i < mentioned.count, mentioned[i] else { return .float(0) }
        return .float(values[i])
    }

    private static func describe(_ source: RowSource) -> String {
        switch source {
        case .constraint(let id): return "constraint \(id)"
        case .edit(let v): return "the edit of \(v)"
        }
    }
}

/// The textbook scheme under a name of its own (`relaxation-textbook`), for the benchmark.
public final class TextbookRelaxationSolver: RelaxationSolver {
    override public class var name: String { "relaxation-textbook" }
    override public class var defaultScheme: RelaxationScheme { .textbook }
}

/// The level-by-level scheme (`relaxation-hierarchical`), for the benchmark.
public final class HierarchicalRelaxationSolver: RelaxationSolver {
    override public class var name: String { "relaxation-hierarchical" }
    override public class var defaultScheme: RelaxationScheme { .hierarchical }
}

/// Level by level with over-relaxation (`relaxation-overrelaxed`), for the benchmark.
public final class OverRelaxedRelaxationSolver: RelaxationSolver {
    override public class var name: String { "relaxation-overrelaxed" }
    override public class var defaultScheme: RelaxationScheme { .overRelaxed }
}
