import Testing
import PlumbSystem
import PlumbSolver
import RelaxationBackend

@Suite("Non-convergence, caps and conflicts are reported")
struct HonestyTests {
    /// 100 equal widths between two fixed edges: the correction travels about one link per sweep, so 500
    /// sweeps are far too few for any scheme (propagation cannot settle the cycle either).
    @Test("A required chain of 100 equal-width views under a 500-sweep cap is not converged", arguments: RelaxationScheme.allCases)
    func slowChain(scheme: RelaxationScheme) throws {
        let s = try solver(scheme, equalWidthChain(100, width: 100 * 60 + 8), maxSweeps: 500)
        let report = try s.solve()
        #expect(!report.converged)
        #expect(report.iterations == 500)
        #expect(report.message.contains("sweep cap (500) reached"), "\(report.message)")
        #expect(report.message.contains("largest violation per level: required: "))
        #expect(!s.lastResiduals[0].violation.isZero)
    }

    @Test("The sweep cap is honoured exactly", arguments: RelaxationScheme.allCases)
    func sweepCap(scheme: RelaxationScheme) throws {
        let s = try solver(scheme, equalWidthChain(10, width: 608), maxSweeps: 7)
        let report = try s.solve()
        #expect(!report.converged)
        #expect(report.iterations == 7)
    }

    @Test("A zero time limit stops before the first sweep", arguments: RelaxationScheme.allCases)
    func timeLimit(scheme: RelaxationScheme) throws {
        let s = try solver(scheme, equalWidthChain(10, width: 608), timeLimit: 0)
        let report = try s.solve()
        #expect(!report.converged)
        #expect(report.iterations == 0)
        #expect(report.message.contains("time limit"), "\(report.message)")
    }

    @Test("The caps are settable after construction")
    func capsAreProperties() throws {
        let s = try solver(.best, equalWidthChain(10, width: 608))
        s.maxSweeps = 3
        #expect(try s.solve().iterations == 3)
        s.maxSweeps = 100_000
        #expect(try s.solve().converged)
    }

    /// x == 1 and x == 2, both required: propagation fixes x from the first and the second is then
    /// violated by 1 with nothing left to move: a proof.
    @Test("Conflicting required equalities: proved by propagation")
    func provedConflict() throws {
        let s = try solver(.propagating, [bound(0, .equal, 1), bound(0, .equal, 2)])
        let report = try s.solve()
        #expect(!report.converged)
        #expect(report.message.contains("the required constraints conflict: constraint c1 is violated by 1.0"), "\(report.message)")
    }

    /// x >= 10, y >= 10, x + y <= 15: no equality to propagate, so the sweeps settle into a limit cycle.
    @Test("Conflicting required inequalities: reported as not converged, appearing to conflict", arguments: RelaxationScheme.allCases)
    func apparentConflict(scheme: RelaxationScheme) throws {
        let s = try solver(scheme, [bound(0, .greaterOrEqual, 10), bound(1, .greaterOrEqual, 10), row([(0, 1), (1, 1)], -15, .lessOrEqual)])
        let report = try s.solve()
        #expect(!report.converged)
        #expect(report.message.contains("limit cycle"), "\(report.message)")
        #expect(s.lastResiduals[0].violation > 1)
    }

    @Test("A required constraint without variables that does not hold is a proof")
    func constantConflict() throws {
        let s = try solver(.best, [row([], 3, .equal)])
        let report = try s.solve()
        #expect(!report.converged)
        #expect(report.message.contains("conflict"), "\(report.message)")
    }
}
