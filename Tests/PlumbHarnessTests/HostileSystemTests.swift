import Testing
import PlumbSystem
import PlumbSolver
import PlumbBatch
import PlumbBackEnds
import PlumbFrontEnd
import PlumbText
import PlumbCorpus
@testable import PlumbHarness
import PlumbFiles

/// Systems that are valid layout-lp/1 but hostile to a solver: huge rows, extreme magnitudes, many levels,
/// constant-only rows. Every back end answers each with a result or a clear error, never a trap or a hang, and
/// stays usable after every kind of error. (Malformed text is covered where it is read: the JSON and layout-lp
/// readers' tests in PlumbSystemTests, the text syntax's in PlumbFrontEndTests.)
@Suite struct HostileSystems {
    static let backEnds = PlumbBackEnds.all.map { $0.name }

    static func system(_ variables: [String], _ rows: [(terms: [(Int, Rational)], constant: Rational, Relation, Priority)]) -> LinearSystem {
        let constraints = rows.enumerated().map { k, row in
            var e = LinearExpression(constant: row.constant)
            for (v, a) in row.terms { try! e.add(VariableID(v), a) }
            return LinearConstraint(e, row.2, priority: row.3, label: "c\(k)")
        }
        return LinearSystem(name: "hostile", variables: variables, constraints: constraints)
    }

    static func value(_ result: LayoutResult, _ name: String) -> Double? {
        result.values.first { $0.name == name }?.value.doubleValue
    }

    /// One required row over 10,000 variables (Σ x = 5), every hundredth variable softly pinned to its index at 500.
    /// By hand: the 100 pinned ones take their indices (sum 495,000), and the other 9,900 share 5 − 495,000.
    @Test(arguments: backEnds)
    func aConstraintWithTenThousandTerms(_ name: String) throws {
        let type = try #require(PlumbBackEnds.named(name))
        let n = 10_000
        var rows: [(terms: [(Int, Rational)], constant: Rational, Relation, Priority)] = [
            ((0..<n).map { ($0, Rational(1)) }, -5, .equal, .required)
        ]
        for i in stride(from: 0, to: n, by: 100) { rows.append(([(i, 1)], Rational(-i), .equal, 500)) }
        let s = Self.system((0..<n).map { "x\($0)" }, rows)
        let result = SystemRunner(reportAmbiguity: false).run(s, solver: type)
        if type.capabilities.exact || type.capabilities.strictPriorities && result.status == .ok {
            #expect(result.status == .ok, "\(name): \(result.message)")
            let sum = (0..<n).reduce(0.0) { $0 + (Self.value(result, "x\($1)") ?? .nan) }
            #expect(abs(sum - 5) <= 1e-6 * 495_000, "\(name): Σx = \(sum)")
            for i in stride(from: 0, to: n, by: 100) {
                #expect(abs((Self.value(result, "x\(i)") ?? .nan) - Double(i)) <= 1e-6, "\(name): x\(i)")
            }
        } else {
            // The baseline may not converge on it, but must say so rather than claim an answer.
            #expect([.ok, .notConverged, .approximate].contains(result.status), "\(name): \(result.status) \(result.message)")
            if result.status != .ok { #expect(!result.message.isEmpty) }
        }
    }

    /// Coefficients 30 orders of magnitude apart: `1e30·x + 1e-30·y = 1` required, `x = 3` at 10. By hand:
    /// x = 3, y = (1 − 3e30)·1e30. A floating-point back end must refuse what it cannot represent faithfully, with
    /// a message naming the number, rather than answer wrongly; the exact back end answers exactly.
    @Test(arguments: backEnds)
    func coefficientsFarApart(_ name: String) throws {
        let type = try #require(PlumbBackEnds.named(name))
        let big = try Rational(parsing: "1000000000000000000000000000000")
        let tiny = try Rational(parsing: "1/1000000000000000000000000000000")
        let s = Self.system(["x", "y"], [([(0, big), (1, tiny)], -1, .equal, .required), ([(0, 1)], -3, .equal, 10)])
        let result = SystemRunner(reportAmbiguity: false).run(s, solver: type)
        if type.capabilities.exact {
            // y = (1 − 3·10^30)·10^30 = 10^30 − 3·10^60 does not fit 128-bit fractions: it comes out as its digits
            #expect(result.status == .ok, "\(result.message)")
            #expect(result.values.first { $0.name == "x" }?.value == .exact(3))
            // (by hand: 3·10^60 − 10^30 is a 2, thirty 9s and thirty 0s)
            let y30 = "-2" + String(repeating: "9", count: 30) + String(repeating: "0", count: 30)
            #expect(result.values.first { $0.name == "y" }?.value.description == y30)
            let y = try #require(Self.value(result, "y"))
            #expect(abs(y - (-3e60)) <= 1e-12 * 3e60, "y = \(y)")
        } else if result.status == .ok {
            // Whatever a float back end answers as "ok" must be right.
            #expect(abs((Self.value(result, "x") ?? .nan) - 3) <= 1e-9, "\(name) answered x = \(Self.value(result, "x") ?? .nan)")
        } else {
            #expect([.unsupported, .notConverged, .approximate].contains(result.status), "\(name): \(result.status)")
            #expect(result.message.contains("1e+30") || result.message.contains("1e-30") || result.message.contains("not converged"),
                    "\(name): \(result.message)")
        }
    }

