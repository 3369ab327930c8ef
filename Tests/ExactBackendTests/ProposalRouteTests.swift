import CassowaryBackend
@testable import ExactBackend
import PlumbSolver
import PlumbSystem
import PlumbTestSupport
import Testing

/// Which floating-point solver proposes a first solve's basis (`ProposalRoute.byDensity`): the copy of the engine's
/// own tableau when the required rows pin most variables, else Cassowary, whose basis the certificate checks. Either
/// way the answer is the exact optimum, derived by hand in each test.
@Suite struct ProposalRouteTests {
    /// Cassowary injected, a proposal at every solve with rows waiting, the route left to the density.
    func solver() -> ExactSolver {
        let s = ExactSolver(proposer: CassowarySolver.self)
        s.crashPathBound.pendingRows = -1
        return s
    }

    /// Views 0..<n in a row: x₀ = 0, wᵢ = 10 + i and xᵢ = xᵢ₋₁ + wᵢ₋₁ + 8 required (every required row pins its
    /// variable: the tableau's rows hold no nonbasic cell); hᵢ ≤ xᵢ @750 and hᵢ == 30 @500. Variables: xᵢ 3i,
    /// wᵢ 3i + 1, hᵢ 3i + 2.
    func pinnedRow(_ s: ExactSolver, views n: Int) throws {
        var id = 0
        func add(_ terms: [(Int, Int)], _ constant: Int, _ relation: Relation, _ priority: Priority = .required) throws {
            try s.add(.integer(terms, constant, relation, priority: priority), id: ConstraintID(id))
            id += 1
        }
        try add([(0, 1)], 0, .equal)
        for i in 0..<n {
            try add([(3 * i + 1, 1)], -(10 + i), .equal)
            if i > 0 { try add([(3 * i, 1), (3 * i - 3, -1), (3 * i - 2, -1)], -8, .equal) }
        }
        for i in 0..<n {
            try add([(3 * i + 2, 1), (3 * i, -1)], 0, .lessOrEqual, Priority(750))
            try add([(3 * i + 2, 1)], -30, .equal, Priority(500))
        }
    }

    /// By hand: xᵢ = Σₖ₍ₖ₌₀…ᵢ₋₁₎ (10 + k + 8) = 18i + i(i - 1)/2, and hᵢ = min(30, xᵢ) (the cap at 750 outranks the
    /// preference at 500): h₀ = 0, h₁ = 18, hᵢ = 30 from i = 2 on.
    @Test func requiredRowsThatPinTheirVariablesHaveTheOwnTableauPropose() throws {
        let n = 40, s = solver()
        try pinnedRow(s, views: n)
        _ = try s.solve()
        #expect(s.counters.proposals == 1)
        #expect(s.counters.fromProposer == 0, "the copy of the engine's tableau proposed")
        #expect(s.counters.withoutTableau == 0)
        for i in 0..<n {
            let x = 18 * i + i * (i - 1) / 2
            #expect(s.value(of: VariableID(3 * i)) == .exact(Rational(x)))
            #expect(s.value(of: VariableID(3 * i + 1)) == .exact(Rational(10 + i)))
            #expect(s.value(of: VariableID(3 * i + 2)) == .exact(Rational(min(30, x))))
        }
    }

    /// The same system with the route fixed to the injected proposer: Cassowary proposes and the certificate checks
    /// its basis without a tableau, for the same answer.
    @Test func theInjectedRouteCertifiesTheSameAnswer() throws {
        let n = 40, s = solver()
        s.proposalRoute = .injectedProposer
        try pinnedRow(s, views: n)
        _ = try s.solve()
        #expect(s.counters.fromProposer == 1 && s.counters.withoutTableau == 1)
        for i in 0..<n {
            let x = 18 * i + i * (i - 1) / 2
            #expect(s.value(of: VariableID(3 * i + 2)) == .exact(Rational(min(30, x))))
        }
    }

    /// Views 0..<n each inside [0, 100]: xᵢ ≥ 0 and xᵢ + wᵢ ≤ 100 required (each row keeps a slack and a free
    /// variable: more than a cell a row), wᵢ == 50 + i @750 and xᵢ == 60 @500. By hand: wᵢ = 50 + i (room for it
    /// with xᵢ ≥ 0), and xᵢ as near 60 as xᵢ ≤ 100 - wᵢ = 50 - i lets it: xᵢ = 50 - i. Variables: xᵢ 2i, wᵢ 2i + 1.
    @Test func requiredRowsThatLeaveMuchFreeGoToTheInjectedProposer() throws {
        let n = 40, s = solver()
        var id = 0
        func add(_ terms: [(Int, Int)], _ constant: Int, _ relation: Relation, _ priority: Priority = .required) throws {
            try s.add(.integer(terms, constant, relation, priority: priority), id: ConstraintID(id))
            id += 1
        }
        for i in 0..<n {
            try add([(2 * i, 1)], 0, .greaterOrEqual)
            try add([(2 * i, 1), (2 * i + 1, 1)], -100, .lessOrEqual)
        }
        for i in 0..<n {
            try add([(2 * i + 1, 1)], -(50 + i), .equal, Priority(750))
            try add([(2 * i, 1)], -60, .equal, Priority(500))
        }
        _ = try s.solve()
        #expect(s.counters.proposals == 1)
        #expect(s.counters.fromProposer == 1, "Cassowary proposed")
        for i in 0..<n {
            #expect(s.value(of: VariableID(2 * i + 1)) == .exact(Rational(50 + i)))
            #expect(s.value(of: VariableID(2 * i)) == .exact(Rational(50 - i)))
        }
    }
}
