/// The simplex tableau of the Cassowary back end, in basic solved form:
/// every row reads `basic = constant + Σ coefficient · parametric`.
///
/// Layout (all flat, indexed by dense integer ids; no dictionaries, no existentials):
/// - symbols `0..<symbolCount`: kind, the row they are basic in (or -1), how many rows hold them as a
///   parametric cell (exact), the constraint that owns them, the head of their column list, and their
///   objective coefficients, one per priority level (`levelStride` doubles, `levelCount` of them in use); levels
///   sit in the order they were created, and `rankSlot` lists them from the highest priority down, so a new level
///   costs no re-striding (only a doubling of the stride now and then);
/// - rows: unsorted sparse cells (`[Int32]` symbols, `[Double]` coefficients), a constant and the basic symbol;
///   deleted rows go to a free list;
/// - columns: for each symbol a linked list (in one pool) of the rows that may hold it. Lists are lazy:
///   an entry can be stale (the cell was cancelled); whoever walks a list checks the row and unlinks stale and
///   duplicate entries. No choice ever depends on the order of a list: every pivot rule breaks ties by symbol id.
///
/// The objective is lexicographic: a symbol improves when its first non-zero level coefficient is negative.
/// Entering symbols are kept in a min-heap of symbol ids (all improving symbols are always in it), so the
/// entering choice is the smallest improving id (Bland's entering rule) without scanning the objective.
///
/// Helpers that only read are declared `mutating` on purpose: called from mutating code, a non-mutating
/// method may receive a copy of the whole struct (a retain per buffer), which costs more than the work.
struct Tableau {
    enum Kind: UInt8 { case external, slack, error, dummy, artificial }

    enum Outcome {
        case added(marker: Int32, other: Int32)
        /// Required constraint cannot hold; in explaining mode, the owners of the markers in the failing row.
        case unsatisfiable(owners: [Int32])
    }

    // MARK: levels and mode
    private(set) var levelCount: Int
    /// Doubles per symbol in `objective` (at least `levelCount`).
    private(set) var levelStride: Int
    /// The levels' slots from the highest priority down: lexicographic comparisons walk this.
    private(set) var rankSlot: [Int]
    /// Give every required equality a dummy marker column (for explanations); off in the fast path.
    let explaining: Bool
    /// Largest constant magnitude seen, for relative tolerances.
    var valueScale: Double = 1
    /// Pivots done so far.
    var pivots = 0
    var dualPivots = 0
    var substitutions = 0
    var substitutedCells = 0
    var columnVisits = 0
    /// Set when the objective looked unbounded or the dual simplex found no entering symbol (round-off).
    var trouble: String? = nil

    // MARK: symbols
    var symKind: [Kind] = []
    var symRow: [Int32] = []
    var symCount: [Int32] = []
    var symOwner: [Int32] = []
    var colHead: [Int32] = []
    var inHeap: [Bool] = []
    var inInfeasible: [Bool] = []
    var objective: [Double] = []
    let scratch = SymbolScratch()
    var symbolCount: Int { symKind.count }

    // MARK: column pool
    var poolRow: [Int32] = []
    var poolNext: [Int32] = []
    var poolFree: Int32 = -1

    // MARK: rows
    let cells = CellStore()
    var rowStart: [Int] = []
    var rowLen: [Int32] = []
    var rowCap: [Int32] = []
    var deadCells = 0
    var rowConst: [Double] = []
    var rowBasic: [Int32] = []
    var freeRows: [Int32] = []
    var rowMark: [UInt32] = []
    var markTick: UInt32 = 0

    // MARK: externals
    var varSym: [Int32] = []

    // MARK: scratch
    var workList: [Int32] = []
    var qSyms: [Int32] = []
    var qCoefs: [Double] = []
    var addSyms: [Int32] = []
    var addCoefs: [Double] = []
    var createdVars: [Int32] = []
    var colScratch: [Int32] = []
    /// The index of the collected symbol's cell in each row of `colScratch`.
    var colIndex: [Int32] = []
    var candidates: [Int32] = []
    var infeasibleHeap: [Int32] = []
    var dualMode = false

    // MARK: journal (undo log for calls that may fail after changing the tableau)
    var journaling = false
    var jTick: UInt32 = 0
    var rowStamp: [UInt32] = []
    var symStamp: [UInt32] = []
    var jRowIndex: [Int32] = []
    var jCellStart: [Int] = []
    var jCellSym: [Int32] = []
    var jCellCoef: [Double] = []
    var jRowConst: [Double] = []
    var jRowBasic: [Int32] = []
    var jSym: [Int32] = []
    var jSymRow: [Int32] = []
    var jObjective: [Double] = []
    var jRowCount = 0
    var jFreeRows: [Int32] = []
    var jSymbolCount = 0
    var jVars: [Int32] = []
    var jPivots = 0

    init(levelCount: Int, explaining: Bool = false) {
        self.init(rankSlot: Array(0..<Swift.max(1, levelCount)), explaining: explaining)
    }

    /// A tableau whose levels, from the highest priority down, are the slots `rankSlot` (a permutation of 0..<n).
    init(rankSlot: [Int], explaining: Bool = false) {
        self.rankSlot = rankSlot.isEmpty ? [0] : rankSlot
        self.levelCount = self.rankSlot.count
        self.levelStride = self.rankSlot.count
        self.explaining = explaining
    }

    // MARK: - levels

    /// Adds an empty priority level ranked `rank` (0 = highest); its slot is `levelCount` before the call.
    /// The objective is re-strided only when the stride is full, to twice the size.
    mutating func insertLevel(atRank rank: Int) {
        let slot = levelCount
        if slot == levelStride {
            let stride = 2 * levelStride
            var fresh = [Double](repeating: 0, count: symbolCount * stride)
            for s in 0..<symbolCount {
                for l in 0..<levelCount { fresh[s * stride + l] = objective[s * levelStride + l] }
            }
            objective = fresh
            levelStride = stride
        }
        levelCount += 1
        rankSlot.insert(slot, at: rank)
    }

