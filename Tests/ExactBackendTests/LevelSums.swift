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

/// A random prioritized system for the differential tests: `least + next() % spread` variables and rows, each row of
/// one to three terms with small integer coefficients (-3...3) and a constant in -20...20, any relation, a priority
/// drawn from `priorities` (repeat `.required` to weigh it).
func randomPrioritizedSystem(_ random: inout SplitMix64, variables: (least: Int, spread: UInt64),
                             rows: (least: Int, spread: UInt64), priorities: [Priority]) throws -> [LinearConstraint] {
    let count = variables.least + Int(random.next() % variables.spread)
    var constraints: [LinearConstraint] = []
    for _ in 0..<(rows.least + Int(random.next() % rows.spread)) {
        var e = LinearExpression(constant: Rational(Int(random.next() % 41) - 20))
        for _ in 0..<(1 + Int(random.next() % 3)) {
            let a = Int(random.next() % 7) - 3
            if a != 0 { try e.add(VariableID(Int(random.next() % UInt64(count))), Rational(a)) }
        }
        let relation: Relation = [.equal, .lessOrEqual, .greaterOrEqual][Int(random.next() % 3)]
        constraints.append(LinearConstraint(e, relation, priority: priorities[Int(random.next() % UInt64(priorities.count))]))
    }
    return constraints
}
