import HeapModule

/// One level's duals reached from the few columns it charges, without a pass over every row.
///
/// When a level charges only the errors of rows just added (an edit's first value, `certifyAddingUnmetRows`), most
/// rows' duals stay 0: a row's dual is not 0 only when a charged column is its pivot, or a column it pivots on holds
/// a row whose dual is not 0. Those rows are reached from the charged columns' rows through the columns they hold,
/// each visited at its place in the order `solveDuals` takes (the deferred pivots, the core as one step, the forward
/// pivots in reverse): a column's rows that come before its pivot row are all visited, by the triangular order, when
/// its pivot row's turn comes. A 1,000-view app's pinned window width reaches a few rows of its 6,659, where the
/// dense pass cost 1.4 M instructions in rationals.
extension BasisCertificate {
    /// Each basic column's place in the order the transposed system is solved in (-1 for a nonbasic column): the
    /// deferred pivots, then the core's one step, then the forward pivots reversed.
    /// - Complexity: O(columns).
    func dualPlaces(of order: Order) -> [Int32] {
        let corePlace = order.deferred.count, forwardCount = order.forward.count
        var place = [Int32](repeating: -1, count: columnCount)
        for (i, pivot) in order.deferred.enumerated() { place[pivot.column] = Int32(i) }
        for j in order.coreColumns { place[j] = Int32(corePlace) }
        for (i, pivot) in order.forward.enumerated() { place[pivot.column] = Int32(corePlace + forwardCount - i) }
        return place
    }

    /// The duals not zero: by row, by structural column (`Σ_i a_ij·y_i`), and the rows, in the order found.
    struct SparseDuals {
        var y: [Int: T] = [:]
        var columnSum: [Int: T] = [:]
        var carrying: [Int] = []
    }

    /// `level`'s duals counting the costs of the columns in `charged` only, through `order` (`places`: its
    /// `dualPlaces`), reached from those columns: `starts` lists every basic one the level may charge (others
    /// charge nothing: a nonbasic column has no row to price). Nil when the core's duals are not all 0 and `core` keeps
    /// no inverse, or when a row reaches a column solved before it (not a triangular order).
    /// - Complexity: O(starts), plus O(log) and the nonzeros of each row reached, and the core's transposed solve
    ///   when a row reaches it.
    func sparseDuals(at level: Int, charged: Range<Int>, from starts: [Int], order: Order, places place: [Int32],
                     basic: [Bool], core: CoreFactor?) -> SparseDuals? {
        let corePlace = order.deferred.count, forwardCount = order.forward.count

        var duals = SparseDuals()
        var pending = Heap<Int>()
        var scheduled = Set<Int>()
        var current = -1
        var ordered = true
        @inline(__always) func schedule(_ j: Int) {
            let p = Int(place[j])
            guard p >= 0, p != current else { return }
            guard p > current else { ordered = false; return }
            if scheduled.insert(p).inserted { pending.insert(p) }
        }
        @inline(__always) func setDual(_ k: Int, _ yk: T) {
            if yk.isZero { return }
            duals.y[k] = yk
            duals.carrying.append(k)
            for t in rowStart[k]..<rowStart[k + 1] {
                let j = termColumn[t]
                duals.columnSum[j] = (duals.columnSum[j] ?? .zero) + termCoefficient[t] * yk
                if basic[j] { schedule(j) }
            }
            for l in logicals(ofRow: k) where basic[l] { schedule(l) }
        }
        for j in starts where charged.contains(j) && basic[j] && j >= variableCount
            && logicalCost[j - variableCount]?.rank == level {
            schedule(j)
        }
        while let p = pending.popMin() {
            current = p
            if p == corePlace && !order.coreColumns.isEmpty {
                // (core rows are not known yet: their duals read 0 here, as the dense pass leaves them out)
                guard let u = coreDuals(at: level, charged: charged, order: order, core: core,
                                        dual: { duals.y[$0] ?? .zero }, columnSum: { duals.columnSum[$0] ?? .zero })
                else { return nil }
                for (n, k) in order.coreRows.enumerated() where !u.isEmpty { setDual(k, u[n]) }
            } else {
                let (k, j) = p < corePlace ? order.deferred[p] : order.forward[forwardCount - (p - corePlace)]
                if j >= variableCount {
                    if charged.contains(j), logicalCost[j - variableCount]?.rank == level {
                        setDual(k, T.one / logicalCoefficient[j - variableCount])
                    }
                } else if let sum = duals.columnSum[j], !sum.isZero {
                    setDual(k, -sum / pivotCoefficient(row: k, column: j))
                }
            }
            guard ordered else { return nil }
        }
        return duals
    }
}
