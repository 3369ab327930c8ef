@testable import ExactBackend
import PlumbSystem
import Testing

/// `ColumnRecord`'s kinds of bounds read as the bounds they stand for, and the records the engine keeps one per
/// column and one per row stay small (a large build's time was in good part the page faults of these tables).
@Suite struct ColumnRecordTests {
    typealias Q = ExactRational

    func record(_ bounds: ColumnBounds, at value: Q, kind: ColumnKind = .logical) -> ColumnRecord<Q> {
        var r = ColumnRecord<Q>(bounds: bounds, kind: kind)
        r.value = value
        return r
    }

    /// Each kind at a value below, within and above its bounds: free has none; `≥ 0` is below at -1 only; `[0, 0]`
    /// is below at -1, above at 2, fixed, and can move only back towards 0; a pinned column's bounds are its value,
    /// so it is never outside them and can move neither way.
    @Test func kindsOfBoundsReadAsTheirNumbers() {
        let free = record(.free, at: Q(-5), kind: .structural)
        #expect(free.lower == nil && free.upper == nil)
        #expect(free.isFree && !free.isFixed && !free.isBelow && !free.isAbove && free.canIncrease && free.canDecrease)

        let below = record(.nonNegative, at: Q(-1)), atZero = record(.nonNegative, at: .zero)
        #expect(below.lower == .zero && below.upper == nil)
        #expect(below.isBelow && !atZero.isBelow && !atZero.isAbove)
        #expect(atZero.canIncrease && !atZero.canDecrease && record(.nonNegative, at: Q(1, 2)).canDecrease)

        let zeroBelow = record(.zero, at: Q(-1)), zeroAbove = record(.zero, at: Q(2)), zero = record(.zero, at: .zero)
        #expect(zero.lower == .zero && zero.upper == .zero && zero.isFixed && !zero.isFree)
        #expect(zeroBelow.isBelow && !zeroBelow.isAbove && zeroBelow.canIncrease && !zeroBelow.canDecrease)
        #expect(zeroAbove.isAbove && !zeroAbove.isBelow && zeroAbove.canDecrease && !zeroAbove.canIncrease)
        #expect(!zero.canIncrease && !zero.canDecrease)

        let pinned = record(.pinned, at: Q(7, 2), kind: .structural)
        #expect(pinned.lower == Q(7, 2) && pinned.upper == Q(7, 2))
        #expect(pinned.isFixed && !pinned.isFree && !pinned.isBelow && !pinned.isAbove)
        #expect(!pinned.canIncrease && !pinned.canDecrease)
        let negativePin = record(.pinned, at: Q(-3))
        #expect(!negativePin.isBelow && negativePin.lower == Q(-3))
    }

    /// A kind's own bounds: a layout column free, a logical one `≥ 0`.
    @Test func eachKindHasItsOwnBounds() {
        #expect(ColumnKind.structural.ownBounds == .free)
        #expect(ColumnKind.logical.ownBounds == .nonNegative)
    }

    /// A column's record is 48 bytes at most (an exact value with the four one-byte fields packed after it, the basic
    /// row, the row list); an origin's 80 (its priority first, its columns and term range in 32 bits). They were 104
    /// and 144, with two optional exact bounds and a list of cost columns, and ordered so that alignment padded the
    /// origin; then 64 and 112, then 48 and 112.
    @Test func theEngineTablesRecordsStaySmall() {
        #expect(MemoryLayout<ColumnRecord<Q>>.stride <= 48)
        #expect(MemoryLayout<SimplexEngine<Q>.Origin>.stride <= 80)
    }

    /// The solver's entry per constraint is 96 bytes at most: the constraint's parts without its label (a whole
    /// `LinearConstraint` made it 144).
    @Test func theConstraintTablesEntriesStaySmall() {
        #expect(MemoryLayout<ExactSolverCore<Q>.Entry>.stride <= 96)
    }
}
