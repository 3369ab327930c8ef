import PlumbSystem
import PlumbSolver

/// Numbers as a reader needs them: no more digits than the conformance tolerance can tell apart.
///
/// The tolerance is 1e-6 + 1e-9·|value| (`ConformancePolicy.standard`), so six decimals are the most a floating
/// answer can be judged by; more are round-off. `4.000000000360458` reads `4`, `142.74999999907396` reads `142.75`.
public enum ReadableNumbers {
    /// Decimals kept: the tolerance's absolute part is 1e-6.
    public static let decimals = 6

    /// `value` with at most `decimals` decimals and no trailing zeros; scientific notation where that would show
    /// nothing (below 1e-6) or too much (1e9 and up).
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "-∞" : "∞") }
        if value == 0 { return "0" }
        let magnitude = abs(value)
        if magnitude < 1e-6 || magnitude >= 1e9 { return scientific(value) }
        let scale = 1_000_000.0
        let scaled = (magnitude * scale).rounded()
        let whole = Int(scaled / scale)
        var fraction = Int(scaled) - whole * Int(scale)
        var digits = decimals
        while digits > 0 && fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        let sign = value < 0 ? "-" : ""
        guard digits > 0 else { return sign + "\(whole)" }
        let fractionText = String(fraction)
        return sign + "\(whole)." + String(repeating: "0", count: digits - fractionText.count) + fractionText
    }

    /// Three significant digits in scientific notation: `5.82e-11`.
    static func scientific(_ value: Double) -> String {
        guard value.isFinite, value != 0 else { return format(value) }
        var exponent = Int((log10(abs(value))).rounded(.down))
        var mantissa = value / pow(10, Double(exponent))
        mantissa = (mantissa * 100).rounded() / 100
        if abs(mantissa) >= 10 { mantissa /= 10; exponent += 1 }
        return format(mantissa) + "e" + String(exponent)
    }

    /// A solved value: an exact one as written (`1/3`), a floating one rounded.
    public static func format(_ value: SolvedValue) -> String {
        switch value {
        case .exact(let r): return r.description
        case .wide(let w): return w.description
        case .float(let d): return format(d)
        }
    }

    /// `text` with every decimal written with more than `decimals` decimals (a back end's raw float in a message)
    /// rounded as `format` rounds it; integers, fractions and short decimals stay as they are.
    public static func roundingDecimals(in text: String) -> String {
        var out = ""
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            let startsNumber = c.isASCII && c.isNumber
                && (i == text.startIndex || !isWordCharacter(text[text.index(before: i)]))
            guard startsNumber else { out.append(c); i = text.index(after: i); continue }
            var j = i
            while j < text.endIndex, text[j].isASCII, text[j].isNumber { j = text.index(after: j) }
            var end = j
            var decimalsSeen = 0
            if j < text.endIndex, text[j] == "." {
                var k = text.index(after: j)
                while k < text.endIndex, text[k].isASCII, text[k].isNumber { k = text.index(after: k); decimalsSeen += 1 }
                if decimalsSeen > 0 { end = k }
            }
            if decimalsSeen > 0, end < text.endIndex, text[end] == "e" || text[end] == "E" {
                var k = text.index(after: end)
                if k < text.endIndex, text[k] == "-" || text[k] == "+" { k = text.index(after: k) }
                let digitsStart = k
                while k < text.endIndex, text[k].isASCII, text[k].isNumber { k = text.index(after: k) }
                if k > digitsStart { end = k; decimalsSeen = Int.max }
            }
            let literal = String(text[i..<end])
            if decimalsSeen > decimals, let value = Double(literal) {
                out += format(value)
            } else {
                out += literal
            }
            i = end
        }
        return out
    }

    private static func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" || c == "." }
}

#if canImport(Glibc)
import Glibc
#endif
