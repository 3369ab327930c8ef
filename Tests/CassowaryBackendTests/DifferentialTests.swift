import PlumbTestSupport
import Testing
import PlumbSystem
import PlumbSolver
@testable import CassowaryBackend


@Suite("Differential: incremental histories against fresh builds")
struct DifferentialTests {
    @Test("random small systems: adds, removes, constant changes, edits; same lexicographic optimum as a fresh solver",
          arguments: 0..<100)
    func randomHistories(seed: Int) throws {
        var g = SplitMix64(seed: UInt64(seed) &* 7919 &+ 17)
        let n = g.int(3...8)
        let s = CassowarySolver()
        var live: [Int: LinearConstraint] = [:]
        var nextID = 0
        let priorities: [Priority] = [.required, .required, 900, 500, 100, Priority(Rational(501))]
        func randomConstraint() -> LinearConstraint {
            let a = g.int(0...(n - 1)), b = g.int(0...(n - 1))
            var terms = [(a, g.int(1...3) * (g.int(0...1) == 0 ? 1 : -1))]
            if b != a { terms.append((b, g.int(1...3) * (g.int(0...1) == 0 ? 1 : -1))) }
            let rel: Relation = [.equal, .lessOrEqual, .greaterOrEqual, .greaterOrEqual][g.int(0...3)]
            return constraint(terms, g.int(-30...30), rel, priorities[g.int(0...(priorities.count - 1))])
        }
        // weak pins below every compared level (kept out of `live`: they only pick a vertex)
        for v in 0..<n { try s.add(pin(v, g.int(-10...10), 50), 10_000 + v) }
        var edits: [Int: (Priority, Int)] = [:]   // variable -> (priority, last suggested value)
        for step in 0..<80 {
            let op = g.int(0...11)
            if op >= 10 {
                let v = g.int(0...(n - 1))
                if edits[v] == nil {
                    let p: Priority = [950, 700, 300][g.int(0...2)]
                    try s.edit(v, p)
                    edits[v] = (p, 0)
                } else if op == 10 {
                    let value = g.int(-40...40)
                    try s.suggest(v, value)
                    edits[v]!.1 = value
                } else {
                    try s.removeEditVariable(VariableID(v))
                    edits[v] = nil
                }
                continue
            }
            if op < 6 || live.isEmpty {
                let c = randomConstraint()
                do { try s.add(c, nextID); live[nextID] = c } catch {
                    guard case .unsatisfiable(let id, let others) = error else { Issue.record("\(error)"); return }
                    #expect(id == ConstraintID(nextID))
                    // the explanation plus the new constraint is itself infeasible: dropping it makes it feasible
                    let t = CassowarySolver()
                    for o in others ?? [] { try t.add(live[o.index]!, o.index) }
                    #expect((try? t.add(c, 100_000)) == nil, "explanation of step \(step) is not a conflict")
                }
                nextID += 1
            } else if op < 8 {
                let id = live.keys.sorted()[g.int(0...(live.count - 1))]
                try s.remove(id)
                live[id] = nil
            } else {
                let id = live.keys.sorted()[g.int(0...(live.count - 1))]
                let changed = live[id]!.withConstant(Rational(g.int(-30...30)))
                do { try s.setConstant(changed.constant, of: ConstraintID(id)); live[id] = changed } catch {
                    guard case .unsatisfiable = error else { Issue.record("\(error)"); return }
                }
            }
            if step % 10 == 9 {
                for v in edits.keys.sorted() { try s.suggest(v, edits[v]!.1) }
                _ = try s.solve()
                let fresh = CassowarySolver()
                var all: [LinearConstraint] = []
                for id in live.keys.sorted() { try fresh.add(live[id]!, id); all.append(live[id]!) }
                for v in edits.keys.sorted() {
                    let (p, value) = edits[v]!
                    try fresh.edit(v, p)
                    try fresh.suggest(v, value)
                    // an edit counts once suggested; every edit here has been (0 stands for "not yet")
                    all.append(pin(v, value, p))
                }
                _ = try fresh.solve()
                let a = levelSums(all) { s.value(of: $0).doubleValue }, b = levelSums(all) { fresh.value(of: $0).doubleValue }
                #expect(a.required < 1e-7 && b.required < 1e-7)
                for l in a.levels.indices {
                    #expect(abs(a.levels[l] - b.levels[l]) <= 1e-7 * max(1, abs(b.levels[l])), "seed \(seed) step \(step) level \(l)")
                }
            }
        }
    }
}
