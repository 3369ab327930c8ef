import PlumbSystem
import PlumbSolver
import RelaxationBackend

/// `Σ coefficient·variable + constant RELATION 0` from small integers.
func row(_ terms: [(Int, Int)], _ constant: Int, _ relation: Relation, _ priority: Priority = .required) -> LinearConstraint {
    var expression = LinearExpression(constant: Rational(constant))
    for (variable, coefficient) in terms { try! expression.add(VariableID(variable), Rational(coefficient)) }
    return LinearConstraint(expression, relation, priority: priority)
}

/// `variable RELATION value`.
func bound(_ variable: Int, _ relation: Relation, _ value: Int, _ priority: Priority = .required) -> LinearConstraint {
    row([(variable, 1)], -value, relation, priority)
}

/// Adds the constraints with ids 0, 1, 2, ...
func solver(_ scheme: RelaxationScheme, _ constraints: [LinearConstraint], maxSweeps: Int = 100_000,
            timeLimit: Double = 30) throws -> RelaxationSolver {
    let solver = RelaxationSolver(scheme: scheme, maxSweeps: maxSweeps, timeLimit: timeLimit)
    for (index, constraint) in constraints.enumerated() { try solver.add(constraint, id: ConstraintID(index)) }
    return solver
}

extension RelaxationSolver {
    func double(_ variable: Int) -> Double { value(of: VariableID(variable)).doubleValue }
}

/// Whether `a` and `b` agree within `tolerance`.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

/// A row of `count` equal-width views between two fixed edges, all required:
/// `v0.x == 8`, `v[i].x == v[i-1].x + v[i-1].w + 8`, `v[i].w == v0.w`, `last.x + last.w == width - 8`.
/// Variables: x of view i is 2i, w is 2i + 1. Each width is (width − 8(count + 1)) / count.
func equalWidthChain(_ count: Int, width: Int) -> [LinearConstraint] {
    var constraints = [bound(0, .equal, 8)]
    for i in 1..<count {
        constraints.append(row([(2 * i, 1), (2 * i - 2, -1), (2 * i - 1, -1)], -8, .equal))
        constraints.append(row([(2 * i + 1, 1), (1, -1)], 0, .equal))
    }
    constraints.append(row([(2 * count - 2, 1), (2 * count - 1, 1)], -(width - 8), .equal))
    return constraints
}
