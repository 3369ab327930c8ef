import ExactBackend
import CassowaryBackend
import PlumbSolver
import PlumbSystem
import Testing

/// The floating-point proposer and the exact certificate: answers derived by hand in each test's comment, and the
/// proposal counters (whether the exact check accepted the proposed basis or had to pivot on).
@Suite struct ProposalTests {
    func r(_ text: String) -> Rational { try! Rational(parsing: text) }

    /// `Σ terms + constant RELATION 0`; terms as (variable index, coefficient text).
    func c(_ terms: [(Int, String)], _ constant: String, _ relation: Relation, _ priority: Priority = .required)
        -> LinearConstraint {
        var e = LinearExpression(constant: r(constant))
        for (i, coefficient) in terms { try! e.add(VariableID(i), r(coefficient)) }
        return LinearConstraint(e, relation, priority: priority)
    }

    func value(_ s: ExactSolver, _ i: Int) -> SolvedValue { s.value(of: VariableID(i)) }
    func exact(_ text: String) -> SolvedValue { .exact(r(text)) }

    /// Found by `bench fuzz` (seed 21, system 249550, shrunk): adopting the proposed basis pivoted out a required
    /// equality's marker that phase 1 had yet to bring to 0, and dropped its column, so x2 = 13 was lost and the
    /// answer broke a required row by 68/19. By hand: r9 gives x2 = 13 (r8 holds, 39 − 24 ≥ 0); r2 @999 holds with
    /// x3 = −27; r3 leaves x5 ≤ 27 and r14 @500 wants x5 ≥ 64/3, so every level is met and x5 ranges over
    /// [64/3, 27].
    @Test func adoptingAProposalKeepsEveryRequiredRow() throws {
        let s = ExactSolver.proposingEverySolve()
        try s.add(c([(2, "2"), (3, "-2")], "-80", .equal, 999), id: ConstraintID(0))
        try s.add(c([(2, "3"), (3, "2"), (5, "2")], "-39", .lessOrEqual), id: ConstraintID(1))
        try s.add(c([(2, "3")], "-24", .greaterOrEqual), id: ConstraintID(2))
        try s.add(c([(2, "-2")], "26", .equal), id: ConstraintID(3))
        try s.add(c([(2, "-2"), (5, "3")], "-38", .greaterOrEqual, 500), id: ConstraintID(4))
        _ = try s.solve()
        #expect(value(s, 2) == exact("13"))
        #expect(value(s, 3) == exact("-27"))
        let x5 = try #require(s.exactValue(of: VariableID(5)))
        #expect(x5 >= ExactRational("64/3")! && x5 <= ExactRational("27")!)
        let ranges = try s.ambiguousVariables(among: [VariableID(5)])
        #expect(ranges.first?.minimum == exact("64/3") && ranges.first?.maximum == exact("27"))
    }

    /// left (x0) == 8, right (x2) == left + width (x1), right <= 100 required; width == 120 @750, width >= 50 @250.
    /// width can reach at most 100 - 8 = 92, so the 750 level's optimum is |92 - 120| = 28 at width 92, right 100;
    /// the 250 level is then met. The float basis is exactly optimal: accepted with no exact iteration, on the
    /// original rows (`BasisCertificate`, no tableau for the soft rows).
    @Test func certificateAcceptsAnOptimalProposal() throws {
        let s = ExactSolver.proposingEverySolve()
        try s.add(c([(0, "1")], "-8", .equal), id: ConstraintID(0))
        try s.add(c([(2, "1"), (0, "-1"), (1, "-1")], "0", .equal), id: ConstraintID(1))
        try s.add(c([(2, "1")], "-100", .lessOrEqual), id: ConstraintID(2))
        try s.add(c([(1, "1")], "-120", .equal, .high), id: ConstraintID(3))
        try s.add(c([(1, "1")], "-50", .greaterOrEqual, .low), id: ConstraintID(4))
        _ = try s.solve()
        #expect(value(s, 0) == exact("8"))
        #expect(value(s, 1) == exact("92"))
        #expect(value(s, 2) == exact("100"))
        let counts = s.counters
        #expect(counts.proposals == 1 && counts.certified == 1 && counts.fallbackIterations == 0)
        #expect(counts.fromProposer == 1 && counts.withoutTableau == 1)

        // A constant change keeps the basis (the rows go into the engine first, at the certified basis): right <= 90 gives width 82 (violation 38), still exact.
        try s.setConstant(r("-90"), of: ConstraintID(2))
        _ = try s.solve()
        #expect(value(s, 1) == exact("82"))
        #expect(value(s, 2) == exact("90"))
    }

