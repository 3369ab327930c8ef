/// How an error message echoes a piece of input: once, at most `limit` Unicode scalars (then `…`), with characters
/// a terminal would not show escaped, so that a 10 MB number or a NUL byte cannot flood or garble the message.
public enum Excerpt {
    /// The most Unicode scalars of one piece of input a message shows.
    public static let limit = 60

    /// `text` cut to `limit` scalars, with control, format and other invisible scalars written `\u{HEX}`; only the
    /// shown part is ever read, so a huge input costs nothing here.
    public static func plain(_ text: some StringProtocol) -> String {
        var out = ""
        var shown = 0
        for scalar in text.unicodeScalars {
            if shown == limit { return out + "…" }
            shown += 1
            if isVisible(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }

    /// `text` as a JSON string literal (escapes as JSON writes them), cut to `limit` scalars with `…` after the quote.
    public static func quoted(_ text: some StringProtocol) -> String {
        var prefix = String.UnicodeScalarView()
        var shown = 0
        for scalar in text.unicodeScalars {
            if shown == limit { return JSONWriter.quoted(String(prefix)) + "…" }
            prefix.append(scalar)
            shown += 1
        }
        return JSONWriter.quoted(String(prefix))
    }

    /// Whether a terminal shows `scalar` as itself: not a control, format, separator, surrogate, private-use or
    /// unassigned code point (the zero-width joiner inside emoji excepted).
    static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: return false
        case .format: return scalar.value == 0x200D
        default: return true
        }
    }
}

extension StringProtocol {
    /// This text as an error message echoes it: `Excerpt.plain(self)`.
    public var excerpt: String { Excerpt.plain(self) }
}
