import PlumbInvariants

/// For each symbol, a list of the rows that may hold it as a cell: singly linked lists of entries in one pool, with
/// a free list of entries for reuse.
///
/// Lists are lazy: an entry goes in when a row gains the symbol and is not taken out when the row loses it, so an
/// entry can be stale (the cell was cancelled, the row freed or reused) or a duplicate. `collect` walks a list
/// against the rows, keeps each live row holding the symbol once, and returns stale and duplicate entries to the
/// pool. A list never misses a row that holds its symbol. No choice ever depends on the order of a list: every
/// pivot rule breaks ties by symbol id.
struct ColumnIndex {
    /// The end of a list (storage only).
    private static let end: Int32 = -1

    /// A list entry: a row that may hold the list's symbol, and the next entry (`end` after the last).
    private struct Entry {
        var row: Int32
        var next: Int32
    }

    private let head = FlatList<Int32>()
    private let entries = FlatList<Entry>()
    private var freeEntry: Int32 = end
    /// Per row slot: the epoch of the last `collect` that kept the row (duplicates in a list are skipped).
    private let visitMark = FlatList<UInt32>()
    private var visitEpoch: UInt32 = 0

    /// After `collect(s)`: the live rows holding `s` (each once) and the index of `s`'s cell in each.
    /// (Scratch lists: read only until the next `collect`.)
    let collectedRows = FlatList<Int32>()
    let collectedCells = FlatList<Int32>()
    /// List entries walked so far (a work counter).
    private(set) var entriesWalked = 0

    var symbolCount: Int { head.count }

    /// No symbols and no entries, the storage kept (visit marks stay: they are read against the epoch).
    mutating func removeAll() {
        head.removeAll()
        entries.removeAll()
        freeEntry = Self.end
        collectedRows.removeAll()
        collectedCells.removeAll()
        entriesWalked = 0
    }

    /// Room for `n` symbols, `rows` row slots and `entries` list entries without growing.
    mutating func reserve(symbols n: Int, rows: Int, entries: Int) {
        head.reserve(n)
        self.entries.reserve(entries)
        visitMark.reserve(rows)
    }
    /// Entries in the pool (in lists or free).
    var entryCount: Int { entries.count }

    @inline(__always) mutating func appendSymbol() { head.append(Self.end) }

    /// Whether `s`'s list is empty: no row holds `s` (a list never misses a row holding its symbol).
    @inline(__always) func isEmpty(_ s: Int32) -> Bool { head[Int(s)] == Self.end }

    /// Notes that row `r` now holds `s`.
    @inline(__always) mutating func add(_ s: Int32, row r: Int32) {
        var e = freeEntry
        if e != Self.end {
            freeEntry = entries[Int(e)].next
            entries[Int(e)] = Entry(row: r, next: head[Int(s)])
        } else {
            e = Int32(entries.count)
            entries.append(Entry(row: r, next: head[Int(s)]))
        }
        head[Int(s)] = e
    }

    /// Fills `collectedRows`/`collectedCells` with the live rows of `rows` holding `s` (each once, except `skip`),
    /// returning stale and duplicate entries to the pool.
    mutating func collect(_ s: Int32, skipping skip: Int32? = nil, in rows: borrowing RowStore) {
        collectedRows.removeAll()
        collectedCells.removeAll()
        if visitMark.count < rows.slotCount {
            // grown geometrically: rows are usually added one at a time, between two collects
            visitMark.extend(toInclude: Swift.max(rows.slotCount, 2 * visitMark.count, visitMark.capacity) - 1, with: 0)
        }
        visitEpoch &+= 1
        if visitEpoch == 0 { for i in 0..<visitMark.count { visitMark[i] = 0 }; visitEpoch = 1 }
        var prev = Self.end
        var e = head[Int(s)]
        while e != Self.end {
            let r = entries[Int(e)].row
            let next = entries[Int(e)].next
            entriesWalked += 1
            var at: Int? = nil
            if rows.isLive(r) && visitMark[Int(r)] != visitEpoch { at = rows.index(of: s, inRow: r) }
            if let at {
                visitMark[Int(r)] = visitEpoch
                if r != skip { collectedRows.append(r); collectedCells.append(Int32(at)) }
                prev = e
            } else {
                if prev != Self.end { entries[Int(prev)].next = next } else { head[Int(s)] = next }
                entries[Int(e)].next = freeEntry
                freeEntry = e
            }
            e = next
        }
    }

    /// Returns every entry of `s`'s list to the pool (no row holds `s` any more).
    mutating func release(_ s: Int32) {
        var e = head[Int(s)]
        while e != Self.end {
            let next = entries[Int(e)].next
            entries[Int(e)].next = freeEntry
            freeEntry = e
            e = next
        }
        head[Int(s)] = Self.end
    }