    /// 999 distinct priority levels, `x = k` at priority k for k = 1…999: by hand x = 999 (the highest level wins
    /// outright), however many lower levels pull elsewhere. A back end with a fixed number of levels says so.
    @Test(arguments: backEnds)
    func nineHundredNinetyNineLevels(_ name: String) throws {
        let type = try #require(PlumbBackEnds.named(name))
        let s = Self.system(["x"], (1...999).map { k in ([(0, Rational(1))], Rational(-k), .equal, Priority(Rational(k))) })
        let result = SystemRunner(reportAmbiguity: false).run(s, solver: type)
        if result.status == .ok {
            #expect(abs((Self.value(result, "x") ?? .nan) - 999) <= 1e-9, "\(name)")
        } else {
            #expect([.unsupported, .notConverged, .approximate].contains(result.status), "\(name): \(result.status) \(result.message)")
            #expect(!result.message.isEmpty)
        }
    }

    /// Rows without variables: `0 = 5` required is unsatisfiable and named; `0 = 0` and `0 <= 3` are harmless.
    @Test(arguments: backEnds)
    func rowsWithoutVariables(_ name: String) throws {
        let type = try #require(PlumbBackEnds.named(name))
        let harmless = Self.system(["x"], [([], 0, .equal, .required), ([], -3, .lessOrEqual, .required), ([(0, 1)], -7, .equal, 500)])
        let ok = SystemRunner(reportAmbiguity: false).run(harmless, solver: type)
        #expect(ok.status == .ok, "\(name): \(ok.message)")
        #expect(abs((Self.value(ok, "x") ?? .nan) - 7) <= 1e-6, "\(name)")

        let impossible = Self.system(["x"], [([(0, 1)], -7, .equal, .required), ([], 5, .equal, .required)])
        let bad = SystemRunner(reportAmbiguity: false).run(impossible, solver: type)
        if type.capabilities.explainsConflicts {
            #expect(bad.status == .infeasible, "\(name): \(bad.status)")
            #expect(bad.conflict == ["c1"], "\(name): \(bad.conflict)")
        } else {
            #expect(bad.status == .infeasible || bad.status == .notConverged, "\(name): \(bad.status)")
        }
    }

