import PlumbSolver
import PlumbSystem

/// The solver's constraints by id, without hashing for the usual ids: those with a small non-negative index (the
/// harness numbers constraints 0, 1, 2, ...) live in an array at their index, any other id in a dictionary. Also
/// counts the entries still waiting for the engine (origin < 0). Visits are in id order (dense part, then the others
/// sorted), so nothing depends on hashing order.
struct ConstraintTable<Entry: WaitingEntry> {
    /// Slot i holds the entry of id i where `occupied[i]`, `Entry.vacant` elsewhere (not optional, so that an entry
    /// can be read in place, without a copy: see `read`).
    private var dense = ChunkedArray<Entry>()
    private var occupied: [Bool] = []
    private var sparse: [ConstraintID: Entry] = [:]
    /// A lower bound of the non-negative indices in `sparse`.
    private var sparseLowest = Int.max
    private(set) var count = 0
    /// Entries whose origin is < 0 (soft constraints not in the engine).
    private(set) var waiting = 0
    /// The ids of entries that began to wait since the last `waitingInOrder()` (which drops those that no longer
    /// wait): so that a solve after a few changes visits the few waiting entries, not the whole table.
    private var waitingIDs: [ConstraintID] = []

    // Invariant: an id with 0 <= index < dense.count is in `dense`, any other in `sparse`.

    subscript(id: ConstraintID) -> Entry? {
        get {
            let i = id.index
            if i >= 0 && i < dense.count { return occupied[i] ? dense[i] : nil }
            return sparse.isEmpty ? nil : sparse[id]
        }
        set {
            let i = id.index
            // The usual case: the next id, appended (the entry moved in, not copied).
            if i == dense.count && i < sparseLowest && i < 2 * count + 1024, let newValue {
                count += 1
                if newValue.isWaiting { waiting += 1; waitingIDs.append(id) }
                dense.append(newValue)
                occupied.append(true)
                return
            }
            // A new id a little beyond the array widens it (ids far beyond the entries held go in the dictionary).
            if i >= dense.count && i >= 0 && newValue != nil && i < 2 * count + 1024 { widen(to: i + 1) }
            // Whether an entry was there, and whether it was waiting (read in place, without copying it).
            let had: Bool, wasWaiting: Bool
            if i >= 0 && i < dense.count {
                had = occupied[i]
                wasWaiting = had && dense.withElement(i) { $0.isWaiting }
                dense[i] = newValue ?? .vacant
                occupied[i] = newValue != nil
            } else if let newValue {
                let old = sparse.updateValue(newValue, forKey: id)
                had = old != nil
                wasWaiting = old?.isWaiting ?? false
                if i >= 0 { sparseLowest = min(sparseLowest, i) }
            } else {
                let old = sparse.removeValue(forKey: id)
                had = old != nil
                wasWaiting = old?.isWaiting ?? false
            }
            if had { count -= 1; if wasWaiting { waiting -= 1 } }
            if let newValue {
                count += 1
                if newValue.isWaiting {
                    waiting += 1
                    if !(had && wasWaiting) { waitingIDs.append(id) }
                }
            }
        }
    }

    /// Room for the entries of ids up to `n` and as many waiting ones, without growing (a new solver's table sized for
    /// a small layout). - Complexity: O(1) with the room there, else a copy of the lists.
    mutating func reserve(_ n: Int) {
        dense.reserve(n)
        occupied.reserveCapacity(n)
        waitingIDs.reserveCapacity(n)
    }

    /// Adds `entry` under `id`, which has none. The usual id, the next one, is appended with the entry moved in: the
    /// subscript's setter copies the entry out of its optional first (an add of a small layout's constraint spent
    /// more in that setter than in its own row's bookkeeping). - Complexity: O(1) amortized for the next id.
    mutating func insert(_ entry: consuming Entry, for id: ConstraintID) {
        let i = id.index
        guard i == dense.count && i < sparseLowest && i < 2 * count + 1024 else {
            self[id] = entry
            return
        }
        count += 1
        if entry.isWaiting { waiting += 1; waitingIDs.append(id) }
        dense.append(entry)
        occupied.append(true)
    }

    /// `body` changing the entry with id `id` in place (no copy of it; whether it waits may change), or nil when
    /// there is none. - Complexity: O(1) for an id in the array.
    mutating func modify<R>(_ id: ConstraintID, _ body: (inout Entry) -> R) -> R? {
        let i = id.index
        guard i >= 0 && i < dense.count else {
            guard var entry = self[id] else { return nil }
            let result = body(&entry)
            self[id] = entry
            return result
        }
        guard occupied[i] else { return nil }
        let (result, waited, waits) = dense.modify(i) { entry in
            let waited = entry.isWaiting
            let result = body(&entry)
            return (result, waited, entry.isWaiting)
        }
        if waited && !waits { waiting -= 1 }
        if !waited && waits { waiting += 1; waitingIDs.append(id) }
        return result
    }

