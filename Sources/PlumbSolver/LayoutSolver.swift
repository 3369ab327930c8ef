import PlumbSystem

/// Identifies a constraint inside one solver; chosen by the caller, so that adding the same id twice is an error.
public struct ConstraintID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let index: Int
    public init(_ index: Int) { self.index = index }
    public static func < (lhs: ConstraintID, rhs: ConstraintID) -> Bool { lhs.index < rhs.index }
    public var description: String { "c\(index)" }
}

/// A solved value: exact from an exact back end, floating from the others (layout-result/1's value).
public typealias SolvedValue = LayoutResult.Value

/// What a `solve()` call reports besides the values.
public struct SolveReport: Hashable, Sendable {
    /// False when an iterative back end stopped before converging; its values are then not a solution.
    public var converged: Bool
    /// Pivots, sweeps or iterations used, where the back end counts them.
    public var iterations: Int?
    /// True when the back end converged but cannot vouch for its answer: a level's total violation may not be the
    /// least possible (a relaxation compromise between conflicting constraints of one level), or the values may be
    /// off even where every constraint holds (ill-conditioned rows, constants `Double` rounds, round-off a
    /// floating-point tableau noticed, values too large for exact fractions). `message` says why.
    public var approximate: Bool
    /// A human-readable note (why it did not converge, for instance).
    public var message: String

    public init(converged: Bool = true, approximate: Bool = false, iterations: Int? = nil, message: String = "") {
        self.converged = converged
        self.approximate = approximate
        self.iterations = iterations
        self.message = message
    }
}

/// What a back end promises; the harness judges it by these claims.
public struct SolverCapabilities: Hashable, Sendable {
    /// Values are exact rationals (otherwise floating point).
    public var exact: Bool
    /// Priorities are strictly lexicographic, for any number of levels.
    public var strictPriorities: Bool
    /// Adds, removes, constant changes and suggestions update the last solution rather than re-solving.
    public var incremental: Bool
    /// An unsatisfiable error names the constraints the new one conflicts with.
    public var explainsConflicts: Bool
    /// The back end can report which variables are not unique on the optimal face.
    public var detectsAmbiguity: Bool

    public init(exact: Bool, strictPriorities: Bool, incremental: Bool, explainsConflicts: Bool, detectsAmbiguity: Bool) {
        self.exact = exact
        self.strictPriorities = strictPriorities
        self.incremental = incremental
        self.explainsConflicts = explainsConflicts
        self.detectsAmbiguity = detectsAmbiguity
    }
}

/// A back end: keeps a prioritized linear system and solves it.
///
/// After any thrown error the solver is exactly as if the failed call had not been made.
/// Variables are dense `VariableID`s chosen by the caller; a variable no constraint mentions reads as 0.
///
/// ## What each operation costs
/// Each back end states its costs on its type; in short, for a system of `n` rows, where "what depends on it"
/// means the rows of the tableau whose values move when the constraint's constant moves:
///
/// | operation | Cassowary (`CassowarySolver`) | exact (`ExactSolver`) | relaxation |
/// |---|---|---|---|
/// | `add` | the row's substitution into the rows holding its subject, and the simplex pivots it causes | the same, in exact arithmetic, deferred to `solve()` when many rows go in at once | O(1): stored |
/// | `remove` | waits for the next call that reads or changes the tableau; then O(1) or one pivot when a variable is its own, else a search over what depends on it and one pivot over those rows; a rebuild (O(n) adds) only when neither finds the marker column within a budget proportional to n | a pivot out of the basis and the row cleared; a required equality whose marker column was dropped first recovers it, exactly, over what depends on it (a walk, or a solve of the cycle it closes); a rebuild of the required rows only when neither finds it (an equality the others imply, or past a budget proportional to n) | O(1) |
/// | `setConstant` | a constant shift over what depends on it and the dual simplex over the rows it made infeasible (the first change of a required equality first recovers its marker column, as `remove` does) | a shift and a phase 1 from the current basis (the first change of such an equality recovers its marker column, as `remove` does) | O(1) |
/// | `suggest`, then `solve()` | a constant shift along the edit's error column and the dual simplex over the rows it made infeasible | a shift and re-optimisation from the current basis | sweeps until the values settle |
/// | `solve()` after adds | nothing beyond the adds (values are kept current) | the level-by-level simplex from the last basis, each level from its reduced costs as the changes left them, then the values that changed read out; past twice as many rows rewritten as the tableau has, a rebuild with the floating-point proposer's basis (about one build) | sweeps over every row, level by level |
/// | `value(of:)` | O(1) | O(1) | O(1) |
public protocol LayoutSolver: AnyObject, SendableMetatype {
    /// The name used on the command line and in results (`cassowary`, `exact`, `relaxation`).
    static var name: String { get }
    /// What this back end guarantees.
    static var capabilities: SolverCapabilities { get }

    init()

    /// Adds a constraint under a caller-chosen id.
    func add(_ constraint: LinearConstraint, id: ConstraintID) throws(SolverError)
    /// Removes a constraint.
    func remove(_ id: ConstraintID) throws(SolverError)
    /// Changes a constraint's constant in place (no remove and re-add).
    func setConstant(_ constant: Rational, of id: ConstraintID) throws(SolverError)
    /// Makes `variable` editable at `priority` (below 1000).
    func addEditVariable(_ variable: VariableID, priority: Priority) throws(SolverError)
    /// Stops editing `variable`.
    func removeEditVariable(_ variable: VariableID) throws(SolverError)
    /// Suggests a value for an edit variable; takes effect at the next `solve()`.
    func suggest(_ value: Rational, for variable: VariableID) throws(SolverError)
    /// Brings the values up to date with every change so far.
    func solve() throws(SolverError) -> SolveReport
    /// The value of `variable` after the last `solve()`.
    func value(of variable: VariableID) -> SolvedValue
}
