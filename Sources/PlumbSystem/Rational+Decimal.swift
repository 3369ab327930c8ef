extension Rational {
    /// The exact decimal spelling (`750`, `-0.125`, `999.5`) when the value has a finite decimal expansion that
    /// fits the 128-bit range once scaled; nil otherwise (e.g. 1/3). The result is a valid JSON number lexeme and
    /// reads back with `Rational(parsing:)` to the same value.
    var terminatingDecimal: String? {
        if isInteger { return "\(numerator)" }
        var rest = denominator
        var twos = 0
        var fives = 0
        while rest % 2 == 0 { rest /= 2; twos += 1 }
        while rest % 5 == 0 { rest /= 5; fives += 1 }
        guard rest == 1 else { return nil }
        let places = max(twos, fives)
        // numerator / (2^twos 5^fives) == numerator * 2^(places-twos) * 5^(places-fives) / 10^places
        var scaled = numerator.magnitude
        for _ in 0..<(places - twos) {
            let (product, overflow) = scaled.multipliedReportingOverflow(by: 2)
            guard !overflow else { return nil }
            scaled = product
        }
        for _ in 0..<(places - fives) {
            let (product, overflow) = scaled.multipliedReportingOverflow(by: 5)
            guard !overflow else { return nil }
            scaled = product
        }
        var digits = "\(scaled)"
        if digits.count <= places {
            digits = String(repeating: "0", count: places - digits.count + 1) + digits
        }
        let point = digits.index(digits.endIndex, offsetBy: -places)
        let sign = numerator < 0 ? "-" : ""
        return "\(sign)\(digits[..<point]).\(digits[point...])"
    }
}
