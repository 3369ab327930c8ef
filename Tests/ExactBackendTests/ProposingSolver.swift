import CassowaryBackend
@testable import ExactBackend

extension ExactSolver {
    /// Cassowary proposing at every solve with rows waiting, however few: a small system otherwise pivots from the
    /// crash basis first (`crashPathBound`), and the tests of proposals and certificates would see none.
    static func proposingEverySolve() -> ExactSolver {
        let s = ExactSolver(proposer: CassowarySolver.self)
        s.crashPathBound.pendingRows = -1
        return s
    }
}
