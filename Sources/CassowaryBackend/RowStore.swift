import PlumbInvariants

/// When `RowStore.compactIfWasteful()` repacks: once the cells in ranges no row owns exceed `floor` and `1/share` of
/// the store.
struct RowCompactionPolicy {
    var floor = 65_536
    var share = 2
}

/// The rows of the tableau: for each row slot its range in the cell store (start, length, capacity), its constant
/// (with its round-off estimates, `RowPrecision`) and its basic symbol; free slots wait in a free list for reuse.
///
/// A row reads `basic = constant + Σ coefficient · symbol` over its cells, which are unsorted. A row that outgrows its
/// range moves to the tail of the `CellStore`; the ranges left behind are garbage until `compactIfWasteful()` repacks
/// the rows. Raw pointers into the store stay valid until the next growth or compaction.
///
/// The store journals itself: every method that changes a row's cells, constant or basic symbol first saves the row
/// (once per journal epoch), and `rollbackJournal()` puts back exactly those rows, drops the slots created since
/// the journal opened and restores the free list. Writes through the pointers of `writableCells(_:)` are covered
/// because that call saves the row.
struct RowStore {
    /// The basic symbol of a free slot (storage only: `basic(of:)` answers nil).
    private static let noBasic: Int32 = -1
    /// The smallest range a growing row gets.
    private static let minimumCapacity = 4

    /// One row slot: its range in the cell store, its constant (with its round-off estimates) and its basic symbol,
    /// side by side (a new row is one append, and reading a row touches one cache line of this table, not five).
    private struct Slot {
        var start: Int
        var constant: RowConstant
        var length: Int32
        var capacity: Int32
        var basic: Int32

        /// A free slot: no range, no row.
        @inline(__always) static var free: Slot {
            Slot(start: 0, constant: RowConstant(value: 0, precision: RowPrecision()), length: 0, capacity: 0,
                 basic: RowStore.noBasic)
        }
    }

    let cells = CellStore()
    private let slots = FlatList<Slot>()
    let freeRows = FlatList<Int32>()
    /// Cells in ranges no row owns any more.
    private(set) var garbage = 0
    var compaction = RowCompactionPolicy()

    // journal: the rows saved since it opened (in first-write order), their cells, constants and basic symbols
    private var log = FirstWriteLog()
    let journaledRows = FlatList<Int32>()
    private let savedCellStart = FlatList<Int>()
    private let savedSymbols = FlatList<Int32>()
    private let savedCoefficients = FlatList<Double>()
    private let savedConstant = FlatList<RowConstant>()
    private let savedBasic = FlatList<Int32>()
    private let savedFreeRows = FlatList<Int32>()

    /// Row slots, live or free.
    var slotCount: Int { slots.count }

    /// No rows and no cells, the storage kept (`CassowarySolver.reset()`).
    mutating func removeAll() {
        precondition(!log.isOpen, "RowStore: removeAll while the journal is open")
        cells.removeAll()
        slots.removeAll()
        freeRows.removeAll()
        garbage = 0
        clearSaved()
    }

    /// Room for `m` row slots without growing.
    mutating func reserve(rows m: Int) {
        slots.reserve(m)
        freeRows.reserve(8)
        log.reserve(m)
    }

    // MARK: - reading

    @inline(__always) func isLive(_ r: Int32) -> Bool { slots[Int(r)].basic != Self.noBasic }

    /// The basic symbol of row `r`, nil for a free slot.
    @inline(__always) func basic(of r: Int32) -> Int32? {
        let b = slots[Int(r)].basic
        return b == Self.noBasic ? nil : b
    }

    /// The basic symbol of row `r`, which must be live (for loops over live rows).
    @inline(__always) func liveBasic(_ r: Int32) -> Int32 { slots[Int(r)].basic }

