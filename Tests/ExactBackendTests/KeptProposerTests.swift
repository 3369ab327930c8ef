import CassowaryBackend
@testable import ExactBackend
import PlumbSolver
import PlumbSystem
import PlumbTestSupport
import Testing

/// A certified answer keeps the proposer that made it, and its certificate, while the system has edit variables; a
/// suggestion then goes to that proposer, and the solve answers from the certificate (the certified basis's solution
/// moved with the new values, or the proposer's new basis certified on the same rows), or else builds the tableau at
/// the proposer's basis for the changed system (`ExactSolverCore+KeptProposer.swift`).
/// Every answer is derived by hand, or compared with a solver that solves the final system from scratch without a
/// proposal (`ExactPivotingSolver`); the counters say which path ran.
@Suite struct KeptProposerTests {
    func core(_ s: ExactSolver) throws -> ExactSolverCore<ExactRational> {
        try #require(s.core as? ExactSolverCore<ExactRational>)
    }

    /// x0 … x59 (variables 0…59) want 10 each, x_i at priority 900 − 10·i (every one its own level); s (60) is
    /// their sum, required, and edited at 950; optionally a second edit on x0 at 200. Before any value s = 600;
    /// with s = S the lowest preference gives way alone: x59 = S − 590.
    func sumOfPreferences(secondEdit: Bool = false) throws -> ExactSolver {
        let s = ExactSolver.proposingEverySolve()
        try s.add(.integer([(60, 1)] + (0..<60).map { ($0, -1) }, 0, .equal), id: ConstraintID(0))
        for i in 0..<60 {
            try s.add(.integer([(i, 1)], -10, .equal, priority: Priority(Rational(900 - 10 * i))),
                      id: ConstraintID(1 + i))
        }
        try s.addEditVariable(VariableID(60), priority: Priority(950))
        if secondEdit { try s.addEditVariable(VariableID(0), priority: Priority(200)) }
        _ = try s.solve()
        return s
    }

