import PlumbSolver
import PlumbSystem

/// Each priority level's total violation, highest priority first, and the largest violation of a required
/// constraint: what the tests compare between two answers (two back ends, or a warm solver and a fresh one).
public struct LevelSums<Number: Equatable>: Equatable {
    /// The levels below required that `constraints` have, highest priority first, each with its total.
    public var levels: [Number]
    /// The largest violation of a required constraint (0 when every one holds).
    public var required: Number
}

/// Each priority's total violation of `constraints` at `value`, in exact arithmetic.
public func exactTotals(_ constraints: some Sequence<LinearConstraint>,
                        at value: (VariableID) -> Rational) throws -> [Priority: Rational] {
    var totals: [Priority: Rational] = [:]
    for c in constraints {
        let violation = try c.violation(at: value)
        totals[c.priority] = try (totals[c.priority] ?? .zero) + violation
    }
    return totals
}

/// `LevelSums` of `constraints` at `value`, in exact arithmetic.
public func exactLevelSums(_ constraints: some Sequence<LinearConstraint>,
                           at value: (VariableID) -> Rational) throws -> LevelSums<Rational> {
    var sums: [Priority: Rational] = [:]
    var required = Rational.zero
    for c in constraints {
        let violation = try c.violation(at: value)
        if c.priority.isRequired { required = max(required, violation) }
        else { sums[c.priority] = try (sums[c.priority] ?? .zero) + violation }
    }
    return LevelSums(levels: sums.keys.sorted(by: >).map { sums[$0]! }, required: required)
}

/// `LevelSums` of `constraints` at `value`, in floating point (the back ends' doubles, taken as they are).
public func levelSums(_ constraints: some Sequence<LinearConstraint>, at value: (VariableID) -> Double) -> LevelSums<Double> {
    var sums: [Priority: Double] = [:]
    var required = 0.0
    for c in constraints {
        let violation = c.violation(at: value)
        if c.priority.isRequired { required = max(required, violation) } else { sums[c.priority, default: 0] += violation }
    }
    return LevelSums(levels: sums.keys.sorted(by: >).map { sums[$0]! }, required: required)
}

/// A solver's values as exact rationals, for `exactLevelSums` (a value it cannot give exactly counts as 0, so that
/// the comparison fails loudly).
public func exactValues(of solver: any LayoutSolver) -> (VariableID) -> Rational {
    { variable in
        guard case .exact(let r) = solver.value(of: variable) else { return .zero }
        return r
    }
}