    // MARK: - symbols

    mutating func newSymbol(_ kind: Kind, owner: Int32) -> Int32 {
        let id = Int32(symKind.count)
        symKind.append(kind)
        symRow.append(-1)
        symCount.append(0)
        symOwner.append(owner)
        colHead.append(-1)
        inHeap.append(false)
        inInfeasible.append(false)
        scratch.ensure(Int(id) + 1)
        symStamp.append(0)
        for _ in 0..<levelStride { objective.append(0) }
        return id
    }

    /// The symbol of external variable `v`, created on first use.
    mutating func externalSymbol(_ v: Int) -> Int32 {
        if v >= varSym.count { varSym.append(contentsOf: repeatElement(-1, count: v + 1 - varSym.count)) }
        let s = varSym[v]
        if s >= 0 { return s }
        let n = newSymbol(.external, owner: -1)
        varSym[v] = n
        if journaling { jVars.append(Int32(v)) }
        return n
    }

    /// (`mutating` only so that a call through the solver's stored property never copies the tableau.)
    mutating func value(ofVariable v: Int) -> Double {
        guard v < varSym.count else { return 0 }
        let s = varSym[v]
        guard s >= 0 else { return 0 }
        let r = symRow[Int(s)]
        return r >= 0 ? rowConst[Int(r)] : 0
    }

    @inline(__always) mutating func isRestricted(_ s: Int32) -> Bool { symKind[Int(s)] != .external }

    // MARK: - columns

    @inline(__always) mutating func colAdd(_ s: Int32, _ r: Int32) {
        var e = poolFree
        if e >= 0 {
            poolFree = poolNext[Int(e)]
            poolRow[Int(e)] = r
            poolNext[Int(e)] = colHead[Int(s)]
        } else {
            e = Int32(poolRow.count)
            poolRow.append(r)
            poolNext.append(colHead[Int(s)])
        }
        colHead[Int(s)] = e
    }

    /// Fills `colScratch` with the live rows holding `s` as a cell (each once), unlinking stale entries.
    mutating func collectColumn(_ s: Int32, skipping skip: Int32 = -1) {
        colScratch.removeAll(keepingCapacity: true)
        colIndex.removeAll(keepingCapacity: true)
        markTick &+= 1
        if markTick == 0 { for i in rowMark.indices { rowMark[i] = 0 }; markTick = 1 }
        var prev: Int32 = -1
        var e = colHead[Int(s)]
        while e >= 0 {
            let r = poolRow[Int(e)]
            let next = poolNext[Int(e)]
            columnVisits += 1
            var at = -1
            if rowBasic[Int(r)] >= 0 && rowMark[Int(r)] != markTick { at = indexOf(s, inRow: r) }
            if at >= 0 {
                rowMark[Int(r)] = markTick
                if r != skip { colScratch.append(r); colIndex.append(Int32(at)) }
                prev = e
            } else {
                if prev >= 0 { poolNext[Int(prev)] = next } else { colHead[Int(s)] = next }
                poolNext[Int(e)] = poolFree
                poolFree = e
            }
            e = next
        }
    }

    /// Returns every entry of `s`'s column list to the pool (when no row holds `s` any more).
    mutating func releaseColumn(_ s: Int32) {
        var e = colHead[Int(s)]
        while e >= 0 {
            let next = poolNext[Int(e)]
            poolNext[Int(e)] = poolFree
            poolFree = e
            e = next
        }
        colHead[Int(s)] = -1
    }

    // MARK: - rows

    mutating func allocRow() -> Int32 {
        if let r = freeRows.popLast() {
            journalRow(r)
            return r
        }
        let r = Int32(rowBasic.count)
        rowStart.append(0)
        rowLen.append(0)
        rowCap.append(0)
        rowConst.append(0)
        rowBasic.append(-1)
        rowMark.append(0)
        rowStamp.append(0)
        return r
    }

    /// Installs a row `basic = constant + Σ cells` (basic must be parametric everywhere already substituted).
    mutating func installRow(_ r: Int32, basic: Int32, syms: [Int32], coefs: [Double], constant: Double) {
        ensureCapacity(r, syms.count)
        let st = rowStart[Int(r)]
        let ps = cells.sym + st, pc = cells.coef + st
        for k in 0..<syms.count { ps[k] = syms[k]; pc[k] = coefs[k] }
        rowLen[Int(r)] = Int32(syms.count)
        rowConst[Int(r)] = constant
        rowBasic[Int(r)] = basic
        setSymRow(basic, r)
        for s in syms { symCount[Int(s)] += 1; colAdd(s, r) }
    }

    mutating func deleteRow(_ r: Int32) {
        journalRow(r)
        let b = rowBasic[Int(r)]
        let ps = cells.sym + rowStart[Int(r)]
        for k in 0..<Int(rowLen[Int(r)]) { symCount[Int(ps[k])] -= 1 }
        rowLen[Int(r)] = 0
        rowConst[Int(r)] = 0
        rowBasic[Int(r)] = -1
        if b >= 0 && symRow[Int(b)] == r { setSymRow(b, -1) }
        freeRows.append(r)
    }

    @inline(__always) mutating func setSymRow(_ s: Int32, _ r: Int32) {
        if journaling && symStamp[Int(s)] != jTick {
            symStamp[Int(s)] = jTick
            jSym.append(s)
            jSymRow.append(symRow[Int(s)])
            let base = Int(s) * levelStride
            for l in 0..<levelCount { jObjective.append(objective[base + l]) }
        }
        symRow[Int(s)] = r
    }

    @inline(__always) mutating func touchObjective(_ s: Int32) {
        if journaling && symStamp[Int(s)] != jTick {
            symStamp[Int(s)] = jTick
            jSym.append(s)
            jSymRow.append(symRow[Int(s)])
            let base = Int(s) * levelStride
            for l in 0..<levelCount { jObjective.append(objective[base + l]) }
        }
    }

