import PlumbSolver

/// Sizes, work counters and memory, for benchmarks and tuning.
extension CassowarySolver {
    /// Times the tableau was rebuilt from the stored constraints (a removal or constant change of a required
    /// equality none of whose variables was its own).
    public var rebuildCount: Int { rebuilds }

    /// Marker columns recovered so far: removals and first constant changes of required equalities none of whose
    /// variables was its own, done without a rebuild.
    public var recoveredMarkerCount: Int { recoveredMarkers }

    /// Marker recoveries that the depth-first search left to the region solve (dependents that close a cycle).
    public var regionSolveCount: Int { regionSolves }

    /// Adds whose row had no external variable to solve for: those that raised a slack or error already in the
    /// tableau (one substitution), and those that needed phase 1 (an artificial variable and at least one pivot).
    public var subjectlessAdds: (raised: Int, phaseOne: Int) { (tableau.raisedSubjects, tableau.artificialAdds) }

    /// Dual simplex pivots so far.
    public var dualPivots: Int { tableau.dualPivots }

    /// Work counters: (row substitutions, cells they visited, column entries walked).
    public var workCounters: (substitutions: Int, cells: Int, columnVisits: Int) {
        (tableau.substitutions, tableau.substitutedCells, tableau.columnVisits)
    }

    /// Bytes held by the solver's buffers (array capacities, the cell store, the records), by part; every buffer is
    /// counted once, by the part that owns it, and `footprintBytes` is the sum.
    public var footprintBreakdown: [(String, Int)] {
        // a dictionary's buffer: an estimate from its capacity (keys and values; the hash metadata is small)
        let sparseBytes = sparseSlot.capacity * (MemoryLayout<ConstraintID>.stride + MemoryLayout<Int>.stride)
        return tableau.footprint + [
            ("records", records.footprintBytes + termVars.footprintBytes + termCoefs.footprintBytes + denseSlot.footprintBytes
                + sparseBytes + newRow.footprintBytes),
            ("levels and edits", bufferBytes(levels) + bufferBytes(levelSlots) + bufferBytes(edits)
                + bufferBytes(pendingVariables) + bufferBytes(leaving) + variableUses.footprintBytes),
            ("marker recovery", useIndex.footprintBytes + markerScratch.footprintBytes + regionScratch.footprintBytes),
        ]
    }

    /// Bytes held by the solver's buffers: the sum of `footprintBreakdown`.
    public var footprintBytes: Int { footprintBreakdown.reduce(0) { $0 + $1.1 } }

    /// Size of the tableau: live rows, cells, longest row, symbols and pivots so far.
    public var tableauStatistics: (rows: Int, cells: Int, longestRow: Int, symbols: Int, pivots: Int) {
        settleRemovals()
        var rows = 0, cells = 0, longest = 0
        for r in 0..<Int32(tableau.rows.slotCount) where tableau.rows.isLive(r) {
            rows += 1
            cells += tableau.rows.length(r)
            longest = max(longest, tableau.rows.length(r))
        }
        return (rows, cells, longest, tableau.symbolCount, tableau.pivots)
    }
}
