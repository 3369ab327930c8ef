import PlumbSolver
import PlumbSystem

/// Inserting the waiting rows with a floating-point basis proposed and adopted (see `BasisProposal.swift`).
extension ExactSolverCore {
    /// Whether `waiting` rows are many enough for a proposal: at least a sixteenth of the engine's live rows (a few
    /// rows into a large tableau cost less pivoted on in exact arithmetic than a proposer's build of everything).
    /// The one rule behind the certificate's first solve, the proposal's insertion and the held face.
    @inline(__always) func worthAProposal(waiting: Int) -> Bool { waiting * 16 >= engine.liveRowCount }

    /// Inserts the pending rows into the engine with the floating-point proposer's final basis adopted (the exact
    /// engine then certifies it or continues from it). Returns how many rows went in.
    @discardableResult
    func insertPendingWithProposal() -> Int {
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
        } else {
            basis = proposerBasis()
        }
        if basis != nil { stats.fromProposer += 1 }
        let proposal: Proposal = basis.map { self.proposal(from: $0, pending: items) } ?? {
            var proposer = SimplexEngine<ApproximateScalar>(approximating: engine)
            stats.times.copy += clock.now - t0
            let rows = self.rows(of: items)
            let size = engine.liveRowCount + rows.count
            proposer.propose(inserting: rows.map { r in
                (r.terms.map { ($0.column, ApproximateScalar($0.coefficient.doubleValue)) },
                 ApproximateScalar(r.constant.doubleValue), r.relation, r.priority)
            }, limit: 50 * size + 1000)
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
