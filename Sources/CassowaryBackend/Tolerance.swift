/// The one tolerance policy of the Cassowary back end. Every floating-point comparison in the solver uses one
/// of these named constants; nothing else compares against a literal.
///
/// Layout systems have coefficients of order 1 (±1, small multipliers) and values up to about 10^6 points,
/// so the policy is absolute on coefficients and relative on constants:
/// - a tableau cell that a row operation cancels to `cancellation` of its former magnitude or less is removed (it
///   is round-off, not a real dependency); a cell is never dropped for being small (a chain of 1e-6 multipliers
///   makes 1e-12 coefficients that are real); a cancellation that leaves more than `cancellationAllowance` times the
///   round-off its coefficients carry (`RowPrecision`) is more than round-off: the rows are nearly dependent, and
///   the tableau records the loss (`PrecisionLoss`); so it does when a kept cancellation leaves a cell whose error
///   reaches `vouchedCoefficientError`, when any tolerance below takes for zero a quantity beyond `roundoffAllowance`
///   roundings (or beyond `noise`, for pivots and slopes), and when a value's running error bound exceeds
///   `vouchedAbsolute + vouchedRelative · |value|`;
/// - an objective coefficient at `cellDrop` or below after an update is removed;
/// - a pivot element must exceed `pivot` in magnitude (no pivoting on round-off);
/// - a reduced cost (one level of the lexicographic objective) counts as non-zero above `cost`;
/// - a restricted basic variable counts as infeasible below `-feasibility · max(1, |value scale|)`;
///   the primal ratio test is a Harris two-pass test with the same bound, so a pivot may leave a basic
///   value negative by at most that much;
/// - a required row that reduces to `0 = c` is redundant when `|c| ≤ zero · max(1, scale)`, unsatisfiable
///   otherwise; phase 1 succeeds when the artificial objective ends at or below the same bound.
/// - after `blandAfterDegenerate` consecutive degenerate pivots (ratio within the feasibility bound), the
///   pivots follow Bland's rule (entering: the smallest improving symbol id; leaving: the smallest exact ratio,
///   ties by smallest basic symbol id), which cannot cycle; any non-degenerate pivot returns to the primary rules.
///
/// Input outside that scale is refused at the API, with `SolverError.unsupported` naming the number, rather than
/// solved with tolerances that no longer mean anything: a non-zero coefficient must have a magnitude within
/// `coefficientRange`, and a constant or a suggested value a magnitude of at most `largestConstant`. (The exact
/// back end takes any such system.)
public enum CassowaryTolerance {
    public static let coefficientRange: ClosedRange<Double> = 1e-6...1e6
    public static let largestConstant = 1e12
    public static let cellDrop = 1e-11
    public static let cancellation = 1e-11
    public static let roundoffAllowance = 256.0
    /// How far beyond its cells' estimated round-off a cancellation's remainder may be and still be dropped as
    /// round-off: the estimate (two roundings per pivot) bounds what a few dozen operations leave; past 16 times it,
    /// the remainder is taken for a real near-dependence (a row nearly a multiple of others, by 1e-11), and the answer
    /// is not vouched for. (At 32, a row 2e-12 from a multiple of another, scaled up by substitution, left 31 times the
    /// estimate and was answered wrongly as ok: one near-dependent fuzz case in 24,000. At 16, 4 of 24,000 random
    /// systems with right answers are labelled approximate that were not; no layout changes.)
    public static let cancellationAllowance = 16.0
    /// A cancellation that keeps a cell at less than this share of its former magnitude is watched: the cell's relative
    /// error is the cells' round-off divided by that share, and past `vouchedCoefficientError` the answer is not
    /// vouched for (nearly dependent rows).
    public static let watchedCancellation = 1e-3
    /// The largest relative error of a tableau coefficient the back end vouches for: 1,000 times below the harness's
    /// relative tolerance (1e-9), so that a value computed through such coefficients stays well within it, and so
    /// that a pivot on such a coefficient does not magnify the other cells enough to hide a second near-dependence
    /// under their round-off. One cancellation to about 1e-4 of its operands reaches it from the round-off of exact
    /// inputs.
    public static let vouchedCoefficientError = 1e-12
    /// A value is vouched for while its error bound stays within `vouchedAbsolute + vouchedRelative · |value|`: 100
    /// times the harness's conformance tolerance, because the bound is pessimistic (by 10³ to 10⁵ on dense random
    /// systems, where at 1× it flagged 2–7% of them; Hilbert-8's bound is 10⁶ times over).
    public static let vouchedAbsolute = 1e-4
    public static let vouchedRelative = 1e-7
    /// The relative error of one floating-point operation (half an ulp of 1).
    public static let roundoff = Double.ulpOfOne / 2
    /// What round-off can leave of a zero coefficient (cells are dropped at `cancellation` of their operands): a
    /// coefficient the `pivot` or `cost` tolerance discards though it exceeds this is real, and the answer that
    /// discarding it led to is not vouched for.
    public static let noise = 1e-11
    public static let pivot = 1e-9
    public static let cost = 1e-9
    public static let feasibility = 1e-9
    public static let zero = 1e-8
    public static let blandAfterDegenerate = 50

    @inline(__always) static func feasibilityBound(_ scale: Double) -> Double {
        feasibility * Swift.max(1, abs(scale))
    }
    @inline(__always) static func zeroBound(_ scale: Double) -> Double {
        zero * Swift.max(1, abs(scale))
    }
}
