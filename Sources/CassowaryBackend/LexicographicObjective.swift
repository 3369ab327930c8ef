import PlumbInvariants

/// Which way moving a parametric symbol improves the objective.
enum Direction {
    case increase
    /// Only for external (free) symbols.
    case decrease

    @inline(__always) var sign: Double { self == .increase ? 1 : -1 }
}

/// The order of two lexicographic vectors (within the cost tolerance, level by level from the highest priority).
enum LexicographicOrder {
    case less, equal, greater
}

/// The lexicographic objective: for each symbol, one coefficient per priority level (its reduced cost at that level
/// while it is parametric, zero while it is basic).
///
/// A symbol's coefficients sit in `stride` consecutive doubles, one per level slot; slots are handed out in the
/// order levels are created and never move, and `rankSlot` lists them from the highest priority down, so a new level
/// costs no re-striding (only a doubling of the stride now and then). A symbol improves the objective when its first
/// non-zero level, in rank order, is negative (or positive, for a free symbol moving down).
///
/// The objective journals itself: every write first saves the symbol's coefficients (once per journal epoch).
struct LexicographicObjective {
    private(set) var levelCount: Int
    /// Doubles per symbol (at least `levelCount`).
    private(set) var stride: Int
    /// The levels' slots from the highest priority down: lexicographic comparisons walk this.
    private(set) var rankSlot: [Int]
    private var coefficient = FlatList<Double>()

    // journal: symbols written since it opened, and their `levelCount` coefficients then
    private var log = FirstWriteLog()
    private let savedSymbols = FlatList<Int32>()
    private let savedCoefficients = FlatList<Double>()

    /// An objective whose levels, from the highest priority down, are the slots `rankSlot` (a permutation of 0..<n).
    init(rankSlot: [Int]) {
        self.rankSlot = rankSlot.isEmpty ? [0] : rankSlot
        self.rankSlot.reserveCapacity(8)  // a layout's levels (usually a handful) then insert without growing
        levelCount = self.rankSlot.count
        stride = Swift.max(self.rankSlot.count, LexicographicObjective.initialStride)
    }

    /// The stride a new objective starts with: a layout's first few levels are then added without re-striding
    /// (a symbol's appended zeros are one store each).
    static let initialStride = 4

    var symbolCount: Int { coefficient.count / stride }

    /// No symbols and one level, the storage kept (the stride too: it only places the levels in memory).
    mutating func removeAll() {
        precondition(!log.isOpen, "LexicographicObjective: removeAll while the journal is open")
        levelCount = 1
        rankSlot.removeAll(keepingCapacity: true)
        rankSlot.append(0)
        coefficient.removeAll()
        savedSymbols.removeAll()
        savedCoefficients.removeAll()
    }

    /// Room for `n` symbols without growing, at the current stride.
    mutating func reserve(symbols n: Int) {
        coefficient.reserve(n * stride)
        log.reserve(n)
    }

    // MARK: - symbols and levels

    @inline(__always) mutating func appendSymbol() {
        if stride == LexicographicObjective.initialStride {
            coefficient.append(0, 0, 0, 0)
        } else {
            coefficient.append(0, times: stride)
        }
    }

    mutating func truncate(toSymbols n: Int) {
        let extra = symbolCount - n
        if extra > 0 { coefficient.removeLast(extra * stride) }
    }

    /// Keeps the coefficients of the symbols `map` keeps, each at its new id.
    /// - Complexity: O(symbols × stride).
    mutating func renumber(_ map: SymbolRenumbering) {
        precondition(!log.isOpen, "LexicographicObjective: renumbered while the journal is open")
        let n = symbolCount
        for old in 0..<n {
            guard let kept = map[Int32(old)], Int(kept) != old else { continue }
            let new = Int(kept)
            for l in 0..<stride { coefficient[new * stride + l] = coefficient[old * stride + l] }
        }
        truncate(toSymbols: map.count)
    }

