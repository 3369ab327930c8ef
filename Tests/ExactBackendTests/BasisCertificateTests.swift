@testable import ExactBackend
import CassowaryBackend
import PlumbSolver
import PlumbSystem
import PlumbTestSupport
import Testing

/// `BasisCertificate` on bases chosen by hand: values, feasibility and each level's reduced costs derived in each
/// test's comment; then the solver's path that uses it (a first solve certified on the original rows, without a
/// tableau, and the rows put in the engine when something needs them).
@Suite struct BasisCertificateTests {
    typealias Q = ExactRational
    typealias Row = HandWrittenRow

    func q(_ text: String) -> Q { ExactRational(text)! }

    /// Rows over variables 0..<variables; level -1 is required.
    func certificate(_ rows: [Row], variables: Int, levels: Int) -> BasisCertificate<Q> {
        BasisCertificate(handWritten: rows, variables: variables, levels: levels)
    }

    /// A solver that asks for a proposal at every solve, given the equalities `Σ a·v + constant == 0` in order (ids
    /// 0, 1, …), then solved.
    func solvedWithProposals(_ rows: [(terms: [(Int, Int)], constant: Int, priority: Priority)]) throws -> ExactSolver {
        let s = ExactSolver.proposingEverySolve()
        for (id, row) in rows.enumerated() {
            var e = LinearExpression(constant: Rational(row.constant))
            for (v, a) in row.terms { try e.add(VariableID(v), Rational(a)) }
            try s.add(LinearConstraint(e, .equal, priority: row.priority), id: ConstraintID(id))
        }
        _ = try s.solve()
        return s
    }

    /// x + y ≤ 10 and x - y == 2 required (variables 0, 1), x == 100 @ level 0 (row 2: `x - 100 = p - n`).
    /// Columns: x 0, y 1, the slack s of row 0 is 2, p 3, n 4. The basis {x, y, n} is a core of two rows (no row
    /// has a single unknown): x = 6, y = 4 (x + y = 10 tight), n = 94. Duals: n's column gives y₂ = 1; x and y give
    /// y₀ + y₁ + y₂ = 0 and y₀ - y₁ = 0, so y₀ = y₁ = -1/2. Reduced costs: s 0 - y₀ = 1/2 ≥ 0, p 1 + y₂ = 2 ≥ 0:
    /// optimal, x = 6, y = 4 (the violation 94 is least: x cannot pass 6).
    @Test func aCoreBasisIsSolvedAndAccepted() throws {
        let c = certificate([([(0, "1"), (1, "1")], "-10", .lessOrEqual, -1),
                             ([(0, "1"), (1, "-1")], "-2", .equal, -1),
                             ([(0, "1")], "-100", .equal, 0)], variables: 2, levels: 1)
        #expect(c.columnCount == 5)
        let values = try #require(c.certify(basic: [true, true, false, false, true]))
        #expect(values == [q("6"), q("4")])
        let order = c.triangularOrder(basic: [true, true, false, false, true])
        #expect(order.coreRows.count == 2)
    }

    /// The same rows with x == -100 instead: now x can fall to -100 (y = -102, x + y = -202 ≤ 10), so the basis
    /// {x, y, p} with the slack at 0 (x = 6, p = 106) is feasible but not optimal: p's column gives y₂ = -1, then
    /// y₀ = y₁ = 1/2, and the slack's reduced cost is -1/2 < 0 (loosening x + y ≤ 10 lowers the violation).
    /// Rejected; the basis {x, y, s} with p at 0 instead is optimal: x = -100, y = -102, s = 212.
    @Test func anImprovableBasisIsRejected() throws {
        let c = certificate([([(0, "1"), (1, "1")], "-10", .lessOrEqual, -1),
                             ([(0, "1"), (1, "-1")], "-2", .equal, -1),
                             ([(0, "1")], "100", .equal, 0)], variables: 2, levels: 1)
        #expect(c.certify(basic: [true, true, false, true, false]) == nil)
        let values = try #require(c.certify(basic: [true, true, true, false, false]))
        #expect(values == [q("-100"), q("-102")])
    }

    /// x ≤ 5 required, x == 10 @ level 0: the basis {x from the soft row, s} puts x = 10 and s = 5 - 10 < 0,
    /// infeasible: rejected. {x, n} with the slack at 0 (x = 5, n = 5) is feasible and optimal: s's reduced cost is
    /// 1 (n's dual 1 through x's column), p's is 2.
    @Test func anInfeasibleBasisIsRejected() throws {
        let c = certificate([([(0, "1")], "-5", .lessOrEqual, -1), ([(0, "1")], "-10", .equal, 0)],
                            variables: 1, levels: 1)
        // Columns: x 0, s 1, p 2, n 3.
        #expect(c.certify(basic: [true, true, false, false]) == nil)
        #expect(try #require(c.certify(basic: [true, false, false, true])) == [q("5")])
    }