    @inline(__always) mutating func journalRow(_ r: Int32) {
        guard journaling, Int(r) < jRowCount, rowStamp[Int(r)] != jTick else { return }
        rowStamp[Int(r)] = jTick
        jRowIndex.append(r)
        jCellStart.append(jCellSym.count)
        let st = rowStart[Int(r)], n = Int(rowLen[Int(r)])
        for k in 0..<n { jCellSym.append(cells.sym[st + k]); jCellCoef.append(cells.coef[st + k]) }
        jRowConst.append(rowConst[Int(r)])
        jRowBasic.append(rowBasic[Int(r)])
    }

    // MARK: - objective and entering heap

    /// +1: increasing `s` improves the objective; -1: decreasing it does (free symbols only); 0: neither.
    @inline(__always) mutating func improvingDirection(_ s: Int32) -> Int {
        let base = Int(s) * levelStride
        for r in 0..<levelCount {
            let c = objective[base + rankSlot[r]]
            if c < -CassowaryTolerance.cost { return 1 }
            if c > CassowaryTolerance.cost { return symKind[Int(s)] == .external ? -1 : 0 }
        }
        return 0
    }

    @inline(__always) mutating func considerEntering(_ s: Int32) {
        if inHeap[Int(s)] || symRow[Int(s)] >= 0 { return }
        let k = symKind[Int(s)]
        if k == .dummy || k == .artificial { return }
        if improvingDirection(s) != 0 {
            inHeap[Int(s)] = true
            candidates.append(s)
        }
    }

    static func heapPush(_ h: inout [Int32], _ v: Int32) {
        h.append(v)
        var i = h.count - 1
        while i > 0 {
            let p = (i - 1) / 2
            if h[p] <= v { break }
            h[i] = h[p]
            i = p
        }
        h[i] = v
    }

    static func heapPop(_ h: inout [Int32]) -> Int32? {
        guard let last = h.popLast() else { return nil }
        if h.isEmpty { return last }
        let top = h[0]
        var i = 0
        let n = h.count
        while true {
            var c = 2 * i + 1
            if c >= n { break }
            if c + 1 < n && h[c + 1] < h[c] { c += 1 }
            if h[c] >= last { break }
            h[i] = h[c]
            i = c
        }
        h[i] = last
        return top
    }

    /// Adds `weight` at `level` to the objective coefficient of parametric-or-basic symbol `s`.
    mutating func addObjective(_ s: Int32, level: Int, weight: Double) {
        let r = symRow[Int(s)]
        if r < 0 {
            touchObjective(s)
            objective[Int(s) * levelStride + level] += weight
            considerEntering(s)
        } else {
            let st = rowStart[Int(r)]
            for i in 0..<Int(rowLen[Int(r)]) {
                let x = cells.sym[st + i]
                touchObjective(x)
                objective[Int(x) * levelStride + level] += weight * cells.coef[st + i]
                considerEntering(x)
            }
        }
    }

    // MARK: - substitution and pivoting

    /// Replaces basic symbol `s` (row `q`) in every other row and in the objective.
    mutating func substituteOut(_ s: Int32, row q: Int32) {
        collectColumn(s, skipping: q)
        // a private copy of row q: the rows below may move in the cell store
        qSyms.removeAll(keepingCapacity: true)
        qCoefs.removeAll(keepingCapacity: true)
        let qs = rowStart[Int(q)]
        for k in 0..<Int(rowLen[Int(q)]) { qSyms.append(cells.sym[qs + k]); qCoefs.append(cells.coef[qs + k]) }
        let qConst = rowConst[Int(q)]
        for i in 0..<colScratch.count { substituteInto(colScratch[i], Int(colIndex[i]), s, qConst) }
        // s is basic now and held by no row: every entry of its column list is stale, so release them all
        releaseColumn(s)
        // objective
        let L = levelCount, stride = levelStride
        let base = Int(s) * stride
        var any = false
        for l in 0..<L where objective[base + l] != 0 { any = true; break }
        if any {
            touchObjective(s)
            for i in 0..<qSyms.count {
                let x = qSyms[i], a = qCoefs[i]
                touchObjective(x)
                let xb = Int(x) * stride
                for l in 0..<L { objective[xb + l] += objective[base + l] * a }
                for l in 0..<L where abs(objective[xb + l]) <= CassowaryTolerance.cellDrop { objective[xb + l] = 0 }
                considerEntering(x)
            }
            for l in 0..<L { objective[base + l] = 0 }
        }
    }

    /// Row r += c · (row q without s), where c is r's coefficient of s (q's cells are in `qSyms`/`qCoefs`).
    mutating func substituteInto(_ r: Int32, _ i: Int, _ s: Int32, _ qConst: Double) {
        journalRow(r)
        let qn = qSyms.count
        substitutions += 1
        substitutedCells += qn + Int(rowLen[Int(r)])
        let pos = scratch.pos
        var sym = cells.sym + rowStart[Int(r)], coef = cells.coef + rowStart[Int(r)]
        var n = Int(rowLen[Int(r)]) - 1
        let c = coef[i]
        sym[i] = sym[n]
        coef[i] = coef[n]
        symCount[Int(s)] -= 1
        rowConst[Int(r)] += c * qConst
        for k in 0..<n { pos[Int(sym[k])] = Int32(k) }
        // grow the row only by the cells it really gains (kiwi-style over-reservation bloats the store)
        var fresh = 0
        for k in 0..<qn where pos[Int(qSyms[k])] < 0 { fresh += 1 }
        if n + fresh > Int(rowCap[Int(r)]) {
            rowLen[Int(r)] = Int32(n)
            ensureCapacity(r, n + fresh)
            sym = cells.sym + rowStart[Int(r)]
            coef = cells.coef + rowStart[Int(r)]
        }
        for k in 0..<qn {
            let x = qSyms[k]
            let p = pos[Int(x)]
            if p >= 0 {
                coef[Int(p)] += c * qCoefs[k]
            } else {
                pos[Int(x)] = Int32(n)
                sym[n] = x
                coef[n] = c * qCoefs[k]
                n += 1
                symCount[Int(x)] += 1
                colAdd(x, r)
            }
        }
        var k = 0
        while k < n {
            pos[Int(sym[k])] = -1
            if abs(coef[k]) <= CassowaryTolerance.cellDrop {
                symCount[Int(sym[k])] -= 1
                n -= 1
                if k != n { pos[Int(sym[n])] = -1 }
                sym[k] = sym[n]
                coef[k] = coef[n]
                continue
            }
            k += 1
        }
        rowLen[Int(r)] = Int32(n)
        if dualMode {
            let b = rowBasic[Int(r)]
            if isRestricted(b) && isInfeasible(b, rowConst[Int(r)]) { pushInfeasible(b) }
        }
    }

