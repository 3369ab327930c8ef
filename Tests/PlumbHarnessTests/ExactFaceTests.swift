import PlumbTestSupport
import Testing
import PlumbSystem
import PlumbSolver
import PlumbBatch
import PlumbCorpus
@testable import ExactBackend
import PlumbBackEnds

/// The exact back end's optimal face through changes (`SimplexEngine+Fixings.swift`): a change of constants that moves
/// the optimum past a bound finds it again with the level fixings held, and a change that undoes the fixings has the
/// next solve look again only at what it released and what changed.
@Suite struct ExactFaceTests {
    func r(_ text: String) -> Rational { try! Rational(parsing: text) }

    func exactValue(_ s: ExactSolver, _ i: Int) throws -> Rational {
        guard case .exact(let value) = s.value(of: VariableID(i)) else { throw Failure("variable \(i) is not exact") }
        return value
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// W (edited, at 750) = a + b with 0 ≤ a, b ≤ 100 required, and no soft row on a or b. At W = 50 one of a, b sits
    /// on 0 (the optimum has one of the two lower bounds' slacks nonbasic: the upper bounds are slack), the other is
    /// 50. W = 150 puts the other at 150, past 100: infeasible; but the slack on 0 costs nothing at any level, so
    /// raising it to 50 is a feasible point with W's error still 0, on the same face: no level is solved again.
    /// W = 250 cannot be met (a + b ≤ 200): the face is left, and the optimum is W = 200, a = b = 100 (unique).
    @Test("a suggestion past a bound that a cost-free column absorbs keeps the optimal face")
    func suggestionKeepsTheFace() throws {
        let s = ExactSolver()
        try s.add(try .integer([(1, 1), (2, 1), (0, -1)], 0, .equal), id: ConstraintID(0))
        try s.add(try .integer([(1, 1)], 0, .greaterOrEqual), id: ConstraintID(1))
        try s.add(try .integer([(2, 1)], 0, .greaterOrEqual), id: ConstraintID(2))
        try s.add(try .integer([(1, 1)], -100, .lessOrEqual), id: ConstraintID(3))
        try s.add(try .integer([(2, 1)], -100, .lessOrEqual), id: ConstraintID(4))
        try s.addEditVariable(VariableID(0), priority: .high)
        try s.suggest(r("50"), for: VariableID(0))
        _ = try s.solve()
        #expect(try exactValue(s, 0) == r("50"))
        let (a0, b0) = (try exactValue(s, 1), try exactValue(s, 2))
        #expect(min(a0, b0) == .zero)

        let before = s.counters
        try s.suggest(r("150"), for: VariableID(0))
        _ = try s.solve()
        let a = try exactValue(s, 1), b = try exactValue(s, 2)
        #expect(try exactValue(s, 0) == r("150"))
        let sum = try a + b
        #expect(sum == r("150") && a >= r("50") && a <= r("100") && b >= r("50") && b <= r("100"), "a = \(a), b = \(b)")
        #expect(s.counters.changesOnFace == before.changesOnFace + 1)
        #expect(s.counters.fixingExaminations == before.fixingExaminations, "a level was solved again")

        try s.suggest(r("250"), for: VariableID(0))
        _ = try s.solve()
        let clamped = (try exactValue(s, 0), try exactValue(s, 1), try exactValue(s, 2))
        #expect(clamped == (r("200"), r("100"), r("100")))
        #expect(s.counters.changesOnFace == before.changesOnFace + 1)
        #expect(s.counters.fixingExaminations > before.fixingExaminations, "the face was left without solving a level")
    }

    /// a + b == 150 with 0 ≤ a, b ≤ 100 and c ≤ a required, and c == 40 @250. The optimum: c = 40 (a is at least 50),
    /// and a, b anywhere on the segment; a basis has one of the two upper bounds' slacks nonbasic at 0 (a = 100 or
    /// b = 100), and that slack costs nothing at the level (moving it moves a and b, not c). Raising both lower bounds
    /// to 60 makes the variable at 50 infeasible once: phase 1 with the fixings held moves the free slack, and the
    /// optimum is found again on its face, with no level solved again: c = 40, a + b = 150, both within [60, 90].
    @Test("constant changes of required inequalities that keep the face need no level solved again")
    func constantChangesKeepTheFace() throws {
        let s = ExactSolver()
        try s.add(try .integer([(1, 1), (2, 1)], -150, .equal), id: ConstraintID(0))
        try s.add(try .integer([(1, 1)], 0, .greaterOrEqual), id: ConstraintID(1))
        try s.add(try .integer([(2, 1)], 0, .greaterOrEqual), id: ConstraintID(2))
        try s.add(try .integer([(1, 1)], -100, .lessOrEqual), id: ConstraintID(3))
        try s.add(try .integer([(2, 1)], -100, .lessOrEqual), id: ConstraintID(4))
        try s.add(try .integer([(3, 1), (1, -1)], 0, .lessOrEqual), id: ConstraintID(5))
        try s.add(try .integer([(3, 1)], -40, .equal, priority: .low), id: ConstraintID(6))
        _ = try s.solve()
        let (a0, b0, c0) = (try exactValue(s, 1), try exactValue(s, 2), try exactValue(s, 3))
        #expect(c0 == r("40") && max(a0, b0) == r("100"))

        let before = s.counters
        try s.setConstant(r("-60"), of: ConstraintID(1))
        try s.setConstant(r("-60"), of: ConstraintID(2))
        _ = try s.solve()
        let a = try exactValue(s, 1), b = try exactValue(s, 2)
        #expect(try exactValue(s, 3) == r("40"))
        let sum = try a + b
        #expect(sum == r("150") && a >= r("60") && a <= r("90") && b >= r("60") && b <= r("90"), "a = \(a), b = \(b)")
        #expect(s.counters.changesOnFace == before.changesOnFace + 1)
        #expect(s.counters.fixingExaminations == before.fixingExaminations, "a level was solved again")
        #expect(s.counters.rebuilds == before.rebuilds)
    }

    /// A change that undoes the fixings (a view's soft rows removed and added back) has the next solve mark as
    /// candidates only the released columns that no level fixes again; undoing them eagerly looked at every released
    /// column at every level (the layout has several). The answer is checked against a fresh `exact-pivot` solve.
    @Test("re-solving after a view's soft rows come and go looks at few released columns", arguments: [200, 800])
    func releasedFixingsAreLookedAtOnce(size: Int) throws {
        let system = try Family.app.generate(size: size, rounds: 0).linearSystem()
        let s = ProposedExactSolver()
        try SystemRunner.build(system, into: s)
        _ = try s.solve()
        // (the first change puts the rows into the engine; the second is the one measured)
        try s.setConstant(system.constraints[0].constant, of: ConstraintID(0))
        _ = try s.solve()
        let softRows = system.constraints.indices.filter { !system.constraints[$0].priority.isRequired }
        let soft = softRows[softRows.count / 2 ..< softRows.count / 2 + 3]
        let before = s.counters
        for k in soft { try s.remove(ConstraintID(k)) }
        _ = try s.solve()
        for k in soft { try s.add(system.constraints[k], id: ConstraintID(k)) }
        _ = try s.solve()
        let examined = s.counters.fixingExaminations - before.fixingExaminations
        let checked = s.counters.releasedCandidateChecks - before.releasedCandidateChecks
        #expect(examined > 0)
        #expect(checked * 4 < examined, "\(checked) released columns looked at as candidates, \(examined) for fixing")

        let reference = ExactPivotingSolver()
        for (k, constraint) in system.constraints.enumerated() { try reference.add(constraint, id: ConstraintID(k)) }
        _ = try reference.solve()
        let ours = try exactLevelSums(system.constraints, at: exactValues(of: s))
        let theirs = try exactLevelSums(system.constraints, at: exactValues(of: reference))
        #expect(ours.required == .zero && ours.levels == theirs.levels)
    }
}
