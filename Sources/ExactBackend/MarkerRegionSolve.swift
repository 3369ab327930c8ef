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
/// so the solve ends; a work budget bounds it. The variable carrying the weight is kept while the region grows, only
/// the rows that come to hold it checked each round, and the candidates are weighed again when the region has
/// doubled (weighing every candidate every round made removing and re-adding a view of a 10,000-cell grid cost
/// 170 ms; 5 ms now).
///
/// Its rows stay hashed: dense rows of exact numbers (as the Cassowary back end keeps its region in doubles) made a
/// random layout's regions, thousands of variables wide, cost fifteen times as much.
///
/// - Complexity: about the rows and cells of the region it closes (a grid row's, say), times the rounds' candidate
///   checks; at most the budget.
struct MarkerRegionSolve<T: SimplexScalar> {
    private let engine: SimplexEngine<T>
    private let k: Int
    private var budget: Int
    /// Per origin: `regionMark` when in the region, `seenMark` when listed by the current `rowsOutside` call (marks
    /// are fresh per call, so nothing is cleared).
    private var originMark: [UInt32]
    private let regionMark: UInt32 = 1
    private var seenMark: UInt32 = 2
    /// Per solved row: the mark of the last `weights` call that read it.
    private var solvedMark: [UInt32] = []
    private var weightsMark: UInt32 = 0
    /// Solved rows: `subject = Σ coefficient · free variable`.
    private var solved: [(subject: Int, terms: [Int: T])] = []
    private var solvedRowOf: [Int: Int] = [:]
    /// The solved rows that may hold each free variable (stale and repeated entries are checked on use).
    private var rowsHolding: [Int: [Int]] = [:]
    /// Row `k`'s left side in the free variables.
    private var rowK: [Int: T] = [:]
    /// Rows added to the region so far.
    private var regionCount = 0
    /// The free variable of row k carrying the weight, and the variables its weight reaches: no new row is solved for
    /// it while another variable can be, and it is weighed against the others again only when the region has
    /// doubled (weighing every candidate every round made a 1,000-cell grid's recoveries quadratic in the region).
    private var current: Int? = nil
    private var support = Set<Int>()

    /// `cheaply`: a budget of about a rebuild's work (the caller can put a rebuild off), not several.
    init(engine: SimplexEngine<T>, origin k: Int, cheaply: Bool = false) {
        self.engine = engine
        self.k = k
        budget = cheaply ? 2 * engine.termColumn.count + 256 : 16 * engine.termColumn.count + 4096
        originMark = [UInt32](repeating: 0, count: engine.origins.count)
    }

    @inline(__always) private func isInRegion(_ i: Int) -> Bool { originMark[i] == regionMark }

    /// A row the region must hold exactly: alive, without a marker column to absorb a residual.
    private func needsClosing(_ j: Int) -> Bool {
        engine.origins[j].alive && engine.needsRebuild(j)
    }

    /// The weighting, or nil: the budget ran out, or row `k` vanished in the region's free variables (the others
    /// imply it), which the caller leaves to a rebuild.
    mutating func run() -> SimplexEngine<T>.RecoveryWeights? {
        add(k)
        var weighAgainAt = 0
        while budget > 0 {
            if rowK.isEmpty { return nil }
            var pending: [Int]
            if let v = current, rowK[v] != nil, regionCount < weighAgainAt {
                // The rows that came to hold v since: their subjects join the support, and the rows outside the
                // region naming those join the region; once none does, the whole weighting is checked.
                var fresh: [Int] = []
                for t in rowsHolding[v] ?? [] where solved[t].terms[v] != nil {
                    budget -= 1
                    if support.insert(solved[t].subject).inserted { fresh.append(solved[t].subject) }
                }
                pending = rowsOutside(naming: fresh)
                if pending.isEmpty {
                    let full = weights(carriedBy: v)
                    pending = rowsOutside(naming: full.map(\.0))
                    if pending.isEmpty { return absorbed(full) }
                }
            } else {
                // The free variable of row k whose weights reach the fewest rows outside (the newest first on ties).
                var best: (variable: Int, support: [(Int, T)], outside: [Int])? = nil
                for v in rowK.keys.sorted(by: >) where !rowK[v]!.isZero {
                    let weighted = weights(carriedBy: v)
                    let outside = rowsOutside(naming: weighted.map(\.0), atMost: best?.outside.count ?? .max)
                    if best == nil || outside.count < best!.outside.count { best = (v, weighted, outside) }
                    if best!.outside.isEmpty { break }
                }
                guard let best else { return nil }
                if best.outside.isEmpty { return absorbed(best.support) }
                current = best.variable
                support = Set(best.support.map(\.0))
                pending = best.outside
                weighAgainAt = Swift.max(2 * regionCount, regionCount + 8)
            }
            for i in pending where !isInRegion(i) { add(i) }
        }
        return nil
    }

