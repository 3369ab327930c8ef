/// An exact rational number `numerator / denominator`, kept in lowest terms with a positive denominator.
///
/// Plumb keeps every number exactly as it was written: `0.1` is 1/10 and `dividedBy(3)` is 1/3.
/// Both parts are 128-bit integers; an operation whose exact result does not fit throws
/// ``NumberError/outOfRange(_:)`` instead of rounding or trapping.
public struct Rational: Hashable, Sendable {
    /// The numerator, carrying the sign.
    public let numerator: Int128
    /// The denominator, always positive.
    public let denominator: Int128

    /// Zero.
    public static let zero = Rational(unchecked: 0, 1)
    /// One.
    public static let one = Rational(unchecked: 1, 1)

    @usableFromInline
    init(unchecked numerator: Int128, _ denominator: Int128) {
        self.numerator = numerator
        self.denominator = denominator
    }

    /// `numerator / denominator` already in lowest terms with a positive denominator, taken as it is (for back ends
    /// of this package whose own numbers are kept reduced; the gcd of 128-bit parts is not free).
    package init(reduced numerator: Int128, _ denominator: Int128) {
        self.init(unchecked: numerator, denominator)
    }

    /// The integer `value`.
    public init(_ value: Int) {
        self.init(unchecked: Int128(value), 1)
    }

    /// `numerator / denominator`, reduced to lowest terms.
    public init(_ numerator: Int128, _ denominator: Int128) throws(NumberError) {
        guard denominator != 0 else { throw .divisionByZero("\(numerator)/0") }
        guard numerator != .min, denominator != .min else {
            throw .outOfRange("\(numerator)/\(denominator)")
        }
        var n = numerator
        var d = denominator
        if d < 0 { n = -n; d = -d }
        let g = Rational.gcd(n.magnitude, d.magnitude)
        if g > 1 {
            n /= Int128(g)
            d /= Int128(g)
        }
        self.init(unchecked: n, d)
    }

    /// Equal values have equal parts (both are kept reduced, the denominator positive). Inlinable: back ends compare
    /// priorities on every add.
    @inlinable public static func == (lhs: Rational, rhs: Rational) -> Bool {
        lhs.numerator == rhs.numerator && lhs.denominator == rhs.denominator
    }

    /// Whether the value is zero.
    @inlinable public var isZero: Bool { numerator == 0 }
    /// Whether the value is an integer.
    @inlinable public var isInteger: Bool { denominator == 1 }
    /// -1, 0 or 1.
    @inlinable public var signum: Int { numerator == 0 ? 0 : (numerator < 0 ? -1 : 1) }

    /// The nearest `Double`, for display and for floating-point back ends only.
    @inlinable @inline(__always) public var doubleValue: Double {
        // Parts within 53 bits convert exactly through Int64 (the generic 128-bit conversion costs about half a
        // microsecond); one division of exact operands is correctly rounded either way. (Inlined: a back end
        // converts every number it is given.)
        let limit: Int128 = 1 << 53
        if numerator > -limit && numerator < limit && denominator < limit {
            let x = Double(Int64(truncatingIfNeeded: numerator))
            return denominator == 1 ? x : x / Double(Int64(truncatingIfNeeded: denominator))
        }
        return wideDoubleValue
    }

    /// `doubleValue` of a number with a part beyond 53 bits.
    @usableFromInline var wideDoubleValue: Double {
        if denominator == 1 { return Double(numerator) }
        return Double(numerator) / Double(denominator)
    }

    /// Whether `doubleValue` is this number exactly (a numerator within 53 bits over a power of two; the exponent
    /// range of `Double` holds every such `Rational`).
    @inlinable public var isExactlyDouble: Bool {
        denominator & (denominator - 1) == 0 && numerator.magnitude <= (1 << 53)
    }

    static func gcd(_ a: UInt128, _ b: UInt128) -> UInt128 {
        var x = a
        var y = b
        while y != 0 { (x, y) = (y, x % y) }
        return x
    }
}

