/// One column of `SimplexEngine`'s tableau: its bounds and value, where it stands in the basis, and the rows that
/// may hold it while it is nonbasic.
struct ColumnRecord<T: SimplexScalar> {
    /// The column's value (the engine writes it only where it also notes it in its `ValueChangeLog`).
    var value: T
    /// Which bounds the column has (a kind of bound, not two numbers: the record is copied and read without touching
    /// an optional exact number).
    var bounds: ColumnBounds
    /// Whether `rows` may hold a row that no longer contains the column (false: the list is exact).
    var rowsMayBeStale = false
    let kind: ColumnKind
    var presence: ColumnPresence = .kept
    /// The index of the level that pinned the column (read only while it is pinned, and while the engine's
    /// `fixingOwnersCurrent` says the levels have not moved since).
    var fixingLevel: UInt16 = 0
    /// The row where the column is basic; nil while it is nonbasic.
    var basicRow: Int?
    /// Rows whose entries may contain the (nonbasic) column: a row is appended when the entry appears and only
    /// dropped (with repeats) when the list is read through `SimplexEngine.rows(of:)` (or grows past twice the row
    /// slots, `SimplexEngine.listRow`), so `rows.count` is an upper bound of its occurrences.
    /// (One pool of linked entries for every column's list, as Cassowary's `ColumnIndex`, was measured instead: on a
    /// 10,000-view chain it saved the 80,000 arrays' frees at teardown, 2.5 million instructions, but the build was
    /// 3–4 % slower side by side, and padding the record back to 48 bytes did not change that.)
    var rows: [Int] = []
    // (The one-byte fields packed after the value: 48 bytes a record, not 64. Measured when the tables grew by
    // doubling, that was slower on a 40,000-row chain, glibc's thresholds for mapping and returning large blocks
    // falling differently; with the fourfold growth of `reserveGrowing` it is 18 % faster on a 1,000-view chain's
    // build, with 43 % fewer fresh pages.)

    /// A column at 0 (within every kind of bounds but a pinned one, which a new column never is).
    init(bounds: ColumnBounds, kind: ColumnKind) {
        self.bounds = bounds
        self.value = .zero
        self.kind = kind
    }

    /// The lower bound; nil: none.
    @inline(__always) var lower: T? {
        switch bounds {
        case .free: return nil
        case .nonNegative, .zero: return .zero
        case .pinned: return value
        }
    }

    /// The upper bound; nil: none.
    @inline(__always) var upper: T? {
        switch bounds {
        case .free, .nonNegative: return nil
        case .zero: return .zero
        case .pinned: return value
        }
    }

    /// The same column with its numbers mapped (the floating-point copy of the exact tableau).
    func map<U: SimplexScalar>(_ transform: (T) -> U) -> ColumnRecord<U> {
        var copy = ColumnRecord<U>(bounds: bounds, kind: kind)
        copy.value = transform(value)
        copy.basicRow = basicRow
        copy.rows = rows
        copy.rowsMayBeStale = rowsMayBeStale
        copy.presence = presence
        copy.fixingLevel = fixingLevel
        return copy
    }

    @inline(__always) var isBasic: Bool { basicRow != nil }

    @inline(__always) var isFixed: Bool { bounds == .zero || bounds == .pinned }

    @inline(__always) var isFree: Bool { bounds == .free }

    @inline(__always) var canIncrease: Bool {
        switch bounds {
        case .free, .nonNegative: return true
        case .zero: return value.signum < 0
        case .pinned: return false
        }
    }

    @inline(__always) var canDecrease: Bool {
        switch bounds {
        case .free: return true
        case .nonNegative, .zero: return value.signum > 0
        case .pinned: return false
        }
    }

    @inline(__always) var isBelow: Bool {
        switch bounds {
        case .nonNegative, .zero: return value.signum < 0
        case .free, .pinned: return false
        }
    }

    /// Whether a reduced cost `d` improves its level with the column within its kind's own bounds (a level's fixing
    /// let go): any nonzero cost for a free layout column; for a logical one, a negative cost, or a positive one above 0.
    @inline(__always) func improvesUnfixed(_ d: T) -> Bool {
        let s = d.signum
        return s < 0 || (s > 0 && (kind == .structural || value.signum > 0))
    }

    @inline(__always) var isAbove: Bool { bounds == .zero && value.signum > 0 }
}

/// The bounds a column has. Every column's are one of these four: a layout variable has none, a logical column is
/// `≥ 0`, a required equality's marker and a removed row's retired columns are fixed at 0, and a level fixes a
/// nonbasic column where it stands.
enum ColumnBounds: Sendable {
    /// None (a layout variable's own).
    case free
    /// `≥ 0` (a logical column's own: a slack, a marker of an inequality, an error).
    case nonNegative
    /// `[0, 0]`.
    case zero
    /// `[value, value]`: fixed where it stands by a level (`SimplexEngine.fixCostly(_:)`, undone by `unfixAll()`). A
    /// pinned column is nonbasic, and nothing moves a fixed nonbasic column, so its value is its bound.
    case pinned
}

/// What a column stands for.
enum ColumnKind: Sendable {
    /// A layout variable (free).
    case structural
    /// A constraint's slack, marker or error column (bounded below by 0).
    case logical

    /// The bounds a column of this kind has unless fixed.
    @inline(__always) var ownBounds: ColumnBounds { self == .structural ? .free : .nonNegative }
}

/// Whether a column is in the tableau. A required equality's marker is fixed at 0: once nonbasic it never moves, so
/// its column is dropped from the rows (which keeps rows short on chains), until a constant change or removal of
/// the equality needs it back (`SimplexEngine.recoverMarker(of:)`).
enum ColumnPresence: Sendable {
    /// In the tableau for good.
    case kept
    /// A required equality's marker, dropped as soon as it leaves the basis at 0.
    case droppable
    /// Out of every row, nonbasic at 0.
    case dropped
}
