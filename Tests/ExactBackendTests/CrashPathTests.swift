import CassowaryBackend
@testable import ExactBackend
import PlumbSolver
import PlumbSystem
import PlumbTestSupport
import Testing

/// A first solve with a few rows waiting pivots from the crash basis in exact arithmetic before it asks Cassowary for
/// a basis (`ExactSolver.crashPathBound`): the answers are the same either way, only the work differs.
@Suite struct CrashPathTests {
    /// By hand: x0 lies in [0, 100] and x1 = x0 + 5 (required); x0 = 30 @750 wins over x0 = 70 @250, so x0 = 30,
    /// x1 = 35; x2 = 7 @500 alone holds.
    func smallLayout(into s: ExactSolver) throws {
        try s.add(.integer([(0, 1)], 0, .greaterOrEqual), id: ConstraintID(0))
        try s.add(.integer([(0, 1)], -100, .lessOrEqual), id: ConstraintID(1))
        try s.add(.integer([(1, 1), (0, -1)], -5, .equal), id: ConstraintID(2))
        try s.add(.integer([(0, 1)], -30, .equal, priority: Priority(750)), id: ConstraintID(3))
        try s.add(.integer([(0, 1)], -70, .equal, priority: Priority(250)), id: ConstraintID(4))
        try s.add(.integer([(2, 1)], -7, .equal, priority: Priority(500)), id: ConstraintID(5))
    }

    func expectHandAnswer(_ s: ExactSolver) {
        #expect(s.value(of: VariableID(0)) == .exact(Rational(30)))
        #expect(s.value(of: VariableID(1)) == .exact(Rational(35)))
        #expect(s.value(of: VariableID(2)) == .exact(Rational(7)))
    }

    @Test("a small layout's first solve takes no proposal; asked for one, the answer is the same")
    func aFewWaitingRowsTakeTheCrashPath() throws {
        let crash = ExactSolver(proposer: CassowarySolver.self)
        try smallLayout(into: crash)
        _ = try crash.solve()
        expectHandAnswer(crash)
        #expect(crash.counters.proposals == 0 && crash.counters.fromProposer == 0)
        #expect(crash.counters.abandonedCrashPaths == 0)

        let proposing = ExactSolver.proposingEverySolve()
        try smallLayout(into: proposing)
        _ = try proposing.solve()
        expectHandAnswer(proposing)
        #expect(proposing.counters.fromProposer == 1)
    }

    @Test("more rows waiting than the bound allows: the first solve asks for a proposal")
    func manyWaitingRowsAskForAProposal() throws {
        let s = ExactSolver(proposer: CassowarySolver.self)
        s.crashPathBound.pendingRows = 2   // three soft rows wait below
        try smallLayout(into: s)
        _ = try s.solve()
        expectHandAnswer(s)
        #expect(s.counters.fromProposer == 1)
    }

    /// Random prioritized systems (as `CertificateAgainstExactPivoting` makes them), each solved with the crash path
    /// allowed no work at all, so that any pivot it needs gives it up for Cassowary's basis, and by
    /// `ExactPivotingSolver`, which never asks for one: every level's exact sum of violations agrees, and the
    /// fallback ran on many of them.
    @Test func aCrashPathPastItsBoundFallsBackToAProposal() throws {
        var random = SplitMix64(seed: 11)
        let priorities: [Priority] = [.required, .required, Priority(999), Priority(750), Priority(500), Priority(1)]
        var fellBack = 0
        for _ in 0..<200 {
            let constraints = try randomPrioritizedSystem(&random, variables: (2, 5), rows: (3, 8), priorities: priorities)
            let bounded = ExactSolver(proposer: CassowarySolver.self), reference = ExactPivotingSolver()
            bounded.crashPathBound = (pendingRows: 100, perLiveRow: 0, floor: 0)
            bounded.proposalRoute = .injectedProposer
            var accepted: [LinearConstraint] = []
            for (k, c) in constraints.enumerated() {
                let a = (try? bounded.add(c, id: ConstraintID(k))) != nil
                let b = (try? reference.add(c, id: ConstraintID(k))) != nil
                #expect(a == b, "constraint \(k) accepted by one solver only")
                if a { accepted.append(c) }
            }
            _ = try bounded.solve()
            _ = try reference.solve()
            if bounded.counters.abandonedCrashPaths > 0 {
                fellBack += 1
                #expect(bounded.counters.fromProposer == 1)
            }
            let a = levelSums(bounded, accepted), b = levelSums(reference, accepted)
            #expect(a == b, "level sums differ: \(a) vs \(b) for \(accepted)")
            #expect(a[.required] ?? .zero == .zero)
        }
        #expect(fellBack > 20, "the crash path gave up on \(fellBack) of 200 systems")
    }
}
