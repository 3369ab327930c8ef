import Testing
import PlumbSystem
import PlumbSolver
import PlumbBatch
import PlumbCorpus
@testable import ExactBackend

/// Long lifecycles on one exact solver (removals in batches, re-adds, constant changes, edits and suggestions), each
/// step compared with a fresh solve of the constraints then live by the exact back end without its floating-point
/// proposer (`exact-pivot`: no certificate, no kept state): the level sums must agree exactly. The solver under test
/// recovers dropped marker columns and keeps its level prices through every change; debug builds check each
/// recovered column against the original rows and each kept price row against one priced from scratch.
@Suite struct ExactLifecycles {
    /// Exact sum of violations per priority level, highest first, and the required constraints' (which must be 0).
    func levelSums(_ constraints: [LinearConstraint], _ solver: any LayoutSolver) throws -> (levels: [Rational], required: Rational) {
        let levels = Set(constraints.map(\.priority).filter { !$0.isRequired }).sorted(by: >)
        var sums = [Rational](repeating: .zero, count: levels.count)
        var required = Rational.zero
        for c in constraints {
            let v = try c.violation(at: { variable -> Rational in
                guard case .exact(let r) = solver.value(of: variable) else { return .zero }
                return r
            })
            if c.priority.isRequired { required = try required + v } else {
                let l = levels.firstIndex(of: c.priority)!
                sums[l] = try sums[l] + v
            }
        }
        return (sums, required)
    }

