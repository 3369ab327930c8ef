import PlumbSystem

/// The priority levels: which exist, their reduced costs kept from one `optimizeLevels()` to the next, and the solve
/// level by level.
///
/// A level's price row (its reduced costs over the nonbasic columns) changes with the basis, not with bounds or
/// constants, so it is kept through every change instead of being priced again from its rows: a pivot updates it
/// (`updateLevelPrices`), a row added substitutes its basic column out of it (`repriceAfterInstalling`), a row removed
/// puts back what its basic column had taken (`repriceBeforeRemoving`), a recovered marker column gets its reduced
/// cost (`SimplexEngine+MarkerRecovery.swift`). A change then costs the next `optimizeLevels()` the pivots it needs,
/// not a pass over every soft row.
extension SimplexEngine {
    /// Counts a live soft row at priority `p`; a new level gets a price row to compute.
    mutating func addLevelRow(_ p: Priority) {
        let (k, isNew) = levels.add(p)
        if isNew { fixingOwnersCurrent = false }
        if isNew && levelPricesValid {
            levelPrices.insert(PriceRow(tracksChanges: true, reserving: levelRowRoom), at: k)
            levelPriced.insert(false, at: k)
        }
    }

    /// The entries a new level row has room for: its columns up to a bound (past it, the lists' own doubling costs
    /// little next to the row's pricing).
    var levelRowRoom: Int { Swift.min(columns.count, 256) }

    /// Uncounts a removed soft row at priority `p`; a level left empty goes, with its price row.
    mutating func removeLevelRow(_ p: Priority) {
        guard let (k, isGone) = levels.remove(p), isGone else { return }
        fixingOwnersCurrent = false
        if levelPricesValid {
            levelPrices.remove(at: k)
            levelPriced.remove(at: k)
        }
    }

    /// Column `j` may move where it could not (bounds loosened, or moved off a bound): a candidate again in every
    /// stored level row where it improves now (a later change of its reduced cost, bounds or value marks it again,
    /// so every improving column stays a candidate: `checkInvariants`). Marking it everywhere made each change of
    /// a 1,000-view app layout put a few thousand unfixed columns into each of its eight levels' scans.
    mutating func loosen(_ j: Int) {
        // (the rows read and marked in place: a price row or the engine copied per call cost more than the scans;
        // the bounds are read only for a nonzero reduced cost, most levels' being zero)
        var movable: (up: Bool, down: Bool)? = nil
        levelPrices.withUnsafeMutableBufferPointer { rows in
            for k in rows.indices where j < rows[k].width {
                let s = rows[k][j].signum
                if s == 0 { continue }
                if movable == nil { movable = columns.withUnsafeBufferPointer { ($0[j].canIncrease, $0[j].canDecrease) } }
                if (s < 0 && movable!.up) || (s > 0 && movable!.down) { rows[k].markCandidate(j) }
            }
        }
    }

    /// Whether column `j`, nonbasic with reduced cost `d`, improves its level moving within its bounds.
    @inline(__always) func improves(_ j: Int, _ d: T) -> Bool {
        let s = d.signum
        return (s < 0 && canIncrease(j)) || (s > 0 && canDecrease(j))
    }

    mutating func dropLevelPrices() {
        if !levelPrices.isEmpty {
            levelPrices = []
            levelPriced = []
        }
        levelPricesValid = false
        forgetReleased()
        tracksFixings = false
        fixingOwnersCurrent = false
    }

    /// Keeps the price rows right after `addRow` installed row `r` with `basic` basic: the basic column (an old
    /// nonbasic column, or the new row's own logical) is substituted out of every level, and the new row's cost
    /// columns are priced at its level. - Complexity: levels × the row's length.
    mutating func repriceAfterInstalling(row r: Int, basic: Int, wasNonbasic: Bool, priority: Priority?, costs: CostColumns) {
        for k in levelPrices.indices where levelPriced[k] {
            let atRowLevel = priority.map { levels.priorities[k] == $0 } ?? false
            let f: T = wasNonbasic ? levelPrices[k][basic] : (atRowLevel && costs.contains(basic) ? .one : .zero)
            if atRowLevel { for c in costs where c != basic { levelPrices[k].add(c, .one) } }
            if !f.isZero {
                levelPrices[k].clear(basic)
                store.subtract(row: r, times: f, from: &levelPrices[k])
            }
        }
    }

    /// Keeps the price rows right before row `r` of origin `o` (its basic column is the origin's marker or extra
    /// column, which no other row holds) is cleared: the basic column's cost, which its row had put into the level's
    /// prices, is taken out again, and both logical columns leave every level. - Complexity: levels + the row's length.
    mutating func repriceBeforeRemoving(row r: Int, of o: Origin) {
        if let p = o.priority, let k = levels.index(of: p), levelPriced[k], o.costColumns.contains(basic(ofRow: r)) {
            store.subtract(row: r, times: -T.one, from: &levelPrices[k])
        }
        for k in levelPrices.indices where levelPriced[k] {
            levelPrices[k].clear(o.marker)
            if let p = o.extra { levelPrices[k].clear(p) }
        }
    }

    /// The cost columns of the level at priority `p`, in order of origin (for pricing it from scratch).
    /// - Complexity: O(origins).
    func costColumns(ofLevel p: Priority) -> [Int] {
        var columns: [Int] = []
        for o in origins where o.alive && o.priority == p { columns.append(contentsOf: o.costColumns) }
        return columns
    }