    // MARK: - cell storage

    @inline(__always) mutating func indexOf(_ s: Int32, inRow r: Int32) -> Int {
        let ps = cells.sym + rowStart[Int(r)]
        for k in 0..<Int(rowLen[Int(r)]) where ps[k] == s { return k }
        return -1
    }

    @inline(__always) mutating func coefficient(of s: Int32, inRow r: Int32) -> Double {
        let i = indexOf(s, inRow: r)
        return i >= 0 ? cells.coef[rowStart[Int(r)] + i] : 0
    }

    /// Makes room for `need` cells in row r (moving it to the tail of the store if it must grow).
    @inline(__always) mutating func ensureCapacity(_ r: Int32, _ need: Int) {
        let cap = Int(rowCap[Int(r)])
        if need <= cap { return }
        let newCap = Swift.max(need + need / 2, 4)
        let ns = cells.reserveTail(newCap)
        let os = rowStart[Int(r)], n = Int(rowLen[Int(r)])
        (cells.sym + ns).update(from: cells.sym + os, count: n)
        (cells.coef + ns).update(from: cells.coef + os, count: n)
        deadCells += cap
        rowStart[Int(r)] = ns
        rowCap[Int(r)] = Int32(newCap)
    }

    /// Packs the rows again when more than half of the store is garbage (between operations only).
    mutating func maybeCompact() {
        guard deadCells > 65_536 && deadCells * 2 > cells.count else { return }
        var total = 0
        for r in 0..<rowBasic.count where rowLen[r] > 0 { total += Int(rowLen[r]) + 2 }
        let cap = Swift.max(16, total * 3 / 2)
        let ns: UnsafeMutablePointer<Int32> = allocateBuffer(cap)
        let nc: UnsafeMutablePointer<Double> = allocateBuffer(cap)
        var at = 0
        for r in 0..<rowBasic.count {
            let n = Int(rowLen[r])
            if n == 0 { rowStart[r] = 0; rowCap[r] = 0; continue }
            (ns + at).update(from: cells.sym + rowStart[r], count: n)
            (nc + at).update(from: cells.coef + rowStart[r], count: n)
            rowStart[r] = at
            rowCap[r] = Int32(n + 2)
            at += n + 2
        }
        cells.adopt(sym: ns, coef: nc, count: at, capacity: cap)
        deadCells = 0
    }

    @inline(__always) mutating func isInfeasible(_ b: Int32, _ k: Double) -> Bool {
        let tol = CassowaryTolerance.feasibilityBound(valueScale)
        return k < -tol || (k > tol && symKind[Int(b)] == .dummy)
    }

    mutating func pushInfeasible(_ b: Int32) {
        if !inInfeasible[Int(b)] {
            inInfeasible[Int(b)] = true
            Tableau.heapPush(&infeasibleHeap, b)
        }
    }

    /// Makes `e` basic in row `q` (whose basic symbol leaves), then substitutes it everywhere else.
    mutating func pivot(row q: Int32, entering e: Int32) {
        journalRow(q)
        pivots += 1
        let b = rowBasic[Int(q)]
        let i = indexOf(e, inRow: q)
        let st = rowStart[Int(q)]
        let syms = cells.sym + st, coefs = cells.coef + st
        let inv = 1 / coefs[i]
        for k in 0..<Int(rowLen[Int(q)]) { coefs[k] *= -inv }
        coefs[i] = inv
        syms[i] = b
        rowConst[Int(q)] *= -inv
        symCount[Int(e)] -= 1
        symCount[Int(b)] += 1
        colAdd(b, q)
        setSymRow(b, -1)
        setSymRow(e, q)
        rowBasic[Int(q)] = e
        substituteOut(e, row: q)
        considerEntering(b)
    }

    // MARK: - primal simplex (main objective)

    /// Ratio test for moving parametric `e` in direction `dir` over the rows in `colScratch` (with the cell
    /// indices in `colIndex`, as `collectColumn(e)` left them); returns the leaving row or -1.
    mutating func leavingRow(_ e: Int32, _ dir: Double, bland: Bool) -> (Int32, Double) {
        let tol = CassowaryTolerance.feasibilityBound(valueScale)
        var bound = Double.infinity
        let coef = cells.coef
        for i in 0..<colScratch.count {
            let r = colScratch[i]
            let b = rowBasic[Int(r)]
            guard symKind[Int(b)] != .external else { continue }
            var a = coef[rowStart[Int(r)] + Int(colIndex[i])] * dir
            if symKind[Int(b)] == .dummy { a = -abs(a) }
            guard a < -CassowaryTolerance.pivot else { continue }
            let ratio = bland ? Swift.max(0, rowConst[Int(r)]) / -a : (Swift.max(0, rowConst[Int(r)]) + tol) / -a
            if ratio < bound { bound = ratio }
        }
        if bound == .infinity { return (-1, 0) }
        var best: Int32 = -1, bestA = 0.0, bestBasic = Int32.max, bestRatio = 0.0
        for i in 0..<colScratch.count {
            let r = colScratch[i]
            let b = rowBasic[Int(r)]
            guard symKind[Int(b)] != .external else { continue }
            var a = coef[rowStart[Int(r)] + Int(colIndex[i])] * dir
            if symKind[Int(b)] == .dummy { a = -abs(a) }
            guard a < -CassowaryTolerance.pivot else { continue }
            let ratio = Swift.max(0, rowConst[Int(r)]) / -a
            guard ratio <= bound else { continue }
            if bland {
                if b < bestBasic { best = r; bestBasic = b; bestRatio = ratio }
            } else if -a > bestA || (-a == bestA && b < bestBasic) {
                best = r; bestA = -a; bestBasic = b; bestRatio = ratio
            }
        }
        return (best, bestRatio)
    }

