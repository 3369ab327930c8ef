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
        var coreRow = [Bool](repeating: false, count: rowCount)
        for k in order.coreRows { coreRow[k] = true }
        // Nonbasic columns fixed by a higher level's nonzero reduced cost (they keep their value on the face).
        var fixed = [Bool](repeating: false, count: columnCount)
        // The nonbasic logical columns each level charges (each is charged by one level at most).
        var charged = [[Int]](repeating: [], count: levelCount)
        for j in variableCount..<columnCount where !basic[j] {
            if let rank = logicalCost[j - variableCount]?.rank { charged[rank].append(j) }
        }
        // (one set of duals for every level, cleared where the last costed level set them)
        var duals = zeroDuals()
        for level in 0..<levelCount {
            clear(&duals)
            if costed[level] {
                guard solveDuals(at: level, charged: 0..<columnCount, order: order, coreRow: coreRow, core: core,
                                 into: &duals) else { return false }
            }
            // Reduced costs d_j = c_j - y·A_j of the nonbasic columns: a logical at 0 improves when d < 0, a free
            // structural one whenever d ≠ 0; a column with d ≠ 0 is then held where it is for the lower levels.
            // Only the columns of rows with a nonzero dual can have `y·A_j ≠ 0`; the other columns this level charges
            // have d = 1.
            for k in duals.carrying {
                for t in rowStart[k]..<rowStart[k + 1]
                where !basic[termColumn[t]] && !duals.columnSum[termColumn[t]].isZero {
                    return false
                }
                for j in logicals(ofRow: k) where !basic[j] && !fixed[j] {
                    let d = cost(j, level) - logicalCoefficient[j - variableCount] * duals.y[k]
                    if d.signum < 0 { return false }
                    if !d.isZero { fixed[j] = true }
                }
            }
            for j in charged[level] where duals.y[logicalRow[j - variableCount]].isZero { fixed[j] = true }
        }
        return true
    }
}
