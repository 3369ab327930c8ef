import Testing
import PlumbSystem

@Suite("JSON writer")
struct JSONWriterTests {
    let sample: JSONValue = .object([
        JSONMember("name", .string("chain")),
        JSONMember("n", .number("1e3")),
        JSONMember("flags", .array([.bool(true), .bool(false), .null])),
        JSONMember("empty", .object([])),
        JSONMember("none", .array([])),
    ])

    @Test("compact output has no whitespace and keeps lexemes")
    func compact() {
        #expect(JSONWriter.write(sample, pretty: false)
                == #"{"name":"chain","n":1e3,"flags":[true,false,null],"empty":{},"none":[]}"#)
    }

    @Test("pretty output keeps short containers on one line")
    func prettyShort() {
        #expect(JSONWriter.write(sample)
                == #"{"name": "chain", "n": 1e3, "flags": [true, false, null], "empty": {}, "none": []}"#)
    }

    @Test("pretty output breaks long containers with two-space indentation")
    func prettyLong() {
        let long = String(repeating: "x", count: 120)
        let value: JSONValue = .object([
            JSONMember("a", .array([.string(long), .number("2")])),
            JSONMember("b", .object([JSONMember("c", .array([.number("1"), .number("2")]))])),
        ])
        let expected = """
        {
          "a": [
            "\(long)",
            2
          ],
          "b": {"c": [1, 2]}
        }
        """
        #expect(JSONWriter.write(value) == expected)
    }

    @Test("strings are escaped and read back unchanged")
    func escaping() throws {
        let tricky = "quote \" backslash \\ slash / newline \n tab \t cr \r bell \u{07} nul \u{0} é 😀 \u{7F}"
        let written = JSONWriter.write(.string(tricky), pretty: false)
        #expect(written == #""quote \" backslash \\ slash / newline \n tab \t cr \r bell \u0007 nul \u0000 é 😀 \#u{7F}""#)
        #expect(try JSONParser.parse(written) == .string(tricky))
        #expect(JSONWriter.quoted("a\u{1F}b") == #""a\u001Fb""#)
    }

    @Test("write then parse gives the same value, in both modes")
    func roundTrip() throws {
        let value: JSONValue = .array([
            sample,
            .object([JSONMember("deep", .array([.array([.array([.string(String(repeating: "y", count: 200))])])]))]),
            .number("-0.5e-7"),
        ])
        #expect(try JSONParser.parse(JSONWriter.write(value, pretty: true)) == value)
        #expect(try JSONParser.parse(JSONWriter.write(value, pretty: false)) == value)
    }
}
