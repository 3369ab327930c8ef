import Testing
import PlumbSystem
import PlumbSolver
import PlumbBatch
@testable import CassowaryBackend

private func system(_ json: String) throws -> LinearSystem {
    try LinearSystem(layoutLP: Array(json.utf8), source: "test")
}

private func values(_ result: LayoutResult, round: Int? = nil) -> [String: Double] {
    let list = round.map { result.rounds[$0] } ?? result.values
    return Dictionary(uniqueKeysWithValues: list.map { ($0.name, $0.value.doubleValue) })
}

@Suite("layout-lp/1 systems through SystemRunner")
struct LayoutLPTests {
    @Test("the chain-3 example of the format: hand-derived values and rounds")
    func chainExample() throws {
        let s = try system(#"""
        {"format": "layout-lp/1", "name": "chain-3",
         "variables": ["root.x", "root.y", "root.w", "root.h", "v0.x", "v0.w"],
         "constraints": [
          {"terms": {"root.x": "1"}, "constant": "0", "relation": "==", "priority": 1000},
          {"terms": {"v0.x": "1", "root.x": "-1"}, "constant": "-8", "relation": "==", "priority": 1000},
          {"terms": {"v0.w": "1"}, "constant": "-100", "relation": ">=", "priority": 750},
          {"terms": {"v0.x": "1", "v0.w": "1", "root.x": "-1", "root.w": "-1"}, "constant": "8", "relation": "==", "priority": 1000},
          {"terms": {"root.w": "1"}, "constant": "-300", "relation": "==", "priority": 250}],
         "edits": [{"variable": "root.w", "priority": 999}],
         "suggestions": [{"root.w": "320"}, {"root.w": "100"}, {"root.w": "1/3"}]}
        """#)
        let r = SystemRunner().run(s, solver: CassowarySolver.self)
        #expect(r.status == .ok)
        let v0 = values(r)
        #expect(v0["root.w"] == 300 && v0["v0.x"] == 8 && v0["v0.w"] == 284 && v0["root.y"] == 0)
        #expect(values(r, round: 0)["v0.w"] == 304)
        // root.w = 100 at 999 beats v0.w >= 100 at 750: v0.w = 84
        #expect(values(r, round: 1)["v0.w"] == 84)
        #expect(near(values(r, round: 2)["v0.w"]!, 1.0 / 3 - 16))
    }

    @Test("kiwi-midpoint-dual restated in layout-lp/1")
    func midpointFile() throws {
        let s = try system(#"""
        {"format": "layout-lp/1", "name": "kiwi-midpoint-dual", "variables": ["xm", "xl", "xr"],
         "constraints": [
          {"terms": {"xm": "2", "xl": "-1", "xr": "-1"}, "constant": "0", "relation": "==", "priority": 1000},
          {"terms": {"xl": "1", "xr": "-1"}, "constant": "20", "relation": "<=", "priority": 1000},
          {"terms": {"xl": "1"}, "constant": "10", "relation": ">=", "priority": 1000},
          {"terms": {"xr": "1"}, "constant": "-100", "relation": "<=", "priority": 1000}],
         "edits": [{"variable": "xm", "priority": 750}, {"variable": "xl", "priority": 250}, {"variable": "xr", "priority": 250}],
         "suggestions": [{"xm": "40", "xr": "50", "xl": "30"}, {"xm": "60"}, {"xm": "90"}]}
        """#)
        let r = SystemRunner().run(s, solver: CassowarySolver.self)
        #expect(r.status == .ok)
        let a = values(r, round: 0), c = values(r, round: 2)
        #expect(near(a["xm"]!, 40) && near(a["xl"]!, 30) && near(a["xr"]!, 50))
        #expect(near(c["xm"]!, 90) && near(c["xl"]!, 80) && near(c["xr"]!, 100))
    }

    @Test("an infeasible file reports the conflicting labels")
    func infeasibleFile() throws {
        let s = try system(#"""
        {"format": "layout-lp/1", "name": "boxed", "variables": ["a", "b", "c"],
         "constraints": [
          {"terms": {"a": "1"}, "constant": "-10", "relation": ">=", "priority": 1000, "label": "a >= 10"},
          {"terms": {"c": "1"}, "constant": "-1", "relation": "==", "priority": 1000, "label": "c == 1"},
          {"terms": {"b": "1", "a": "-1"}, "constant": "0", "relation": "==", "priority": 1000, "label": "b == a"},
          {"terms": {"b": "1"}, "constant": "-5", "relation": "<=", "priority": 1000, "label": "b <= 5"}],
         "edits": [], "suggestions": []}
        """#)
        let r = SystemRunner().run(s, solver: CassowarySolver.self)
        #expect(r.status == .infeasible)
        #expect(r.conflict == ["a >= 10", "b == a", "b <= 5"])
    }

    @Test("a nested inset layout: hand-derived")
    func nested() throws {
        // v0 inset 1 in root (w = 50), v1 inset 1 in v0; stay root.w == 50 at 250, v1.w >= 60 at 500
        let s = try system(#"""
        {"format": "layout-lp/1", "name": "nested-2", "variables": ["root.x", "root.w", "v0.x", "v0.w", "v1.x", "v1.w"],
         "constraints": [
          {"terms": {"root.x": "1"}, "constant": "0", "relation": "==", "priority": 1000},
          {"terms": {"root.w": "1"}, "constant": "-50", "relation": "==", "priority": 250},
          {"terms": {"v0.x": "1", "root.x": "-1"}, "constant": "-1", "relation": "==", "priority": 1000},
          {"terms": {"v0.x": "1", "v0.w": "1", "root.x": "-1", "root.w": "-1"}, "constant": "1", "relation": "==", "priority": 1000},
          {"terms": {"v1.x": "1", "v0.x": "-1"}, "constant": "-1", "relation": "==", "priority": 1000},
          {"terms": {"v1.x": "1", "v1.w": "1", "v0.x": "-1", "v0.w": "-1"}, "constant": "1", "relation": "==", "priority": 1000},
          {"terms": {"v1.w": "1"}, "constant": "-60", "relation": ">=", "priority": 500}],
         "edits": [], "suggestions": []}
        """#)
        let r = SystemRunner().run(s, solver: CassowarySolver.self)
        let v = values(r)
        // v1.w >= 60 at 500 outranks root.w == 50 at 250: root.w = 64, v0.w = 62, v1.x = 2
        #expect(v["root.w"] == 64 && v["v0.w"] == 62 && v["v1.w"] == 60 && v["v1.x"] == 2)
    }
}
