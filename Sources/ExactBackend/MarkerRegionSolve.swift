/// The general way to a dropped marker's column, for when the walk (`SimplexEngine+MarkerRecovery.swift`) finds none:
/// equalities whose dependents close a cycle, as a row of cells sharing one width between two fixed edges does, where
/// changing one gap moves every width, so the weighting needs every row of the cycle at once.
///
/// It solves, exactly, `Σ a_s·w_s = μ_k` on row `k` and `Σ a_s·w_s = 0` on every other row without a marker, over
/// the structural columns, on a region of such rows that grows until it is closed. The region's rows (but `k`) are
/// kept solved, Gauss-Jordan: each for one of its variables in terms of the region's free ones. Row `k` is read in
/// the free variables; one free variable `v` of it carries the weight `μ_k / coefficient`, every other free variable
/// weighs 0, and the solved rows give the rest. That weighting satisfies every row of the region. It is the answer
/// once no row without a marker outside the region names a weighted variable (rows with a marker absorb what reaches
/// them, through their marker); otherwise those rows join the region. The region grows by at least one row a round,
/// so the solve ends; a work budget bounds it.
///
/// The region's variables get local indices in the order they are met, and its rows are dense over them: one flat
/// row-major matrix whose stride doubles when the variables outgrow it (a region is a few hundred variables at most).
/// The rows holding a variable are found by scanning its column. With hashed rows and per-variable lists instead,
/// hashing was two thirds of a 1,000-cell grid's lifecycle (as it had been nine tenths of the Cassowary back end's
/// recovery, which went dense first).
///
/// - Complexity: about the rows of the region it closes (a grid row's, say) times its variables, per row added, plus
///   the rounds' candidate checks; at most the budget (which the column scans are charged to).
struct MarkerRegionSolve<T: SimplexScalar> {
    private let engine: SimplexEngine<T>
    private let k: Int
    private var budget: Int
    /// Per origin: `regionMark` when in the region, `seenMark` when listed by the current `rowsOutside` call (marks
    /// are fresh per call, so nothing is cleared).
    private var originMark: [UInt32]
    private let regionMark: UInt32 = 1
    private var seenMark: UInt32 = 2
    /// Per engine column: its local index (-1: none yet).
    private var localOf: [Int32]
    /// Per local variable: its engine column, and the solved row it is the subject of (-1: free).
    private var columnOf: [Int] = []
    private var solvedRowOf: [Int32] = []
    /// The solved rows, `stride` entries each: row t is `subjects[t] = Σ cells[t·stride + l] · local l`.
    private var cells: [T] = []
    private var stride = 0
    private var subjects: [Int] = []
    /// Row `k`'s left side in the free variables, and the row being gathered (`stride` entries each).
    private var rowK: [T] = []
    private var accumulator: [T] = []
    private var touched: [Int] = []
    /// Rows added to the region so far.
    private var regionCount = 0
    /// The free variable of row k carrying the weight (local), and the variables its weight reaches (flagged by
    /// `inSupport`): no new row is solved for it while another variable can be, and it is weighed against the
    /// others again only when the region has doubled (weighing every candidate every round made the search
    /// quadratic in the region).
    private var current: Int? = nil
    private var support: [Int] = []
    private var inSupport: [Bool] = []

    /// `cheaply`: a budget of about a rebuild's work (the caller can put a rebuild off), not several.
    init(engine: SimplexEngine<T>, origin k: Int, cheaply: Bool = false) {
        self.engine = engine
        self.k = k
        budget = cheaply ? 2 * engine.termColumn.count + 256 : 16 * engine.termColumn.count + 4096
        originMark = [UInt32](repeating: 0, count: engine.origins.count)
        localOf = [Int32](repeating: -1, count: engine.columnCount)
    }

    private var rowCount: Int { subjects.count }
    private var variableCount: Int { columnOf.count }
    @inline(__always) private func isInRegion(_ i: Int) -> Bool { originMark[i] == regionMark }
    @inline(__always) private func entry(_ t: Int, _ l: Int) -> T { cells[t * stride + l] }
    /// Charges the budget for scanning `n` entries of a row or column (a scan step costs far less than an update).
    @inline(__always) private mutating func chargeScan(of n: Int) { budget -= n / 8 + 1 }

    /// A row the region must hold exactly: alive, without a marker column to absorb a residual.
    private func needsClosing(_ j: Int) -> Bool {
        engine.origins[j].alive && engine.needsRebuild(j)
    }

