import CassowaryBackend
@testable import ExactBackend
import PlumbSolver
import PlumbSystem
import PlumbTestSupport
import Testing

/// Rows added after a solve (an edit's first suggested value, a soft constraint) go in with the last optimum's level
/// fixings held, and the next solve keeps that face when the new rows leave it optimal
/// (`SimplexEngine.settleHeldFace()`), instead of undoing every fixing and fixing them again; otherwise it undoes them
/// and solves as after any change. The answers are derived by hand, or compared with a solver that solves the final
/// system from scratch without a proposal (`ExactPivotingSolver`).
@Suite struct HeldFaceTests {
    func core(_ s: ExactSolver) throws -> ExactSolverCore<ExactRational> {
        try #require(s.core as? ExactSolverCore<ExactRational>)
    }

    func expectValues(_ s: ExactSolver, _ expected: [Int: Int], _ step: String) {
        for (v, x) in expected.sorted(by: { $0.key < $1.key }) {
            #expect(s.value(of: VariableID(v)) == .exact(Rational(x)), "\(step): variable \(v)")
        }
    }

    /// W (0) is twice a (1), required, and nothing else names them; b (2) = 100 @750, c (3) ≤ b @500, c = 120 @250
    /// (so c = 100); W is edited @750.
    @Test("an edit's first value and soft rows at existing levels keep the face; a new level falls back")
    func handDerivedSteps() throws {
        let s = ExactSolver(proposer: CassowarySolver.self)
        let c = try core(s)
        try s.add(.integer([(1, 2), (0, -1)], 0, .equal), id: ConstraintID(0))
        try s.add(.integer([(2, 1)], -100, .equal, priority: Priority(750)), id: ConstraintID(1))
        try s.add(.integer([(3, 1), (2, -1)], 0, .lessOrEqual, priority: Priority(500)), id: ConstraintID(2))
        try s.add(.integer([(3, 1)], -120, .equal, priority: Priority(250)), id: ConstraintID(3))
        try s.addEditVariable(VariableID(0), priority: Priority(750))
        _ = try s.solve()
        expectValues(s, [2: 100, 3: 100], "before any value")
        #expect(s.counters.heldFaceSolves == 0)

        // W = 300 @750 moves only W and a = 150: the edit's row goes in on the held face.
        try s.suggest(Rational(300), for: VariableID(0))
        #expect(c.engine.fixingsHeld)
        _ = try s.solve()
        expectValues(s, [0: 300, 1: 150, 2: 100, 3: 100], "W = 300")
        #expect(s.counters.heldFaceSolves == 1)
        #expect(c.invariantReport().isEmpty, "\(c.invariantReport().description)")

        try s.suggest(Rational(120), for: VariableID(0))
        _ = try s.solve()
        expectValues(s, [0: 120, 1: 60, 2: 100, 3: 100], "W = 120")

        // d (4) = 7 @500, a level that exists, on a variable nothing else names: held, d = 7.
        try s.add(.integer([(4, 1)], -7, .equal, priority: Priority(500)), id: ConstraintID(4))
        _ = try s.solve()
        expectValues(s, [0: 120, 1: 60, 2: 100, 3: 100, 4: 7], "d = 7")
        #expect(s.counters.heldFaceSolves == 2)

        // a = 10 @250: its row is written through W's, whose errors level 750 fixed; their costs at 250 change, but a
        // level before 250 holds them, so the face holds (W = 120 @750 keeps a = 60).
        try s.add(.integer([(1, 1)], -10, .equal, priority: Priority(250)), id: ConstraintID(5))
        _ = try s.solve()
        expectValues(s, [0: 120, 1: 60, 2: 100, 3: 100, 4: 7], "a = 10 @250")
        #expect(s.counters.heldFaceSolves == 3)

        // e (5) = 3 @1 is a new level (priced from scratch: no held face).
        try s.add(.integer([(5, 1)], -3, .equal, priority: Priority(1)), id: ConstraintID(6))
        _ = try s.solve()
        expectValues(s, [0: 120, 1: 60, 2: 100, 3: 100, 4: 7, 5: 3], "e = 3 @1")
        #expect(s.counters.heldFaceSolves == 3)

        // b edited to 80 @500: b = 100 @750 wins (its row is written through b = 100's errors, which 750 holds).
        try s.addEditVariable(VariableID(2), priority: Priority(500))
        try s.suggest(Rational(80), for: VariableID(2))
        _ = try s.solve()
        expectValues(s, [0: 120, 1: 60, 2: 100, 3: 100, 4: 7, 5: 3], "b edited to 80 @500")
        #expect(s.counters.heldFaceSolves == 4)

        // A held face let go by a change of another kind before the solve: removing c ≤ b lets c = 120.
        try s.add(.integer([(6, 1)], -9, .equal, priority: Priority(500)), id: ConstraintID(7))
        #expect(c.engine.fixingsHeld)
        try s.remove(ConstraintID(2))
        #expect(!c.engine.fixingsHeld)
        #expect(c.invariantReport().isEmpty, "\(c.invariantReport().description)")
        _ = try s.solve()
        expectValues(s, [0: 120, 1: 60, 2: 100, 3: 120, 4: 7, 5: 3, 6: 9], "f = 9, c ≤ b removed")
        #expect(c.invariantReport().isEmpty, "\(c.invariantReport().description)")
    }

