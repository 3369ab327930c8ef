import PlumbSystem

/// The exact bounded-variable primal simplex behind `ExactSolver`, on a sparse tableau in dictionary form.
///
/// Columns are the layout variables (free) and each constraint's logical columns; every row reads
/// `z_basic + Σ t_j z_j = β` over the nonbasic columns, and the values of all columns are kept exactly, so β is
/// never stored. Nonbasic columns may sit anywhere within their bounds (at a bound, or free at any value).
///
/// A constraint `Σ a·x + c REL 0` becomes one row with logical columns:
/// - required `==`: `Σ a·x + s = -c`, `s ∈ [0, 0]` (an artificial that phase 1 drives to zero);
/// - required `<=` / `>=`: `Σ a·x ± s = -c`, `s ≥ 0`;
/// - soft: `Σ a·x - p + n = -c`, `p, n ≥ 0`; the level's objective charges `p + n` for `==`, `p` for `<=`,
///   `n` for `>=`.
/// The "marker" (s, or n) appears in no other original row, so its column in the current tableau records how the
/// original row was combined into each current row: that is what constant changes, removal and Farkas
/// certificates read.
///
/// Every pivot choice is deterministic (ties by smallest column index), never dictionary order. Pricing takes the
/// largest |reduced cost| per row the pivot rewrites; after a run of degenerate pivots it switches to Bland's rule
/// (smallest improving column, smallest leaving column), and back after a non-degenerate one, so it cannot cycle.
///
/// The engine's parts, one concern per file: this file's state and `ColumnRecord`; building rows and pivoting
/// (`+Tableau`); constant changes and removal (`+Changes`); phase 1 and the simplex loop (`+Simplex`); the priority
/// levels (`+Levels`); the Farkas certificate of a conflict (`+Conflicts`); ranges on the optimal face
/// (`+Ambiguity`); recovering a dropped marker column (`+MarkerRecovery`, `MarkerRegionSolve`); the proposal's
/// adoption (`BasisProposal`); dropping the removed rows' columns and origins (`+Compaction`); and the invariant
/// check debug builds run (`+Invariants`).
///
/// The cost of a pivot is (rows containing the entering column) × (pivot row length): fine on chains, grids and
/// nestings, but deep view trees make columns dense (every descendant's row carries its ancestors' logicals), which
/// is what an LU-based revised simplex would avoid.
struct SimplexEngine<T: SimplexScalar> {
    // MARK: Columns
    /// Every column's record: bounds, value, basis position and the rows that hold it (see `ColumnRecord`).
    var columns: [ColumnRecord<T>] = []
    /// Logical columns of removed rows (retired: fixed at 0, in no row) not yet dropped by `compactColumns()`.
    var retiredColumns = 0
    /// Columns whose value changed since the solver last read them (see `ValueChangeLog`).
    var valueLog = ValueChangeLog()
    /// Per row, the last `rows(of:)` call that kept it (to drop repeats); epochs start at 1.
    var rowStamp: [Int] = []
    var stampEpoch = 0
    /// Whether a required equality's marker is dropped from the rows once it leaves the basis at 0
    /// (`ColumnPresence`). A constant change or removal of such a row first gets its column back
    /// (`recoverMarker(of:)`, which needs `loadTerms`), or the solver rebuilds.
    var dropsFixedMarkers = false

    // MARK: Rows
    /// Every row's entries over nonbasic columns (the basic column excluded).
    var store = RowStore<T>()
    /// Each row slot's basic column; nil for a slot whose row was removed (listed in `freeRows`, for reuse).
    var rowBasic: [Int?] = []
    var freeRows: [Int] = []
    /// Rows whose basic column is out of its bounds.
    var infeasible = RowSet()

    // MARK: Original constraints
    /// One constraint's row as the engine knows it: its level, relation, logical columns and constant.
    ///
    /// An origin is 80 bytes: its column ids and term range are kept as 32-bit numbers and read as `Int` through the
    /// properties below (one origin per constraint: at 112 bytes, with every field a full word, a 10,000-view
    /// chain's 40,000 origins were 1.3 MB more to write). Column ids stay far below 2³¹: a column's record alone is
    /// 48 bytes.
    struct Origin {
        /// nil for required. (Declared first: a priority is aligned to 16 bytes, and after the small fields it
        /// padded every origin by 16 more.)
        var priority: Priority?
        let relation: Relation
        var alive: Bool
        private var storedMarkerSign: Int8
        private var storedMarker: Int32
        var constant: T
        private var storedExtra: Int32?
        private var storedTermStart: Int32 = 0
        private var storedTermCount: Int32 = 0