    /// The local index of engine column `c`, given on first use.
    private mutating func local(_ c: Int) -> Int {
        let l = localOf[c]
        if l >= 0 { return Int(l) }
        let n = variableCount
        if n == stride { widen() }
        localOf[c] = Int32(n)
        columnOf.append(c)
        solvedRowOf.append(-1)
        inSupport.append(false)
        return n
    }

    /// Doubles the stride (64 at first), moving every solved row to its new place.
    private mutating func widen() {
        let old = stride, wider = Swift.max(64, 2 * old)
        var moved = [T](repeating: .zero, count: Swift.max(rowCount, 16) * wider)
        for t in 0..<rowCount {
            for l in 0..<old { moved[t * wider + l] = cells[t * old + l] }
        }
        cells = moved
        rowK.append(contentsOf: repeatElement(.zero, count: wider - old))
        accumulator.append(contentsOf: repeatElement(.zero, count: wider - old))
        stride = wider
    }

    /// The weighting, or nil: the budget ran out, or row `k` vanished in the region's free variables (the others
    /// imply it), which the caller leaves to a rebuild.
    mutating func run() -> SimplexEngine<T>.RecoveryWeights? {
        add(k)
        var weighAgainAt = 0
        while budget > 0 {
            var pending: [Int]
            if let v = current, !rowK[v].isZero, regionCount < weighAgainAt {
                // The rows that came to hold v since: their subjects join the support, and the rows outside the
                // region naming those join the region; once none does, the whole weighting is checked.
                var fresh: [Int] = []
                chargeScan(of: rowCount)
                for t in 0..<rowCount where !entry(t, v).isZero {
                    let s = subjects[t]
                    if !inSupport[s] {
                        inSupport[s] = true
                        support.append(s)
                        fresh.append(columnOf[s])
                    }
                }
                pending = rowsOutside(naming: fresh)
                if pending.isEmpty {
                    let full = weights(carriedBy: v)
                    pending = rowsOutside(naming: full.map(\.0))
                    if pending.isEmpty { return absorbed(full) }
                }
            } else {
                // The free variable of row k whose weights reach the fewest rows outside (the newest column first
                // on ties).
                let candidates = (0..<variableCount).filter { !rowK[$0].isZero }.sorted { columnOf[$0] > columnOf[$1] }
                if candidates.isEmpty { return nil }
                var best: (variable: Int, support: [(Int, T)], outside: [Int])? = nil
                for v in candidates {
                    let weighted = weights(carriedBy: v)
                    let outside = rowsOutside(naming: weighted.map(\.0), atMost: best?.outside.count ?? .max)
                    if best == nil || outside.count < best!.outside.count { best = (v, weighted, outside) }
                    if best!.outside.isEmpty { break }
                }
                guard let best else { return nil }
                if best.outside.isEmpty { return absorbed(best.support) }
                current = best.variable
                for s in support { inSupport[s] = false }
                support.removeAll(keepingCapacity: true)
                for (c, _) in best.support {
                    let s = Int(localOf[c])
                    if !inSupport[s] { inSupport[s] = true; support.append(s) }
                }
                pending = best.outside
                weighAgainAt = Swift.max(2 * regionCount, regionCount + 8)
            }
            for i in pending where !isInRegion(i) { add(i) }
        }
        return nil
    }

    /// The weights (by engine column) when free local variable `v` carries `μ_k / coefficient`: it and the subjects
    /// of the solved rows holding it.
    private mutating func weights(carriedBy v: Int) -> [(Int, T)] {
        let wv = T(engine.origins[k].markerSign) / rowK[v]
        var support: [(Int, T)] = []
        support.reserveCapacity(rowCount + 1)
        support.append((columnOf[v], wv))
        chargeScan(of: rowCount)
        for t in 0..<rowCount {
            let c = entry(t, v)
            if !c.isZero { support.append((columnOf[subjects[t]], c * wv)) }
        }
        return support
    }

    /// The rows without a marker outside the region that name one of `columns`, each once (stopping past `limit`).
    private mutating func rowsOutside(naming columns: [Int], atMost limit: Int = .max) -> [Int] {
        var found: [Int] = []
        seenMark &+= 1
        if seenMark == regionMark { seenMark &+= 1 }
        for c in columns where found.count <= limit {
            for (j, _) in engine.recovery.uses(of: c) {
                if found.count > limit { break }
                budget -= 1
                if originMark[j] != regionMark && originMark[j] != seenMark && needsClosing(j) {
                    originMark[j] = seenMark
                    found.append(j)
                }
            }
        }
        return found
    }

