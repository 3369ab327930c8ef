import PlumbSolver
import PlumbSystem

/// The final basis as the exact back end takes it (`BasisProposing`): which variables and which of each
/// constraint's columns are basic. Cassowary's own names for those columns (a record's marker and other symbol)
/// stay in here.
extension CassowarySolver: BasisProposing {
    public func isBasic(_ v: VariableID) -> Bool {
        settleRemovals()
        guard let s = tableau.externals.symbol(of: v.index) else { return false }
        return tableau.symbols.isBasic(s)
    }

    public func basicLogicals(of id: ConstraintID) -> BasicLogicals? {
        guard let k = slot(of: id) else { return nil }
        return basicLogicals(ofRecord: k)
    }

    public func basicLogicals(ofEdit v: VariableID) -> BasicLogicals? {
        guard let slot = edit(v.index)?.slot else { return nil }
        return basicLogicals(ofRecord: slot)
    }

    /// A record's marker is the slack of an inequality, the dummy of a required equality that keeps one, and the
    /// error with coefficient -1 of a soft equality or `>=` (the error above); `other` is a soft row's second error:
    /// below for `==` and `>=`, above for `<=` (whose marker, its slack, is the error below). A required equality
    /// without a dummy that the rows before it implied (`Record.isImplied`) reports its would-be dummy basic.
    func basicLogicals(ofRecord k: Int) -> BasicLogicals {
        settleRemovals()
        let r = records[k]
        let marker = r.marker.map(tableau.symbols.isBasic)
        let other = r.other.map(tableau.symbols.isBasic)
        if r.isRequired { return BasicLogicals(slack: marker ?? (r.isImplied ? true : nil)) }
        if r.relation == .lessOrEqual { return BasicLogicals(above: other, below: marker) }
        return BasicLogicals(above: marker, below: other)
    }
}
