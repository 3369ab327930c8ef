internal import CGMP
import PlumbSystem

/// An exact rational number of any size, with value semantics.
///
/// Values whose numerator and denominator fit `Int64` are kept inline and computed with machine arithmetic
/// (overflow-checked); an operation that overflows is redone in GMP (`mpq_t`) and the result is moved back
/// inline whenever it fits again. So the representation is canonical: a value is inline exactly when it fits,
/// which makes `==` and hashing depend on the value alone.
public struct ExactRational: Sendable {
    enum Storage: Sendable {
        /// Lowest terms, denominator > 0, numerator != Int64.min.
        case small(Int64, Int64)
        /// Canonical mpq that does not fit `small`.
        case big(MPQ)
    }

    let storage: Storage

    init(storage: Storage) { self.storage = storage }

    /// An already reduced small pair.
    @inline(__always)
    init(reduced n: Int64, _ d: Int64) { storage = .small(n, d) }

    /// Takes a freshly computed canonical mpq, moving it inline when it fits.
    init(normalizing q: MPQ) {
        if let (n, d) = q.small { storage = .small(n, d) } else { storage = .big(q) }
    }

    public static let zero = ExactRational(reduced: 0, 1)
    public static let one = ExactRational(reduced: 1, 1)

    /// The integer `value`.
    public init(_ value: Int) {
        if value == Int.min {
            self.init(normalizing: ExactRational.mpq(fromInt128: Int128(value), 1))
        } else {
            self.init(reduced: Int64(value), 1)
        }
    }

    /// `numerator / denominator` in lowest terms; the denominator must not be zero.
    public init(_ numerator: Int64, _ denominator: Int64) {
        precondition(denominator != 0, "ExactRational: zero denominator")
        if numerator != .min, denominator != .min {
            var n = numerator, d = denominator
            if d < 0 { n = -n; d = -d }
            let g = Int64(ExactRational.gcd(n.magnitude, UInt64(d)))
            self.init(reduced: g > 1 ? n / g : n, g > 1 ? d / g : d)
        } else {
            self.init(normalizing: MPQ(numerator, denominator))
        }
    }

    /// The exact value of a Plumb front-end rational (no floating point involved). (Inlined, the parts compared with
    /// their 64-bit truncations: every term and constant of every row is converted, and the call with its two
    /// optional conversions cost 44 instructions a number.)
    @inline(__always)
    public init(_ value: Rational) {
        let n = Int64(truncatingIfNeeded: value.numerator), d = Int64(truncatingIfNeeded: value.denominator)
        if Int128(n) == value.numerator && Int128(d) == value.denominator && n != .min {
            self.init(reduced: n, d)   // Rational is already in lowest terms with a positive denominator
        } else {
            self.init(wide: value)
        }
    }

    /// `init(_:)` for a rational with a part beyond 64 bits (or a numerator of `Int64.min`).
    init(wide value: Rational) {
        self.init(normalizing: ExactRational.mpq(fromInt128: value.numerator, value.denominator))
    }

    static func mpq(fromInt128 n: Int128, _ d: Int128) -> MPQ {
        let q = MPQ()
        MPQ.setInteger(q.numerator, n)
        MPQ.setInteger(q.denominator, d)
        __gmpq_canonicalize(q.ptr)
        return q
    }

    /// The value as a GMP number (a new box for inline values).
    var mpq: MPQ {
        switch storage {
        case .small(let n, let d): return MPQ(n, d)
        case .big(let q): return q
        }
    }

    /// Whether the value is kept in machine integers (for tests and measurements).
    public var isInline: Bool {
        if case .small = storage { return true }
        return false
    }

    public var isZero: Bool {
        if case .small(let n, _) = storage { return n == 0 }
        return false
    }

    public var signum: Int {
        switch storage {
        case .small(let n, _): return n == 0 ? 0 : (n < 0 ? -1 : 1)
        case .big(let q): return q.signum
        }
    }

    public var isInteger: Bool {
        switch storage {
        case .small(_, let d): return d == 1
        case .big(let q): return __gmpz_cmp_ui(q.denominator, 1) == 0
        }
    }

    /// The nearest `Double`, for display and for comparing with floating-point back ends only.
    public var doubleValue: Double {
        switch storage {
        case .small(let n, let d): return d == 1 ? Double(n) : Double(n) / Double(d)
        case .big(let q):
            // Integers through their decimal text (correctly rounded); mpq_get_d truncates.
            if isInteger, let d = Double(q.description) { return d }
            return q.doubleValue
        }
    }

