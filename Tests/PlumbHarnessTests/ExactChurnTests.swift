import Testing
import PlumbSystem
import PlumbSolver
import PlumbBatch
import PlumbBackEnds
@testable import ExactBackend
@testable import PlumbHarness

/// The exact back end under churn: constraints removed and added back under the same ids, edits added and removed,
/// again and again on one solver. Its engine must stay the size of what it holds (the removed rows' columns, origins
/// and terms dropped by the order-preserving compaction), and its answers must be those of the same solver without
/// the compaction, bit for bit, and those of a fresh solver given the same constraints.
@Suite struct ExactChurnTests {
    /// A churn: what is built, and one cycle (which leaves the solver's constraints and edits as built).
    struct Churn {
        var name: String
        var system: LinearSystem
        var cycle: (any LayoutSolver) throws -> Void
    }

    /// What the engine holds: columns, origins, recorded terms (the term store, removed rows' included), row slots,
    /// and the longest of the columns' row lists.
    struct Size: CustomStringConvertible {
        var columns = 0, origins = 0, terms = 0, rowSlots = 0, longestList = 0
        func union(_ b: Size) -> Size {
            Size(columns: max(columns, b.columns), origins: max(origins, b.origins), terms: max(terms, b.terms),
                 rowSlots: max(rowSlots, b.rowSlots), longestList: max(longestList, b.longestList))
        }
        var description: String {
            "\(columns) columns, \(origins) origins, \(terms) terms, \(rowSlots) row slots, a row list of \(longestList)"
        }
    }

    static func core(_ solver: ExactSolver) -> ExactSolverCore<ExactRational> { solver.core as! ExactSolverCore<ExactRational> }

    static func size(_ solver: ExactSolver) -> Size {
        let e = core(solver).engine
        return Size(columns: e.columnCount, origins: e.origins.count, terms: e.termColumn.count, rowSlots: e.store.count,
                    longestList: e.columns.map(\.rows.count).max() ?? 0)
    }

    static func values(_ solver: any LayoutSolver, _ system: LinearSystem) -> [SolvedValue] {
        system.variables.indices.map { solver.value(of: VariableID($0)) }
    }

    static func constraint(_ terms: [(Int, Int)], _ constant: Int, _ relation: Relation = .equal,
                           _ priority: Priority = .required) -> LinearConstraint {
        var e = LinearExpression(constant: Rational(constant))
        for (v, a) in terms { try! e.add(VariableID(v), Rational(a)) }
        return LinearConstraint(e, relation, priority: priority)
    }

    /// The grid churns of `PropertySuite.churnWorkloads` on 9 views (a view remade, a constraint removed and added
    /// back); x == 10 and y == x + 5 with y's row remade (x an edit variable never suggested); and an edit added,
    /// suggested and removed.
    static func churns() throws -> [Churn] {
        var churns = try PropertySuite.churnWorkloads(smallViews: 4, largeViews: 9, verifier: ProposedExactSolver.self).suffix(2).map { churn in
            Churn(name: churn.name, system: churn.workload.system) { solver in
                for step in churn.workload.operations.flatMap(\.steps) { try WorkloadPlayer.perform(step, on: solver) }
            }
        }
        let y = constraint([(1, 1), (0, -1)], -5)
        churns.append(Churn(name: "y == x + 5 remade", system: LinearSystem(
            variables: ["x", "y"], constraints: [constraint([(0, 1)], -10), y],
            edits: [.init(variable: VariableID(0), priority: Priority(999))])) { solver in
            try solver.remove(ConstraintID(1))
            try solver.add(y, id: ConstraintID(1))
            _ = try solver.solve()
        })
        var suggested = 0
        churns.append(Churn(name: "an edit added, suggested and removed", system: LinearSystem(
            variables: ["x", "y", "w"],
            constraints: [constraint([(0, 1)], 0, .greaterOrEqual), constraint([(1, 1), (0, -1)], -5),
                          constraint([(2, 1), (0, -2)], 0, .lessOrEqual), constraint([(2, 1)], -40, .equal, Priority(250)),
                          constraint([(0, 1)], -30, .equal, Priority(100))])) { solver in
            suggested = (suggested + 7) % 50
            try solver.addEditVariable(VariableID(0), priority: Priority(750))
            try solver.suggest(Rational(suggested), for: VariableID(0))
            _ = try solver.solve()
            try solver.removeEditVariable(VariableID(0))
            _ = try solver.solve()
        })
        return churns
    }

