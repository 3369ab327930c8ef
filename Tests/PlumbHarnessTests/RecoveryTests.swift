import Testing
import PlumbSystem
import PlumbSolver
import PlumbBatch
import PlumbBackEnds
@testable import PlumbHarness

/// After a conflict, what the screen looks like: the conflicting set, the constraints broken by Auto Layout's rule
/// (each required constraint whose addition conflicts with those already in, in order), and the frames of the rest.
@Suite struct Recovery {
    /// x = 10 and w = 50, then w = 60 (conflicts with w = 50), y = 20, then y = x + 5 (conflicts with x = 10 and
    /// y = 20), and a soft wish h = 2w @500; an edit on h at 750 with one round suggesting 7.
    static func system() throws -> LinearSystem {
        let text = """
        {"format": "layout-lp/1", "name": "twice", "variables": ["x", "y", "w", "h"],
         "constraints": [
           {"terms": {"x": "1"}, "constant": "-10", "relation": "==", "priority": 1000, "label": "x == 10"},
           {"terms": {"w": "1"}, "constant": "-50", "relation": "==", "priority": 1000, "label": "w == 50"},
           {"terms": {"w": "1"}, "constant": "-60", "relation": "==", "priority": 1000, "label": "w == 60"},
           {"terms": {"y": "1"}, "constant": "-20", "relation": "==", "priority": 1000, "label": "y == 20"},
           {"terms": {"y": "1", "x": "-1"}, "constant": "-5", "relation": "==", "priority": 1000, "label": "y == x + 5"},
           {"terms": {"h": "1", "w": "-2"}, "constant": "0", "relation": "==", "priority": 500, "label": "h == 2w @500"}
         ],
         "edits": [{"variable": "h", "priority": 750}],
         "suggestions": [{"h": "7"}]}
        """
        return try LinearSystem(layoutLP: Array(text.utf8), source: "twice")
    }

    @Test(arguments: ["exact", "cassowary"])
    func theRestIsLaidOutAfterBreakingWhatConflicts(_ name: String) throws {
        let type = try #require(PlumbBackEnds.all.first { $0.name == name })
        let result = SystemRunner().run(try Self.system(), solver: type)
        #expect(result.status == .infeasible)
        #expect(result.conflict == ["w == 50", "w == 60"])         // the first conflict met, as before
        let recovery = try #require(result.recovery)
        #expect(recovery.broken == ["w == 60", "y == x + 5"])        // each later row of a conflict, in order
        // by hand: x 10, y 20, w 50; h = 2w = 100 (no suggestion yet); after the round h = 7 (750 beats 500)
        func values(_ named: [LayoutResult.NamedValue]) -> [Double] { named.map(\.value.doubleValue) }
        #expect(values(recovery.values) == [10, 20, 50, 100])
        #expect(recovery.rounds.map(values) == [[10, 20, 50, 7]])
        #expect(result.message.contains("breaking w == 60, y == x + 5"))
    }

    @Test func aFeasibleSystemHasNoRecovery() throws {
        var system = try Self.system()
        system.constraints.removeAll { $0.label == "w == 60" || $0.label == "y == x + 5" }
        let result = SystemRunner().run(system, solver: ProposedExactSolver.self)
        #expect(result.status == .ok && result.recovery == nil)
    }
}