/// Why a number could not be read or computed exactly.
public enum NumberError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text is not a number in any accepted spelling.
    case malformed(String)
    /// The exact value does not fit Plumb's 128-bit rationals (magnitude or precision).
    case outOfRange(String)
    /// A zero denominator or a division by zero.
    case divisionByZero(String)
    /// NaN or an infinity.
    case notFinite(String)

    public var description: String {
        switch self {
        case .malformed(let text), .outOfRange(let text), .divisionByZero(let text), .notFinite(let text):
            return "'\(text.excerpt)' \(reason)"
        }
    }

    /// What is wrong, without the number: for messages that show the operands already.
    public var reason: String {
        switch self {
        case .malformed: return "is not a number (expected an integer, a decimal such as -0.125, or a fraction such as 1/3)"
        case .outOfRange: return "cannot be kept exactly: Plumb's exact numbers are fractions of 128-bit integers"
        case .divisionByZero: return "divides by zero"
        case .notFinite: return "is not finite"
        }
    }
}

// MARK: - Arithmetic

extension Rational {
    public static prefix func - (value: Rational) -> Rational {
        // The numerator is never Int128.min, so negation cannot overflow.
        Rational(unchecked: -value.numerator, value.denominator)
    }

    public static func + (lhs: Rational, rhs: Rational) throws(NumberError) -> Rational {
        if lhs.denominator == rhs.denominator {
            let (n, o) = lhs.numerator.addingReportingOverflow(rhs.numerator)
            guard !o else { throw .outOfRange("\(lhs) + \(rhs)") }
            return try Rational(n, lhs.denominator)
        }
        let g = Int128(gcd(lhs.denominator.magnitude, rhs.denominator.magnitude))
        let ld = lhs.denominator / g
        let rd = rhs.denominator / g
        let (a, o1) = lhs.numerator.multipliedReportingOverflow(by: rd)
        let (b, o2) = rhs.numerator.multipliedReportingOverflow(by: ld)
        let (n, o3) = a.addingReportingOverflow(b)
        let (d, o4) = lhs.denominator.multipliedReportingOverflow(by: rd)
        guard !(o1 || o2 || o3 || o4) else { throw .outOfRange("\(lhs) + \(rhs)") }
        return try Rational(n, d)
    }

    public static func - (lhs: Rational, rhs: Rational) throws(NumberError) -> Rational {
        try lhs + (-rhs)
    }

    public static func * (lhs: Rational, rhs: Rational) throws(NumberError) -> Rational {
        if lhs.numerator == 0 || rhs.numerator == 0 { return .zero }
        // Cross-reduce first so that intermediate products stay as small as possible.
        let g1 = Int128(gcd(lhs.numerator.magnitude, rhs.denominator.magnitude))
        let g2 = Int128(gcd(rhs.numerator.magnitude, lhs.denominator.magnitude))
        let (n, o1) = (lhs.numerator / g1).multipliedReportingOverflow(by: rhs.numerator / g2)
        let (d, o2) = (lhs.denominator / g2).multipliedReportingOverflow(by: rhs.denominator / g1)
        guard !(o1 || o2) else { throw .outOfRange("\(lhs) * \(rhs)") }
        return try Rational(n, d)
    }

    public static func / (lhs: Rational, rhs: Rational) throws(NumberError) -> Rational {
        guard rhs.numerator != 0 else { throw .divisionByZero("\(lhs) / 0") }
        return try lhs * Rational(rhs.denominator, rhs.numerator)
    }

    /// `1 / self`.
    public func reciprocal() throws(NumberError) -> Rational {
        try Rational(denominator, numerator)
    }
}

extension Rational: Comparable {
    public static func < (lhs: Rational, rhs: Rational) -> Bool {
        if lhs.denominator == rhs.denominator { return lhs.numerator < rhs.numerator }
        // Compare a/b < c/d as a*d < c*b, widening to avoid overflow.
        let l = lhs.numerator.multipliedFullWidth(by: rhs.denominator)
        let r = rhs.numerator.multipliedFullWidth(by: lhs.denominator)
        return (l.high, l.low) < (r.high, r.low)
    }
}

// MARK: - Text