    /// Solves level by level; after each level, every nonbasic column with a nonzero reduced cost is fixed where it
    /// is, which keeps exactly that level's optimal face (complementary slackness).
    /// - Complexity: the pivots each level needs from its kept prices, plus the columns to look at for fixing: after
    ///   a complete solve, the fixings it undid and the columns whose costs changed since (`SimplexEngine+Fixings.swift`);
    ///   otherwise every column each level's price row has touched. A level priced from scratch also costs its soft
    ///   rows.
    /// - Returns: false when a limit (`iterationLimit`, `workLimit`) stopped it: the basis is feasible, some levels
    ///   may be fixed (`unfixAll()` undoes them) and the level prices are dropped.
    @discardableResult
    mutating func optimizeLevels() -> Bool {
        unfixAll()
        // The same basis with the same nonbasic values as at the last optimum (only basic values moved, and phase 1
        // found them feasible): every level's reduced costs and every sign test are as then, so the optimum and
        // its face carry over exactly.
        if basisVersion == certifiedVersion {
            restoreCertifiedFixings()
            forgetReleased()
            for k in levelPrices.indices { levelPrices[k].clearChanges() }
            fixingOwnersCurrent = fixingLevels.count == levels.count && levels.count <= Int(UInt16.max)
            return true
        }
        levelCount = levels.count
        if !levelPricesValid {
            levelPrices = (0..<levels.count).map { _ in PriceRow(tracksChanges: true, reserving: levelRowRoom) }
            levelPriced = Array(repeating: false, count: levels.count)
            levelPricesValid = true
            forgetReleased()
            tracksFixings = false
        }
        let incremental = tracksFixings
        // (the released columns no level has fixed again in this solve: free, they may improve the levels to come)
        var freed = incremental ? releasedOfGoneLevels() : []
        for k in 0..<levels.count {
            activeLevel = k
            let p = levels.priorities[k]
            // (The level's row is swapped into `price` and back: neither buffer is ever shared, so none is copied.)
            swap(&price, &levelPrices[k])
            let outcome: Outcome
            let wasPriced = levelPriced[k]
            if wasPriced {
                price.widen(columns: columns.count)
                if !freed.isEmpty {
                    releasedCandidateChecks += freed.count
                    freed.withUnsafeBufferPointer { js in
                        columns.withUnsafeBufferPointer { c in price.markImproving(js, columns: c) }
                    }
                }
                outcome = iterate()
            } else {
                levelPriced[k] = true
                outcome = optimize(level: p)
            }
            if outcome == .stopped {
                swap(&price, &levelPrices[k])
                activeLevel = nil
                dropLevelPrices()
                certifiedVersion = nil
                return false
            }
            precondition(outcome == .optimal, "SimplexEngine: a level objective cannot be unbounded")
            let ranges = incremental ? releasedRanges(ofLevel: p) : []
            if incremental && wasPriced {
                fixAgain(releasedIn: ranges)
                freed.withUnsafeBufferPointer { fixCostly($0) }
                fixCostly(listedBy: .changed)
                fixingExaminations += freed.count
                assertFixedEveryCostlyColumn()
            } else {
                fixCostly(listedBy: .touched)
            }
            fixingLevels.append(LevelFixings(priority: p, end: fixings.count))
            for range in ranges { for i in range where !isFixed(released[i]) { freed.append(released[i]) } }
            price.clearChanges()
            swap(&price, &levelPrices[k])
        }
        activeLevel = nil
        forgetReleased()
        tracksFixings = true
        fixingOwnersCurrent = levels.count <= Int(UInt16.max)
        certifiedVersion = basisVersion
        certifiedFixings = fixings
        certifiedFixingLevels = fixingLevels
        return true
    }

    /// Debug builds: after a level fixed only the columns `SimplexEngine+Fixings.swift` says to look at, no other
    /// column the level's row touched is nonbasic, free and costly.
    @inline(__always) func assertFixedEveryCostlyColumn() {
        #if DEBUG
        for j in price.touched where !price[j].isZero && !columns[j].isBasic && !isFixed(j) {
            assertionFailure("SimplexEngine: column \(j) is costly at level \(activeLevel ?? -1) and was not fixed")
        }
        #endif
    }
}

/// The distinct priorities of live soft rows, highest first, with how many live soft rows each has.
struct LevelRegistry {
    private(set) var priorities: [Priority] = []
    private var rows: [Int] = []

    var count: Int { priorities.count }

    /// Room for `levels` levels without growing.
    mutating func reserve(_ levels: Int) {
        priorities.reserveCapacity(levels)
        rows.reserveCapacity(levels)
    }

    func index(of p: Priority) -> Int? { priorities.firstIndex(of: p) }

    /// How many live soft rows level `k` counts.
    func rowCount(ofLevel k: Int) -> Int { rows[k] }

    /// Counts a row at `p`: its level's index, and whether the level is new.
    mutating func add(_ p: Priority) -> (index: Int, isNew: Bool) {
        if let k = index(of: p) {
            rows[k] += 1
            return (k, false)
        }
        let k = priorities.firstIndex(where: { $0 < p }) ?? priorities.count
        priorities.insert(p, at: k)
        rows.insert(1, at: k)
        return (k, true)
    }

    /// Uncounts a row at `p`: its level's index, and whether the level is gone (nil: no such level).
    mutating func remove(_ p: Priority) -> (index: Int, isGone: Bool)? {
        guard let k = index(of: p) else { return nil }
        rows[k] -= 1
        if rows[k] > 0 { return (k, false) }
        priorities.remove(at: k)
        rows.remove(at: k)
        return (k, true)
    }
}
