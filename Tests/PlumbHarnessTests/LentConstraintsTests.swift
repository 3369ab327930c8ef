import Testing
import PlumbSystem
import PlumbSolver
import PlumbBatch

/// Keeps what each add received; refuses the add whose id is `refusing`.
private final class RecordingSolver: ForwardingSolver {
    var received: [(ConstraintID, LinearConstraint)] = []
    var refusing: ConstraintID? = nil
    override func add(_ c: LinearConstraint, id: ConstraintID) throws(SolverError) {
        if id == refusing { throw .unsupported("refused by the test") }
        received.append((id, c))
        try super.add(c, id: id)
    }
}

@Suite struct LentConstraintsTests {
    /// `Σ coefficient · variable + constant`.
    static func expression(_ terms: [(Int, Int)], _ constant: Int) throws -> LinearExpression {
        var e = LinearExpression(constant: Rational(constant))
        for (v, a) in terms { try e.add(VariableID(v), Rational(a)) }
        return e
    }

    /// Three constraints with labels and terms that own storage (what the lending must hand over intact).
    static func constraints() throws -> [LinearConstraint] {
        [LinearConstraint(try expression([(0, 1)], -320), .equal,
                          label: "root.width == 320, a label too long to be stored inline"),
         LinearConstraint(try expression([(1, 1), (0, -1)], 16), .equal, label: "v.width == root.width - 16"),
         LinearConstraint(try expression([(1, 1)], -100), .greaterOrEqual, priority: .high, label: nil)]
    }

    @Test func everyConstraintGoesToTheSolverInOrderUnderItsIndex() throws {
        let constraints = try Self.constraints()
        let lent = LentConstraints(constraints)
        let solver = RecordingSolver()
        try lent.add(to: solver)
        #expect(solver.received.map(\.0) == [ConstraintID(0), ConstraintID(1), ConstraintID(2)])
        #expect(solver.received.map(\.1) == constraints)
        // root.width = 320 and v.width = 304 ≥ 100: what the three constraints say
        #expect(solver.value(of: VariableID(1)).doubleValue == 304)
    }

    @Test func aRefusedAddIsRethrownAndLeavesEveryConstraintInPlace() throws {
        let constraints = try Self.constraints()
        let lent = LentConstraints(constraints)
        let refusing = RecordingSolver()
        refusing.refusing = ConstraintID(1)
        #expect(throws: SolverError.self) { try lent.add(to: refusing) }
        #expect(refusing.received.map(\.0) == [ConstraintID(0)])
        // lent again, all three arrive unchanged: the refused one was put back too
        let second = RecordingSolver()
        try lent.add(to: second)
        #expect(second.received.map(\.1) == constraints)
    }

    @Test func anEmptySystemAddsNothing() throws {
        let solver = RecordingSolver()
        try LentConstraints([]).add(to: solver)
        #expect(solver.received.isEmpty)
    }
}
