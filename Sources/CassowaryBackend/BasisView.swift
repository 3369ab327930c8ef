import PlumbSolver
import PlumbSystem

/// Which of the solver's columns are basic in its current tableau: what the exact back end reads to take this
/// solver's final basis as a proposal (which it then certifies in exact arithmetic, so a wrong proposal costs it
/// time, never correctness). Package-internal: the symbols are an implementation detail.
extension CassowarySolver {
    /// Whether the variable is basic (false for a variable no constraint mentions).
    package func isBasic(variable v: VariableID) -> Bool {
        settleRemovals()
        guard let s = tableau.externals.symbol(of: v.index) else { return false }
        return tableau.symbols.isBasic(s)
    }

    /// Whether each of a constraint's two logical columns is basic, nil where it has none: `marker` is the slack of
    /// an inequality, the dummy of a required equality (when it keeps one), and the error column with coefficient
    /// -1 of a soft equality; `other` is the error column of a soft constraint (coefficient `-sign` for an
    /// inequality with slack coefficient `sign` = +1 for `<=`, -1 for `>=`; +1 for an equality). Nil for an
    /// unknown id.
    package func basicLogicals(of id: ConstraintID) -> (marker: Bool?, other: Bool?)? {
        guard let k = slot(of: id) else { return nil }
        return basicLogicals(ofRecord: k)
    }

    /// `basicLogicals(of:)` for the constraint behind a suggested edit (nil before the first suggestion).
    package func basicLogicals(ofEdit v: VariableID) -> (marker: Bool?, other: Bool?)? {
        guard let slot = edit(v.index)?.slot else { return nil }
        return basicLogicals(ofRecord: slot)
    }

    func basicLogicals(ofRecord k: Int) -> (marker: Bool?, other: Bool?) {
        settleRemovals()
        let r = records[k]
        return (r.marker.map(tableau.symbols.isBasic), r.other.map(tableau.symbols.isBasic))
    }
}
