/// Keeping the solver the size of what it holds under churn: a view remade at every layout pass removes and adds
/// the same constraints again and again, and each add would otherwise leave a record, its terms and its symbols
/// behind for good (measured before this: 72 bytes per cycle of one equality removed and added back, and more for
/// the symbols of inequalities and soft constraints).
///
/// Both compactions keep the order of what they keep (records by slot, symbols by id), so every tie a pivot rule
/// breaks by id is broken as it would have been: the answers are the same, bit for bit, with or without them.
extension CassowarySolver {
    /// Records are compacted when at least this many are out of the tableau, and at least an eighth as many as are
    /// in it (soon enough that a large layout reaches its working size in its first few hundred cycles of churn).
    static let recordCompactionFloor = 64

    /// Compacts the records when enough are dead, and the symbols when enough may have gone out of use. Called at
    /// the end of an add that succeeded (a refused call changes nothing, not even the numbering): the only call that
    /// creates records and symbols without bound.
    ///
    /// Symbols go out of use in two ways only: a removed constraint's marker and other symbol (two per record at
    /// most), and a phase one's two artificial symbols; every other symbol is a variable's, or pinned by the live
    /// record that owns it. Those are counted as they happen, and the symbols are looked at (a scan of every row)
    /// when the count reaches an eighth of the symbols: a build that removes nothing scans no more than when its
    /// symbol count doubles (a backstop for a way this count does not see), instead of at every eighth of growth.
    /// - Complexity: amortized O(1) per record and per symbol created (each compaction is linear in what is kept,
    ///   and comes after at least an eighth as many were dropped).
    @inline(__always) func compactIfSparse() {
        if deadRecords >= Self.recordCompactionFloor && 8 * deadRecords >= records.count - deadRecords { compactRecords() }
        let maybeUnused = symbolsMaybeUnused + 2 * (tableau.artificialAdds - artificialAddsSeen)
        if (maybeUnused >= Tableau.compactionFloor && 8 * maybeUnused >= tableau.symbolCount - maybeUnused)
            || tableau.symbolCount >= symbolCheckAt {
            compactSymbols()
        }
    }

    /// Keeps the live records and their terms, in order, at new slots; every reference to a slot follows (the
    /// constraint ids, the edits, the owners of symbols; the variable-use index is built again when next needed).
    /// - Complexity: O(records + terms + symbols).
    func compactRecords() {
        precondition(leaving.isEmpty, "records compacted with removals pending")
        var newSlot = [Int32](repeating: -1, count: records.count)
        var kept: [Record] = []
        var variables: [Int32] = [], coefficients: [Double] = []
        kept.reserveCapacity(records.count - deadRecords)
        for slot in records.indices where records[slot].alive {
            let r = records[slot]
            newSlot[slot] = Int32(kept.count)
            kept.append(r.movingTerms(to: variables.count))
            for k in r.start..<(r.start + r.count) {
                variables.append(termVars[k])
                coefficients.append(termCoefs[k])
            }
        }
        records.removeAll()
        termVars.removeAll()
        termCoefs.removeAll()
        for r in kept { records.append(r) }
        for k in variables.indices {
            termVars.append(variables[k])
            termCoefs.append(coefficients[k])
        }
        tableau.symbols.renumberOwners { old in newSlot[Int(old)] >= 0 ? newSlot[Int(old)] : nil }
        denseSlot.removeAll()
        sparseSlot.removeAll(keepingCapacity: true)
        for slot in kept.indices { if let id = kept[slot].id { setSlot(slot, of: id) } }
        for v in edits.indices { if let old = edits[v]?.slot { edits[v]!.slot = Int(newSlot[old]) } }
        useIndex.removeAll()
        deadRecords = 0
    }

    /// Drops the symbols out of use (`Tableau.compactSymbols(pinned:)`) and renumbers the records' markers; the
    /// count of symbols that may be out of use starts again from those the scan found and left, and the backstop
    /// look comes when the symbol count has doubled (at least `Tableau.compactionFloor` more).
    /// - Complexity: O(symbols + cells + records).
    func compactSymbols() {
        symbolScans += 1
        var pinned: [Int32] = []
        for slot in records.indices where records[slot].alive {
            if let m = records[slot].marker { pinned.append(m) }
            if let o = records[slot].other { pinned.append(o) }
        }
        let (renumbering, unused) = tableau.compactSymbols(pinned: pinned)
        if let map = renumbering {
            for slot in records.indices {
                let r = records[slot]
                records[slot].marker = r.alive ? r.marker.flatMap { map[$0] } : nil
                records[slot].other = r.alive ? r.other.flatMap { map[$0] } : nil
            }
        }
        symbolsMaybeUnused = unused
        artificialAddsSeen = tableau.artificialAdds
        symbolCheckAt = tableau.symbolCount + max(Tableau.compactionFloor, tableau.symbolCount)
    }
}