    @inline(__always) func length(_ r: Int32) -> Int { Int(slots[Int(r)].length) }
    @inline(__always) func capacity(_ r: Int32) -> Int { Int(slots[Int(r)].capacity) }
    @inline(__always) func constant(_ r: Int32) -> Double { slots[Int(r)].constant.value }
    /// Row `r`'s round-off estimates (see `PrecisionLoss`).
    @inline(__always) func precision(_ r: Int32) -> RowPrecision { slots[Int(r)].constant.precision }
    /// Row `r`'s constant and round-off estimates.
    @inline(__always) func constantAndPrecision(_ r: Int32) -> RowConstant { slots[Int(r)].constant }
    @inline(__always) func start(_ r: Int32) -> Int { slots[Int(r)].start }
    @inline(__always) func symbols(_ r: Int32) -> UnsafePointer<Int32> {
        UnsafePointer(cells.sym + slots[Int(r)].start)
    }
    @inline(__always) func coefficients(_ r: Int32) -> UnsafePointer<Double> {
        UnsafePointer(cells.coef + slots[Int(r)].start)
    }

    /// The index of `s` among row `r`'s cells, or nil.
    @inline(__always) func index(of s: Int32, inRow r: Int32) -> Int? {
        let ps = cells.sym + slots[Int(r)].start
        for k in 0..<Int(slots[Int(r)].length) where ps[k] == s { return k }
        return nil
    }

    @inline(__always) func coefficient(of s: Int32, inRow r: Int32) -> Double {
        guard let i = index(of: s, inRow: r) else { return 0 }
        return cells.coef[slots[Int(r)].start + i]
    }

    // MARK: - writing (each saves the row first while the journal is open)

    @inline(__always) private mutating func willWrite(_ r: Int32) {
        if log.isFirstWrite(r) { save(r) }
    }

    /// Pointers to row `r`'s cells for writing (valid until the row grows or the store compacts).
    @inline(__always) mutating func writableCells(_ r: Int32) -> (symbols: UnsafeMutablePointer<Int32>,
                                                                   coefficients: UnsafeMutablePointer<Double>) {
        willWrite(r)
        let st = slots[Int(r)].start
        return (cells.sym + st, cells.coef + st)
    }

    @inline(__always) mutating func setLength(_ r: Int32, _ n: Int) {
        willWrite(r)
        slots[Int(r)].length = Int32(n)
    }

    /// Sets row `r`'s constant, keeping its round-off estimates.
    @inline(__always) mutating func setConstant(_ r: Int32, _ value: Double) {
        willWrite(r)
        slots[Int(r)].constant.value = value
    }

    /// Sets row `r`'s constant and its round-off estimates.
    @inline(__always) mutating func setConstant(_ r: Int32, _ value: Double, precision p: RowPrecision) {
        willWrite(r)
        slots[Int(r)].constant = RowConstant(value: value, precision: p)
    }

    @inline(__always) mutating func setBasic(_ r: Int32, _ s: Int32) {
        willWrite(r)
        slots[Int(r)].basic = s
    }

    /// A row slot for a new row: a free one (saved for the journal) or a new one at the end.
    mutating func allocate() -> Int32 {
        if let r = freeRows.popLast() {
            willWrite(r)
            return r
        }
        let r = Int32(slots.count)
        slots.append(.free)
        return r
    }

    /// Makes slot `r` the row `basic = constant + Σ coefficient · symbol` of `count` cells and returns where the cells
    /// go: the caller writes all `count` of them (before anything else may move the store).
    @inline(__always) mutating func install(_ r: Int32, basic b: Int32, count n: Int, constant c: Double,
                                            precision p: RowPrecision = RowPrecision())
        -> (symbols: UnsafeMutablePointer<Int32>, coefficients: UnsafeMutablePointer<Double>) {
        willWrite(r)
        ensureCapacity(r, n)
        let st = slots[Int(r)].start
        slots[Int(r)].length = Int32(n)
        slots[Int(r)].constant = RowConstant(value: c, precision: p)
        slots[Int(r)].basic = b
        return (cells.sym + st, cells.coef + st)
    }

    /// Empties row `r` and puts its slot on the free list (its range stays with it for reuse).
    mutating func free(_ r: Int32) {
        willWrite(r)
        slots[Int(r)].length = 0
        slots[Int(r)].constant = Slot.free.constant
        slots[Int(r)].basic = Self.noBasic
        freeRows.append(r)
    }