    /// Two levels: x == 10 @ level 0 (row 0: x - 10 = p₀ - n₀) and x == 20 @ level 1 (row 1: x - 20 = p₁ - n₁).
    /// Columns: x 0, p₀ 1, n₀ 2, p₁ 3, n₁ 4. The basis {x, p₀} puts x = 20 (row 1 held) and p₀ = 10: level 0's
    /// duals are y₀ = -1 (p₀'s column) and y₁ = 1 (x's), so n₁'s reduced cost is 0 - y₁ = -1 < 0: rejected, level 0
    /// can improve. The basis {x, n₁} puts x = 10 and n₁ = 10: level 0's duals are 0, so p₀ and n₀ (reduced cost
    /// 1) are fixed; level 1's are y₁ = 1, y₀ = -1, and p₁'s reduced cost 1 + y₁ = 2 ≥ 0: accepted.
    @Test func levelsAreCheckedInOrder() throws {
        let c = certificate([([(0, "1")], "-10", .equal, 0), ([(0, "1")], "-20", .equal, 1)], variables: 1, levels: 2)
        #expect(c.certify(basic: [true, true, false, false, false]) == nil)
        #expect(try #require(c.certify(basic: [true, false, false, false, true])) == [q("10")])
    }

    /// The single-level chain of the reference notes at N = 50, solved with Cassowary proposing: x₀ = 8,
    /// xᵢ = xᵢ₋₁ + wᵢ₋₁ + 8, wᵢ = w₀, and x₄₉ + w₄₉ = W - 8 with W = 83·50 + 9, all required; wᵢ ≥ `least` @500. By
    /// hand all widths are one w with 8 + 49(w + 8) + w = 83·50 + 1, so w = 75 + 1/50 = 3751/50 (the required rows
    /// alone fix it). x_i is variable 2i, w_i is 2i + 1.
    func solvedChain(least: Int) throws -> ExactSolver {
        let n = 50, s = ExactSolver.proposingEverySolve()
        var id = 0
        func add(_ terms: [(Int, Int)], _ constant: Int, _ relation: Relation, _ priority: Priority = .required) throws {
            try s.add(.integer(terms, constant, relation, priority: priority), id: ConstraintID(id))
            id += 1
        }
        try add([(0, 1)], -8, .equal)
        for i in 1..<n {
            try add([(2 * i, 1), (2 * i - 2, -1), (2 * i - 1, -1)], -8, .equal)
            try add([(2 * i + 1, 1), (1, -1)], 0, .equal)
        }
        try add([(2 * n - 2, 1), (2 * n - 1, 1)], -(83 * n + 9 - 8), .equal)
        for i in 0..<n { try add([(2 * i + 1, 1)], -least, .greaterOrEqual, Priority(500)) }
        _ = try s.solve()
        return s
    }

