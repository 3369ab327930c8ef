import Testing
import PlumbSystem
#if canImport(Glibc)
import Glibc
import PlumbFiles
#endif

private func readLP(_ text: String) throws(InterchangeError) -> LinearSystem {
    try LinearSystem(layoutLP: Array(text.utf8), source: "test.json")
}

/// The error reading `text` throws, or nil if it reads.
private func lpError(_ text: String) -> InterchangeError? {
    do {
        _ = try readLP(text)
        return nil
    } catch {
        return error
    }
}

/// A small valid document with one line of it replaceable, so errors have a known position:
/// `constraint` is line 6 (starting at column 5), `edits` line 8, `suggestions` line 9.
private func document(constraint: String = #"{"terms": {"b": "2"}, "constant": "-4", "relation": "<=", "priority": 750}"#,
                      edits: String = #"[{"variable": "b", "priority": 999}]"#,
                      suggestions: String = #"[{"b": "3"}]"#,
                      format: String = #""format": "layout-lp/1","#) -> String {
    """
    {
      \(format)
      "variables": ["a", "b", "c"],
      "constraints": [
        {"terms": {"a": "1"}, "constant": "0", "relation": "==", "priority": 1000},
        \(constraint)
      ],
      "edits": \(edits),
      "suggestions": \(suggestions)
    }
    """
}

/// The 1-based column of the first occurrence of `marker` in `line`, indented by `indent` spaces.
private func column(of marker: String, in line: String, indent: Int) -> Int? {
    guard let range = line.firstRange(of: marker) else { return nil }
    return indent + line.distance(from: line.startIndex, to: range.lowerBound) + 1
}

@Suite("layout-lp/1")
struct LayoutLPTests {
    static let specExample = """
    {
      "format": "layout-lp/1",
      "name": "chain-3",
      "variables": ["root.x", "root.y", "root.w", "root.h", "v0.x", "v0.w"],
      "constraints": [
        {"terms": {"root.x": "1"}, "constant": "0", "relation": "==", "priority": 1000, "label": "root.left == 0"},
        {"terms": {"v0.x": "1", "root.x": "-1"}, "constant": "-8", "relation": "==", "priority": 1000},
        {"terms": {"v0.w": "1"}, "constant": "-100", "relation": ">=", "priority": 750}
      ],
      "edits": [{"variable": "root.w", "priority": 999}],
      "suggestions": [{"root.w": "320"}, {"root.w": "321"}]
    }
    """

