import PlumbSolver
import PlumbSystem

/// Which floating-point solver proposes the basis for a first solve of many waiting rows.
enum ProposalRoute: Sendable {
    /// The copy of the engine's own tableau when the required rows pin most variables
    /// (`ExactSolverCore.ownTableauProposes()`), else the injected proposer, whose basis the certificate checks.
    case byDensity
    /// The injected proposer and the certificate, whatever the tableau (tests of that path use it).
    case injectedProposer
}

/// Inserting the waiting rows with a floating-point basis proposed and adopted (see `BasisProposal.swift`).
extension ExactSolverCore {
    /// Whether `waiting` rows are many enough for a proposal: at least a sixteenth of the engine's live rows (a few
    /// rows into a large tableau cost less pivoted on in exact arithmetic than a proposer's build of everything).
    /// The one rule behind the certificate's first solve, the proposal's insertion and the held face.
    @inline(__always) func worthAProposal(waiting: Int) -> Bool { waiting * 16 >= engine.liveRowCount }

    /// Whether the floating-point copy of the engine's own tableau, rather than the injected proposer, is to propose
    /// the basis for the waiting rows: when the required rows in the tableau pin most variables (at most one
    /// nonbasic cell for every two rows, as an app's layout, whose positions and sizes its required rows fix). The
    /// copy is then cheap and the waiting rows settle in a few pivots, where the injected proposer takes every row
    /// again and the certificate prices them all at every level (app layouts, 100 to 10,000 views: 19-26 % fewer
    /// instructions for the build and first solve). Required rows that leave much free (containment inequalities,
    /// random relations: 1.3-1.7 cells a row) go to the injected proposer and the certificate, which cost those
    /// layouts 20-40 % less than the copy's proposal and the exact pivots adopting it.
    /// - Complexity: O(1) (the row store keeps the count).
    func ownTableauProposes() -> Bool { 2 * engine.store.liveCells <= engine.liveRowCount }

    /// Inserts the pending rows into the engine with a floating-point final basis adopted (the exact engine then
    /// certifies it or continues from it): the injected proposer's, or with `ownTableau` (or no proposer) the
    /// floating-point copy of the engine's tableau's. Returns how many rows went in.
    @discardableResult
    func insertPendingWithProposal(ownTableau: Bool = false) -> Int {
        let tp = ContinuousClock().now
        let items = pendingItemsMakingColumns()   // (creates any missing structural column first)
        defer { stats.times.wholeInsertion += ContinuousClock().now - tp }
        guard !items.isEmpty else { return 0 }
        // A few rows into a large tableau: the exact warm start is cheaper than copying the tableau.
        guard worthAProposal(waiting: items.count) else { return insertPending(items) }
        let clock = ContinuousClock()
        let t0 = clock.now
        // The floating-point copy lives only in here: released before the exact engine changes (its column lists
        // would otherwise be shared, and copied on every first write).
        var basis: ProposedBasis? = nil
        if case .changed(let found?) = state {
            basis = found
            state = .changed(proposal: nil)
        } else if !ownTableau {
            basis = proposerBasis()
        }
        if basis != nil { stats.fromProposer += 1 }
        let proposal: Proposal = basis.map { self.proposal(from: $0, pending: items) } ?? {
            var proposer = SimplexEngine<ApproximateScalar>(approximating: engine)
            stats.times.copy += clock.now - t0
            let rows = approximateRows(of: items)
            let size = engine.liveRowCount + rows.count
            proposer.propose(inserting: rows, limit: 50 * size + 1000)
            stats.proposerIterations += proposer.iterations
            stats.proposerRowsTouched += proposer.statColumn
            return Proposal(basic: proposer.columns.map(\.isBasic), value: proposer.columns.map(\.value))
        }()
        let t1 = clock.now
        engine.crashTarget = proposal.basic
        insertPending(items)
        engine.crashTarget = []
        let t2 = clock.now
        stats.adoptionPivots += engine.adopt(proposal)
        let t3 = clock.now
        stats.times.proposer += t1 - t0
        stats.times.insertion += t2 - t1
        stats.times.adoption += t3 - t2
        stats.proposals += 1
        return items.count
    }
}
