/// The general marker search, for when the depth-first one (`MarkerSearch`) finds no weighting: equalities whose
/// dependents close a cycle, as a row of views sharing one width between two fixed edges (Masonry's distribution)
/// does, where changing one gap moves every width and the weighting needs every row of the cycle at once.
///
/// It solves `A w = -e_k` on a region of rows that grows until it is closed: the rows without a marker in the region
/// are kept in solved form (each solved for one of its variables in terms of the region's free variables,
/// Gauss-Jordan, homogeneous); row `k` is read in the free variables; one free variable `s` of it carries the weight
/// `-1 / coefficient`, and the solved rows give every other weight. That weighting satisfies every row of the
/// region. It is the answer once no row outside the region without a marker names a weighted variable (rows with a
/// marker absorb what reaches them); otherwise those rows join the region, and the weight's reach grows with the
/// rows that come to hold its variable. The free variable is the one whose weights reach the fewest rows outside,
/// weighed again whenever the region has doubled (or the variable was solved for). The region grows by at least
/// one row per round, so the search ends; a work budget bounds it.
///
/// The region's variables get local indices (in the order they are met) and its rows are dense over them, in one
/// flat row-major matrix whose stride doubles when the variables outgrow it: a region is a few hundred variables at
/// most, and dense rows turn the Gauss-Jordan steps into plain loops over memory (with hashed rows, the steps'
/// dictionary updates were nine tenths of a grid row's recovery).
///
/// - Complexity: about the rows of the region it closes (a grid row's cells, say) times its variables, per row
///   added, plus the rounds' candidate checks; at most the work budget.
struct MarkerRegionSolve {
    private let solver: CassowarySolver
    private let k: Int
    private var budget: Int

    /// Per record: the region's mark (`regionMark`) when in the region, `seenMark` when listed by the current
    /// `rowsOutside` call. Marks are fresh per solve, so nothing is cleared.
    private var recordMark: [UInt32]
    private var regionMark: UInt32
    private var seenMark: UInt32
    private var regionCount = 0

    /// The region's variables: a local index per layout variable met (-1 before), the layout variable of each.
    private var localOf: [Int32]
    private var variableOf: [Int] = []
    /// The free variable of row k carrying the weight (`run()`, local); no new row is solved for it while another
    /// variable can be (re-weighing every candidate each time it went would make the search quadratic).
    private var current: Int? = nil
    /// Per solved row: the mark of the last `weights` call that read it, and of the last substitution that did.
    private var solvedMark: [UInt32] = []
    private var weightsMark: UInt32 = 0
    private var substitutedMark: [UInt32] = []
    private var substitutionMark: UInt32 = 0
    /// Solved rows: `subject = Σ coefficient · free variable`, dense over the local variables: row `t`'s entry for
    /// local variable `l` is `cells[t * stride + l]` (every stored nonzero is above the drop threshold; entries past
    /// the last row are zero).
    private var subjects: [Int] = []
    private var cells: [Double] = []
    private var stride = 0
    private var rowCount: Int { subjects.count }
    /// Per local variable: the solved row it is the subject of (-1: free), and the solved rows that may hold it
    /// (stale and repeated entries are checked on use).
    private var solvedRowOf: [Int] = []
    private var rowsHolding: [[Int]] = []
    /// Row `k` in the free variables, dense over the local variables (`stride` entries).
    private var rowK: [Double] = []
    /// The row being added, dense over the local variables (`stride` entries, zero between adds), and the buffers
    /// of `add(_:)` (kept from one add to the next, so that an add allocates nothing once they have grown).
    private var accumulator: [Double] = []
    private var touched: [Int] = []
    private var expression: [(variable: Int, coefficient: Double)] = []
    private var terms: [(variable: Int, coefficient: Double)] = []
    private var scale: Double = 1

    init(solver: CassowarySolver, record k: Int) {
        self.solver = solver
        self.k = k
        budget = 16 * solver.termVars.count + 4096
        recordMark = [UInt32](repeating: 0, count: solver.records.count)
        localOf = [Int32](repeating: -1, count: solver.variableUses.count)
        regionMark = 2
        seenMark = 1
    }