    /// Primal simplex on the lexicographic objective until no symbol improves it.
    ///
    /// Entering rule: the improving symbol whose first non-zero level is highest, then held by the fewest rows
    /// (the cheapest pivot: on random-100000 the largest-coefficient rule kept cycling through a few symbols held
    /// by 20,000 rows each), then with the largest coefficient at that level, then the smallest id; after
    /// `blandAfterDegenerate` consecutive degenerate pivots, the smallest improving id (Bland).
    /// Candidates are the symbols whose objective coefficients changed (kept in `candidates`), never a full scan.
    mutating func optimize() {
        var degenerate = 0
        while true {
            let bland = degenerate >= CassowaryTolerance.blandAfterDegenerate
            var best: Int32 = -1, bestCount = Int32.max, bestIndex = -1
            var bestLevel = Int.max, bestMag = 0.0
            var k = 0
            while k < candidates.count {
                let s = candidates[k]
                if symRow[Int(s)] >= 0 || improvingDirection(s) == 0 {
                    inHeap[Int(s)] = false
                    candidates[k] = candidates[candidates.count - 1]
                    candidates.removeLast()
                    continue
                }
                if bland {
                    if best < 0 || s < best { best = s; bestIndex = k }
                } else {
                    // first improving level (higher priority first), then fewest rows, then its magnitude
                    // (lvl is the level's rank; an all-zero row has none and ranks last)
                    let base = Int(s) * levelStride
                    var lvl = 0
                    while lvl < levelCount && abs(objective[base + rankSlot[lvl]]) <= CassowaryTolerance.cost { lvl += 1 }
                    let mag = lvl < levelCount ? abs(objective[base + rankSlot[lvl]]) : 0
                    let c = symCount[Int(s)]
                    var better = best < 0
                    if !better {
                        if lvl != bestLevel { better = lvl < bestLevel }
                        else if c != bestCount { better = c < bestCount }
                        else if mag != bestMag { better = mag > bestMag }
                        else { better = s < best }
                    }
                    if better { best = s; bestCount = c; bestIndex = k; bestLevel = lvl; bestMag = mag }
                }
                k += 1
            }
            if best < 0 { break }
            let e = best
            let dir = improvingDirection(e)
            collectColumn(e)
            let (q, ratio) = leavingRow(e, Double(dir), bland: bland)
            if q < 0 {
                trouble = "the objective looked unbounded (round-off); stopped optimizing"
                inHeap[Int(e)] = false
                candidates[bestIndex] = candidates[candidates.count - 1]
                candidates.removeLast()
                continue
            }
            degenerate = ratio <= CassowaryTolerance.feasibilityBound(valueScale) ? degenerate + 1 : 0
            pivot(row: q, entering: e)
        }
    }

    // MARK: - dual simplex

    /// Restores primal feasibility after constant changes; false when a row cannot be repaired.
    mutating func dualOptimize() -> Bool {
        let tol = CassowaryTolerance.feasibilityBound(valueScale)
        let L = levelCount
        dualMode = true
        defer { dualMode = false }
        while let b = Tableau.heapPop(&infeasibleHeap) {
            inInfeasible[Int(b)] = false
            let q = symRow[Int(b)]
            guard q >= 0 else { continue }
            let k0 = rowConst[Int(q)]
            let sigma: Double
            if k0 < -tol { sigma = 1 } else if symKind[Int(b)] == .dummy && k0 > tol { sigma = -1 } else { continue }
            let st = rowStart[Int(q)]
            let syms = cells.sym + st, coefs = cells.coef + st
            var best: Int32 = -1, bestA = 0.0
            for k in 0..<Int(rowLen[Int(q)]) {
                let x = syms[k], kind = symKind[Int(x)]
                if kind == .dummy || kind == .artificial { continue }
                var a = sigma * coefs[k]
                if kind == .external { a = abs(a) }
                guard a > CassowaryTolerance.pivot else { continue }
                if best < 0 { best = x; bestA = a; continue }
                // compare objective[x]/a with objective[best]/bestA lexicographically
                let xb = Int(x) * levelStride, bb = Int(best) * levelStride
                var cmp = 0
                for r in 0..<L {
                    let l = rankSlot[r]
                    let u = objective[xb + l] / a, v = objective[bb + l] / bestA
                    if u < v - CassowaryTolerance.cost { cmp = -1; break }
                    if u > v + CassowaryTolerance.cost { cmp = 1; break }
                }
                if cmp < 0 || (cmp == 0 && x < best) { best = x; bestA = a }
            }
            if best < 0 {
                // drain the queue so the next call starts clean
                while let s = Tableau.heapPop(&infeasibleHeap) { inInfeasible[Int(s)] = false }
                return false
            }
            dualPivots += 1
            pivot(row: q, entering: best)
        }
        return true
    }

    /// Shifts the constant of the constraint whose marker is `m` (coefficient `mu` in its defining equation)
    /// by `delta` without pivoting; queues rows that became infeasible.
    mutating func shiftConstant(marker m: Int32, mu: Double, delta: Double) {
        let shift = delta / mu
        let r = symRow[Int(m)]
        if r >= 0 {
            journalRow(r)
            rowConst[Int(r)] -= shift
            if isInfeasible(m, rowConst[Int(r)]) { pushInfeasible(m) }
            return
        }
        collectColumn(m)
        for row in colScratch {
            journalRow(row)
            let a = coefficient(of: m, inRow: row)
            rowConst[Int(row)] += a * shift
            let b = rowBasic[Int(row)]
            if isRestricted(b) && isInfeasible(b, rowConst[Int(row)]) { pushInfeasible(b) }
        }
    }