    /// The chain with wᵢ ≥ 80 @500, every soft row violated: its basis has a core of nearly every row (the last row
    /// ties every width), whose inverse, which the duals read, is dense: the certificate leaves it to the engine's own
    /// path, which answers exactly.
    @Test func aLargeCoreIsLeftToTheEngine() throws {
        let s = try solvedChain(least: 80)
        for i in 0..<50 { #expect(s.value(of: VariableID(2 * i + 1)) == .exact(try Rational(3751, 50))) }
        #expect(s.counters.withoutTableau == 0)
        #expect(s.counters.proposals == 1 && s.counters.fromProposer == 1)
    }

    /// The chain with every soft row met: wᵢ ≥ 70 @500 holds at w = 3751/50, so each soft row's `p` (its surplus,
    /// charged nothing for `≥`) is basic and no level charges a basic column. Every level's duals are then 0 and its
    /// reduced costs are its costs, never negative: the core is solved for its values only, in a tableau without the
    /// inverse (no dense columns), and the answer is certified without a tableau. (With the core capped as when
    /// duals are needed, about a hundred of 150 rows, the solve fell back.)
    @Test func aLargeCoreWithoutDualsIsCertified() throws {
        let s = try solvedChain(least: 70)
        for i in 0..<50 {
            #expect(s.value(of: VariableID(2 * i + 1)) == .exact(try Rational(3751, 50)))
            // x_i = 8 + i(w + 8)
            #expect(s.value(of: VariableID(2 * i)) == .exact(try Rational(Int128(8 * 50 + i * (3751 + 400)), 50)))
        }
        #expect(s.counters.withoutTableau == 1)
    }

    /// x == 10 (row 0), y - x == 5 (row 1) and y - x == 5 again (row 2) required, y == 100 @ level 0 (row 3:
    /// `y - 100 = p - n`). Columns: x 0, y 1, p 2, n 3. The basis {x, y, n} has three columns for four rows: row 0
    /// gives x = 10, row 1 y = 15, row 3 n = 85, and row 2, left with no unknown, holds (15 - 10 - 5 = 0): implied.
    /// Duals with row 2's at 0: y₃ = 1 (n's column), y₁ = -1 (y's: y₁ + y₂ + y₃ = 0), y₀ = -1 (x's: y₀ - y₁ - y₂ =
    /// 0); p's reduced cost 1 + y₃ = 2 ≥ 0: optimal. With row 2 `y - x == 6` instead it cannot hold: refused.
    @Test func aRowTheOthersImplyTakesNoColumn() throws {
        func rows(_ last: String) -> [Row] {
            [([(0, "1")], "-10", .equal, -1), ([(1, "1"), (0, "-1")], "-5", .equal, -1),
             ([(1, "1"), (0, "-1")], last, .equal, -1), ([(1, "1")], "-100", .equal, 0)]
        }
        let c = certificate(rows("-5"), variables: 2, levels: 1)
        #expect(c.columnCount == 4)
        let basis = [true, true, false, true]
        #expect(c.triangularOrder(basic: basis).impliedRows.count == 1)
        #expect(try #require(c.certify(basic: basis)) == [q("10"), q("15")])
        #expect(certificate(rows("-6"), variables: 2, levels: 1).certify(basic: basis) == nil)
        // one column short with no row implied: refused
        #expect(c.certify(basic: [true, false, false, true]) == nil)
    }

    /// The same rows with a third required row `y - x == 5` again (row 2, implied), the preference y == 100 now row
    /// 3 (`y + c₃ - p + n = 0`); the basis {x, y, n}: x = 10, y = 15, n = 85. Moving row 0's constant (`x + c₀ = 0`)
    /// by Δ moves x by -Δ, y = x - c₁ by -Δ and n = -c₃ - y by +Δ; the residual y - x + c of rows 1 and 2 not at
    /// all. Of the two equal rows, one solves y and the other is implied: moving the first's constant moves y by -Δ
    /// and n by +Δ, the second's nothing; either way the other no longer holds, so no constant keeps the basis.
    /// Row 3's moves n alone, by -Δ.
    @Test func howTheBasicSolutionMovesWithAConstant() throws {
        let c = certificate([([(0, "1")], "-10", .equal, -1), ([(1, "1"), (0, "-1")], "-5", .equal, -1),
                             ([(1, "1"), (0, "-1")], "-5", .equal, -1), ([(1, "1")], "-100", .equal, 0)],
                            variables: 2, levels: 1)
        let (values, certified) = try #require(c.certifyKeepingBasis(basic: [true, true, false, true]))
        #expect(values == [q("10"), q("15")])
        #expect(certified.value == [q("10"), q("15"), q("0"), q("85")])
        func moves(_ row: Int) throws -> (columns: [Int], by: [Q], implied: Bool) {
            let s = try #require(c.sensitivity(at: certified, ofRow: row))
            return (s.terms.map(\.column), s.terms.map(\.coefficient), s.movesImpliedRow)
        }
        let row0 = try moves(0), row1 = try moves(1), row2 = try moves(2), row3 = try moves(3)
        #expect(row0.columns == [0, 1, 3] && row0.by == [q("-1"), q("-1"), q("1")] && !row0.implied)
        #expect(row1.implied && row2.implied)
        let (solving, implied) = row1.columns.isEmpty ? (row2, row1) : (row1, row2)
        #expect(solving.columns == [1, 3] && solving.by == [q("-1"), q("1")])
        #expect(implied.columns.isEmpty)
        #expect(row3.columns == [3] && row3.by == [q("-1")] && !row3.implied)
    }

    /// Through the solver: Cassowary keeps no row for the repeated equality, and its basis is certified on the
    /// original rows all the same (it was left to the engine before), with the answer derived above.
    @Test func aRedundantRequiredEqualityIsCertifiedWithoutATableau() throws {
        let s = try solvedWithProposals([([(0, 1)], -10, .required), ([(1, 1), (0, -1)], -5, .required),
                                         ([(1, 1), (0, -1)], -5, .required), ([(1, 1)], -100, Priority(500))])
        #expect(s.value(of: VariableID(0)) == .exact(Rational(10)))
        #expect(s.value(of: VariableID(1)) == .exact(Rational(15)))
        #expect(s.counters.withoutTableau == 1)
    }

    /// x + y == 10, x - y == 2 and 3x + y == c required (variables 0, 1), the basis {x, y}: every row holds both
    /// unknowns and each column three rows, so nothing peels and the core is three rows by two columns, refused.
    /// Named implied by the proposer, row 2 is set aside: rows 0 and 1 give x = 6, y = 4, and row 2 is checked at
    /// them, holding for c = 22 (18 + 4) and not for c = 23.
    @Test func anImpliedRowTheProposerNamesLeavesASquareCore() throws {
        func rows(_ c: String) -> [Row] {
            [([(0, "1"), (1, "1")], "-10", .equal, -1), ([(0, "1"), (1, "-1")], "-2", .equal, -1),
             ([(0, "3"), (1, "1")], "-" + c, .equal, -1)]
        }
        let c = certificate(rows("22"), variables: 2, levels: 0)
        let hint = [false, false, true]
        #expect(c.triangularOrder(basic: [true, true]).coreRows.count == 3)
        #expect(c.certify(basic: [true, true]) == nil)
        let order = c.triangularOrder(basic: [true, true], implied: hint)
        #expect(order.impliedRows == [2] && order.coreRows.count + order.forward.count + order.deferred.count == 2)
        #expect(try #require(c.certifyKeepingBasis(basic: [true, true], implied: hint)).values == [q("6"), q("4")])
        #expect(certificate(rows("23"), variables: 2, levels: 0).certifyKeepingBasis(basic: [true, true],
                                                                                      implied: hint) == nil)
    }

    /// Through the solver, the rows above (c = 22) with y == 100 @500: Cassowary keeps no row for the third equality
    /// (it reduces to 0 = 0) and reports it implied, so its basis is certified on the original rows: x = 6, y = 4.
    @Test func anImpliedEqualityInACycleIsCertifiedWithoutATableau() throws {
        let s = try solvedWithProposals([([(0, 1), (1, 1)], -10, .required), ([(0, 1), (1, -1)], -2, .required),
                                         ([(0, 3), (1, 1)], -22, .required), ([(1, 1)], -100, Priority(500))])
        #expect(s.value(of: VariableID(0)) == .exact(Rational(6)))
        #expect(s.value(of: VariableID(1)) == .exact(Rational(4)))
        #expect(s.counters.withoutTableau == 1)
    }

    /// A singular basis (x and y only ever as x + y) is refused, not divided by zero.
    @Test func aSingularBasisIsRefused() {
        let c = certificate([([(0, "1"), (1, "1")], "-1", .equal, -1), ([(0, "2"), (1, "2")], "-2", .equal, -1)],
                            variables: 2, levels: 0)
        #expect(c.certify(basic: [true, true]) == nil)
    }
}