    @inline(__always) private func isInRegion(_ i: Int) -> Bool { recordMark[i] == regionMark }

    /// The local index of layout variable `v` (one a record names: `variableUses` covers it), given on first use.
    @inline(__always) private mutating func local(_ v: Int) -> Int {
        if localOf[v] >= 0 { return Int(localOf[v]) }
        return newLocal(v)
    }

    private mutating func newLocal(_ v: Int) -> Int {
        let l = variableOf.count
        if l == stride { widen() }
        localOf[v] = Int32(l)
        variableOf.append(v)
        solvedRowOf.append(-1)
        rowsHolding.append([])
        return l
    }

    /// Doubles the stride (128 at first: a grid row's region fits), moving every solved row to its new place.
    private mutating func widen() {
        let wider = Swift.max(128, 2 * stride), old = stride, n = rowCount
        var moved = [Double](repeating: 0, count: Swift.max(n + 1, 64) * wider)
        if n > 0 {
            moved.withUnsafeMutableBufferPointer { to in
                cells.withUnsafeBufferPointer { from in
                    for t in 0..<n {
                        for l in 0..<old { to[t * wider + l] = from[t * old + l] }
                    }
                }
            }
        }
        cells = moved
        rowK.append(contentsOf: [Double](repeating: 0, count: wider - old))
        accumulator.append(contentsOf: [Double](repeating: 0, count: wider - old))
        stride = wider
    }

    /// Room for one more solved row (its entries zero): the matrix doubles when full.
    @inline(__always) private mutating func makeRoomForRow() {
        if cells.count < (rowCount + 1) * stride {
            cells.append(contentsOf: [Double](repeating: 0, count: cells.count))
        }
    }

    @inline(__always) private func entry(_ t: Int, _ l: Int) -> Double { cells[t * stride + l] }
    @inline(__always) private mutating func setEntry(_ t: Int, _ l: Int, _ value: Double) { cells[t * stride + l] = value }

    /// Whether a sum's magnitude is round-off of the region's coefficients (dropped).
    @inline(__always) private func isNegligible(_ value: Double) -> Bool { abs(value) <= 1e-12 * scale }

    /// What the search found.
    enum Outcome {
        case found(MarkerCombination)
        /// Row k vanished in the region's free variables: the other rows imply it, so the tableau without it is the
        /// tableau as it is.
        case implied
        /// The budget ran out (or the weighting reached a variable without a symbol).
        case gaveUp
    }

    mutating func run() -> Outcome {
        add(k)
        // the free variable carrying the weight, the entries of its `rowsHolding` list already read, and the
        // variables its weight reaches; the candidates are weighed again each time the region doubles
        var cursor = 0
        var support = Set<Int>()
        var weighAgainAt = 0
        while budget > 0 {
            guard rowK.contains(where: { $0 != 0 }) else { return .implied }
            var pending: [Int]
            if let v = current, rowK[v] != 0, regionCount < weighAgainAt {
                // the rows that came to hold v since: their subjects join the support, and the rows outside the
                // region naming those join the region
                var fresh: [Int] = []
                while cursor < rowsHolding[v].count {
                    let t = rowsHolding[v][cursor]
                    cursor += 1
                    budget -= 1
                    if entry(t, v) != 0 && support.insert(subjects[t]).inserted { fresh.append(variableOf[subjects[t]]) }
                }
                pending = rowsOutside(naming: fresh)
                if pending.isEmpty {
                    // closed as far as the support grew: check the whole of it
                    let full = weights(carriedBy: v, coefficient: rowK[v])
                    pending = rowsOutside(naming: full.map { variableOf[$0.0] })
                    if pending.isEmpty { return finish(full) }
                }
            } else {
                // the free variable of row k whose weights reach the fewest rows outside the region
                var best: (variable: Int, support: [(Int, Double)], outside: [Int])? = nil
                // (newest variable first on ties, as in `MarkerSearch`)
                let candidates = rowK.indices.filter { abs(rowK[$0]) > CassowaryTolerance.pivot }
                for v in candidates.sorted(by: { variableOf[$0] > variableOf[$1] }) {
                    let support = weights(carriedBy: v, coefficient: rowK[v])
                    let outside = rowsOutside(naming: support.map { variableOf[$0.0] }, atMost: best?.outside.count ?? .max)
                    if best == nil || outside.count < best!.outside.count { best = (v, support, outside) }
                    if best!.outside.isEmpty { break }
                }
                // only round-off-sized coefficients left: nearly implied, which a rebuild judges better
                guard let best else { return .gaveUp }
                if best.outside.isEmpty { return finish(best.support) }
                current = best.variable
                cursor = rowsHolding[best.variable].count
                support = Set(best.support.map(\.0))
                pending = best.outside
                weighAgainAt = Swift.max(2 * regionCount, regionCount + 8)
            }
            for i in pending where !isInRegion(i) { add(i) }
        }
        return .gaveUp
    }