        init(priority: Priority?, relation: Relation, alive: Bool, marker: Int, markerSign: Int, extra: Int?,
             constant: T) {
            self.priority = priority
            self.relation = relation
            self.alive = alive
            storedMarkerSign = Int8(markerSign)
            storedMarker = Int32(marker)
            self.constant = constant
            storedExtra = extra.map { Int32($0) }
        }

        /// The marker column of the origin at `o`, read in place (a copy of the origin would copy its constant).
        @inline(__always) static func marker(at o: UnsafePointer<Origin>) -> Int {
            Int(o.pointer(to: \.storedMarker).unsafelyUnwrapped.pointee)
        }
        /// The marker's sign in the original row of the origin at `o`, read in place.
        @inline(__always) static func markerSign(at o: UnsafePointer<Origin>) -> Int {
            Int(o.pointer(to: \.storedMarkerSign).unsafelyUnwrapped.pointee)
        }

        /// The constraint's marker column (see `SimplexEngine`).
        var marker: Int {
            @inline(__always) get { Int(storedMarker) }
            set { storedMarker = Int32(newValue) }
        }
        /// The marker's coefficient in the original row (+1 or -1).
        var markerSign: Int { @inline(__always) get { Int(storedMarkerSign) } }
        /// The second logical column of a soft row (`p`); nil for a required row.
        var extra: Int? {
            @inline(__always) get { storedExtra.map { Int($0) } }
            set { storedExtra = newValue.map { Int32($0) } }
        }
        /// The row's structural terms in `termColumn` / `termCoefficient` (while `recordsTerms`, for `recoverMarker`).
        var termStart: Int {
            @inline(__always) get { Int(storedTermStart) }
            set { storedTermStart = Int32(newValue) }
        }
        var termCount: Int {
            @inline(__always) get { Int(storedTermCount) }
            set { storedTermCount = Int32(newValue) }
        }

        /// The columns the row's level charges (derived, not stored: a list per soft row was an allocation each):
        /// a soft `==` its `p` and `n` (the marker), a soft `<=` its `p`, a soft `>=` its `n`; none for a required
        /// or removed row.
        var costColumns: CostColumns {
            guard alive, priority != nil, let p = extra else { return CostColumns(nil, nil) }
            switch relation {
            case .equal: return CostColumns(p, marker)
            case .lessOrEqual: return CostColumns(p, nil)
            case .greaterOrEqual: return CostColumns(marker, nil)
            }
        }
    }

    /// An origin's cost columns (at most two), in order.
    struct CostColumns: Sequence, IteratorProtocol {
        private var first: Int?, second: Int?

        init(_ first: Int?, _ second: Int?) {
            self.first = first
            self.second = second
        }

        var isEmpty: Bool { first == nil }

        mutating func next() -> Int? {
            defer { (first, second) = (second, nil) }
            return first
        }
    }
    var origins: [Origin] = []
    /// Every origin's structural terms, one after another, once the solver has handed them over for a marker recovery
    /// (`loadTerms`); from then on `addRow` records each new row's. A build records none: most solvers never remove a
    /// required equality, and the copy would be memory held for nothing.
    var recordsTerms = false
    var termColumn: [Int] = []
    var termCoefficient: [T] = []
    /// The marker recovery's index and scratch (see `SimplexEngine+MarkerRecovery.swift`).
    var recovery = MarkerRecoveryState<T>()

    /// The columns whose bounds a level fixed at their values, to fix the optimal face (undone by `unfixAll`), level
    /// by level: `fixingLevels` gives each level's priority and where its columns end in `fixings`.
    var fixings: [Int] = []
    var fixingLevels: [LevelFixings] = []
    /// The fixings the last `unfixAll()` undid, by level as they were made, for the next `optimizeLevels()` to look
    /// at again instead of every column (see `SimplexEngine+Fixings.swift`).
    var released: [Int] = []
    var releasedLevels: [LevelFixings] = []
    /// Whether the kept level rows' change logs and `released` hold everything that changed since the last complete
    /// `optimizeLevels()`: then its next call re-examines those columns only; if not, every column each row touches.
    var tracksFixings = false
    /// Whether the last optimum's fixings are still pinned although rows went in since (a change that only adds
    /// rows keeps them, `ExactSolverCore.leaveFace(holdingFixings:)`): the next solve tries that face first
    /// (`settleHeldFace()`); `unfixAll()` lets them go.
    var fixingsHeld = false
    /// Whether every pinned column's `fixingLevel` is the index of the level that pinned it: true from an optimum
    /// (`optimizeLevels()`) until a level is added or removed (indices move) or the level rows are dropped.
    var fixingOwnersCurrent = false
    /// Columns the level solves looked at for fixing so far (measurement, and the work tests pin).
    var fixingExaminations = 0
    /// Released columns looked at as candidates so far, once per level (measurement, and the work tests pin).
    var releasedCandidateChecks = 0

