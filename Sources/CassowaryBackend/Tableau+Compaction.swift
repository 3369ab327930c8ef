/// Old symbol ids to new ones after a compaction: the symbols kept, numbered from 0 in their old order (so every
/// tie a pivot rule breaks by id is broken as before).
struct SymbolRenumbering {
    /// Storage for "not kept" (`subscript` answers nil).
    private static let dropped: Int32 = -1
    private let table: [Int32]
    /// Symbols kept.
    let count: Int

    /// Keeps the symbols `keep` marks, in order.
    init(keeping keep: [Bool]) {
        var table = [Int32](repeating: Self.dropped, count: keep.count)
        var n: Int32 = 0
        for s in keep.indices where keep[s] {
            table[s] = n
            n += 1
        }
        self.table = table
        count = Int(n)
    }

    /// The new id of `old`, nil when it is not kept.
    @inline(__always) subscript(old: Int32) -> Int32? {
        let n = table[Int(old)]
        return n == Self.dropped ? nil : n
    }

    /// The new id of `old`, which the caller knows is kept (a row's symbol).
    @inline(__always) func kept(_ old: Int32) -> Int32 { table[Int(old)] }
}

/// Reclaiming the ids of symbols no longer in use, so that a solver whose constraints are removed and added again
/// and again (a view remade at every layout pass) keeps a tableau the size of what it holds, not of its history.
extension Tableau {
    /// Symbols are compacted when at least this many are out of use, and at least an eighth as many as are in use.
    static let compactionFloor = 256

    /// Drops every symbol out of use (in no row, basic or as a cell; no variable's; not in `pinned`, the markers of
    /// the constraints in the tableau) and renumbers the others from 0 in their order, in every part that keeps a
    /// value per symbol. Between calls only (every journal closed, the queues settled). The renumbering is nil, and
    /// nothing changed, when fewer than `compactionFloor` symbols, or fewer than an eighth of those in use, are out of
    /// use; `unused` is how many are out of use and left (0 after a compaction).
    /// - Complexity: O(symbols + cells), paid once per `compactionFloor` (or more, and an eighth of the symbols in
    ///   use) symbols dropped.
    mutating func compactSymbols(pinned: [Int32]) -> (renumbering: SymbolRenumbering?, unused: Int) {
        precondition(!rows.isJournaling, "Tableau: symbols compacted while the journal is open")
        var inUse = [Bool](repeating: false, count: symbolCount)
        for r in 0..<Int32(rows.slotCount) where rows.isLive(r) {
            inUse[Int(rows.liveBasic(r))] = true
            let syms = rows.symbols(r)
            for k in 0..<rows.length(r) { inUse[Int(syms[k])] = true }
        }
        for v in 0..<externals.count { if let s = externals.symbol(of: v) { inUse[Int(s)] = true } }
        for s in pinned { inUse[Int(s)] = true }
        let map = SymbolRenumbering(keeping: inUse)
        let unused = symbolCount - map.count
        guard unused >= Tableau.compactionFloor, 8 * unused >= map.count else { return (nil, unused) }
        rows.renumberSymbols(map)
        symbols.renumber(map)
        objective.renumber(map)
        externals.renumber(map)
        candidates.renumber(map)
        infeasible.renumber(map)
        columns.rebuild(symbols: map.count, rows: rows)
        return (map, 0)
    }
}
