import Testing
import PlumbSystem
import PlumbSolver
import RelaxationBackend

@Suite("Convergence on consistent systems")
struct ConvergenceTests {
    @Test("An equality chain: x0 = 10, x1 = x0 + 5, x2 = x1 + 5, x3 = x2 + x1", arguments: RelaxationScheme.allCases)
    func equalityChain(scheme: RelaxationScheme) throws {
        let s = try solver(scheme, [
            bound(0, .equal, 10),
            row([(1, 1), (0, -1)], -5, .equal),
            row([(2, 1), (1, -1)], -5, .equal),
            row([(3, 1), (2, -1), (1, -1)], 0, .equal),
        ])
        let report = try s.solve()
        #expect(report.converged, "\(report.message)")
        #expect(close(s.double(0), 10) && close(s.double(1), 15) && close(s.double(2), 20) && close(s.double(3), 35))
    }

    /// Three equal widths between x = 8 and 200 − 8 with 8 between: 8 + 3w + 16 = 192, w = 56.
    @Test("Equal widths between two edges (a cycle only relaxation settles)", arguments: RelaxationScheme.allCases)
    func equalWidths(scheme: RelaxationScheme) throws {
        let s = try solver(scheme, equalWidthChain(3, width: 200))
        let report = try s.solve()
        #expect(report.converged, "\(report.message)")
        for view in 0..<3 {
            #expect(close(s.double(2 * view + 1), 56))
            #expect(close(s.double(2 * view), 8 + 64 * Double(view)))
        }
        #expect((report.iterations ?? 0) > 1)
    }

    /// root.x = 0, root.w = 320; the view inset 20 on both sides: x = 20, w = 280. Its height must be at least
    /// 44 (required) and would like to be 30 (weak): 44. The slack `v.w <= 1000` is never projected.
    @Test("A box with an inset view and a minimum height", arguments: RelaxationScheme.allCases)
    func box(scheme: RelaxationScheme) throws {
        let s = try solver(scheme, [
            bound(0, .equal, 0),
            bound(1, .equal, 320),
            row([(2, 1), (0, -1)], -20, .equal),
            row([(2, 1), (3, 1), (0, -1), (1, -1)], 20, .equal),
            bound(4, .greaterOrEqual, 44),
            bound(4, .equal, 30, .low),
            bound(3, .lessOrEqual, 1000),
        ])
        let report = try s.solve()
        #expect(report.converged, "\(report.message)")
        #expect(close(s.double(2), 20) && close(s.double(3), 280) && close(s.double(4), 44))
    }

    @Test("An inequality that holds is left alone: x >= 0 and x == 5 (weak) give 5", arguments: RelaxationScheme.allCases)
    func inactiveInequality(scheme: RelaxationScheme) throws {
        let s = try solver(scheme, [bound(0, .greaterOrEqual, 0), bound(0, .equal, 5, .low)])
        let report = try s.solve()
        #expect(report.converged)
        #expect(close(s.double(0), 5))
    }

    @Test("A violated required inequality wins over a weak equality: x >= 100, x == 10 (weak)", arguments: RelaxationScheme.allCases)
    func activeInequality(scheme: RelaxationScheme) throws {
        let s = try solver(scheme, [bound(0, .greaterOrEqual, 100), bound(0, .equal, 10, .low)])
        let report = try s.solve()
        #expect(report.converged, "\(report.message)")
        #expect(close(s.double(0), 100))
    }

    @Test("The report names the sweeps and the largest violation per level")
    func reportMessage() throws {
        let s = try solver(.best, [bound(0, .equal, 10), bound(0, .equal, 20, .medium)])
        let report = try s.solve()
        #expect(report.converged)
        #expect(report.message.contains("largest violation per level: required: 0.0, 500: 10.0"), "\(report.message)")
        #expect(s.lastResiduals.map(\.priority) == [.required, .medium])
        #expect(RelaxationSolver.name == "relaxation")
        #expect(!RelaxationSolver.capabilities.exact && !RelaxationSolver.capabilities.strictPriorities)
        #expect(RelaxationSolver().scheme == .propagating)
    }
}
