import PlumbSolver

/// Sizes, work counters and memory, for benchmarks and tuning.
extension CassowarySolver {
    /// What the solver has done so far and how large its tableau is (see `CassowarySolverCounters`).
    /// - Complexity: O(rows) (it counts the cells); settles pending removals first.
    public var counters: CassowarySolverCounters {
        settleRemovals()
        var rows = 0, cells = 0, longest = 0
        for r in 0..<Int32(tableau.rows.slotCount) where tableau.rows.isLive(r) {
            rows += 1
            cells += tableau.rows.length(r)
            longest = max(longest, tableau.rows.length(r))
        }
        return CassowarySolverCounters(
            pivots: tableau.pivots, dualPivots: tableau.dualPivots, substitutions: tableau.substitutions,
            substitutedCells: tableau.substitutedCells, columnVisits: tableau.columnVisits,
            externalRowCells: tableau.externalRowCells,
            raisedSubjects: tableau.raisedSubjects, phaseOneAdds: tableau.artificialAdds, rebuilds: rebuilds,
            markersRecovered: recoveredMarkers, regionSolves: regionSolves, symbolScans: symbolScans, rows: rows, cells: cells,
            longestRow: longest, symbols: tableau.symbolCount)
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
}

/// What a Cassowary solver has done so far and how large its tableau is, for measurements (cassowary-bench `--stats`)
/// and for tests that pin work: one typed value.
public struct CassowarySolverCounters: Sendable, Equatable, CustomStringConvertible {
    /// Primal and dual simplex pivots.
    public var pivots = 0
    public var dualPivots = 0
    /// Row substitutions, the cells they visited, and the column entries walked to find the rows.
    public var substitutions = 0
    public var substitutedCells = 0
    public var columnVisits = 0
    /// The part of `substitutedCells` that went into rows solved for a variable (an external symbol): rows no pivot
    /// reads, kept current for the answer and for later rows (on random layouts, most of the substitution work).
    public var externalRowCells = 0
    /// Adds whose row had no external variable to solve for: those that raised a slack or error already in the
    /// tableau (one substitution, and a dual pivot per row it pushed below zero), and those that needed phase 1 (an
    /// artificial variable and at least one pivot).
    public var raisedSubjects = 0
    public var phaseOneAdds = 0
    /// Times the tableau was rebuilt from the stored constraints (a removal or constant change of a required equality
    /// none of whose variables was its own), the marker columns recovered instead, and the recoveries that needed the
    /// region solve (dependents that close a cycle).
    public var rebuilds = 0
    public var markersRecovered = 0
    public var regionSolves = 0
    /// Scans of every row for symbols out of use (`compactSymbols()`), whether or not one compacted.
    public var symbolScans = 0
    /// The tableau: live rows, their cells, the longest row, symbols.
    public var rows = 0
    public var cells = 0
    public var longestRow = 0
    public var symbols = 0

    public var description: String {
        "pivots \(pivots), dual pivots \(dualPivots), substitutions \(substitutions), cells \(substitutedCells) (in variables' rows \(externalRowCells)), "
            + "column visits \(columnVisits), raised subjects \(raisedSubjects), phase 1 adds \(phaseOneAdds), rows \(rows), "
            + "cells in rows \(cells), longest row \(longestRow), symbols \(symbols), markers recovered \(markersRecovered), "
            + "region solves \(regionSolves), rebuilds \(rebuilds), symbol scans \(symbolScans)"
    }
}
