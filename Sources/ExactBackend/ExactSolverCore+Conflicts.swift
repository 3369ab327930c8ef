import PlumbSolver
import PlumbSystem

/// Explaining a refused change: an irreducible set of required constraints that conflict.
extension ExactSolverCore {
    /// The required constraints by id (the candidates of a conflict).
    func requiredConstraints() -> [ConstraintID: LinearConstraint] {
        var result: [ConstraintID: LinearConstraint] = [:]
        constraints.forEach { id, entry in if entry.priority.isRequired { result[id] = entry.constraint } }
        return result
    }


    /// An irreducible infeasible subset of `all` (required constraints that are infeasible together), by a deletion
    /// filter: a member is dropped when the others stay infeasible, kept otherwise, so every member of the result
    /// is needed. Feasibility tests use fast probes (required equalities' columns eliminated, linear on chains);
    /// when a trial is infeasible and the set is small, a probe that keeps every marker column reads the trial's
    /// Farkas certificate and the set shrinks to its support at once. The start is the support of the whole set's
    /// certificate when that is affordable.
    func irreducibleConflict(among all: [ConstraintID: LinearConstraint]) -> [ConstraintID] {
        var set = all.keys.sorted()
        if set.count <= ExactSolverCore.certificateLimit, let support = certificateSupport(set, all) { set = support }
        var necessary: Set<ConstraintID> = []
        while let c = set.first(where: { !necessary.contains($0) }) {
            let trial = set.filter { $0 != c }
            if isFeasible(trial, all) {
                necessary.insert(c)
            } else if trial.count <= ExactSolverCore.certificateLimit, let support = certificateSupport(trial, all) {
                set = support
            } else {
                set = trial
            }
        }
        return set
    }

    /// Up to this many constraints, a conflict's certificate is read with every marker column kept (quadratic fill
    /// on chains, so not beyond).
    static var certificateLimit: Int { 5000 }

    func probe(_ ids: [ConstraintID], _ all: [ConstraintID: LinearConstraint], keepMarkers: Bool)
        -> (engine: SimplexEngine<T>, feasible: Bool) {
        var probe = SimplexEngine<T>()
        probe.dropsFixedMarkers = !keepMarkers
        var columns: [VariableID: Int] = [:]
        for id in ids {
            let constraint = all[id]!
            let terms = constraint.terms.map { term -> (column: Int, coefficient: T) in
                let c = columns[term.variable] ?? probe.newColumn(bounds: .free, kind: .structural)
                columns[term.variable] = c
                return (c, T(term.coefficient))
            }
            _ = probe.addRow(terms: terms, constant: T(constraint.constant), relation: constraint.relation, priority: nil)
        }
        let feasible = probe.restoreFeasibility()
        return (probe, feasible)
    }

    func isFeasible(_ ids: [ConstraintID], _ all: [ConstraintID: LinearConstraint]) -> Bool {
        probe(ids, all, keepMarkers: false).feasible
    }

    /// nil when `ids` are feasible together; otherwise the members the Farkas certificate uses.
    func certificateSupport(_ ids: [ConstraintID], _ all: [ConstraintID: LinearConstraint]) -> [ConstraintID]? {
        let (engine, feasible) = probe(ids, all, keepMarkers: true)
        if feasible { return nil }
        return engine.conflictOrigins().map { ids[$0] }.sorted()
    }
}
