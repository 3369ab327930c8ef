/// A strict RFC 8259 JSON parser over UTF-8 bytes.
///
/// It rejects everything RFC 8259 does not allow (comments, trailing commas, `NaN`, single quotes, leading zeros,
/// raw control characters in strings, invalid UTF-8, unpaired surrogate escapes) and, by Plumb's choice, an object
/// that repeats a key. A leading UTF-8 byte order mark is skipped. Nesting deeper than `maxDepth` and number
/// lexemes longer than `maxNumberLength` are errors, so no input can exhaust the stack or make number reading slow.
/// Every error carries its line, column and JSON path.
public struct JSONParser: Sendable {
    /// The deepest nesting of arrays and objects accepted.
    public var maxDepth: Int
    /// The longest number lexeme accepted, in characters.
    public var maxNumberLength: Int

    public init(maxDepth: Int = 256, maxNumberLength: Int = 1000) {
        self.maxDepth = maxDepth
        self.maxNumberLength = maxNumberLength
    }

    /// Parses one JSON text, keeping where each value was written.
    public func parseNode(_ bytes: [UInt8]) throws(JSONError) -> JSONNode {
        var scanner = JSONScanner(bytes: bytes, maxDepth: maxDepth, maxNumberLength: maxNumberLength)
        return try scanner.parseDocument()
    }

    /// Parses one JSON text.
    public func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
        try parseNode(bytes).value
    }

    /// Parses one JSON text with the default limits.
    public static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
        try JSONParser().parse(bytes)
    }

    /// Parses one JSON text with the default limits.
    public static func parse(_ text: String) throws(JSONError) -> JSONValue {
        try JSONParser().parse(Array(text.utf8))
    }
}

/// The parser's cursor over the bytes: recursive descent, depth-limited.
private struct JSONScanner {
    let bytes: [UInt8]
    let maxDepth: Int
    let maxNumberLength: Int
    var index = 0
    /// Where in the document the value being parsed sits, for error messages.
    var path: [JSONPath.Component] = []

    init(bytes: [UInt8], maxDepth: Int, maxNumberLength: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.maxNumberLength = maxNumberLength
    }

    // MARK: Document and values

    mutating func parseDocument() throws(JSONError) -> JSONNode {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        guard index < bytes.count else {
            throw failure(index == 0 ? "empty input; expected a JSON value" : "only whitespace; expected a JSON value",
                          at: index)
        }
        let root = try parseValue(depth: 0)
        skipWhitespace()
        guard index == bytes.count else {
            throw failure("unexpected \(found(at: index)) after the JSON value; only whitespace may follow it", at: index)
        }
        return root
    }

    /// Parses the value at `index` (after whitespace); `depth` is the number of arrays and objects around it.
    mutating func parseValue(depth: Int) throws(JSONError) -> JSONNode {
        skipWhitespace()
        guard index < bytes.count else { throw failure("unexpected end of input; expected a value", at: index) }
        let start = index
        switch bytes[index] {
        case Byte.openBrace:
            return JSONNode(content: .object(try parseObject(depth: depth + 1)), offset: start)
        case Byte.openBracket:
            return JSONNode(content: .array(try parseArray(depth: depth + 1)), offset: start)
        case Byte.quote:
            return JSONNode(content: .string(try parseString()), offset: start)
        case Byte.minus, Byte.zero...Byte.nine:
            return JSONNode(content: .number(try parseNumber()), offset: start)
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return JSONNode(content: .bool(true), offset: start)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return JSONNode(content: .bool(false), offset: start)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return JSONNode(content: .null, offset: start)
        default:
            throw failure("unexpected \(found(at: index)); expected a value\(hint(at: index))", at: index)
        }
    }

    mutating func expectLiteral(_ word: StaticString) throws(JSONError) {
        let start = index
        let count = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { literal in
            bytes.count - start >= count && bytes[start..<(start + count)].elementsEqual(literal)
        }
        guard matches else {
            throw failure("unexpected \(found(at: start)); expected a value\(hint(at: start))", at: start)
        }
        index += count
    }

    // MARK: Containers

    mutating func parseArray(depth: Int) throws(JSONError) -> [JSONNode] {
        let open = index
        guard depth <= maxDepth else { throw failure("arrays and objects nested deeper than \(maxDepth) levels", at: open) }
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == Byte.closeBracket {
            index += 1
            return elements
        }
        while true {
            path.append(.index(elements.count))
            elements.append(try parseValue(depth: depth))
            path.removeLast()
            if try endOfElement(close: Byte.closeBracket, container: "array", element: "an array element", opened: open) {
                return elements
            }
        }
    }

