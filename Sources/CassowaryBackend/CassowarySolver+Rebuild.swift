import PlumbSystem
import PlumbSolver

/// Rebuilding the tableau from the records, explaining a refused constraint, and the priority levels' slots.
extension CassowarySolver {
    /// The objective slot of `priority`, creating its level when new. Slots never move, so no record is renumbered
    /// and a new level costs the tableau no re-striding (1,000 distinct priorities stay cheap).
    func findOrInsertLevel(_ priority: Priority) -> Int {
        // a layout has a few levels: an equality test of each is cheaper than a search with `<`
        if levels.count <= 8, let k = levels.firstIndex(of: priority) { return levelSlots[k] }
        var lo = 0, hi = levels.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if levels[mid] == priority { return levelSlots[mid] }
            if levels[mid] > priority { lo = mid + 1 } else { hi = mid }
        }
        let slot = levels.count
        levels.insertBySwapping(priority, at: lo)
        levelSlots.insertBySwapping(slot, at: lo)
        if levels.count > 1 { tableau.insertLevel(atRank: lo) }
        return slot
    }

    /// Rebuilds the tableau from the live records in their original order, optionally with one constant
    /// replaced and one required equality given a marker. On failure nothing changes and false is returned.
    func rebuild(constantOf change: (slot: Int, value: Double)?, flag: Int?) -> Bool {
        rebuilds += 1
        var t = Tableau(rankSlot: levelSlots)
        var markers: [(Int, Int32?, Int32?)] = []
        var implied: [Int] = []
        for slot in records.indices where records[slot].alive {
            let r = records[slot]
            let constant = change?.slot == slot ? change!.value : r.constant
            switch t.addConstraint(termVars, termCoefs, r.start, r.count, constant: constant,
                                   inputError: change?.slot == slot ? 0 : r.inputError, relation: r.relation,
                                   level: r.level, withDummy: r.hasDummy || flag == slot, owner: Int32(slot),
                                   gatheringInto: newRow) {
            case .added(let m, let o): markers.append((slot, m, o))
            case .implied: markers.append((slot, nil, nil)); implied.append(slot)
            case .unsatisfiable: return false
            }
        }
        t.pivots = tableau.pivots
        tableau = t
        // the new tableau holds the live records' symbols and its own phase ones' artificial ones
        symbolsMaybeUnused = 0
        artificialAddsSeen = 0
        forgetImpliedRecords()
        for (slot, m, o) in markers {
            records[slot].marker = m
            records[slot].other = o
        }
        for slot in implied { records[slot].equalityMarker = .implied }
        impliedRecords = implied.count
        if let change { records[change.slot].constant = change.value }
        if let flag { records[flag].hasDummy = true }
        return true
    }

    /// The required constraints whose markers appear in the failing row when `failing` is added after every
    /// live required constraint (except `replacing`), in a tableau that keeps markers for all of them.
    func explain(_ failing: Record, slot failingSlot: Int, replacing: Int?) -> [ConstraintID]? {
        var t = Tableau(levelCount: 1, explaining: true)
        for slot in records.indices where records[slot].alive && records[slot].isRequired && slot != replacing {
            let r = records[slot]
            if case .unsatisfiable = t.addConstraint(termVars, termCoefs, r.start, r.count, constant: r.constant,
                                                     inputError: r.inputError, relation: r.relation, level: nil,
                                                     withDummy: true, owner: Int32(slot), gatheringInto: newRow) {
                return nil
            }
        }
        guard case .unsatisfiable(let owners) = t.addConstraint(termVars, termCoefs, failing.start, failing.count,
                                                                constant: failing.constant,
                                                                inputError: failing.inputError, relation: failing.relation,
                                                                level: nil, withDummy: true, owner: Int32(failingSlot),
                                                                gatheringInto: newRow)
        else { return nil }
        var ids = Set<ConstraintID>()
        for o in owners where Int(o) != failingSlot && Int(o) < records.count {
            if let id = records[Int(o)].id { ids.insert(id) }
        }
        return ids.sorted()
    }
}

/// Appends `fill` to `table` until index `i` exists, reserving twice the size first so that tables grown one index
/// at a time (one add after another) reallocate a logarithmic number of times.
@inline(__always) func grow<T>(_ table: inout [T], toInclude i: Int, with fill: T) {
    if i >= table.capacity { table.reserveCapacity(Swift.max(i + 1, 2 * table.capacity)) }
    // one element at a time: `append(contentsOf: repeatElement(…))` allocates on the way (measured: 6% of a small
    // layout's build, when the solver's per-variable tables grew that way)
    while table.count <= i { table.append(fill) }
}

extension ConstraintRelation {
    init(_ relation: Relation) {
        switch relation {
        case .equal: self = .equal
        case .lessOrEqual: self = .lessOrEqual
        case .greaterOrEqual: self = .greaterOrEqual
        }
    }
}
