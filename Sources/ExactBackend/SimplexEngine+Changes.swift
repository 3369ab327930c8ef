import PlumbSystem

/// Changes to an original row after it went in: its constant, or its removal with its logical columns.
extension SimplexEngine {
    /// Whether an origin's marker column was dropped: a constant change or removal needs it back first
    /// (`recoverMarker(of:)`), or the tableau rebuilt.
    func needsRebuild(_ origin: Int) -> Bool {
        columns[self.origin(origin) { Origin.marker(at: $0) }].presence == .dropped
    }

    /// Changes an original row's constant; the tableau stays consistent (maybe infeasible).
    mutating func setConstant(_ constant: T, of origin: Int) {
        // (the origin's fields read and written in place, through the stored table: a copy of the origin, its
        // constant with it, was a fifth of a change's instructions on an app layout's resize round, and a call of a
        // reading method here, `needsRebuild(_:)` or `origin(_:_:)`, copied the whole engine for it)
        let (delta, m, sign) = origins.withUnsafeMutableBufferPointer { all in
            precondition(origin >= 0 && origin < all.count, "SimplexEngine: origin \(origin) outside 0..<\(all.count)")
            let o = all.baseAddress.unsafelyUnwrapped + origin
            let constantField = o.pointer(to: \.constant).unsafelyUnwrapped
            let delta = constant - constantField.pointee
            constantField.pointee = constant
            return (delta, Origin.marker(at: o), Origin.markerSign(at: o))
        }
        precondition(columns[m].presence != .dropped,
                     "SimplexEngine: constant change of a row whose marker was dropped")
        if delta.isZero { return }
        let shift = sign > 0 ? delta : -delta     // μ·δ (μ = ±1, so 1/μ = μ)
        if let r = columns[m].basicRow {
            setValue(m, value(m) - shift)
            updateFeasibility(r)
        } else {
            Self.shiftBasicValues(ofRows: rows(of: m), holding: m, by: shift, records: &columns, store: store,
                                  rowBasic: rowBasic, log: &valueLog, infeasible: &infeasible)
        }
    }

    /// Moves the basic value of each of `rows` (which hold column `m`) by `-entry·shift`, noting the change in `log`
    /// and each row's feasibility in `infeasible`: the column records written in place through their buffer
    /// (assigned one by one through the array, each paid a uniqueness and a bounds check), the engine's parts passed
    /// apart so that nothing of it is copied for the pass.
    /// - Complexity: O(rows · log(row length)) and the exact arithmetic.
    private static func shiftBasicValues(ofRows rows: [Int], holding m: Int, by shift: T,
                                         records: inout [ColumnRecord<T>], store: borrowing RowStore<T>,
                                         rowBasic: borrowing [Int?], log: inout ValueChangeLog,
                                         infeasible: inout RowSet) {
        records.withUnsafeMutableBufferPointer { records in
            for i in rows {
                let b = rowBasic[i]!, k = store.cell(of: m, inRow: i)!
                precondition(b < records.count, "SimplexEngine: basic column \(b) outside the columns")
                let record = records.baseAddress.unsafelyUnwrapped + b
                record.pointee.value = record.pointee.value.subtractingProduct(store.coefficient[k], shift)
                log.note(b)
                if record.pointee.isBelow || record.pointee.isAbove {
                    infeasible.insert(i)
                } else {
                    infeasible.remove(i)
                }
            }
        }
    }

    /// Removes an original row and its logical columns (which stay, retired: fixed at 0 and in no row, until
    /// `compactColumns()` drops them with the origin).
    mutating func removeRow(_ origin: Int) {
        basisVersion += 1
        let o = origins[origin]
        precondition(!needsRebuild(origin), "SimplexEngine: removal of a row whose marker was dropped")
        let m = o.marker
        let r: Int
        if let own = columns[m].basicRow {
            r = own
        } else if let p = o.extra, let own = columns[p].basicRow {
            r = own
        } else {
            // The row of the marker's column with the fewest entries (ties: lowest row).
            var best: Int? = nil
            for i in rows(of: m) {
                if let b = best, store.length(i) > store.length(b) || (store.length(i) == store.length(b) && i >= b) {
                    continue
                }
                best = i
            }
            guard let best else { preconditionFailure("SimplexEngine: a constraint's marker column is in no row") }
            r = best
            let leaving = basic(ofRow: r)
            pivot(m, r)
            settleNonbasic(leaving)
        }
        if levelPricesValid { repriceBeforeRemoving(row: r, of: o) }
        for k in store.cells(r) { columns[store.column[k]].rowsMayBeStale = true }
        store.clearRow(r)
        rowBasic[r] = nil
        infeasible.remove(r)
        freeRows.append(r)
        for c in [m, o.extra].compactMap({ $0 }) {
            columns[c].basicRow = nil
            columns[c].bounds = .zero
            setValue(c, .zero)
            columns[c].rows = []
            columns[c].rowsMayBeStale = false
        }
        origins[origin].alive = false
        retiredColumns += o.extra == nil ? 1 : 2
        if let p = o.priority { removeLevelRow(p) }
        if recordsTerms { forgetTerms(of: origin) }
    }

    /// Moves nonbasic column `j` back within its bounds (to the nearest one) if it lies outside them; the basic
    /// values follow, and phase 1 then sees any row that became infeasible. Needed after a pivot that is not a
    /// simplex step, which can take a column out of the basis while it still violates a bound.
    mutating func settleNonbasic(_ j: Int) {
        guard !columns[j].isBasic, columns[j].presence != .dropped else { return }
        if let l = lower(j), value(j) < l { move(j, by: l - value(j)) }
        else if let u = upper(j), value(j) > u { move(j, by: u - value(j)) }
    }
}
