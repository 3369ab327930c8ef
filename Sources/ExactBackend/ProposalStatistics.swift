/// What the floating-point proposer did for the exact engine, counted for measurement (ExactBench `--stats`) and
/// for tests that pin the work of a solve.
struct ProposalStatistics {
    /// Bases proposed; those from the injected proposer (the others from the floating-point copy of the tableau).
    var proposals = 0
    var fromProposer = 0
    /// Answers certified on the original rows without a tableau for the soft rows (`BasisCertificate`).
    var certifiedWithoutTableau = 0
    /// Proposals the exact engine accepted as they stood (no exact simplex iteration after adopting them).
    var certifiedAsProposed = 0
    /// Exact iterations after proposals that were not accepted as they stood (the fallback's work).
    var fallbackIterations = 0
    /// The proposer's own iterations and rows rewritten by its pivots, and the exact pivots adopting its bases.
    var proposerIterations = 0
    var proposerRowsTouched = 0
    var adoptionPivots = 0
    /// Suggestions after a certified answer that the proposer still holding its rows took (`liveProposer`), and
    /// the times the engine was then built at that proposer's basis for the changed system.
    var suggestionsToKeptProposer = 0
    var materializedAtKeptProposer = 0
    /// Solves after such suggestions answered without a tableau all the same (`solveAtKeptCertificate()`): at the
    /// certified basis, its basic solution moved with the new constants, or at the proposer's new basis,
    /// certified on the same rows.
    var keptBasisAnswers = 0
    var keptCertificateAnswers = 0
    /// Of the latter, the edits' first values certified as new rows the kept basis leaves unmet, without a new
    /// certificate (`BasisCertificate.certifyAddingUnmetRows`).
    var unmetRowsAdded = 0

    /// Time spent in each phase of a solve with a proposal.
    struct Times {
        /// The proposer: copying the tableau (when not Cassowary) and its floating-point simplex.
        var proposer = Duration.zero
        /// Putting the pending rows into the exact engine at the proposed basis.
        var insertion = Duration.zero
        /// Pivoting the exact engine onto the proposed basis.
        var adoption = Duration.zero
        /// The exact phase 1 and levels after it (the certificate, or the certificate and the fallback pivots).
        var levels = Duration.zero
        /// Copying the exact tableau into floating point for the proposer.
        var copy = Duration.zero
        /// The whole insertion with a proposal (all the above but `levels`).
        var wholeInsertion = Duration.zero

        /// Milliseconds of each phase, `proposer/insertion/adoption/levels/copy/all`.
        var milliseconds: String {
            [proposer, insertion, adoption, levels, copy, wholeInsertion]
                .map { String(Int($0 / .microseconds(1)) / 1000) }.joined(separator: "/")
        }
    }
    var times = Times()
}