    @Test("the example in layout-lp.md reads as written")
    func readsSpecExample() throws {
        let system = try readLP(LayoutLPTests.specExample)
        #expect(system.name == "chain-3")
        #expect(system.variables == ["root.x", "root.y", "root.w", "root.h", "v0.x", "v0.w"])
        #expect(system.constraints.count == 3)
        let first = system.constraints[0]
        #expect(first.terms == [LinearTerm(VariableID(0), 1)])
        #expect(first.constant == .zero)
        #expect(first.relation == .equal)
        #expect(first.priority.isRequired)
        #expect(first.label == "root.left == 0")
        // Terms come out sorted by variable: root.x (#0) before v0.x (#4).
        #expect(system.constraints[1].terms == [LinearTerm(VariableID(0), -1), LinearTerm(VariableID(4), 1)])
        #expect(system.constraints[1].constant == Rational(-8))
        #expect(system.constraints[1].label == nil)
        #expect(system.constraints[2].relation == .greaterOrEqual)
        #expect(system.constraints[2].priority == .high)
        #expect(system.edits == [LinearSystem.Edit(variable: VariableID(2), priority: 999)])
        #expect(system.suggestionRounds == [
            [LinearSystem.Suggestion(variable: VariableID(2), value: 320)],
            [LinearSystem.Suggestion(variable: VariableID(2), value: 321)],
        ])
        #expect(try readLP(system.layoutLPJSON()) == system)
    }

    @Test("write then read gives an exactly equal system")
    func roundTrip() throws {
        let x = VariableID(0), y = VariableID(1), w = VariableID(2), h = VariableID(3)
        var e1 = LinearExpression(x, try Rational(1, 3))
        try e1.add(y, try Rational(-7, 2))
        try e1.add(constant: try Rational(parsing: "-0.125"))
        var e2 = LinearExpression(w)
        try e2.add(h, -1)
        try e2.add(x, 0)  // dropped
        var e3 = LinearExpression(h, try Rational(parsing: "1e-20"))
        try e3.add(constant: try Rational(Int128.max, 7))
        let system = LinearSystem(
            name: "hand \"made\"",
            variables: ["a.x", "a.y", "weird \"name\"\n", "ü.h"],
            constraints: [
                LinearConstraint(e1, .equal, priority: .required, label: "first \\ label"),
                LinearConstraint(e2, .lessOrEqual, priority: Priority(try Rational(1999, 2))),
                LinearConstraint(e3, .greaterOrEqual, priority: Priority(try Rational(2000, 3)), label: ""),
                LinearConstraint(LinearExpression(constant: 5), .greaterOrEqual, priority: .low),
            ],
            edits: [
                LinearSystem.Edit(variable: w, priority: 999),
                LinearSystem.Edit(variable: x, priority: Priority(try Rational(1, 8))),
            ],
            suggestionRounds: [
                [LinearSystem.Suggestion(variable: w, value: try Rational(640, 3)),
                 LinearSystem.Suggestion(variable: x, value: -1)],
                [],
                [LinearSystem.Suggestion(variable: x, value: try Rational(parsing: "0.1"))],
            ])
        #expect(system.constraints[1].terms.count == 2)

        let pretty = system.layoutLPJSON()
        let compact = system.layoutLPJSON(pretty: false)
        #expect(try readLP(pretty) == system)
        #expect(try readLP(compact) == system)
        // Priorities: terminating decimals as JSON numbers, others as exact strings.
        #expect(compact.contains(#""priority":999.5"#))
        #expect(compact.contains(#""priority":"2000/3""#))
        #expect(compact.contains(#""priority":0.125"#))
        #expect(compact.contains(#""priority":1000"#))
        #expect(compact.contains(#""terms":{"a.x":"1/3","a.y":"-7/2"},"constant":"-1/8""#))
        // Deterministic.
        #expect(system.layoutLPJSON() == pretty)
    }

    @Test("numbers may be JSON numbers, read exactly from their lexeme; unknown keys are ignored")
    func jsonNumbers() throws {
        let system = try readLP(document(
            constraint: #"{"terms": {"b": 0.1, "c": 0.30000000000000004, "a": 0}, "constant": -1e-3, "relation": ">=", "priority": 999.5, "derivation": {"from": "x"}}"#))
        let constraint = system.constraints[1]
        #expect(constraint.terms == [
            LinearTerm(VariableID(1), try Rational(1, 10)),
            LinearTerm(VariableID(2), try Rational(parsing: "0.30000000000000004")),
        ])
        #expect(constraint.constant == (try Rational(-1, 1000)))
        #expect(constraint.priority.value == (try Rational(1999, 2)))
    }

    @Test("optional parts may be absent or null")
    func optionalParts() throws {
        let system = try readLP(#"{"format": "layout-lp/1", "variables": [], "constraints": [], "edits": null}"#)
        #expect(system == LinearSystem())
        #expect(try readLP(system.layoutLPJSON()) == system)
    }

    @Test("an unknown variable in terms is named, with its line, column and path")
    func unknownVariableInTerms() throws {
        let line = #"{"terms": {"b": "1", "zz": "1"}, "constant": "0", "relation": "==", "priority": 1000}"#
        let error = try #require(lpError(document(constraint: line)))
        #expect(error.source == "test.json")
        #expect(error.line == 6)
        #expect(error.column == column(of: #""zz""#, in: line, indent: 4))
        #expect(error.path == #"constraints[1].terms.zz"#)
        // The path names the key; the message does not echo it again.
        #expect(error.message == #"unknown variable: this key is not listed in "variables""#)
        #expect(error.description.hasPrefix("test.json:6:"))

        let dotted = try #require(lpError(document(constraint: #"{"terms": {"v0.x": "1"}, "constant": "0", "relation": "==", "priority": 1}"#)))
        #expect(dotted.path == #"constraints[1].terms["v0.x"]"#)
        #expect(dotted.message.contains("unknown variable"))
    }

    @Test("a long row reads the same whatever order its terms name the variables in", arguments: ["listed", "reversed", "shuffled"])
    func longRowInAnyOrder(order: String) throws {
        let n = 3_000
        let names = (0..<n).map { "v\($0)" }
        var ids = Array(0..<n)
        switch order {
        case "reversed": ids.reverse()
        case "shuffled": ids = ids.map { ($0 * 1_009) % n }  // 1009 is prime to 3000: a permutation
        default: break
        }
        // coefficient of v_k is k + 1 (independent of where the term is written)
        let terms = ids.map { #""v\#($0)": "\#($0 + 1)""# }.joined(separator: ", ")
        let variables = names.map { #""\#($0)""# }.joined(separator: ", ")
        let text = #"{"format": "layout-lp/1", "variables": [\#(variables)], "constraints": [{"terms": {\#(terms)}, "constant": "-1", "relation": "<=", "priority": 1000}]}"#
        let system = try readLP(text)
        let row = system.constraints[0]
        #expect(row.terms.count == n)
        // a constraint keeps its terms in variable order, whatever order they were written in
        #expect(row.terms.map(\.variable.index) == Array(0..<n))
        #expect(row.terms.allSatisfy { $0.coefficient == Rational($0.variable.index + 1) })

        // a bad number deep in the row is located by its own key
        let bad = text.replacing(#""v1234": "1235""#, with: #""v1234": "x""#)
        let error = try #require(lpError(bad))
        #expect(error.path == "constraints[0].terms.v1234")
        // a repeated key in a row too large to scan is still refused
        let repeated = text.replacing(#""v1234": "1235""#, with: #""v17": "1235""#)
        #expect(try #require(lpError(repeated)).message.contains(#"duplicate key "v17""#))
    }

    @Test("unknown variables in edits and suggestions are named")
    func unknownVariableElsewhere() throws {
        let edit = try #require(lpError(document(edits: #"[{"variable": "nope", "priority": 999}]"#)))
        #expect(edit.line == 8)
        #expect(edit.path == "edits[0].variable")
        #expect(edit.message.contains(#"unknown variable "nope""#))

        let suggestion = try #require(lpError(document(suggestions: #"[{"b": "1"}, {"nope": "1"}]"#)))
        #expect(suggestion.line == 9)
        #expect(suggestion.path == "suggestions[1].nope")
        #expect(suggestion.message.contains("unknown variable"))
    }

    @Test("priorities outside (0, 1000] and non-numbers are rejected", arguments: ["0", "1001", "-5", "1000.0001", "\"1/0\""])
    func badPriority(_ priority: String) throws {
        let line = #"{"terms": {"b": "1"}, "constant": "0", "relation": "==", "priority": \#(priority)}"#
        let error = try #require(lpError(document(constraint: line)))
        #expect(error.line == 6)
        #expect(error.column == column(of: #": \#(priority)}"#, in: line, indent: 4 + 2))
        #expect(error.path == "constraints[1].priority")
        if priority != "\"1/0\"" { #expect(error.message.contains("(0, 1000]")) }
    }

    @Test("priorities must be numbers", arguments: ["true", "null", "\"high\"", "[750]"])
    func nonNumericPriority(_ priority: String) throws {
        let error = try #require(lpError(document(constraint: #"{"terms": {}, "constant": "0", "relation": "==", "priority": \#(priority)}"#)))
        #expect(error.path == "constraints[1]" || error.path == "constraints[1].priority")
        #expect(error.message.contains("priority") || error.message.contains("not a number"))
    }

    @Test("a bad relation is rejected")
    func badRelation() throws {
        let error = try #require(lpError(document(constraint: #"{"terms": {}, "constant": "0", "relation": "=", "priority": 5}"#)))
        #expect(error.path == "constraints[1].relation")
        #expect(error.message.contains(#"found "=""#))
    }

    @Test("format must be present and be layout-lp/1")
    func format() throws {
        let missing = try #require(lpError(document(format: "")))
        #expect((missing.line, missing.column) == (1, 1))
        #expect(missing.path == "")
        #expect(missing.message.contains(#"missing "format""#))

        let wrong = try #require(lpError(document(format: #""format": "layout-lp/2","#)))
        #expect((wrong.line, wrong.column) == (2, 13))
        #expect(wrong.message.contains("layout-lp/2"))

        let notObject = try #require(lpError("[]"))
        #expect(notObject.message.contains("expected an object"))
    }

    @Test("edit variables cannot be required")
    func requiredEdit() throws {
        let error = try #require(lpError(document(edits: #"[{"variable": "b", "priority": 1000}]"#)))
        #expect(error.line == 8)
        #expect(error.path == "edits[0].priority")
        #expect(error.message.contains("edit variables cannot be required"))

        let twice = try #require(lpError(document(edits: #"[{"variable": "b", "priority": 999}, {"variable": "b", "priority": 5}]"#)))
        #expect(twice.path == "edits[1].variable")
        #expect(twice.message.contains("already an edit variable"))
    }

    @Test("a suggestion must name an edit variable")
    func suggestionForNonEdit() throws {
        let error = try #require(lpError(document(suggestions: #"[{"b": "1", "a": "2"}]"#)))
        #expect(error.line == 9)
        #expect(error.path == "suggestions[0].a")
        #expect(error.message.contains("not an edit variable"))
    }

    @Test("other malformed parts")
    func otherErrors() throws {
        let duplicateVariable = try #require(lpError(#"{"format": "layout-lp/1", "variables": ["a", "b", "a"], "constraints": []}"#))
        #expect(duplicateVariable.path == "variables[2]")
        #expect(duplicateVariable.message.contains("listed twice"))

        let duplicateTerm = try #require(lpError(document(constraint: #"{"terms": {"b": "1", "b": "2"}, "constant": "0", "relation": "==", "priority": 1}"#)))
        #expect(duplicateTerm.path == "constraints[1].terms")
        #expect(duplicateTerm.message.contains(#"duplicate key "b""#))

        let missingConstant = try #require(lpError(document(constraint: #"{"terms": {}, "relation": "==", "priority": 1}"#)))
        #expect(missingConstant.path == "constraints[1]")
        #expect(missingConstant.message.contains(#"missing "constant""#))

        let badCoefficient = try #require(lpError(document(constraint: #"{"terms": {"b": "1/0"}, "constant": "0", "relation": "==", "priority": 1}"#)))
        #expect(badCoefficient.path == "constraints[1].terms.b")
        #expect(badCoefficient.message.contains("divides by zero"))

        let hugeConstant = try #require(lpError(document(constraint: #"{"terms": {}, "constant": "1e40", "relation": "==", "priority": 1}"#)))
        #expect(hugeConstant.path == "constraints[1].constant")
        #expect(hugeConstant.message.contains("128-bit"))

        let syntax = try #require(lpError("{\"format\": \"layout-lp/1\",\n \"variables\": [\"a\",]}"))
        #expect((syntax.line, syntax.column) == (2, 19))
        #expect(syntax.path == "variables")
        #expect(syntax.message.contains("trailing comma"))

        let nonString = try #require(lpError(#"{"format": "layout-lp/1", "variables": ["a", 3], "constraints": []}"#))
        #expect(nonString.path == "variables[1]")
        #expect(nonString.message.contains("expected a string, found the number 3"))
    }
}

/// Names are exact Unicode scalar sequences, as in JSON: canonically equal spellings are different variables.
@Suite struct ExactNames {
    @Test func canonicallyEqualNamesAreTwoVariables() throws {
        // "é" as e + U+0301, then as U+00E9: x = 1 and y = 2.
        let text = #"{"format":"layout-lp/1","name":"n","variables":["e\u0301","\u00e9"],"constraints":["#
            + #"{"terms":{"e\u0301":"1"},"constant":"-1","relation":"==","priority":1000},"#
            + #"{"terms":{"\u00e9":"1","e\u0301":"2"},"constant":"-2","relation":"==","priority":1000}]}"#
        let system = try readLP(text)
        #expect(system.variables.count == 2)
        #expect(system.variables[0].unicodeScalars.count == 2)
        #expect(system.variables[1].unicodeScalars.count == 1)
        #expect(system.constraints[0].terms.map(\.variable) == [VariableID(0)])
        #expect(Set(system.constraints[1].terms.map(\.variable)) == [VariableID(0), VariableID(1)])
        #expect(try readLP(system.layoutLPJSON()) == system)

        let twice = try #require(lpError(#"{"format":"layout-lp/1","variables":["\u00e9","\u00e9"],"constraints":[]}"#))
        #expect(twice.message.contains("listed twice"))
        #expect(ExactName("\u{E9}") != ExactName("e\u{301}"))
        #expect(ExactName("\u{E9}") == ExactName("\u{E9}"))
        #expect(Set([ExactName("\u{E9}"), ExactName("e\u{301}")]).count == 2)
    }
}

/// Input echoed in a message is an excerpt, echoed once: a huge name or number cannot flood the message.
@Suite struct Excerpts {
    @Test func longTextIsCutAndUnprintableCharactersEscaped() {
        #expect("view1".excerpt == "view1")
        #expect("a\u{0}b\tc\u{7F}".excerpt == #"a\u{0}b\u{9}c\u{7F}"#)
        let long = String(repeating: "9", count: 1_000_000)
        #expect(long.excerpt == String(repeating: "9", count: Excerpt.limit) + "…")
        #expect(Excerpt.quoted(long) == "\"" + String(repeating: "9", count: Excerpt.limit) + "\"…")
        // Scalars are counted, so a base letter with a million combining marks is cut too.
        #expect(("e" + String(repeating: "\u{301}", count: 1_000_000)).excerpt.unicodeScalars.count == Excerpt.limit + 1)
    }

    @Test func aHugeNameIsEchoedOnceAsAnExcerpt() throws {
        let name = String(repeating: "y", count: 1_000_000)
        let inTerms = try #require(lpError(#"{"format":"layout-lp/1","variables":["x"],"constraints":[{"terms":{""#
            + name + #"":"1"},"constant":"1","relation":"==","priority":1000}]}"#))
        #expect(inTerms.description.count < 200)
        #expect(!inTerms.message.contains("yy"))  // the path names the key, once
        #expect(inTerms.path == "constraints[0].terms." + String(repeating: "y", count: Excerpt.limit) + "…")

        let inEdits = try #require(lpError(#"{"format":"layout-lp/1","variables":["x"],"constraints":[],"#
            + #""edits":[{"variable":""# + name + #"","priority":1}]}"#))
        #expect(inEdits.description.count < 200)
        #expect(inEdits.message.contains(String(repeating: "y", count: Excerpt.limit) + "\"…"))

        let duplicateKey = try #require(lpError(#"{"format":"layout-lp/1","variables":["x"],"constraints":[{"terms":{""#
            + name + #"":"1",""# + name + #"":"2"},"constant":"1","relation":"==","priority":1000}]}"#))
        #expect(duplicateKey.description.count < 200)
        #expect(duplicateKey.message.hasPrefix("duplicate key"))
    }
}

@Suite struct FileReading {
    @Test func endlessAndOversizedInputIsAnError() {
        // /dev/zero never ends: the reader stops at its limit instead of growing without bound.
        do {
            _ = try readFile(atPath: "/dev/zero", limit: 1 << 20)
            Issue.record("read /dev/zero")
        } catch {
            #expect(error.description == "/dev/zero: is longer than 1 MiB, the most Plumb reads")
        }
        do {
            _ = try readFile(atPath: "/tmp")
            Issue.record("read a folder")
        } catch {
            #expect(error.description.contains("is a folder"))
        }
        do {
            _ = try readFile(atPath: "/nonexistent/file")
            Issue.record("read a missing file")
        } catch {
            #expect(error.description.contains("cannot open the file"))
        }
    }
}

/// Writing files: a write that fails at close (a full disk) is an error, and one file reached by two paths is one.
@Suite struct FileWritingTests {
    @Test func aFullDiskIsAnErrorNotASilentLoss() {
        #expect(throws: FileReadError.self) { try writeFile(Array("a small layout\n".utf8), atPath: "/dev/full") }
    }

    @Test func oneFileThroughTwoPathsIsTheSameFile() throws {
        let folder = "/tmp/plumb-same-file-\(getpid())"
        mkdir(folder, 0o755)
        defer { _ = unlink(folder + "/a.m"); _ = unlink(folder + "/link.m"); _ = unlink(folder + "/b.m"); rmdir(folder) }
        try writeFile(Array("x".utf8), atPath: folder + "/a.m")
        try writeFile(Array("y".utf8), atPath: folder + "/b.m")
        #expect(symlink(folder + "/a.m", folder + "/link.m") == 0)
        #expect(isSameFile(folder + "/a.m", folder + "/./a.m"))
        #expect(isSameFile(folder + "/a.m", folder + "/link.m"))
        #expect(!isSameFile(folder + "/a.m", folder + "/b.m"))
        #expect(!isSameFile(folder + "/a.m", folder + "/missing.m"), "a file that does not exist yet is no other file")
    }
}