    /// `body` applied to the entry with id `id` in place (no copy of the entry), or nil when there is none.
    func read<R, E: Error>(_ id: ConstraintID, _ body: (borrowing Entry) throws(E) -> R) throws(E) -> R? {
        let i = id.index
        if i >= 0 && i < dense.count {
            guard occupied[i] else { return nil }
            return try dense.withElement(i, body)
        }
        guard let e = sparse[id] else { return nil }
        return try body(e)
    }

    /// Whether an entry has id `id` (without copying it).
    func contains(_ id: ConstraintID) -> Bool {
        let i = id.index
        if i >= 0 && i < dense.count { return occupied[i] }
        return !sparse.isEmpty && sparse[id] != nil
    }

    /// Widens the array to `n` slots (the array's own growth is amortised), moving in the dictionary's ids that now
    /// fall in it.
    private mutating func widen(to n: Int) {
        let vacant = Entry.vacant
        while dense.count < n {
            dense.append(vacant)
            occupied.append(false)
        }
        let width = dense.count
        if sparse.isEmpty || sparseLowest >= width { return }
        sparseLowest = Int.max
        for id in sparse.keys.sorted() {
            if id.index >= 0 && id.index < width {
                dense[id.index] = sparse.removeValue(forKey: id)!
                occupied[id.index] = true
            } else if id.index >= 0 {
                sparseLowest = min(sparseLowest, id.index)
            }
        }
    }

    /// Calls `body` with every id, in id order (without copying the entries).
    func forEachID(_ body: (ConstraintID) -> Void) {
        for i in occupied.indices where occupied[i] { body(ConstraintID(i)) }
        if !sparse.isEmpty { for id in sparse.keys.sorted() { body(id) } }
    }

    /// Changes every entry in place with `body`, which keeps whether each waits (a renumbering of origins).
    /// - Complexity: O(ids held).
    mutating func updateEach(_ body: (inout Entry) -> Void) {
        for i in dense.indices where occupied[i] {
            dense.modify(i) { entry in
                let waited = entry.isWaiting
                body(&entry)
                precondition(entry.isWaiting == waited, "ConstraintTable: an update changed whether an entry waits")
            }
        }
        if sparse.isEmpty { return }
        sparse = sparse.mapValues { entry in
            var changed = entry
            body(&changed)
            precondition(changed.isWaiting == entry.isWaiting, "ConstraintTable: an update changed whether an entry waits")
            return changed
        }
    }

    /// The ids of the waiting entries, in id order (as `forEach` visits them).
    /// - Complexity: O(entries that began to wait since the last call, log of them), or one pass over the table when
    ///   a quarter or more of it waits (a build). A pass for the few a change left waiting cost an app layout's solve
    ///   after a view came back 60 instructions per constraint held.
    mutating func waitingInOrder() -> [ConstraintID] {
        guard waiting > 0 else {
            if !waitingIDs.isEmpty { waitingIDs.removeAll(keepingCapacity: true) }
            return []
        }
        if 4 * waiting >= count {
            // (the pass lists what it finds, for the next call; each entry looked at in place, not copied)
            var listed: [ConstraintID] = []
            listed.reserveCapacity(waiting)
            for i in dense.indices where occupied[i] && dense.withElement(i, { $0.isWaiting }) {
                listed.append(ConstraintID(i))
            }
            if !sparse.isEmpty {
                for id in sparse.keys.sorted() where sparse[id]!.isWaiting { listed.append(id) }
            }
            waitingIDs = listed
            return listed
        }
        let denseCount = dense.count
        func inDense(_ id: ConstraintID) -> Bool { id.index >= 0 && id.index < denseCount }
        func precedes(_ a: ConstraintID, _ b: ConstraintID) -> Bool { inDense(a) != inDense(b) ? inDense(a) : a < b }
        var ids = waitingIDs.filter { id in read(id) { $0.isWaiting } ?? false }
        // (listed as they began to wait: usually in id order already)
        if zip(ids, ids.dropFirst()).contains(where: { !precedes($0, $1) }) {
            ids.sort(by: precedes)
            ids.removeDuplicates()
        }
        assert(ids.count == waiting, "ConstraintTable: \(waiting) entries wait, \(ids.count) are listed")
        waitingIDs = ids
        return ids
    }

    /// Calls `body` with every entry, in id order.
    func forEach(_ body: (ConstraintID, borrowing Entry) -> Void) {
        // (each entry read in place: a copy of an entry, its constraint with it, cost a first resize of a 1,000-view
        // random layout a tenth of its proposal's instructions)
        for i in dense.indices where occupied[i] { dense.withElement(i) { body(ConstraintID(i), $0) } }
        if !sparse.isEmpty { for id in sparse.keys.sorted() { body(id, sparse[id]!) } }
    }
}

/// What `ConstraintTable` counts: whether an entry waits for the engine.
protocol WaitingEntry {
    var isWaiting: Bool { get }
    /// What fills a slot without an entry.
    static var vacant: Self { get }
}

extension Array where Element: Equatable {
    /// Removes each element equal to the one before it, in place (a sorted list then holds each value once).
    mutating func removeDuplicates() {
        guard count > 1 else { return }
        var kept = 1
        for k in 1 ..< count where self[k] != self[kept - 1] {
            self[kept] = self[k]
            kept += 1
        }
        removeLast(count - kept)
    }
}
