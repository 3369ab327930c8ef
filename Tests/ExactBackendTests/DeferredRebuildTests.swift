import ExactBackend
import PlumbSolver
import PlumbSystem
import PlumbTestSupport
import Testing

/// Changes of required equalities whose marker columns the engine dropped, when no recovery gets them back: a run of
/// them costs one rebuild, done when the engine is next needed (`ExactSolverCore+DeferredRebuild.swift`), and a
/// change that could conflict is still judged at once.
@Suite struct DeferredRebuild {
    /// `n` cells in a row between x = 0 and a right edge at `right`: `x_0 = 0`, `x_i = x_{i-1} + w_{i-1} + gap_i`,
    /// `w_i = w_0`, `x_{n-1} + w_{n-1} = right`, all required (independent rows: 2n unknowns, 2n equations). Variables:
    /// `x_i` is 2i, `w_i` is 2i + 1. Constraint ids: the gap rows are 1 ... n-1.
    static func row(_ s: ExactSolver, cells n: Int, gap: Int, right: Int) throws {
        func add(_ id: Int, _ terms: [(Int, Int)], _ constant: Int) throws {
            try s.add(.integer(terms, constant, .equal), id: ConstraintID(id))
        }
        try add(0, [(0, 1)], 0)
        for i in 1..<n { try add(i, [(2 * i, 1), (2 * i - 2, -1), (2 * i - 1, -1)], -gap) }
        for i in 1..<n { try add(n - 1 + i, [(2 * i + 1, 1), (1, -1)], 0) }
        try add(2 * n - 1, [(2 * n - 2, 1), (2 * n - 1, 1)], -right)
    }

    static func q(_ n: Int, _ d: Int) -> Rational { try! Rational(Int128(n), Int128(d)) }

    static func exact(_ s: ExactSolver, _ v: Int) -> Rational? {
        if case .exact(let r) = s.value(of: VariableID(v)) { return r }
        return nil
    }

    @Test("three gaps changed on a 300-cell row: one rebuild at the solve, and the widths exactly as derived by hand")
    func aRunOfChangesCostsOneRebuild() throws {
        let n = 300, s = ExactSolver()
        try Self.row(s, cells: n, gap: 8, right: 10_000)
        _ = try s.solve()
        // n w + (n - 1) 8 = 10000: w = (10000 - 2392) / 300 = 7608 / 300 = 634 / 25
        #expect(Self.exact(s, 1) == Self.q(634, 25))
        let before = s.counters.rebuilds
        for id in [10, 150, 290] { try s.setConstant(Rational(-18), of: ConstraintID(id)) }
        // (no recovery gets a gap's marker back on so long a row: each change used to rebuild at once, three in all)
        #expect(s.counters.rebuilds == before, "rebuilds \(s.counters.rebuilds - before) before the solve")
        _ = try s.solve()
        #expect(s.counters.rebuilds - before <= 1, "rebuilds \(s.counters.rebuilds - before)")
        // three gaps of 18 instead of 8: w = (7608 - 30) / 300 = 7578 / 300 = 1263 / 50
        #expect(Self.exact(s, 1) == Self.q(1263, 50))
        #expect(Self.exact(s, 2 * 299 + 1) == Self.q(1263, 50))
        // x_150 = 150 w + gaps 1 ... 150: 148 of 8 and two of 18 (at 10 and 150), 1220
        #expect(Self.exact(s, 2 * 150) == Self.q(150 * 1263 + 1220 * 50, 50))
        // removals too: the three gap rows out (the cells then float: ambiguous), one rebuild at most
        let again = s.counters.rebuilds
        for id in [10, 150, 290] { try s.remove(ConstraintID(id)) }
        _ = try s.solve()
        #expect(s.counters.rebuilds - again <= 1, "rebuilds \(s.counters.rebuilds - again)")
    }

    @Test("with a row the others imply, a conflicting constant is still refused at once, and the solver stays as it was")
    func aDependentSystemIsStillJudged() throws {
        let n = 40, s = ExactSolver()
        try Self.row(s, cells: n, gap: 8, right: 1_000)
        // w_1 = w_0 again (a row the others imply): the rows are no longer independent
        var e = LinearExpression(VariableID(3))
        try e.add(VariableID(1), -1)
        try s.add(LinearConstraint(e, .equal), id: ConstraintID(500))
        _ = try s.solve()
        // 40 w + 39 * 8 = 1000: w = 688 / 40 = 86 / 5
        #expect(Self.exact(s, 1) == Self.q(86, 5))
        // w_1 = w_0 + 1 conflicts with w_1 = w_0 (row n)
        #expect(throws: SolverError.self) { try s.setConstant(Rational(-1), of: ConstraintID(500)) }
        _ = try s.solve()
        #expect(Self.exact(s, 3) == Self.q(86, 5))
        // a gap change is no conflict: w = (688 - 10) / 40 = 339 / 20
        try s.setConstant(Rational(-18), of: ConstraintID(5))
        _ = try s.solve()
        #expect(Self.exact(s, 1) == Self.q(339, 20))
    }
}
