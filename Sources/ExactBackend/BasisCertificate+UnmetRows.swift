/// A certified basis carried to new soft rows that it leaves unmet, without certifying it again.
///
/// An edit's first value adds a row `v + c = 0` at the edit's priority. When the basis for it is the certified one
/// plus one logical column of each new row (its error: the edit is not met, as for a window width the required
/// rows pin), the new basis is the old one bordered by rows that each hold a column no other row has:
/// - its basic solution is the old one, with each new row's error read off that row;
/// - at every level but the new rows', their duals are 0 (their errors cost nothing there), so those levels' duals
///   and reduced costs are the ones already certified;
/// - at a new row's level, the duals move by the new rows' errors' costs priced through the old rows (the old
///   triangular order, and the core's transposed solve with the factor kept from the certification), and only the
///   reduced costs of the rows they reach change.
/// So one level is priced again, over one pass of the rows, not every level with the core factored anew. Any other
/// change of basis is left to a new certificate.
extension BasisCertificate {
    /// `certified` (a basis of this certificate's first `oldRowCount` rows, certified on a certificate of just
    /// those rows: the same columns, in the same order, before the new rows' logical columns) with the new rows
    /// after it, at the basis `basic` (one flag per column of this certificate); `value` is `certified`'s basic
    /// solution for the old rows' current constants, one per old column, and becomes the new basis's, one per column
    /// (the new columns' entries are written, the old ones kept: the old rows' solution does not move). Nil unless
    /// `basic` is `certified`'s basis plus one logical column of each new row, and is exactly feasible and
    /// lexicographically optimal by the test above. (The new rows are soft, so none is implied; the old ones keep
    /// `certified`'s implied rows.) The basis returned carries no values (`value` has them).
    /// - Complexity: O(rows + columns) integer work and, per level of a new row, the rows whose dual moves (and the
    ///   core's transposed solve when they reach it); a pass over the rows when old rows share that level.
    func certifyAddingUnmetRows(to certified: CertifiedBasis, value: inout [T], oldRowCount: Int, basic: [Bool])
        -> CertifiedBasis? {
        let oldColumns = certified.basic.count
        guard basic.count == columnCount, value.count >= oldColumns, oldRowCount < rowCount,
              oldColumns == variableCount + firstLogical[oldRowCount] else { return nil }
        for j in 0..<oldColumns where basic[j] != certified.basic[j] { return nil }
        // Each new row's one basic column: a logical of its own, at 0 or above for the old basic solution.
        if value.count < columnCount { value.append(contentsOf: repeatElement(T.zero, count: columnCount - value.count)) }
        for j in oldColumns..<columnCount where !value[j].isZero { value[j] = .zero }
        var newDeferred: [(row: Int, column: Int)] = []
        for e in oldRowCount..<rowCount {
            var error: Int? = nil
            for l in logicals(ofRow: e) where basic[l] {
                guard error == nil else { return nil }
                error = l
            }
            guard let c = error else { return nil }
            let x = solvedValue(row: e, column: c, basic: basic, value: value, constant)
            guard x.signum >= 0 else { return nil }
            value[c] = x
            newDeferred.append((e, c))
        }
        var order = certified.order
        order.deferred.insert(contentsOf: newDeferred, at: 0)
        var priced = [Bool](repeating: false, count: levelCount)
        for (_, c) in newDeferred { if let rank = logicalCost[c - variableCount]?.rank { priced[rank] = true } }
        for level in 0..<levelCount where priced[level] {
            guard keepsOptimality(at: level, basic: basic, oldColumns: oldColumns, order: order, core: certified.core,
                                  oldCharged: certified.chargedBasic, newCharged: newDeferred.map(\.column))
            else { return nil }
        }
        var chargedBasic = certified.chargedBasic
        for (_, c) in newDeferred where logicalCost[c - variableCount] != nil { chargedBasic.append(c) }
        return CertifiedBasis(basic: basic, order: order, value: [], core: certified.core, chargedBasic: chargedBasic)
    }

    /// How the basic solution of `certifyAddingUnmetRows`'s basis moves with new row e's constant: its error `c`
    /// alone, which only that row holds, by `-1/a` (`a` its coefficient).
    func unmetRowSensitivity(error c: Int) -> Sensitivity {
        Sensitivity(terms: [(c, -T.one / logicalCoefficient[c - variableCount])], movesImpliedRow: false)
    }

    /// Whether `level`, whose costs the new rows' basic errors change, stays optimal: its duals move by `δ` (the
    /// new rows' errors priced through the old rows), and so the reduced costs of the columns of the rows `δ`
    /// reaches. A free column's must stay 0; a logical one's must stay at 0 or above, and above 0 where it was (a
    /// column fixed at this level stays fixed for the levels below); one below 0 here, which a higher level fixes,
    /// is left as it was. (One a higher level fixes at 0 here is held to the test all the same: the higher levels'
    /// reduced costs are not found again, so such a basis goes to a new certificate.) The level's old duals are
    /// found only when old rows have the level.
    /// - Complexity: O(columns) integer work for the places, plus the rows the duals reach (`sparseDuals`).
    private func keepsOptimality(at level: Int, basic: [Bool], oldColumns: Int, order: Order, core: CoreFactor?,
                                 oldCharged: [Int], newCharged: [Int]) -> Bool {
        var oldLevel = false
        for j in variableCount..<oldColumns where logicalCost[j - variableCount]?.rank == level { oldLevel = true; break }
        // The duals' move from the new errors, and the old ones from the old columns the level charges, each reached
        // from the columns they start at (`sparseDuals`). Nil there only when the core's duals are wanted and its
        // factor kept no inverse, as the dense pass (`solveDuals`) would refuse: the basis goes to a new certificate.
        let places = dualPlaces(of: order)
        guard let delta = sparseDuals(at: level, charged: oldColumns..<columnCount, from: newCharged, order: order,
                                      places: places, basic: basic, core: core),
              let old = oldLevel ? sparseDuals(at: level, charged: 0..<oldColumns, from: oldCharged, order: order,
                                               places: places, basic: basic, core: core) : SparseDuals()
        else { return false }
        for k in delta.carrying {
            for t in rowStart[k]..<rowStart[k + 1] where !basic[termColumn[t]]
                && !(delta.columnSum[termColumn[t]] ?? .zero).isZero {
                return false
            }
            for j in logicals(ofRow: k) where !basic[j] {
                let a = logicalCoefficient[j - variableCount]
                // (a new row's logical has no old dual: its reduced cost before is its cost)
                let before = cost(j, level) - (j < oldColumns ? a * (old.y[k] ?? .zero) : .zero)
                let after = before - a * (delta.y[k] ?? .zero)
                if before.signum < 0 { continue }
                if after.signum < 0 || (before.signum > 0 && after.isZero) { return false }
            }
        }
        return true
    }
}
