@testable import ExactBackend
import Testing

/// `ExactSolverCore.levelsMessage(_:)`, the solve report's message: a layout's few levels from a table every solver
/// shares, more formatted and kept; the text the same either way.
@Suite struct LevelsMessageTests {
    typealias Q = ExactRational

    /// The solve report's message, the same text from the shared table (a layout's few levels) and beyond it.
    @Test(arguments: [0, 1, 3, 31, 32, 250])
    func levelsMessage(levels: Int) {
        let core = ExactSolverCore<Q>()
        #expect(core.levelsMessage(levels) == "\(levels) priority level(s)")
        #expect(core.levelsMessage(levels) == "\(levels) priority level(s)", "asked again")
    }
}
