import ExactBackend
import PlumbSystem
import Testing

/// The exact rational type on its own: arithmetic, order, hashing, text, and the inline ↔ GMP transitions.
@Suite struct ExactRationalTests {
    func q(_ text: String) -> ExactRational { try! ExactRational(parsing: text) }

    @Test func parsesIntegersDecimalsAndFractions() throws {
        #expect(q("3") == ExactRational(3))
        #expect(q("-0.125") == ExactRational(-1, 8))
        #expect(q("1/3") == ExactRational(1, 3))
        #expect(q("-7/2") == ExactRational(-7, 2))
        #expect(q("10/4") == ExactRational(5, 2))
        #expect(q("0.1") == ExactRational(1, 10))
        #expect(q("+2.5e-3") == ExactRational(1, 400))
        #expect(q("1.5E2") == ExactRational(150))
        #expect(q(".5") == ExactRational(1, 2))
        #expect(q("-0") == .zero)
        #expect(q("007") == ExactRational(7))
    }

    @Test(arguments: ["", "abc", "1/", "/2", "1.2.3", "--1", "1e", "0x10", "1/-2", "1.5/2", " 1", "1 ", "nan", "inf", "."])
    func rejectsMalformedText(_ text: String) {
        #expect(throws: NumberError.malformed(text)) { try ExactRational(parsing: text) }
        #expect(ExactRational(text) == nil)
    }

    @Test func zeroDenominatorIsAClearError() {
        #expect(throws: NumberError.divisionByZero("1/0")) { try ExactRational(parsing: "1/0") }
        let message = NumberError.malformed("1.2.3").description
        #expect(message.contains("'1.2.3' is not a number"))
    }

    @Test func arithmeticIsExact() {
        #expect(q("1/3") + q("1/7") == q("10/21"))
        #expect(q("1/3") - q("1/2") == q("-1/6"))
        #expect(q("1/3") * q("3/7") == q("1/7"))
        #expect(q("1/3") / q("1/7") == q("7/3"))
        #expect(-q("2/5") == q("-2/5"))
        #expect(q("-4/6").description == "-2/3")
        #expect(q("1/3").reciprocal == ExactRational(3))
        #expect(q("-1/3").magnitude == q("1/3"))
        var sum = ExactRational.zero
        for _ in 0..<10 { sum += q("0.1") }
        #expect(sum == .one)
        #expect(sum.description == "1")
        var third = ExactRational.zero
        for _ in 0..<3 { third += q("1/3") }
        #expect(third == .one)
    }

