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
/// dictionary updates were nine tenths of a grid row's recovery). The rows holding a variable are found by scanning
/// its column (a few dozen rows on a grid), not kept in per-variable lists: keeping those lists, with their stale
/// entries, cost several times the arithmetic they saved. The matrix and every other table live in the solver's
/// `MarkerRegionScratch` between solves, so a solve allocates nothing once they have grown.
///
/// - Complexity: about the rows of the region it closes (a grid row's cells, say) times its variables, per row
///   added, plus the rounds' candidate checks; at most the work budget (which the column scans are charged to).
struct MarkerRegionSolve {
    private let solver: CassowarySolver
    private let k: Int
    private var budget: Int
    /// The solver's region scratch, held for the solve and given back at rest (`release()`).
    private var scratch = MarkerRegionScratch()

    /// A record is in the region when its mark is `regionMark`, and listed by the current `rowsOutside` call when it
    /// is `seenMark` (each call takes a fresh one, above the region's).
    private var regionMark: UInt32
    private var seenMark: UInt32
    private var regionCount = 0
    /// The free variable of row k carrying the weight (`run()`, local); no new row is solved for it while another
    /// variable can be (re-weighing every candidate each time it went would make the search quadratic).
    private var current: Int? = nil
    private var scale: Double = 1

    init(solver: CassowarySolver, record k: Int) {
        self.solver = solver
        self.k = k
        budget = 16 * solver.termVars.count + 4096
        swap(&scratch, &solver.regionScratch)
        scratch.ensure(records: solver.records.count, variables: solver.variableUses.count)
        regionMark = scratch.nextMark
        seenMark = regionMark
    }

    private var rowCount: Int { scratch.subjects.count }
    private var variableCount: Int { scratch.variableOf.count }
    @inline(__always) private func isInRegion(_ i: Int) -> Bool { scratch.recordMark[i] == regionMark }

    /// The local index of layout variable `v` (one a record names: `variableUses` covers it), given on first use.
    @inline(__always) private mutating func local(_ v: Int) -> Int {
        let l = scratch.localOf[v]
        return l >= 0 ? Int(l) : newLocal(v)
    }

    private mutating func newLocal(_ v: Int) -> Int {
        let l = variableCount
        if l == scratch.stride { widen() }
        scratch.localOf[v] = Int32(l)
        scratch.variableOf.append(v)
        scratch.solvedRowOf.append(-1)
        scratch.inSupport.append(false)
        return l
    }

    /// Doubles the stride (128 at first: a grid row's region fits), moving every solved row to its new place.
    private mutating func widen() {
        let old = scratch.stride, wider = Swift.max(128, 2 * old), n = rowCount
        var moved = [Double](repeating: 0, count: Swift.max(scratch.cells.count / Swift.max(old, 1), 64) * wider)
        if n > 0 {
            moved.withUnsafeMutableBufferPointer { to in
                scratch.cells.withUnsafeBufferPointer { from in
                    for t in 0..<n {
                        for l in 0..<old { to[t * wider + l] = from[t * old + l] }
                    }
                }
            }
        }
        scratch.cells = moved
        scratch.rowK.append(contentsOf: repeatElement(0, count: wider - old))
        scratch.accumulator.append(contentsOf: repeatElement(0, count: wider - old))
        scratch.stride = wider
    }

    /// Room for one more solved row (its entries zero): the matrix doubles when full.
    @inline(__always) private mutating func makeRoomForRow() {
        if scratch.cells.count < (rowCount + 1) * scratch.stride {
            scratch.cells.append(contentsOf: repeatElement(0, count: scratch.cells.count))
        }
    }

    @inline(__always) private func entry(_ t: Int, _ l: Int) -> Double { scratch.cells[t * scratch.stride + l] }

    /// Magnitudes at or below this are round-off of the region's coefficients (dropped).
    private var negligible: Double { 1e-12 * scale }
    @inline(__always) private func isNegligible(_ value: Double) -> Bool { abs(value) <= negligible }

    /// Charges the budget for scanning `n` entries of a row or column (a scan step costs far less than an update).
    @inline(__always) private mutating func chargeScan(of n: Int) { budget -= n / 8 + 1 }

    /// What the search found.
    enum Outcome {
        case found(MarkerCombination)
        /// Row k vanished in the region's free variables: the other rows imply it, so the tableau without it is the
        /// tableau as it is.
        case implied
        /// The budget ran out (or the weighting reached a variable without a symbol).
        case gaveUp
    }

    /// Runs the solve and gives the scratch back to the solver at rest.
    mutating func run() -> Outcome {
        let outcome = search()
        release()
        return outcome
    }