    /// x0 == 1/3 (as 3·x0 == 1) required; x1 == x0 + 1/7 @750; x1 >= 1 @250. The 750 row holds exactly at
    /// x1 = 1/3 + 1/7 = 10/21, and the 250 row cannot move it. Values that no float holds exactly, read off the
    /// exact basis.
    @Test func thirdsAndSeventhsComeOutExact() throws {
        let s = ExactSolver.proposingEverySolve()
        try s.add(c([(0, "3")], "-1", .equal), id: ConstraintID(0))
        try s.add(c([(1, "1"), (0, "-1")], "-1/7", .equal, .high), id: ConstraintID(1))
        try s.add(c([(1, "1")], "-1", .greaterOrEqual, .low), id: ConstraintID(2))
        _ = try s.solve()
        #expect(value(s, 0) == exact("1/3"))
        #expect(value(s, 1) == exact("10/21"))
        #expect(s.counters.proposals == 1)
        #expect(s.counters.certified == 1)
    }

    /// x + (1 + 10⁻¹²)·y == 1 required; y == 0 and x == 0 both @250. Minimising |x| + |y|: moving one unit of the
    /// solution from x to y changes the sum by 1 - (1 + 10⁻¹²) = -10⁻¹², so the optimum puts it all on y:
    /// x = 0, y = 1/(1 + 10⁻¹²) = 10¹²/(10¹² + 1), sum 10¹²/(10¹² + 1) < 1. The floating-point proposal (Cassowary's
    /// basis) cannot see a reduced cost of 10⁻¹² (below its tolerance) and stops at x = 1, y = 0; the exact check must
    /// reject that basis and pivot on to the exact optimum.
    @Test func tinyReducedCostFallsBackToExactPivots() throws {
        for proposer in [true, false] {
            let s = ExactSolver.proposingEverySolve()
            s.usesProposer = proposer
            try s.add(c([(0, "1"), (1, "1.000000000001")], "-1", .equal), id: ConstraintID(0))
            try s.add(c([(1, "1")], "0", .equal, .low), id: ConstraintID(1))
            try s.add(c([(0, "1")], "0", .equal, .low), id: ConstraintID(2))
            _ = try s.solve()
            #expect(value(s, 0) == exact("0"))
            #expect(value(s, 1) == exact("1000000000000/1000000000001"))
            if proposer {
                let counts = s.counters
                #expect(counts.proposals == 1 && counts.certified == 0 && counts.fallbackIterations > 0)
                #expect(counts.fromProposer == 1)
            } else {
                #expect(s.counters.proposals == 0)
            }
        }
    }

    /// 10⁻⁸·x0 == 1 and x1 <= 3 required; x1 == 5 @750; x2 == x1 + 1/3 @250. By hand: x0 = 10⁸, x1 = 3 (the 750 row
    /// violated by 2, the least the bound allows), x2 = 10/3. Cassowary refuses a coefficient of 10⁻⁸ (outside its
    /// floating-point range), so the floating-point copy of the exact tableau proposes instead, and its basis is
    /// certified as it stands.
    @Test func theTableauCopyProposesWhereCassowaryRefuses() throws {
        let s = ExactSolver.proposingEverySolve()
        try s.add(c([(0, "0.00000001")], "-1", .equal), id: ConstraintID(0))
        try s.add(c([(1, "1")], "-3", .lessOrEqual), id: ConstraintID(1))
        try s.add(c([(1, "1")], "-5", .equal, .high), id: ConstraintID(2))
        try s.add(c([(2, "1"), (1, "-1")], "-1/3", .equal, .low), id: ConstraintID(3))
        _ = try s.solve()
        #expect(value(s, 0) == exact("100000000"))
        #expect(value(s, 1) == exact("3"))
        #expect(value(s, 2) == exact("10/3"))
        let counts = s.counters
        #expect(counts.proposals == 1 && counts.fromProposer == 0)
        #expect(counts.certified == 1 && counts.fallbackIterations == 0)
    }