    /// The value as a Plumb front-end rational, or nil when it does not fit 128-bit parts.
    public var plumbRational: Rational? {
        switch storage {
        case .small(let n, let d): return Rational(reduced: Int128(n), Int128(d))   // canonical: reduced, d > 0
        case .big(let q):
            guard let n = MPQ.int128(q.numerator), let d = MPQ.int128(q.denominator) else { return nil }
            return try? Rational(n, d)
        }
    }

    /// The greatest common divisor (0 for 0 and 0).
    /// - Complexity: one division when one operand has `divisionGap` or more bits than the other, then a binary gcd
    ///   step per bit or so of the larger.
    @inline(__always)
    static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
        if a == 0 { return b }
        if b == 0 { return a }
        var u = Swift.min(a, b), v = Swift.max(a, b)
        // A binary step takes about one bit off the larger operand: a layout's values meet small denominators (a
        // fraction's numerator of 40 bits against 1,000 took some 30 steps), where one division takes the gap away.
        if v >> divisionGap >= u {
            v %= u
            if v == 0 { return u }
        }
        let shift = (u | v).trailingZeroBitCount
        u &>>= u.trailingZeroBitCount
        v &>>= v.trailingZeroBitCount
        // Both odd. Each step keeps the smaller and the difference, whose trailing zeros are counted from u - v
        // before the comparison settles (v - u has the same), so the steps do not wait on each other's branch.
        repeat {
            let difference = u &- v
            let zeros = difference.trailingZeroBitCount
            if u > v { u = v; v = difference } else { v = v &- u }
            v &>>= zeros   // (v is 0 when zeros is 64, and 0 shifted by 64 & 63 = 0 stays 0)
        } while v != 0
        return u &<< shift
    }

    /// How many more bits the larger operand of `gcd` must have for a division to go first (a division costs about
    /// as much as a dozen binary steps).
    static var divisionGap: UInt64 { 12 }
}

// MARK: - Arithmetic

extension ExactRational {
    public static prefix func - (x: ExactRational) -> ExactRational {
        switch x.storage {
        case .small(let n, let d): return ExactRational(reduced: -n, d)
        case .big(let q):
            let r = MPQ()
            __gmpq_neg(r.ptr, q.ptr)
            return ExactRational(normalizing: r)
        }
    }

    public static func + (a: ExactRational, b: ExactRational) -> ExactRational {
        if case .small(let n1, let d1) = a.storage, case .small(let n2, let d2) = b.storage,
           let r = addSmall(n1, d1, n2, d2) {
            return r
        }
        return gmp(a, b, __gmpq_add)
    }

    public static func - (a: ExactRational, b: ExactRational) -> ExactRational {
        if case .small(let n1, let d1) = a.storage, case .small(let n2, let d2) = b.storage,
           let r = addSmall(n1, d1, -n2, d2) {
            return r
        }
        return gmp(a, b, __gmpq_sub)
    }

    public static func * (a: ExactRational, b: ExactRational) -> ExactRational {
        if case .small(let n1, let d1) = a.storage, case .small(let n2, let d2) = b.storage,
           let r = mulSmall(n1, d1, n2, d2) {
            return r
        }
        return gmp(a, b, __gmpq_mul)
    }

    public static func / (a: ExactRational, b: ExactRational) -> ExactRational {
        precondition(!b.isZero, "ExactRational: division by zero")
        if case .small(let n1, let d1) = a.storage, case .small(let n2, let d2) = b.storage {
            // n2 != Int64.min, so -n2 cannot overflow.
            let (rn, rd) = n2 < 0 ? (-d2, -n2) : (d2, n2)
            if let r = mulSmall(n1, d1, rn, rd) { return r }
        }
        return gmp(a, b, __gmpq_div)
    }

    public static func += (a: inout ExactRational, b: ExactRational) { a = a + b }
    public static func -= (a: inout ExactRational, b: ExactRational) { a = a - b }
    public static func *= (a: inout ExactRational, b: ExactRational) { a = a * b }
    public static func /= (a: inout ExactRational, b: ExactRational) { a = a / b }

    /// `1 / self`; the value must not be zero.
    public var reciprocal: ExactRational { ExactRational.one / self }

    public var magnitude: ExactRational { signum < 0 ? -self : self }

