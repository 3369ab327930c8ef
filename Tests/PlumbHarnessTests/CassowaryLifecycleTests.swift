import Testing
import PlumbSystem
import PlumbSolver
import PlumbCorpus
import PlumbBackEnds
@testable import CassowaryBackend

/// Long lifecycles on layout-shaped systems (where removals go through a variable of their own, wait and peel off
/// together, or go through a recovered marker column), with edits and suggestions, compared after every step with a
/// fresh exact solve of the constraints then live (the suggestions in effect as soft pins at their edit's priority).
@Suite struct CassowaryLifecycles {
    let exact = PlumbBackEnds.named("exact")!

    /// Per-level violation sums, highest priority first, and the largest required violation.
    func levelSums(_ constraints: [LinearConstraint], _ value: (VariableID) -> Double) -> (levels: [Double], required: Double) {
        let levels = Set(constraints.map(\.priority).filter { !$0.isRequired }).sorted(by: >)
        var sums = [Double](repeating: 0, count: levels.count)
        var required = 0.0
        for c in constraints {
            let v = c.violation(at: value)
            if c.priority.isRequired { required = max(required, v) } else { sums[levels.firstIndex(of: c.priority)!] += v }
        }
        return (sums, required)
    }

    @Test("random removals in batches, re-adds and constant changes on generated layouts agree with the exact back end",
          arguments: [(Family.independent, 1), (.nested, 2), (.grid, 3), (.app, 4), (.chain, 5), (.app, 6)])
    func lifecyclesAgreeWithExact(family: Family, seed: Int) throws {
        let system = try family.generate(size: 12, seed: UInt64(seed), rounds: 0).linearSystem()
        var g = SplitMix64(seed: UInt64(seed) &* 104_729 &+ 3)
        let s = CassowarySolver()
        var live: [Int: LinearConstraint] = [:]
        for (i, c) in system.constraints.enumerated() {
            try s.add(c, id: ConstraintID(i))
            live[i] = c
        }
        _ = try s.solve()
        var out: [Int: LinearConstraint] = [:]
        var nextID = system.constraints.count
        var removals = 0
        // edits: the priority of each edited variable, and the suggestions waiting for a solve and in effect
        var edited: [Int: Priority] = [:]
        var waiting: [Int: Int] = [:]
        var inEffect: [Int: Int] = [:]
        let variableCount = system.variables.count
        func solve() throws {
            _ = try s.solve()
            inEffect.merge(waiting) { $1 }
            waiting.removeAll()
        }
        for step in 0..<400 {
            switch g.int(0...11) {
            case 10, 11:
                // an edit on a variable (added on first use, sometimes taken away), then a suggestion
                let v = g.int(0...(variableCount - 1))
                if edited[v] == nil {
                    let priority = [Priority(250), Priority(500), Priority(999)][g.int(0...2)]
                    try s.addEditVariable(VariableID(v), priority: priority)
                    edited[v] = priority
                } else if g.int(0...3) == 0 {
                    try s.removeEditVariable(VariableID(v))
                    edited[v] = nil
                    waiting[v] = nil
                    inEffect[v] = nil
                    continue
                }
                let value = g.int(-50...400)
                try s.suggest(Rational(value), for: VariableID(v))
                waiting[v] = value
            case 0...3:
                // a batch of one to four, as a remake or a view taken out sends them, then a solve
                for _ in 0..<g.int(1...4) where !live.isEmpty {
                    let id = live.keys.sorted()[g.int(0...(live.count - 1))]
                    try s.remove(ConstraintID(id))
                    out[id] = live.removeValue(forKey: id)
                    removals += 1
                }
            case 4...6:
                // something taken out comes back under a new id, sometimes with another constant
                guard let id = out.keys.sorted().first else { continue }
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
                guard !live.isEmpty else { continue }
                let id = live.keys.sorted()[g.int(0...(live.count - 1))]
                let changed = live[id]!.withConstant(try live[id]!.constant + Rational(g.int(-5...5)))
                do {
                    try s.setConstant(changed.constant, of: ConstraintID(id))
                    live[id] = changed
                } catch {
                    guard case .unsatisfiable = error else { throw error }
                    #expect(!feasible(live.map { $0.key == id ? changed : $0.value }),
                            "seed \(seed) step \(step): refused a feasible constant \(changed) (was \(live[id]!)); \(error); own \(String(describing: s.slot(of: ConstraintID(id)).flatMap { s.ownVariable(of: s.records[$0]) })), marker \(String(describing: s.slot(of: ConstraintID(id)).flatMap { s.records[$0].marker }))")
                }
            }
            if g.int(0...1) == 0 { try solve() }
            // the comparison reads values, which takes out any removal still waiting
            let constraints = live.keys.sorted().map { live[$0]! } + inEffect.keys.sorted().map {
                var e = LinearExpression(VariableID($0))
                try! e.add(constant: Rational(-inEffect[$0]!))
                return LinearConstraint(e, .equal, priority: edited[$0]!)
            }
            let reference = exact.init()
            for (k, c) in constraints.enumerated() { try reference.add(c, id: ConstraintID(k)) }
            _ = try reference.solve()
            let ours = levelSums(constraints) { s.value(of: $0).doubleValue }
            let theirs = levelSums(constraints) { reference.value(of: $0).doubleValue }
            #expect(ours.required < 1e-7, "seed \(seed) step \(step): a required constraint is violated by \(ours.required)")
            for l in ours.levels.indices {
                #expect(abs(ours.levels[l] - theirs.levels[l]) <= 1e-7 * max(1, abs(theirs.levels[l])),
                        "seed \(seed) step \(step) level \(l): \(ours.levels[l]) against the exact \(theirs.levels[l])")
            }
            let report = s.invariantReport()
            #expect(report.isEmpty, "seed \(seed) step \(step):\n\(report.description)")
            if !report.isEmpty { return }
        }
        #expect(removals > 120, "seed \(seed): only \(removals) removals")
        #expect(family == .independent || s.recoveredMarkerCount > 0, "seed \(seed): no marker recovered")
        // every removal and constant change went through a variable of its own, waited for one, or recovered its
        // marker column (the app family's shared widths and sibling anchors rebuilt 57 times for 131 removals on
        // seed 6 before the markers were recovered)
        #expect(s.rebuildCount == 0, "seed \(seed): \(s.rebuildCount) rebuilds, \(s.recoveredMarkerCount) recovered markers for \(removals) removals")
    }

    func feasible(_ constraints: [LinearConstraint]) -> Bool {
        let reference = exact.init()
        for (k, c) in constraints.enumerated() where c.priority.isRequired {
            if (try? reference.add(c, id: ConstraintID(k))) == nil { return false }
        }
        return true
    }
}

private extension SplitMix64 {
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }
}
