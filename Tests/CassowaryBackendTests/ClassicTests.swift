import Testing
import PlumbSystem
import PlumbSolver
@testable import CassowaryBackend

private let strong: Priority = 750
private let medium: Priority = 500
private let weak: Priority = 250
private let x = 0, y = 1, w = 2, h = 3, z = 4

@Suite("Classic Cassowary scenarios (ClTests, kiwi)")
struct ClassicTests {
    @Test("protocol identity")
    func identity() {
        #expect(CassowarySolver.name == "cassowary")
        let c = CassowarySolver.capabilities
        #expect(!c.exact && c.strictPriorities && c.incremental && c.explainsConflicts && !c.detectsAmbiguity)
    }

    @Test("addDelete1: x == 100 weak; x <= 10, x <= 20; removals and a second x <= 10")
    func addDelete1() throws {
        let s = CassowarySolver()
        try s.add(pin(x, 100, weak), 0)
        #expect(s.solved().val(x) == 100)
        try s.add(constraint([(x, 1)], -10, .lessOrEqual), 10)
        try s.add(constraint([(x, 1)], -20, .lessOrEqual), 20)
        #expect(near(s.solved().val(x), 10))
        try s.remove(10)
        #expect(near(s.solved().val(x), 20))
        try s.remove(20)
        #expect(near(s.solved().val(x), 100))
        try s.add(constraint([(x, 1)], -10, .lessOrEqual), 10)
        try s.add(constraint([(x, 1)], -10, .lessOrEqual), 11)
        #expect(near(s.solved().val(x), 10))
        try s.remove(10)
        #expect(near(s.solved().val(x), 10))
        try s.remove(11)
        #expect(near(s.solved().val(x), 100))
    }

    @Test("addDelete2: two variables, 2x == y added and removed")
    func addDelete2() throws {
        let s = CassowarySolver()
        try s.add(pin(x, 100, weak), 0)
        try s.add(pin(y, 120, strong), 1)
        try s.add(constraint([(x, 1)], -10, .lessOrEqual), 10)
        try s.add(constraint([(x, 1)], -20, .lessOrEqual), 20)
        s.solved()
        #expect(near(s.val(x), 10) && near(s.val(y), 120))
        try s.remove(10)
        s.solved()
        #expect(near(s.val(x), 20) && near(s.val(y), 120))
        try s.add(constraint([(x, 2), (y, -1)], 0, .equal), 30)
        s.solved()
        #expect(near(s.val(x), 20) && near(s.val(y), 40))
        try s.remove(20)
        s.solved()
        #expect(near(s.val(x), 60) && near(s.val(y), 120))
        try s.remove(30)
        s.solved()
        #expect(near(s.val(x), 100) && near(s.val(y), 120))
    }

    @Test("casso1: x <= y, y == x + 3, x == 10 weak, y == 10 weak: a vertex of the optimal segment")
    func casso1() throws {
        let s = CassowarySolver()
        try s.add(constraint([(x, 1), (y, -1)], 0, .lessOrEqual), 0)
        try s.add(constraint([(y, 1), (x, -1)], -3, .equal), 1)
        try s.add(pin(x, 10, weak), 2)
        try s.add(pin(y, 10, weak), 3)
        s.solved()
        let ok = (near(s.val(x), 10) && near(s.val(y), 13)) || (near(s.val(x), 7) && near(s.val(y), 10))
        #expect(ok)
    }

    @Test("inconsistent1: x == 10, x == 5 conflict with each other")
    func inconsistent1() throws {
        let s = CassowarySolver()
        try s.add(pin(x, 10), 0)
        let e = thrown { () throws(SolverError) in try s.add(pin(x, 5), 1) }
        #expect(e == .unsatisfiable(ConstraintID(1), conflictsWith: [ConstraintID(0)]))
        #expect(s.solved().val(x) == 10)
    }

    @Test("inconsistent2: x >= 10, x <= 5")
    func inconsistent2() throws {
        let s = CassowarySolver()
        try s.add(constraint([(x, 1)], -10, .greaterOrEqual), 0)
        let e = thrown { () throws(SolverError) in try s.add(constraint([(x, 1)], -5, .lessOrEqual), 1) }
        #expect(e == .unsatisfiable(ConstraintID(1), conflictsWith: [ConstraintID(0)]))
        #expect(s.solved().val(x) == 10)
    }