    @inline(__always)
    static func addSmall(_ n1: Int64, _ d1: Int64, _ n2: Int64, _ d2: Int64) -> ExactRational? {
        if d1 == d2 {
            let (n, o) = n1.addingReportingOverflow(n2)
            if o || n == .min { return nil }
            if d1 == 1 { return ExactRational(reduced: n, 1) }
            let g = Int64(gcd(n.magnitude, UInt64(d1)))
            return ExactRational(reduced: n / g, d1 / g)
        }
        if d1 == 1 || d2 == 1 {
            // An integer and a fraction in lowest terms: (n1 d2 + n2 d1) / (d1 d2) is in lowest terms already (and
            // the denominator is the fraction's), so no gcd.
            let (a, o1) = n1.multipliedReportingOverflow(by: d2)
            let (b, o2) = n2.multipliedReportingOverflow(by: d1)
            let (t, o3) = a.addingReportingOverflow(b)
            if o1 || o2 || o3 || t == .min { return nil }
            return ExactRational(reduced: t, d1 &* d2)
        }
        // Knuth 4.5.1: with g = gcd(d1, d2), t = n1 (d2/g) + n2 (d1/g); the result is (t/g2) / ((d1/g)(d2/g2)),
        // g2 = gcd(t, g).
        let g = Int64(gcd(UInt64(d1), UInt64(d2)))
        let e1 = d1 / g, e2 = d2 / g
        let (a, o1) = n1.multipliedReportingOverflow(by: e2)
        let (b, o2) = n2.multipliedReportingOverflow(by: e1)
        let (t, o3) = a.addingReportingOverflow(b)
        if o1 || o2 || o3 || t == .min { return nil }
        if t == 0 { return .zero }
        let g2 = g == 1 ? 1 : Int64(gcd(t.magnitude, UInt64(g)))
        let (d, o4) = e1.multipliedReportingOverflow(by: d2 / g2)
        if o4 || d == .min { return nil }
        return ExactRational(reduced: t / g2, d)
    }

    @inline(__always)
    static func mulSmall(_ n1: Int64, _ d1: Int64, _ n2: Int64, _ d2: Int64) -> ExactRational? {
        if n1 == 0 || n2 == 0 { return .zero }
        if d1 == 1 && d2 == 1 {
            let (n, o) = n1.multipliedReportingOverflow(by: n2)
            if o || n == .min { return nil }
            return ExactRational(reduced: n, 1)
        }
        // (an integer factor needs no gcd with it, and a gcd of 1 no division: most of a layout's fractions meet
        // integers)
        let g1 = d2 == 1 ? 1 : Int64(gcd(n1.magnitude, UInt64(d2)))
        let g2 = d1 == 1 ? 1 : Int64(gcd(n2.magnitude, UInt64(d1)))
        let (a1, b2) = g1 == 1 ? (n1, d2) : (n1 / g1, d2 / g1)
        let (a2, b1) = g2 == 1 ? (n2, d1) : (n2 / g2, d1 / g2)
        let (n, o1) = a1.multipliedReportingOverflow(by: a2)
        let (d, o2) = b1.multipliedReportingOverflow(by: b2)
        if o1 || o2 || n == .min || d == .min { return nil }
        return ExactRational(reduced: n, d)
    }

    /// The slow path: the operation in GMP, the result moved inline when it fits.
    static func gmp(_ a: ExactRational, _ b: ExactRational,
                    _ op: (UnsafeMutablePointer<__mpq_struct>?, UnsafePointer<__mpq_struct>?, UnsafePointer<__mpq_struct>?) -> Void)
        -> ExactRational {
        let x = a.mpq, y = b.mpq
        let r = MPQ()
        op(r.ptr, x.ptr, y.ptr)
        return withExtendedLifetime((x, y)) { ExactRational(normalizing: r) }
    }
}

// MARK: - Comparison and hashing

extension ExactRational: Hashable, Comparable {
    public static func == (a: ExactRational, b: ExactRational) -> Bool {
        switch (a.storage, b.storage) {
        case let (.small(n1, d1), .small(n2, d2)): return n1 == n2 && d1 == d2
        case let (.big(p), .big(q)): return __gmpq_equal(p.ptr, q.ptr) != 0
        default: return false   // canonical: a value is inline exactly when it fits
        }
    }

    public static func < (a: ExactRational, b: ExactRational) -> Bool {
        if case .small(let n1, let d1) = a.storage, case .small(let n2, let d2) = b.storage {
            if d1 == d2 { return n1 < n2 }
            let l = n1.multipliedFullWidth(by: d2)
            let r = n2.multipliedFullWidth(by: d1)
            return (l.high, l.low) < (r.high, r.low)
        }
        let x = a.mpq, y = b.mpq
        return withExtendedLifetime((x, y)) { __gmpq_cmp(x.ptr, y.ptr) < 0 }
    }

