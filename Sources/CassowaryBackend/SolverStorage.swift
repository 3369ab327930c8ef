#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PlumbSystem
import PlumbSolver

/// Everything a `CassowarySolver` allocates: its tableau and the buffers it owns, which a solver is made with and gives
/// up when it is freed.
///
/// An app that lays out many small views in turn, a new solver for each (a server rendering one page after another,
/// a benchmark's runs), paid for some thirty buffers allocated when a solver was made and freed after it: on a small
/// layout about twice the instructions of the build itself, and the build, in buffers just handed out, missed the
/// first-level data cache two and a half times as often (callgrind's simulation). A freed solver's storage is kept
/// instead, reset as `CassowarySolver.reset()` leaves it, for the next solver made (`pool`): one storage at a time
/// (one freed while another is kept is freed), and only a small solver's (`keeps(_:)`), so that a large layout's
/// memory goes back with its solver.
///
/// Ownership moves whole: a solver's deinit hands over every part and holds none after; `init()` takes them and the
/// pool holds none after. No two solvers share a buffer.
struct SolverStorage {
    var tableau: Tableau
    var levels: [Priority]
    var levelSlots: [Int]
    let records: FlatList<CassowarySolver.Record>
    let termVars: FlatList<Int32>
    let termCoefs: FlatList<Double>
    let newRow: NewRowBuffers
    let denseSlot: FlatList<Int32>
    var sparseSlot: [ConstraintID: Int]
    var edits: [CassowarySolver.Edit?]
    var pendingVariables: [Int]
    var leaving: [Int]
    let variableUses: FlatList<Int32>
    var useIndex: VariableUseIndex
    var markerScratch: MarkerSearchScratch
    var regionScratch: MarkerRegionScratch

    /// The storage of a new solver, with room for a small layout.
    init() {
        tableau = Tableau(levelCount: 1)
        levels = []
        levels.reserveCapacity(8)
        levelSlots = []
        levelSlots.reserveCapacity(8)
        records = FlatList(capacity: Tableau.initialSymbols / 2)
        termVars = FlatList(capacity: Tableau.initialSymbols)
        termCoefs = FlatList(capacity: Tableau.initialSymbols)
        newRow = NewRowBuffers()
        denseSlot = FlatList(capacity: Tableau.initialSymbols / 2)
        sparseSlot = [:]
        edits = []
        pendingVariables = []
        leaving = []
        variableUses = FlatList(capacity: Tableau.initialSymbols)
        useIndex = VariableUseIndex()
        markerScratch = MarkerSearchScratch()
        regionScratch = MarkerRegionScratch()
    }

    /// `solver`'s storage as it stands (the caller resets it first).
    init(of solver: CassowarySolver) {
        tableau = solver.tableau
        levels = solver.levels
        levelSlots = solver.levelSlots
        records = solver.records
        termVars = solver.termVars
        termCoefs = solver.termCoefs
        newRow = solver.newRow
        denseSlot = solver.denseSlot
        sparseSlot = solver.sparseSlot
        edits = solver.edits
        pendingVariables = solver.pendingVariables
        leaving = solver.leaving
        variableUses = solver.variableUses
        useIndex = solver.useIndex
        markerScratch = solver.markerScratch
        regionScratch = solver.regionScratch
    }

    /// The largest symbol table whose solver's storage is kept: a layout of some hundreds of constraints (tables
    /// grow by doubling, so a kept solver held at most 3,072 symbols: under a megabyte in all, 0.75 MB for 600 views
    /// of three constraints each).
    static let keptSymbols = 4_096

    /// Whether `solver`'s storage goes to the pool when it is freed: a small one, between operations (no journal
    /// open: a solver is freed between calls, so this is a guard, not a case).
    static func keeps(_ solver: CassowarySolver) -> Bool {
        solver.tableau.symbols.capacity <= keptSymbols && !solver.tableau.isJournaling
    }

    /// The storage freed solvers leave for the next one made.
    static let pool = StoragePool<SolverStorage>()
}

/// At most one value, given and taken under a lock by any thread: the value a taker gets is no longer in the pool.
final class StoragePool<Value>: @unchecked Sendable {
    // (@unchecked: `kept` is read and written only with `lock` held, and a value moves whole from giver to taker)
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private var kept: Value?

    init() {
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// The kept value, if any; the pool is empty after.
    func take() -> Value? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return kept.take()
    }

    /// Keeps `value` unless a value is kept already (then `value` is dropped); whether it was kept.
    @discardableResult
    func give(_ value: consuming Value) -> Bool {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard kept == nil else { return false }
        kept = value
        return true
    }

    /// Whether a value is kept (for tests and measurement; another thread may change it right after).
    var isEmpty: Bool {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return kept == nil
    }
}
