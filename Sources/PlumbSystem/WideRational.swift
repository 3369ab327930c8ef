/// An exact rational too wide for `Rational` (its numerator or denominator needs more than 128 bits), kept as its
/// decimal digits: how the exact back end hands such a value on, so that nothing between it and the output rounds.
///
/// It carries a value, not arithmetic (the exact back end computes). Two are equal when their digits are: the exact
/// back end writes lowest terms, and `init(parsing:)` reduces nothing (it cannot without big integers), so `"4/2"`
/// and `"2"` read from a file differ; compare such values through `doubleValue`.
public struct WideRational: Hashable, Sendable, CustomStringConvertible {
    /// The numerator's digits, with a leading `-` when negative; no leading zeros.
    public let numerator: String
    /// The denominator's digits: positive, no leading zeros; `"1"` for an integer.
    public let denominator: String

    /// Reads `"[-]digits"` or `"[-]digits/digits"` (a positive denominator, no spaces); nil for anything else.
    /// - Complexity: O(n) in the text's length.
    public init?(parsing text: some StringProtocol) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        var top = Substring(parts[0])
        let negative = top.first == "-"
        if negative { top = top.dropFirst() }
        guard let n = WideRational.digits(top) else { return nil }
        var d = "1"
        if parts.count == 2 {
            guard let digits = WideRational.digits(Substring(parts[1])), digits != "0" else { return nil }
            d = digits
        }
        numerator = negative && n != "0" ? "-" + n : n
        denominator = d
    }

    /// Digits without leading zeros ("0" for zero), or nil when `text` is not all ASCII digits.
    private static func digits(_ text: Substring) -> String? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let trimmed = text.drop { $0 == "0" }
        return trimmed.isEmpty ? "0" : String(trimmed)
    }

    public var description: String { denominator == "1" ? numerator : numerator + "/" + denominator }

    /// The nearest `Double` or close to it (from the leading 17 digits of each part; ±infinity or 0 beyond
    /// `Double`'s range), for display and for comparing with floating-point answers.
    public var doubleValue: Double {
        let negative = numerator.hasPrefix("-")
        let (n, nExponent) = WideRational.leading(negative ? numerator.dropFirst() : Substring(numerator))
        let (d, dExponent) = WideRational.leading(Substring(denominator))
        // n and d lie in [0.1, 1), so their ratio in (0.1, 10): written without an exponent of its own
        let value = Double("\(n / d)e\(nExponent - dExponent)") ?? .nan
        return negative ? -value : value
    }

    /// `digits` (no leading zeros) as 0.d₁d₂…d₁₇ and the power of ten that scales it back.
    private static func leading(_ digits: Substring) -> (Double, Int) {
        (Double("0." + digits.prefix(17)) ?? 0, digits.count)
    }
}
