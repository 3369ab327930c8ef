@testable import ExactBackend
import PlumbSolver
import PlumbSystem
import PlumbTestSupport
import Testing

/// `BasisCertificate.certifyAddingUnmetRows`: a certified basis carried to new soft rows it leaves unmet (an edit's
/// first value the required rows do not let it take), without a new certificate. Values and reduced costs are
/// derived in each test's comment (rows `Σ a·x + c = 0`, a soft row's logicals `-p + n`); then the solver's path.
@Suite struct UnmetRowsTests {
    typealias Q = ExactRational
    typealias Row = HandWrittenRow

    func q(_ text: String) -> Q { ExactRational(text)! }

    /// `old` certified at `oldBasic`, then `new` (old's rows and more) at `newBasic`.
    func extended(_ old: BasisCertificate<Q>, _ oldBasic: [Bool], _ new: BasisCertificate<Q>, _ newBasic: [Bool])
        throws -> (values: [Q], basis: BasisCertificate<Q>.CertifiedBasis)? {
        let (_, certified) = try #require(old.certifyKeepingBasis(basic: oldBasic))
        var value = certified.value
        guard var basis = new.certifyAddingUnmetRows(to: certified, value: &value, oldRowCount: old.rowCount,
                                                     basic: newBasic) else { return nil }
        #expect(basis.value.isEmpty, "the extended basis carries no values: the caller's array has them")
        basis.value = value
        return (Array(value[0..<new.variableCount]), basis)
    }

    /// x == 10 required (row 0), y == 100 soft (row 1); the basis {x, y}: x = 10, y = 100. An edit x == 30 above
    /// it (row 2, `x - 30 - p₂ + n₂ = 0`, the new level 0; y's row is level 1 now). Columns: x 0, y 1, p₁ 2, n₁ 3,
    /// p₂ 4, n₂ 5. With n₂ basic: n₂ = 30 - 10 = 20. Level 0's duals: n₂'s column gives y₂ = 1, x's y₀ + y₂ = 0,
    /// y₀ = -1; p₂'s reduced cost 1 - (-1)·1 = 2 ≥ 0, and no other column of rows 0 and 2 is nonbasic: accepted,
    /// n₂ moving by -1 with row 2's constant. With p₂ basic instead p₂ = -20 < 0: refused.
    @Test func aPinnedEditIsAddedUnmet() throws {
        let old = BasisCertificate(handWritten: [([(0, "1")], "-10", .equal, -1), ([(1, "1")], "-100", .equal, 0)],
                              variables: 2, levels: 1)
        let new = BasisCertificate(handWritten: [([(0, "1")], "-10", .equal, -1), ([(1, "1")], "-100", .equal, 1),
                               ([(0, "1")], "-30", .equal, 0)], variables: 2, levels: 2)
        let oldBasic = [true, true, false, false]
        let (values, basis) = try #require(try extended(old, oldBasic, new, oldBasic + [false, true]))
        #expect(values == [q("10"), q("100")])
        #expect(basis.value == [q("10"), q("100"), q("0"), q("0"), q("0"), q("20")])
        #expect(basis.order.deferred.first?.row == 2 && basis.order.deferred.first?.column == 5)
        let s = new.unmetRowSensitivity(error: 5)
        #expect(s.terms.map(\.column) == [5] && s.terms.map(\.coefficient) == [q("-1")])
        #expect(new.sensitivity(at: basis, ofRow: 2).map { $0.terms.map(\.coefficient) } == [q("-1")])
        #expect(try extended(old, oldBasic, new, oldBasic + [true, false]) == nil)
    }

    /// x == 10 soft (row 0, level 1 in the new rows) and the edit x == 30 above it (row 1, level 0): x is free to
    /// take the edit. The basis {x from row 0, n₁ = 20} is feasible, but level 0's duals y₁ = 1, y₀ = -1 give p₀
    /// (cost 0 at level 0, coefficient -1) the reduced cost 0 - (-1)(-1) = -1 < 0: moving x toward 30 improves
    /// the edit's level. Refused.
    @Test func anEditTheRowsLetMoveIsRefused() throws {
        let old = BasisCertificate(handWritten: [([(0, "1")], "-10", .equal, 0)], variables: 1, levels: 1)
        let new = BasisCertificate(handWritten: [([(0, "1")], "-10", .equal, 1), ([(0, "1")], "-30", .equal, 0)], variables: 1, levels: 2)
        #expect(try extended(old, [true, false, false], new, [true, false, false, false, true]) == nil)
    }

    /// The edit at the level of an old row: x == 10 required, y == 100 and x == 30 both at level 0. The old duals
    /// at level 0 are 0 (no error basic); the change δ is y₂ = 1, y₀ = -1 as above, and reaches rows 0 and 2 only:
    /// p₂'s reduced cost 2, row 1's columns untouched. Accepted, n₂ = 20.
    @Test func anEditAtAnOldRowsLevelIsAddedUnmet() throws {
        let old = BasisCertificate(handWritten: [([(0, "1")], "-10", .equal, -1), ([(1, "1")], "-100", .equal, 0)],
                              variables: 2, levels: 1)
        let new = BasisCertificate(handWritten: [([(0, "1")], "-10", .equal, -1), ([(1, "1")], "-100", .equal, 0),
                               ([(0, "1")], "-30", .equal, 0)], variables: 2, levels: 1)
        let oldBasic = [true, true, false, false]
        let (_, basis) = try #require(try extended(old, oldBasic, new, oldBasic + [false, true]))
        #expect(basis.value[5] == q("20"))
    }