    /// A million-deep view tree written as a layout file parses, lowers and solves without exhausting the stack:
    /// the deepest view takes its superview's edges inset by 1, so by hand its frame relative to the superview is
    /// (1, 1, w − 2, h − 2) whatever the unplaced ancestors do; here the ancestors' sizes are pinned to 50 × 40.
    @Test func aMillionDeepTreeFromText() throws {
        let depth = 1_000_000
        var text = "root 320 480\nview v0 intrinsic 50 40\n"
        text.reserveCapacity(depth * 32)
        for i in 1..<depth { text += "view v\(i) in v\(i - 1)\n" }
        text += "make v\(depth - 2) {\n    make.width.equalTo(@50);\n    make.height.equalTo(@40);\n}\n"
        text += "make v\(depth - 1) {\n    make.edges.equalTo(superview).insets(UIEdgeInsetsMake(1, 1, 1, 1));\n}\nexpect {\n}\n"
        let script = try LayoutFile(file: "deep.layout", name: "deep").parse(text)
        let cassowary = try #require(PlumbBackEnds.named("cassowary"))
        let observed = try CorpusRunner().observe(try CorpusEntry(path: "deep.layout", script: script), with: .native(cassowary)).get()
        let frame = try #require(observed.first?.frames["v\(depth - 1)"])
        #expect(frame.x.doubleValue == 1 && frame.y.doubleValue == 1)
        #expect(frame.width.doubleValue == 48 && frame.height.doubleValue == 38)
    }

    /// Every protocol misuse is an error that changes nothing: afterwards the solver answers as a fresh one
    /// given only the successful calls would (here, by hand: x = 10, y = 30).
    @Test(arguments: backEnds)
    func usableAfterEveryKindOfError(_ name: String) throws {
        let type = try #require(PlumbBackEnds.named(name))
        try Self.exerciseErrors(type, name)
    }

    static func exerciseErrors<S: LayoutSolver>(_ type: S.Type, _ name: String) throws {
        let solver = S()
        let x = VariableID(0), y = VariableID(1)
        func row(_ terms: [(VariableID, Rational)], _ c: Rational, _ r: Relation, _ p: Priority) -> LinearConstraint {
            var e = LinearExpression(constant: c)
            for (v, a) in terms { try! e.add(v, a) }
            return LinearConstraint(e, r, priority: p)
        }
        try solver.add(row([(x, 1)], -10, .equal, .required), id: ConstraintID(1))
        try solver.add(row([(y, 1), (x, -1)], -20, .equal, .required), id: ConstraintID(2))
        try solver.add(row([(y, 1)], -5, .equal, 250), id: ConstraintID(3))
        var errors = 0
        func expectError(_ what: String, _ body: () throws -> Void) {
            do { try body(); Issue.record("\(name): \(what) was accepted") } catch { errors += 1 }
        }
        expectError("a duplicate id") { try solver.add(row([(x, 1)], 0, .equal, 10), id: ConstraintID(1)) }
        expectError("removing an unknown id") { try solver.remove(ConstraintID(99)) }
        expectError("a constant change of an unknown id") { try solver.setConstant(4, of: ConstraintID(99)) }
        expectError("priority 0") { try solver.add(row([(x, 1)], 0, .equal, Priority(0)), id: ConstraintID(4)) }
        expectError("priority 1001") { try solver.add(row([(x, 1)], 0, .equal, Priority(1001)), id: ConstraintID(5)) }
        expectError("a required edit") { try solver.addEditVariable(x, priority: .required) }
        expectError("a suggestion for a variable that is not edited") { try solver.suggest(3, for: y) }
        expectError("removing an edit that does not exist") { try solver.removeEditVariable(y) }
        if type.capabilities.explainsConflicts {
            expectError("a conflicting required row") { try solver.add(row([(x, 1)], -11, .equal, .required), id: ConstraintID(6)) }
        }
        #expect(errors >= 8)
        let report = try solver.solve()
        #expect(report.converged, "\(name): \(report.message)")
        #expect(abs(solver.value(of: x).doubleValue - 10) <= 1e-6, "\(name)")
        #expect(abs(solver.value(of: y).doubleValue - 30) <= 1e-6, "\(name)")
        // And it keeps working: the conflicting id is free to use for a consistent row (x + y = 40 holds at 10, 30).
        try solver.add(row([(x, 1), (y, 1)], -40, .equal, .required), id: ConstraintID(6))
        _ = try solver.solve()
        #expect(abs(solver.value(of: y).doubleValue - 30) <= 1e-6, "\(name): y after a consistent add")
        // Without x = 10 and x + y = 40, x = 12 at 500 wins over y = 5 at 250 through y = x + 20.
        try solver.remove(ConstraintID(1))
        try solver.remove(ConstraintID(6))
        try solver.add(row([(x, 1)], -12, .equal, 500), id: ConstraintID(7))
        _ = try solver.solve()
        #expect(abs(solver.value(of: x).doubleValue - 12) <= 1e-6, "\(name): x after more calls")
        #expect(abs(solver.value(of: y).doubleValue - 32) <= 1e-6, "\(name): y after more calls")
    }
}

