import PlumbSystem
import PlumbSolver

/// The errors of a refused `add` (and `setConstant`'s, for a constant out of range), made out of line: their messages' code, inlined between the steps of a successful
/// add, was a third of `add`'s machine code.
extension CassowarySolver {
    /// The error of an add the tableau refused (the record not stored, its terms from `start` taken back): round-off
    /// that may have made the verdict, or the constraints it conflicts with.
    @inline(never)
    func refusal(of record: Record, _ id: ConstraintID, slot: Int, termsFrom start: Int) -> SolverError {
        if let doubt = tableau.doubtOfLastRefusal {
            // round-off may have made the verdict: say so instead of calling the constraints conflicting
            tableau.doubtOfLastRefusal = nil
            dropTerms(from: start)
            return .illConditioned("constraint \(id) looks unsatisfiable, but the verdict cannot be vouched for: "
                + doubt.description)
        }
        let others = explain(record, slot: slot, replacing: nil)  // (reads the record's terms)
        dropTerms(from: start)
        return .unsatisfiable(id, conflictsWith: others)
    }

    @inline(never)
    static func coefficientOutOfRange(_ id: ConstraintID, _ a: Double, variable v: Int) -> SolverError {
        .unsupported("constraint \(id): the coefficient \(a) of variable \(v) is outside the floating-point range "
            + "this back end solves reliably (magnitudes \(CassowaryTolerance.coefficientRange))")
    }

    @inline(never)
    static func constantOutOfRange(_ id: ConstraintID, _ constant: Double) -> SolverError {
        .unsupported("constraint \(id): the constant \(constant) is beyond \(CassowaryTolerance.largestConstant), "
            + "outside the floating-point range this back end solves reliably")
    }
}