    /// After the build and 300 cycles, 1,000 more leave the engine within the compaction's bound of what the layout
    /// needs (the live columns and origins, and as many retired as an eighth of the live ones or the floor, whichever
    /// is more; the live terms, and those of as many removed rows; each column's row list within twice the row slots,
    /// as many as the constraints and the edit), while the same
    /// solver without the compaction grows; and after every cycle the answers equal those without the compaction, bit
    /// for bit, and those of a fresh solver. (A floor below the default, 32: the debug build's invariant check after
    /// every call reads every column.)
    @Test("churn leaves the exact engine the size of its layout", arguments: 0..<4)
    func churnLeavesTheExactEngineTheSize(churn: Int) throws {
        try Self.play(try Self.churns()[churn], floor: 32)
    }

    /// The same at the default floor, on the smallest churn (where the floor decides).
    @Test func theDefaultFloorKeepsTheSize() throws {
        try Self.play(try Self.churns()[2], floor: SimplexEngine<ExactRational>.compactionFloor)
    }

    static func play(_ churn: Churn, floor: Int) throws {
        let solver = ProposedExactSolver(), uncompacted = ProposedExactSolver()
        #expect(core(solver).columnCompactionFloor == SimplexEngine<ExactRational>.compactionFloor)
        core(solver).columnCompactionFloor = floor
        core(uncompacted).columnCompactionFloor = nil
        for s in [solver, uncompacted] as [ExactSolver] {
            try SystemRunner.build(churn.system, into: s)
            _ = try s.solve()
        }
        let fresh = values(solver, churn.system)
        let built = size(solver)
        var most = Size(), compactions = 0
        for n in 0..<1_300 {
            let before = size(solver)
            try churn.cycle(solver)
            let after = size(solver)
            if after.columns < before.columns { compactions += 1 }
            if n >= 300 { most = most.union(after) }
            // (the twin without the compaction only for the first 300 cycles: it grows, and so does its check)
            if n < 300 { try churn.cycle(uncompacted) }
            let answer = values(solver, churn.system)
            guard answer == fresh && (n >= 300 || answer == values(uncompacted, churn.system)) else {
                Issue.record("\(churn.name): cycle \(n) answers \(answer), without the compaction \(values(uncompacted, churn.system)), fresh \(fresh)")
                return
            }
        }
        // (a cycle's edit row adds two live columns; a removal retires two at most before the check)
        let retired = max(floor, built.columns / 8 + 1) + 4
        let liveTerms = core(solver).engine.recovery.liveTerms
        let widest = churn.system.constraints.map(\.terms.count).max() ?? 0
        #expect(compactions > 0, "\(churn.name): never compacted (\(built) built, \(most) at most)")
        #expect(most.columns <= built.columns + retired && most.origins <= built.origins + retired,
                "\(churn.name): \(built) built, \(most) at most")
        #expect(most.terms <= liveTerms + widest * retired, "\(churn.name): \(liveTerms) live terms, \(most) at most")
        #expect(most.rowSlots <= churn.system.constraints.count + 1 && most.longestList <= 2 * most.rowSlots + 9,
                "\(churn.name): \(most) at most")
        #expect(size(uncompacted).columns > built.columns + 250, "\(churn.name): \(size(uncompacted)) without the compaction")
        // (a fresh solver: the same constraints, the same answer)
        let again = ProposedExactSolver()
        try SystemRunner.build(churn.system, into: again)
        _ = try again.solve()
        #expect(values(again, churn.system) == fresh, "\(churn.name): a fresh solver answers otherwise")
        #expect(core(solver).invariantReport().isEmpty, "\(churn.name): \(core(solver).invariantReport())")
    }
}