    /// An app-like layout: 100 views, each as wide as the root W less 20 (required), 44 high @250 and at most 60 high
    /// @500, the first at least 10 high @750; W edited @750. Every soft row holds, and each level fixes its errors.
    @Test("the first resize looks at the new row's columns, not at every fixing")
    func firstResizeWorkIsTheNewRow() throws {
        let s = ExactSolver(proposer: CassowarySolver.self)
        let c = try core(s)
        var id = 0
        func add(_ row: LinearConstraint) throws {
            try s.add(row, id: ConstraintID(id))
            id += 1
        }
        for i in 1...100 {
            let w = 2 * i - 1, h = 2 * i
            try add(.integer([(w, 1), (0, -1)], 20, .equal))
            try add(.integer([(h, 1)], -44, .equal, priority: Priority(250)))
            try add(.integer([(h, 1)], -60, .lessOrEqual, priority: Priority(500)))
        }
        try add(.integer([(2, 1)], -10, .greaterOrEqual, priority: Priority(750)))
        try s.addEditVariable(VariableID(0), priority: Priority(750))
        _ = try s.solve()
        c.materialize()   // (a certified first answer keeps the rows out of the engine until a change)
        let fixings = c.engine.fixings.count
        #expect(fixings >= 200, "the levels fixed \(fixings) columns")

        let examined = s.counters.fixingExaminations
        try s.suggest(Rational(300), for: VariableID(0))
        _ = try s.solve()
        #expect(s.counters.heldFaceSolves == 1)
        // (the edit's row has two error columns; undoing and redoing the fixings would look at every one of them)
        #expect(s.counters.fixingExaminations - examined <= 4)
        var expected: [Int: Int] = [0: 300]
        for i in 1...100 { expected[2 * i - 1] = 280; expected[2 * i] = 44 }
        expectValues(s, expected, "W = 300")
        #expect(c.invariantReport().isEmpty, "\(c.invariantReport().description)")
    }

    /// Random prioritized systems, solved; then soft rows and edits' first values added a few at a time, each batch
    /// solved: every level's exact sum of violations equals that of a solver that solves the final system from
    /// scratch, and both paths (held face kept, and given up) ran.
    @Test func heldFacesAgreeWithSolvingFromScratch() throws {
        var random = SplitMix64(seed: 42)
        let priorities: [Priority] = [.required, .required, Priority(999), Priority(750), Priority(500), Priority(1)]
        let soft = Array(priorities.dropFirst(2))
        var held = 0, heldSolves = 0
        for _ in 0..<120 {
            let first = try randomPrioritizedSystem(&random, variables: (3, 6), rows: (4, 8), priorities: priorities)
            let later = try randomPrioritizedSystem(&random, variables: (3, 6), rows: (3, 5), priorities: soft)
            let s = ExactSolver(proposer: CassowarySolver.self)
            let c = try core(s)
            var accepted: [LinearConstraint] = []
            var id = 0
            for row in first {
                if (try? s.add(row, id: ConstraintID(id))) != nil { accepted.append(row) }
                id += 1
            }
            _ = try s.solve()
            var edited: [LinearConstraint] = []
            for (k, row) in later.enumerated() {
                if k % 2 == 0 {
                    // an edit's first value on a variable of the row, at the row's priority
                    let v = row.terms.first?.variable ?? VariableID(0)
                    if (try? s.addEditVariable(v, priority: row.priority)) != nil {
                        let value = Rational(Int(random.next() % 41) - 20)
                        try s.suggest(value, for: v)
                        var e = LinearExpression(constant: -value)
                        try e.add(v, .one)
                        edited.append(LinearConstraint(e, .equal, priority: row.priority))
                    }
                } else {
                    try s.add(row, id: ConstraintID(id))
                    accepted.append(row)
                    id += 1
                }
                if k % 2 == 1 || k == later.count - 1 {
                    if c.engine.fixingsHeld { heldSolves += 1 }
                    _ = try s.solve()
                }
                #expect(c.invariantReport().isEmpty, "\(c.invariantReport().description)")
            }
            _ = try s.solve()
            held += s.counters.heldFaceSolves
            let reference = ExactPivotingSolver()
            var n = 0
            for row in accepted + edited {
                try reference.add(row, id: ConstraintID(n))
                n += 1
            }
            _ = try reference.solve()
            let all = accepted + edited
            let a = levelSums(s, all), b = levelSums(reference, all)
            #expect(a == b, "level sums differ: \(a) vs \(b) for \(all)")
        }
        #expect(held > 30, "\(held) solves kept the held face")
        #expect(heldSolves > held + 30, "of \(heldSolves) held faces, \(held) were kept: the fallback barely ran")
    }
}