    mutating func parseObject(depth: Int) throws(JSONError) -> [JSONNode.Member] {
        let open = index
        guard depth <= maxDepth else { throw failure("arrays and objects nested deeper than \(maxDepth) levels", at: open) }
        index += 1
        var members: [JSONNode.Member] = []
        // Small objects are checked for repeated keys by a scan as they are read; larger ones once they are closed,
        // through an index sized for them (no growth: one hash a key). Keys are the same only when their Unicode
        // scalars are (JSON's rule), not when Swift calls them canonically equal.
        let indexThreshold = 16
        skipWhitespace()
        if index < bytes.count, bytes[index] == Byte.closeBrace {
            index += 1
            return members
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else {
                throw failure("unexpected end of input; expected a string key", at: index)
            }
            guard bytes[index] == Byte.quote else {
                throw failure("expected a string key in double quotes, found \(found(at: index))", at: index)
            }
            let keyOffset = index
            let key = try parseString()
            if members.count < indexThreshold, let previous = members.firstIndex(where: { $0.key.utf8.elementsEqual(key.utf8) }) {
                throw duplicateKey(key, at: keyOffset, first: members[previous].keyOffset)
            }
            path.append(.key(key))
            skipWhitespace()
            guard index < bytes.count, bytes[index] == Byte.colon else {
                throw failure("expected ':' after the key, found \(found(at: index))", at: index)
            }
            index += 1
            let value = try parseValue(depth: depth)
            path.removeLast()
            members.append(JSONNode.Member(key: key, keyOffset: keyOffset, value: value))
            if try endOfElement(close: Byte.closeBrace, container: "object", element: "an object member", opened: open) {
                if members.count > indexThreshold { try checkRepeatedKeys(members) }
                return members
            }
        }
    }

    /// The first key of `members` that repeats an earlier one, as an error (for objects too large to scan).
    /// - Complexity: O(n), one hash a key.
    func checkRepeatedKeys(_ members: [JSONNode.Member]) throws(JSONError) {
        var keys = NameIndex(capacity: members.count)
        for member in members {
            if let previous = keys.insert(member.key) {
                throw duplicateKey(member.key, at: member.keyOffset, first: members[previous].keyOffset)
            }
        }
    }

    func duplicateKey(_ key: String, at offset: Int, first: Int) -> JSONError {
        failure("duplicate key \(Excerpt.quoted(key)) (first at \(position(of: first)))", at: offset)
    }

    // MARK: Strings

    /// Parses the string whose opening quote is at `index`.
    mutating func parseString() throws(JSONError) -> String {
        let open = index
        index += 1
        var runStart = index
        var decoded: [UInt8] = []
        var sawEscape = false
        while true {
            guard index < bytes.count else {
                throw failure("unexpected end of input; the string opened at \(position(of: open)) is not closed",
                              at: index)
            }
            let byte = bytes[index]
            if byte == Byte.quote {
                let text: String
                if sawEscape {
                    decoded.append(contentsOf: bytes[runStart..<index])
                    text = String(decoding: decoded, as: UTF8.self)
                } else {
                    text = String(decoding: bytes[runStart..<index], as: UTF8.self)
                }
                index += 1
                return text
            } else if byte == Byte.backslash {
                sawEscape = true
                decoded.append(contentsOf: bytes[runStart..<index])
                try parseEscape(into: &decoded)
                runStart = index
            } else if byte < 0x20 {
                throw failure("\(JSONScanner.unicodeName(UInt32(byte))) must be escaped in a string",
                              at: index)
            } else if byte < 0x80 {
                index += 1
            } else {
                guard let length = utf8SequenceLength(at: index) else {
                    throw failure("invalid UTF-8 (byte 0x\(JSONScanner.hex(UInt32(byte), digits: 2))) in a string",
                                  at: index)
                }
                index += length
            }
        }
    }

