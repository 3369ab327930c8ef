import Testing
import PlumbSystem
import PlumbSolver
import PlumbBatch
import PlumbCorpus
import PlumbBackEnds
@testable import PlumbHarness

/// A long edit session on one floating-point solver stays within the conformance tolerance of the exact answer:
/// 100,000 suggestions (drags of the root's width to values with thirds and sevenths in them, and back), checked
/// against a fresh exact solve at checkpoints, with the largest drift reported.
@Suite struct EditDrift {
    static func drift(family: Family, size: Int, suggestions: Int, checkpoints: Int) throws -> Double {
        let cassowary = try #require(PlumbBackEnds.named("cassowary"))
        let exact = try #require(PlumbBackEnds.named("exact"))
        let system = try family.generate(size: size, seed: 3, rounds: 1).linearSystem()
        let edit = try #require(system.edits.first)
        let float = cassowary.init()
        try SystemRunner.build(system, into: float)
        _ = try float.solve()
        var rng = SplitMix64(seed: 17)
        var worst = 0.0
        let policy = ConformancePolicy.standard
        for k in 1...suggestions {
            // Widths from 300 to 1,500 with a denominator of 3 or 7: values binary floating point cannot hold.
            let value = try Rational(Int128(300 * 21 + rng.next(1200 * 21)), Int128([3, 7, 21][rng.next(3)]))
            try float.suggest(value, for: edit.variable)
            _ = try float.solve()
            guard k % (suggestions / checkpoints) == 0 else { continue }
            let reference = exact.init()
            try SystemRunner.build(system, into: reference)
            try reference.suggest(value, for: edit.variable)
            _ = try reference.solve()
            // Variables the layout leaves ambiguous may rest anywhere on the optimal face; compare the others, and
            // every level's total (the suggestion's own row included).
            let detector = try #require(reference as? any AmbiguityDetecting)
            let ambiguous = Set(try detector.ambiguousVariables(among: nil).map(\.variable))
            var levels: [Priority: (Double, Double)] = [edit.priority: (0, 0)]
            for c in system.constraints {
                let (f, e) = levels[c.priority] ?? (0, 0)
                levels[c.priority] = (f + c.violation(at: { float.value(of: $0).doubleValue }),
                                      e + c.violation(at: { reference.value(of: $0).doubleValue }))
            }
            let (f, e) = levels[edit.priority]!
            levels[edit.priority] = (f + abs(float.value(of: edit.variable).doubleValue - value.doubleValue),
                                     e + abs(reference.value(of: edit.variable).doubleValue - value.doubleValue))
            for (p, (f, e)) in levels {
                #expect(policy.agree(.float(f), .float(e)), "\(family) after \(k) suggestions: level \(p) total \(f), exact \(e)")
            }
            for v in system.variables.indices.map({ VariableID($0) }) where !ambiguous.contains(v) {
                let want = reference.value(of: v), got = float.value(of: v)
                worst = max(worst, abs(got.doubleValue - want.doubleValue) / max(1, abs(want.doubleValue)))
                #expect(policy.agree(got, want), "\(family) after \(k) suggestions: \(system.variables[v.index]) = \(got), exact \(want)")
            }
        }
        return worst
    }

    @Test(arguments: [Family.chain, .grid, .nested, .random])
    func oneHundredThousandSuggestions(_ family: Family) throws {
        let worst = try Self.drift(family: family, size: 30, suggestions: 100_000, checkpoints: 10)
        print("edit drift, \(family.rawValue) of 30 views, 100,000 suggestions: largest relative difference from exact \(worst)")
        #expect(worst <= 1e-9)
    }
}