    /// Adds an empty level ranked `rank` (0 = highest); its slot is `levelCount` before the call. The coefficients
    /// are re-strided only when the stride is full, to twice the size.
    mutating func insertLevel(atRank rank: Int) {
        precondition(!log.isOpen, "LexicographicObjective: a new level while the journal is open")
        let slot = levelCount
        if slot == stride {
            // in place, from the last symbol down: a symbol's new place never covers a lower symbol's old one
            let old = stride, wide = 2 * stride, n = symbolCount
            coefficient.extend(toInclude: n * wide - 1, with: 0)
            for s in (0..<n).reversed() {
                for l in (0..<levelCount).reversed() { coefficient[s * wide + l] = coefficient[s * old + l] }
                for l in levelCount..<wide { coefficient[s * wide + l] = 0 }
            }
            stride = wide
        }
        levelCount += 1
        rankSlot.insertBySwapping(slot, at: rank)
    }

    // MARK: - reading

    @inline(__always) func coefficient(of s: Int32, slot l: Int) -> Double { coefficient[Int(s) * stride + l] }

    /// Whether every level of `s` is exactly zero.
    @inline(__always) func isZero(_ s: Int32) -> Bool {
        let base = Int(s) * stride
        if stride == LexicographicObjective.initialStride {
            // the slots past `levelCount` are zero (an invariant): the four at once, without a loop (ignoring signs)
            let c = coefficient.base + base
            return (c[0].bitPattern | c[1].bitPattern | c[2].bitPattern | c[3].bitPattern) << 1 == 0
        }
        for l in 0..<levelCount where coefficient[base + l] != 0 { return false }
        return true
    }

    /// The direction in which moving parametric `s` (of kind `kind`) improves the objective, nil if neither does.
    @inline(__always) func improvingDirection(_ s: Int32, kind: SymbolKind) -> Direction? {
        let base = Int(s) * stride
        for r in 0..<levelCount {
            let c = coefficient[base + rankSlot[r]]
            if c < -CassowaryTolerance.cost { return .increase }
            if c > CassowaryTolerance.cost { return kind == .external ? .decrease : nil }
        }
        return nil
    }

    /// A coefficient of `s` that the tolerance took for zero though it is beyond round-off (in
    /// `(CassowaryTolerance.noise, CassowaryTolerance.cost]`) at a level before the one that decides whether `s`
    /// improves the objective (or at any level when none does): the decision may be round-off's. Nil when every
    /// level before the deciding one is clearly zero.
    func doubtfulCoefficient(_ s: Int32) -> Double? {
        let base = Int(s) * stride
        for r in 0..<levelCount {
            let c = coefficient[base + rankSlot[r]]
            if abs(c) > CassowaryTolerance.cost { return nil }
            if abs(c) > CassowaryTolerance.noise { return c }
        }
        return nil
    }

    /// The rank of the first level where `s` has a non-zero coefficient (`levelCount` if none) and its magnitude.
    @inline(__always) func leadingLevel(_ s: Int32) -> (rank: Int, magnitude: Double) {
        let base = Int(s) * stride
        var rank = 0
        while rank < levelCount && abs(coefficient[base + rankSlot[rank]]) <= CassowaryTolerance.cost { rank += 1 }
        return (rank, rank < levelCount ? abs(coefficient[base + rankSlot[rank]]) : 0)
    }

    /// Compares `x`'s coefficients divided by `a` with `y`'s divided by `b`, level by level (the dual ratio test).
    @inline(__always) func compareRatios(_ x: Int32, over a: Double, _ y: Int32, over b: Double) -> LexicographicOrder {
        let xb = Int(x) * stride, yb = Int(y) * stride
        for r in 0..<levelCount {
            let l = rankSlot[r]
            let u = coefficient[xb + l] / a, v = coefficient[yb + l] / b
            if u < v - CassowaryTolerance.cost { return .less }
            if u > v + CassowaryTolerance.cost { return .greater }
        }
        return .equal
    }

    // MARK: - writing (each saves the symbol first while the journal is open)

    @inline(__always) private mutating func willWrite(_ s: Int32) {
        if log.isFirstWrite(s) {
            savedSymbols.append(s)
            let base = Int(s) * stride
            for l in 0..<levelCount { savedCoefficients.append(coefficient[base + l]) }
        }
    }

