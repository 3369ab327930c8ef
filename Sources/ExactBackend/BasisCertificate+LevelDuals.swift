/// One level's duals of a basis in triangular order, found on the transposed system.
///
/// `y·A_j = c_j` over the basic columns is solved in the reverse block order: the deferred pivots in the order
/// found, the core transposed (with its factor's inverse), the forward pivots in reverse. A row's dual, once known
/// and nonzero, is pushed into `columnSum[j] = Σ_i a_ij·y_i` of its structural columns (and the row listed in
/// `carrying`), so that a pivot's dual costs one division, a row whose dual is zero a look at one number, and the
/// reduced costs, and clearing for the next level, read only the listed rows.
extension BasisCertificate {
    struct LevelDuals {
        /// By row.
        var y: [T]
        /// By structural column.
        var columnSum: [T]
        /// The rows whose dual is not zero.
        var carrying: [Int] = []
    }

    /// Every dual 0. - Complexity: O(rows + variables).
    func zeroDuals() -> LevelDuals {
        LevelDuals(y: [T](repeating: .zero, count: rowCount), columnSum: [T](repeating: .zero, count: variableCount))
    }

    /// Row k's dual becomes `yk`, pushed into its columns' sums unless it is 0.
    @inline(__always) func setDual(_ k: Int, _ yk: T, in duals: inout LevelDuals) {
        duals.y[k] = yk
        if yk.isZero { return }
        duals.carrying.append(k)
        for t in rowStart[k]..<rowStart[k + 1] {
            duals.columnSum[termColumn[t]] = duals.columnSum[termColumn[t]] + termCoefficient[t] * yk
        }
    }

    /// Every dual back to 0. - Complexity: O(nonzeros) of the rows that carried one.
    @inline(__always) func clear(_ duals: inout LevelDuals) {
        for k in duals.carrying {
            duals.y[k] = .zero
            for t in rowStart[k]..<rowStart[k + 1] { duals.columnSum[termColumn[t]] = .zero }
        }
        duals.carrying.removeAll(keepingCapacity: true)
    }

    /// `level`'s duals into `duals` (all 0 before), counting the costs of the columns in `charged` only, through
    /// `order` (`coreRow`: whether each row is one of its core's). False when the core's duals are not all 0 and
    /// `core` keeps no inverse to find them with.
    /// - Complexity: O(rows) plus the nonzeros of the rows whose dual is not zero and the core's transposed solve.
    func solveDuals(at level: Int, charged: Range<Int>, order: Order, coreRow: [Bool], core: CoreFactor?,
                    into duals: inout LevelDuals) -> Bool {
        @inline(__always) func costs(_ j: Int) -> T { charged.contains(j) ? cost(j, level) : .zero }
        // Row k solves basic column j: a logical column is in its row only, a structural one costs nothing.
        @inline(__always) func solveDual(ofRow k: Int, solving j: Int) {
            if j >= variableCount {
                guard charged.contains(j), logicalCost[j - variableCount]?.rank == level else { return }
                setDual(k, T.one / logicalCoefficient[j - variableCount], in: &duals)
            } else if !duals.columnSum[j].isZero {
                setDual(k, -duals.columnSum[j] / pivotCoefficient(row: k, column: j), in: &duals)
            }
        }
        for (k, j) in order.deferred { solveDual(ofRow: k, solving: j) }
        if !order.coreColumns.isEmpty {
            guard let u = coreDuals(at: level, charged: charged, order: order, core: core,
                                    dual: { coreRow[$0] ? .zero : duals.y[$0] }, columnSum: { duals.columnSum[$0] })
            else { return false }
            for (n, k) in order.coreRows.enumerated() where !u.isEmpty { setDual(k, u[n], in: &duals) }
        }
        for (k, j) in order.forward.reversed() { solveDual(ofRow: k, solving: j) }
        return true
    }

    /// The core rows' duals at `level`: the core's columns' equations less the rows already known (`dual` by row,
    /// `columnSum` by structural column; no forward row holds a core column), solved transposed with the core's
    /// inverse. Empty when the right side is all 0 (every core dual 0); nil when it is not and `core` keeps no
    /// inverse.
    /// - Complexity: O(core columns), plus the transposed solve.
    func coreDuals(at level: Int, charged: Range<Int>, order: Order, core: CoreFactor?, dual: (Int) -> T,
                   columnSum: (Int) -> T) -> [T]? {
        var rhs: [T] = []
        rhs.reserveCapacity(order.coreColumns.count)
        var allZero = true
        for j in order.coreColumns {
            let c = charged.contains(j) ? cost(j, level) : T.zero
            let known = j >= variableCount ? logicalCoefficient[j - variableCount] * dual(logicalRow[j - variableCount])
                : columnSum(j)
            let r = c - known
            if !r.isZero { allZero = false }
            rhs.append(r)
        }
        if allZero { return [] }
        guard let core, core.keepsInverse else { return nil }
        return core.transposedSolve(rhs)
    }
}