    private func finish(_ support: [(Int, Double)]) -> Outcome {
        // in variable order, so that sums over it come out the same in every process
        let byVariable = support.map { (variableOf[$0.0], $0.1) }.sorted { $0.0 < $1.0 }
        guard let found = combination(byVariable) else { return .gaveUp }
        return .found(found)
    }

    /// The weights when free variable `v` (local; coefficient `a` in row k) carries `-1 / a`: it and the subjects of
    /// the solved rows holding it (local variables).
    private mutating func weights(carriedBy v: Int, coefficient a: Double) -> [(Int, Double)] {
        let wv = -1 / a
        var support: [(Int, Double)] = [(v, wv)]
        weightsMark &+= 1
        if solvedMark.count < rowCount { grow(&solvedMark, toInclude: rowCount - 1, with: 0) }
        for t in rowsHolding[v] where solvedMark[t] != weightsMark {
            solvedMark[t] = weightsMark
            budget -= 1
            let c = entry(t, v)
            if c != 0 { support.append((subjects[t], c * wv)) }
        }
        return support
    }

    /// How many records without a marker outside the region name layout variable `v` (counting stops past
    /// `limit`).
    private mutating func outsideRows(naming v: Int, atMost limit: Int) -> Int {
        var count = 0
        var p = solver.useIndex.firstPosition(of: v)
        while let q = p, count <= limit {
            budget -= 1
            let j = solver.useIndex.record(at: q)
            p = solver.useIndex.position(after: q)
            if solver.records[j].hasNoMarker && !isInRegion(j) { count += 1 }
        }
        return count
    }

    /// The records without a marker outside the region that name one of `variables` (layout variables), each once
    /// (stopping once there are more than `limit`).
    private mutating func rowsOutside(naming variables: [Int], atMost limit: Int = .max) -> [Int] {
        var found: [Int] = []
        seenMark &+= 2   // odd: never the region's mark
        for v in variables where found.count <= limit {
            var p = solver.useIndex.firstPosition(of: v)
            while let q = p, found.count <= limit {
                budget -= 1
                let j = solver.useIndex.record(at: q)
                p = solver.useIndex.position(after: q)
                if solver.records[j].hasNoMarker && recordMark[j] != regionMark && recordMark[j] != seenMark {
                    recordMark[j] = seenMark
                    found.append(j)
                }
            }
        }
        return found
    }

