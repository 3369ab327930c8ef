@testable import ExactBackend
import PlumbSolver
import PlumbSystem
import Testing

/// `RowStore`, the engine's flat row storage: rows read back as written through growth, moves to the tail, cell
/// removal and compaction; then the whole solver with compaction at every chance, against exact pivoting.
@Suite struct RowStoreTests {
    typealias Q = ExactRational

    func row(_ store: RowStore<Q>, _ i: Int) -> [(Int, Q)] {
        store.cells(i).map { (store.column[$0], store.coefficient[$0]) }
    }

    func same(_ a: [(Int, Q)], _ b: [(Int, Q)]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    }

    /// Row 0 gets room for 2 + 2 cells (at 0), row 1 for 1 + 2 (at 4). Rewriting row 0 with four entries stays in
    /// place; with five it moves to the tail (at 7, room 5 + 2; its 4 cells become garbage) and row 1 is untouched.
    /// Removing a cell shifts the rest down. Then row 1 grows out of its room three times: 4 entries (garbage 7 of
    /// 20 cells), 7 (13 of 29), 10 (22 of 41): only now is more than half abandoned, and compaction repacks row 0 at
    /// 0 (4 entries, room 6) and row 1 at 6 with the same entries.
    @Test func rowsReadBackThroughGrowthRemovalAndCompaction() {
        var store = RowStore<Q>()
        store.compaction.floor = 0
        let r0 = store.appendRow(columns: [0, 3], coefficients: [Q(1), Q(2)])
        let r1 = store.appendRow(columns: [1], coefficients: [Q(5)])
        #expect((r0, r1) == (0, 1))
        #expect(store.column.count == 7)
        store.setRow(0, columns: [0, 2, 3, 4], coefficients: [Q(1), Q(7), Q(2), Q(-1)])
        #expect(store.cells(0) == 0..<4)
        #expect(same(row(store, 0), [(0, Q(1)), (2, Q(7)), (3, Q(2)), (4, Q(-1))]))
        store.setRow(0, columns: [0, 1, 2, 3, 4], coefficients: [Q(1), Q(1, 3), Q(7), Q(2), Q(-1)])
        #expect(store.cells(0) == 7..<12)
        #expect(store.garbage == 4)
        #expect(same(row(store, 0), [(0, Q(1)), (1, Q(1, 3)), (2, Q(7)), (3, Q(2)), (4, Q(-1))]))
        #expect(same(row(store, 1), [(1, Q(5))]))
        #expect(store.cell(of: 2, inRow: 0) == 9)
        #expect(store.cell(of: 5, inRow: 0) == nil)
        store.removeCell(9, ofRow: 0)
        #expect(same(row(store, 0), [(0, Q(1)), (1, Q(1, 3)), (3, Q(2)), (4, Q(-1))]))
        #expect(store.liveCells == 5)

        store.setRow(1, columns: [0, 1, 2, 3], coefficients: (1...4).map { Q($0) })
        #expect((store.garbage, store.column.count) == (7, 20))
        store.compactIfWasteful()
        store.setRow(1, columns: Array(0..<7), coefficients: (1...7).map { Q($0) })
        #expect((store.garbage, store.column.count) == (13, 29))
        store.compactIfWasteful()
        #expect(store.compactions == 0)
        store.setRow(1, columns: Array(0..<10), coefficients: (1...10).map { Q(-$0) })
        #expect((store.garbage, store.column.count) == (22, 41))
        store.compactIfWasteful()
        #expect(store.compactions == 1)
        #expect(store.garbage == 0)
        #expect(store.cells(0) == 0..<4)
        #expect(store.cells(1) == 6..<16)
        #expect(store.column.count == 6 + 12)
        #expect(same(row(store, 0), [(0, Q(1)), (1, Q(1, 3)), (3, Q(2)), (4, Q(-1))]))
        #expect(same(row(store, 1), (0..<10).map { ($0, Q(-($0 + 1))) }))
        store.clearRow(1)
        #expect(store.length(1) == 0)
        #expect(store.liveCells == 4)
    }

    /// Random systems with constant changes, removals and suggestions, solved with compaction at nearly every chance
    /// (floor 0, share 1000), must agree level by level with the exact pivoting reference after every round.
    @Test func theSolverAgreesWithCompactionAtEveryChance() throws {
        var random = SplitMix64(seed: 9)
        let priorities: [Priority] = [.required, .required, .required, Priority(750), Priority(500), Priority(250)]
        var compactions = 0
        for _ in 0..<150 {
            let variables = 3 + Int(random.next() % 6)
            let fast = ExactSolver(), reference = ExactPivotingSolver()
            let core = try #require(fast.core as? ExactSolverCore<ExactRational>)
            core.compaction = .init(floor: 0, share: 1000)
            var live: [ConstraintID: LinearConstraint] = [:]
            var next = 0
            func add(_ c: LinearConstraint) {
                let id = ConstraintID(next)
                next += 1
                let a = (try? fast.add(c, id: id)) != nil, b = (try? reference.add(c, id: id)) != nil
                #expect(a == b, "accepted by one solver only: \(c)")
                if a { live[id] = c }
            }
            func constraint() throws -> LinearConstraint {
                var e = LinearExpression(constant: Rational(Int(random.next() % 41) - 20))
                for _ in 0..<(1 + Int(random.next() % 4)) {
                    let a = Int(random.next() % 7) - 3
                    if a != 0 { try e.add(VariableID(Int(random.next() % UInt64(variables))), Rational(a)) }
                }
                let relation: Relation = [.equal, .lessOrEqual, .greaterOrEqual][Int(random.next() % 3)]
                return LinearConstraint(e, relation, priority: priorities[Int(random.next() % UInt64(priorities.count))])
            }
            for _ in 0..<(4 + Int(random.next() % 8)) { add(try constraint()) }
            let edit = VariableID(0)
            try fast.addEditVariable(edit, priority: Priority(999))
            try reference.addEditVariable(edit, priority: Priority(999))
            for round in 0..<4 {
                switch round {
                case 1:
                    if let id = live.keys.sorted().first {
                        let c = Rational(Int(random.next() % 21) - 10)
                        let a = (try? fast.setConstant(c, of: id)) != nil
                        let b = (try? reference.setConstant(c, of: id)) != nil
                        #expect(a == b)
                        if a { live[id] = live[id]!.withConstant(c) }
                    }
                case 2:
                    if let id = live.keys.sorted().last {
                        try fast.remove(id)
                        try reference.remove(id)
                        live[id] = nil
                    }
                    add(try constraint())
                default: break
                }
                let v = Rational(Int(random.next() % 61) - 30)
                try fast.suggest(v, for: edit)
                try reference.suggest(v, for: edit)
                _ = try fast.solve()
                _ = try reference.solve()
                #expect(levelSums(fast, live.values) == levelSums(reference, live.values), "round \(round): \(live.values)")
            }
            compactions += core.engine.store.compactions
        }
        #expect(compactions > 20, "compaction ran \(compactions) times")
    }
}
