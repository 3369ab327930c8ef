import PlumbSolver
import PlumbSystem

/// The solver's constraints by id, without hashing for the usual ids: those with a small non-negative index (the
/// harness numbers constraints 0, 1, 2, ...) live in an array at their index, any other id in a dictionary. Also
/// counts the entries still waiting for the engine (origin < 0). Visits are in id order (dense part, then the others
/// sorted), so nothing depends on hashing order.
struct ConstraintTable<Entry: WaitingEntry> {
    private var dense: [Entry?] = []
    private var sparse: [ConstraintID: Entry] = [:]
    /// A lower bound of the non-negative indices in `sparse`.
    private var sparseLowest = Int.max
    private(set) var count = 0
    /// Entries whose origin is < 0 (soft constraints not in the engine).
    private(set) var waiting = 0

    // Invariant: an id with 0 <= index < dense.count is in `dense`, any other in `sparse`.

    subscript(id: ConstraintID) -> Entry? {
        get {
            let i = id.index
            if i >= 0 && i < dense.count { return dense[i] }
            return sparse.isEmpty ? nil : sparse[id]
        }
        set {
            let i = id.index
            // A new id a little beyond the array widens it (ids far beyond the entries held go in the dictionary).
            if i >= dense.count && i >= 0 && newValue != nil && i < 2 * count + 1024 { widen(to: i + 1) }
            // Whether an entry was there, and whether it was waiting (read in place, without copying it).
            let had: Bool, wasWaiting: Bool
            if i >= 0 && i < dense.count {
                had = dense[i] != nil
                wasWaiting = dense[i]?.isWaiting ?? false
                dense[i] = newValue
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
            if let newValue { count += 1; if newValue.isWaiting { waiting += 1 } }
        }
    }

    /// Whether an entry has id `id` (without copying it).
    func contains(_ id: ConstraintID) -> Bool {
        let i = id.index
        if i >= 0 && i < dense.count { return dense[i] != nil }
        return !sparse.isEmpty && sparse[id] != nil
    }

    /// Widens the array to `n` slots (the array's own growth is amortised), moving in the dictionary's ids that now
    /// fall in it.
    private mutating func widen(to n: Int) {
        dense.widen(to: n, with: nil)
        let width = dense.count
        if sparse.isEmpty || sparseLowest >= width { return }
        sparseLowest = Int.max
        for id in sparse.keys.sorted() {
            if id.index >= 0 && id.index < width {
                dense[id.index] = sparse.removeValue(forKey: id)
            } else if id.index >= 0 {
                sparseLowest = min(sparseLowest, id.index)
            }
        }
    }

    /// Calls `body` with every entry, in id order.
    func forEach(_ body: (ConstraintID, Entry) -> Void) {
        for i in dense.indices { if let e = dense[i] { body(ConstraintID(i), e) } }
        if !sparse.isEmpty { for id in sparse.keys.sorted() { body(id, sparse[id]!) } }
    }

    /// The entries for which `isIncluded` holds, in id order.
    func filter(_ isIncluded: (Entry) -> Bool) -> [(id: ConstraintID, entry: Entry)] {
        var result: [(id: ConstraintID, entry: Entry)] = []
        forEach { id, e in if isIncluded(e) { result.append((id, e)) } }
        return result
    }
}

/// What `ConstraintTable` counts: whether an entry waits for the engine.
protocol WaitingEntry {
    var isWaiting: Bool { get }
}