    /// The 10⁻¹² system above with the tie exact: x + y == 1, y == 0 and x == 0 @250. Every split of the unit
    /// costs 1, so the optimum value is 1 and both x and y range over [0, 1] on the optimal face; whichever vertex
    /// is reported, the proposal is exactly optimal (a zero reduced cost is not improving) and x + y == 1 holds
    /// exactly.
    @Test func exactTieIsAcceptedAndAmbiguous() throws {
        let s = ExactSolver.proposingEverySolve()
        try s.add(c([(0, "1"), (1, "1")], "-1", .equal), id: ConstraintID(0))
        try s.add(c([(1, "1")], "0", .equal, .low), id: ConstraintID(1))
        try s.add(c([(0, "1")], "0", .equal, .low), id: ConstraintID(2))
        _ = try s.solve()
        guard case .exact(let x) = value(s, 0), case .exact(let y) = value(s, 1) else {
            Issue.record("non-exact values")
            return
        }
        #expect(try x + y == r("1"))
        #expect(s.counters.certified == 1)
        let ambiguous = try s.ambiguousVariables(among: nil)
        #expect(ambiguous.count == 2)
        for a in ambiguous {
            #expect(a.minimum == exact("0"))
            #expect(a.maximum == exact("1"))
        }
    }

    /// left (x0) >= 0, right (x2) == left + width (x1), right <= 100 required; left == 10 @750; width edited at 999.
    /// Suggest 50 → left 10, right 60; 80 → left 10, right 90 (the same basis: the suggestion keeps the optimum);
    /// 95 → right would be 105, so left gives way (750 < 999): left 5, right 100; 120 → left cannot go below 0, so
    /// width stops at 100 (the edit is violated by 20): left 0, right 100; 30 → left 10, right 40 again.
    /// Between a suggestion and the next solve(), values are the last solve's and ambiguity asks for solve() first;
    /// after it, nothing is ambiguous (each value is pinned by a level or a bound).
    @Test func suggestionsKeepOrLeaveTheOptimum() throws {
        let s = ExactSolver.proposingEverySolve()
        try s.add(c([(0, "1")], "0", .greaterOrEqual), id: ConstraintID(0))
        try s.add(c([(2, "1"), (0, "-1"), (1, "-1")], "0", .equal), id: ConstraintID(1))
        try s.add(c([(2, "1")], "-100", .lessOrEqual), id: ConstraintID(2))
        try s.add(c([(0, "1")], "-10", .equal, .high), id: ConstraintID(3))
        try s.addEditVariable(VariableID(1), priority: 999)
        _ = try s.solve()
        for (width, left, actualWidth, right) in [("50", "10", "50", "60"), ("80", "10", "80", "90"),
                                                  ("95", "5", "95", "100"), ("120", "0", "100", "100"),
                                                  ("30", "10", "30", "40")] {
            let before = value(s, 2)
            try s.suggest(r(width), for: VariableID(1))
            #expect(value(s, 2) == before)
            #expect(throws: SolverError.self) { _ = try s.ambiguousVariables(among: nil) }
            _ = try s.solve()
            #expect(value(s, 0) == exact(left))
            #expect(value(s, 1) == exact(actualWidth))
            #expect(value(s, 2) == exact(right))
            // Every value is determined (ranging pivots; the next round must still start from the right prices).
            #expect(try s.ambiguousVariables(among: nil).isEmpty)
        }
    }
}