extension Rational: CustomStringConvertible, LosslessStringConvertible {
    /// `-8`, or `335/3`: the exact form used in layout-lp/1 files.
    public var description: String {
        denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
    }

    /// Reads `3`, `-0.125`, `+2.5e-3`, `1/3` or `-7/2` exactly; nil if the text is not such a number.
    public init?(_ description: String) {
        guard let value = try? Rational(parsing: description) else { return nil }
        self = value
    }

    /// Reads `3`, `-0.125`, `+2.5e-3`, `1/3` or `-7/2` exactly.
    public init(parsing text: some StringProtocol) throws(NumberError) {
        let s = String(text)
        let scalars = Array(s.utf8)
        guard !scalars.isEmpty else { throw .malformed(s) }
        if let slash = scalars.firstIndex(of: UInt8(ascii: "/")) {
            let n = try Rational.parseDecimal(scalars[..<slash], original: s)
            let d = try Rational.parseDecimal(scalars[(slash + 1)...], original: s)
            guard !d.isZero else { throw .divisionByZero(s) }
            self = try n / d
            return
        }
        self = try Rational.parseDecimal(scalars[...], original: s)
    }

    private static func parseDecimal(_ bytes: ArraySlice<UInt8>, original: String) throws(NumberError) -> Rational {
        var i = bytes.startIndex
        var negative = false
        if i < bytes.endIndex, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        let lowered = String(decoding: bytes[i...], as: UTF8.self).lowercased()
        if lowered == "nan" || lowered == "inf" || lowered == "infinity" { throw .notFinite(original) }
        var mantissa: Int128 = 0
        var scale = 0          // digits after the decimal point
        var digits = 0
        var sawPoint = false
        var overflow = false
        while i < bytes.endIndex {
            let c = bytes[i]
            if c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") {
                digits += 1
                let (m1, o1) = mantissa.multipliedReportingOverflow(by: 10)
                let (m2, o2) = m1.addingReportingOverflow(Int128(c - UInt8(ascii: "0")))
                if o1 || o2 { overflow = true }
                mantissa = m2
                if sawPoint { scale += 1 }
            } else if c == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
            } else {
                break
            }
            i += 1
        }
        guard digits > 0 else { throw .malformed(original) }
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
                if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[i] - UInt8(ascii: "0")) }
                expDigits += 1
                i += 1
            }
            guard expDigits > 0 else { throw .malformed(original) }
            if expNegative { exponent = -exponent }
        }
        guard i == bytes.endIndex else { throw .malformed(original) }
        if overflow { throw .outOfRange(original) }
        if mantissa == 0 { return .zero }
        let power = exponent - scale
        guard abs(power) <= 38 else { throw .outOfRange(original) }
        var ten: Int128 = 1
        for _ in 0..<abs(power) {
            let (t, o) = ten.multipliedReportingOverflow(by: 10)
            guard !o else { throw .outOfRange(original) }
            ten = t
        }
        let signed = negative ? -mantissa : mantissa
        if power >= 0 {
            let (v, o) = signed.multipliedReportingOverflow(by: ten)
            guard !o else { throw .outOfRange(original) }
            return Rational(unchecked: v, 1)
        }
        return try Rational(signed, ten)
    }
}

// MARK: - Literals

extension Rational: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) {
        self.init(value)
    }
}

extension Rational: ExpressibleByFloatLiteral {
    /// A float literal is read back through its shortest round-trip decimal form, so `0.1` is exactly 1/10
    /// (exact for literals of up to 15 significant digits; use `Rational(parsing:)` or a fraction beyond that).
    public init(floatLiteral value: Double) {
        // The shortest round-trip form of a finite literal always parses; a literal cannot be NaN.
        self = (try? Rational(parsing: "\(value)")) ?? .zero
    }

    /// The exact value of the shortest decimal that round-trips to `value`; throws for NaN and infinities.
    public init(shortestDecimalOf value: Double) throws(NumberError) {
        guard value.isFinite else { throw .notFinite("\(value)") }
        self = try Rational(parsing: "\(value)")
    }
}
