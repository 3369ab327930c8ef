import Testing
import PlumbSystem

private func readResult(_ text: String) throws(InterchangeError) -> LayoutResult {
    try LayoutResult(layoutResult: Array(text.utf8), source: "result.json")
}

private func resultError(_ text: String) -> InterchangeError? {
    do {
        _ = try readResult(text)
        return nil
    } catch {
        return error
    }
}

@Suite("layout-result/1")
struct LayoutResultTests {
    @Test("the example in layout-lp.md reads as written")
    func readsSpecExample() throws {
        let text = """
        {
          "format": "layout-result/1",
          "solver": "cassowary",
          "status": "ok",
          "values": {"root.x": 0, "v0.x": "8", "v0.w": 100.5},
          "rounds": [{"values": {"root.w": 320, "v0.w": 148}}],
          "conflict": [],
          "ambiguous": {},
          "timing": {"build_solve_s": 0.0012, "edit_rounds": 60, "edit_total_s": 0.004},
          "message": ""
        }
        """
        let result = try readResult(text)
        #expect(result.solver == "cassowary")
        #expect(result.status == .ok)
        #expect(result.values == [
            .init(name: "root.x", value: .float(0)),
            .init(name: "v0.x", value: .exact(8)),
            .init(name: "v0.w", value: .float(100.5)),
        ])
        #expect(result.rounds == [[.init(name: "root.w", value: .float(320)), .init(name: "v0.w", value: .float(148))]])
        #expect(result.conflict.isEmpty)
        #expect(result.ambiguous.isEmpty)
        #expect(result.timing == LayoutResult.Timing(buildSolveSeconds: 0.0012, editRounds: 60, editTotalSeconds: 0.004))
        #expect(result.message == "")
    }

    @Test("write then read gives an equal result, floats included")
    func roundTrip() throws {
        let result = LayoutResult(
            solver: "kiwi \"1.4\"",
            status: .notConverged,
            values: [
                .init(name: "a", value: .exact(try Rational(1, 3))),
                .init(name: "b", value: .float(0.1)),
                .init(name: "c", value: .float(.nan)),
                .init(name: "d", value: .float(-.infinity)),
                .init(name: "e", value: .float(1e-300)),
                .init(name: "f", value: .float(.infinity)),
                .init(name: "g", value: .float(0.30000000000000004)),
                .init(name: "h", value: .exact(-8)),
            ],
            rounds: [[.init(name: "a", value: .float(320))], []],
            conflict: ["root.left == 0", "3"],
            ambiguous: [.init(name: "b", min: .exact(0), max: .float(2.5))],
            timing: LayoutResult.Timing(buildSolveSeconds: 0.0012, editRounds: 60, editTotalSeconds: nil),
            message: "stopped after\n1000 iterations")
        let pretty = result.layoutResultJSON()
        let compact = result.layoutResultJSON(pretty: false)
        #expect(try readResult(pretty) == result)
        #expect(try readResult(compact) == result)
        #expect(compact.contains(#""values":{"a":"1/3","b":0.1,"c":"nan","d":"-inf","e":1e-300,"f":"inf","g":0.30000000000000004,"h":"-8"}"#))
        #expect(compact.contains(#""status":"not_converged""#))
        #expect(compact.contains(#""timing":{"build_solve_s":0.0012,"edit_rounds":60}"#))
        #expect(compact.contains(#""ambiguous":{"b":["0",2.5]}"#))

        let minimal = LayoutResult(solver: "x", status: .error, message: "boom")
        #expect(!minimal.layoutResultJSON().contains("timing"))
        #expect(try readResult(minimal.layoutResultJSON()) == minimal)
    }

    @Test("NaN values are equal to each other, and to nothing else")
    func nanEquality() {
        #expect(LayoutResult.Value.float(.nan) == .float(.nan))
        #expect(LayoutResult.Value.float(.nan) != .float(0))
        #expect(LayoutResult.Value.float(1) != .exact(1))
        #expect(Set([LayoutResult.Value.float(.nan), .float(.nan)]).count == 1)
    }

    @Test("optional keys may be missing or null; numeric conflict entries are kept as text")
    func lenientParts() throws {
        let result = try readResult(#"{"format": "layout-result/1", "status": "infeasible", "conflict": [3, "a"], "timing": {"edit_rounds": null}, "extra": [1]}"#)
        #expect(result == LayoutResult(status: .infeasible, conflict: ["3", "a"], timing: LayoutResult.Timing()))
    }

    @Test("malformed results are rejected with a located error")
    func errors() throws {
        let status = try #require(resultError("{\"format\": \"layout-result/1\",\n \"status\": \"fine\"}"))
        #expect((status.line, status.column) == (2, 12))
        #expect(status.path == "status")
        #expect(status.message.contains("not_converged"))

        let missing = try #require(resultError(#"{"status": "ok"}"#))
        #expect(missing.message.contains(#"missing "format""#))

        let wrongFormat = try #require(resultError(#"{"format": "layout-lp/1", "status": "ok"}"#))
        #expect(wrongFormat.path == "format")

        let boolValue = try #require(resultError(#"{"format": "layout-result/1", "status": "ok", "values": {"a": true}}"#))
        #expect(boolValue.path == "values.a")
        #expect(boolValue.message.contains("found true"))

        let badExact = try #require(resultError(#"{"format": "layout-result/1", "status": "ok", "rounds": [{"values": {"v0.x": "x1"}}]}"#))
        #expect(badExact.path == #"rounds[0].values["v0.x"]"#)

        let range = try #require(resultError(#"{"format": "layout-result/1", "status": "ok", "ambiguous": {"a": [1]}}"#))
        #expect(range.path == "ambiguous.a")
        #expect(range.message.contains("[min, max]"))

        let rounds = try #require(resultError(#"{"format": "layout-result/1", "status": "ok", "timing": {"edit_rounds": 1.5}}"#))
        #expect(rounds.path == "timing.edit_rounds")

        let overflow = try #require(resultError(#"{"format": "layout-result/1", "status": "ok", "values": {"a": 1e999}}"#))
        #expect(overflow.message.contains("64-bit float"))

        let brokenLabel = try #require(resultError(#"{"format": "layout-result/1", "status": "infeasible", "recovery": {"broken": [3]}}"#))
        #expect(brokenLabel.path == "recovery.broken[0]")
    }

    @Test("an infeasible answer's recovery reads back as written")
    func recoveryRoundTrip() throws {
        let text = #"""
        {"format": "layout-result/1", "status": "infeasible", "conflict": ["w == 50", "w == 60"],
         "recovery": {"broken": ["w == 60"], "values": {"w": "50", "x": 1.5}, "rounds": [{"values": {"w": "50"}}]}}
        """#
        let result = try readResult(text)
        let recovery = try #require(result.recovery)
        #expect(recovery.broken == ["w == 60"])
        #expect(recovery.values == [.init(name: "w", value: .exact(Rational(50))), .init(name: "x", value: .float(1.5))])
        #expect(recovery.rounds == [[.init(name: "w", value: .exact(Rational(50)))]])
        let again = try LayoutResult(layoutResult: Array(result.layoutResultJSON().utf8), source: "again.json")
        #expect(again == result)
        // no recovery, no key
        #expect(!LayoutResult(status: .ok).layoutResultJSON().contains("recovery"))
    }
}

/// Exact values wider than 128-bit fractions keep every digit through writing and reading.
@Suite("layout-result/1 wide exact values")
struct WideValueTests {
    // 2^130 + 1 over 3^83 (both beyond 128 bits), digits worked out independently (Python's integers)
    static let numerator = "1361129467683753853853498429727072845825"
    static let denominator = "3990838394187339929534246675572349035227"

    @Test("a wide value reads as its digits and writes them back unchanged")
    func roundTrip() throws {
        let text = """
        {"format": "layout-result/1", "status": "ok",
         "values": {"x": "-\(Self.numerator)/\(Self.denominator)", "y": "000\(Self.numerator)"}}
        """
        let result = try readResult(text)
        guard case .wide(let x) = result.values[0].value, case .wide(let y) = result.values[1].value else {
            Issue.record("not read as wide values: \(result.values)")
            return
        }
        #expect(x.numerator == "-" + Self.numerator && x.denominator == Self.denominator)
        #expect(y.description == Self.numerator)
        // 1361129467683753853853498429727072845825 / 3990838394187339929534246675572349035227 = 0.341063... (by hand:
        // 1.361129 / 3.990838 with the same power of ten)
        #expect(abs(x.doubleValue + 0.3410635) < 1e-6)
        #expect(abs(y.doubleValue - 1.361129467683754e39) < 1e25)
        let again = try LayoutResult(layoutResult: Array(result.layoutResultJSON().utf8), source: "again.json")
        #expect(again == result)
        #expect(result.layoutResultJSON().contains("\"-\(Self.numerator)/\(Self.denominator)\""))
    }

    @Test("text that is not a fraction of digits is still refused")
    func malformed() {
        for bad in ["\(Self.numerator)/0", "\(Self.numerator)/-3", "1e400000000000000000000000000000000000000", "\(Self.numerator).5x"] {
            #expect(resultError("{\"format\": \"layout-result/1\", \"status\": \"ok\", \"values\": {\"x\": \"\(bad)\"}}") != nil,
                    "\(bad) was accepted")
        }
    }
}
