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
/// - Complexity: about the rows and cells of the region it closes (a grid row's cells, say), times the rounds'
///   candidate checks; at most the work budget.
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
    /// The free variable of row k carrying the weight (`run()`); no new row is solved for it while another variable
    /// can be (re-weighing every candidate each time it went would make the search quadratic).
    private var current: Int? = nil
    /// Per solved row: the mark of the last `weights` call that read it.
    private var solvedMark: [UInt32] = []
    private var weightsMark: UInt32 = 0
    /// Solved rows: `subject = Σ coefficient · free variable`.
    private var solved: [(subject: Int, terms: [Int: Double])] = []
    private var solvedRowOf: [Int: Int] = [:]
    /// The solved rows that may hold each free variable (stale and repeated entries are checked on use).
    private var rowsHolding: [Int: [Int]] = [:]
    /// Row `k` in the free variables.
    private var rowK: [Int: Double] = [:]
    private var scale: Double = 1

    init(solver: CassowarySolver, record k: Int) {
        self.solver = solver
        self.k = k
        budget = 16 * solver.termVars.count + 4096
        recordMark = [UInt32](repeating: 0, count: solver.records.count)
        regionMark = 2
        seenMark = 1
    }

    @inline(__always) private func isInRegion(_ i: Int) -> Bool { recordMark[i] == regionMark }

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
            if rowK.isEmpty { return .implied }
            var pending: [Int]
            if let v = current, rowK[v] != nil, regionCount < weighAgainAt {
                // the rows that came to hold v since: their subjects join the support, and the rows outside the
                // region naming those join the region
                let list = rowsHolding[v] ?? []
                var fresh: [Int] = []
                while cursor < list.count {
                    let t = list[cursor]
                    cursor += 1
                    budget -= 1
                    if solved[t].terms[v] != nil && support.insert(solved[t].subject).inserted { fresh.append(solved[t].subject) }
                }
                pending = rowsOutside(naming: fresh)
                if pending.isEmpty {
                    // closed as far as the support grew: check the whole of it
                    let full = weights(carriedBy: v, coefficient: rowK[v]!)
                    pending = rowsOutside(naming: full.map(\.0))
                    if pending.isEmpty { return finish(full) }
                }
            } else {
                // the free variable of row k whose weights reach the fewest rows outside the region
                var best: (variable: Int, support: [(Int, Double)], outside: [Int])? = nil
                // (newest variable first on ties, as in `MarkerSearch`)
                for v in rowK.keys.sorted(by: >) where abs(rowK[v]!) > CassowaryTolerance.pivot {
                    let support = weights(carriedBy: v, coefficient: rowK[v]!)
                    let outside = rowsOutside(naming: support.map(\.0), atMost: best?.outside.count ?? .max)
                    if best == nil || outside.count < best!.outside.count { best = (v, support, outside) }
                    if best!.outside.isEmpty { break }
                }
                // only round-off-sized coefficients left: nearly implied, which a rebuild judges better
                guard let best else { return .gaveUp }
                if best.outside.isEmpty { return finish(best.support) }
                current = best.variable
                cursor = rowsHolding[best.variable]?.count ?? 0
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
        guard let found = combination(support.sorted { $0.0 < $1.0 }) else { return .gaveUp }
        return .found(found)
    }

    /// The weights when free variable `v` (coefficient `a` in row k) carries `-1 / a`: it and the subjects of the
    /// solved rows holding it.
    private mutating func weights(carriedBy v: Int, coefficient a: Double) -> [(Int, Double)] {
        let wv = -1 / a
        var support: [(Int, Double)] = [(v, wv)]
        weightsMark &+= 1
        if solvedMark.count < solved.count { grow(&solvedMark, toInclude: solved.count - 1, with: 0) }
        for t in rowsHolding[v] ?? [] where solvedMark[t] != weightsMark {
            solvedMark[t] = weightsMark
            budget -= 1
            if let c = solved[t].terms[v], c != 0 { support.append((solved[t].subject, c * wv)) }
        }
        return support
    }

    /// How many records without a marker outside the region name `v` (counting stops past `limit`).
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

    /// The records without a marker outside the region that name one of `variables`, each once (stopping once
    /// there are more than `limit`).
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
        var expression: [Int: Double] = [:]
        for p in r.start..<(r.start + r.count) {
            let v = Int(solver.termVars[p]), a = solver.termCoefs[p]
            scale = Swift.max(scale, abs(a))
            if let t = solvedRowOf[v] {
                for (x, c) in solved[t].terms { expression[x, default: 0] += a * c }
                budget -= solved[t].terms.count
            } else {
                expression[v, default: 0] += a
            }
        }
        expression = expression.filter { abs($0.value) > 1e-12 * scale }
        if i == k {
            rowK = expression
            return
        }
        // the subject: not the variable carrying the weight if another will do; then the free variable named by the
        // fewest rows without a marker outside the region (a weight on it would pull those in: a root edge shared by
        // every row of a grid must not become the subject of one of them); on ties one that row k does not hold
        // (row k's are the candidates to carry the weight), then the smallest id
        var subject: Int? = nil
        var subjectRank = (Int.max, Int.max, Int.max, Int.max)
        // (the least used first, so that the long use lists of shared variables are cut short by the best so far)
        let byUses = expression.keys.sorted { (solver.variableUses[$0], $0) < (solver.variableUses[$1], $1) }
        for v in byUses where abs(expression[v]!) > CassowaryTolerance.pivot {
            let carries = v == current ? 1 : 0
            if carries > subjectRank.0 { continue }
            let outside = outsideRows(naming: v, atMost: carries < subjectRank.0 ? .max : subjectRank.1)
            let rank = (carries, outside, rowK[v] != nil ? 1 : 0, v)
            if subject == nil || rank < subjectRank { subject = v; subjectRank = rank }
        }
        guard let s = subject else { return }
        let inverse = -1 / expression[s]!
        var terms: [Int: Double] = [:]
        for (v, a) in expression where v != s { terms[v] = a * inverse }
        let t = solved.count
        solved.append((s, terms))
        solvedRowOf[s] = t
        for v in terms.keys { rowsHolding[v, default: []].append(t) }
        // s is no longer free: substitute it into the solved rows and row k
        var substituted = Set<Int>()
        for u in rowsHolding[s] ?? [] where u != t && substituted.insert(u).inserted {
            guard let c = solved[u].terms.removeValue(forKey: s) else { continue }
            budget -= terms.count
            for (v, a) in terms {
                let value = (solved[u].terms[v] ?? 0) + c * a
                if abs(value) > 1e-12 * scale {
                    if solved[u].terms.updateValue(value, forKey: v) == nil { rowsHolding[v, default: []].append(u) }
                } else {
                    solved[u].terms[v] = nil
                }
            }
        }
        rowsHolding[s] = nil
        if let c = rowK.removeValue(forKey: s) {
            for (v, a) in terms {
                let value = (rowK[v] ?? 0) + c * a
                rowK[v] = abs(value) > 1e-12 * scale ? value : nil
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
