import ExactBackend
import PlumbSolver
import PlumbSystem

/// Each priority's total violation of `constraints` at the solver's values, computed exactly here (the comparison the
/// differential tests make between two exact solvers); empty when a value is not exact.
func levelSums(_ solver: ExactSolver, _ constraints: some Sequence<LinearConstraint>) -> [Priority: Rational] {
    var result: [Priority: Rational] = [:]
    var exact = true
    for c in constraints {
        let violation = try! c.violation(at: { v in
            guard case .exact(let x) = solver.value(of: v) else { exact = false; return .zero }
            return x
        })
        result[c.priority] = try! (result[c.priority] ?? .zero) + violation
    }
    return exact ? result : [:]
}
