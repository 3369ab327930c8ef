import PlumbFrontEnd

/// One token of a chain line. Columns are 1-based and count characters.
struct ChainToken: Sendable {
    enum Kind: Equatable, Sendable {
        /// `make`, `mas_top`, `$0`.
        case identifier(String)
        /// Digits as written (`10`, `0.5`, `1e3`), without a C `f` suffix; read exactly with `Rational(parsing:)`.
        case number(String)
        /// The contents of `"..."` or `@"..."`, escapes resolved.
        case string(String)
        /// Any other single character: `.`, `(`, `)`, `[`, `]`, `,`, `;`, `:`, `@`, `+`, `-`, `*`, `/`, `|`, ...
        case punct(Character)
        /// The end of the line.
        case end
    }

    var kind: Kind
    /// Column of the first character.
    var column: Int
    /// Character offsets into the line, `start..<end`.
    var start: Int
    var end: Int
    /// The token as written.
    var text: String

    var identifier: String? {
        if case .identifier(let name) = kind { return name }
        return nil
    }

    func isPunct(_ c: Character) -> Bool { kind == .punct(c) }

    /// How an error message names this token: `'foo'`, `';'`, `string "abc"`, `end of line` (an excerpt if long).
    var display: String {
        switch kind {
        case .end: return "end of line"
        case .string: return "string \(text.excerpt)"
        default: return "'\(text.excerpt)'"
        }
    }
}

