@testable import ExactBackend
import PlumbSystem
import Testing

/// The inline values' gcd (`ExactRational.gcd`, a binary gcd after a division when the operands' sizes differ
/// much) against Euclid's algorithm, written here with `%`: edge values by hand, then random pairs of every size,
/// of like sizes and of sizes far apart.
@Suite struct GCDTests {
    func euclid(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return x
    }

    @Test func edgeValuesByHand() {
        #expect(ExactRational.gcd(0, 0) == 0)
        #expect(ExactRational.gcd(0, 12) == 12)
        #expect(ExactRational.gcd(12, 0) == 12)
        #expect(ExactRational.gcd(1, UInt64.max) == 1)
        #expect(ExactRational.gcd(12, 18) == 6)
        #expect(ExactRational.gcd(1000, 150) == 50)
        #expect(ExactRational.gcd(1 << 40, 1 << 12) == 1 << 12)
        #expect(ExactRational.gcd(7, 7) == 7)
        #expect(ExactRational.gcd(UInt64.max, UInt64.max) == UInt64.max)
        #expect(ExactRational.gcd(UInt64.max, UInt64.max - 1) == 1)
        #expect(ExactRational.gcd(1 << 63, 3 << 62) == 1 << 62)
        // sizes far apart (the division first): a multiple, a remainder sharing a factor, one against a power of two
        #expect(ExactRational.gcd(150 << 40, 1000) == 200)
        #expect(ExactRational.gcd(1000, 1_000_000_000_007) == 1)
        #expect(ExactRational.gcd(3 * 1_000_003 * 4096, 3 * 4096) == 3 * 4096)
        #expect(ExactRational.gcd(UInt64.max, 5) == 5)
        #expect(ExactRational.gcd(1 << 62, 6) == 2)
        #expect(ExactRational.gcd(1, 1 << 63) == 1)
    }

    @Test func pairsOfSizesFarApartAgreeWithEuclid() {
        var random = SplitMix64(seed: 11)
        for n in 0..<40_000 {
            // a small operand (1 to 24 bits) against a large one (up to 64), either way round, around the gap at
            // which a division goes first, and often sharing a factor
            let smallBits = UInt64(1 + n % 24), largeBits = UInt64(1 + (n / 24) % 64)
            let small = max(1, random.next() & ((1 << smallBits) - 1))
            var large = random.next() & (largeBits == 64 ? UInt64.max : (1 << largeBits) - 1)
            if n % 2 == 0 {
                let f = 1 + random.next() % 5000
                large = large / f * f
            }
            let (a, b) = n % 4 < 2 ? (small, large) : (large, small)
            #expect(ExactRational.gcd(a, b) == euclid(a, b), "gcd(\(a), \(b))")
        }
    }

    @Test func randomPairsAgreeWithEuclid() {
        var random = SplitMix64(seed: 7)
        for n in 0..<40_000 {
            // sizes from a few bits to all 64, and pairs sharing a random factor
            let bits = UInt64(1 + n % 64)
            let mask = bits == 64 ? UInt64.max : (1 << bits) - 1
            var a = random.next() & mask, b = random.next() & mask
            if n % 3 == 0 {
                let f = 1 + random.next() % 1000
                (a, b) = (a / f * f, b / f * f)
            }
            #expect(ExactRational.gcd(a, b) == euclid(a, b), "gcd(\(a), \(b))")
        }
    }
}
