import Testing
import PlumbSystem
import PlumbSolver
@testable import CassowaryBackend

/// Random operations applied in lockstep to several solvers (adds, conflicting adds, removals, constant changes,
/// edits, suggestions, solves), so that solvers that should behave alike can be compared after every step.
struct LockstepDriver {
    let variables: Int
    var live: [Int] = []
    var nextID = 0

    /// One random operation on every solver of `solvers`; the error each threw, as text ("" for none).
    mutating func step(_ g: inout SplitMix64, _ solvers: [CassowarySolver]) -> [String] {
        let n = variables
        let priorities: [Priority] = [.required, .required, 900, 500, 100]
        var terms: [(Int, Int)] = []
        for _ in 0..<g.int(1...3) {
            let v = g.int(0...(n - 1))
            if !terms.contains(where: { $0.0 == v }) { terms.append((v, g.int(1...3) * (g.int(0...1) == 0 ? 1 : -1))) }
        }
        let relation: Relation = [.equal, .lessOrEqual, .greaterOrEqual][g.int(0...2)]
        let made = constraint(terms, g.int(-40...40), relation, priorities[g.int(0...(priorities.count - 1))])
        let op = live.count > 20 && g.int(0...1) == 0 ? 6 : g.int(0...13)
        let pick = live.isEmpty ? nil : g.int(0...(live.count - 1))
        let value = g.int(-60...60), variable = g.int(0...(n - 1)), strength: Priority = [950, 700, 300][g.int(0...2)]
        let errors = solvers.map { s in
            thrown { () throws(SolverError) in
                switch op {
                case 0...5: try s.add(made, nextID)
                case 6, 7: if let pick { try s.remove(live[pick]) }
                case 8, 9: if let pick { try s.setConstant(Rational(value), of: ConstraintID(live[pick])) }
                case 10: try s.edit(variable, strength)
                case 11: try s.suggest(variable, value)
                case 12: try s.removeEditVariable(VariableID(variable))
                default: _ = try s.solve()
                }
            }.map { "\($0)" } ?? ""
        }
        if op <= 5 && errors[0].isEmpty { live.append(nextID) }
        if op <= 5 { nextID += 1 }
        if (op == 6 || op == 7), let pick, errors[0].isEmpty { live.remove(at: pick) }
        return errors
    }
}

@Suite("reset(): a used solver becomes a fresh one and keeps its storage")
struct ResetTests {
    @Test("after a random life and reset(), a solver answers as a fresh one does, step for step", arguments: 0..<6)
    func resetSolverMatchesFresh(seed: Int) throws {
        var g = SplitMix64(seed: UInt64(seed) &* 7_919 &+ 11)
        let n = 8
        let used = CassowarySolver()
        var first = LockstepDriver(variables: n)
        for _ in 0..<300 { _ = first.step(&g, [used]) }
        _ = try? used.solve()
        let footprint = used.footprintBytes
        used.reset()
        #expect(used.footprintBytes == footprint, "reset() freed or allocated storage")
        #expect(used.invariantReport().isEmpty)
        let fresh = CassowarySolver()
        #expect(used.fingerprint() == fresh.fingerprint())
        var second = LockstepDriver(variables: n)
        for step in 0..<300 {
            let errors = second.step(&g, [used, fresh])
            #expect(errors[0] == errors[1], "seed \(seed) step \(step)")
            #expect(used.fingerprint() == fresh.fingerprint(), "seed \(seed) step \(step)")
            #expect(used.bits(n) == fresh.bits(n), "seed \(seed) step \(step)")
            if used.fingerprint() != fresh.fingerprint() { return }
        }
        #expect(used.counters.raisedSubjects == fresh.counters.raisedSubjects)
        #expect(used.counters.phaseOneAdds == fresh.counters.phaseOneAdds)
        #expect(used.counters.substitutions == fresh.counters.substitutions)
        #expect(used.counters.substitutedCells == fresh.counters.substitutedCells)
        #expect(used.counters.columnVisits == fresh.counters.columnVisits)
        #expect(used.counters.rebuilds == fresh.counters.rebuilds && used.counters.markersRecovered == fresh.counters.markersRecovered)
        #expect(used.invariantReport().isEmpty)
    }

    @Test("building the same layout again after reset() grows no buffer and gives the same values")
    func sameLayoutAgain() throws {
        let s = CassowarySolver()
        func build() throws {
            for (v, value) in [0, 0, 375, 667].enumerated() { try s.add(pin(v, value), v) }
            for i in 0..<40 {
                let x = 4 + 4 * i, y = x + 1, w = x + 2, h = x + 3
                try s.add(constraint([(x, 1), (0, -1)], -(8 + i % 7), .equal), 10 + 4 * i)
                try s.add(constraint([(y, 1), (1, -1)], -i, .equal), 11 + 4 * i)
                try s.add(pin(w, 100, .high), 12 + 4 * i)
                try s.add(constraint([(w, 1), (2, -1)], 0, .lessOrEqual), 13 + 4 * i)
                _ = h
            }
            s.solved()
        }
        try build()
        let values = s.bits(164), footprint = s.footprintBytes
        #expect(s.val(4 + 4 * 3) == 8 + 3)   // x of view 3: root.x + 8 + 3 % 7
        #expect(s.val(6) == 100)             // a width at its soft value, under the root's 375
        s.reset()
        try build()
        #expect(s.bits(164) == values)
        #expect(s.footprintBytes == footprint)
    }

    @Test("a new solver's scratch holds a small layout: no growth while a screen of views is built")
    func scratchHoldsASmallLayout() throws {
        // (new storage: `CassowarySolver()` may take a freed solver's, whose scratch a larger layout grew)
        let s = CassowarySolver(storage: SolverStorage())
        #expect(s.tableau.scratch.capacity == SymbolScratch.initialCapacity)
        // a screen of eight views (x, y, w, h each): placed, sized softly, bounded by the root (0: x, 1: y, 2: w)
        try s.add(pin(0, 0), 0)
        try s.add(pin(1, 0), 1)
        try s.add(pin(2, 375), 2)
        for i in 0..<8 {
            let x = 4 + 4 * i, w = x + 2
            try s.add(constraint([(x, 1), (0, -1)], -16, .equal), 10 + 4 * i)
            try s.add(pin(w, 100 + i, .high), 11 + 4 * i)
            try s.add(constraint([(x, 1), (w, 1), (2, -1)], 16, .lessOrEqual), 12 + 4 * i)
            try s.add(constraint([(w, 1)], -40, .greaterOrEqual, 250), 13 + 4 * i)
        }
        s.solved()
        #expect(s.val(4 + 4 * 7 + 2) == 107)   // the last width at its soft value: 16 + 107 <= 375 - 16
        #expect(s.counters.symbols <= Tableau.initialSymbols, "\(s.counters)")
        #expect(s.tableau.scratch.capacity == SymbolScratch.initialCapacity, "the scratch grew")
    }
}
