import Testing
@testable import PlumbText
@testable import PlumbImport

/// The one scanner of comments and literals (`CodeScanner`), on spans counted by hand.
@Suite struct CodeScannerTests {
    func span(_ text: String, at offset: Int) -> (kind: CodeScanner.Kind, end: Int)? {
        let chars = Array(text)
        return CodeScanner.span(in: chars, at: offset).map { ($0.kind, $0.end) }
    }

    @Test func commentsEndWhereTheyShould() {
        // "a // b" then a line break at 6: the comment stops before it
        #expect(span("a // b\nc", at: 2)! == (.lineComment, 6))
        // "/* x */" is 7 characters
        #expect(span("/* x */y", at: 0)! == (.blockComment(closed: true), 7))
        #expect(span("/* x", at: 0)! == (.blockComment(closed: false), 4))
        #expect(span("a / b", at: 2) == nil)
    }

    @Test func stringsHonourEscapesAndLines() {
        // "a\"b" is six characters: quote, a, backslash, quote, b, quote
        #expect(span(#""a\"b" c"#, at: 0)! == (.string(closed: true), 6))
        // cut off by the line break at 3, which is not part of it
        #expect(span("\"ab\ncd\"", at: 0)! == (.string(closed: false), 3))
        // """a"b""" : three quotes, a, quote, b, three quotes = 9
        #expect(span(#""""a"b"""x"#, at: 0)! == (.multilineString, 9))
    }

    @Test func aQuoteAfterALetterIsNoLiteral() {
        #expect(span("x = 'c'", at: 4)! == (.characterLiteral, 7))
        #expect(span(#"'\n' "#, at: 0)! == (.characterLiteral, 4))
        #expect(span("it's", at: 2) == nil)
        #expect(span("{", at: 0) == nil)
    }

    /// What `bench import` sees of a line: brackets inside a string, a comment or a character literal are blanked.
    @Test func maskingBlanksWhatTheScannerFinds() {
        let (masked, unclosed) = SourceScan.mask(Array(#"f("(", /* ) */ ')') // )"#))
        // f ( then the string "(" with its quotes kept, a comma, a space, the 7-character comment blanked, a space,
        // the 3-character literal blanked, the closing bracket, a space, and the 4-character line comment blanked
        let expected = "f(" + "\" \"" + "," + " " + String(repeating: " ", count: 7) + " " + String(repeating: " ", count: 3)
            + ")" + " " + String(repeating: " ", count: 4)
        #expect(String(masked) == expected)
        #expect(unclosed == nil)
        #expect(SourceScan.mask(Array("a /* b")).unclosedComment == 2)
    }
}