/// The certificate path against the exact engine alone: random prioritized systems (small integer coefficients,
/// all three relations, priorities with near ties) solved by the default solver, whose first solve is certified on
/// the original rows when Cassowary's basis passes, and by `ExactPivotingSolver`, which never asks a floating-point
/// solver. The optimum of each level is unique, so each level's exact sum of violations must be equal, and
/// feasibility too; Cassowary cannot make them agree, since it is the certificate alone that accepts its basis here.
@Suite struct CertificateAgainstExactPivoting {
    @Test func levelSumsAgreeOnRandomSystems() throws {
        var random = SplitMix64(seed: 4)
        let priorities: [Priority] = [.required, .required, .required, Priority(999), Priority(750), Priority(749),
                                      Priority(500), Priority(250), Priority(1)]
        var certified = 0
        for _ in 0..<400 {
            let constraints = try randomPrioritizedSystem(&random, variables: (2, 6), rows: (2, 10), priorities: priorities)
            let fast = ExactSolver.proposingEverySolve(), reference = ExactPivotingSolver()
            var accepted: [LinearConstraint] = []
            for (k, c) in constraints.enumerated() {
                let a = Result { () throws(SolverError) in try fast.add(c, id: ConstraintID(k)) }
                let b = Result { () throws(SolverError) in try reference.add(c, id: ConstraintID(k)) }
                let fastAccepted = (try? a.get()) != nil, referenceAccepted = (try? b.get()) != nil
                #expect(fastAccepted == referenceAccepted, "constraint \(k) accepted by one solver only")
                if fastAccepted { accepted.append(c) }
            }
            _ = try fast.solve()
            _ = try reference.solve()
            if fast.counters.withoutTableau > 0 { certified += 1 }
            let a = levelSums(fast, accepted), b = levelSums(reference, accepted)
            #expect(a == b, "level sums differ: \(a) vs \(b) for \(accepted)")
            #expect(a[.required] ?? .zero == .zero)
        }
        #expect(certified > 100, "the certificate path ran on \(certified) of 400 systems")
    }
}