    @Test("inconsistent3: w >= 10, x >= w, y >= x, z >= y, z <= 4: all five conflict")
    func inconsistent3() throws {
        let s = CassowarySolver()
        try s.add(constraint([(w, 1)], -10, .greaterOrEqual), 0)
        try s.add(constraint([(x, 1), (w, -1)], 0, .greaterOrEqual), 1)
        try s.add(constraint([(y, 1), (x, -1)], 0, .greaterOrEqual), 2)
        try s.add(constraint([(z, 1), (y, -1)], 0, .greaterOrEqual), 3)
        try s.add(pin(h, 7, weak), 9)  // unrelated, must not appear in the explanation
        let e = thrown { () throws(SolverError) in try s.add(constraint([(z, 1)], -4, .lessOrEqual), 4) }
        #expect(e == .unsatisfiable(ConstraintID(4), conflictsWith: [0, 1, 2, 3].map(ConstraintID.init)))
    }

    @Test("an explanation names required equalities too (they have no marker column in the fast path)")
    func explanationWithEqualities() throws {
        let s = CassowarySolver()
        try s.add(constraint([(x, 1), (y, -1)], -8, .equal), 0)   // x = y + 8
        try s.add(pin(y, 2), 1)
        try s.add(pin(z, 1), 2)                                    // unrelated
        let e = thrown { () throws(SolverError) in try s.add(constraint([(x, 1)], -5, .lessOrEqual), 3) }
        #expect(e == .unsatisfiable(ConstraintID(3), conflictsWith: [ConstraintID(0), ConstraintID(1)]))
    }

    @Test("multiedit, with edit groups restated as edits and stays as weak pins re-anchored by setConstant")
    func multiedit() throws {
        let s = CassowarySolver()
        for v in [x, y, w, h] { try s.add(pin(v, 0, weak), 100 + v) }
        try s.edit(x, strong)
        try s.edit(y, strong)
        try s.suggest(x, 10)
        try s.suggest(y, 20)
        s.solved()
        #expect(s.bits(4) == [10.0, 20, 0, 0].map(\.bitPattern))
        try s.edit(w, strong)
        try s.edit(h, strong)
        try s.suggest(w, 30)
        try s.suggest(h, 40)
        s.solved()
        #expect([x, y, w, h].map(s.val) == [10, 20, 30, 40])
        // end of the inner group: re-anchor the stays of w and h, then drop their edits
        try s.setConstant(Rational(-30), of: ConstraintID(100 + w))
        try s.setConstant(Rational(-40), of: ConstraintID(100 + h))
        try s.removeEditVariable(VariableID(w))
        try s.removeEditVariable(VariableID(h))
        s.solved()
        #expect([x, y, w, h].map(s.val) == [10, 20, 30, 40])
        try s.suggest(x, 50)
        try s.suggest(y, 60)
        s.solved()
        #expect([x, y, w, h].map(s.val) == [50, 60, 30, 40])
        try s.removeEditVariable(VariableID(x))
        try s.removeEditVariable(VariableID(y))
        s.solved()
        #expect([x, y, w, h].map(s.val) == [0, 0, 30, 40])
    }

    @Test("kiwi's midpoint example needs the dual simplex")
    func midpoint() throws {
        let xm = 0, xl = 1, xr = 2
        let s = CassowarySolver()
        try s.add(constraint([(xm, 2), (xl, -1), (xr, -1)], 0, .equal), 0)
        try s.add(constraint([(xl, 1), (xr, -1)], 20, .lessOrEqual), 1)
        try s.add(constraint([(xl, 1)], 10, .greaterOrEqual), 2)
        try s.add(constraint([(xr, 1)], -100, .lessOrEqual), 3)
        try s.edit(xm, strong)
        try s.edit(xl, weak)
        try s.edit(xr, weak)
        try s.suggest(xm, 40)
        try s.suggest(xr, 50)
        try s.suggest(xl, 30)
        s.solved()
        #expect(near(s.val(xm), 40) && near(s.val(xl), 30) && near(s.val(xr), 50))
        try s.suggest(xm, 60)
        s.solved()
        #expect(near(s.val(xm), 60) && near(s.val(xl) + s.val(xr), 120))
        #expect(s.val(xl) >= 30 - 1e-9 && s.val(xl) <= 50 + 1e-9)
        try s.suggest(xm, 90)
        s.solved()
        #expect(near(s.val(xm), 90) && near(s.val(xl), 80) && near(s.val(xr), 100))
    }