    public func hash(into hasher: inout Hasher) {
        switch storage {
        case .small(let n, let d):
            hasher.combine(n)
            hasher.combine(d)
        case .big(let q):
            hasher.combine(q.description)
        }
    }
}

// MARK: - Text

extension ExactRational: CustomStringConvertible, LosslessStringConvertible {
    /// `-8`, `1/3`, `-12345678901234567890123/7`: the exact form layout-lp/1 reads back.
    public var description: String {
        switch storage {
        case .small(let n, let d): return d == 1 ? "\(n)" : "\(n)/\(d)"
        case .big(let q): return q.description
        }
    }

    /// Reads `3`, `-0.125`, `1/3`, `2.5e-3` exactly; nil for anything else.
    public init?(_ text: String) {
        guard let value = try? ExactRational(parsing: text) else { return nil }
        self = value
    }

    /// Reads an integer (`-8`), a decimal (`-0.125`, `.5`, `2.5e-3`) or a fraction of integers (`1/3`, `-7/2`), of
    /// any size, exactly. Throws `NumberError.malformed` for anything else and `.divisionByZero` for `x/0`.
    public init(parsing text: some StringProtocol) throws(NumberError) {
        let original = String(text)
        let bytes = Array(original.utf8)
        if let slash = bytes.firstIndex(of: UInt8(ascii: "/")) {
            let top = bytes[..<slash], bottom = bytes[(slash + 1)...]
            guard ExactRational.isInteger(top, signed: true), ExactRational.isInteger(bottom, signed: false),
                  let n = ExactRational.parseDecimal(top), let d = ExactRational.parseDecimal(bottom)
            else { throw .malformed(original) }
            guard !d.isZero else { throw .divisionByZero(original) }
            self = n / d
            return
        }
        guard let value = ExactRational.parseDecimal(bytes[...]) else { throw .malformed(original) }
        self = value
    }

    static func isInteger(_ bytes: ArraySlice<UInt8>, signed: Bool) -> Bool {
        var body = bytes
        if signed, let first = body.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") { body = body.dropFirst() }
        return !body.isEmpty && body.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// `[+-] digits [. digits] [(e|E) [+-] digits]`, at least one digit in the mantissa.
    static func parseDecimal(_ bytes: ArraySlice<UInt8>) -> ExactRational? {
        var i = bytes.startIndex
        var negative = false
        if i < bytes.endIndex, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        var digits: [UInt8] = []
        var scale = 0
        var sawPoint = false
        while i < bytes.endIndex {
            let c = bytes[i]
            if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
                if !(digits.isEmpty && c == UInt8(ascii: "0")) { digits.append(c) }   // drop leading zeros
                if sawPoint { scale += 1 }
                i += 1
            } else if c == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
                i += 1
            } else {
                break
            }
        }
        // Count mantissa digits to reject "", ".", "-".
        let mantissaEnd = i
        let mantissa = bytes[bytes.startIndex..<mantissaEnd]
        guard mantissa.contains(where: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        var exponent = 0
        if i < bytes.endIndex, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            var expNegative = false
            if i < bytes.endIndex, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
                expNegative = bytes[i] == UInt8(ascii: "-")
                i += 1
            }
            var expDigits = 0
            while i < bytes.endIndex, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") {
                exponent = exponent * 10 + Int(bytes[i] - UInt8(ascii: "0"))
                expDigits += 1
                guard exponent <= 100_000 else { return nil }   // refuse absurd exponents (memory)
                i += 1
            }
            guard expDigits > 0 else { return nil }
            if expNegative { exponent = -exponent }
        }
        guard i == bytes.endIndex else { return nil }
        if digits.isEmpty { return .zero }
        let power = exponent - scale
        // numerator = digits (as an integer); value = ±digits · 10^power
        let numerator: ExactRational
        if digits.count <= 18 {
            var v: Int64 = 0
            for c in digits { v = v * 10 + Int64(c - UInt8(ascii: "0")) }
            numerator = ExactRational(reduced: negative ? -v : v, 1)
        } else {
            let q = MPQ()
            let ok = (digits + [0]).withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { __gmpz_set_str(q.numerator, $0.baseAddress, 10) }
            }
            guard ok == 0 else { return nil }
            if negative { __gmpz_neg(q.numerator, q.numerator) }
            numerator = ExactRational(normalizing: q)
        }
        if power == 0 { return numerator }
        let p = MPQ()
        __gmpz_ui_pow_ui(p.numerator, 10, UInt(abs(power)))
        let ten = ExactRational(normalizing: p)
        return power > 0 ? numerator * ten : numerator / ten
    }
}

extension ExactRational: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self.init(value) }
}