    /// Decodes the escape whose backslash is at `index`, appending its UTF-8 bytes.
    mutating func parseEscape(into decoded: inout [UInt8]) throws(JSONError) {
        let start = index
        index += 1
        guard index < bytes.count else { throw failure("unexpected end of input in an escape", at: index) }
        let letter = bytes[index]
        index += 1
        switch letter {
        case Byte.quote, Byte.backslash, UInt8(ascii: "/"): decoded.append(letter)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try hexQuad(escapeAt: start)
            var scalarValue = unit
            if (0xD800...0xDBFF).contains(unit) {
                let second = index
                guard bytes.count - second >= 2, bytes[second] == Byte.backslash, bytes[second + 1] == UInt8(ascii: "u") else {
                    throw failure("unpaired surrogate \\u\(JSONScanner.hex(unit, digits: 4)): a high surrogate must be "
                                  + "followed by a \\u escape of a low surrogate (DC00-DFFF)", at: start)
                }
                index += 2
                let low = try hexQuad(escapeAt: second)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw failure("unpaired surrogate \\u\(JSONScanner.hex(unit, digits: 4)): it is followed by "
                                  + "\\u\(JSONScanner.hex(low, digits: 4)), not a low surrogate (DC00-DFFF)", at: start)
                }
                scalarValue = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw failure("unpaired surrogate \\u\(JSONScanner.hex(unit, digits: 4)): a low surrogate must follow "
                              + "a high surrogate", at: start)
            }
            guard let scalar = Unicode.Scalar(scalarValue) else {
                throw failure("\\u escape does not name a Unicode scalar", at: start)
            }
            decoded.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
            throw failure("invalid escape '\\\(JSONScanner.printable(letter))'; JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t "
                          + "and \\uXXXX", at: start)
        }
    }

    /// Reads the four hex digits after `\u` at `index`.
    mutating func hexQuad(escapeAt start: Int) throws(JSONError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = JSONScanner.hexDigit(bytes[index]) else {
                throw failure("\\u must be followed by four hex digits", at: start)
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    /// The length of the well-formed UTF-8 sequence starting at `position` (RFC 3629), or nil.
    func utf8SequenceLength(at position: Int) -> Int? {
        let lead = bytes[position]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: return nil
        }
        guard bytes.count - position >= length, secondRange.contains(bytes[position + 1]) else { return nil }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[position + offset]) { return nil }
        return length
    }

    // MARK: Numbers

    /// Reads a number per RFC 8259's grammar, returning its lexeme.
    mutating func parseNumber() throws(JSONError) -> String {
        let start = index
        if bytes[index] == Byte.minus { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw failure("expected a digit after '-', found \(found(at: index))\(hint(at: index))", at: index)
        }
        if bytes[index] == Byte.zero {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw failure("leading zeros are not allowed in JSON numbers", at: start)
            }
        } else {
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw failure("expected a digit after the decimal point, found \(found(at: index))", at: index)
            }
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == Byte.minus || bytes[index] == UInt8(ascii: "+") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw failure("expected a digit in the exponent, found \(found(at: index))", at: index)
            }
            skipDigits()
        }
        let length = index - start
        guard length <= maxNumberLength else {
            throw failure("number is \(length) characters long; the limit is \(maxNumberLength)", at: start)
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= Byte.zero && byte <= Byte.nine }

    // MARK: Whitespace, errors

    /// After an element of a container opened at `open`: true when `close` ends it, false after a comma
    /// (another element follows); anything else, a trailing comma or the end of input is an error.
    mutating func endOfElement(close: UInt8, container: String, element: String, opened open: Int) throws(JSONError) -> Bool {
        let closeText = close == Byte.closeBracket ? "]" : "}"
        skipWhitespace()
        guard index < bytes.count else {
            throw failure("unexpected end of input; the \(container) opened at \(position(of: open)) is not closed", at: index)
        }
        switch bytes[index] {
        case Byte.comma:
            let comma = index
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == close { throw failure("trailing comma before '\(closeText)'", at: comma) }
            return false
        case close:
            index += 1
            return true
        default:
            throw failure("expected ',' or '\(closeText)' after \(element), found \(found(at: index))", at: index)
        }
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    func position(of offset: Int) -> JSONPosition {
        JSONPosition(offset: offset, in: bytes)
    }

    func failure(_ message: String, at offset: Int) -> JSONError {
        let where_ = position(of: offset)
        return JSONError(line: where_.line, column: where_.column, offset: offset, path: JSONPath(path), message: message)
    }

    /// What is at `position`, for messages: `'x'`, `'NaN'`, `end of input`, `control character U+0001`.
    func found(at position: Int) -> String {
        guard position < bytes.count else { return "end of input" }
        let byte = bytes[position]
        if JSONScanner.isLetter(byte) {
            var end = position
            while end < bytes.count, end - position < 24,
                  JSONScanner.isLetter(bytes[end]) || isDigit(bytes[end]) || bytes[end] == UInt8(ascii: "_") {
                end += 1
            }
            return "'\(String(decoding: bytes[position..<end], as: UTF8.self))'"
        }
        if byte >= 0x21 && byte <= 0x7E { return "'\(JSONScanner.printable(byte))'" }
        if byte < 0x80 { return JSONScanner.unicodeName(UInt32(byte)) }
        if let length = utf8SequenceLength(at: position) {
            let text = String(decoding: bytes[position..<(position + length)], as: UTF8.self)
            let value = text.unicodeScalars.first.map { $0.value } ?? 0
            return "'\(text)' (\(JSONScanner.unicodeName(value)))"
        }
        return "invalid UTF-8 byte 0x\(JSONScanner.hex(UInt32(byte), digits: 2))"
    }

    /// A pointer for the usual non-JSON spellings of non-finite numbers.
    func hint(at position: Int) -> String {
        switch found(at: position) {
        case "'NaN'", "'Infinity'", "'nan'", "'inf'", "'Inf'":
            return "; JSON has no NaN or infinities (write them as strings, e.g. \"nan\", \"inf\", \"-inf\")"
        default:
            return ""
        }
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    static func printable(_ byte: UInt8) -> String {
        byte >= 0x21 && byte <= 0x7E ? String(UnicodeScalar(byte)) : "\\x" + hex(UInt32(byte), digits: 2)
    }

    static func unicodeName(_ value: UInt32) -> String {
        let kind = value < 0x20 || value == 0x7F ? "control character " : ""
        return "\(kind)U+\(hex(value, digits: 4))"
    }

    static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case Byte.zero...Byte.nine: return UInt32(byte - Byte.zero)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}

/// The ASCII bytes JSON's grammar is made of.
private enum Byte {
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let comma = UInt8(ascii: ",")
    static let colon = UInt8(ascii: ":")
    static let minus = UInt8(ascii: "-")
    static let zero = UInt8(ascii: "0")
    static let nine = UInt8(ascii: "9")
}
