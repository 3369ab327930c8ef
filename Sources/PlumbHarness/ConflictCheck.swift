import PlumbSystem
import PlumbSolver

/// Whether a named set of required constraints is an irreducible conflict: together infeasible, and feasible
/// with any one of them left out. Decided by an exact back end.
public func isIrreducibleConflict(_ constraints: [LinearConstraint], oracle: any LayoutSolver.Type) -> Bool {
    func feasible(_ subset: [LinearConstraint]) -> Bool {
        let solver = oracle.init()
        do {
            for (i, c) in subset.enumerated() { try solver.add(c, id: ConstraintID(i)) }
            return true
        } catch .unsatisfiable {
            return false
        } catch {
            return true
        }
    }
    guard !constraints.isEmpty, !feasible(constraints) else { return false }
    for i in constraints.indices {
        var rest = constraints
        rest.remove(at: i)
        if !feasible(rest) { return false }
    }
    return true
}