/// A system of 50 rows over 28 variables with small integer coefficients (found by `bench fuzz --seed 12345 --kind
/// systems --size 30`, case 46794, and shrunk) on which the Cassowary back end once pivoted for ever while its memory
/// grew, and the exact back end, waiting on its proposal, with it.
@Suite struct RunawaySolve {
    @Test func everyBackEndAnswersOrSaysItGaveUp() throws {
        let bytes = try #require(readFileBytes(atPath: "\(fixtures)/cassowary_runaway.json"))
        let system = try LinearSystem(layoutLP: bytes, source: "cassowary_runaway.json")
        let exact = SystemRunner(reportAmbiguity: false).run(system, solver: try #require(PlumbBackEnds.named("exact")))
        #expect(exact.status == .ok, "\(exact.message)")
        for name in ["cassowary", "relaxation"] {
            let result = SystemRunner(reportAmbiguity: false).run(system, solver: try #require(PlumbBackEnds.named(name)))
            if result.status == .ok {
                // an answer called ok is the exact one
                for (ours, theirs) in zip(result.values, exact.values) {
                    #expect(abs(ours.value.doubleValue - theirs.value.doubleValue) <= 1e-6 * max(1, abs(theirs.value.doubleValue)),
                            "\(name): \(ours.name) = \(ours.value.doubleValue), exactly \(theirs.value.doubleValue)")
                }
            } else {
                #expect([.notConverged, .approximate].contains(result.status) && !result.message.isEmpty,
                        "\(name): \(result.status) \(result.message)")
            }
        }
    }
}

/// A chain through 1e-6 twice and 1e6 twice: x0 = w/10⁶, x1 = x0/10⁶, x2 = 10⁶·x1, x3 = 10⁶·x2, so x3 = w by hand;
/// w is pinned softly at 100 and edited to 200, then 300. Values of 1e-10 off by 1e-10 are below a floating-point
/// solver's noise at this scale, yet come back as 100 points on x3: an answer called ok must be the right one, and
/// one a residual check cannot vouch for is labelled approximate.
@Suite struct TinyValuesMagnified {
    @Test func anAnswerCalledOkIsRight() throws {
        let micro = try Rational(parsing: "1/1000000"), mega = Rational(1_000_000)
        var system = HostileSystems.system(["w", "x0", "x1", "x2", "x3"], [
            ([(0, 1)], -100, .equal, 250),
            ([(1, 1), (0, -micro)], 0, .equal, .required),
            ([(2, 1), (1, -micro)], 0, .equal, .required),
            ([(3, 1), (2, -mega)], 0, .equal, .required),
            ([(4, 1), (3, -mega)], 0, .equal, .required),
        ])
        system.edits = [.init(variable: VariableID(0), priority: 999)]
        system.suggestionRounds = [[.init(variable: VariableID(0), value: 200)], [.init(variable: VariableID(0), value: 300)]]
        for name in ["cassowary", "exact"] {
            let result = SystemRunner(reportAmbiguity: false).run(system, solver: try #require(PlumbBackEnds.named(name)))
            if result.status == .ok {
                let x3 = result.rounds.map { $0.first { $0.name == "x3" }?.value.doubleValue }
                #expect(x3.count == 2 && abs((x3[0] ?? 0) - 200) < 1e-6 && abs((x3[1] ?? 0) - 300) < 1e-6, "\(name): x3 = \(x3)")
            } else {
                #expect(result.status == .approximate && result.message.contains("cannot be vouched for"), "\(name): \(result.status) \(result.message)")
            }
        }
    }
}