    /// Adds `w` to `s`'s coefficient at level slot `l`.
    @inline(__always) mutating func add(_ w: Double, to s: Int32, slot l: Int) {
        willWrite(s)
        coefficient[Int(s) * stride + l] += w
    }

    /// Adds `a` times `s`'s coefficients to `x`'s (a basic symbol's objective spread over its row), dropping
    /// results at round-off size. Returns the largest dropped coefficient that round-off cannot explain (a
    /// cancellation to less than `cellDrop` that leaves more than `roundoffAllowance` roundings of its operands, or
    /// of 1 if they are smaller: a real slope of nearly dependent rows), 0 when there is none.
    @inline(__always) mutating func addScaled(_ s: Int32, times a: Double, to x: Int32) -> Double {
        willWrite(x)
        let base = Int(s) * stride, xb = Int(x) * stride
        var lost = 0.0
        for l in 0..<levelCount {
            let old = coefficient[xb + l], added = coefficient[base + l] * a
            let sum = old + added
            if abs(sum) > CassowaryTolerance.cellDrop {
                coefficient[xb + l] = sum
            } else {
                coefficient[xb + l] = 0
                // measured against the operands, and never below the round-off of weights of 1 (an objective
                // coefficient is a sum of many contributions: its own error is not a share of what is left of it)
                let roundoff = CassowaryTolerance.roundoffAllowance * CassowaryTolerance.roundoff
                    * Swift.max(1, abs(old) + abs(added))
                if abs(sum) > roundoff && abs(sum) > lost { lost = abs(sum) }
            }
        }
        return lost
    }

    /// Zeroes `s`'s coefficients.
    @inline(__always) mutating func clear(_ s: Int32) {
        willWrite(s)
        let base = Int(s) * stride
        for l in 0..<levelCount { coefficient[base + l] = 0 }
    }

    // MARK: - journal

    mutating func openJournal() { log.open(idCount: symbolCount) }

    mutating func commitJournal() {
        log.close()
        savedSymbols.removeAll()
        savedCoefficients.removeAll()
    }

    /// Puts back the coefficients of every symbol written since the journal opened.
    mutating func rollbackJournal() {
        log.close()
        let n = levelCount
        for k in savedSymbols.indices {
            let base = Int(savedSymbols[k]) * stride
            for l in 0..<n { coefficient[base + l] = savedCoefficients[k * n + l] }
        }
        savedSymbols.removeAll()
        savedCoefficients.removeAll()
    }

    // MARK: - memory and invariants

    var footprint: [(String, Int)] {
        [("objective", coefficient.footprintBytes + bufferBytes(rankSlot)),
         ("objective journal", log.footprintBytes + savedSymbols.footprintBytes + savedCoefficients.footprintBytes)]
    }

    /// The storage is whole symbols, `rankSlot` is a permutation of the slots in use, unused slots are zero,
    /// coefficients are finite, and the journal is closed and empty.
    func checkInvariants(symbolCount n: Int, into report: inout InvariantReport) {
        report.expect(coefficient.count == n * stride, "Objective",
                      "\(coefficient.count) coefficients for \(n) symbols of stride \(stride)")
        report.expect(levelCount <= stride && rankSlot.count == levelCount
                      && Set(rankSlot) == Set(0..<levelCount), "Objective",
                      "rankSlot \(rankSlot) is not a permutation of the \(levelCount) slots in use (stride \(stride))")
        guard report.isEmpty else { return }
        for s in 0..<n {
            for l in 0..<stride {
                let c = coefficient[s * stride + l]
                if !c.isFinite || (l >= levelCount && c != 0) {
                    report.fail("Objective", "symbol \(s) has \(c) at slot \(l) (\(levelCount) slots in use)")
                }
            }
        }
        report.expect(!log.isOpen && savedSymbols.isEmpty && savedCoefficients.isEmpty, "Objective",
                      "the journal is open or holds symbols outside a call")
    }
}