    /// Clears what the solve used (its rows, variables and marks) and puts the scratch back into the solver.
    private mutating func release() {
        let n = variableCount, stride = scratch.stride, rows = rowCount
        scratch.cells.withUnsafeMutableBufferPointer { cells in
            for t in 0..<rows {
                for l in 0..<n { cells[t * stride + l] = 0 }
            }
        }
        for l in 0..<n {
            scratch.rowK[l] = 0
            scratch.localOf[scratch.variableOf[l]] = -1
        }
        scratch.variableOf.removeAll(keepingCapacity: true)
        scratch.solvedRowOf.removeAll(keepingCapacity: true)
        scratch.inSupport.removeAll(keepingCapacity: true)
        scratch.subjects.removeAll(keepingCapacity: true)
        scratch.support.removeAll(keepingCapacity: true)
        scratch.nextMark = seenMark + 1
        swap(&scratch, &solver.regionScratch)
    }

    private mutating func search() -> Outcome {
        add(k)
        // the free variable carrying the weight and the variables its weight reaches (`scratch.support`, flagged by
        // `inSupport`); the candidates are weighed again each time the region doubles
        var weighAgainAt = 0
        while budget > 0 {
            guard (0..<variableCount).contains(where: { scratch.rowK[$0] != 0 }) else { return .implied }
            var pending: [Int]
            if let v = current, scratch.rowK[v] != 0, regionCount < weighAgainAt {
                // the rows that came to hold v since: their subjects join the support, and the rows outside the
                // region naming those join the region
                var fresh: [Int] = []
                chargeScan(of: rowCount)
                for t in 0..<rowCount where entry(t, v) != 0 {
                    let s = scratch.subjects[t]
                    if !scratch.inSupport[s] {
                        scratch.inSupport[s] = true
                        scratch.support.append(s)
                        fresh.append(scratch.variableOf[s])
                    }
                }
                pending = rowsOutside(naming: fresh)
                if pending.isEmpty {
                    // closed as far as the support grew: check the whole of it
                    let full = weights(carriedBy: v, coefficient: scratch.rowK[v])
                    pending = rowsOutside(naming: full.map { scratch.variableOf[$0.0] })
                    if pending.isEmpty { return finish(full) }
                }
            } else {
                // the free variable of row k whose weights reach the fewest rows outside the region
                var best: (variable: Int, support: [(Int, Double)], outside: [Int])? = nil
                // (newest variable first on ties, as in `MarkerSearch`)
                let candidates = (0..<variableCount).filter { abs(scratch.rowK[$0]) > CassowaryTolerance.pivot }
                for v in candidates.sorted(by: { scratch.variableOf[$0] > scratch.variableOf[$1] }) {
                    let support = weights(carriedBy: v, coefficient: scratch.rowK[v])
                    let outside = rowsOutside(
                        naming: support.map { scratch.variableOf[$0.0] }, atMost: best?.outside.count ?? .max)
                    if best == nil || outside.count < best!.outside.count { best = (v, support, outside) }
                    if best!.outside.isEmpty { break }
                }
                // only round-off-sized coefficients left: nearly implied, which a rebuild judges better
                guard let best else { return .gaveUp }
                if best.outside.isEmpty { return finish(best.support) }
                current = best.variable
                for s in scratch.support { scratch.inSupport[s] = false }
                scratch.support.removeAll(keepingCapacity: true)
                for (s, _) in best.support where !scratch.inSupport[s] {
                    scratch.inSupport[s] = true
                    scratch.support.append(s)
                }
                pending = best.outside
                weighAgainAt = Swift.max(2 * regionCount, regionCount + 8)
            }
            for i in pending where !isInRegion(i) { add(i) }
        }
        return .gaveUp
    }

    private func finish(_ support: [(Int, Double)]) -> Outcome {
        // in variable order, so that sums over it come out the same in every process
        let byVariable = support.map { (scratch.variableOf[$0.0], $0.1) }.sorted { $0.0 < $1.0 }
        guard let found = combination(byVariable) else { return .gaveUp }
        return .found(found)
    }