    @Test("random lifecycles on generated layouts agree exactly with a fresh exact solve after every step",
          arguments: [(Family.independent, 1), (.nested, 2), (.grid, 3), (.app, 4), (.chain, 5), (.random, 6), (.app, 7)])
    func lifecyclesAgreeWithFreshSolves(family: Family, seed: Int) throws {
        let system = try family.generate(size: 10, seed: UInt64(seed), rounds: 0).linearSystem()
        var g = SplitMix64(seed: UInt64(seed) &* 7_919 &+ 11)
        let s = ExactSolver()
        var live: [Int: LinearConstraint] = [:]
        for (i, c) in system.constraints.enumerated() {
            try s.add(c, id: ConstraintID(i))
            live[i] = c
        }
        _ = try s.solve()
        var out: [Int: LinearConstraint] = [:]
        var nextID = system.constraints.count
        var removals = 0, changes = 0
        var edited: [Int: Priority] = [:]
        var suggested: [Int: Int] = [:]
        let variableCount = system.variables.count
        for step in 0..<250 {
            switch g.int(0...11) {
            case 10, 11:
                let v = g.int(0...(variableCount - 1))
                if edited[v] == nil {
                    let priority = [Priority(250), Priority(500), Priority(999)][g.int(0...2)]
                    try s.addEditVariable(VariableID(v), priority: priority)
                    edited[v] = priority
                } else if g.int(0...3) == 0 {
                    try s.removeEditVariable(VariableID(v))
                    edited[v] = nil
                    suggested[v] = nil
                    break
                }
                let value = g.int(-50...400)
                try s.suggest(Rational(value), for: VariableID(v))
                suggested[v] = value
            case 0...3:
                for _ in 0..<g.int(1...4) where !live.isEmpty {
                    let id = live.keys.sorted()[g.int(0...(live.count - 1))]
                    try s.remove(ConstraintID(id))
                    out[id] = live.removeValue(forKey: id)
                    removals += 1
                }
            case 4...6:
                guard let id = out.keys.sorted().first else { break }
                var c = out.removeValue(forKey: id)!
                if g.int(0...1) == 0 { c = c.withConstant(try c.constant + Rational(g.int(-3...3))) }
                do {
                    try s.add(c, id: ConstraintID(nextID))
                    live[nextID] = c
                } catch {
                    guard case .unsatisfiable = error else { throw error }
                    #expect(!feasible(Array(live.values) + [c]), "seed \(seed) step \(step): refused a feasible add")
                }
                nextID += 1
            default:
                guard !live.isEmpty else { break }
                let id = live.keys.sorted()[g.int(0...(live.count - 1))]
                let changed = live[id]!.withConstant(try live[id]!.constant + Rational(g.int(-5...5)))
                do {
                    try s.setConstant(changed.constant, of: ConstraintID(id))
                    live[id] = changed
                    changes += 1
                } catch {
                    guard case .unsatisfiable = error else { throw error }
                    #expect(!feasible(live.map { $0.key == id ? changed : $0.value }),
                            "seed \(seed) step \(step): refused a feasible constant \(changed)")
                }
            }
            _ = try s.solve()
            let constraints = live.keys.sorted().map { live[$0]! } + suggested.keys.sorted().map {
                var e = LinearExpression(VariableID($0))
                try! e.add(constant: Rational(-suggested[$0]!))
                return LinearConstraint(e, .equal, priority: edited[$0]!)
            }
            let reference = ExactPivotingSolver()
            for (k, c) in constraints.enumerated() { try reference.add(c, id: ConstraintID(k)) }
            _ = try reference.solve()
            let ours = try levelSums(constraints, s)
            let theirs = try levelSums(constraints, reference)
            #expect(ours.required == .zero, "seed \(seed) step \(step): a required constraint is violated by \(ours.required)")
            #expect(ours.levels == theirs.levels, "seed \(seed) step \(step): levels \(ours.levels) against \(theirs.levels)")
            if ours.levels != theirs.levels || ours.required != .zero { return }
        }
        #expect(removals > 60 && changes > 15, "seed \(seed): \(removals) removals, \(changes) constant changes")
        let counts = s.markerCounts
        let regionSolves = (s.core as? ExactSolverCore<ExactRational>)?.engine.recovery.regionSolves ?? 0
        #expect(counts.recovered > 0, "seed \(seed): no marker recovered")
        // A grid's rows and columns are cycles of equalities (one shared width between two fixed edges): only the
        // region solve closes them.
        #expect(family != .grid || regionSolves > 0, "seed \(seed): no region solve")
        // Only an equality the others imply sends a removal back to a rebuild (none of these lifecycles has one: the
        // walk or the region solve recovered every marker; before either existed, each such removal rebuilt).
        #expect(counts.rebuilds == 0, "seed \(seed): \(counts.rebuilds) rebuilds")
    }

    func feasible(_ constraints: [LinearConstraint]) -> Bool {
        let reference = ExactPivotingSolver()
        for (k, c) in constraints.enumerated() where c.priority.isRequired {
            if (try? reference.add(c, id: ConstraintID(k))) == nil { return false }
        }
        return true
    }

    /// The work of a removal from an independent layout does not grow with the layout: the marker walk visits the
    /// view's own rows, and the eliminations rewrite as many rows, at 20 views as at 320.
    @Test("removing a view's equality from an independent layout touches the same rows at any size")
    func removalWorkIsBoundedOnIndependentLayouts() throws {
        var work: [(walked: Int, rewritten: Int)] = []
        for size in [20, 80, 320] {
            let system = try Family.independent.generate(size: size, rounds: 0).linearSystem()
            let s = ExactSolver()
            try SystemRunner.build(system, into: s)
            _ = try s.solve()
            // a first removal pays for the marker walk's index, and the first change for the engine's soft rows
            try s.remove(ConstraintID(4))
            _ = try s.solve()
            let core = try #require(s.core as? ExactSolverCore<ExactRational>)
            let walkedBefore = core.engine.recovery.rowsWalked, rewrittenBefore = core.engine.statColumn
            let middle = (system.constraints.count / 2) & ~3     // the first constraint of a view in the middle
            try s.remove(ConstraintID(middle))
            _ = try s.solve()
            work.append((core.engine.recovery.rowsWalked - walkedBefore, core.engine.statColumn - rewrittenBefore))
            #expect(s.markerCounts.rebuilds == 0)
            #expect(s.markerCounts.recovered == 2)
        }
        #expect(work[0].walked > 0 && work.allSatisfy { $0.walked == work[0].walked }, "rows walked: \(work)")
        #expect(work.allSatisfy { $0.rewritten == work[0].rewritten }, "rows rewritten: \(work)")
    }
}

private extension SplitMix64 {
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }
}