    /// Adds row `i` to the region: its terms in the free variables, then solved for one of them (row k is only
    /// read); a row that vanishes is implied by the region's others and holds for any weighting of them.
    private mutating func add(_ i: Int) {
        originMark[i] = regionMark
        regionCount += 1
        let expression = gather(i)
        if i == k {
            for (x, a) in expression { rowK[x] = a }
            return
        }
        // The subject: not the variable carrying the weight if another will do; then the variable the fewest rows
        // without a marker outside the region name (a weight on a root edge that every row of a grid shares would
        // pull them all in); on ties one row k does not hold (those are the candidates to carry the weight), then
        // the smallest column.
        var subject: (variable: Int, coefficient: T)? = nil
        var subjectRank = (Int.max, Int.max, Int.max, Int.max)
        for (v, a) in expression.sorted(by: { columnOf[$0.0] < columnOf[$1.0] }) {
            let carries = v == current ? 1 : 0
            if carries > subjectRank.0 { continue }
            let outside = rowsOutside(naming: [columnOf[v]], atMost: carries < subjectRank.0 ? .max : subjectRank.1).count
            let rank = (carries, outside, rowK[v].isZero ? 0 : 1, columnOf[v])
            if subject == nil || rank < subjectRank { subject = (v, a); subjectRank = rank }
        }
        guard let (s, a) = subject else { return }
        solve(expression, for: s, coefficient: a)
    }

    /// Row `i`'s terms over the region's free local variables (solved ones replaced by their rows), nonzero.
    private mutating func gather(_ i: Int) -> [(Int, T)] {
        let o = engine.origins[i]
        touched.removeAll(keepingCapacity: true)
        for p in o.termStart ..< o.termStart + o.termCount {
            let v = local(engine.termColumn[p]), a = engine.termCoefficient[p]
            let row = Int(solvedRowOf[v])
            if row >= 0 {
                chargeScan(of: variableCount)
                for x in 0..<variableCount {
                    let c = entry(row, x)
                    if c.isZero { continue }
                    if accumulator[x].isZero { touched.append(x) }
                    accumulator[x] = accumulator[x] + a * c
                }
            } else {
                if accumulator[v].isZero { touched.append(v) }
                accumulator[v] = accumulator[v] + a
            }
        }
        // (the accumulator cleared on the way; a variable listed twice, after cancelling to 0 once, reads 0 again)
        var expression: [(Int, T)] = []
        for x in touched {
            let a = accumulator[x]
            accumulator[x] = .zero
            if !a.isZero { expression.append((x, a)) }
        }
        return expression
    }

    /// Adds `expression` as a solved row for `s` (coefficient `a` in it), then substitutes it into the other solved
    /// rows and row k (Gauss-Jordan: every solved row stays in the free variables).
    private mutating func solve(_ expression: [(Int, T)], for s: Int, coefficient a: T) {
        let inverse = -(T.one / a)
        var terms: [(Int, T)] = []
        for (v, c) in expression where v != s { terms.append((v, c * inverse)) }
        let t = rowCount
        if cells.count < (t + 1) * stride { cells.append(contentsOf: repeatElement(.zero, count: Swift.max(cells.count, stride))) }
        for (v, c) in terms { cells[t * stride + v] = c }
        chargeScan(of: t)
        for u in 0..<t {
            let c = entry(u, s)
            if c.isZero { continue }
            cells[u * stride + s] = .zero
            budget -= terms.count
            for (v, b) in terms { cells[u * stride + v] = cells[u * stride + v] + c * b }
        }
        subjects.append(s)
        solvedRowOf[s] = Int32(t)
        let c = rowK[s]
        if !c.isZero {
            rowK[s] = .zero
            for (v, b) in terms { rowK[v] = rowK[v] + c * b }
        }
    }

    /// The structural weights, and the markers of the rows with one that they reach, absorbing what reaches them
    /// (with the level of each that is a cost column).
    private func absorbed(_ support: [(Int, T)]) -> SimplexEngine<T>.RecoveryWeights {
        var weights: SimplexEngine<T>.RecoveryWeights = []
        var residual: [Int: T] = [:]
        for (v, w) in support.sorted(by: { $0.0 < $1.0 }) where !w.isZero {
            weights.append((v, w, nil))
            for (j, p) in engine.recovery.uses(of: v) where engine.origins[j].alive && !needsClosing(j) {
                residual[j] = (residual[j] ?? .zero) - engine.termCoefficient[p] * w
            }
        }
        for j in residual.keys.sorted() where !residual[j]!.isZero {
            let o = engine.origins[j]
            // (μ = ±1, so 1/μ = μ)
            let w = o.markerSign > 0 ? residual[j]! : -residual[j]!
            weights.append((o.marker, w, o.costColumns.contains(o.marker) ? o.priority : nil))
        }
        return weights
    }
}
