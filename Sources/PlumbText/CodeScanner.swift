/// The one place that knows where a comment, a string or a character literal starts and ends in the code the readers
/// take (Swift, Objective-C, and the blocks of layout files): every reader that must not count a bracket, a quote or
/// a `//` inside one asks it (`SourceScan.mask`, `CodeText.skipQuoted`, the layout file's line reader).
package enum CodeScanner {
    /// What starts at an offset.
    package enum Kind: Equatable, Sendable {
        /// `// ...` to the end of the line (the line break not included).
        case lineComment
        /// `/* ... */`; `closed` false when the file ends first.
        case blockComment(closed: Bool)
        /// `"..."` (`@"..."` is the same string after its `@`), escapes honoured; `closed` false when it ends at the
        /// line break (not included) or the end of the text instead.
        case string(closed: Bool)
        /// Swift's `"""` ... `"""`, over lines.
        case multilineString
        /// `'a'`, `'\n'`: a quote after anything but a letter or digit (so `it's` in a name-like run is no literal).
        case characterLiteral
    }

    /// The comment or literal that starts at `i` in `text`, and the index after it; nil when none starts there.
    /// - Complexity: O(the span's length).
    package static func span<C: BidirectionalCollection>(in text: C, at i: C.Index) -> (kind: Kind, end: C.Index)?
        where C.Element == Character {
        let c = text[i]
        guard c == "/" || c == "\"" || c == "'" else { return nil }
        let afterFirst = text.index(after: i)
        let next: Character? = afterFirst < text.endIndex ? text[afterFirst] : nil
        switch c {
        case "/" where next == "/":
            var j = afterFirst
            while j < text.endIndex && !text[j].isNewline { j = text.index(after: j) }
            return (.lineComment, j)
        case "/" where next == "*":
            var j = text.index(after: afterFirst)
            while j < text.endIndex {
                if text[j] == "*" {
                    let k = text.index(after: j)
                    if k < text.endIndex && text[k] == "/" { return (.blockComment(closed: true), text.index(after: k)) }
                }
                j = text.index(after: j)
            }
            return (.blockComment(closed: false), text.endIndex)
        case "\"":
            if next == "\"", text.index(after: afterFirst) < text.endIndex, text[text.index(after: afterFirst)] == "\"" {
                return (.multilineString, closingTripleQuote(in: text, from: text.index(i, offsetBy: 3)))
            }
            let (end, closed) = closingQuote("\"", in: text, from: afterFirst)
            return (.string(closed: closed), end)
        case "'":
            if i > text.startIndex {
                let previous = text[text.index(before: i)]
                if previous.isLetter || previous.isNumber { return nil }
            }
            return (.characterLiteral, closingQuote("'", in: text, from: afterFirst).end)
        default:
            return nil
        }
    }

    /// After the quote that closes a one-line literal (escapes skipped), or at the line break (or end) that cuts it off.
    private static func closingQuote<C: BidirectionalCollection>(_ quote: Character, in text: C, from start: C.Index)
        -> (end: C.Index, closed: Bool) where C.Element == Character {
        var j = start
        while j < text.endIndex {
            let d = text[j]
            if d == quote { return (text.index(after: j), true) }
            if d.isNewline { return (j, false) }
            if d == "\\" {
                j = text.index(after: j)
                if j == text.endIndex || text[j].isNewline { return (j, false) }
            }
            j = text.index(after: j)
        }
        return (j, false)
    }

    /// After the `"""` that closes a multi-line string, or the end.
    private static func closingTripleQuote<C: BidirectionalCollection>(in text: C, from start: C.Index) -> C.Index
        where C.Element == Character {
        var j = start
        var quotes = 0
        while j < text.endIndex {
            let d = text[j]
            j = text.index(after: j)
            if d == "\\" && j < text.endIndex { j = text.index(after: j); quotes = 0; continue }
            quotes = d == "\"" ? quotes + 1 : 0
            if quotes == 3 { return j }
        }
        return j
    }
}
