import PlumbSystem

/// The Farkas certificate of an infeasible set of required rows, read off the tableau phase 1 gave up on.
extension SimplexEngine {
    /// After a failed `restoreFeasibility()`: the live required origins the Farkas certificate uses (the phase-1
    /// combination of the infeasible rows, read off each origin's marker column). - Complexity: the infeasible rows'
    /// cells, plus the origins.
    func conflictOrigins() -> [Int] {
        var combination: [Int: T] = [:]
        func accumulate(_ j: Int, _ delta: T) {
            let sum = (combination[j] ?? .zero) + delta
            combination[j] = sum.isZero ? nil : sum
        }
        for i in infeasible {
            let b = basic(ofRow: i)
            let below = isBelow(b)
            accumulate(b, below ? .one : -T.one)
            for k in store.cells(i) {
                let t = store.coefficient[k]
                accumulate(store.column[k], below ? t : -t)
            }
        }
        return origins.indices.filter { k in
            let o = origins[k]
            return o.alive && o.priority == nil && combination[o.marker] != nil
        }
    }
}
