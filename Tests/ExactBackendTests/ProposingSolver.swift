import CassowaryBackend
@testable import ExactBackend

extension ExactSolver {
    /// Cassowary proposing at every solve with rows waiting, however few: a small system otherwise pivots from the
    /// crash basis first (`crashPathBound`), and the tests of proposals and certificates would see none; and
    /// whatever the required rows (`ProposalRoute.injectedProposer`: rows that pin most variables otherwise have the
    /// copy of the engine's own tableau propose).
    static func proposingEverySolve() -> ExactSolver {
        let s = ExactSolver(proposer: CassowarySolver.self)
        s.crashPathBound.pendingRows = -1
        s.proposalRoute = .injectedProposer
        return s
    }
}