    @Test("kiwi's suggestion tests: medium edit beats a weak pin; weak edit limited by required constraints")
    func kiwiSuggestions() throws {
        let s = CassowarySolver()
        try s.add(pin(x, 1, weak), 0)
        try s.edit(x, medium)
        try s.suggest(x, 2)
        #expect(s.solved().val(x) == 2)

        let t = CassowarySolver()
        try t.add(constraint([(x, 1), (y, 1)], 0, .equal), 0)
        try t.add(constraint([(y, 1)], 1, .lessOrEqual), 1)
        try t.add(constraint([(y, 1)], 0, .greaterOrEqual, weak), 2)
        try t.edit(x, weak)
        try t.suggest(x, 0)
        t.solved()
        #expect(t.val(y) <= -1 + 1e-9)
    }

    @Test("an edit on a variable no constraint mentions takes the suggested value")
    func lonelyEdit() throws {
        let s = CassowarySolver()
        try s.edit(x, strong)
        #expect(s.solved().val(x) == 0)
        try s.suggest(x, 100)
        #expect(s.solved().val(x) == 100)
    }

    @Test("an edit acts only once suggested (layout-lp/1), unlike kiwi's implicit v == 0")
    func editInactiveUntilSuggested() throws {
        let s = CassowarySolver()
        try s.add(pin(x, 5, weak), 0)
        try s.edit(x, strong)
        #expect(s.solved().val(x) == 5)
        try s.add(constraint([(x, 1)], -7, .greaterOrEqual, medium), 1)   // x >= 7 medium moves x: no edit yet
        #expect(s.solved().val(x) == 7)
        try s.suggest(x, 3)
        #expect(s.solved().val(x) == 3)
        try s.removeEditVariable(VariableID(x))
        #expect(s.solved().val(x) == 7)
        try s.edit(x, strong)
        try s.suggest(x, 1)
        try s.suggest(x, 2)                                                // the last suggestion wins
        #expect(s.solved().val(x) == 2)
    }

    @Test("kiwi's LP maximisation through a weak edit: z = 39 (the optimum is a face: kiwi's vertex is (13, 3, 11))")
    func simplexLP() throws {
        let x1 = 0, x2 = 1, x3 = 2, zz = 3
        let s = CassowarySolver()
        for v in [x1, x2, x3] { try s.add(constraint([(v, 1)], 0, .greaterOrEqual), v) }
        try s.add(constraint([(x1, 2), (x2, -5)], -11, .lessOrEqual), 10)
        try s.add(constraint([(x1, -1), (x2, 3), (x3, 1)], -7, .equal), 11)
        try s.add(constraint([(x1, 1), (x2, -8), (x3, 4)], -33, .greaterOrEqual), 12)
        try s.add(constraint([(zz, 1), (x1, 2), (x2, -7), (x3, -4)], 0, .equal), 13)
        try s.edit(zz, weak)
        try s.suggest(zz, 1_000_000)
        let report = try s.solve()
        #expect(report.converged, "\(report.message) \((0..<4).map(s.val))")
        let (a, b, c) = (s.val(x1), s.val(x2), s.val(x3))
        #expect(near(s.val(zz), 39, 1e-9) && near(-2 * a + 7 * b + 4 * c, 39, 1e-9))
        #expect(a >= -1e-9 && b >= -1e-9 && c >= -1e-9)
        #expect(2 * a - 5 * b <= 11 + 1e-9 && near(-a + 3 * b + c, 7) && a - 8 * b + 4 * c >= 33 - 1e-9)
    }
}
