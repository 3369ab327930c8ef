/// What the tableau noticed about its own round-off: the first sign that an answer may be far from the exact one.
///
/// The Cassowary back end computes in `Double`. Three things make its answers untrustworthy without making them look
/// wrong (every required row still holds to round-off at the answer):
/// - **near-dependent rows**: combining rows cancels a coefficient to a sliver of its operands (rows 1e-12 apart,
///   Hilbert matrices); whether that sliver is real or round-off decides the answer;
/// - **a decision a tolerance made**: a pivot element, an objective slope, a redundant row's residual or a bound
///   violation that a tolerance took for zero though round-off cannot explain it (a row that is a multiple of another
///   but for 7e-11: the simplex stops at the wrong vertex, or calls a feasible system infeasible);
/// - **amplified error**: an input constant that `Double` cannot hold exactly (999999999999.999999), cancelled and then
///   multiplied along a chain, or divided by a coefficient that cancellation left small.
///
/// The tableau watches all three at the cost of a few flops per row operation:
/// - a cancellation that leaves more than the cells' estimated round-off behind (`RowPrecision.coefficientError`,
///   times `CassowaryTolerance.cancellationAllowance`) is recorded when it drops the cell, and one it keeps at less
///   than `watchedCancellation` of its operands when the cell's error reaches `vouchedCoefficientError`;
/// - every place a tolerance discards a quantity checks it against round-off (`watchDiscarded`, `watchOptimality`,
///   `watchTolerated`, the ratio test's `noteDiscardedPivot` and overshoot, the objective's dropped slopes), and
///   records `belowTolerance` when it is more;
/// - every row carries a running bound on its constant's absolute error (`RowPrecision.constantError`), grown by
///   inputs `Double` cannot hold, by the exact rounding errors of the row's assembly, by pivots and by a subject
///   coefficient that cancellation left small; the first bound beyond `CassowaryTolerance.vouchedAbsolute` and
///   `vouchedRelative` is recorded.
/// A loss labels the answer approximate; one that can have made a decision (`isNearDependence`) also turns a refusal
/// into "ill-conditioned" and lets the debug invariant check stop asserting feasibility and optimality.
/// The record is sticky: the tableau keeps what it lost until it is rebuilt (a refused call gives it back). The watch is
/// an estimate, not a proof (the cells' own errors are not tracked); the exact back end is the proof.
struct PrecisionLoss: Hashable, Sendable, CustomStringConvertible {
    enum Kind: Hashable, Sendable {
        /// Combining rows cancelled a coefficient to `remainder` of operands of magnitude `magnitude` (1 when the
        /// remainder is given as a share): more than round-off, less than the tableau keeps.
        /// (`roundoff`: the relative error the coefficients were estimated to carry.)
        case nearDependentRows(remainder: Double, magnitude: Double, roundoff: Double)
        /// A basic value `value` whose running error bound reached `bound`.
        case errorBound(bound: Double, value: Double)
        /// A tolerance took `quantity` (`what`) for zero, though it is beyond round-off: a decision (optimal, redundant,
        /// no pivot) that round-off may have made.
        case belowTolerance(quantity: Double, tolerance: Double, what: Discarded)
    }

    /// What a tolerance discarded (a typed kind: the loss is recorded in hot loops and must stay a plain value).
    enum Discarded: UInt8, Hashable, Sendable, CustomStringConvertible {
        case objectiveSlope, phaseOneSlope, ratioTestPivot, dualPivot, ratioTestOvershoot, toleratedViolation,
             redundantRowResidual, phaseOneResidual

        var description: String {
            switch self {
            case .objectiveSlope: "an objective slope"
            case .phaseOneSlope: "a phase 1 slope"
            case .ratioTestPivot: "a pivot element of the ratio test"
            case .dualPivot: "a pivot element of the dual simplex"
            case .ratioTestOvershoot: "a restricted value the ratio test let below 0"
            case .toleratedViolation: "a restricted value off its bound"
            case .redundantRowResidual: "a required row's residual"
            case .phaseOneResidual: "phase 1's residual"
            }
        }
    }

    var kind: Kind

    /// Whether the loss can have made a verdict (conflicting or redundant, optimal): nearly dependent rows, or a real
    /// quantity a tolerance took for zero. (A value's error bound alone makes the values approximate, not a verdict.)
    var isNearDependence: Bool {
        switch kind {
        case .nearDependentRows, .belowTolerance: return true
        case .errorBound: return false
        }
    }

    var description: String {
        switch kind {
        case let .nearDependentRows(remainder, magnitude, roundoff):
            return "ill-conditioned: combining rows cancelled a coefficient to \(remainder) from terms of magnitude "
                + "\(magnitude) (nearly dependent rows; their round-off is estimated at \(roundoff) relative); "
                + "floating point cannot tell that from round-off"
        case let .belowTolerance(quantity, tolerance, what):
            return "ill-conditioned: \(what) of \(quantity) was taken for zero (the tolerance is \(tolerance)), though it "
                + "is beyond round-off (nearly dependent rows); the answer may be another vertex"
        case let .errorBound(bound, value):
            return "ill-conditioned: a value of \(value) carries a floating-point error bound of \(bound) (an input "
                + "Double cannot hold exactly, cancelled and amplified, or a pivot that cancellation left small)"
        }
    }
}

