import Testing
import PlumbSystem
import PlumbSolver
import RelaxationBackend

/// Ten equal widths between x = 8 and root.w − 8 (root.w is variable 20), a stay root.w == 608 @250 and
/// root.w editable @999: each width is (root.w − 88) / 10, 52 at 608.
func resizableChain() -> [LinearConstraint] {
    var constraints = equalWidthChain(10, width: 0)
    constraints[constraints.count - 1] = row([(18, 1), (19, 1), (20, -1)], 8, .equal)
    constraints.append(bound(20, .equal, 608, .low))
    return constraints
}

@Suite("Edits and the protocol")
struct EditAndProtocolTests {
    @Test("Edits warm-start from the last values", arguments: RelaxationScheme.allCases)
    func warmStart(scheme: RelaxationScheme) throws {
        let s = try solver(scheme, resizableChain())
        try s.addEditVariable(VariableID(20), priority: 999)
        let cold = try s.solve()
        #expect(cold.converged, "\(cold.message)")
        #expect(close(s.double(1), 52))

        let again = try s.solve()  // nothing changed: the converged values are a fixed point already
        #expect(again.converged)
        #expect((again.iterations ?? 99) <= 2)

        try s.suggest(598, for: VariableID(20))
        let edit = try s.solve()
        if scheme != .textbook {  // textbook has no hierarchy: the stay drags the edit
            #expect(edit.converged, "\(edit.message)")
            #expect(close(s.double(20), 598) && close(s.double(1), 51) && close(s.double(19), 51))
            #expect((edit.iterations ?? .max) < (cold.iterations ?? 0))
        }
    }

    @Test("setConstant and remove change the next solve; unmentioned variables read 0")
    func changes() throws {
        let s = try solver(.best, [bound(0, .equal, 5), row([(1, 1), (0, -1)], -1, .equal)])
        _ = try s.solve()
        #expect(close(s.double(1), 6))
        try s.setConstant(-7, of: ConstraintID(0))
        _ = try s.solve()
        #expect(close(s.double(0), 7) && close(s.double(1), 8))
        try s.remove(ConstraintID(1))
        _ = try s.solve()
        #expect(s.double(1) == 0)
        #expect(s.double(99) == 0)
    }

    @Test("Protocol errors leave the solver unchanged")
    func errors() throws {
        let s = try solver(.best, [bound(0, .equal, 5), bound(1, .equal, 3, .low)])
        try s.addEditVariable(VariableID(1), priority: 999)
        #expect(throws: SolverError.duplicateConstraint(ConstraintID(0))) { try s.add(bound(2, .equal, 1), id: ConstraintID(0)) }
        #expect(throws: SolverError.unknownConstraint(ConstraintID(9))) { try s.remove(ConstraintID(9)) }
        #expect(throws: SolverError.unknownConstraint(ConstraintID(9))) { try s.setConstant(1, of: ConstraintID(9)) }
        #expect(throws: SolverError.duplicateEditVariable(VariableID(1))) { try s.addEditVariable(VariableID(1), priority: 500) }
        #expect(throws: SolverError.unknownEditVariable(VariableID(0))) { try s.removeEditVariable(VariableID(0)) }
        #expect(throws: SolverError.unknownEditVariable(VariableID(0))) { try s.suggest(1, for: VariableID(0)) }
        for priority: Priority in [0, -5, 1001] {
            #expect(throws: (any Error).self) { try s.add(bound(3, .equal, 1, priority), id: ConstraintID(7)) }
        }
        for priority: Priority in [1000, 0] {
            #expect(throws: (any Error).self) { try s.addEditVariable(VariableID(4), priority: priority) }
        }
        do {
            try s.add(bound(3, .equal, 1, 0), id: ConstraintID(7))
        } catch {
            guard case .invalidPriority = error else { Issue.record("expected invalidPriority, got \(error)"); return }
        }
        // Nothing above took effect: the same two constraints and the one edit, no suggestion yet.
        let report = try s.solve()
        #expect(report.converged)
        #expect(close(s.double(0), 5) && close(s.double(1), 3) && s.double(2) == 0 && s.double(3) == 0)
        #expect(s.lastResiduals.map(\.priority) == [.required, .low])
        try s.add(bound(3, .equal, 1), id: ConstraintID(7))  // id 7 is still free
        try s.addEditVariable(VariableID(4), priority: 500)  // so is the edit of variable 4
        try s.suggest(2, for: VariableID(1))
        _ = try s.solve()
        #expect(close(s.double(1), 2) && close(s.double(3), 1))
        try s.removeEditVariable(VariableID(1))
        _ = try s.solve()
        #expect(close(s.double(1), 3))
    }
}
