import ExactBackend
import PlumbSolver
import PlumbSystem
import PlumbTestSupport

/// Each priority's total violation of `constraints` at the solver's values, computed exactly here (the comparison the
/// differential tests make between two exact solvers); empty when a value is not exact.
func levelSums(_ solver: ExactSolver, _ constraints: some Sequence<LinearConstraint>) -> [Priority: Rational] {
    var exact = true
    let totals = try! exactTotals(constraints) { v in
        guard case .exact(let x) = solver.value(of: v) else { exact = false; return .zero }
        return x
    }
    return exact ? totals : [:]
}
