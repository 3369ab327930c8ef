/// The undo journal of a call that may fail after changing the tableau (phase 1 of an add; a required constraint's
/// constant change): the parts that hold the state such a call changes journal their own writes (`RowStore`: cells,
/// constants, basic symbols and the free list; `SymbolTable`: basic rows; `LexicographicObjective`: coefficients),
/// and this opens, commits and rolls them back together, then rebuilds what is derived from them.
///
/// Derived state is not journaled but recomputed for the rows a rollback touches: occurrences (taken out for what
/// those rows hold now, put back for what they held), column entries (added for the restored rows; entries pointing
/// at dropped slots unlinked; stale ones are allowed in lazy lists), and the simplex queues (emptied: a call is
/// journaled only from an optimal, feasible tableau). Symbols and variables a refused add created are dropped by
/// `undoSymbols(to:)`, not here. The journal never stays open across calls.
extension Tableau {
    var isJournaling: Bool { rows.isJournaling }

    mutating func beginJournal() {
        precondition(!isJournaling, "Tableau: the undo journal is already open")
        rows.openJournal()
        symbols.openJournal()
        objective.openJournal()
        pivotsAtJournal = pivots
        precisionLossAtJournal = precisionLoss
    }

    /// Closes the journal, keeping every change.
    mutating func commitJournal() {
        rows.commitJournal()
        symbols.commitJournal()
        objective.commitJournal()
    }

    /// Puts back every row, basic assignment and objective coefficient changed since `beginJournal()`.
    mutating func rollbackJournal() {
        rollbacks += 1
        // occurrences: take out what the saved rows and the rows created since hold now
        for k in rows.journaledRows.indices where rows.isLive(rows.journaledRows[k]) {
            let r = rows.journaledRows[k]
            let ps = rows.symbols(r)
            for k in 0..<rows.length(r) { symbols.occurrences[Int(ps[k])] -= 1 }
        }
        for r in Int32(rows.journalSlotLimit)..<Int32(rows.slotCount) where rows.isLive(r) {
            let ps = rows.symbols(r)
            for k in 0..<rows.length(r) { symbols.occurrences[Int(ps[k])] -= 1 }
        }
        let dropped = rows.rollbackJournal()
        // put back the occurrences and column entries of what the restored rows hold
        for k in rows.journaledRows.indices where rows.isLive(rows.journaledRows[k]) {
            let r = rows.journaledRows[k]
            let ps = rows.symbols(r)
            for k in 0..<rows.length(r) {
                symbols.occurrences[Int(ps[k])] += 1
                columns.add(ps[k], row: r)
            }
        }
        rows.finishRollback()
        symbols.rollbackJournal()
        objective.rollbackJournal()
        if dropped > 0 { columns.dropEntries(toSlotsFrom: rows.slotCount) }
        candidates.removeAll()
        infeasible.removeAll()
        pivots = pivotsAtJournal
        precisionLoss = precisionLossAtJournal
        trouble = nil
    }
}
