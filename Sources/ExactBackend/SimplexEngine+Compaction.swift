/// Keeping the engine the size of what it holds under churn: a removed row leaves its logical columns retired (fixed
/// at 0, in no row) and its origin dead, and a view remade at every layout pass would otherwise keep them, and every
/// array as wide as every column ever made, for good (measured before this: 360 bytes per cycle of one equality
/// removed and added back, and every cycle slower than the last).
///
/// The compaction keeps the order of what it keeps (columns by id, origins by id), so every tie broken by the smaller
/// column, every sorted row and every walk of the recovery index is as it would have been: the answers are the same,
/// bit for bit, with or without it. Rows are not renumbered (their slots are reused already).
extension SimplexEngine {
    /// Columns are compacted once at least this many are retired (and an eighth as many as are live).
    static var compactionFloor: Int { 256 }

    /// Whether `compactColumns()` is due: at least `floor` columns are retired, and at least an eighth as many as are
    /// live. (An eighth, not as many: the retired columns and what is kept as wide as the columns then cost at most
    /// an eighth more memory, and a large layout reaches its working size within a few hundred cycles of churn; a
    /// compaction costs about a cycle of a large layout's churn, 0.3 ms for 8,200 columns, every few hundred.)
    func isWorthCompacting(floor: Int) -> Bool {
        retiredColumns >= floor && 8 * retiredColumns >= columns.count - retiredColumns
    }

    /// Drops the dead origins and their columns (a column is dead exactly when it is a logical column of a dead
    /// origin) and renumbers the others from 0 in their order, everywhere the engine keeps a column or an origin:
    /// the column records, the rows' cells and basic columns, the origins and their recorded terms, the value log and
    /// the kept level prices, all in place (no second copy, the capacity kept for what comes next). The recovery index
    /// and scratch, the scratch price rows and the last certified optimum are emptied, to be made again when next
    /// needed. Only at rest, off the optimal face (no level fixing, no active level, no crash target). Returns the
    /// renumberings, for the solver's own references.
    /// - Complexity: O(columns + origins + live cells + terms + the kept level prices' width), paid once at least an
    ///   eighth as many columns were retired as are live: amortized, each retired column pays for eight columns' share
    ///   of the tableau (records, cells, origins, terms).
    mutating func compactColumns() -> (columns: Renumbering, origins: Renumbering) {
        precondition(fixings.isEmpty && activeLevel == nil && crashTarget.isEmpty,
                     "SimplexEngine: columns compacted on the optimal face or within an operation")
        settleReleased()   // (the released fixings are listed by the old numbers)
        var keepColumn = [Bool](repeating: true, count: columns.count)
        var keepOrigin = [Bool](repeating: true, count: origins.count)
        for k in origins.indices where !origins[k].alive {
            keepOrigin[k] = false
            keepColumn[origins[k].marker] = false
            if let p = origins[k].extra { keepColumn[p] = false }
        }
        let columnMap = Renumbering(keeping: keepColumn), originMap = Renumbering(keeping: keepOrigin)

        columns.keep(where: columnMap.keeps)
        store.renumberColumns(columnMap)
        for i in rowBasic.indices { if let b = rowBasic[i] { rowBasic[i] = columnMap.kept(b) } }

        origins.keep(where: originMap.keeps)
        for k in origins.indices {
            origins[k].marker = columnMap.kept(origins[k].marker)
            origins[k].extra = origins[k].extra.map(columnMap.kept)
        }
        if recordsTerms { packTerms(columnMap) }
        recovery.dropIndexAndScratch()

        valueLog.renumber(columnMap)
        for k in levelPrices.indices { levelPrices[k].renumber(columnMap) }
        // (scratch between operations: emptied, their width kept for what comes next)
        price.reset(columns: 0)
        heldObjective.reset(columns: 0)
        rowAccumulator.reset(columns: 0)
        certifiedVersion = nil
        certifiedFixings = []
        certifiedFixingLevels = []
        retiredColumns = 0
        return (columnMap, originMap)
    }

    /// Packs the live origins' recorded terms, renumbered, in place: range by range in the order they lie in the
    /// store (each moves down), so that no second copy of the store is made. - Complexity: O(origins·log origins +
    /// terms).
    private mutating func packTerms(_ columnMap: Renumbering) {
        let order = origins.indices.sorted { origins[$0].termStart < origins[$1].termStart }
        var n = 0
        for k in order {
            let s = origins[k].termStart
            origins[k].termStart = n
            for p in s ..< s + origins[k].termCount {
                termColumn[n] = columnMap.kept(termColumn[p])
                termCoefficient[n] = termCoefficient[p]
                n += 1
            }
        }
        termColumn.removeLast(termColumn.count - n)
        termCoefficient.removeLast(termCoefficient.count - n)
        recovery.deadTerms = 0
    }
}
