import PlumbInvariants
import PlumbSolver

/// The solver's invariant check: the tableau's (`Tableau+Invariants.swift`) and the records', run by debug builds
/// after every public operation.
extension CassowarySolver {
    /// Every invariant of the solver and its tableau, as a report (empty when all hold). Reads only.
    ///
    /// Beyond the tableau's check: the tableau implies every record in it identically (`identityFailures()`; left out
    /// of the automatic checks after each operation unless `PLUMB_CASSOWARY_CHECK=every`, and run whenever a marker
    /// column is recovered and whenever a test asks); the
    /// per-variable use counts, and the use index once built, match the records in the tableau (live and leaving);
    /// each live record's logical symbols exist, belong to it and have the kinds its
    /// relation and priority call for (a slack for an inequality, error symbols for a soft constraint, a dummy for a
    /// required equality exactly when it keeps one); each constraint id maps to its live record; each edit's record
    /// is live and implements it; the pending suggestions are listed once each; the priority levels are sorted and the
    /// objective ranks their slots in the same order; the region solve's scratch is at rest.
    func invariantReport(includingTableau: Bool = true, includingIdentities: Bool = true) -> InvariantReport {
        var report = InvariantReport()
        let tableau = self.tableau
        if includingTableau { tableau.checkInvariants(into: &report) }
        regionScratch.checkInvariants(into: &report)
        let symbolCount = tableau.symbolCount
        var implied = 0
        for slot in records.indices where records[slot].alive {
            let r = records[slot]
            if r.isImplied {
                implied += 1
                report.expect(r.hasNoMarker, "CassowarySolver", "record \(slot) is marked implied but has a marker")
            }
            report.expect(r.start >= 0 && r.start + r.count <= termVars.count, "CassowarySolver",
                          "record \(slot)'s terms lie outside the term arrays")
            func check(_ s: Int32?, _ role: String, _ kind: SymbolKind?) {
                guard let kind else {
                    report.expect(s == nil, "CassowarySolver", "record \(slot) has a \(role) it should not have")
                    return
                }
                guard let s, s >= 0, Int(s) < symbolCount else {
                    report.expect(false, "CassowarySolver", "record \(slot)'s \(role) \(s.map(String.init) ?? "nil") is not a symbol")
                    return
                }
                report.expect(tableau.symbols.kind[Int(s)] == kind && tableau.symbols.owner(of: s) == Int32(slot),
                              "CassowarySolver", "record \(slot)'s \(role) \(s) is a \(tableau.symbols.kind[Int(s)]) "
                              + "owned by \(tableau.symbols.owner(of: s).map(String.init) ?? "nobody"), not a \(kind) it owns")
            }
            switch (r.relation, r.isRequired) {
            case (.equal, true): check(r.marker, "marker", r.hasDummy ? .dummy : nil); check(r.other, "other", nil)
            case (.equal, false): check(r.marker, "marker", .error); check(r.other, "other", .error)
            case (_, true): check(r.marker, "marker", .slack); check(r.other, "other", nil)
            case (_, false): check(r.marker, "marker", .slack); check(r.other, "other", .error)
            }
            switch r.owner {
            case .edit(let v):
                report.expect(edit(v)?.slot == slot, "CassowarySolver", "record \(slot) implements an edit of \(v) it is not")
            case .constraint(let id):
                report.expect(self.slot(of: id) == slot, "CassowarySolver", "constraint \(id) does not map to its record \(slot)")
            }
        }
        report.expect(implied == impliedRecords, "CassowarySolver",
                      "\(impliedRecords) records counted implied, \(implied) marked")
        // the use counts are those of the records in the tableau: the live ones and the leaving ones
        var uses = [Int32](repeating: 0, count: variableUses.count)
        var inTableau = records.indices.filter { records[$0].alive }
        for slot in leaving {
            report.expect(slot < records.count && !records[slot].alive && records[slot].hasNoMarker, "CassowarySolver",
                          "leaving record \(slot) is not a removed equality without a marker")
            inTableau.append(slot)
        }
        for slot in inTableau where slot < records.count {
            let r = records[slot]
            for k in r.start..<(r.start + r.count) {
                let v = Int(termVars[k])
                if v < uses.count { uses[v] += 1 } else { report.fail("CassowarySolver", "variable \(v) of record \(slot) has no use count") }
            }
        }
        useIndex.checkInvariants(variables: termVars, expected: inTableau.filter { $0 < records.count }.map {
            (slot: $0, start: records[$0].start, count: records[$0].count)
        }, into: &report)
        if let v = uses.indices.first(where: { uses[$0] != variableUses[$0] }) {
            report.fail("CassowarySolver", "variable \(v) is counted in \(variableUses[v]) records in the tableau; \(uses[v]) name it")
        }
        if includingTableau && includingIdentities {
            for message in identityFailures() { report.fail("CassowarySolver", message) }
        }
        var pending = Set<Int>()
        for v in pendingVariables {
            report.expect(pending.insert(v).inserted, "CassowarySolver", "variable \(v) is pending twice")
            report.expect(edit(v)?.hasPending == true, "CassowarySolver", "variable \(v) is pending without a suggestion")
        }
        for v in edits.indices {
            guard let e = edits[v] else { continue }
            report.expect(e.hasPending == pending.contains(v), "CassowarySolver", "edit \(v)'s pending flag disagrees")
            if let slot = e.slot {
                report.expect(slot < records.count && records[slot].alive && records[slot].editVariable == v,
                              "CassowarySolver", "edit \(v)'s record \(slot) is not a live record of it")
            }
        }
        report.expect(zip(levels, levels.dropFirst()).allSatisfy { $0 > $1 }, "CassowarySolver",
                      "priority levels are not sorted from the highest down")
        report.expect(tableau.objective.rankSlot == (levelSlots.isEmpty ? [0] : levelSlots), "CassowarySolver",
                      "the objective ranks slots \(tableau.objective.rankSlot), the levels say \(levelSlots)")
        return report
    }