    /// The weights when free variable `v` (local; coefficient `a` in row k) carries `-1 / a`: it and the subjects of
    /// the solved rows holding it (local variables).
    private mutating func weights(carriedBy v: Int, coefficient a: Double) -> [(Int, Double)] {
        let wv = -1 / a
        var support: [(Int, Double)] = [(v, wv)]
        chargeScan(of: rowCount)
        for t in 0..<rowCount {
            let c = entry(t, v)
            if c != 0 { support.append((scratch.subjects[t], c * wv)) }
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
        seenMark += 1   // above the region's mark and every earlier call's
        for v in variables where found.count <= limit {
            var p = solver.useIndex.firstPosition(of: v)
            while let q = p, found.count <= limit {
                budget -= 1
                let j = solver.useIndex.record(at: q)
                p = solver.useIndex.position(after: q)
                let mark = scratch.recordMark[j]
                if solver.records[j].hasNoMarker && mark != regionMark && mark != seenMark {
                    scratch.recordMark[j] = seenMark
                    found.append(j)
                }
            }
        }
        return found
    }

    /// Adds record `i` (without a marker) to the region: its row in the free variables, then solved for one of
    /// them (row k is only kept); a row that vanishes is implied by the region's others.
    private mutating func add(_ i: Int) {
        scratch.recordMark[i] = regionMark
        regionCount += 1
        gather(i)
        if i == k {
            for (x, a) in scratch.expression { scratch.rowK[x] = a }
            return
        }
        guard let (s, coefficient) = subject() else { return }
        solve(for: s, coefficient: coefficient)
    }

    /// Record `i`'s row in the free variables (solved variables replaced by their rows) into `scratch.expression`.
    private mutating func gather(_ i: Int) {
        let r = solver.records[i]
        scratch.touched.removeAll(keepingCapacity: true)
        for p in r.start..<(r.start + r.count) {
            let v = local(Int(solver.termVars[p])), a = solver.termCoefs[p]
            scale = Swift.max(scale, abs(a))
            let row = Int(scratch.solvedRowOf[v])
            if row >= 0 {
                let base = row * scratch.stride, n = variableCount
                chargeScan(of: n)
                scratch.accumulator.withUnsafeMutableBufferPointer { accumulator in
                    scratch.cells.withUnsafeBufferPointer { cells in
                        for x in 0..<n where cells[base + x] != 0 {
                            if accumulator[x] == 0 { scratch.touched.append(x) }
                            accumulator[x] += a * cells[base + x]
                        }
                    }
                }
            } else {
                if scratch.accumulator[v] == 0 { scratch.touched.append(v) }
                scratch.accumulator[v] += a
            }
        }
        // the row's terms, the accumulator cleared on the way (a variable listed twice, after cancelling to exactly
        // 0 once, reads 0 the second time and is skipped)
        scratch.expression.removeAll(keepingCapacity: true)
        for x in scratch.touched {
            let a = scratch.accumulator[x]
            scratch.accumulator[x] = 0
            if !isNegligible(a) { scratch.expression.append((x, a)) }
        }
    }

    /// The subject to solve the gathered row for: not the variable carrying the weight if another will do; then the
    /// free variable named by the fewest rows without a marker outside the region (a weight on it would pull those
    /// in: a root edge shared by every row of a grid must not become the subject of one of them); on ties one that
    /// row k does not hold (row k's are the candidates to carry the weight), then the smallest id.
    private mutating func subject() -> (variable: Int, coefficient: Double)? {
        var subject: (variable: Int, coefficient: Double)? = nil
        var subjectRank = (Int.max, Int.max, Int.max, Int.max)
        // (the least used first, so that the long use lists of shared variables are cut short by the best so far)
        // (a row has a handful of terms: an insertion sort, on keys read once)
        let uses = solver.variableUses, variableOf = scratch.variableOf
        scratch.ordered.removeAll(keepingCapacity: true)
        for term in scratch.expression {
            let key = (Int(uses[variableOf[term.variable]]), variableOf[term.variable])
            var j = scratch.ordered.count
            scratch.ordered.append((term, key))
            while j > 0 && key < scratch.ordered[j - 1].key {
                scratch.ordered.swapAt(j, j - 1)
                j -= 1
            }
        }
        for (term, _) in scratch.ordered where abs(term.coefficient) > CassowaryTolerance.pivot {
            let v = term.variable
            let carries = v == current ? 1 : 0
            if carries > subjectRank.0 { continue }
            let outside = outsideRows(naming: variableOf[v], atMost: carries < subjectRank.0 ? .max : subjectRank.1)
            let rank = (carries, outside, scratch.rowK[v] != 0 ? 1 : 0, variableOf[v])
            if subject == nil || rank < subjectRank { subject = term; subjectRank = rank }
        }
        return subject
    }

    /// Adds the gathered row as a solved row for `s` (its coefficient in the row given), then substitutes it into
    /// the other solved rows and row k (Gauss-Jordan: every solved row stays in the free variables).
    private mutating func solve(for s: Int, coefficient: Double) {
        let inverse = -1 / coefficient
        scratch.terms.removeAll(keepingCapacity: true)
        for (v, a) in scratch.expression where v != s { scratch.terms.append((v, a * inverse)) }
        let t = rowCount
        makeRoomForRow()
        // the rows holding s (before this one is stored: none of them is it)
        let stride = scratch.stride, negligible = self.negligible
        var substituted = 0
        scratch.cells.withUnsafeMutableBufferPointer { cells in
            scratch.terms.withUnsafeBufferPointer { terms in
                for (v, a) in terms { cells[t * stride + v] = a }
                for u in 0..<t {
                    let c = cells[u * stride + s]
                    guard c != 0 else { continue }
                    cells[u * stride + s] = 0
                    substituted += 1
                    for (v, a) in terms {
                        let value = cells[u * stride + v] + c * a
                        cells[u * stride + v] = abs(value) <= negligible ? 0 : value
                    }
                }
            }
        }
        chargeScan(of: t)
        budget -= substituted * scratch.terms.count
        scratch.subjects.append(s)
        scratch.solvedRowOf[s] = Int32(t)
        let c = scratch.rowK[s]
        if c != 0 {
            scratch.rowK[s] = 0
            for (v, a) in scratch.terms {
                let value = scratch.rowK[v] + c * a
                scratch.rowK[v] = isNegligible(value) ? 0 : value
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