    // MARK: - adding a constraint

    /// Adds `Σ coefs·vars + constant REL 0`. `level` < 0 means required. Returns the marker and other symbols.
    mutating func addConstraint(_ vars: [Int32], _ coefs: [Double], _ start: Int, _ count: Int, constant: Double,
                                relation: UInt8, level: Int, dummy wantDummy: Bool, owner: Int32) -> Outcome {
        maybeCompact()
        let startSymbols = symbolCount
        let startVarCount = varSym.count
        createdVars.removeAll(keepingCapacity: true)
        valueScale = Swift.max(valueScale, abs(constant))
        // 1. the row, in terms of parametric symbols (dense scratch)
        workList.removeAll(keepingCapacity: true)
        var c = constant
        for k in start..<(start + count) {
            let v = Int(vars[k])
            let existed = v < varSym.count && varSym[v] >= 0
            let s = externalSymbol(v)
            if !existed { createdVars.append(Int32(v)) }
            let a = coefs[k]
            let r = symRow[Int(s)]
            if r >= 0 {
                c += a * rowConst[Int(r)]
                let st = rowStart[Int(r)]
                for i in 0..<Int(rowLen[Int(r)]) { accumulate(cells.sym[st + i], a * cells.coef[st + i]) }
            } else {
                accumulate(s, a)
            }
        }
        // 2. markers: relation 0 ==, 1 <=, 2 >=
        let required = level < 0
        var marker: Int32 = -1, other: Int32 = -1
        switch relation {
        case 1, 2:
            let sign: Double = relation == 1 ? 1 : -1
            marker = newSymbol(.slack, owner: owner)
            accumulate(marker, sign)
            if !required {
                other = newSymbol(.error, owner: owner)
                accumulate(other, -sign)
            }
        default:
            if required {
                if wantDummy || explaining {
                    marker = newSymbol(.dummy, owner: owner)
                    accumulate(marker, -1)
                }
            } else {
                marker = newSymbol(.error, owner: owner)
                other = newSymbol(.error, owner: owner)
                accumulate(marker, -1)
                accumulate(other, 1)
            }
        }
        // gather
        var syms: [Int32] = []
        var cs: [Double] = []
        swap(&syms, &addSyms)
        swap(&cs, &addCoefs)
        syms.removeAll(keepingCapacity: true)
        cs.removeAll(keepingCapacity: true)
        defer { swap(&syms, &addSyms); swap(&cs, &addCoefs) }
        let pos = scratch.pos, work = scratch.work
        for s in workList {
            let a = work[Int(s)]
            work[Int(s)] = 0
            pos[Int(s)] = -1
            if abs(a) > CassowaryTolerance.cellDrop { syms.append(s); cs.append(a) }
        }
        // objective terms of the error symbols
        if !required {
            addObjective(other, level: level, weight: 1)
            if relation == 0 { addObjective(marker, level: level, weight: 1) }
        }
        // 3. choose the subject: the external with the fewest occurrences (newest on ties)
        var subject: Int32 = -1, subjectIndex = -1
        var bestCount = Int32.max
        var allDummies = true
        for k in 0..<syms.count {
            let s = syms[k]
            let kind = symKind[Int(s)]
            if kind != .dummy { allDummies = false }
            if kind == .external {
                let n = symCount[Int(s)]
                if n < bestCount || (n == bestCount && s > subject) { subject = s; subjectIndex = k; bestCount = n }
            }
        }
        if subject < 0 && allDummies {
            if abs(c) <= CassowaryTolerance.zeroBound(valueScale) {
                // redundant required equality: its dummy (if any) becomes basic at 0
                if marker >= 0 {
                    let r = allocRow()
                    let i = syms.firstIndex(of: marker)!
                    let inv = -1 / cs[i]
                    syms.remove(at: i); cs.remove(at: i)
                    for k in 0..<cs.count { cs[k] *= inv }
                    installRow(r, basic: marker, syms: syms, coefs: cs, constant: 0)
                }
                return .added(marker: marker, other: other)
            }
            let owners = syms.map { symOwner[Int($0)] }
            undoSymbols(to: startSymbols, vars: createdVars, varCount: startVarCount)
            return .unsatisfiable(owners: owners)
        }
        if c < 0 {
            c = -c
            for k in 0..<cs.count { cs[k] = -cs[k] }
        }
        if subject < 0 {
            // a fresh marker with a negative coefficient can be basic at c / |a| >= 0
            for s in syms.indices where cs[s] < 0 {
                let x = syms[s]
                if (x == marker || x == other) && symKind[Int(x)] != .dummy { subject = x; subjectIndex = s; break }
            }
        }
        if subject >= 0 {
            let i = subjectIndex
            let inv = -1 / cs[i]
            syms[i] = syms[syms.count - 1]; syms.removeLast()
            cs[i] = cs[cs.count - 1]; cs.removeLast()
            for k in 0..<cs.count { cs[k] *= inv }
            let r = allocRow()
            installRow(r, basic: subject, syms: syms, coefs: cs, constant: c * inv)
            // An external subject held by restricted rows (possible only after a removal pivoted an external
            // out of the basis) shifts their constants: queue any that turn negative and repair them.
            dualMode = true
            substituteOut(subject, row: r)
            dualMode = false
            if !infeasibleHeap.isEmpty && !dualOptimize() { trouble = "dual simplex found no entering symbol after an add" }
            optimize()
            return .added(marker: marker, other: other)
        }
        // 4. phase 1 with an artificial variable; journaled so that failure leaves no trace
        beginJournal()
        let art = newSymbol(.artificial, owner: -1)
        let objSym = newSymbol(.artificial, owner: -1)
        let ar = allocRow()
        installRow(ar, basic: art, syms: syms, coefs: cs, constant: c)
        let or = allocRow()
        installRow(or, basic: objSym, syms: syms, coefs: cs, constant: c)
        phaseOne(objectiveRow: or)
        let residual = rowConst[Int(or)]
        if residual > CassowaryTolerance.zeroBound(valueScale) {
            var owners: [Int32] = []
            if explaining {
                let st = rowStart[Int(or)]
                let os = cells.sym + st, oc = cells.coef + st
                for k in 0..<Int(rowLen[Int(or)]) where abs(oc[k]) > CassowaryTolerance.cost {
                    let o = symOwner[Int(os[k])]
                    if o >= 0 { owners.append(o) }
                }
            }
            rollbackJournal()
            undoSymbols(to: startSymbols, vars: createdVars, varCount: startVarCount)
            return .unsatisfiable(owners: owners)
        }
        endJournal()
        deleteRow(or)
        setSymRow(objSym, -1)
        // pivot the artificial variable out if it is still basic
        let arow = symRow[Int(art)]
        if arow >= 0 {
            let st = rowStart[Int(arow)], n = Int(rowLen[Int(arow)])
            let rs = cells.sym + st, rc = cells.coef + st
            var entering: Int32 = -1
            for k in 0..<n where symKind[Int(rs[k])] == .external && abs(rc[k]) > CassowaryTolerance.pivot {
                if entering < 0 || rs[k] < entering { entering = rs[k] }
            }
            if entering < 0 {
                for k in 0..<n where abs(rc[k]) > CassowaryTolerance.pivot {
                    let kind = symKind[Int(rs[k])]
                    if kind == .slack || kind == .error, entering < 0 || rs[k] < entering { entering = rs[k] }
                }
            }
            if entering < 0 {
                deleteRow(arow)
            } else {
                pivot(row: arow, entering: entering)
            }
        }
        // the artificial variable is now parametric at 0: erase its column
        collectColumn(art)
        for r in colScratch { removeCell(art, fromRow: r) }
        for l in 0..<levelCount { objective[Int(art) * levelStride + l] = 0 }
        optimize()
        return .added(marker: marker, other: other)
    }

