#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PlumbSystem
import PlumbSolver

/// Everything a `CassowarySolver` allocates: its tableau and the buffers it owns, in one object the solver is made
/// with and gives up when it is freed.
///
/// An app that lays out many small views in turn, a new solver for each (a server rendering one page after another,
/// a benchmark's runs), paid for some thirty buffers allocated when a solver was made and freed after it: on a small
/// layout about twice the instructions of the build itself, and the build, in buffers just handed out, missed the
/// first-level data cache two and a half times as often (callgrind's simulation). A freed solver's storage is kept
/// instead, reset as `CassowarySolver.reset()` leaves it, for the next solver made (`pool`): one storage at a time
/// (one freed while another is kept is freed), and only a small solver's (`keeps(_:)`), so that a large layout's
/// memory goes back with its solver.
///
/// One object, handed over by reference: a solver's deinit gives it to the pool and the solver is gone; `init()`
/// takes it and the pool holds it no longer. No two solvers share it. (It was a struct, its sixteen parts copied
/// into the solver when made and out when freed. That code, with the copies' reference counting, made a small
/// layout's cycle of making a solver, building, solving and freeing it run 627 distinct 64-byte lines of machine
/// code, 40 KB, more than the 32 KB first-level instruction cache, so each build fetched its own code again:
/// callgrind's cache simulation, 40 small app layouts built 21 times each, counted 321 instruction-cache misses a
/// build in the adds. With one object handed over, 381 lines and 113 misses; the adds' instructions did not change.)
final class SolverStorage {
    // The value-type parts each in memory of their own, which the solver reaches through addressors: a pointer, no
    // copy. (Accessor coroutines, `_read` and `_modify` on stored properties of this class, were tried first: in a
    // debug build, reading `counters` through them over-released a row store.)
    let tableau: UnsafeMutablePointer<Tableau>
    /// Non-required priorities in use, highest first, and the objective slot of each (slots in creation order).
    let levels: UnsafeMutablePointer<[Priority]>
    let levelSlots: UnsafeMutablePointer<[Int]>
    /// Slots of the constraint ids `denseSlot` does not hold.
    let sparseSlot: UnsafeMutablePointer<[ConstraintID: Int]>
    /// Edit variables by variable index (dense; nil where the variable is not edited).
    let edits: UnsafeMutablePointer<[CassowarySolver.Edit?]>
    /// Variables with a pending suggestion, in the order of their first suggestion since the last solve.
    let pendingVariables: UnsafeMutablePointer<[Int]>
    /// Removed records still in the tableau (required equalities without a marker), in removal order: the next call
    /// that reads or changes the tableau takes them out together (`settleRemovals()`).
    let leaving: UnsafeMutablePointer<[Int]>
    /// For each variable, the records in the tableau naming it; built on the first marker recovery.
    let useIndex: UnsafeMutablePointer<VariableUseIndex>
    /// The marker search's scratch, untouched between searches.
    let markerScratch: UnsafeMutablePointer<MarkerSearchScratch>
    /// The region solve's scratch, at rest between solves.
    let regionScratch: UnsafeMutablePointer<MarkerRegionScratch>
    let records: FlatList<CassowarySolver.Record>
    let termVars: FlatList<Int32>
    let termCoefs: FlatList<Double>
    let newRow: NewRowBuffers
    let denseSlot: FlatList<Int32>
    let variableUses: FlatList<Int32>

    /// The storage of a new solver, with room for a small layout.
    init() {
        tableau = .holding(Tableau(levelCount: 1))
        levels = .holding([])
        levelSlots = .holding([])
        sparseSlot = .holding([:])
        edits = .holding([])
        pendingVariables = .holding([])
        leaving = .holding([])
        useIndex = .holding(VariableUseIndex())
        markerScratch = .holding(MarkerSearchScratch())
        regionScratch = .holding(MarkerRegionScratch())
        levels.pointee.reserveCapacity(8)
        levelSlots.pointee.reserveCapacity(8)
        records = FlatList(capacity: Tableau.initialSymbols / 2)
        termVars = FlatList(capacity: Tableau.initialSymbols)
        termCoefs = FlatList(capacity: Tableau.initialSymbols)
        newRow = NewRowBuffers()
        denseSlot = FlatList(capacity: Tableau.initialSymbols / 2)
        variableUses = FlatList(capacity: Tableau.initialSymbols)
    }

    deinit {
        tableau.dispose()
        levels.dispose()
        levelSlots.dispose()
        sparseSlot.dispose()
        edits.dispose()
        pendingVariables.dispose()
        leaving.dispose()
        useIndex.dispose()
        markerScratch.dispose()
        regionScratch.dispose()
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

/// The parts of a solver's storage by name: the solver's code reads and changes them as it did its own properties.
extension CassowarySolver {
    var tableau: Tableau {
        unsafeAddress { UnsafePointer(storage.tableau) }
        unsafeMutableAddress { storage.tableau }
    }
    var levels: [Priority] {
        unsafeAddress { UnsafePointer(storage.levels) }
        unsafeMutableAddress { storage.levels }
    }
    var levelSlots: [Int] {
        unsafeAddress { UnsafePointer(storage.levelSlots) }
        unsafeMutableAddress { storage.levelSlots }
    }
    var sparseSlot: [ConstraintID: Int] {
        unsafeAddress { UnsafePointer(storage.sparseSlot) }
        unsafeMutableAddress { storage.sparseSlot }
    }
    var edits: [Edit?] {
        unsafeAddress { UnsafePointer(storage.edits) }
        unsafeMutableAddress { storage.edits }
    }
    var pendingVariables: [Int] {
        unsafeAddress { UnsafePointer(storage.pendingVariables) }
        unsafeMutableAddress { storage.pendingVariables }
    }
    var leaving: [Int] {
        unsafeAddress { UnsafePointer(storage.leaving) }
        unsafeMutableAddress { storage.leaving }
    }
    var useIndex: VariableUseIndex {
        unsafeAddress { UnsafePointer(storage.useIndex) }
        unsafeMutableAddress { storage.useIndex }
    }
    var markerScratch: MarkerSearchScratch {
        unsafeAddress { UnsafePointer(storage.markerScratch) }
        unsafeMutableAddress { storage.markerScratch }
    }
    var regionScratch: MarkerRegionScratch {
        unsafeAddress { UnsafePointer(storage.regionScratch) }
        unsafeMutableAddress { storage.regionScratch }
    }
}

extension UnsafeMutablePointer {
    /// Memory of its own holding `value`.
    static func holding(_ value: Pointee) -> UnsafeMutablePointer {
        let p = UnsafeMutablePointer.allocate(capacity: 1)
        p.initialize(to: value)
        return p
    }

    /// Ends the life of the value `holding(_:)` made and frees its memory.
    func dispose() {
        deinitialize(count: 1)
        deallocate()
    }
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
