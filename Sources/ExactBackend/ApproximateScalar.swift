import PlumbSolver
import PlumbSystem

/// A `Double` compared with a tolerance: the number type of the floating-point proposer, which only suggests a basis
/// for the exact engine to certify. Nothing computed in it is ever reported or decides anything.
struct ApproximateScalar: SimplexScalar {
    var x: Double

    @inline(__always) init(_ x: Double) { self.x = x }

    /// Magnitudes at or below this are zero.
    static var tolerance: Double { 1e-9 }

    static let zero = ApproximateScalar(0.0)
    static let one = ApproximateScalar(1.0)

    init(_ value: Rational) { x = value.doubleValue }
    init(_ value: Int) { x = Double(value) }

    @inline(__always) var isZero: Bool { abs(x) <= Self.tolerance }
    @inline(__always) var signum: Int { x > Self.tolerance ? 1 : (x < -Self.tolerance ? -1 : 0) }
    @inline(__always) var isExactlyZero: Bool { x == 0 }
    @inline(__always) var unitSign: Int { x == 1 ? 1 : x == -1 ? -1 : 0 }
    var description: String { "\(x)" }
    var solvedValue: SolvedValue { .float(x) }
    var doubleValue: Double { x }

    @inline(__always) static func slack(_ a: Double, _ b: Double) -> Double {
        tolerance * Swift.max(1.0, Swift.max(abs(a), abs(b)))
    }

    @inline(__always) static func == (a: ApproximateScalar, b: ApproximateScalar) -> Bool {
        abs(a.x - b.x) <= slack(a.x, b.x)
    }
    @inline(__always) static func < (a: ApproximateScalar, b: ApproximateScalar) -> Bool {
        a.x < b.x - slack(a.x, b.x)
    }
    func hash(into hasher: inout Hasher) { hasher.combine(x) }

    @inline(__always) static func + (a: ApproximateScalar, b: ApproximateScalar) -> ApproximateScalar {
        let s = a.x + b.x
        // Cancellation to noise is zero (keeps the rows free of 1e-17 entries).
        return ApproximateScalar(abs(s) <= 1e-12 * Swift.max(abs(a.x), abs(b.x)) ? 0 : s)
    }
    @inline(__always) static func - (a: ApproximateScalar, b: ApproximateScalar) -> ApproximateScalar {
        let s = a.x - b.x
        return ApproximateScalar(abs(s) <= 1e-12 * Swift.max(abs(a.x), abs(b.x)) ? 0 : s)
    }
    @inline(__always) static func * (a: ApproximateScalar, b: ApproximateScalar) -> ApproximateScalar {
        ApproximateScalar(a.x * b.x)
    }
    @inline(__always) static func / (a: ApproximateScalar, b: ApproximateScalar) -> ApproximateScalar {
        ApproximateScalar(a.x / b.x)
    }
    @inline(__always) static prefix func - (a: ApproximateScalar) -> ApproximateScalar { ApproximateScalar(-a.x) }
}
