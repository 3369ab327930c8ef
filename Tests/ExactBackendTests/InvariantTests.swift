@testable import ExactBackend
import PlumbInvariants
import PlumbSolver
import PlumbSystem
import Testing

/// The exact solver's invariant check (`ExactSolverCore.invariantReport()`): it holds through random operation
/// sequences, refused calls included, and it is not vacuous: each deliberate corruption of one kind of state is
/// reported.
@Suite struct ExactInvariantTests {
    func constraint(_ terms: [(Int, Int)], _ constant: Int, _ relation: Relation, _ priority: Priority = .required)
        -> LinearConstraint {
        var e = LinearExpression(constant: Rational(constant))
        for (i, a) in terms { try! e.add(VariableID(i), Rational(a)) }
        return LinearConstraint(e, relation, priority: priority)
    }

    func core(_ s: ExactSolver) throws -> ExactSolverCore<ExactRational> {
        try #require(s.core as? ExactSolverCore<ExactRational>)
    }

    /// A small deterministic generator (the test's own; no shared state).
    struct Generator {
        var state: UInt64
        mutating func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
    }

    /// Random operations on six variables (required equalities and inequalities that can conflict, soft rows at three
    /// priorities, edits and suggestions, removals, constant changes, solves and range queries); the check runs after
    /// each, whatever the call answered.
    @Test("the check holds through random operations", arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func holdsThroughRandomOperations(seed: UInt64) throws {
        var g = Generator(state: seed)
        let s = ExactSolver()
        let c = try core(s)
        if seed % 2 == 0 { c.compaction = .init(floor: 0, share: 1000) }
        var ids: [ConstraintID] = []
        var next = 0
        var editing: Set<Int> = []
        var refused = 0
        let priorities: [Priority] = [.required, .required, .high, .medium, .low]
        for step in 0..<220 {
            do {
                switch g.next(10) {
                case 0, 1, 2:
                    let a = g.next(6), b = (a + 1 + g.next(5)) % 6
                    let terms = g.next(2) == 0 ? [(a, 1)] : [(a, 1), (b, g.next(2) == 0 ? -1 : 2)]
                    let relation: Relation = [.equal, .lessOrEqual, .greaterOrEqual][g.next(3)]
                    let id = ConstraintID(next)
                    next += 1
                    try s.add(constraint(terms, g.next(41) - 20, relation, priorities[g.next(priorities.count)]), id: id)
                    ids.append(id)
                case 3:
                    guard !ids.isEmpty else { continue }
                    let id = ids.remove(at: g.next(ids.count))
                    try s.remove(id)
                case 4:
                    guard !ids.isEmpty else { continue }
                    try s.setConstant(Rational(g.next(41) - 20), of: ids[g.next(ids.count)])
                case 5:
                    let v = g.next(6)
                    if editing.contains(v) {
                        try s.removeEditVariable(VariableID(v))
                        editing.remove(v)
                    } else {
                        try s.addEditVariable(VariableID(v), priority: [.high, .medium][g.next(2)])
                        editing.insert(v)
                    }
                case 6, 7:
                    guard !editing.isEmpty else { continue }
                    let v = editing.sorted()[g.next(editing.count)]
                    try s.suggest(Rational(g.next(61) - 30), for: VariableID(v))
                case 8:
                    _ = try s.solve()
                default:
                    _ = try s.solve()
                    _ = try s.ambiguousVariables(among: nil)
                }
            } catch {
                refused += 1
            }
            let report = c.invariantReport()
            #expect(report.isEmpty, "seed \(seed) step \(step):\n\(report.description)")
            if !report.isEmpty { return }
        }
        #expect(refused > 0, "seed \(seed): no call was refused, so no rollback was checked")
    }

    /// x − y = 10, y ≥ 0, x ≤ 100 strong, y = 30 weak, x = 50 medium, an edit of z at medium and z + x ≤ 200:
    /// solved, the check passes; then one corruption.
    func solvedSolver() throws -> ExactSolver {
        let s = ExactSolver()
        try s.add(constraint([(0, 1), (1, -1)], -10, .equal), id: ConstraintID(0))
        try s.add(constraint([(1, 1)], 0, .greaterOrEqual), id: ConstraintID(1))
        try s.add(constraint([(0, 1)], -100, .lessOrEqual, .high), id: ConstraintID(2))
        try s.add(constraint([(1, 1)], -30, .equal, .low), id: ConstraintID(3))
        try s.add(constraint([(0, 1)], -50, .equal, .medium), id: ConstraintID(4))
        try s.add(constraint([(2, 1), (0, 1)], -200, .lessOrEqual), id: ConstraintID(5))
        try s.addEditVariable(VariableID(2), priority: .medium)
        try s.suggest(Rational(7), for: VariableID(2))
        _ = try s.solve()
        // Hand-derived: x − y = 10 with x = 50 (medium) and y = 30 (low) cannot both hold; medium wins: x = 50, y = 40.
        #expect(s.value(of: VariableID(0)) == .exact(Rational(50)))
        #expect(s.value(of: VariableID(1)) == .exact(Rational(40)))
        #expect(s.value(of: VariableID(2)) == .exact(Rational(7)))
        return s
    }

    @Test("the check catches a broken invariant of each kind", arguments: Corruption.allCases)
    func catchesCorruption(_ corruption: Corruption) throws {
        let s = try solvedSolver()
        let c = try core(s)
        // The engine must hold the soft rows (a certified answer keeps them out of it until something needs them),
        // and the answer must be read from it (a suggestion that keeps the optimum, then a solve).
        _ = try s.ambiguousVariables(among: nil)
        try s.suggest(Rational(8), for: VariableID(2))
        _ = try s.solve()
        #expect(s.value(of: VariableID(2)) == .exact(Rational(8)))
        try #require(c.solutionTracksEngine)
        #expect(c.invariantReport().isEmpty, "the check fails before any corruption:\n\(c.invariantReport().description)")
        let e = c.engine
        let live = (0..<e.store.count).filter { e.rowBasic[$0] != nil }
        let rowWithCells = try #require(live.first { e.store.length($0) > 0 })
        let cellColumn = e.store.column[e.store.cells(rowWithCells).lowerBound]
        let x = try #require(c.columnOf[0])
        switch corruption {
        case .basicRow:
            c.engine.columns[e.basic(ofRow: rowWithCells)].basicRow = nil
        case .basicColumnInACell:
            let other = try #require(live.first { $0 != rowWithCells })
            let basic = e.basic(ofRow: other)
            let cells = e.store.cells(rowWithCells)
            var cols = cells.map { e.store.column[$0] }, vals = cells.map { e.store.coefficient[$0] }
            cols.append(basic); vals.append(.one)
            let order = cols.indices.sorted { cols[$0] < cols[$1] }
            c.engine.store.setRow(rowWithCells, columns: order.map { cols[$0] }, coefficients: order.map { vals[$0] })
        case .valueMoved:
            c.engine.columns[x].value = c.engine.columns[x].value + .one
        case .infeasibleListed:
            c.engine.infeasible.insert(rowWithCells)
        case .columnListMissesARow:
            c.engine.columns[cellColumn].rows.removeAll { $0 == rowWithCells }
            c.engine.columns[cellColumn].rowsMayBeStale = false
        case .levelCount:
            _ = c.engine.levels.add(Priority(123))
        case .keptLevelPrice:
            try #require(c.engine.levelPricesValid && !c.engine.levelPrices.isEmpty)
            let nonbasic = try #require(e.columns.indices.first { !e.columns[$0].isBasic && e.columns[$0].presence != .dropped })
            c.engine.levelPrices[0].widen(columns: e.columnCount)
            c.engine.levelPrices[0].add(nonbasic, .one)
        case .mentionCount:
            c.mentions[1] += 1
        case .variableMap:
            c.variableOfColumn[x] = nil
        case .columnMap:
            // variable 1 (y) is in constraints 0, 1 and 3 but loses its column
            c.columnOf[1] = nil
        case .originConstant:
            let origin = try #require(c.constraints[ConstraintID(1)]?.origin)
            c.engine.origins[origin].constant = c.engine.origins[origin].constant + .one
        case .originUnclaimed:
            c.constraints[ConstraintID(3)]!.origin = nil
        case .answer:
            c.solution[0] = .exact(Rational(12345))
        case .freeRowListed:
            c.engine.freeRows.append(rowWithCells)
        case .fixingReleased:
            // a level's fixing undone, consistently in the column and the list: the face is no longer the optimum's
            let j = try #require(e.fixings.first)
            c.engine.columns[j].bounds = e.columns[j].kind.ownBounds
            c.engine.fixings.removeFirst()
            for k in e.fixingLevels.indices where e.fixingLevels[k].end > 0 { c.engine.fixingLevels[k].end -= 1 }
        case .fixingOwner:
            try #require(e.fixingOwnersCurrent)
            let j = try #require(e.fixings.first)
            c.engine.columns[j].fixingLevel &+= 1
        }
        let report = c.invariantReport()
        #expect(!report.isEmpty, "\(corruption) went unnoticed")
    }

    enum Corruption: CaseIterable, Sendable {
        case basicRow, basicColumnInACell, valueMoved, infeasibleListed, columnListMissesARow, levelCount, keptLevelPrice, columnMap
        case mentionCount, variableMap, originConstant, originUnclaimed, answer, freeRowListed, fixingReleased, fixingOwner
    }
}