    @Test func comparison() {
        #expect(q("1/3") < q("1/2"))
        #expect(q("-1/2") < q("-1/3"))
        #expect(!(q("2/4") < q("1/2")))
        #expect(q("9223372036854775807") < q("9223372036854775808"))
        #expect(q("-9223372036854775809") < q("-9223372036854775807"))
        #expect(q("1/9223372036854775807") > q("1/9223372036854775808"))
        #expect([q("1/2"), q("-3"), q("1/3"), q("100000000000000000000")].sorted()
                == [q("-3"), q("1/3"), q("1/2"), q("100000000000000000000")])
    }

    @Test func equalValuesHashEqually() {
        #expect(ExactRational(2, 4) == ExactRational(1, 2))
        #expect(ExactRational(2, 4).hashValue == ExactRational(1, 2).hashValue)
        let big1 = ExactRational(Int(Int64.max)) + .one
        let big2 = q("9223372036854775808")
        let big3 = q("18446744073709551616/2")
        #expect(big1 == big2 && big2 == big3)
        #expect(big1.hashValue == big2.hashValue && big2.hashValue == big3.hashValue)
        let set: Set<ExactRational> = [q("0.5"), q("1/2"), q("2/4"), big1, big2, big3]
        #expect(set.count == 2)
    }

    @Test func printAndParseRoundTrip() {
        for text in ["0", "-8", "1/3", "-22/7", "9223372036854775807", "-9223372036854775807",
                     "9223372036854775808", "-123456789012345678901234567891/7", "1/340282366920938463463374607431768211456"] {
            let value = q(text)
            #expect(value.description == text)
            #expect(q(value.description) == value)
        }
        #expect(q("-0.125").description == "-1/8")
    }

    @Test func movesToGMPOnOverflowAndBack() {
        let max = ExactRational(Int(Int64.max))
        #expect(max.isInline)
        let over = max + .one
        #expect(!over.isInline)
        #expect(over.description == "9223372036854775808")
        let back = over - .one
        #expect(back.isInline)
        #expect(back == max)
        // Int64.min is kept in GMP (so negation inline can never overflow).
        let min = -max - .one
        #expect(!min.isInline)
        #expect(min.description == "-9223372036854775808")
        #expect((min + .one).isInline)
        // Products and quotients.
        let square = max * max
        #expect(!square.isInline)
        #expect(square.description == "85070591730234615847396907784232501249")
        #expect((square / max).isInline && square / max == max)
        let tiny = ExactRational(1, Int64.max) * ExactRational(1, 2)
        #expect(!tiny.isInline)
        #expect(tiny.description == "1/18446744073709551614")
        #expect((tiny * ExactRational(2)).isInline)
        // Sums of fractions whose common denominator overflows, then cancel back.
        let a = ExactRational(1, 3_037_000_500), b = ExactRational(1, 3_037_000_501)
        let s = a + b
        #expect(!s.isInline)
        #expect((s - b) == a && (s - b).isInline)
        // Big parsing: beyond 18 digits.
        #expect(q("123456789012345678901234567890") / q("10") == q("12345678901234567890123456789"))
        #expect(q("1e30") == q("1000000000000000000000000000000"))
        #expect(q("1e-30") * q("1e30") == .one)
    }

    /// The inline paths (integers with fractions, fractions whose gcds are 1 or not, results past 64 bits that move to
    /// GMP) against the front end's `Rational`, an independent implementation on 128-bit parts: every sum, difference,
    /// product and quotient of every pair.
    @Test func inlineArithmeticAgreesWithTheFrontEndsRationals() throws {
        let parts: [(Int128, Int128)] = [
            (0, 1), (1, 1), (-1, 1), (2, 1), (-3, 1), (7, 1), (1, 2), (-1, 3), (2, 3), (5, 6), (-7, 4), (3, 1000),
            (1_000_000_007, 1), (-(Int128(1) << 40), 1), (1, (Int128(1) << 31) - 1), (6, 35), (-35, 6),
            (Int128(Int64.max), 1), (1, Int128(Int64.max)), (Int128(Int64.max) - 1, 3),
        ]
        let values = try parts.map { try Rational($0.0, $0.1) }
        for a in values {
            for b in values {
                let x = ExactRational(a), y = ExactRational(b)
                #expect(x + y == ExactRational(try a + b), "\(a) + \(b)")
                #expect(x - y == ExactRational(try a - b), "\(a) - \(b)")
                #expect(x * y == ExactRational(try a * b), "\(a) * \(b)")
                if b != .zero { #expect(x / y == ExactRational(try a / b), "\(a) / \(b)") }
            }
        }
    }

    @Test func convertsFromPlumbRationalExactly() throws {
        #expect(ExactRational(Rational(7)) == ExactRational(7))
        #expect(ExactRational(try Rational(1, 3)) == ExactRational(1, 3))
        let wide = try Rational(Int128(1) << 100, 3)
        let exact = ExactRational(wide)
        #expect(!exact.isInline)
        #expect(exact.description == "1267650600228229401496703205376/3")
        #expect(exact.plumbRational == wide)
        let negative = try Rational(-(Int128(1) << 120) - 1, Int128(1) << 64)
        #expect(ExactRational(negative).plumbRational == negative)
        // Too large for Int128 parts: no front-end rational.
        #expect((exact * exact * exact).plumbRational == nil)
    }

    @Test func doubleIsForDisplayOnly() {
        #expect(q("1/4").doubleValue == 0.25)
        #expect(q("-3").doubleValue == -3)
        #expect(q("1e30").doubleValue == 1e30)
    }
}