    /// Lists for `n` symbols made anew from the rows (every cell of every live row; no stale entry), the pool kept.
    /// - Complexity: O(symbols + cells).
    mutating func rebuild(symbols n: Int, rows: borrowing RowStore) {
        let walked = entriesWalked
        removeAll()
        entriesWalked = walked
        for _ in 0..<n { appendSymbol() }
        for r in 0..<Int32(rows.slotCount) where rows.isLive(r) {
            let syms = rows.symbols(r)
            for k in 0..<rows.length(r) { add(syms[k], row: r) }
        }
    }

    /// Drops the lists of the symbols from `n` on, their entries back to the pool.
    mutating func truncate(toSymbols n: Int) {
        guard head.count > n else { return }
        for s in n..<head.count { release(Int32(s)) }
        head.removeLast(head.count - n)
    }

    /// Returns to the pool every entry that points at a row slot at or above `slotCount` (slots a rollback dropped).
    mutating func dropEntries(toSlotsFrom slotCount: Int) {
        for s in 0..<head.count {
            var prev = Self.end
            var e = head[s]
            while e != Self.end {
                let next = entries[Int(e)].next
                if Int(entries[Int(e)].row) >= slotCount {
                    if prev != Self.end { entries[Int(prev)].next = next } else { head[s] = next }
                    entries[Int(e)].next = freeEntry
                    freeEntry = e
                } else {
                    prev = e
                }
                e = next
            }
        }
    }

    // MARK: - memory and invariants

    var footprint: [(String, Int)] {
        [("columns", head.footprintBytes + entries.footprintBytes + visitMark.footprintBytes
            + collectedRows.footprintBytes + collectedCells.footprintBytes)]
    }

    /// Every entry is in exactly one list or on the free list (no cycle, no leak), entries point at existing row
    /// slots, and — with the lists read as sets — every cell of a live row of `rows` is listed under its symbol.
    func checkInvariants(rows: borrowing RowStore, into report: inout InvariantReport) {
        let pool = entries.count, symbolCount = head.count
        // the live rows holding each symbol, grouped by symbol (a counting sort of the cells)
        var first = [Int](repeating: 0, count: symbolCount + 1)
        for r in 0..<Int32(rows.slotCount) where rows.isLive(r) {
            let syms = rows.symbols(r)
            for k in 0..<rows.length(r) where syms[k] >= 0 && Int(syms[k]) < symbolCount { first[Int(syms[k]) + 1] += 1 }
        }
        for s in 0..<symbolCount { first[s + 1] += first[s] }
        var holders = [Int32](repeating: 0, count: first[symbolCount])
        var fill = first
        for r in 0..<Int32(rows.slotCount) where rows.isLive(r) {
            let syms = rows.symbols(r)
            for k in 0..<rows.length(r) where syms[k] >= 0 && Int(syms[k]) < symbolCount {
                holders[fill[Int(syms[k])]] = r
                fill[Int(syms[k])] += 1
            }
        }
        // walk every list once: each entry owned once, rows marked with the symbol whose list names them
        let unowned: Int32 = -2, freeList: Int32 = -1
        var owner = [Int32](repeating: unowned, count: pool)
        var listedIn = [Int32](repeating: -1, count: rows.slotCount)
        for list in -1..<symbolCount {
            var e = list < 0 ? freeEntry : head[list], steps = 0
            while e != Self.end && steps <= pool {
                guard e >= 0 && Int(e) < pool else {
                    report.fail("ColumnIndex", "list \(list) reaches entry \(e), outside the pool of \(pool)")
                    break
                }
                if owner[Int(e)] != unowned {
                    report.fail("ColumnIndex", "entry \(e) is in list \(list) and in list \(owner[Int(e)]) (-1: free)")
                    break
                }
                owner[Int(e)] = list < 0 ? freeList : Int32(list)
                if list >= 0 {
                    let r = entries[Int(e)].row
                    if r >= 0 && Int(r) < rows.slotCount { listedIn[Int(r)] = Int32(list) } else {
                        report.fail("ColumnIndex", "the list of \(list) points at row \(r), not a slot")
                    }
                }
                e = entries[Int(e)].next
                steps += 1
            }
            if list >= 0 {
                for h in first[list]..<first[list + 1] where listedIn[Int(holders[h])] != Int32(list) {
                    report.fail("ColumnIndex", "row \(holders[h]) holds \(list) but the list of \(list) misses it")
                }
            }
        }
        for e in 0..<pool where owner[e] == unowned { report.fail("ColumnIndex", "entry \(e) is in no list (leaked)") }
    }
}
