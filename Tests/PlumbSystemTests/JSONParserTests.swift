import Testing
import PlumbSystem

/// The error parsing `text` throws, or nil if it parses.
private func parseError(_ text: String) -> JSONError? {
    parseError(Array(text.utf8))
}

private func parseError(_ bytes: [UInt8]) -> JSONError? {
    do {
        _ = try JSONParser().parse(bytes)
        return nil
    } catch {
        return error
    }
}

@Suite("JSON parser")
struct JSONParserTests {
    @Test("values, member order and number lexemes are kept")
    func parsesValues() throws {
        let value = try JSONParser.parse(#"{"b": [1e3, -0.125, 0, true, false, null], "a": {"x": "y"}, "": 12345678901234567890123}"#)
        #expect(value == .object([
            JSONMember("b", .array([.number("1e3"), .number("-0.125"), .number("0"), .bool(true), .bool(false), .null])),
            JSONMember("a", .object([JSONMember("x", .string("y"))])),
            JSONMember("", .number("12345678901234567890123")),
        ]))
        #expect(value["a"]?["x"]?.stringValue == "y")
        #expect(value["b"]?.arrayValue?.first?.numberLexeme == "1e3")
        #expect(value["missing"] == nil)
    }

    @Test("string escapes, including surrogate pairs")
    func escapes() throws {
        let value = try JSONParser.parse(#"["a\"b\\c\/d\b\f\n\r\t", "\u00e9\u0041", "\ud83d\ude00", "\u0000", "é😀"]"#)
        #expect(value == .array([
            .string("a\"b\\c/d\u{08}\u{0C}\n\r\t"), .string("éA"), .string("😀"), .string("\u{0}"), .string("é😀"),
        ]))
    }

    @Test("a leading byte order mark is skipped")
    func byteOrderMark() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .array([.number("1")]))
    }

    @Test("empty and whitespace-only input")
    func emptyInput() throws {
        let empty = try #require(parseError(""))
        #expect((empty.line, empty.column) == (1, 1))
        #expect(empty.message.contains("empty"))
        let blank = try #require(parseError("  \n "))
        #expect((blank.line, blank.column) == (2, 2))
    }

    @Test("truncated input points at the end and names what is open")
    func truncated() throws {
        let array = try #require(parseError(#"{"a": [1, 2"#))
        #expect((array.line, array.column) == (1, 12))
        #expect(array.message.contains("array opened at 1:7 is not closed"))
        #expect(array.path.description == "a")

        let literal = try #require(parseError("{\n  \"a\": tru"))
        #expect((literal.line, literal.column) == (2, 8))
        #expect(literal.message.contains("'tru'"))

        let string = try #require(parseError("[\"abc"))
        #expect((string.line, string.column) == (1, 6))
        #expect(string.message.contains("string opened at 1:2"))

        let object = try #require(parseError("{\"a\": 1"))
        #expect((object.line, object.column) == (1, 8))
    }

    @Test("trailing commas are rejected at the comma")
    func trailingComma() throws {
        let array = try #require(parseError("[1, 2,]"))
        #expect((array.line, array.column) == (1, 6))
        #expect(array.message.contains("trailing comma"))
        let object = try #require(parseError("{\"a\": 1,\n}"))
        #expect((object.line, object.column) == (1, 8))
        #expect(object.message.contains("trailing comma"))
    }

    @Test("bad escapes and surrogates")
    func badEscapes() throws {
        let escape = try #require(parseError(#"{"k": "a\x"}"#))
        #expect((escape.line, escape.column) == (1, 9))
        #expect(escape.message.contains("invalid escape"))
        #expect(escape.path.description == "k")

        let high = try #require(parseError(#"["\ud800"]"#))
        #expect((high.line, high.column) == (1, 3))
        #expect(high.message.contains("unpaired surrogate"))

        let low = try #require(parseError(#"["\udc00"]"#))
        #expect(low.message.contains("unpaired surrogate"))

        let wrongPair = try #require(parseError(#"["\ud800\u0041"]"#))
        #expect(wrongPair.message.contains("not a low surrogate"))

        let shortHex = try #require(parseError(#"["\u12"]"#))
        #expect(shortHex.message.contains("four hex digits"))
    }

    @Test("deep nesting is an error, not a stack overflow")
    func deepNesting() throws {
        let deep = try #require(parseError(String(repeating: "[", count: 100_000)))
        #expect((deep.line, deep.column) == (1, 257))
        #expect(deep.message.contains("deeper than 256"))

        let objects = try #require(parseError(String(repeating: #"{"a":"#, count: 300)))
        #expect(objects.message.contains("deeper than 256"))

        let limit = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        #expect(parseError(limit) == nil)
    }

    @Test("number lexemes longer than the limit are rejected")
    func longNumbers() throws {
        let ok = String(repeating: "9", count: 1000)
        #expect(try JSONParser.parse(ok) == .number(ok))
        let tooLong = try #require(parseError("[" + String(repeating: "9", count: 1001) + "]"))
        #expect((tooLong.line, tooLong.column) == (1, 2))
        #expect(tooLong.message.contains("1001 characters"))
    }

    @Test("number grammar is RFC 8259's")
    func numberGrammar() throws {
        #expect(parseError("01")?.message.contains("leading zeros") == true)
        #expect(parseError("-")?.message.contains("expected a digit") == true)
        #expect(parseError("1.")?.message.contains("decimal point") == true)
        #expect(parseError("1e")?.message.contains("exponent") == true)
        #expect(parseError(".5") != nil)
        #expect(parseError("+1") != nil)
        let nan = try #require(parseError("[1, NaN]"))
        #expect((nan.line, nan.column) == (1, 5))
        #expect(nan.message.contains("'NaN'"))
        #expect(nan.message.contains("no NaN"))
        #expect(try JSONParser.parse("-0.0e+00") == .number("-0.0e+00"))
    }

    @Test("trailing garbage, counting columns in characters")
    func trailingGarbage() throws {
        let garbage = try #require(parseError("{} x"))
        #expect((garbage.line, garbage.column) == (1, 4))
        #expect(garbage.message.contains("after the JSON value"))
        let afterAccent = try #require(parseError("\"é\" x"))
        #expect((afterAccent.line, afterAccent.column) == (1, 5))
        #expect(parseError("[1] [2]") != nil)
    }

    @Test("strings: raw control characters and invalid UTF-8 are rejected")
    func badStrings() throws {
        let newline = try #require(parseError("\"a\nb\""))
        #expect((newline.line, newline.column) == (1, 3))
        #expect(newline.message.contains("U+000A"))
        let invalid = try #require(parseError([0x22, 0xC3, 0x28, 0x22]))
        #expect((invalid.line, invalid.column) == (1, 2))
        #expect(invalid.message.contains("UTF-8"))
        let overlong = try #require(parseError([0x22, 0xC0, 0xAF, 0x22]))
        #expect(overlong.message.contains("UTF-8"))
        let encodedSurrogate = try #require(parseError([0x22, 0xED, 0xA0, 0x80, 0x22]))
        #expect(encodedSurrogate.message.contains("UTF-8"))
        let truncatedSequence = try #require(parseError([0x22, 0xE2, 0x82]))
        #expect(truncatedSequence.message.contains("UTF-8"))
    }

    @Test("a raw control character is named once")
    func controlCharacterNamedOnce() throws {
        let tab = try #require(parseError("{\"a\":\"\t\"}"))
        #expect((tab.line, tab.column) == (1, 7))
        #expect(tab.message == "control character U+0009 must be escaped in a string")
    }

    @Test("keys are the same only when their Unicode scalars are, not when Swift calls them canonically equal")
    func keysCompareAsScalars() throws {
        // "é" as one code point and as e + U+0301: two keys in JSON, in small and in large (indexed) objects.
        let small = try JSONParser.parse(#"{"\u00e9": 1, "e\u0301": 2}"#)
        #expect(small.objectMembers?.count == 2)
        let filler = (0..<20).map { "\"k\($0)\": 0" }.joined(separator: ", ")
        let large = try JSONParser.parse(#"{"# + filler + #", "\u00e9": 1, "e\u0301": 2}"#)
        #expect(large.objectMembers?.count == 22)
        #expect(parseError(#"{"\u00e9": 1, "\u00e9": 2}"#)?.message.contains("duplicate key") == true)
        #expect(parseError(#"{"# + filler + #", "e\u0301": 1, "e\u0301": 2}"#)?.message.contains("duplicate key") == true)
    }

    @Test("duplicate keys are rejected, in small and large objects")
    func duplicateKeys() throws {
        let small = try #require(parseError(#"{"a":1,"a":2}"#))
        #expect((small.line, small.column) == (1, 8))
        #expect(small.message.contains("duplicate key \"a\" (first at 1:2)"))

        let members = (0..<20).map { "\"k\($0)\": \($0)" } + ["\"k3\": 0"]
        let large = try #require(parseError("{" + members.joined(separator: ", ") + "}"))
        #expect(large.message.contains("duplicate key \"k3\""))
        let distinct = (0..<40).map { "\"k\($0)\": \($0)" }
        #expect(parseError("{" + distinct.joined(separator: ", ") + "}") == nil)
    }

    @Test("errors name the JSON path")
    func errorPath() throws {
        let text = """
        {
          "constraints": [
            {},
            {"terms": {"v0.x": tru}}
          ]
        }
        """
        let error = try #require(parseError(text))
        #expect((error.line, error.column) == (4, 24))
        #expect(error.path.description == #"constraints[1].terms["v0.x"]"#)
        #expect(error.description.hasPrefix(#"4:24: constraints[1].terms["v0.x"]: "#))
    }

    @Test("structural errors")
    func structure() throws {
        #expect(parseError(#"{"a" 1}"#)?.message.contains("expected ':'") == true)
        #expect(parseError("{1: 2}")?.message.contains("string key") == true)
        #expect(parseError("[1 2]")?.message.contains("expected ',' or ']'") == true)
        #expect(parseError(#"{"a": 1 "b": 2}"#)?.message.contains("expected ',' or '}'") == true)
        #expect(parseError("['a']") != nil)
        #expect(parseError("[1] // comment") != nil)
        #expect(parseError("True") != nil)
    }
}