    /// x == 10 at level 0 holds x (row 0, met); x == 30 at level 1 is unmet (row 1, n₁ = 20); the edit x == 40 at
    /// level 1 too (row 2): n₂ = 30. Columns: x 0, p₀ 1, n₀ 2, p₁ 3, n₁ 4, p₂ 5, n₂ 6. Level 1's old duals:
    /// y₁ = 1, y₀ = -1, so p₀'s old reduced cost there is 0 - (-1)(-1) = -1: level 0 fixes it (its reduced cost 1
    /// there). The change δ: y₂ = 1, δ₀ = -1; p₀ is left to level 0's fixing, n₀ goes from 1 to 2, p₂ is at 2:
    /// accepted. (Reading p₀ as if nothing fixed it, from 0 to -1, would refuse it.)
    @Test func anEditAtTheLevelOfAnUnmetRowIsAddedUnmet() throws {
        let held: Row = ([(0, "1")], "-10", .equal, 0), unmet: Row = ([(0, "1")], "-30", .equal, 1)
        let old = BasisCertificate(handWritten: [held, unmet], variables: 1, levels: 2)
        let new = BasisCertificate(handWritten: [held, unmet, ([(0, "1")], "-40", .equal, 1)], variables: 1, levels: 2)
        let oldBasic = [true, false, false, false, true]
        let (values, basis) = try #require(try extended(old, oldBasic, new, oldBasic + [false, true]))
        #expect(values == [q("10")])
        #expect(basis.value[6] == q("30"))
    }

    /// x + y ≤ 10 (slack s) and x - y == 2 required, y == 50 soft (row 2): the basis {x, y, n₂} with s at 0 is a
    /// core of two rows, x = 6, y = 4, n₂ = 46 (basic and costed, so the certification keeps the core's inverse for
    /// its duals). Columns: x 0, y 1, s 2, p₂ 3, n₂ 4, then the edit's p₃ 5, n₃ 6.
    /// The edit x == 30 above it (row 3, level 0): n₃ = 24. Level 0's duals: y₃ = 1, then the core's columns x:
    /// y₀ + y₁ + y₃ = 0 and y: y₀ - y₁ = 0 (row 2's dual is 0 at this level), so y₀ = y₁ = -1/2; s's reduced cost
    /// 0 - y₀ = 1/2, p₃'s 1 + 1 = 2: accepted. The edit x == -30 instead: p₃ = 36, y₃ = -1, y₀ = y₁ = 1/2, and s's
    /// reduced cost -1/2 < 0 (loosening x + y ≤ 10 lets x fall toward -30): refused, which only the core's duals
    /// show. Without row 2 no level needs the old core's duals, its factor keeps no inverse, and the new rows'
    /// duals, which reach the core, are left to a new certificate.
    @Test func dualsThroughTheCoreUseTheKeptFactor() throws {
        let x: Row = ([(0, "1"), (1, "1")], "-10", .lessOrEqual, -1), d: Row = ([(0, "1"), (1, "-1")], "-2", .equal, -1)
        let old = BasisCertificate(handWritten: [x, d, ([(1, "1")], "-50", .equal, 0)], variables: 2, levels: 1)
        func new(_ c: String) -> BasisCertificate<Q> {
            BasisCertificate(handWritten: [x, d, ([(1, "1")], "-50", .equal, 1), ([(0, "1")], c, .equal, 0)], variables: 2, levels: 2)
        }
        let oldBasic = [true, true, false, false, true]
        let (values, basis) = try #require(try extended(old, oldBasic, new("-30"), oldBasic + [false, true]))
        #expect(values == [q("6"), q("4")])
        #expect(basis.value[6] == q("24"))
        #expect(try extended(old, oldBasic, new("30"), oldBasic + [true, false]) == nil)

        let bare = BasisCertificate(handWritten: [x, d], variables: 2, levels: 0)
        let bareNew = BasisCertificate(handWritten: [x, d, ([(0, "1")], "-30", .equal, 0)], variables: 2, levels: 1)
        #expect(try extended(bare, [true, true, false], bareNew, [true, true, false, false, true]) == nil)
    }

    /// Through the solver: x == 10 required, x + y == 50 at 500, an edit on x at 999. Its first value, 30, leaves it
    /// unmet (n = 20, x = 10, y = 40): the kept basis with the edit's row added, no new certificate; 40 moves n
    /// alone (n = 30), at the same basis; 5 turns the error around (p = 5 basic), a basis certified again.
    @Test func aPinnedEditsFirstValueKeepsTheBasis() throws {
        let s = ExactSolver.proposingEverySolve()
        try s.add(.integer([(0, 1)], -10, .equal), id: ConstraintID(0))
        try s.add(.integer([(0, 1), (1, 1)], -50, .equal, priority: Priority(500)), id: ConstraintID(1))
        try s.addEditVariable(VariableID(0), priority: Priority(999))
        _ = try s.solve()
        #expect(s.counters.withoutTableau == 1, "the test's premise: the first solve is certified")
        for (step, value) in [30, 40, 5].enumerated() {
            try s.suggest(Rational(value), for: VariableID(0))
            _ = try s.solve()
            #expect(s.value(of: VariableID(0)) == .exact(Rational(10)))
            #expect(s.value(of: VariableID(1)) == .exact(Rational(40)))
            #expect(s.counters.unmetRowsAdded == 1, "step \(step)")
        }
        #expect(s.counters.keptBasisAnswers == 1 && s.counters.keptCertificateAnswers == 2)
    }
}
