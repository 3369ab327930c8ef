import PlumbSystem

/// Which of a price row's lists of columns to look at.
enum PriceRowList {
    /// The columns whose value changed since the level's last optimum.
    case changed
    /// Every column the row touched since it was last reset.
    case touched
}

/// One level's part of a list of fixings: the level's priority, and where its columns end in the list.
struct LevelFixings {
    var priority: Priority
    var end: Int
}

/// The level fixings that hold the optimal face: how a change undoes them, and how the next `optimizeLevels()` makes
/// them again without a pass over every column of every level.
///
/// After level k is solved, every nonbasic column with a nonzero reduced cost at k is fixed where it is. So at an
/// optimum every column still free has a reduced cost of 0 at every level, and a column that level k fixed has 0 at
/// the levels before k. A change moves reduced costs only through the kept level rows, and each row logs the columns
/// whose cost it changed (`PriceRow.changed`). At level k the next optimum therefore looks only at
/// - the columns level k fixed before (`released`, by level): fixed again where their cost is still nonzero, and at
///   the bound they sat on, on the side where the level does not improve (it did not improve before, and its cost did
///   not change, or the log lists it);
/// - the columns whose cost at k changed (the row's log), which the log also made candidates;
/// - the columns an earlier level fixed before and no level fixed again in this solve (`freed`): free now, they may
///   improve level k (so they are marked as its candidates first, which `unfixAll()` leaves to this) or be fixed by it.
/// Every other free column still has a cost of 0 at k: it neither improves level k nor is fixed by it.
/// A change that only adds rows keeps the fixings pinned instead, and the next solve first checks whether the face
/// still holds with them (`SimplexEngine+HeldFace.swift`).
extension SimplexEngine {
    /// Fixes the columns of `js` that the level in `price` makes costly: nonbasic, free to move, with a nonzero
    /// reduced cost, where they are (undone by `unfixAll`). Only a column with its kind's own bounds is fixed (a
    /// layout column free, a logical one `≥ 0`: a row's slack or error; markers and retired columns are fixed at 0
    /// already), so the list keeps only the column and the undoing puts those bounds back.
    /// - Complexity: O(js), in place (a call per column cost a 10,000-view app layout's solve after a change 1.8 M
    ///   instructions for its 19,000 fixings, in uniqueness checks of the records and the list).
    mutating func fixCostly(_ js: UnsafeBufferPointer<Int>) {
        let row = price   // (read only: the row's storage is shared, not copied)
        let level = fixingLevelIndex
        columns.withUnsafeMutableBufferPointer { c in
            for j in js where !c[j].isBasic && !c[j].isFixed && !row[j].isZero {
                assert(c[j].bounds == c[j].kind.ownBounds, "SimplexEngine: a level fixes only a column with its kind's bounds")
                c[j].bounds = .pinned
                c[j].fixingLevel = level
                fixings.append(j)
            }
        }
    }

    /// Fixes again the columns of the ranges of `released` that the level in `price` fixed before, except those its
    /// change log lists (`fixCostly(listedBy: .changed)` looks at them). An unlisted one still has the nonzero cost it
    /// was fixed for, and is still nonbasic: entering the basis clears a column's cost at every level, and so logs it.
    /// - Complexity: O(the ranges), two flags a column (its cost and basis looked at cost an app layout's solve after
    ///   a change 50 instructions a fixing). The list is taken out for the call, so that the engine is not read while
    ///   it changes (a key path to name the list cost each call a runtime instantiation, 50 k instructions).
    mutating func fixAgain(releasedIn ranges: [Range<Int>]) {
        var js: [Int] = []
        swap(&js, &released)
        let row = price   // (read only: the row's storage is shared, not copied)
        for range in ranges { fixingExaminations += range.count }
        let added = ranges.reduce(0) { $0 + $1.count }
        fixings.reserveCapacity(fixings.count + added)
        let level = fixingLevelIndex
        js.withUnsafeBufferPointer { all in
            row.withChangeLog { logged in
                columns.withUnsafeMutableBufferPointer { c in
                    for range in ranges {
                        for j in all[range] where !logged.contains(j) && !c[j].isFixed {
                            assert(c[j].basicRow == nil && c[j].bounds == c[j].kind.ownBounds && !row[j].isZero,
                                   "SimplexEngine: released column \(j) is no longer nonbasic and costly, and its level did not log it")
                            c[j].bounds = .pinned
                            c[j].fixingLevel = level
                            fixings.append(j)
                        }
                    }
                }
            }
        }
        swap(&js, &released)
    }

    /// `fixCostly` over the level row's change log, or over every column it touched.
    mutating func fixCostly(listedBy list: PriceRowList) {
        var js: [Int] = []
        switch list {
        case .changed: swap(&js, &price.changed)
        case .touched: swap(&js, &price.touched)
        }
        js.withUnsafeBufferPointer { fixCostly($0) }
        fixingExaminations += js.count
        switch list {
        case .changed: swap(&js, &price.changed)
        case .touched: swap(&js, &price.touched)
        }
    }