    /// The row `installRow` filled last.
    var lastInstalledRow: Int? = nil
    /// Whether the required row `addRow` added last named a nonbasic layout column once the basic ones were
    /// substituted: then it is not a combination of the rows before it (a combination reduces to their logical
    /// columns only). False after a soft row (not read for those).
    var lastRowWasIndependent = false
    /// The objective's price row while phase 1 uses `price`; phase 1 keeps it up to date when `maintainsObjective`.
    var heldObjective = PriceRow<T>()
    var maintainsObjective = false
    /// The levels: the distinct priorities of live soft rows, highest first (see `SimplexEngine+Levels.swift`).
    var levels = LevelRegistry()
    /// Each level's reduced costs for the current basis, parallel to `levels` while `levelPricesValid`: kept through
    /// pivots, row additions and removals, and recovered marker columns; a level whose row is not `levelPriced` yet
    /// (it appeared since) is priced from scratch by the next `optimizeLevels()`. `activeLevel`: the level whose row
    /// is out in `price`.
    var levelPrices: [PriceRow<T>] = []
    var levelPriced: [Bool] = []
    var levelPricesValid = false
    /// The level `optimizeLevels()` is working on (nil between calls).
    var activeLevel: Int? = nil

    /// How many levels the last `optimizeLevels()` had.
    var levelCount = 0
    /// The price row of phase 1 and `optimize` (the final reduced costs after `optimize`).
    var price = PriceRow<T>()
    /// Bumped by every change of basis or of a nonbasic value (not by constant changes, which move basic values only).
    var basisVersion = 0
    /// `basisVersion` at the end of the last complete `optimizeLevels()` (nil: none since the last interruption), and
    /// the columns it fixed, in order.
    var certifiedVersion: Int? = nil
    var certifiedFixings: [Int] = []
    var certifiedFixingLevels: [LevelFixings] = []
    /// While not empty, the basic columns `addRow` prefers for soft rows (a proposed final basis).
    var crashTarget: [Bool] = []
    /// The accumulator a marker recovery builds a row in.
    var rowAccumulator = PriceRow<T>()
    /// The pieces of the row `addRow` builds, and their sums by column.
    var rowPieces = ScratchList<(column: Int, coefficient: T)>()
    var rowColumns = ScratchList<Int>()
    var rowCoefficients = ScratchList<T>()
    /// The row `addRow` hands to `installRow`.
    var installColumns = ScratchList<Int>()
    var installCoefficients = ScratchList<T>()
    /// Merge buffers of `eliminate` and `pivot`.
    var scratchCols = ScratchList<Int>()
    var scratchVals = ScratchList<T>()

    /// Simplex iterations (pivots and bound flips) so far.
    var iterations = 0
    /// Rows rewritten by eliminations so far (measurement, and the work `workLimit` bounds).
    var statColumn = 0
    static var blandAfter: Int { 40 }
    /// Phase 1 and `optimize` stop once `iterations` reaches this (the floating-point proposer's safety net) ...
    var iterationLimit = Int.max
    /// ... or once `statColumn` reaches this (the exact solver's bound on a warm start, see `ExactSolverCore.solve`).
    var workLimit = Int.max
    /// Whether either limit is reached.
    var isPastLimit: Bool { iterations >= iterationLimit || statColumn >= workLimit }

    /// Room for `rows` rows over `columns` columns without growing the tables that take one entry per row, column or
    /// constraint (the row store's cells: six per row). A new solver's tables sized for a small layout: grown an
    /// append at a time from empty, they were most of the allocations of such a layout's exact solve.
    mutating func reserve(rows: Int, columns count: Int) {
        columns.reserveCapacity(count)
        origins.reserveCapacity(rows)
        rowBasic.reserveCapacity(rows)
        store.reserve(rows: rows, cells: 6 * rows)
        price.reserve(entries: count)
        heldObjective.reserve(entries: count)
        rowStamp.reserveCapacity(rows)
        fixings.reserveCapacity(count / 2)
        fixingLevels.reserveCapacity(8)
        levels.reserve(8)
        // (the scratch lists too: each made at its first append, they were a tenth of a small layout's allocations)
        rowPieces.reserve(Self.scratchRoom)
        rowColumns.reserve(Self.scratchRoom)
        rowCoefficients.reserve(Self.scratchRoom)
        installColumns.reserve(Self.scratchRoom)
        installCoefficients.reserve(Self.scratchRoom)
        scratchCols.reserve(Self.scratchRoom)
        scratchVals.reserve(Self.scratchRoom)
    }