    func expectSum(_ s: ExactSolver, _ total: Rational, _ step: String) throws {
        let x59 = try total - Rational(590)
        for i in 0..<59 { #expect(s.value(of: VariableID(i)) == .exact(Rational(10)), "\(step): x\(i)") }
        #expect(s.value(of: VariableID(59)) == .exact(x59), "\(step): x59")
        #expect(s.value(of: VariableID(60)) == .exact(total), "\(step): s")
    }

    /// At s = 900, x59 = 310 sits 300 above its preference (its row's error above, p = 300, basic); s = 800 moves
    /// it to p = 200, still feasible: the same basis. s = 500 would move p to -100: x59 = -90 is below, n basic, a
    /// new basis.
    @Test("suggestions after a certified answer are answered from its certificate, without a tableau")
    func suggestionThroughTheKeptProposer() throws {
        let s = try sumOfPreferences()
        let c = try core(s)
        #expect(s.counters.withoutTableau == 1, "the test's premise: the first solve is certified")
        try expectSum(s, 600, "before any value")

        // the edit's first value adds a row: the proposer's basis, certified on the rows with it
        try s.suggest(Rational(900), for: VariableID(60))
        #expect(s.counters.suggestionsToKeptProposer == 1)
        _ = try s.solve()
        #expect(s.counters.keptCertificateAnswers == 1 && s.counters.keptBasisAnswers == 0)
        try expectSum(s, 900, "s = 900")
        // a value the certified basis still holds at: its solution moved
        try s.suggest(Rational(800), for: VariableID(60))
        _ = try s.solve()
        #expect(s.counters.keptBasisAnswers == 1 && s.counters.keptCertificateAnswers == 1)
        try expectSum(s, 800, "s = 800")
        // one it does not: certified again at the proposer's basis
        try s.suggest(Rational(500), for: VariableID(60))
        _ = try s.solve()
        #expect(s.counters.keptBasisAnswers == 1 && s.counters.keptCertificateAnswers == 2)
        try expectSum(s, 500, "s = 500")
        #expect(s.counters.suggestionsToKeptProposer == 3)
        #expect(s.counters.materializedAtKeptProposer == 0)
        #expect(c.engine.liveRowCount == 1, "the soft rows still wait outside the engine")
        #expect(c.invariantReport().isEmpty, "\(c.invariantReport().description)")

        // a change of the rows builds the tableau at the certified basis; a later value is a suggestion like any other
        try s.add(.integer([(59, 1)], 1000, .greaterOrEqual, priority: Priority(100)), id: ConstraintID(100))
        #expect(c.engine.liveRowCount > 1)
        try s.suggest(Rational(700), for: VariableID(60))
        _ = try s.solve()
        #expect(s.counters.suggestionsToKeptProposer == 3)
        try expectSum(s, 700, "s = 700")
        #expect(c.invariantReport().isEmpty, "\(c.invariantReport().description)")
    }

    /// The same system past `firstValueCertificateRows` (lowered to 60: it has 61 constraint rows): the edit's first
    /// value would need a certificate of every row again, so the tableau is built at the proposer's basis instead;
    /// the next values are the engine's suggestions (kept on its optimal face: s = 800 keeps x59 above 10).
    @Test("a large system's first value builds the tableau instead of a new certificate")
    func firstValueOfALargeSystemBuildsTheTableau() throws {
        let s = try sumOfPreferences()
        let c = try core(s)
        #expect(s.counters.withoutTableau == 1, "the test's premise: the first solve is certified")
        c.firstValueCertificateRows = 60
        try s.suggest(Rational(900), for: VariableID(60))
        _ = try s.solve()
        #expect(s.counters.keptCertificateAnswers == 0)
        #expect(s.counters.materializedAtKeptProposer == 1)
        #expect(c.engine.liveRowCount == 62, "every row in the engine, the edit's with them")
        try expectSum(s, 900, "s = 900")
        try s.suggest(Rational(800), for: VariableID(60))
        _ = try s.solve()
        #expect(s.counters.keptCertificateAnswers == 0 && s.counters.keptBasisAnswers == 0)
        try expectSum(s, 800, "s = 800")
        #expect(c.invariantReport().isEmpty, "\(c.invariantReport().description)")
    }

    @Test("two values before the solve: the proposer takes both, the last one counts")
    func twoValuesBeforeTheSolve() throws {
        let s = try sumOfPreferences()
        try s.suggest(Rational(900), for: VariableID(60))
        try s.suggest(Rational(700), for: VariableID(60))
        _ = try s.solve()
        #expect(s.counters.suggestionsToKeptProposer == 2)
        #expect(s.counters.keptCertificateAnswers == 1)
        try expectSum(s, 700, "s = 700")
    }

    /// s = 900, then 901, 902, …: every value keeps x59 above its preference, the certified basis, whose solution
    /// moves: no tableau however long the resize, and the proposer is not asked (its suggestions wait).
    @Test("a long run of values the certified basis holds at is answered by moving its solution")
    func longResizeMovesTheSolution() throws {
        let s = try sumOfPreferences()
        let c = try core(s)
        for k in 0..<100 {
            try s.suggest(Rational(900 + k), for: VariableID(60))
            _ = try s.solve()
            try expectSum(s, Rational(900 + k), "s = \(900 + k)")
        }
        #expect(s.counters.keptCertificateAnswers == 1)
        #expect(s.counters.keptBasisAnswers == 99)
        #expect(s.counters.materializedAtKeptProposer == 0)
        #expect(c.engine.liveRowCount == 1, "the soft rows still wait outside the engine")
        #expect(c.unsentSuggestions.count == 1, "the proposer holds s = 900; the last value waits for it")
        // a value in the other regime (500: x59 below its preference), then a change of the rows before the solve:
        // the proposer takes the waiting value first, so its basis for s = 500 is the optimum as it stands (with
        // s = 999 it would not be, and the engine would pivot from it)
        try s.suggest(Rational(500), for: VariableID(60))
        let before = s.counters
        try s.add(.integer([(59, 1)], 1000, .greaterOrEqual, priority: Priority(100)), id: ConstraintID(100))
        #expect(s.counters.materializedAtKeptProposer == 1)
        #expect(c.unsentSuggestions.isEmpty)
        _ = try s.solve()
        try expectSum(s, 500, "s = 500 after the change")
        #expect(s.counters.certified == before.certified + 1)
        #expect(s.counters.fallbackIterations == before.fallbackIterations)
        #expect(c.invariantReport().isEmpty, "\(c.invariantReport().description)")
    }

    /// s alternates between 900 (x59 above its preference: p basic) and 500 (below: n basic), a new basis at each
    /// value. The same edits' basis is certified again `certificationsBeforeTableau` times; the next change of basis
    /// builds the tableau at the proposer's basis, and the engine's pivots answer from there.
    @Test("a resize that keeps changing bases builds the tableau after a bounded number of certificates")
    func changingBasesBuildTheTableau() throws {
        let s = try sumOfPreferences()
        let bound = KeptCertificate<ExactRational>.certificationsBeforeTableau
        let values = (0..<(bound + 4)).map { $0 % 2 == 0 ? Rational(900) : Rational(500) }
        for (k, total) in values.enumerated() {
            try s.suggest(total, for: VariableID(60))
            _ = try s.solve()
            try expectSum(s, total, "round \(k): s = \(total)")
        }
        #expect(s.counters.keptCertificateAnswers == 1 + bound, "the first value's, then the bound's")
        #expect(s.counters.keptBasisAnswers == 0)
        #expect(s.counters.materializedAtKeptProposer == 1)
    }

    @Test("a query between the suggestion and the solve is refused; after the solve it answers")
    func queriesWaitForTheSolve() throws {
        let s = try sumOfPreferences()
        try s.suggest(Rational(900), for: VariableID(60))
        var x59 = LinearExpression()
        try x59.add(VariableID(59), .one)
        #expect(throws: SolverError.self) { _ = try s.range(of: x59) }
        _ = try s.solve()
        try expectSum(s, 900, "s = 900")
        let (low, high) = try s.range(of: x59)
        #expect(low == .exact(Rational(310)) && high == .exact(Rational(310)))
    }

    /// x59 ≤ 200 at 960, above the edit: s = 900 holds, x0 … x57 keep 10 (580), and x58 = 10 at 320 gives way
    /// before x59 = 10 at 310, so x59 takes its bound: x58 = 900 − 580 − 200 = 120.
    @Test("another change after the suggestion builds the tableau at the proposer's basis first")
    func anotherChangeAfterTheSuggestion() throws {
        let s = try sumOfPreferences()
        let c = try core(s)
        try s.suggest(Rational(900), for: VariableID(60))
        try s.add(.integer([(59, 1)], -200, .lessOrEqual, priority: Priority(960)), id: ConstraintID(100))
        #expect(s.counters.materializedAtKeptProposer == 1)
        _ = try s.solve()
        for i in 0..<58 { #expect(s.value(of: VariableID(i)) == .exact(Rational(10)), "x\(i)") }
        #expect(s.value(of: VariableID(58)) == .exact(Rational(120)))
        #expect(s.value(of: VariableID(59)) == .exact(Rational(200)))
        #expect(s.value(of: VariableID(60)) == .exact(Rational(900)))
        #expect(c.invariantReport().isEmpty, "\(c.invariantReport().description)")
    }

    @Test("a value the proposer refuses (beyond its range) builds the tableau at the certified basis, as before")
    func refusedFirstValue() throws {
        let s = try sumOfPreferences()
        let c = try core(s)
        let huge = Rational(10_000_000_000_000)   // beyond Cassowary's 1e12
        try s.suggest(huge, for: VariableID(60))
        #expect(s.counters.suggestionsToKeptProposer == 0)
        _ = try s.solve()
        #expect(s.counters.materializedAtKeptProposer == 0)
        try expectSum(s, huge, "s = 10^13")
        #expect(c.invariantReport().isEmpty, "\(c.invariantReport().description)")
        try s.suggest(Rational(900), for: VariableID(60))
        _ = try s.solve()
        try expectSum(s, 900, "s = 900 after")
    }

    /// x0 edited to 10^13 at 200, below x0 = 10 at 900: x0 stays 10.
    @Test("a refused value after one the proposer took: every row waits, and the solve starts over")
    func refusedSecondValue() throws {
        let s = try sumOfPreferences(secondEdit: true)
        let c = try core(s)
        try s.suggest(Rational(900), for: VariableID(60))
        try s.suggest(Rational(10_000_000_000_000), for: VariableID(0))
        #expect(s.counters.suggestionsToKeptProposer == 1)
        #expect(c.liveProposer == nil)
        _ = try s.solve()
        #expect(s.counters.materializedAtKeptProposer == 0)
        try expectSum(s, 900, "s = 900, x0 edited far away below its preference")
        #expect(c.invariantReport().isEmpty, "\(c.invariantReport().description)")
    }

    @Test("a system without edit variables keeps no proposer")
    func noEditsNoProposer() throws {
        let s = ExactSolver.proposingEverySolve()
        let c = try core(s)
        for i in 0..<60 {
            try s.add(.integer([(i, 1)], -i, .equal, priority: Priority(500)), id: ConstraintID(i))
        }
        _ = try s.solve()
        #expect(s.counters.withoutTableau == 1)
        #expect(c.liveProposer == nil)
    }

    /// Random prioritized systems with edit variables, each solved once (certified when the proposal is exactly
    /// optimal), then a few rounds of suggested values: after every round, every level's exact sum of violations
    /// equals that of a solver that solves the system as it stands from scratch, and the kept proposer's path ran.
    @Test func suggestionsAgreeWithSolvingFromScratch() throws {
        var random = SplitMix64(seed: 7)
        let priorities: [Priority] = [.required, Priority(999), Priority(750), Priority(500), Priority(250),
                                      Priority(1)]
        var throughProposer = 0, movedAnswers = 0
        for _ in 0..<80 {
            let rows = try randomPrioritizedSystem(&random, variables: (4, 8), rows: (6, 10), priorities: priorities)
            let s = ExactSolver.proposingEverySolve()
            let c = try core(s)
            var accepted: [LinearConstraint] = []
            for (id, row) in rows.enumerated() where (try? s.add(row, id: ConstraintID(id))) != nil {
                accepted.append(row)
            }
            let edited = (0..<2).map { _ in VariableID(Int(random.next() % 4)) }
            var editPriority: [VariableID: Priority] = [:]
            for v in edited where editPriority[v] == nil {
                let p = [Priority(999), Priority(600), Priority(100)][Int(random.next() % 3)]
                try s.addEditVariable(v, priority: p)
                editPriority[v] = p
            }
            _ = try s.solve()
            var last: [VariableID: Rational] = [:]
            for round in 0..<4 {
                for v in editPriority.keys.sorted() where random.next() % 3 != 0 {
                    let value = Rational(Int(random.next() % 81) - 40)
                    try s.suggest(value, for: v)
                    last[v] = value
                }
                _ = try s.solve()
                #expect(c.invariantReport().isEmpty, "\(c.invariantReport().description)")
                // every round against the system as it stands, solved from scratch (a moved answer rewrites only
                // the columns it moved: a stale one would show here)
                var all = accepted
                for (v, value) in last {
                    var e = LinearExpression(constant: -value)
                    try e.add(v, .one)
                    all.append(LinearConstraint(e, .equal, priority: editPriority[v]!))
                }
                let reference = ExactPivotingSolver()
                for (n, row) in all.enumerated() { try reference.add(row, id: ConstraintID(n)) }
                _ = try reference.solve()
                let a = levelSums(s, all), b = levelSums(reference, all)
                #expect(a == b, "round \(round): level sums differ: \(a) vs \(b) for \(all)")
            }
            let k = s.counters
            throughProposer += k.materializedAtKeptProposer + k.keptBasisAnswers + k.keptCertificateAnswers
            movedAnswers += k.keptBasisAnswers
        }
        #expect(throughProposer > 20, "only \(throughProposer) systems took the kept proposer's path")
        #expect(movedAnswers > 10, "only \(movedAnswers) answers moved the certified basis's solution")
    }
}