/// A row's round-off estimates: a bound on its constant's absolute error, and its coefficients' relative error
/// (two roundings per pivot on the way to it, the worst of the rows merged into it; cancellation not included): what
/// a cancellation in it may leave behind without meaning anything.
struct RowPrecision: Hashable, CustomStringConvertible {
    // stored as Float (an estimate needs no more): 8 bytes a row
    private var constantBound: Float
    private var coefficientBound: Float

    init(constantError: Double = 0, coefficientError: Double = CassowaryTolerance.roundoff) {
        constantBound = Float(constantError)
        coefficientBound = Float(coefficientError)
    }

    var constantError: Double {
        get { Double(constantBound) }
        set { constantBound = Float(newValue) }
    }
    var coefficientError: Double {
        get { Double(coefficientBound) }
        set { coefficientBound = Float(newValue) }
    }

    /// A cancellation down to `remainder` of terms of magnitude `magnitude` that leaves more than these
    /// coefficients' round-off behind: the rows are nearly dependent.
    @inline(__always) static func isSignificant(_ remainder: Double, of magnitude: Double, error: Double) -> Bool {
        remainder > CassowaryTolerance.cancellationAllowance * error * magnitude
    }

    var isValid: Bool { constantError >= 0 && coefficientError >= 0 }
    var description: String { "constant ±\(constantError), coefficients ±\(coefficientError) relative" }
}

/// A row's constant beside its round-off estimates (16 bytes).
struct RowConstant {
    var value: Double
    var precision: RowPrecision
}

extension Tableau {
    /// Records `loss` unless an earlier one is recorded.
    @inline(never) mutating func notePrecisionLoss(_ loss: PrecisionLoss) {
        if precisionLoss == nil { precisionLoss = loss }
    }

    /// Records an error bound `bound` on a basic value `value` when it exceeds what the back end vouches for.
    @inline(__always) mutating func watch(errorBound bound: Double, value: Double) {
        if bound > CassowaryTolerance.vouchedAbsolute + CassowaryTolerance.vouchedRelative * abs(value) {
            notePrecisionLoss(PrecisionLoss(kind: .errorBound(bound: bound, value: value)))
        }
    }

    /// Records that a tolerance (`tolerance`) took `quantity` (`what`) for zero though round-off (`roundoff`, the
    /// quantity's estimated error) cannot explain it.
    @inline(__always) mutating func watchDiscarded(_ quantity: Double, roundoff: Double, tolerance: Double, what: PrecisionLoss.Discarded) {
        if quantity != 0 && abs(quantity) > CassowaryTolerance.roundoffAllowance * roundoff {
            noteDiscarded(quantity, tolerance: tolerance, what: what)
        }
    }

    /// Records that a tolerance (`tolerance`) took `quantity` (`what`) for zero, the caller having found it beyond
    /// round-off.
    @inline(never) mutating func noteDiscarded(_ quantity: Double, tolerance: Double, what: PrecisionLoss.Discarded) {
        notePrecisionLoss(PrecisionLoss(kind: .belowTolerance(quantity: quantity, tolerance: tolerance, what: what)))
    }

    /// `old + added` for a tableau cell: exactly 0 when the sum cancels to `CassowaryTolerance.cancellation` of
    /// `old` or less (round-off); `remainder` keeps the largest share of `old` such a cancellation left behind (the
    /// caller weighs it against the cells' round-off once the merge is done, `noteCancellation`). Static, so that the
    /// merge loop around it keeps its buffers in registers.
    /// A cancellation that keeps the cell but leaves less than `CassowaryTolerance.watchedCancellation` of `old` puts
    /// the smallest such share in `kept` (the caller divides the cells' relative error by it: `noteKeptCancellation`).
    @inline(__always) static func combined(_ old: Double, _ added: Double, remainder: inout Double,
                                           kept: inout Double) -> Double {
        let sum = old + added
        let scale = abs(old)
        if abs(sum) > CassowaryTolerance.watchedCancellation * scale { return sum }
        if abs(sum) > CassowaryTolerance.cancellation * scale {
            if abs(sum) < kept * scale { kept = abs(sum) / scale }
            return sum
        }
        if abs(sum) > remainder * scale { remainder = abs(sum) / scale }
        return 0
    }

    /// Records near-dependence when a cancellation kept a cell at `kept` of its former magnitude and the cell's
    /// relative error (the cells' round-off `error`, divided by that share) exceeds what the back end vouches for
    /// (`CassowaryTolerance.vouchedCoefficientError`): a pivot on that cell, or a value read through it, carries that
    /// relative error, which the value bounds do not follow. (The row's own estimate is left as it is: it decides
    /// whether a later cancellation is round-off, and a larger one would let real remainders pass as round-off.)
    @inline(__always) mutating func noteKeptCancellation(kept: Double, error: Double) {
        if error / kept > CassowaryTolerance.vouchedCoefficientError {
            notePrecisionLoss(PrecisionLoss(kind: .nearDependentRows(remainder: kept, magnitude: 1, roundoff: error)))
        }
    }

    /// Records near-dependence when a merge's cancellations left `remainder` (a share of the cells' magnitude)
    /// behind, more than the round-off `error` of those cells.
    @inline(__always) mutating func noteCancellation(remainder: Double, error: Double) {
        if RowPrecision.isSignificant(remainder, of: 1, error: error) {
            notePrecisionLoss(PrecisionLoss(kind: .nearDependentRows(remainder: remainder, magnitude: 1,
                                                                     roundoff: error)))
        }
    }
}
