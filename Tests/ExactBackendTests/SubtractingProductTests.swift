import ExactBackend
import PlumbSystem
import Testing

/// `ExactRational.subtractingProduct` (`a - b·c` in one step): every shape of its inline path against values derived
/// by hand, and random triples, near-overflow ones included, against the front end's own 128-bit rationals (an
/// independent implementation).
@Suite struct SubtractingProductTests {
    func q(_ text: String) -> ExactRational { try! ExactRational(parsing: text) }

    @Test func eachShapeAsDerivedByHand() {
        // b and c integers: 5 - 2·3 = -1; over a fraction: 1/3 - 2·3 = -17/3
        #expect(q("5").subtractingProduct(q("2"), q("3")) == q("-1"))
        #expect(q("1/3").subtractingProduct(q("2"), q("3")) == q("-17/3"))
        // one denominator: 7/20 - (3/20)·5 = -8/20 = -2/5; and down to an integer: 9/4 - (1/4)·1 = 2
        #expect(q("7/20").subtractingProduct(q("3/20"), q("5")) == q("-2/5"))
        #expect(q("9/4").subtractingProduct(q("1/4"), q("1")) == q("2"))
        #expect(q("3/4").subtractingProduct(q("1/4"), q("3")) == .zero)
        // an integer minus a fraction: 5 - (2/3)·2 = 11/3; a product that is an integer: 5 - (2/3)·3 = 3
        #expect(q("5").subtractingProduct(q("2/3"), q("2")) == q("11/3"))
        #expect(q("5").subtractingProduct(q("2/3"), q("3")) == q("3"))
        // a fraction minus an integer product: 1/6 - (1/4)·4 = -5/6
        #expect(q("1/6").subtractingProduct(q("1/4"), q("4")) == q("-5/6"))
        // two fractions (a chain's step: an entry i/1000 times a shift of 150): 7/20 - (3/1000)·150 = 7/20 - 9/20
        #expect(q("7/20").subtractingProduct(q("3/1000"), q("150")) == q("-1/10"))
        // 1/6 - (1/4)·2 = 1/6 - 1/2 = -1/3; 1/6 - (1/9)·3 = 1/6 - 1/3 = -1/6
        #expect(q("1/6").subtractingProduct(q("1/4"), q("2")) == q("-1/3"))
        #expect(q("1/6").subtractingProduct(q("1/9"), q("3")) == q("-1/6"))
        // the integer first: 1/2 - 3·(1/6) = 0; both factors fractions: 1/2 - (1/3)(3/4) = 1/4
        #expect(q("1/2").subtractingProduct(q("3"), q("1/6")) == .zero)
        #expect(q("1/2").subtractingProduct(q("1/3"), q("3/4")) == q("1/4"))
        // a zero factor leaves the value as it was
        #expect(q("-7/3").subtractingProduct(.zero, q("5/2")) == q("-7/3"))
        #expect(q("-7/3").subtractingProduct(q("5/2"), .zero) == q("-7/3"))
    }

    @Test func overflowGoesThroughGMPAndComesBackInline() {
        let max = Int64.max
        // (2^63 - 1) - (-1)·1 = 2^63: out of the inline range
        let past = ExactRational(max, 1).subtractingProduct(ExactRational(-1), ExactRational(1))
        #expect(past == q("9223372036854775808"))
        #expect(!past.isInline)
        // back in range: (2^63 - 1)/3 - ((2^63 - 1)/3)·1 = 0, inline; a large product taken from a large value
        #expect(ExactRational(max, 3).subtractingProduct(ExactRational(max, 3), .one) == .zero)
        let r = ExactRational(max - 1, 7).subtractingProduct(ExactRational(max, 5), ExactRational(4))
        #expect(r == q("\(Int128(max - 1) * 5 - Int128(max) * 28)/35"))
    }

    /// Random triples of every shape the inline path takes (and some it does not), numerators and denominators from
    /// small integers to a few units below `Int64.max`, against `Rational`'s 128-bit arithmetic.
    @Test func agreesWithTheFrontEndsRationals() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let denominators: [Int64] = [1, 1, 1, 2, 3, 4, 6, 20, 1000, 7, 1 << 31, 999_999_937, Int64.max]
        func numerator() -> Int64 {
            switch next() % 4 {
            case 0: return Int64(next() % 41) - 20
            case 1: return Int64(next() % 2_000_001) - 1_000_000
            case 2: return Int64(bitPattern: next() >> 1) * (next() % 2 == 0 ? 1 : -1)
            default: return (Int64.max - Int64(next() % 8)) * (next() % 2 == 0 ? 1 : -1)
            }
        }
        func draw() -> Rational {
            let d = denominators[Int(next() % UInt64(denominators.count))]
            return try! Rational(Int128(numerator()), Int128(d))
        }
        var compared = 0, outsideInline = 0
        for _ in 0..<20_000 {
            let a = draw(), b = draw(), c = next() % 3 == 0 ? draw() : try Rational(Int128(numerator()), 1)
            guard let product = try? b * c, let expected = try? a - product else { continue }
            let got = ExactRational(a).subtractingProduct(ExactRational(b), ExactRational(c))
            #expect(got == ExactRational(expected), "\(a) - \(b)·\(c)")
            compared += 1
            if !got.isInline { outsideInline += 1 }
        }
        // most triples fit 128 bits; some leave the inline range and come back through GMP
        #expect(compared > 10_000)
        #expect(outsideInline > 100)
    }
}
