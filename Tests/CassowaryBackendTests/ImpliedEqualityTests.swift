import Testing
import PlumbSystem
import PlumbSolver
@testable import CassowaryBackend

/// A required equality the rows before it imply (it reduces to `0 = 0`) gets no row; the proposal reports it implied
/// (`BasicLogicals.slack` true: its would-be marker basic), so that a certificate of the basis sets it aside and
/// checks it. A removal of a required constraint can make it needed again: the report is then withdrawn, and the
/// constraint still holds.
@Suite("Implied required equalities in the proposal")
struct ImpliedEqualityTests {
    /// x == 10, y - x == 5, y == 15 (implied: y = x + 5 = 15), y == 100 @500.
    func solver() throws -> CassowarySolver {
        let s = CassowarySolver()
        try s.add(pin(0, 10), 0)
        try s.add(constraint([(1, 1), (0, -1)], -5, .equal), 1)
        try s.add(pin(1, 15), 2)
        try s.add(pin(1, 100, Priority(500)), 3)
        return s.solved()
    }

    @Test("the third equality is reported implied, the others not")
    func reported() throws {
        let s = try solver()
        #expect(s.basicLogicals(of: ConstraintID(2))?.slack == true)
        #expect(s.basicLogicals(of: ConstraintID(0))?.slack == nil)
        #expect(s.basicLogicals(of: ConstraintID(1))?.slack == nil)
        #expect(s.val(0) == 10 && s.val(1) == 15)
        #expect(s.invariantReport().isEmpty)
    }

    @Test("removing y - x == 5 withdraws the report; y == 15 still holds against the preference for 100")
    func withdrawnByARemoval() throws {
        let s = try solver()
        try s.remove(1)
        s.solved()
        #expect(s.basicLogicals(of: ConstraintID(2))?.slack == nil)
        #expect(s.val(0) == 10 && s.val(1) == 15)
        // y == 15 is the only thing holding y now: without it the preference wins
        try s.remove(2)
        s.solved()
        #expect(s.val(1) == 100)
        #expect(s.invariantReport().isEmpty)
    }

    @Test("a reset forgets it; the same rows added again report it again")
    func afterReset() throws {
        let s = try solver()
        s.reset()
        try s.add(pin(0, 1), 0)
        try s.add(pin(1, 1), 1)
        s.solved()
        #expect(s.basicLogicals(of: ConstraintID(1))?.slack == nil)
        #expect(s.impliedRecords == 0)
        s.reset()
        try s.add(pin(0, 10), 0)
        try s.add(constraint([(1, 1), (0, -1)], -5, .equal), 1)
        try s.add(pin(1, 15), 2)
        s.solved()
        #expect(s.basicLogicals(of: ConstraintID(2))?.slack == true)
        #expect(s.impliedRecords == 1)
    }

    /// The mark shares the byte of the dummy's (`Record.EqualityMarker`): a record stays 48 bytes, one per constraint.
    @Test("a record is still 48 bytes")
    func recordSize() {
        #expect(MemoryLayout<CassowarySolver.Record>.stride == 48)
    }
}