    /// Adds record `i` (without a marker) to the region: its row in the free variables, then solved for one of
    /// them (row k is only kept); a row that vanishes is implied by the region's others.
    private mutating func add(_ i: Int) {
        recordMark[i] = regionMark
        regionCount += 1
        let r = solver.records[i]
        touched.removeAll(keepingCapacity: true)
        for p in r.start..<(r.start + r.count) {
            let v = local(Int(solver.termVars[p])), a = solver.termCoefs[p]
            scale = Swift.max(scale, abs(a))
            if solvedRowOf[v] >= 0 {
                let base = solvedRowOf[v] * stride
                for x in 0..<variableOf.count where cells[base + x] != 0 {
                    if accumulator[x] == 0 { touched.append(x) }
                    accumulator[x] += a * cells[base + x]
                    budget -= 1
                }
            } else {
                if accumulator[v] == 0 { touched.append(v) }
                accumulator[v] += a
            }
        }
        // the row's terms, the accumulator cleared on the way (a variable listed twice, after cancelling to exactly
        // 0 once, reads 0 the second time and is skipped)
        expression.removeAll(keepingCapacity: true)
        for x in touched {
            let a = accumulator[x]
            accumulator[x] = 0
            if !isNegligible(a) { expression.append((x, a)) }
        }
        if i == k {
            for (x, a) in expression { rowK[x] = a }
            return
        }
        // the subject: not the variable carrying the weight if another will do; then the free variable named by the
        // fewest rows without a marker outside the region (a weight on it would pull those in: a root edge shared by
        // every row of a grid must not become the subject of one of them); on ties one that row k does not hold
        // (row k's are the candidates to carry the weight), then the smallest id
        var subject: (variable: Int, coefficient: Double)? = nil
        var subjectRank = (Int.max, Int.max, Int.max, Int.max)
        // (the least used first, so that the long use lists of shared variables are cut short by the best so far)
        let byUses = expression.sorted {
            (solver.variableUses[variableOf[$0.variable]], variableOf[$0.variable])
                < (solver.variableUses[variableOf[$1.variable]], variableOf[$1.variable])
        }
        for term in byUses where abs(term.coefficient) > CassowaryTolerance.pivot {
            let v = term.variable
            let carries = v == current ? 1 : 0
            if carries > subjectRank.0 { continue }
            let outside = outsideRows(naming: variableOf[v], atMost: carries < subjectRank.0 ? .max : subjectRank.1)
            let rank = (carries, outside, rowK[v] != 0 ? 1 : 0, variableOf[v])
            if subject == nil || rank < subjectRank { subject = term; subjectRank = rank }
        }
        guard let (s, sCoefficient) = subject else { return }
        let inverse = -1 / sCoefficient
        terms.removeAll(keepingCapacity: true)
        for (v, a) in expression where v != s { terms.append((v, a * inverse)) }
        let t = rowCount
        makeRoomForRow()
        subjects.append(s)
        for (v, a) in terms { setEntry(t, v, a); rowsHolding[v].append(t) }
        solvedRowOf[s] = t
        // s is no longer free: substitute it into the solved rows and row k
        substitutionMark &+= 1
        if substitutedMark.count < rowCount { grow(&substitutedMark, toInclude: rowCount - 1, with: 0) }
        for u in rowsHolding[s] where u != t && substitutedMark[u] != substitutionMark {
            substitutedMark[u] = substitutionMark
            let c = entry(u, s)
            guard c != 0 else { continue }
            setEntry(u, s, 0)
            budget -= terms.count
            for (v, a) in terms {
                let before = entry(u, v)
                let value = before + c * a
                if !isNegligible(value) {
                    if before == 0 { rowsHolding[v].append(u) }
                    setEntry(u, v, value)
                } else if before != 0 {
                    setEntry(u, v, 0)
                }
            }
        }
        rowsHolding[s] = []
        let c = rowK[s]
        if c != 0 {
            rowK[s] = 0
            for (v, a) in terms {
                let value = rowK[v] + c * a
                rowK[v] = isNegligible(value) ? 0 : value
            }
        }
    }

    /// The variables' symbols with their weights, and the markers of the rows with one that the weights reach,
    /// absorbing what reaches them (soft equalities' error markers carry a cost).
    private func combination(_ support: [(Int, Double)]) -> MarkerCombination? {
        var symbols: [(symbol: Int32, weight: Double)] = []
        var costs: [(slot: Int, weight: Double)] = []
        var absorbed: [Int: Double] = [:]
        for (v, w) in support where w != 0 {
            guard let s = solver.tableau.externals.symbol(of: v) else { return nil }
            symbols.append((s, w))
            var p = solver.useIndex.firstPosition(of: v)
            while let q = p {
                let j = solver.useIndex.record(at: q)
                p = solver.useIndex.position(after: q)
                if !solver.records[j].hasNoMarker { absorbed[j, default: 0] -= solver.termCoefs[q] * w }
            }
        }
        for j in absorbed.keys.sorted() {
            let r = solver.records[j]
            guard let m = r.marker else { return nil }
            let w = absorbed[j]! / r.markerSign
            symbols.append((m, w))
            if let level = r.level, r.relation == .equal { costs.append((level, w)) }
        }
        return MarkerCombination(symbols: symbols, costs: costs)
    }
}
