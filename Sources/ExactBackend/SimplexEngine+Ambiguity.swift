import PlumbSystem

/// Ranges on the optimal face (the level fixings in place): which layout columns may move, and how far.
extension SimplexEngine {
    /// Whether a layout column may move on the current face (fixed columns cannot): a basic column whose row has
    /// a movable entry, or a movable nonbasic column. A column that is not a candidate is constant on the face.
    /// - Complexity: the column's row length.
    func mayMove(_ c: Int) -> Bool {
        guard let r = columns[c].basicRow else { return !isFixed(c) }
        for k in store.cells(r) where !isFixed(store.column[k]) { return true }
        return false
    }

    /// The least and greatest values of column `c` on the current face (nil: unbounded).
    /// - Complexity: two simplex runs from the optimal basis.
    mutating func range(of c: Int) -> (minimum: T?, maximum: T?) { range(of: [(c, .one)]) }

    /// The least and greatest values of `Σ cost·column` over distinct columns on the current face (nil: unbounded).
    /// - Complexity: two simplex runs from the optimal basis.
    mutating func range(of terms: [(column: Int, cost: T)]) -> (minimum: T?, maximum: T?) {
        let minimum: T? = optimize(terms) == .optimal ? sum(terms) : nil
        let maximum: T? = optimize(terms.map { ($0.column, -$0.cost) }) == .optimal ? sum(terms) : nil
        return (minimum, maximum)
    }

    /// `Σ cost·value` at the current values.
    func sum(_ terms: [(column: Int, cost: T)]) -> T {
        terms.reduce(T.zero) { $0 + $1.cost * value($1.column) }
    }
}
