/// The last optimum's face held through new rows: an edit's first suggested value or a soft constraint added after
/// a solve goes into the engine with the level fixings still pinned, and the next solve checks whether the point it
/// then reaches is optimal as it stands, instead of undoing every fixing and fixing them again level by level.
///
/// Undoing and redoing them costs O(fixings) whatever the change: a 10,000-view app layout holds 19,000, and its
/// first resize round (the edit's row going in) spent most of its time there, though every level's optimum stayed on
/// the same face (the new row moved the layout, not which columns the levels hold).
///
/// Why the check is enough. At the last optimum every nonbasic column that a level fixed was costly at that level and
/// cost nothing at the levels before it, and every other nonbasic column cost nothing at any level
/// (`SimplexEngine+Fixings.swift`). Reduced costs change only where a level row logs a change (`PriceRow.changed`).
/// So, level by level, highest first, only logged columns can break the optimum:
/// - a column that a level fixed before and whose cost changed at level k: held by a level before k, it stays; held
///   by k and still costly there without improving it, or held by a later level and still costing k nothing, it
///   stays too; otherwise its owner would change, and the check gives up (the caller then undoes the fixings, as
///   after any change);
/// - a free column whose cost at level k changed: if it improves level k, level k is no longer optimal (give up);
///   if it costs something without improving, level k fixes it (its first costly level: an earlier change would have
///   been logged, and fixed it there);
/// - a column fixed by this check at an earlier level stays fixed.
/// Unlogged columns keep their old costs, and so their old fixings or freedom.
extension SimplexEngine {
    /// Whether the current point, feasible with the last optimum's fixings held (`fixingsHeld`) after rows went in,
    /// is optimal level by level; if so the fixings it needs are added by level and the face is certified as
    /// `optimizeLevels()` certifies one (the logs cleared, `certifiedVersion` set). If not, nothing changed: the
    /// fixings and the logs are as before, for `unfixAll()` and `optimizeLevels()`.
    /// - Complexity: the columns the level rows logged since the last optimum, each fixed one also against the
    ///   fixings added (at most `heldFaceFixingLimit`), plus, when a fixing is added, one sequential pass over the
    ///   list of fixings (no column record but the logged ones is read).
    mutating func settleHeldFace() -> Bool {
        guard fixingsHeld, tracksFixings, levelPricesValid, released.isEmpty, fixingLevels.count == levels.count,
              levelPriced.allSatisfy({ $0 }),
              zip(fixingLevels, levels.priorities).allSatisfy({ $0.priority == $1 }) else { return false }
        // (the fixings added, by level in level order: two lists of integers, not a list of pairs, whose metadata the
        // runtime would build at the first call: 0.3 M instructions in a first resize)
        var addedLevels: [Int] = [], addedColumns: [Int] = []
        var settled = true
        var examined = 0
        levels: for k in levelPrices.indices {
            let logged = levelPrices[k].changed
            examined += logged.count
            for j in logged where !columns[j].isBasic {
                switch columns[j].bounds {
                case .zero:
                    continue
                case .pinned:
                    // (fixed by this check at an earlier level: it stays)
                    if addedColumns.contains(j) { continue }
                    if keepsFixing(j, atLevel: k) { continue }
                    settled = false
                    break levels
                case .free, .nonNegative:
                    let d = levelPrices[k][j]
                    if d.isZero { continue }
                    if improves(j, d) {
                        settled = false
                        break levels
                    }
                    if addedColumns.count == Self.heldFaceFixingLimit {
                        settled = false
                        break levels
                    }
                    columns[j].bounds = .pinned
                    columns[j].fixingLevel = UInt16(truncatingIfNeeded: k)
                    addedLevels.append(k)
                    addedColumns.append(j)
                }
            }
        }
        fixingExaminations += examined
        guard settled else {
            for j in addedColumns { columns[j].bounds = columns[j].kind.ownBounds }
            return false
        }
        if !addedColumns.isEmpty { insertFixings(addedColumns, levels: addedLevels) }
        for k in levelPrices.indices { levelPrices[k].clearChanges() }
        fixingsHeld = false
        levelCount = levels.count
        certifiedVersion = basisVersion
        certifiedFixings = fixings
        certifiedFixingLevels = fixingLevels
        return true
    }

    /// Whether column `j`, pinned at the last optimum and logged by level `k`, stays as it is at level k: pinned by
    /// a level before k (which did not change it), by k itself and still costly there without improving it (its own
    /// bounds), or by a later level and still costing k nothing. Otherwise its level would change (or it would go
    /// free), which moves it in the list of fixings: `settleHeldFace()` gives up. Unknown owners (the levels moved
    /// since): it gives up too.
    private func keepsFixing(_ j: Int, atLevel k: Int) -> Bool {
        guard fixingOwnersCurrent else { return false }
        let owner = Int(columns[j].fixingLevel)
        if owner < k { return true }
        let d = levelPrices[k][j]
        if owner > k { return d.isZero }
        // (its own bounds: a level's fixing does not hold it at its own level)
        return !d.isZero && !columns[j].improvesUnfixed(d)
    }

    /// The most fixings `settleHeldFace()` adds before it gives up (a column it finds fixed is looked up in the list
    /// of those it added: a first value or a few soft rows add a few; many rows are better solved level by level).
    static var heldFaceFixingLimit: Int { 64 }

    /// Puts `added` (fixed by `levels`, in level order) at the end of their levels' parts of `fixings`.
    /// - Complexity: O(fixings + added), sequential.
    private mutating func insertFixings(_ added: [Int], levels addedLevels: [Int]) {
        var merged: [Int] = []
        merged.reserveCapacity(fixings.count + added.count)
        var next = 0, start = 0
        for k in fixingLevels.indices {
            merged.append(contentsOf: fixings[start ..< fixingLevels[k].end])
            while next < added.count && addedLevels[next] == k {
                merged.append(added[next])
                next += 1
            }
            start = fixingLevels[k].end
            fixingLevels[k].end = merged.count
        }
        fixings = merged
    }
}