    /// The weights when free variable `v` carries `μ_k / coefficient`: it and the subjects of the solved rows holding it.
    private mutating func weights(carriedBy v: Int) -> [(Int, T)] {
        let wv = T(engine.origins[k].markerSign) / rowK[v]!
        var support: [(Int, T)] = [(v, wv)]
        weightsMark &+= 1
        if solvedMark.count < solved.count { solvedMark.widen(to: solved.count, with: 0) }
        // (the list is packed in passing: repeated and stale entries go, so later rounds read only the rows holding v)
        var list = rowsHolding.removeValue(forKey: v) ?? []
        var kept = 0
        for n in list.indices {
            let t = list[n]
            budget -= 1
            guard solvedMark[t] != weightsMark, let c = solved[t].terms[v] else { continue }
            solvedMark[t] = weightsMark
            support.append((solved[t].subject, c * wv))
            list[kept] = t
            kept += 1
        }
        list.removeLast(list.count - kept)
        rowsHolding[v] = list
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
        let o = engine.origins[i]
        var expression: [Int: T] = [:]
        for p in o.termStart ..< o.termStart + o.termCount {
            let v = engine.termColumn[p], a = engine.termCoefficient[p]
            if let t = solvedRowOf[v] {
                budget -= solved[t].terms.count
                for (x, c) in solved[t].terms { expression[x] = (expression[x] ?? .zero) + a * c }
            } else {
                expression[v] = (expression[v] ?? .zero) + a
            }
        }
        expression = expression.filter { !$0.value.isZero }
        if i == k {
            rowK = expression
            return
        }
        // The subject: the variable the fewest rows without a marker outside the region name (a weight on a root
        // edge that every row of a grid shares would pull them all in), the variable carrying the weight counted as
        // naming one more (solved for, it would send the search back to weighing every candidate; kept free at any
        // price, it pulled whole subtrees of nested views into the region); on ties one row k does not hold (those
        // are the candidates to carry the weight), then the smallest column.
        var subject: Int? = nil
        var subjectRank = (Int.max, Int.max, Int.max, Int.max)
        for v in expression.keys.sorted() {
            let carries = v == current ? 1 : 0
            let outside = rowsOutside(naming: [v], atMost: subjectRank.0).count + carries
            let rank = (outside, carries, rowK[v] != nil ? 1 : 0, v)
            if subject == nil || rank < subjectRank { subject = v; subjectRank = rank }
        }
        guard let s = subject else { return }
        let inverse = -(T.one / expression[s]!)
        var terms: [Int: T] = [:]
        for (v, a) in expression where v != s { terms[v] = a * inverse }
        let t = solved.count
        solved.append((s, terms))
        solvedRowOf[s] = t
        for v in terms.keys { rowsHolding[v, default: []].append(t) }
        // s is no longer free: substitute it into the solved rows and row k.
        var substituted = Set<Int>()
        for u in rowsHolding[s] ?? [] where u != t && substituted.insert(u).inserted {
            guard let c = solved[u].terms.removeValue(forKey: s) else { continue }
            budget -= terms.count
            for (v, a) in terms {
                let value = (solved[u].terms[v] ?? .zero) + c * a
                if value.isZero {
                    solved[u].terms[v] = nil
                } else if solved[u].terms.updateValue(value, forKey: v) == nil {
                    rowsHolding[v, default: []].append(u)
                }
            }
        }
        rowsHolding[s] = nil
        if let c = rowK.removeValue(forKey: s) {
            for (v, a) in terms {
                let value = (rowK[v] ?? .zero) + c * a
                rowK[v] = value.isZero ? nil : value
            }
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
