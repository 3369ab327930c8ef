import Testing
import PlumbSystem
import PlumbSolver
import PlumbFrontEnd
import PlumbCorpus
import PlumbBackEnds
@testable import PlumbHarness

@Suite struct LifecycleWorkloads {
    let cassowary = PlumbBackEnds.named("cassowary")!
    let exact = PlumbBackEnds.named("exact")!

    @Test func theFramesCarryTheCallsAnAppMakes() throws {
        let layout = try Family.independent.generate(size: 10, rounds: 6)
        let plan = LifecyclePlan()
        let workload = try plan.workload(for: layout, verifier: cassowary)
        #expect(workload.system.suggestionRounds.isEmpty)
        #expect(workload.operations.map(\.kind) == Array(repeating: [.update, .remake, .removeAdd, .resize], count: 6).flatMap { $0 })
        for operation in workload.operations {
            let kinds = operation.steps.map { step -> String in
                switch step {
                case .add: "add"
                case .remove: "remove"
                case .setConstant: "set"
                case .suggest: "suggest"
                case .solve: "solve"
                case .mayFail: "may fail"
                }
            }
            switch operation.kind {
            // Three views, one constant each.
            case .update: #expect(kinds == ["set", "set", "set", "solve"])
            // An independent view made four constraints (left, right, top, height): out, in again.
            case .remake: #expect(kinds == Array(repeating: "remove", count: 4) + Array(repeating: "add", count: 4) + ["solve"])
            // No other view names it: its own four go, the layout is solved, they come back.
            case .removeAdd: #expect(kinds == Array(repeating: "remove", count: 4) + ["solve"] + Array(repeating: "add", count: 4) + ["solve"])
            case .resize: #expect(kinds == ["suggest", "solve"])
            }
        }
        // Ids never repeat: every add takes a fresh one, every remove names a live one.
        var live = Set(workload.system.constraints.indices)
        for step in workload.operations.flatMap(\.steps) {
            if case .remove(let id) = step { #expect(live.remove(id.index) != nil) }
            if case .add(let id, _) = step { #expect(live.insert(id.index).inserted) }
        }
    }

    @Test func afterTheLifecycleTheLayoutIsTheLastResizes() throws {
        let layout = try Family.independent.generate(size: 10, rounds: 6)
        let workload = try LifecyclePlan().workload(for: layout, verifier: cassowary)
        let solver = exact.init()
        _ = try WorkloadPlayer.run(workload, on: solver)
        // Six frames: every constant moved on an even frame is back on the odd one; the root ends 320 − 6 = 314
        // wide (resize step max(1, 320/400) = 1 per frame). View i sits at a = 7i mod 97 from the left and
        // b = 13i mod 89 from the right: v3 at 21, 314 − 21 − 39 = 254 wide; its top is 11·3 = 33, height 10 + 9.
        let v3 = layout.tree.view("v3")!
        #expect(solver.value(of: layout.tree.root.widthVariable) == .exact(Rational(314)))
        #expect(solver.value(of: v3.x) == .exact(Rational(21)))
        #expect(solver.value(of: v3.widthVariable) == .exact(Rational(254)))
        #expect(solver.value(of: v3.y) == .exact(Rational(33)))
        #expect(solver.value(of: v3.heightVariable) == .exact(Rational(19)))
    }

    @Test func theHarnessTimesEachKindOnEveryBackEnd() throws {
        var options = RunPlan(backEnds: [.native(cassowary), .native(exact)])
        options.families = [.nested]
        options.lifecycleSizes = [20]
        options.timing.repeats = 2
        options.verifier = cassowary
        var results = RunResults(date: "d", machine: "m", configuration: .debug, commit: "c", policy: .standard)
        Harness(plan: options).runLifecycle(into: &results)
        #expect(results.timings.count == 2)
        for t in results.timings {
            #expect(t.suite == .lifecycle)
            #expect(t.status == .ok)
            #expect(Set(t.lifecycle.keys) == [.update, .remake, .removeAdd, .resize])
            #expect(t.lifecycle.values.allSatisfy { $0.count == 2 && $0.allSatisfy { $0 > 0 } })
        }
    }
}
