/// The lexicographic optimality test of a certified basis: each level's duals on the transposed system and the
/// reduced costs of the nonbasic columns.
extension BasisCertificate {
    /// Each `costed` level's duals and the reduced costs of the nonbasic columns (see below): true when no column
    /// improves any level without worsening a higher one.
    /// - Complexity: per costed level, O(rows) for the duals plus O(nonzeros) of the rows whose dual is not zero
    ///   (and the core's transposed solve); per level, O(columns it charges). A level's duals are zero in most rows
    ///   of a layout (only the rows its violated constraints depend on carry one), so a level costs little more than
    ///   a pass over the rows.
    func isLexicographicallyOptimal(basic: [Bool], order: Order, core: CoreFactor?, costed: [Bool]) -> Bool {
        var coreRowIndex = [Int?](repeating: nil, count: rowCount)
        for (n, k) in order.coreRows.enumerated() { coreRowIndex[k] = n }
        // Nonbasic columns fixed by a higher level's nonzero reduced cost (they keep their value on the face).
        var fixed = [Bool](repeating: false, count: columnCount)
        // The nonbasic logical columns each level charges (each is charged by one level at most).
        var charged = [[Int]](repeating: [], count: levelCount)
        for j in variableCount..<columnCount where !basic[j] {
            if let rank = logicalCost[j - variableCount]?.rank { charged[rank].append(j) }
        }
        var y = [T](repeating: .zero, count: rowCount)
        // Each level's duals come from the transposed system `y·A_j = c_j` over the basic columns, solved in the
        // reverse block order: the deferred pivots in the order found, the core transposed, the forward pivots in
        // reverse. A row's dual, once known and nonzero, is pushed into `columnSum[j] = Σ_i a_ij·y_i` of its
        // structural columns (and the row listed in `carrying`), so that a pivot's dual costs one division, a row
        // whose dual is zero a look at one number, and the reduced costs read only the listed rows.
        var columnSum = [T](repeating: .zero, count: variableCount)
        var carrying: [Int] = []
        @inline(__always) func setDual(_ k: Int, _ yk: T) {
            y[k] = yk
            if yk.isZero { return }
            carrying.append(k)
            for t in rowStart[k]..<rowStart[k + 1] {
                columnSum[termColumn[t]] = columnSum[termColumn[t]] + termCoefficient[t] * yk
            }
        }
        /// The dual of row k, which solves basic column j, when it is not zero: a logical column is in its row only,
        /// a structural one costs nothing.
        @inline(__always) func solveDual(ofRow k: Int, solving j: Int, _ level: Int) {
            if j >= variableCount {
                guard logicalCost[j - variableCount]?.rank == level else { return }
                setDual(k, T.one / logicalCoefficient[j - variableCount])
            } else {
                guard !columnSum[j].isZero else { return }
                setDual(k, -columnSum[j] / pivotCoefficient(row: k, column: j))
            }
        }
        for level in 0..<levelCount {
            // (the last costed level's duals are cleared where they were set)
            for k in carrying {
                y[k] = .zero
                for t in rowStart[k]..<rowStart[k + 1] { columnSum[termColumn[t]] = .zero }
            }
            carrying.removeAll(keepingCapacity: true)
            if costed[level] {
                for (k, j) in order.deferred { solveDual(ofRow: k, solving: j, level) }
                if let core {
                    // The core's columns' equations less the rows already known (no forward row holds a core
                    // column), solved with the primal factor.
                    var rhs: [T] = []
                    rhs.reserveCapacity(order.coreColumns.count)
                    for j in order.coreColumns {
                        var sum = T.zero
                        if j >= variableCount {
                            let k = logicalRow[j - variableCount]
                            if coreRowIndex[k] == nil { sum = logicalCoefficient[j - variableCount] * y[k] }
                        } else {
                            sum = columnSum[j]
                        }
                        rhs.append(cost(j, level) - sum)
                    }
                    let u = core.transposedSolve(rhs)
                    for (n, k) in order.coreRows.enumerated() { setDual(k, u[n]) }
                }
                for (k, j) in order.forward.reversed() { solveDual(ofRow: k, solving: j, level) }
            }
            // Reduced costs d_j = c_j - y·A_j of the nonbasic columns: a logical at 0 improves when d < 0, a free
            // structural one whenever d ≠ 0; a column with d ≠ 0 is then held where it is for the lower levels.
            // Only the columns of rows with a nonzero dual can have `y·A_j ≠ 0`; the other columns this level charges
            // have d = 1.
            for k in carrying {
                for t in rowStart[k]..<rowStart[k + 1] where !basic[termColumn[t]] && !columnSum[termColumn[t]].isZero {
                    return false
                }
                for j in logicals(ofRow: k) where !basic[j] && !fixed[j] {
                    let d = cost(j, level) - logicalCoefficient[j - variableCount] * y[k]
                    if d.signum < 0 { return false }
                    if !d.isZero { fixed[j] = true }
                }
            }
            for j in charged[level] where y[logicalRow[j - variableCount]].isZero { fixed[j] = true }
        }
        return true
    }
}
