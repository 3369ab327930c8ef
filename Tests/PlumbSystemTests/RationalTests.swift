import Testing
import PlumbSystem

@Suite("Rational")
struct RationalTests {
    @Test("doubleValue's 53-bit fast path is bit-identical to the generic 128-bit conversion")
    func doubleValue() throws {
        let values: [Rational] = [.zero, .one, Rational(-8), try Rational(1, 3), try Rational(-22, 7), try Rational(1, 1 << 52),
                                  try Rational((1 << 53) - 1, 3), try Rational(1 << 53, 3), try Rational(Int128(1) << 60, 3),
                                  try Rational(123_456_789, 1000), Rational(Int.max), Rational(Int.min + 1),
                                  try Rational(1, (1 << 53) + 1), try Rational(-((1 << 53) - 1), (1 << 53) - 2)]
        for r in values {
            let generic = Double(r.numerator) / Double(r.denominator)
            #expect(r.doubleValue.bitPattern == generic.bitPattern, "\(r)")
        }
    }

    @Test("decimals and fractions parse exactly")
    func parsesExactly() throws {
        #expect(try Rational(parsing: "0.1") == Rational(1, 10))
        #expect(try Rational(parsing: "-0.125") == Rational(-1, 8))
        #expect(try Rational(parsing: "+2.5e-3") == Rational(1, 400))
        #expect(try Rational(parsing: "1E3") == Rational(1000))
        #expect(try Rational(parsing: "-7/2") == Rational(-7, 2))
        #expect(try Rational(parsing: "6/-4") == Rational(-3, 2))
        #expect(try Rational(parsing: "0.30000000000000004") == Rational(30_000_000_000_000_004, 100_000_000_000_000_000))
    }

    @Test("values are kept in lowest terms with a positive denominator")
    func lowestTerms() throws {
        let value = try Rational(6, -4)
        #expect(value.numerator == -3)
        #expect(value.denominator == 2)
        #expect(value.description == "-3/2")
        #expect(Rational(-8).description == "-8")
        #expect(try Rational(parsing: "335/3").description == "335/3")
    }

    @Test("arithmetic is exact")
    func arithmetic() throws {
        let third = try Rational(parsing: "1/3")
        let sixth = try Rational(parsing: "1/6")
        #expect(try third + sixth == Rational(parsing: "1/2"))
        #expect(try third - sixth == sixth)
        #expect(try third * sixth == Rational(1, 18))
        #expect(try third / sixth == Rational(2))
        #expect(try Rational(parsing: "0.1") + Rational(parsing: "0.2") == Rational(parsing: "0.3"))
        #expect(try Rational(-2, 3).reciprocal() == Rational(-3, 2))
    }

    @Test("comparison is exact, also near the 128-bit limits")
    func comparison() throws {
        #expect(try Rational(1, 3) < Rational(parsing: "0.3334"))
        #expect(try Rational(parsing: "0.3333") < Rational(1, 3))
        #expect(try Rational(-1, 2) < Rational(-1, 3))
        let big = try Rational(Int128.max, 3)
        let bigger = try Rational(Int128.max, 2)
        #expect(big < bigger)
        #expect(!(bigger < big))
    }

    @Test("unrepresentable text is rejected with the right error")
    func rejects() {
        #expect(throws: NumberError.outOfRange("1e308")) { try Rational(parsing: "1e308") }
        #expect(throws: NumberError.divisionByZero("1/0")) { try Rational(parsing: "1/0") }
        #expect(throws: NumberError.notFinite("nan")) { try Rational(parsing: "nan") }
        #expect(throws: NumberError.notFinite("-Infinity")) { try Rational(parsing: "-Infinity") }
        #expect(throws: NumberError.malformed("abc")) { try Rational(parsing: "abc") }
        #expect(throws: NumberError.malformed("")) { try Rational(parsing: "") }
        #expect(throws: NumberError.malformed("1/2/3")) { try Rational(parsing: "1/2/3") }
        #expect(throws: NumberError.malformed(" 1")) { try Rational(parsing: " 1") }
    }

    @Test("a 1,000-digit integer is out of range, promptly")
    func hugeInteger() {
        let digits = "1" + String(repeating: "7", count: 999)
        #expect(throws: NumberError.outOfRange(digits)) { try Rational(parsing: digits) }
        let tiny = "0." + String(repeating: "0", count: 999) + "1"
        #expect(throws: NumberError.outOfRange(tiny)) { try Rational(parsing: tiny) }
    }

    @Test("overflow in + and * throws instead of trapping")
    func overflow() throws {
        let max = try Rational(Int128.max, 1)
        #expect(throws: NumberError.self) { try max + Rational(1) }
        #expect(throws: NumberError.self) { try max * Rational(2) }
        #expect(throws: NumberError.self) { try -max - Rational(2) }
        let fine = try Rational(1, Int128.max)
        #expect(throws: NumberError.self) { try fine * Rational(1, 2) }
        #expect(throws: NumberError.divisionByZero("1 / 0")) { try Rational(1) / Rational.zero }
    }
}
