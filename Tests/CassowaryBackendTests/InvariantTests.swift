import Testing
import PlumbSystem
import PlumbSolver
@testable import CassowaryBackend

/// The solver's state independent of storage layout, as exact bit patterns: each live row by basic symbol (its
/// constant, its cells sorted by symbol), each symbol's kind, owner, occurrences and objective, each record and edit,
/// the pending suggestions and the pivot count. Two solvers with equal fingerprints answer every later call alike.
struct Fingerprint: Equatable {
    var rows: [[UInt64]] = []
    var symbols: [UInt64] = []
    var records: [UInt64] = []
    var edits: [UInt64] = []
}

extension CassowarySolver {
    func fingerprint() -> Fingerprint {
        var f = Fingerprint()
        let t = tableau
        for r in 0..<Int32(t.rows.slotCount) where t.rows.isLive(r) {
            let syms = t.rows.symbols(r), coefs = t.rows.coefficients(r)
            var row: [UInt64] = [UInt64(t.rows.liveBasic(r)), t.rows.constant(r).bitPattern]
            for k in (0..<t.rows.length(r)).sorted(by: { syms[$0] < syms[$1] }) {
                row += [UInt64(syms[k]), coefs[k].bitPattern]
            }
            f.rows.append(row)
        }
        f.rows.sort { $0[0] < $1[0] }
        for s in 0..<Int32(t.symbolCount) {
            f.symbols += [UInt64(t.symbols.kind[Int(s)].rawValue), UInt64(bitPattern: Int64(t.symbols.owner(of: s) ?? -1)),
                          UInt64(t.symbols.occurrences[Int(s)])]
            for l in 0..<t.objective.levelCount { f.symbols.append(t.objective.coefficient(of: s, slot: l).bitPattern) }
        }
        for k in 0..<records.count {
            let r = records[k]
            f.records += [r.editVariable == nil ? 0 : 1, UInt64(bitPattern: Int64(r.id?.index ?? r.editVariable ?? 0)),
                          r.alive ? 1 : 0, r.constant.bitPattern,
                          UInt64(bitPattern: Int64(r.marker ?? -1)), UInt64(bitPattern: Int64(r.other ?? -1)),
                          r.hasDummy ? 1 : 0, UInt64(r.relation.rawValue), UInt64(bitPattern: Int64(r.level ?? -1))]
        }
        for (v, e) in edits.enumerated() {
            guard let e else { continue }
            f.edits += [UInt64(v), UInt64(bitPattern: Int64(e.slot ?? -1)), e.hasPending ? 1 : 0, e.pending.bitPattern]
        }
        f.edits += pendingVariables.map { UInt64($0) } + [UInt64(tableau.pivots), UInt64(termVars.count)]
        return f
    }
}

