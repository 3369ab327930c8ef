import PlumbSystem

/// A variable that takes more than one value on the optimal face, with its range there.
public struct AmbiguousVariable: Hashable, Sendable {
    public let variable: VariableID
    /// The least optimal value; `.float(-.infinity)` when unbounded below.
    public let minimum: SolvedValue
    /// The greatest optimal value; `.float(.infinity)` when unbounded above.
    public let maximum: SolvedValue
    public init(variable: VariableID, minimum: SolvedValue, maximum: SolvedValue) {
        self.variable = variable
        self.minimum = minimum
        self.maximum = maximum
    }
}

/// A back end that can tell which variables the lexicographic optimum does not fix (Auto Layout's
/// `hasAmbiguousLayout`, made exact).
public protocol AmbiguityDetecting: LayoutSolver {
    /// After `solve()`: the variables among `candidates` (all variables the solver has seen when nil) that are
    /// not unique on the optimal face, with their ranges, in variable order. A candidate that no constraint
    /// mentions is free: ambiguous over (−∞, ∞).
    func ambiguousVariables(among candidates: [VariableID]?) throws(SolverError) -> [AmbiguousVariable]

    /// After `solve()`: the least and greatest values of `expression` on the optimal face (`.float(∓.infinity)`
    /// when unbounded), equal when the face fixes it. Asks without adding anything to the solver, so a judge can
    /// ask about `child.x − parent.x` without changing what it judges.
    /// - Complexity: two optimisations over the face, as `ambiguousVariables` makes per variable.
    func range(of expression: LinearExpression) throws(SolverError) -> (minimum: SolvedValue, maximum: SolvedValue)
}
