import Testing
import PlumbSystem
import PlumbSolver
@testable import CassowaryBackend

/// A required row whose variables are all basic already is solved for a slack or error that can rise to the value
/// the row asks (every restricted row it appears in stays feasible) instead of going through phase 1; phase 1 still
/// decides when no such symbol exists. The work is pinned (which path), and the values derived by hand.
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
}