    /// Makes room for `need` cells in row r, moving it to the tail of the store if it must grow (its cells move
    /// with it; its old range becomes garbage).
    @inline(__always) mutating func ensureCapacity(_ r: Int32, _ need: Int) {
        let cap = Int(slots[Int(r)].capacity)
        if need <= cap { return }
        let newCap = Swift.max(need + need / 2, Self.minimumCapacity)
        let ns = cells.reserveTail(newCap)
        let os = slots[Int(r)].start, n = Int(slots[Int(r)].length)
        (cells.sym + ns).update(from: cells.sym + os, count: n)
        (cells.coef + ns).update(from: cells.coef + os, count: n)
        garbage += cap
        slots[Int(r)].start = ns
        slots[Int(r)].capacity = Int32(newCap)
    }

    /// Packs the rows again (in slot order, two cells of room each) once garbage outweighs the policy; between
    /// operations only (never while the journal is open).
    @inline(__always) mutating func compactIfWasteful() {
        if garbage > compaction.floor && garbage * compaction.share > cells.count { compact() }
    }

    /// Packs the rows again (see `compactIfWasteful()`).
    mutating func compact() {
        precondition(!log.isOpen, "RowStore: compaction while the journal is open")
        let room = 2
        var total = 0
        for r in 0..<slotCount where slots[r].length > 0 { total += Int(slots[r].length) + room }
        let cap = Swift.max(16, total * 3 / 2)
        let ns: UnsafeMutablePointer<Int32> = allocateBuffer(cap)
        let nc: UnsafeMutablePointer<Double> = allocateBuffer(cap)
        var at = 0
        for r in 0..<slotCount {
            let n = Int(slots[r].length)
            if n == 0 { slots[r].start = 0; slots[r].capacity = 0; continue }
            (ns + at).update(from: cells.sym + slots[r].start, count: n)
            (nc + at).update(from: cells.coef + slots[r].start, count: n)
            slots[r].start = at
            slots[r].capacity = Int32(n + room)
            at += n + room
        }
        cells.adopt(sym: ns, coef: nc, count: at, capacity: cap)
        garbage = 0
    }

    // MARK: - journal

    /// Every live row's basic symbol and cells at their new ids (a row holds only symbols the map keeps).
    /// - Complexity: O(rows + cells).
    mutating func renumberSymbols(_ map: SymbolRenumbering) {
        precondition(!log.isOpen, "RowStore: renumbered while the journal is open")
        for r in 0..<slots.count where slots[r].basic != Self.noBasic {
            slots[r].basic = map.kept(slots[r].basic)
            let st = slots[r].start
            for k in 0..<Int(slots[r].length) { cells.sym[st + k] = map.kept(cells.sym[st + k]) }
        }
    }

    var isJournaling: Bool { log.isOpen }

    /// Row slots that existed when the journal opened (slots at or above were created since).
    var journalSlotLimit: Int { log.limit }

    mutating func openJournal() {
        log.open(idCount: slotCount)
        savedFreeRows.assign(from: freeRows)
    }

    private mutating func save(_ r: Int32) {
        journaledRows.append(r)
        savedCellStart.append(savedSymbols.count)
        let st = slots[Int(r)].start, n = Int(slots[Int(r)].length)
        for k in 0..<n { savedSymbols.append(cells.sym[st + k]); savedCoefficients.append(cells.coef[st + k]) }
        savedConstant.append(slots[Int(r)].constant)
        savedBasic.append(slots[Int(r)].basic)
    }

    /// Closes the journal keeping every change.
    mutating func commitJournal() {
        log.close()
        clearSaved()
    }

    /// Puts back every saved row (cells, constant, basic symbol) in the order they were saved, drops the slots
    /// created since the journal opened (their ranges become garbage) and restores the free list. Returns how many
    /// slots were dropped. `journaledRows` stays readable until `finishRollback()`.
    mutating func rollbackJournal() -> Int {
        let limit = log.limit
        log.close()
        for k in 0..<journaledRows.count {
            let r = journaledRows[k]
            let from = savedCellStart[k], to = k + 1 < journaledRows.count ? savedCellStart[k + 1] : savedSymbols.count
            ensureCapacity(r, to - from)
            let st = slots[Int(r)].start
            for i in from..<to { cells.sym[st + i - from] = savedSymbols[i]; cells.coef[st + i - from] = savedCoefficients[i] }
            slots[Int(r)].length = Int32(to - from)
            slots[Int(r)].constant = savedConstant[k]
            slots[Int(r)].basic = savedBasic[k]
        }
        let extra = slotCount - limit
        if extra > 0 {
            for r in limit..<slotCount { garbage += Int(slots[r].capacity) }
            slots.removeLast(extra)
        }
        freeRows.assign(from: savedFreeRows)
        return extra
    }