@Suite("Invariants: checked after every operation of long random lifecycles")
struct InvariantTests {
    /// Thousands of random operations on one solver (adds, refused adds, removals of every kind, constant changes
    /// first and later, edits, suggestions, solves, and calls refused for bad arguments), with the whole invariant
    /// check after each step, and a refused call compared with the state before it (fingerprint and values, bit for
    /// bit). Debug builds also run the check inside every call.
    @Test("random lifecycles keep every invariant, and refused calls change nothing", arguments: 0..<12)
    func randomLifecycle(seed: Int) throws {
        var g = SplitMix64(seed: UInt64(seed) &* 104_729 &+ 3)
        let n = g.int(4...10)
        let s = CassowarySolver()
        var live: [Int] = []
        var nextID = 0
        let priorities: [Priority] = [.required, .required, .required, 900, 500, 100, Priority(Rational(501))]
        func randomConstraint(_ priority: Priority? = nil) -> LinearConstraint {
            var terms: [(Int, Int)] = []
            for _ in 0..<g.int(1...3) {
                let v = g.int(0...(n - 1))
                if !terms.contains(where: { $0.0 == v }) { terms.append((v, g.int(1...3) * (g.int(0...1) == 0 ? 1 : -1))) }
            }
            let relation: Relation = [.equal, .lessOrEqual, .greaterOrEqual][g.int(0...2)]
            return constraint(terms, g.int(-40...40), relation, priority ?? priorities[g.int(0...(priorities.count - 1))])
        }
        var refused = 0, rollbacks = 0
        for step in 0..<1500 {
            // values first: reading them takes waiting removals out, which a refused call would otherwise do
            let values = s.bits(n), before = s.fingerprint()
            // more removals once the system is large, so that it keeps changing shape instead of only growing
            var op = g.int(0...19)
            if live.count > 24 && (op <= 6 || op >= 18) && g.int(0...1) == 0 { op = 7 }
            let error: SolverError? = thrown { () throws(SolverError) in
                switch op {
                case 0...6:
                    try s.add(randomConstraint(), nextID)
                    live.append(nextID)
                    nextID += 1
                case 7, 8:
                    guard !live.isEmpty else { return }
                    let id = live.remove(at: g.int(0...(live.count - 1)))
                    try s.remove(id)
                case 9, 10:
                    guard !live.isEmpty else { return }
                    try s.setConstant(Rational(g.int(-40...40)), of: ConstraintID(live[g.int(0...(live.count - 1))]))
                case 11:
                    try s.edit(g.int(0...(n - 1)), [950, 700, 300][g.int(0...2)])
                case 12:
                    try s.removeEditVariable(VariableID(g.int(0...(n - 1))))
                case 13, 14:
                    try s.suggest(g.int(0...(n - 1)), g.int(-60...60))
                case 15, 16:
                    _ = try s.solve()
                case 17:
                    // refused before touching anything: a duplicate id, an unknown id, a bad priority
                    switch g.int(0...3) {
                    case 0: if let id = live.first { try s.add(randomConstraint(), id) }
                    case 1: try s.remove(nextID + 1000)
                    case 2: try s.add(pin(0, 1, 0), nextID + 1000)
                    default: try s.edit(0, .required)
                    }
                case 18:
                    // a required row against a live one: refused when they conflict
                    try s.add(randomConstraint(.required), nextID)
                    live.append(nextID)
                    nextID += 1
                default:
                    try s.add(constraint([(g.int(0...(n - 1)), 1)], g.int(-40...40), .equal, .required), nextID)
                    live.append(nextID)
                    nextID += 1
                }
            }
            if let error {
                refused += 1
                if case .unsatisfiable = error { rollbacks += 1 }
                #expect(s.fingerprint() == before, "seed \(seed) step \(step): refused \(error) changed the solver")
                #expect(s.bits(n) == values, "seed \(seed) step \(step): refused \(error) changed a value")
            }
            let report = s.invariantReport()
            #expect(report.isEmpty, "seed \(seed) step \(step) (operation \(op)):\n\(report.description)")
            if !report.isEmpty { return }
        }
        #expect(refused > 20 && rollbacks > 5, "seed \(seed): only \(refused) refused calls, \(rollbacks) unsatisfiable")
    }

    /// The check is not vacuous: each deliberate corruption of one part (made through the parts' own API, on a
    /// solver whose check passed) is reported, naming the part.
    @Test("the check catches a broken invariant in each part", arguments: Corruption.allCases)
    func catchesCorruption(_ corruption: Corruption) throws {
        let s = CassowarySolver()
        try s.add(constraint([(0, 1), (1, -1)], -10, .equal), 0)          // x = y + 10
        try s.add(constraint([(1, 1)], 0, .greaterOrEqual), 1)            // y >= 0
        try s.add(constraint([(0, 1)], -100, .lessOrEqual, 750), 2)       // x <= 100 strong
        try s.add(pin(1, 30, 250), 3)                                     // y == 30 weak
        s.solved()
        #expect(s.invariantReport().isEmpty)
        let t = s.tableau
        let live = (0..<Int32(t.rows.slotCount)).filter { t.rows.isLive($0) }
        let restrictedRow = try #require(live.first { t.symbols.kind[Int(t.rows.liveBasic($0))].isRestricted
                                                        && t.rows.length($0) > 0 })
        let cell = t.rows.symbols(restrictedRow)[0]
        switch corruption {
        case .occurrenceCount: s.tableau.symbols.occurrences[Int(cell)] += 1
        case .basicRow: s.tableau.symbols.setRow(nil, of: t.rows.liveBasic(restrictedRow))
        case .infeasibleRow: s.tableau.rows.setConstant(restrictedRow, -5)
        case .improvingSymbol:
            let parametric = try #require((0..<Int32(t.symbolCount)).first {
                t.symbols.kind[Int($0)].isRestricted && t.symbols.kind[Int($0)].mayEnter && !t.symbols.isBasic($0)
            })
            s.tableau.objective.add(-1000, to: parametric, slot: 0)
        case .openJournal: s.tableau.beginJournal()
        case .leftoverCandidate: s.tableau.candidates.insert(cell)
        case .basicInACell:
            let (syms, _) = s.tableau.rows.writableCells(restrictedRow)
            syms[0] = t.rows.liveBasic(live.first { $0 != restrictedRow }!)
        }
        let report = s.invariantReport()
        #expect(!report.isEmpty, "\(corruption) went unnoticed")
    }

    enum Corruption: CaseIterable, Sendable {
        case occurrenceCount, basicRow, infeasibleRow, improvingSymbol, openJournal, leftoverCandidate, basicInACell
    }
}
