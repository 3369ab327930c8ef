@testable import ExactBackend
import PlumbSolver
import PlumbSystem
import Testing

/// `EditTable`, the exact solver's edit variables by variable index: it reads as a dictionary does (checked against
/// one through random additions, changes and removals), visits its edits in increasing variable order, and the
/// solver refuses an edit variable with no slot (a negative index) with an error, not a trap.
@Suite struct EditTableTests {
    struct Edit: Equatable {
        var priority: Int
        var origin: Int?
    }

    @Test func readsAsADictionary() {
        var table = EditTable<Edit>(vacant: Edit(priority: -1, origin: nil)), model: [VariableID: Edit] = [:]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        for step in 0..<4_000 {
            let v = VariableID(next(300))
            switch next(4) {
            case 0, 1:
                let e = Edit(priority: step, origin: next(2) == 0 ? nil : step)
                table[v] = e
                model[v] = e
            case 2:
                table[v] = nil
                model[v] = nil
            default:
                if model[v] != nil {
                    table.modify(v) { $0.origin = -step }
                    model[v]!.origin = -step
                }
            }
            // read in place: the fields of the edit the model has, nil (and not contained) where it has none
            #expect(table.contains(v) == (model[v] != nil))
            let fields = table.read(v, { [$0.priority, $0.origin ?? -1] })
            #expect(fields == model[v].map { [$0.priority, $0.origin ?? -1] })
            if step % 97 == 0 {
                #expect(table.count == model.count && table.isEmpty == model.isEmpty)
                #expect(table.keys == model.keys.sorted(), "the variables with an edit, increasing")
                #expect((0..<310).allSatisfy { table[VariableID($0)] == model[VariableID($0)] })
                #expect(Array(table.values) == model.keys.sorted().map { model[$0]! })
                #expect(table.map(\.key) == model.keys.sorted() && table.map(\.value) == model.keys.sorted().map { model[$0]! })
            }
        }
        table.updateEach { $0.priority += 1 }
        #expect(table.keys.allSatisfy { table[$0]!.priority == model[$0]!.priority + 1 })
        // a variable beyond the slots, and one below them, has no edit; removing one that has none changes nothing
        #expect(table[VariableID(10_000)] == nil && table[VariableID(-1)] == nil)
        #expect(!table.contains(VariableID(10_000)) && !table.contains(VariableID(-1)))
        #expect(table.read(VariableID(-1), { $0.priority }) == nil)
        let before = table.count
        table[VariableID(10_000)] = nil
        #expect(table.count == before)
    }

    @Test func theSolverRefusesAnEditVariableWithoutASlot() {
        let solver = ExactSolver()
        let half7 = try! Rational(7, 2)
        #expect(throws: SolverError.unknownEditVariable(VariableID(-3))) {
            try solver.addEditVariable(VariableID(-3), priority: Priority(500))
        }
        // still usable: an edit variable with a slot, suggested and solved
        #expect(throws: Never.self) {
            try solver.addEditVariable(VariableID(2), priority: Priority(500))
            try solver.suggest(half7, for: VariableID(2))
            _ = try solver.solve()
        }
        #expect(solver.value(of: VariableID(2)) == .exact(half7))
    }
}