    /// `identityFailure(of:work:touched:)` for every record in the tableau (live and leaving), the failures only.
    func identityFailures() -> [String] {
        var work = [Double](repeating: 0, count: tableau.symbolCount)
        var touched: [Int32] = []
        return recordsInTableau().compactMap { identityFailure(of: $0.slot, work: &work, touched: &touched) }
    }

    /// Whether the tableau implies record `slot` identically: its expression (terms, constant and marker terms, as
    /// `Tableau.addConstraint` builds it) with every basic symbol replaced by its row is zero in every symbol and in
    /// the constant, within round-off. A description of the first departure, or nil. `work` is an accumulator per
    /// symbol (all zero on entry and on return), `touched` a list for it.
    func identityFailure(of slot: Int, work: inout [Double], touched: inout [Int32]) -> String? {
        let r = records[slot]
        var constant = r.constant
        var scale = max(1, abs(r.constant))
        touched.removeAll(keepingCapacity: true)
        func add(_ s: Int32, _ a: Double) {
            if let row = tableau.symbols.row(of: s) {
                constant += a * tableau.rows.constant(row)
                scale = max(scale, abs(a * tableau.rows.constant(row)))
                let ps = tableau.rows.symbols(row), pc = tableau.rows.coefficients(row)
                for k in 0..<tableau.rows.length(row) {
                    if work[Int(ps[k])] == 0 { touched.append(ps[k]) }
                    work[Int(ps[k])] += a * pc[k]
                }
            } else {
                if work[Int(s)] == 0 { touched.append(s) }
                work[Int(s)] += a
            }
            scale = max(scale, abs(a))
        }
        var failure: String? = nil
        for k in r.start..<(r.start + r.count) where termCoefs[k] != 0 {
            guard let s = tableau.externals.symbol(of: Int(termVars[k])) else {
                failure = "record \(slot) names variable \(termVars[k]), which has no symbol"
                break
            }
            add(s, termCoefs[k])
        }
        if failure == nil {
            if let m = r.marker { add(m, r.markerSign) }
            if let o = r.other { add(o, r.relation == .equal ? 1 : -r.markerSign) }
        }
        let tolerance = 1e-7 * scale
        if failure == nil && abs(constant) > tolerance {
            failure = "record \(slot)'s constant is \(constant) in the tableau, not 0"
        }
        for s in touched.sorted() {
            if failure == nil && abs(work[Int(s)]) > tolerance {
                failure = "record \(slot)'s coefficient of symbol \(s) is \(work[Int(s)]) in the tableau, not 0"
            }
            work[Int(s)] = 0
        }
        return failure
    }

    /// Debug builds check every invariant after each public operation (and so after a refused call's rollback) and
    /// stop at the first operation that breaks one; release builds compile this to nothing.
    ///
    /// The check reads the whole tableau, so on a large one it would dwarf the operation it follows (a thousand
    /// priority levels make the objective alone 4 million doubles; checking every add of a 1,000-view layout made the
    /// package's debug test run six times longer). It therefore runs after every operation while the tableau is small
    /// (`CassowaryInvariantSchedule.everyOperationUpTo`), and above that after every call that rolled the tableau back
    /// and after the operations whose number is a power of two. `PLUMB_CASSOWARY_CHECK=every` in the environment checks
    /// after every operation whatever the size.
    ///
    /// `tableauUntouched` (a suggestion, which only records the value for `solve()`) checks the solver's own state.
    @inline(__always) func assertInvariants(tableauUntouched: Bool = false) {
        #if DEBUG
        checkedOperations += 1
        let rolledBack = tableau.rollbacks != rollbacksChecked
        guard rolledBack || cassowaryInvariantSchedule.isDue(operation: checkedOperations, cost: tableau.checkCost) else { return }
        rollbacksChecked = tableau.rollbacks
        // the identities re-derive every record from the rows: after every operation only when asked for
        let report = invariantReport(includingTableau: !tableauUntouched,
                                     includingIdentities: cassowaryInvariantSchedule.everyOperation)
        assert(report.isEmpty, "CassowarySolver invariants broken after operation \(checkedOperations):\n\(report.description)")
        #endif
    }
}

#if DEBUG
/// When debug builds run the invariant check (see `CassowarySolver.assertInvariants()`): `PLUMB_CASSOWARY_CHECK=every`
/// checks after every operation whatever the size.
let cassowaryInvariantSchedule = InvariantSchedule(environmentVariable: "PLUMB_CASSOWARY_CHECK")
#endif
