import Testing
import PlumbSystem
import PlumbSolver
import PlumbBatch
import PlumbCorpus
import CassowaryBackend

/// Work counters (deterministic, not timings) of the Cassowary back end on Plumb's random family, whose
/// cross-view equal sizes make a few slack and error symbols parameters of thousands of rows.
@Suite struct CassowaryWork {
    /// With the largest-coefficient entering rule, each new constraint touching such a hub made the simplex walk
    /// through the hub symbols and back (433,515 row substitutions for 6,681 constraints at 1,000 views);
    /// preferring, within a priority level, the improving symbol held by the fewest rows takes 9,859.
    @Test("random family, 1,000 views: row substitutions stay a small multiple of the constraints")
    func randomFamilySubstitutions() throws {
        let system = try Family.random.generate(size: 1000, seed: 1, rounds: 0).linearSystem()
        let solver = CassowarySolver()
        try SystemRunner.build(system, into: solver)
        let report = try solver.solve()
        #expect(report.converged)
        let work = solver.counters
        #expect(work.substitutions < 3 * system.constraints.count,
                "\(work.substitutions) substitutions for \(system.constraints.count) constraints")
    }
}