extension ChainParser {
    /// Splits a line into tokens; the last token is always `.end`. `//` starts a comment to the end of the line;
    /// `/* ... */` comments are skipped.
    func tokenize(_ chars: [Character], line: Int, firstColumn: Int) throws(TextSyntaxError) -> [ChainToken] {
        var tokens: [ChainToken] = []
        var i = 0
        let n = chars.count
        func column(_ index: Int) -> Int { firstColumn &+ index }
        func char(_ index: Int) -> Character? { index >= 0 && index < n ? chars[index] : nil }
        func text(_ a: Int, _ b: Int) -> String { a < b && b <= n ? String(chars[a..<b]) : "" }

        while i < n {
            let c = chars[i]
            if c.isWhitespace { i += 1; continue }
            // Comments (a chain continued over lines may hold one between its lines).
            if c == "/", char(i + 1) == "/" {
                while i < n && !chars[i].isNewline { i += 1 }
                continue
            }
            if c == "/", char(i + 1) == "*" {
                var j = i + 2
                var closed = false
                while j < n {
                    if chars[j] == "*", char(j + 1) == "/" { closed = true; j += 2; break }
                    j += 1
                }
                guard closed else {
                    let (l, col) = ChainParser.lineAndColumn(of: column(i), in: chars, line: line, firstColumn: firstColumn)
                    throw syntaxError("unterminated comment: expected '*/' before the end of the line", line: l, column: col)
                }
                i = j
                continue
            }
            let start = i
            if ChainParser.isIdentifierStart(c) || (c == "$" && char(i + 1).map(ChainParser.isDigit) == true) {
                i += 1
                while let d = char(i), Identifier.isPart(d) { i += 1 }
                let name = text(start, i)
                tokens.append(ChainToken(kind: .identifier(name), column: column(start), start: start, end: i, text: name))
                continue
            }
            // C's and Swift's leading-dot numbers (`.5f`, `.0`), where no member can be meant.
            if c == ".", let d = char(i + 1), ChainParser.isDigit(d),
               !(tokens.last.map { $0.end == i && ($0.identifier != nil || $0.isPunct(")") || $0.isPunct("]")) } ?? false) {
                i += 1
                while let d = char(i), ChainParser.isDigit(d) { i += 1 }
                let digits = "0" + text(start, i)
                if let f = char(i), f == "f" || f == "F",
                   !(char(i + 1).map { Identifier.isPart($0) } ?? false) {
                    i += 1
                }
                tokens.append(ChainToken(kind: .number(digits), column: column(start), start: start, end: i, text: text(start, i)))
                continue
            }
            if ChainParser.isDigit(c) {
                while let d = char(i), ChainParser.isDigit(d) { i += 1 }
                var hasPoint = false
                if char(i) == ".", let d = char(i + 1), ChainParser.isDigit(d) {
                    hasPoint = true
                    i += 1
                    while let d = char(i), ChainParser.isDigit(d) { i += 1 }
                } else if char(i) == ".", !(char(i + 1).map { Identifier.isPart($0) } ?? false) {
                    // C's `1.` (as in `1./count`): the number 1
                    let digits = text(start, i)
                    i += 1
                    tokens.append(ChainToken(kind: .number(digits), column: column(start), start: start, end: i, text: text(start, i)))
                    continue
                } else if char(i) == ".", let f = char(i + 1), f == "f" || f == "F",
                          !(char(i + 2).map { Identifier.isPart($0) } ?? false) {
                    // C's `10.f`: the number is `10.`; the suffix is dropped below.
                    let digits = text(start, i)
                    i += 2
                    tokens.append(ChainToken(kind: .number(digits), column: column(start), start: start, end: i, text: text(start, i)))
                    continue
                }
                if let e = char(i), e == "e" || e == "E" {
                    var j = i + 1
                    if let s = char(j), s == "+" || s == "-" { j += 1 }
                    if let d = char(j), ChainParser.isDigit(d) {
                        i = j
                        while let d = char(i), ChainParser.isDigit(d) { i += 1 }
                        hasPoint = true
                    }
                }
                let digits = text(start, i)
                // C's `0.5f` / `1e3F`.
                if hasPoint, let f = char(i), f == "f" || f == "F",
                   !(char(i + 1).map { Identifier.isPart($0) } ?? false) {
                    i += 1
                }
                tokens.append(ChainToken(kind: .number(digits), column: column(start), start: start, end: i, text: text(start, i)))
                continue
            }
            if c == "\"" || (c == "@" && char(i + 1) == "\"") {
                var j = c == "@" ? i + 2 : i + 1
                var value = ""
                var closed = false
                while j < n {
                    let d = chars[j]
                    if d == "\"" { closed = true; j += 1; break }
                    if d == "\\", let e = char(j + 1) {
                        switch e {
                        case "n": value.append("\n")
                        case "t": value.append("\t")
                        case "0": value.append("\0")
                        default: value.append(e)
                        }
                        j += 2
                        continue
                    }
                    value.append(d)
                    j += 1
                }
                guard closed else {
                    let (l, col) = ChainParser.lineAndColumn(of: column(start), in: chars, line: line, firstColumn: firstColumn)
                    throw syntaxError("unterminated string: expected '\"' before the end of the line", line: l, column: col)
                }
                i = j
                tokens.append(ChainToken(kind: .string(value), column: column(start), start: start, end: i, text: text(start, i)))
                continue
            }
            if c == "-", char(i + 1) == ">", let d = char(i + 2), ChainParser.isIdentifierStart(d) {
                // Objective-C's `self->_title`: a member, read as `.`
                i += 2
                tokens.append(ChainToken(kind: .punct("."), column: column(start), start: start, end: i, text: "->"))
                continue
            }
            i += 1
            tokens.append(ChainToken(kind: .punct(c), column: column(start), start: start, end: i, text: String(c)))
        }
        tokens.append(ChainToken(kind: .end, column: column(n), start: n, end: n, text: ""))
        return tokens
    }

    /// The line and column of a token position (`firstColumn` + offset) in a text that may hold line breaks.
    static func lineAndColumn(of position: Int, in chars: [Character], line: Int, firstColumn: Int) -> (Int, Int) {
        let offset = position &- firstColumn
        guard offset > 0, chars.contains(where: \.isNewline) else { return (line, position) }
        var l = line, c = firstColumn
        for k in 0..<min(offset, chars.count) {
            if chars[k].isNewline { l += 1; c = 1 } else { c += 1 }
        }
        return (l, c)
    }

    static func isIdentifierStart(_ c: Character) -> Bool { Identifier.isStart(c) }

    static func isDigit(_ c: Character) -> Bool {
        c.isASCII && c.isWholeNumber
    }

    func syntaxError(_ message: String, line: Int, column: Int) -> TextSyntaxError {
        TextSyntaxError(location: SourceLocation(file: file, line: line, column: column), message: message)
    }
}