    /// The entries a new solver's scratch lists have room for: a layout's row and what a pivot merges into it.
    static var scratchRoom: Int { 16 }

    /// Room for `rows` more rows of `terms` structural terms in all, about to go in one after another (a batch of
    /// waiting rows): a table without the room is sized once, with an eighth more for what follows (a first
    /// suggestion's edit row), instead of growing an append at a time, each growth a copy into fresh pages (a
    /// 1,000-view app layout's copies were a fifth of its build's page faults). A batch of fewer than
    /// `smallestSizedBatch` rows is left to the appends. - Complexity: O(1) when the room is there, else a copy of each
    /// table that grows.
    mutating func reserve(moreRows rows: Int, terms: Int) {
        guard rows >= Self.smallestSizedBatch else { return }
        // (each row: its terms, one or two logical columns, and the row store's room to grow, `RowStore.room(for:)`)
        columns.ensureRoom(for: 2 * rows)
        origins.ensureRoom(for: rows)
        rowBasic.ensureRoom(for: rows)
        store.ensureRoom(rows: rows, cells: terms + terms / 4 + 4 * rows)
    }

    /// The fewest waiting rows for which `reserve(moreRows:terms:)` sizes the tables: sizing them for a row or two (a
    /// first suggestion's edit row) copied them whole, where an append's growth leaves room for many more (a
    /// 10,000-view app layout's 60 resize rounds: 6.6 ms sized at every batch, 0.25 ms from 64 rows on).
    static var smallestSizedBatch: Int { 64 }

    /// Columns held: structural, logical, and retired until the next `compactColumns()`.
    @inline(__always) var columnCount: Int { columns.count }

    /// Rows in the tableau (slots minus free ones).
    var liveRowCount: Int { store.count - freeRows.count }

    /// Reads origin `k` in place (a copy of an origin copies its constant: for a change that reads two fields, a
    /// fifth of its instructions on an app layout's resize round). Read a field through `pointer(to:)`: `pointee`'s
    /// field copies the whole origin first.
    @inline(__always) func origin<R>(_ k: Int, _ read: (UnsafePointer<Origin>) -> R) -> R {
        origins.withUnsafeBufferPointer { all in
            precondition(k >= 0 && k < all.count, "SimplexEngine: origin \(k) outside 0..<\(all.count)")
            return read(all.baseAddress.unsafelyUnwrapped + k)
        }
    }

    /// The basic column of live row `i`.
    @inline(__always) func basic(ofRow i: Int) -> Int { rowBasic[i]! }

    // Column reads in place. `columns[j].value` copies the whole record before it reads the field when `T` is not
    // bitwise copyable (ExactRational holds GMP numbers): two value-witness calls and a retain per number, which
    // cost a chain of 10,000 views 14% more instructions. Reading through the buffer borrows the record instead.

    /// Column `j`'s value.
    @inline(__always) func value(_ j: Int) -> T { columns.withUnsafeBufferPointer { $0[j].value } }
    /// Whether column `j`'s value is exactly 0 (read in place, without copying the value).
    @inline(__always) func isAtZero(_ j: Int) -> Bool { columns.withUnsafeBufferPointer { $0[j].value.isExactlyZero } }
    @inline(__always) func lower(_ j: Int) -> T? { columns.withUnsafeBufferPointer { $0[j].lower } }
    @inline(__always) func upper(_ j: Int) -> T? { columns.withUnsafeBufferPointer { $0[j].upper } }
    @inline(__always) func isFixed(_ j: Int) -> Bool { columns.withUnsafeBufferPointer { $0[j].isFixed } }
    @inline(__always) func isFree(_ j: Int) -> Bool { columns.withUnsafeBufferPointer { $0[j].isFree } }
    @inline(__always) func isStructural(_ j: Int) -> Bool { columns.withUnsafeBufferPointer { $0[j].kind == .structural } }
    @inline(__always) func isBelow(_ j: Int) -> Bool { columns.withUnsafeBufferPointer { $0[j].isBelow } }
    @inline(__always) func isAbove(_ j: Int) -> Bool { columns.withUnsafeBufferPointer { $0[j].isAbove } }
    @inline(__always) func canIncrease(_ j: Int) -> Bool { columns.withUnsafeBufferPointer { $0[j].canIncrease } }
    @inline(__always) func canDecrease(_ j: Int) -> Bool { columns.withUnsafeBufferPointer { $0[j].canDecrease } }

    /// The coefficient of column `j` in row `i` (which must contain it).
    @inline(__always) func entry(_ i: Int, _ j: Int) -> T {
        store.coefficient[store.cell(of: j, inRow: i)!]
    }
}