    /// Fixes again the fixings of the last optimum, as they were (`optimizeLevels()`'s shortcut). - Complexity: O(fixings).
    mutating func restoreCertifiedFixings() {
        fixings.removeAll(keepingCapacity: true)
        fixings.append(contentsOf: certifiedFixings)
        fixingLevels = certifiedFixingLevels
        fixings.withUnsafeBufferPointer { fixed in
            columns.withUnsafeMutableBufferPointer { c in
                var start = 0
                for (k, level) in fixingLevels.enumerated() {
                    for j in fixed[start ..< level.end] {
                        assert(c[j].bounds == c[j].kind.ownBounds && c[j].basicRow == nil, "SimplexEngine: a certified fixing moved")
                        c[j].bounds = .pinned
                        c[j].fixingLevel = UInt16(truncatingIfNeeded: k)
                    }
                    start = level.end
                }
            }
        }
    }

    /// The active level's index as a column's `fixingLevel` (0 past `UInt16.max` levels, when
    /// `fixingOwnersCurrent` stays false).
    var fixingLevelIndex: UInt16 { UInt16(truncatingIfNeeded: activeLevel ?? 0) }

    /// Undoes every level fixing: the bounds go back, and the columns wait in `released` for the next
    /// `optimizeLevels()`, which marks them as candidates where they improve (see the type's summary).
    /// - Complexity: O(fixings); the lists keep their capacity (the next optimum fixes about as many columns, and a
    ///   list grown again from empty cost an update of a 1,000-view app layout a tenth of its time).
    mutating func unfixAll() {
        fixingsHeld = false
        fixingOwnersCurrent = false
        if fixings.isEmpty { return }
        fixings.withUnsafeBufferPointer { fixed in
            columns.withUnsafeMutableBufferPointer { c in
                for j in fixed { c[j].bounds = c[j].kind.ownBounds }
            }
        }
        guard tracksFixings && !levelPrices.isEmpty else {
            markReleasedEverywhere(fixings)
            tracksFixings = false
            fixings.removeAll(keepingCapacity: true)
            fixingLevels.removeAll(keepingCapacity: true)
            return
        }
        if released.isEmpty {
            // (the lists trade storage: each keeps room for an optimum's fixings, so neither grows again from empty)
            released.reserveCapacity(fixings.count)
            swap(&fixings, &released)
            swap(&fixingLevels, &releasedLevels)
        } else {
            // (undone twice without an optimum between: both lists wait, the second's levels after the first's)
            let offset = released.count
            released.append(contentsOf: fixings)
            releasedLevels.append(contentsOf: fixingLevels.map { LevelFixings(priority: $0.priority, end: $0.end + offset) })
            fixings.removeAll(keepingCapacity: true)
            fixingLevels.removeAll(keepingCapacity: true)
        }
    }

    /// Marks columns `js`, just unfixed, as candidates of every level they improve. - Complexity: O(js × levels).
    mutating func markReleasedEverywhere(_ js: [Int]) {
        if levelPrices.isEmpty || js.isEmpty { return }
        releasedCandidateChecks += js.count * levelPrices.count
        // (each level's row taken in place once, where a call per column took every row again)
        js.withUnsafeBufferPointer { fixed in
            columns.withUnsafeBufferPointer { c in
                levelPrices.withUnsafeMutableBufferPointer { rows in
                    for k in rows.indices { rows[k].markImproving(fixed, columns: c) }
                }
            }
        }
    }

    /// Before the columns are renumbered (a compaction): the released columns are marked wherever they improve, and
    /// the next `optimizeLevels()` looks at every column again. - Complexity: O(released × levels).
    mutating func settleReleased() {
        markReleasedEverywhere(released)
        forgetReleased()
        tracksFixings = false
    }

    /// Empties `released` (the lists keep their capacity).
    mutating func forgetReleased() {
        if released.isEmpty && releasedLevels.isEmpty { return }
        released.removeAll(keepingCapacity: true)
        releasedLevels.removeAll(keepingCapacity: true)
    }

    /// The ranges of `released` that the level at priority `p` fixed.
    func releasedRanges(ofLevel p: Priority) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        for level in releasedLevels {
            if level.priority == p && level.end > start { ranges.append(start ..< level.end) }
            start = level.end
        }
        return ranges
    }

    /// The released columns of levels that no longer exist (their rows all removed): free from the first level on.
    func releasedOfGoneLevels() -> [Int] {
        var gone: [Int] = []
        var start = 0
        for level in releasedLevels {
            if levels.index(of: level.priority) == nil { gone.append(contentsOf: released[start ..< level.end]) }
            start = level.end
        }
        return gone
    }

    /// Restores feasibility after constants changed at an optimum, with the level fixings held. A constant moves basic
    /// values only, so every level's reduced costs (the duals that proved the optimum) are as they were: each column a
    /// level's prices make costly is fixed at its bound, and every other nonbasic column has a reduced cost of 0 at
    /// every level. Any point feasible with the fixings held is then optimal by complementary slackness, on the same
    /// face; phase 1 reaches one by pivots on columns of reduced cost 0, which leave every price row as it was.
    /// - Returns: whether it did (the basis is then certified with the same fixings, as `optimizeLevels()` would find
    ///   them from it); if not, the fixings are still held, for `unfixAll()`, and the basis may have moved.
    /// - Complexity: the phase-1 pivots, over the rows they rewrite; no level is priced or solved again.
    mutating func restoreFeasibilityOnFace() -> Bool {
        guard restoreFeasibility() else { return false }
        certifiedVersion = basisVersion
        certifiedFixings = fixings
        certifiedFixingLevels = fixingLevels
        return true
    }
}
