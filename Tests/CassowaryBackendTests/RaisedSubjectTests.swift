import Testing
import PlumbSystem
import PlumbSolver
@testable import CassowaryBackend

/// A required row whose variables are all basic already is solved for a slack or error that can rise to the value
/// the row asks (every restricted row it appears in stays feasible) instead of going through phase 1; one that would
/// push other rows below zero rises all the same when the dual simplex can repair them (journaled); a row whose
/// constant cancels to 0 takes any slack at 0. Phase 1 still decides when none of these applies or the repair fails.
/// The work is pinned (which path), and the values derived by hand.
@Suite("Subjectless adds raise a slack instead of phase 1")
struct RaisedSubjectTests {
    @Test("x >= 10 then x == 15: the slack of the first rises to 5")
    func slackRises() throws {
        let s = CassowarySolver()
        try s.add(constraint([(0, 1)], -10, .greaterOrEqual), 0)  // x = 10 + s1
        try s.add(constraint([(0, 1)], -15, .equal), 1)           // s1 - 5 = 0: no external left
        s.solved()
        #expect(s.val(0) == 15)
        #expect(s.counters.raisedSubjects == 1)
        #expect(s.counters.phaseOneAdds == 0)
        #expect(s.invariantReport().isEmpty)
    }

    @Test("a slack that would push another row below zero is not raised; phase 1 refuses the conflict")
    func conflictStillRefused() throws {
        let s = CassowarySolver()
        try s.add(constraint([(0, 1)], -10, .greaterOrEqual), 0)  // x >= 10
        try s.add(constraint([(0, 1)], -12, .lessOrEqual), 1)     // x <= 12: its slack row is 2 - s1
        let error = thrown { () throws(SolverError) in try s.add(constraint([(0, 1)], -15, .equal), 2) }  // x == 15
        guard case .unsatisfiable(let id, let others)? = error else {
            Issue.record("expected a conflict, got \(String(describing: error))")
            return
        }
        #expect(id == ConstraintID(2))
        #expect(others.map(Set.init) == [ConstraintID(1)])
        #expect(s.counters.raisedSubjects == 0)
        #expect(s.counters.phaseOneAdds == 1)
        // the solver is as before: x == 11 fits, through the raised slack this time
        try s.add(constraint([(0, 1)], -11, .equal), 3)
        s.solved()
        #expect(s.val(0) == 11)
        #expect(s.counters.raisedSubjects == 1)
    }

    @Test("an error symbol rises too, and the soft constraint it measures keeps its optimum")
    func errorRises() throws {
        let s = CassowarySolver()
        try s.add(pin(0, 100, .medium), 0)                        // x == 100 @500: x = 100 + e+ - e-
        try s.add(constraint([(1, 1), (0, -1)], 0, .equal), 1)    // y == x
        try s.add(constraint([(1, 1)], -40, .equal), 2)           // y == 40: only error symbols remain
        s.solved()
        #expect(s.val(0) == 40)
        #expect(s.val(1) == 40)
        #expect(s.counters.phaseOneAdds == 0)
        #expect(s.counters.raisedSubjects == 1)
        // removing the pin of y frees x back to its soft value
        try s.remove(2)
        s.solved()
        #expect(s.val(0) == 100)
        #expect(s.val(1) == 100)
        #expect(s.invariantReport().isEmpty)
    }

    @Test("a raised slack that pushes another row below zero is repaired by the dual simplex, not phase 1")
    func repairedRaise() throws {
        let s = try xAboveTenZBelowXMinusTwelve()
        let before = s.counters
        // x == 15: the slack of x >= 10 rises to 5, which takes the slack of x - z <= 12 to -3; one dual pivot
        // raises z to 3 (by hand: z >= x - 12 = 3, and z as small as the weak pin asks)
        try s.add(pin(0, 15), 4)
        s.solved()
        #expect(s.val(0) == 15)
        #expect(s.val(1) == 3)
        #expect(s.counters.phaseOneAdds == before.phaseOneAdds)
        #expect(s.counters.raisedSubjects == before.raisedSubjects + 1)
        #expect(s.counters.dualPivots > before.dualPivots)
        #expect(s.invariantReport().isEmpty)
    }

    @Test("a repair that fails is rolled back, and phase 1 refuses the conflict; the solver is as before")
    func failedRepairRefused() throws {
        let s = try xAboveTenZBelowXMinusTwelve()
        try s.add(constraint([(1, 1)], -1, .lessOrEqual), 4)                 // z <= 1
        s.solved()
        #expect(s.val(1) == 0)
        let before = s.counters
        // x == 15 needs z >= 3 against z <= 1
        let error = thrown { () throws(SolverError) in try s.add(pin(0, 15), 5) }
        guard case .unsatisfiable(let id, let others)? = error else {
            Issue.record("expected a conflict, got \(String(describing: error))")
            return
        }
        #expect(id == ConstraintID(5))
        #expect(Set(others ?? []).isSuperset(of: [ConstraintID(3), ConstraintID(4)]))
        #expect(s.counters.phaseOneAdds == before.phaseOneAdds + 1)
        #expect(s.counters.raisedSubjects == before.raisedSubjects)
        #expect(s.invariantReport().isEmpty)
        s.solved()
        #expect(s.val(1) == 0)
        // x == 13 fits (z = 1 by hand), repaired this time
        try s.add(pin(0, 13), 6)
        s.solved()
        #expect(s.val(0) == 13)
        #expect(s.val(1) == 1)
        #expect(s.counters.raisedSubjects == before.raisedSubjects + 1)
        #expect(s.counters.phaseOneAdds == before.phaseOneAdds + 1)
        #expect(s.invariantReport().isEmpty)
    }

    @Test("a row whose constant cancels to 0 takes a slack of either sign as its subject at 0, without phase 1")
    func degenerateRow() throws {
        let s = CassowarySolver()
        try s.add(pin(0, 0), 0)                                             // a == 0
        try s.add(pin(1, 10), 1)                                            // b == 10
        try s.add(constraint([(2, 1), (0, -1)], -10, .equal), 2)            // c == a + 10
        let before = s.counters
        // c - a - b <= 0 reads 0 <= 0 once substituted: its slack, coefficient +1, is basic at 0
        try s.add(constraint([(2, 1), (0, -1), (1, -1)], 0, .lessOrEqual), 3)
        #expect(s.counters.phaseOneAdds == before.phaseOneAdds)
        #expect(s.counters.raisedSubjects == before.raisedSubjects + 1)
        // the slack holds: c can still not exceed a + b
        try s.add(constraint([(2, 1)], -5, .greaterOrEqual, .medium), 4)       // c >= 5 @500: already
        try s.add(constraint([(2, 1)], -20, .greaterOrEqual, .low), 5)         // c >= 20 @250: not possible
        s.solved()
        #expect(s.val(2) == 10)
        #expect(s.invariantReport().isEmpty)
    }

    /// x (0) and z (1): z >= 0, z == 0 @250, x >= 10, x - z <= 12 (ids 0 to 3), added in that order: the slack of
    /// x >= 10 then sits in the slack row of x - z <= 12 with a coefficient of -1.
    private func xAboveTenZBelowXMinusTwelve() throws -> CassowarySolver {
        let s = CassowarySolver()
        try s.add(constraint([(1, 1)], 0, .greaterOrEqual), 0)
        try s.add(pin(1, 0, .low), 1)
        try s.add(constraint([(0, 1)], -10, .greaterOrEqual), 2)
        try s.add(constraint([(0, 1), (1, -1)], -12, .lessOrEqual), 3)
        return s
    }
}
