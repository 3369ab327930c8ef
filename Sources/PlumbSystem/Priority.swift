/// How strongly a constraint should hold: a number in (0, 1000], where 1000 is required.
///
/// Levels are strict: no amount of violation at a lower priority outweighs a higher one.
/// Values outside (0, 1000] can be written (so that a DSL literal never traps) but are rejected,
/// with a clear error, wherever a constraint is lowered or read.
public struct Priority: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The priority as written.
    public let value: Rational

    public init(_ value: Rational) { self.value = value }

    /// 1000: must hold.
    public static let required = Priority(1000)
    /// 750 (`UILayoutPriorityDefaultHigh`, `priorityHigh()`, `.high`).
    public static let high = Priority(750)
    /// 500 (`priorityMedium()`, `.medium`; iOS's value).
    public static let medium = Priority(500)
    /// 250 (`UILayoutPriorityDefaultLow`, `priorityLow()`, `.low`).
    public static let low = Priority(250)
    /// 50 (`UILayoutPriorityFittingSizeLevel`).
    public static let fittingSize = Priority(50)

    /// Whether this is priority 1000.
    @inlinable public var isRequired: Bool { value.numerator == 1000 && value.denominator == 1 }
    /// Whether the value lies in (0, 1000].
    @inlinable public var isValid: Bool {
        // n/d with d > 0: 0 < n/d <= 1000 is n > 0 and n <= 1000·d (when 1000·d overflows, n/d < 1000)
        let (bound, overflow) = value.denominator.multipliedReportingOverflow(by: 1000)
        return value.numerator > 0 && (overflow || value.numerator <= bound)
    }

    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.value < rhs.value }
    @inlinable public static func == (lhs: Priority, rhs: Priority) -> Bool { lhs.value == rhs.value }
    public var description: String { value.description }

    /// `self + amount`, as in `.high.advanced(by: 1)` (751).
    public func advanced(by amount: Int) -> Priority {
        Priority((try? value + Rational(amount)) ?? value)
    }
}

extension Priority: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    public init(integerLiteral value: Int) { self.init(Rational(value)) }
    public init(floatLiteral value: Double) { self.init(Rational(floatLiteral: value)) }
}
