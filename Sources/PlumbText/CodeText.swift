import PlumbFrontEnd

/// Source text of several lines as one character array, with the line and column of every offset: what the block
/// reader splits into statements (a statement may run over lines) and hands to the chain parser.
package struct CodeText {
    package let chars: [Character]
    /// Offset of each line's first character, and that line's number in the file.
    private let lineStarts: [Int]
    private let lineNumbers: [Int]
    let file: String

    /// `lines` are (line number, text) in order; they are joined with a line break between each two.
    package init(lines: [(number: Int, text: Substring)], file: String) {
        var chars: [Character] = []
        var starts: [Int] = [], numbers: [Int] = []
        for (k, line) in lines.enumerated() {
            if k > 0 { chars.append("\n") }
            starts.append(chars.count)
            numbers.append(line.number)
            chars.append(contentsOf: line.text)
        }
        self.chars = chars
        self.lineStarts = starts
        self.lineNumbers = numbers
        self.file = file
    }

    /// The line number and 1-based column of an offset.
    func position(of offset: Int) -> (line: Int, column: Int) {
        guard !lineStarts.isEmpty else { return (1, 1) }
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return (lineNumbers[low], offset - lineStarts[low] + 1)
    }

    func location(of offset: Int) -> SourceLocation {
        let (line, column) = position(of: offset)
        return SourceLocation(file: file, line: line, column: column)
    }

    package func text(_ range: Range<Int>) -> String { String(chars[range]) }

    func error(_ message: String, at offset: Int) -> TextSyntaxError {
        TextSyntaxError(location: location(of: offset), message: message)
    }

    /// The offset after the string, character literal or comment starting at `i`, or nil if none starts there
    /// (`CodeScanner`).
    func skipQuoted(_ i: Int) -> Int? { CodeScanner.span(in: chars, at: i)?.end }

    /// The offset after the bracket group opening at `i` (`(`, `[` or `{`), or nil when it is never closed.
    func matching(_ i: Int, end: Int) -> Int? {
        var depth = 0
        var j = i
        while j < end {
            if let after = skipQuoted(j) { j = after; continue }
            switch chars[j] {
            case "(", "[", "{": depth += 1
            case ")", "]", "}":
                depth -= 1
                if depth == 0 { return j + 1 }
            default: break
            }
            j += 1
        }
        return nil
    }

    /// The first offset in `range` that is not whitespace (nor a comment), or `range.upperBound`.
    func skipSpace(_ i: Int, end: Int) -> Int {
        var j = i
        while j < end {
            if chars[j].isWhitespace { j += 1; continue }
            if chars[j] == "/", j + 1 < end, chars[j + 1] == "/" || chars[j + 1] == "*", let after = skipQuoted(j) {
                j = after
                continue
            }
            break
        }
        return j
    }

    /// Whether the word `word` stands at `i` (not inside a longer name).
    func hasWord(_ word: String, at i: Int, end: Int) -> Bool {
        let w = Array(word)
        guard i + w.count <= end, Array(chars[i..<(i + w.count)]) == w else { return false }
        if i + w.count < end, isNameCharacter(chars[i + w.count]) { return false }
        if i > 0, isNameCharacter(chars[i - 1]) { return false }
        return true
    }

    func isNameCharacter(_ c: Character) -> Bool { c == "$" || Identifier.isPart(c) }

    /// Splits `range` into statements: at `;` outside brackets, and at a line break outside brackets unless the
    /// statement goes on (the next line starts with `.`, `?`, `:` or an operator, or this one ends with one, or
    /// `else` follows a `}`). Ranges are trimmed; empty ones are dropped.
    func statements(in range: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = range.lowerBound
        var depth = 0
        var i = range.lowerBound
        func close(_ end: Int) {
            let s = skipSpace(start, end: end)
            var e = end
            while e > s && chars[e - 1].isWhitespace { e -= 1 }
            if s < e { result.append(s..<e) }
        }
        while i < range.upperBound {
            if let after = skipQuoted(i) { i = after; continue }
            let c = chars[i]
            switch c {
            case "(", "[", "{": depth += 1
            case ")", "]", "}":
                depth = max(0, depth - 1)
                if c == "}" && depth == 0 {
                    let next = skipSpace(i + 1, end: range.upperBound)
                    if !hasWord("else", at: next, end: range.upperBound) && !(next < range.upperBound && chars[next] == ")") {
                        close(i + 1)
                        start = i + 1
                    }
                }
            case ";" where depth == 0:
                close(i + 1)
                start = i + 1
            default:
                if c.isNewline && depth == 0 && !continues(after: i, from: start, end: range.upperBound) {
                    close(i)
                    start = i + 1
                }
            }
            i += 1
        }
        close(range.upperBound)
        return result
    }

    /// Whether the statement from `start` goes on past the line break at `i`.
    private func continues(after i: Int, from start: Int, end: Int) -> Bool {
        var last = i - 1
        while last >= start && chars[last].isWhitespace { last -= 1 }
        // a `//` comment ends the line: look before it
        if let slash = lineCommentStart(from: start, to: i) {
            last = slash - 1
            while last >= start && chars[last].isWhitespace { last -= 1 }
        }
        guard last >= start else { return false }
        if ".+-*/=,(?:|&".contains(chars[last]) { return true }
        // `else` at the end of a line: its `{` is on the next one (Allman style)
        if last >= start + 3 && String(chars[(last - 3)...last]) == "else" && (last - 4 < start || !isNameCharacter(chars[last - 4])) {
            return true
        }
        let next = skipSpace(i + 1, end: end)
        guard next < end else { return false }
        if hasWord("else", at: next, end: end) { return true }   // `}` then `else {` on the next line
        let n = chars[next]
        if n == "{" { return true }   // `if (x)` then `{` on the next line
        if n == "." { return true }
        return "?:*/+|&".contains(n) && !(n == "/" && next + 1 < end && (chars[next + 1] == "/" || chars[next + 1] == "*"))
    }

    private func lineCommentStart(from start: Int, to end: Int) -> Int? {
        var lineStart = end - 1
        while lineStart > start && !chars[lineStart - 1].isNewline { lineStart -= 1 }
        var j = lineStart
        while j < end {
            if chars[j] == "/", j + 1 < end, chars[j + 1] == "/" { return j }
            if (chars[j] == "\"" || chars[j] == "'"), let after = skipQuoted(j) { j = after; continue }
            j += 1
        }
        return nil
    }
}