    @inline(__always) mutating func accumulate(_ s: Int32, _ a: Double) {
        let pos = scratch.pos
        if pos[Int(s)] < 0 {
            pos[Int(s)] = 0
            workList.append(s)
        }
        scratch.work[Int(s)] += a
    }

    /// Drops parametric `s` from row `r` (it is fixed at zero).
    mutating func removeCell(_ s: Int32, fromRow r: Int32) {
        journalRow(r)
        let i = indexOf(s, inRow: r)
        guard i >= 0 else { return }
        let st = rowStart[Int(r)], last = Int(rowLen[Int(r)]) - 1
        cells.sym[st + i] = cells.sym[st + last]
        cells.coef[st + i] = cells.coef[st + last]
        rowLen[Int(r)] = Int32(last)
        symCount[Int(s)] -= 1
    }

    /// Phase 1: minimizes the row `objectiveRow` (a plain row whose basic symbol is never chosen).
    mutating func phaseOne(objectiveRow or: Int32) {
        var degenerate = 0
        var guardCount = 0
        while guardCount < 1_000_000 {
            guardCount += 1
            // entering: smallest id that decreases the objective row
            let st = rowStart[Int(or)]
            let syms = cells.sym + st, coefs = cells.coef + st
            var e: Int32 = -1, dir = 0.0
            for k in 0..<Int(rowLen[Int(or)]) {
                let s = syms[k], kind = symKind[Int(s)]
                if kind == .dummy || kind == .artificial { continue }
                let a = coefs[k]
                if a < -CassowaryTolerance.cost, e < 0 || s < e { e = s; dir = 1 }
                else if kind == .external, a > CassowaryTolerance.cost, e < 0 || s < e { e = s; dir = -1 }
            }
            if e < 0 { return }
            collectColumn(e, skipping: or)
            let (q, ratio) = leavingRow(e, dir, bland: degenerate >= CassowaryTolerance.blandAfterDegenerate)
            if q < 0 { trouble = "phase 1 looked unbounded (round-off)"; return }
            degenerate = ratio <= CassowaryTolerance.feasibilityBound(valueScale) ? degenerate + 1 : 0
            pivot(row: q, entering: e)
        }
    }

    /// Releases symbols created by a failed call (nothing refers to them any more).
    mutating func undoSymbols(to count: Int, vars: [Int32], varCount: Int) {
        for v in vars { varSym[Int(v)] = -1 }
        if varSym.count > varCount { varSym.removeLast(varSym.count - varCount) }
        let n = symbolCount - count
        guard n > 0 else { return }
        for s in count..<symbolCount {
            var e = colHead[s]
            while e >= 0 {
                let next = poolNext[Int(e)]
                poolNext[Int(e)] = poolFree
                poolFree = e
                e = next
            }
        }
        symKind.removeLast(n); symRow.removeLast(n); symCount.removeLast(n); symOwner.removeLast(n)
        colHead.removeLast(n); inHeap.removeLast(n); inInfeasible.removeLast(n)
        symStamp.removeLast(n); objective.removeLast(n * levelStride)
        candidates = candidates.filter { Int($0) < count }
        infeasibleHeap = infeasibleHeap.filter { Int($0) < count }
    }

    // MARK: - removing a constraint

    /// Removes the constraint with `marker` / `other` (its error symbols weigh 1 at `level`; < 0 = required).
    mutating func removeConstraint(marker m: Int32, other o: Int32, level: Int, isEquality: Bool) {
        maybeCompact()
        if level >= 0 {
            if o >= 0 { addObjective(o, level: level, weight: -1) }
            if isEquality && m >= 0 { addObjective(m, level: level, weight: -1) }
        }
        if m >= 0 {
            let r = symRow[Int(m)]
            if r >= 0 {
                deleteRow(r)
            } else {
                let q = markerLeavingRow(m)
                if q >= 0 {
                    pivot(row: q, entering: m)
                    deleteRow(q)
                }
            }
        }
        // leftover parametric markers are fixed at zero: erase their columns
        for s in [m, o] where s >= 0 && symRow[Int(s)] < 0 {
            collectColumn(s)
            for r in colScratch { removeCell(s, fromRow: r) }
            for l in 0..<levelCount { objective[Int(s) * levelStride + l] = 0 }
        }
        optimize()
    }

