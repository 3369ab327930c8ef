import Testing
import PlumbSystem
import PlumbSolver
import PlumbBatch
import PlumbCorpus
import PlumbBackEnds

/// Cassowary against the exact back end on random layouts: every priority level's total violation agrees
/// within 1e-9 relative, and so does every variable the exact back end finds unique.
@Suite struct CassowaryAgainstExact {
    static let seeds: [UInt64] = Array(1...40)

    @Test(arguments: seeds)
    func randomLayoutsAgree(_ seed: UInt64) throws {
        let cassowary = try #require(PlumbBackEnds.named("cassowary"))
        let exact = try #require(PlumbBackEnds.named("exact"))
        let size = 3 + Int(seed % 25)
        let system = try Family.random.generate(size: size, seed: seed, rounds: 3).linearSystem()
        let a = SystemRunner(roundValues: .all).run(system, solver: cassowary)
        let e = SystemRunner(roundValues: .all).run(system, solver: exact)
        try #require(a.status == .ok && e.status == .ok, "\(a.message) \(e.message)")
        let ambiguous = Set(e.ambiguous.map(\.name))
        func close(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 1e-9 * max(1, abs(x), abs(y)) }
        for (float, exactValues) in zip([a.values] + a.rounds, [e.values] + e.rounds) {
            let fv = Dictionary(uniqueKeysWithValues: float.map { ($0.name, $0.value.doubleValue) })
            let ev = Dictionary(uniqueKeysWithValues: exactValues.map { ($0.name, $0.value.doubleValue) })
            var levelsF: [Priority: Double] = [:], levelsE: [Priority: Double] = [:]
            for c in system.constraints {
                levelsF[c.priority, default: 0] += c.violation(at: { fv[system.variables[$0.index]] ?? 0 })
                levelsE[c.priority, default: 0] += c.violation(at: { ev[system.variables[$0.index]] ?? 0 })
            }
            for (p, v) in levelsE { #expect(close(levelsF[p] ?? 0, v), "seed \(seed), level \(p): \(levelsF[p] ?? 0) vs \(v)") }
        }
        // The initial solve: unique variables agree (ambiguity is reported for the initial solve).
        let fv = Dictionary(uniqueKeysWithValues: a.values.map { ($0.name, $0.value.doubleValue) })
        for entry in e.values where !ambiguous.contains(entry.name) {
            #expect(close(fv[entry.name] ?? .nan, entry.value.doubleValue), "seed \(seed): \(entry.name)")
        }
    }
}
