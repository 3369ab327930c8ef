import PlumbSystem

/// Which of a constraint's own columns are basic in a simplex tableau, beside the variables: a required
/// inequality's slack, or a soft constraint's two errors (the amounts by which its expression ends above and below
/// the constraint's value). Nil where the constraint has no such column.
public struct BasicLogicals: Hashable, Sendable {
    /// The slack of a required inequality (or of a required equality, when the solver keeps one fixed at 0). For a
    /// required equality the other rows imply, true even when the solver keeps no column for it: its would-be marker
    /// is basic at 0, and the row takes no basic column of the others.
    public var slack: Bool?
    /// A soft constraint's error above (`expression − value > 0`) and below.
    public var above: Bool?
    public var below: Bool?

    public init(slack: Bool? = nil, above: Bool? = nil, below: Bool? = nil) {
        self.slack = slack
        self.above = above
        self.below = below
    }
}

/// A solver whose final tableau another solver may start from: which variables and which of each constraint's
/// columns are basic after `solve()`. The exact back end takes a floating-point solver's basis as a proposal and
/// certifies it in exact arithmetic, so a wrong answer here costs it time, never correctness.
public protocol BasisProposing: LayoutSolver {
    /// Whether the variable is basic (false for a variable no constraint mentions).
    /// - Complexity: O(1) after the last `solve()`.
    func isBasic(_ variable: VariableID) -> Bool
    /// Which of the constraint's columns are basic; nil for an unknown id.
    func basicLogicals(of id: ConstraintID) -> BasicLogicals?
    /// The same for the constraint behind a suggested edit (nil before the first suggestion).
    func basicLogicals(ofEdit variable: VariableID) -> BasicLogicals?
    /// Back to the state `init()` gives, keeping what storage it can: the exact back end keeps one proposer and
    /// resets it before each proposal instead of making a new solver for each.
    func reset()
}
