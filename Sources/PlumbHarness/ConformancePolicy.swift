import PlumbSystem
import PlumbSolver

/// How answers are compared: every tolerance the judge uses, in one place, written into every report.
public struct ConformancePolicy: Hashable, Sendable {
    /// A floating-point value matches an expected one when |a − e| ≤ absolute + relative·|e|.
    public var absoluteTolerance: Double
    public var relativeTolerance: Double

    /// 1e-6 absolute plus 1e-9 relative: far below a device pixel, far above double rounding on layout sizes.
    public static let standard = ConformancePolicy(absoluteTolerance: 1e-6, relativeTolerance: 1e-9)

    public init(absoluteTolerance: Double, relativeTolerance: Double) {
        self.absoluteTolerance = absoluteTolerance
        self.relativeTolerance = relativeTolerance
    }

    /// Whether `value` matches `expected`: exactly for exact values, within the tolerance otherwise.
    public func matches(_ value: SolvedValue, _ expected: Rational) -> Bool {
        if case .exact(let r) = value { return r == expected }
        return error(value, expected) <= allowance(expected.doubleValue)
    }

    /// Whether `value` matches `expected` for answers on a grid of step `resolution` (whole pixels: 1): within half
    /// a step beyond the tolerance. With no grid, `matches(_:_:)`.
    public func matches(_ value: SolvedValue, _ expected: Rational, onGrid resolution: Double?) -> Bool {
        guard let resolution else { return matches(value, expected) }
        return error(value, expected) <= allowance(expected.doubleValue) + resolution / 2
    }

    /// |value − expected| (0 for an exact match).
    public func error(_ value: SolvedValue, _ expected: Rational) -> Double {
        if case .exact(let r) = value, r == expected { return 0 }
        let d = abs(value.doubleValue - expected.doubleValue)
        return d.isNaN ? .infinity : d
    }

    func allowance(_ expected: Double) -> Double { absoluteTolerance + relativeTolerance * abs(expected) }

    /// Whether two solved values agree (exactly when both are exact), `slack` beyond the tolerance allowed (what
    /// rounding to a declared grid can move them).
    public func agree(_ a: SolvedValue, _ b: SolvedValue, within slack: Double = 0) -> Bool {
        if slack == 0, case .exact(let x) = a, case .exact(let y) = b { return x == y }
        if slack == 0, case .wide(let x) = a, case .wide(let y) = b { return x == y }
        let d = abs(a.doubleValue - b.doubleValue)
        return d <= allowance(Swift.max(abs(a.doubleValue), abs(b.doubleValue))) + slack
    }

    /// The rules, as the report states them.
    public var statement: String {
        """
        - Required constraints hold: on every back end alike, exact or floating, their total violation is at most \(absoluteTolerance).
        - Every uniquely determined frame component equals the hand-derived expectation (within \(absoluteTolerance) + \(relativeTolerance)·|value|; exact back ends exactly).
        - Each priority level's total violation equals the exact back end's optimum (same tolerance), where the exact back end ran.
        - Ambiguous components (`?` in the corpus) are not compared; a back end that claims to detect ambiguity must report each as ambiguous.
        - An unsatisfiable layout must be reported unsatisfiable; a back end that claims to explain conflicts must name an irreducible conflicting set (checked with the exact back end).
        - A back end that stops without converging fails the expectation, and says so.
        - A program that declares its values lie on a grid (`resolution`, 1 for whole pixels) has each frame component judged within half a step beyond the tolerance, and each level's total (required included) within the step times the sum of that level's coefficient magnitudes; one that declares it drops a required constraint it cannot satisfy (`drops_unsatisfiable`) fails an unsatisfiable layout it answers with frames as "dropped a required constraint", named so.
        """
    }
}