    /// The row to pivot a parametric marker into before dropping it (kiwi's rule, ties by basic symbol id).
    mutating func markerLeavingRow(_ m: Int32) -> Int32 {
        collectColumn(m)
        var r1: Int32 = -1, r1Ratio = Double.infinity, r1Basic = Int32.max
        var r2: Int32 = -1, r2Ratio = Double.infinity, r2Basic = Int32.max
        var r3: Int32 = -1, r3Basic = Int32.max
        for r in colScratch {
            let a = coefficient(of: m, inRow: r)
            guard abs(a) > CassowaryTolerance.pivot else { continue }
            let b = rowBasic[Int(r)]
            if symKind[Int(b)] == .external {
                if b < r3Basic { r3 = r; r3Basic = b }
            } else if a < 0 {
                let ratio = -rowConst[Int(r)] / a
                if ratio < r1Ratio || (ratio == r1Ratio && b < r1Basic) { r1 = r; r1Ratio = ratio; r1Basic = b }
            } else {
                let ratio = rowConst[Int(r)] / a
                if ratio < r2Ratio || (ratio == r2Ratio && b < r2Basic) { r2 = r; r2Ratio = ratio; r2Basic = b }
            }
        }
        return r1 >= 0 ? r1 : (r2 >= 0 ? r2 : r3)
    }

    // MARK: - journal

    mutating func beginJournal() {
        journaling = true
        jTick &+= 1
        if jTick == 0 {
            for i in rowStamp.indices { rowStamp[i] = 0 }
            for i in symStamp.indices { symStamp[i] = 0 }
            jTick = 1
        }
        jRowIndex.removeAll(keepingCapacity: true); jCellStart.removeAll(keepingCapacity: true)
        jCellSym.removeAll(keepingCapacity: true); jCellCoef.removeAll(keepingCapacity: true)
        jRowConst.removeAll(keepingCapacity: true)
        jRowBasic.removeAll(keepingCapacity: true)
        jSym.removeAll(keepingCapacity: true); jSymRow.removeAll(keepingCapacity: true)
        jObjective.removeAll(keepingCapacity: true)
        jVars.removeAll(keepingCapacity: true)
        jRowCount = rowBasic.count
        jFreeRows = freeRows
        jSymbolCount = symbolCount
        jPivots = pivots
    }

    mutating func endJournal() {
        journaling = false
    }

    /// Puts back every row, basic assignment and objective coefficient saved since `beginJournal`.
    mutating func rollbackJournal() {
        journaling = false
        // counts: remove what the touched rows hold now, add back what they held
        for r in jRowIndex where rowBasic[Int(r)] >= 0 {
            let st = rowStart[Int(r)]
            for k in 0..<Int(rowLen[Int(r)]) { symCount[Int(cells.sym[st + k])] -= 1 }
        }
        for r in jRowCount..<rowBasic.count where rowBasic[Int(r)] >= 0 {
            let st = rowStart[Int(r)]
            for k in 0..<Int(rowLen[Int(r)]) { symCount[Int(cells.sym[st + k])] -= 1 }
        }
        for k in 0..<jRowIndex.count {
            let r = jRowIndex[k]
            let from = jCellStart[k], to = k + 1 < jRowIndex.count ? jCellStart[k + 1] : jCellSym.count
            ensureCapacity(r, to - from)
            let st = rowStart[Int(r)]
            for i in from..<to { cells.sym[st + i - from] = jCellSym[i]; cells.coef[st + i - from] = jCellCoef[i] }
            rowLen[Int(r)] = Int32(to - from)
            rowConst[Int(r)] = jRowConst[k]
            rowBasic[Int(r)] = jRowBasic[k]
            if jRowBasic[k] >= 0 {
                for i in from..<to { symCount[Int(jCellSym[i])] += 1; colAdd(jCellSym[i], r) }
            }
        }
        let extra = rowBasic.count - jRowCount
        if extra > 0 {
            for r in jRowCount..<rowBasic.count { deadCells += Int(rowCap[r]) }
            rowStart.removeLast(extra); rowLen.removeLast(extra); rowCap.removeLast(extra); rowConst.removeLast(extra)
            rowBasic.removeLast(extra); rowMark.removeLast(extra); rowStamp.removeLast(extra)
        }
        freeRows = jFreeRows
        let L = levelCount
        for k in 0..<jSym.count {
            let s = jSym[k]
            guard Int(s) < jSymbolCount else { continue }
            symRow[Int(s)] = jSymRow[k]
            for l in 0..<L { objective[Int(s) * levelStride + l] = jObjective[k * L + l] }
        }
        // unlink column entries that point at rows which no longer exist
        if extra > 0 {
            for s in 0..<colHead.count {
                var prev: Int32 = -1
                var e = colHead[s]
                while e >= 0 {
                    let next = poolNext[Int(e)]
                    if Int(poolRow[Int(e)]) >= rowBasic.count {
                        if prev >= 0 { poolNext[Int(prev)] = next } else { colHead[s] = next }
                        poolNext[Int(e)] = poolFree
                        poolFree = e
                    } else {
                        prev = e
                    }
                    e = next
                }
            }
        }
        for v in jVars where Int(v) < varSym.count { varSym[Int(v)] = -1 }
        for s in candidates where Int(s) < inHeap.count { inHeap[Int(s)] = false }
        candidates.removeAll(keepingCapacity: true)
        for s in infeasibleHeap where Int(s) < inInfeasible.count { inInfeasible[Int(s)] = false }
        infeasibleHeap.removeAll(keepingCapacity: true)
        pivots = jPivots
        trouble = nil
    }
}
