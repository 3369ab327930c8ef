/// Writes `JSONValue`s as JSON text, deterministically: the same value always gives the same bytes.
///
/// Members are written in their order, numbers as their lexeme (which must be a valid JSON number), strings with
/// `"` `\` and control characters escaped and everything else as UTF-8.
public enum JSONWriter {
    /// In pretty output, an array or object stays on one line when that line is at most this many columns wide.
    public static let lineWidth = 120

    /// `value` as JSON text, without a trailing newline.
    ///
    /// Compact output has no whitespace. Pretty output indents by two spaces per level and keeps a non-empty
    /// array or object on one line (with `", "` and `": "`) when the whole line, indentation included, fits in
    /// ``lineWidth`` columns.
    public static func write(_ value: JSONValue, pretty: Bool = true) -> String {
        var out = ""
        if pretty {
            writePretty(value, indent: 0, used: 0, into: &out)
        } else {
            writeCompact(value, into: &out)
        }
        return out
    }

    /// `text` as a JSON string literal, quotes included.
    public static func quoted(_ text: String) -> String {
        var out = ""
        appendQuoted(text, to: &out)
        return out
    }

    // MARK: Compact

    private static func writeCompact(_ value: JSONValue, into out: inout String) {
        switch value {
        case .array(let elements):
            out += "["
            for (position, element) in elements.enumerated() {
                if position > 0 { out += "," }
                writeCompact(element, into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (position, member) in members.enumerated() {
                if position > 0 { out += "," }
                appendQuoted(member.key, to: &out)
                out += ":"
                writeCompact(member.value, into: &out)
            }
            out += "}"
        default:
            appendScalar(value, to: &out)
        }
    }

    // MARK: Pretty

    /// Writes `value` at the current line position: `indent` is the line's indentation, `used` the columns
    /// already taken on it.
    private static func writePretty(_ value: JSONValue, indent: Int, used: Int, into out: inout String) {
        switch value {
        case .array(let elements) where !elements.isEmpty:
            // One column is kept for a comma that may follow.
            if let line = oneLine(value, budget: lineWidth - used - 1) {
                out += line
                return
            }
            let inner = String(repeating: " ", count: indent + 2)
            out += "[\n"
            for (position, element) in elements.enumerated() {
                out += inner
                writePretty(element, indent: indent + 2, used: indent + 2, into: &out)
                out += position < elements.count - 1 ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "]"
        case .object(let members) where !members.isEmpty:
            if let line = oneLine(value, budget: lineWidth - used - 1) {
                out += line
                return
            }
            let inner = String(repeating: " ", count: indent + 2)
            out += "{\n"
            for (position, member) in members.enumerated() {
                let key = quoted(member.key)
                out += inner + key + ": "
                writePretty(member.value, indent: indent + 2, used: indent + 2 + key.unicodeScalars.count + 2, into: &out)
                out += position < members.count - 1 ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        default:
            writeCompact(value, into: &out)
        }
    }

    /// The one-line form of `value`, or nil if it is wider than `budget` columns.
    private static func oneLine(_ value: JSONValue, budget: Int) -> String? {
        var out = ""
        var remaining = budget
        return appendOneLine(value, to: &out, remaining: &remaining) ? out : nil
    }

    private static func appendOneLine(_ value: JSONValue, to out: inout String, remaining: inout Int) -> Bool {
        func emit(_ piece: String) -> Bool {
            remaining -= piece.unicodeScalars.count
            out += piece
            return remaining >= 0
        }
        switch value {
        case .array(let elements):
            guard emit("[") else { return false }
            for (position, element) in elements.enumerated() {
                if position > 0, !emit(", ") { return false }
                guard appendOneLine(element, to: &out, remaining: &remaining) else { return false }
            }
            return emit("]")
        case .object(let members):
            guard emit("{") else { return false }
            for (position, member) in members.enumerated() {
                if position > 0, !emit(", ") { return false }
                guard emit(quoted(member.key) + ": ") else { return false }
                guard appendOneLine(member.value, to: &out, remaining: &remaining) else { return false }
            }
            return emit("}")
        default:
            var piece = ""
            appendScalar(value, to: &piece)
            return emit(piece)
        }
    }

    // MARK: Scalars

    private static func appendScalar(_ value: JSONValue, to out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let lexeme): out += lexeme
        case .string(let text): appendQuoted(text, to: &out)
        case .array: out += "[]"
        case .object: out += "{}"
        }
    }

    private static func appendQuoted(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20:
                let digits = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