    mutating func finishRollback() { clearSaved() }

    private mutating func clearSaved() {
        journaledRows.removeAll()
        savedCellStart.removeAll()
        savedSymbols.removeAll()
        savedCoefficients.removeAll()
        savedConstant.removeAll()
        savedBasic.removeAll()
        savedFreeRows.removeAll()
    }

    // MARK: - memory and invariants

    /// Bytes of every buffer the store holds, by kind (the one place that counts them).
    var footprint: [(String, Int)] {
        [("cells", cells.capacity * (MemoryLayout<Int32>.stride + MemoryLayout<Double>.stride)),
         ("rows", slots.footprintBytes + freeRows.footprintBytes),
         ("row journal", log.footprintBytes + journaledRows.footprintBytes + savedCellStart.footprintBytes
            + savedSymbols.footprintBytes + savedCoefficients.footprintBytes + savedConstant.footprintBytes
            + savedBasic.footprintBytes + savedFreeRows.footprintBytes)]
    }

    /// The store's own invariants: ranges lie in the store and do not overlap, the garbage
    /// count is exact, a live row's numbers are finite, the free list is exactly the free slots (each empty), and the
    /// journal is closed and empty. (That a row's symbols are distinct is the tableau's check: it knows the symbols.)
    func checkInvariants(into report: inout InvariantReport) {
        let n = slotCount
        var owned = 0
        var ranges: [(Int, Int)] = []
        for r in 0..<n {
            let st = slots[r].start, len = Int(slots[r].length), cap = Int(slots[r].capacity)
            report.expect(len >= 0 && len <= cap, "RowStore", "row \(r) holds \(len) cells in a range of \(cap)")
            report.expect(st >= 0 && st + cap <= cells.count, "RowStore",
                          "row \(r)'s range \(st)..<\(st + cap) lies outside the \(cells.count) cells handed out")
            owned += cap
            if cap > 0 { ranges.append((st, st + cap)) }
            if slots[r].basic != Self.noBasic && st >= 0 && st + len <= cells.count {
                for k in 0..<len where !cells.coef[st + k].isFinite {
                    report.fail("RowStore", "row \(r)'s coefficient of \(cells.sym[st + k]) is \(cells.coef[st + k])")
                }
                report.expect(slots[r].constant.value.isFinite, "RowStore",
                              "row \(r)'s constant is \(slots[r].constant.value)")
                report.expect(slots[r].constant.precision.isValid, "RowStore",
                              "row \(r)'s round-off estimates are \(slots[r].constant.precision)")
            }
        }
        report.expect(owned + garbage == cells.count, "RowStore",
                      "ranges (\(owned)) and garbage (\(garbage)) do not add up to the \(cells.count) cells handed out")
        ranges.sort { $0.0 < $1.0 }
        for k in ranges.indices.dropFirst() {
            report.expect(ranges[k - 1].1 <= ranges[k].0, "RowStore",
                          "the ranges \(ranges[k - 1]) and \(ranges[k]) overlap")
        }
        var onFreeList = [Bool](repeating: false, count: n)
        for k in freeRows.indices {
            let r = freeRows[k]
            guard r >= 0 && Int(r) < n else { report.fail("RowStore", "free list holds \(r), not a slot"); continue }
            report.expect(!onFreeList[Int(r)], "RowStore", "row \(r) is on the free list twice")
            onFreeList[Int(r)] = true
            report.expect(slots[Int(r)].basic == Self.noBasic, "RowStore", "live row \(r) is on the free list")
            report.expect(slots[Int(r)].length == 0 && slots[Int(r)].constant.value == 0, "RowStore",
                          "free row \(r) is not empty")
        }
        for r in 0..<n where slots[r].basic == Self.noBasic && !onFreeList[r] {
            report.fail("RowStore", "free row \(r) is missing from the free list")
        }
        report.expect(!log.isOpen && journaledRows.isEmpty && savedSymbols.isEmpty && savedFreeRows.isEmpty,
                      "RowStore", "the journal is open or holds rows outside a call")
    }
}
