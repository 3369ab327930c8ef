internal import CGMP
import PlumbSolver
import PlumbSystem

/// What the simplex needs from its numbers: an exact ordered field. Two models: `ExactRational` (inline machine
/// integers, GMP on overflow) and `GMPRational` (always GMP), kept so the two can be measured against each other.
protocol SimplexScalar: Hashable, Comparable, CustomStringConvertible, Sendable {
    static var zero: Self { get }
    static var one: Self { get }
    init(_ value: Rational)
    init(_ value: Int)
    var isZero: Bool { get }
    var signum: Int { get }
    /// Whether the value is 0 with no tolerance: a product by it adds nothing, whatever the number type.
    var isExactlyZero: Bool { get }
    /// 1 or -1 when the value is exactly that (no tolerance), else 0: a product by it is then the other factor or its
    /// negation, with no multiplication (most of a layout's coefficients are ±1).
    var unitSign: Int { get }
    static func + (a: Self, b: Self) -> Self
    static func - (a: Self, b: Self) -> Self
    static func * (a: Self, b: Self) -> Self
    static func / (a: Self, b: Self) -> Self
    static prefix func - (a: Self) -> Self
    /// `self - b·c` (a basic value's update when a column moves); `ExactRational` fuses its common shapes.
    func subtractingProduct(_ b: Self, _ c: Self) -> Self
    /// The value as layout-result/1 reports it: exact when it fits the front end's 128-bit rationals.
    var solvedValue: SolvedValue { get }
    /// The nearest `Double`: only for handing a tableau to the floating-point proposer, never for a decision.
    var doubleValue: Double { get }
}

extension SimplexScalar {
    @inline(__always) func subtractingProduct(_ b: Self, _ c: Self) -> Self { self - b * c }
}

extension ExactRational: SimplexScalar {
    @inline(__always) var isExactlyZero: Bool { isZero }
    @inline(__always) var unitSign: Int {
        if case .small(let n, let d) = storage, d == 1, n == 1 || n == -1 { return Int(n) }
        return 0
    }

    var solvedValue: SolvedValue {
        // (the usual value read straight from its inline storage, canonical already, without an optional between)
        if case .small(let n, let d) = storage { return .exact(Rational(reduced: Int128(n), Int128(d))) }
        if let r = plumbRational { return .exact(r) }
        // wider than 128-bit fractions: its digits, never a rounded value
        return WideRational(parsing: description).map { .wide($0) } ?? .float(doubleValue)
    }
}

/// A rational held in GMP whatever its size (every value a heap `mpq_t`): the baseline the inline fast path is
/// measured against. Immutable boxes, so value semantics come for free.
struct GMPRational: SimplexScalar {
    let box: MPQ

    init(box: MPQ) { self.box = box }

    static let zero = GMPRational(0)
    static let one = GMPRational(1)

    init(_ value: Int) {
        box = MPQ()
        __gmpq_set_si(box.ptr, value, 1)
    }

    init(_ value: Rational) {
        box = ExactRational.mpq(fromInt128: value.numerator, value.denominator)
    }

    var isZero: Bool { box.signum == 0 }
    var isExactlyZero: Bool { isZero }
    var unitSign: Int { self == .one ? 1 : self == -.one ? -1 : 0 }
    var signum: Int { box.signum }
    var description: String { box.description }
    var doubleValue: Double { box.doubleValue }

    var solvedValue: SolvedValue {
        if let n = MPQ.int128(box.numerator), let d = MPQ.int128(box.denominator), let r = try? Rational(n, d) {
            return .exact(r)
        }
        return WideRational(parsing: box.description).map { .wide($0) } ?? .float(box.doubleValue)
    }

    @inline(__always)
    static func op(_ a: GMPRational, _ b: GMPRational,
                   _ f: (UnsafeMutablePointer<__mpq_struct>?, UnsafePointer<__mpq_struct>?, UnsafePointer<__mpq_struct>?) -> Void)
        -> GMPRational {
        let r = MPQ()
        f(r.ptr, a.box.ptr, b.box.ptr)
        return withExtendedLifetime((a, b)) { GMPRational(box: r) }
    }

    static func + (a: GMPRational, b: GMPRational) -> GMPRational { op(a, b, __gmpq_add) }
    static func - (a: GMPRational, b: GMPRational) -> GMPRational { op(a, b, __gmpq_sub) }
    static func * (a: GMPRational, b: GMPRational) -> GMPRational { op(a, b, __gmpq_mul) }
    static func / (a: GMPRational, b: GMPRational) -> GMPRational {
        precondition(!b.isZero, "GMPRational: division by zero")
        return op(a, b, __gmpq_div)
    }
    static prefix func - (a: GMPRational) -> GMPRational {
        let r = MPQ()
        __gmpq_neg(r.ptr, a.box.ptr)
        return withExtendedLifetime(a) { GMPRational(box: r) }
    }

    static func == (a: GMPRational, b: GMPRational) -> Bool {
        withExtendedLifetime((a, b)) { __gmpq_equal(a.box.ptr, b.box.ptr) != 0 }
    }
    static func < (a: GMPRational, b: GMPRational) -> Bool {
        withExtendedLifetime((a, b)) { __gmpq_cmp(a.box.ptr, b.box.ptr) < 0 }
    }
    func hash(into hasher: inout Hasher) { hasher.combine(box.description) }
}
