import Testing
import PlumbSystem
import PlumbSolver
@testable import CassowaryBackend

/// When the solver looks for symbols out of use: only after removals (or phase ones) may have left enough, and
/// otherwise when the symbol count doubles. Each look reads every row, so a build that looked at every eighth of
/// growth spent a tenth of its time reading its own tableau (random-100000).
@Suite("Symbol compaction: looks only when symbols may be out of use")
struct SymbolCompactionTests {
    /// A row of `n` gaps: `x0 == 0`, then per gap `x[i+1] - x[i] >= 8` and `x[i+1] - x[i] == 20 @500` (a slack and
    /// two error symbols per gap, nothing ever removed).
    static func buildRow(_ n: Int) throws -> CassowarySolver {
        let s = CassowarySolver()
        try s.add(pin(0, 0), 0)
        for i in 0..<n {
            try s.add(constraint([(i + 1, 1), (i, -1)], -8, .greaterOrEqual), 2 * i + 1)
            try s.add(constraint([(i + 1, 1), (i, -1)], -20, .equal, 500), 2 * i + 2)
        }
        return s.solved()
    }

    @Test("a build that removes nothing looks once per doubling of the symbols, and answers as laid out")
    func buildLooksRarely() throws {
        let n = 3_000
        let s = try Self.buildRow(n)
        let counters = s.counters
        // every gap meets its preference: x[i] = 20 i (hand derivation: 20 >= 8)
        #expect(s.val(n) == Double(20 * n))
        #expect(counters.symbols >= 4 * n, "\(counters)")
        // looks at 512, 1024, ..., the first power of two past the final count: log2(symbols / 256) of them
        var doublings = 0, at = 2 * Tableau.compactionFloor
        while at <= counters.symbols { doublings += 1; at *= 2 }
        #expect(counters.symbolScans <= doublings, "\(counters)")
        #expect(counters.symbolScans >= 1, "the backstop never looked: \(counters)")
    }

    @Test("churn still compacts: removing and adding the same soft constraints keeps the symbols bounded")
    func churnCompacts() throws {
        let n = 200
        let s = try Self.buildRow(n)
        let built = s.counters.symbols
        for cycle in 0..<6_000 {
            // a gap's preference goes and comes back under its id (two error symbols dropped, two made)
            let gap = cycle % n
            try s.remove(2 * gap + 2)
            try s.add(constraint([(gap + 1, 1), (gap, -1)], -20, .equal, 500), 2 * gap + 2)
        }
        let after = s.solved().counters
        #expect(s.val(n) == Double(20 * n))
        #expect(after.symbolScans >= 2, "\(after)")
        // an eighth of slack over what is in use, and the floor
        #expect(after.symbols <= built + max(Tableau.compactionFloor, built / 8) + 8, "\(built) built, \(after)")
    }
}
