/// What an exact solver has done so far, for measurements (ExactBench `--stats`) and for tests that pin the work of a
/// solve: one typed value instead of tuples and a formatted string. Its `description` is the one line ExactBench
/// prints.
public struct ExactSolverCounters: Sendable, Equatable, CustomStringConvertible {
    /// Bases proposed by a floating-point solver, how many came from the injected proposer (the others from the
    /// floating-point copy of the tableau), how many were certified on the original rows without a tableau
    /// (`BasisCertificate`), how many the exact engine accepted as they stood, and the exact iterations the others
    /// needed (the fallback's work).
    public var proposals = 0
    public var fromProposer = 0
    public var withoutTableau = 0
    public var certified = 0
    public var fallbackIterations = 0
    /// The proposer's own iterations and rows rewritten, and the exact pivots adopting its bases.
    public var proposerIterations = 0
    public var proposerRowsTouched = 0
    public var adoptionPivots = 0
    /// Suggestions after a certified answer that the proposer behind the certificate took, still holding its rows,
    /// and the times the exact tableau was then built at that proposer's basis for the changed system (instead of at
    /// the certified basis, followed by the exact pivots to the new optimum).
    public var suggestionsToKeptProposer = 0
    public var materializedAtKeptProposer = 0
    /// Solves after such suggestions answered without a tableau: at the certified basis (its basic solution for the
    /// new constants, still feasible, is optimal), or at the proposer's new basis, certified on the same rows.
    public var keptBasisAnswers = 0
    public var keptCertificateAnswers = 0
    /// Of the latter, edits' first values whose rows the kept basis leaves unmet, certified without a new
    /// certificate of every row (one of the new rows' errors basic in each, the old basis kept).
    public var unmetRowsAdded = 0
    /// Milliseconds in proposer / insertion / adoption / levels / copy / the whole insertion.
    public var milliseconds = ""
    /// The exact engine: simplex iterations, live rows, columns (the layout's, the live rows' logical columns, and the
    /// removed rows' until the next compaction drops them), tableau nonzeros, rows rewritten by eliminations.
    public var iterations = 0
    public var rows = 0
    public var columns = 0
    public var nonzeros = 0
    public var rowsRewritten = 0
    /// Removals and first constant changes of required equalities whose marker column had been dropped: how many got
    /// it back in proportion to what depends on the equality, and how many rebuilt the required rows instead.
    public var markersRecovered = 0
    public var rebuilds = 0
    /// Solves that gave up the warm start from the basis the changes left (past twice as many rows rewritten as the
    /// tableau has, plus 10,000) and rebuilt with the proposer's basis instead.
    public var abandonedWarmStarts = 0
    /// First solves of a few waiting rows that pivoted from the crash basis past their bound (a layout far from its
    /// optimum there) and took a proposal instead (`ExactSolver.crashPathBound`).
    public var abandonedCrashPaths = 0
    /// Constant changes and suggestions that moved the optimum off its bounds and found it again on the same face (a
    /// phase 1 with the level fixings held, `SimplexEngine.restoreFeasibilityOnFace()`): no level solved again.
    public var changesOnFace = 0
    /// Solves after rows were added (an edit's first suggested value, a soft constraint) that found the optimum with
    /// the last one's level fixings held (`SimplexEngine.settleHeldFace()`): none undone and fixed again.
    public var heldFaceSolves = 0
    /// Columns the level solves looked at for fixing (`SimplexEngine+Fixings.swift`): after a change, the fixings it
    /// undid and the columns whose costs it changed; after a level priced from scratch, every column its row touched.
    public var fixingExaminations = 0
    /// Columns a level looked at as candidates because a change undid their fixings, once per level (eagerly, every
    /// undone fixing at every level; since `SimplexEngine+Fixings.swift`, only those no level fixes again).
    public var releasedCandidateChecks = 0

    public var description: String {
        "proposals \(proposals) (from the proposer \(fromProposer), certified without a tableau \(withoutTableau), "
            + "certified as proposed \(certified), exact iterations after the others \(fallbackIterations); proposer "
            + "iterations \(proposerIterations), rows touched \(proposerRowsTouched); adoption pivots "
            + "\(adoptionPivots); suggestions to the kept proposer \(suggestionsToKeptProposer), tableaux built at its "
            + "basis \(materializedAtKeptProposer), answered at the certified basis \(keptBasisAnswers) or certified "
            + "again \(keptCertificateAnswers) (of them new rows left unmet \(unmetRowsAdded)); ms in "
            + "proposer/insertion/adoption/levels/copy/all \(milliseconds)), iterations \(iterations), rows \(rows), "
            + "columns \(columns), nonzeros \(nonzeros), rows touched by pivots \(rowsRewritten), markers recovered "
            + "\(markersRecovered), rebuilds \(rebuilds), warm starts given up \(abandonedWarmStarts), crash paths given "
            + "up \(abandonedCrashPaths), changes kept on the face \(changesOnFace), solves on a held face "
            + "\(heldFaceSolves), columns looked at for fixing "
            + "\(fixingExaminations), released columns looked at as candidates \(releasedCandidateChecks)"
    }
}
