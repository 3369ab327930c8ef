/// One column of `SimplexEngine`'s tableau: its bounds and value, where it stands in the basis, and the rows that
/// may hold it while it is nonbasic.
struct ColumnRecord<T: SimplexScalar> {
    /// nil: unbounded on that side (a layout variable has neither bound).
    var lower: T?
    var upper: T?
    /// The column's value (the engine writes it only where it also notes it in its `ValueChangeLog`).
    var value: T
    /// The row where the column is basic; nil while it is nonbasic.
    var basicRow: Int?
    /// Rows whose entries may contain the (nonbasic) column: a row is appended when the entry appears and only
    /// dropped (with repeats) when the list is read through `SimplexEngine.rows(of:)` (or grows past twice the row
    /// slots, `SimplexEngine.listRow`), so `rows.count` is an upper bound of its occurrences.
    var rows: [Int] = []
    /// Whether `rows` may hold a row that no longer contains the column (false: the list is exact).
    var rowsMayBeStale = false
    let kind: ColumnKind
    var presence: ColumnPresence = .kept

    init(lower: T?, upper: T?, kind: ColumnKind) {
        self.lower = lower
        self.upper = upper
        self.value = lower ?? .zero
        self.kind = kind
    }

    /// The same column with its numbers mapped (the floating-point copy of the exact tableau).
    func map<U: SimplexScalar>(_ transform: (T) -> U) -> ColumnRecord<U> {
        var copy = ColumnRecord<U>(lower: lower.map(transform), upper: upper.map(transform), kind: kind)
        copy.value = transform(value)
        copy.basicRow = basicRow
        copy.rows = rows
        copy.rowsMayBeStale = rowsMayBeStale
        copy.presence = presence
        return copy
    }

    @inline(__always) var isBasic: Bool { basicRow != nil }

    @inline(__always) var isFixed: Bool {
        if let l = lower, let u = upper { return l == u }
        return false
    }

    @inline(__always) var isFree: Bool { lower == nil && upper == nil }

    @inline(__always) var canIncrease: Bool {
        guard let u = upper else { return true }
        return value < u
    }

    @inline(__always) var canDecrease: Bool {
        guard let l = lower else { return true }
        return value > l
    }

    @inline(__always) var isBelow: Bool {
        if let l = lower { return value < l }
        return false
    }

    @inline(__always) var isAbove: Bool {
        if let u = upper { return value > u }
        return false
    }
}

/// What a column stands for.
enum ColumnKind: Sendable {
    /// A layout variable (free).
    case structural
    /// A constraint's slack, marker or error column (bounded below by 0).
    case logical
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
