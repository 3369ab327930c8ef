/// The primal simplex on the lexicographic objective: entering candidates, the ratio test, and `optimize()`.
extension Tableau {
    /// Lists `s` as an entering candidate when it is parametric, may enter, and improves the objective. Called
    /// whenever a symbol's objective coefficients change or it leaves the basis, so every improving symbol is a
    /// candidate.
    @inline(__always) mutating func considerEntering(_ s: Int32) {
        if candidates.contains(s) || symbols.isBasic(s) { return }
        let kind = symbols.kind[Int(s)]
        if !kind.mayEnter { return }
        if objective.improvingDirection(s, kind: kind) != nil { candidates.insert(s) } else { watchOptimality(of: s) }
    }

    /// Records a precision loss when the objective coefficients that made parametric `s` not improving include one the
    /// cost tolerance took for zero though it is beyond round-off (nearly dependent rows leave such slopes): the
    /// optimum may then be another vertex, far away.
    @inline(__always) mutating func watchOptimality(of s: Int32) {
        if let c = objective.doubtfulCoefficient(s) {
            noteDiscarded(c, tolerance: CassowaryTolerance.cost, what: .objectiveSlope)
        }
    }

    /// Adds `weight` at level slot `level` to the objective coefficient of `s` (spread over its row when basic).
    mutating func addObjective(_ s: Int32, level: Int, weight: Double) {
        if let r = symbols.row(of: s) {
            let syms = rows.symbols(r), coefs = rows.coefficients(r)
            for i in 0..<rows.length(r) {
                let x = syms[i]
                objective.add(weight * coefs[i], to: x, slot: level)
                considerEntering(x)
            }
        } else {
            objective.add(weight, to: s, slot: level)
            considerEntering(s)
        }
    }

    /// Ratio test for moving parametric `e` in direction `dir` over the rows `columns.collect(e)` left (with the
    /// index of `e`'s cell in each): the leaving row and its ratio, nil when no restricted row bounds the move.
    ///
    /// A Harris two-pass test: the first pass bounds the step with the feasibility tolerance added to each
    /// constant, the second picks, among the rows whose exact ratio is within that bound, the largest pivot element
    /// (ties by smallest basic id). Under Bland's rule, the smallest exact ratio, ties by smallest basic id.
    mutating func leavingRow(_ e: Int32, _ dir: Direction, bland: Bool) -> (row: Int32, ratio: Double)? {
        let tol = CassowaryTolerance.feasibilityBound(valueScale)
        let sign = dir.sign
        var bound = Double.infinity
        // the smallest ratio of a row the pivot tolerance left out though its coefficient is beyond round-off
        var discarded = Double.infinity, discardedCoefficient = 0.0
        for i in 0..<columns.collectedRows.count {
            let a = boundingCoefficient(i, sign: sign)
            let r = columns.collectedRows[i]
            guard a < 0 else {
                if a == 0 { noteDiscardedPivot(i, sign: sign, smallest: &discarded, coefficient: &discardedCoefficient) }
                continue
            }
            let k = rows.constant(r)
            let ratio = bland ? Swift.max(0, k) / -a : (Swift.max(0, k) + tol) / -a
            if ratio < bound { bound = ratio }
        }
        if discarded <= bound {
            noteDiscarded(discardedCoefficient, tolerance: CassowaryTolerance.pivot, what: .ratioTestPivot)
        }
        if bound == .infinity { return nil }
        var best: Int32? = nil, bestA = 0.0, bestBasic = Int32.max, bestRatio = 0.0
        var smallest = Double.infinity, smallestA = 0.0
        for i in 0..<columns.collectedRows.count {
            let a = boundingCoefficient(i, sign: sign)
            guard a < 0 else { continue }
            let r = columns.collectedRows[i], b = rows.liveBasic(r)
            let ratio = Swift.max(0, rows.constant(r)) / -a
            guard ratio <= bound else { continue }
            if ratio < smallest { smallest = ratio; smallestA = a }
            if bland {
                if b < bestBasic { best = r; bestBasic = b; bestRatio = ratio }
            } else if -a > bestA || (-a == bestA && b < bestBasic) {
                best = r; bestA = -a; bestBasic = b; bestRatio = ratio
            }
        }
        guard let best else { return nil }
        // Harris's step may leave the row of the smallest ratio below 0 by up to the tolerance: beyond round-off,
        // that is a violation the tolerance accepted
        let overshoot = (bestRatio - smallest) * -smallestA
        if overshoot > CassowaryTolerance.roundoffAllowance * CassowaryTolerance.roundoff * Swift.max(1, valueScale) {
            noteDiscarded(-overshoot, tolerance: tol, what: .ratioTestOvershoot)
        }
        return (best, bestRatio)
    }

    /// The entering symbol's coefficient in the `i`-th row `columns.collect` left, as the ratio test sees it (moving
    /// in direction `sign`; a dummy bounds either way) when that row bounds the move (a restricted basic symbol and a
    /// coefficient below `-pivot`); 0 when it does not.
    @inline(__always) mutating func boundingCoefficient(_ i: Int, sign: Double) -> Double {
        let a = signedCoefficient(i, sign: sign)
        return a < -CassowaryTolerance.pivot ? a : 0
    }

    /// The entering symbol's coefficient in the `i`-th collected row as the ratio test sees it, before the pivot
    /// tolerance (0 for a row whose basic symbol is external: it bounds nothing).
    @inline(__always) mutating func signedCoefficient(_ i: Int, sign: Double) -> Double {
        let r = columns.collectedRows[i]
        let kind = symbols.kind[Int(rows.liveBasic(r))]
        guard kind != .external else { return 0 }
        let a = rows.cells.coef[rows.start(r) + Int(columns.collectedCells[i])] * sign
        return kind == .dummy ? -abs(a) : a
    }

    /// When the `i`-th collected row would bound the move but for the pivot tolerance (a coefficient in
    /// `(noise, pivot]`), keeps the smallest such ratio and its coefficient.
    @inline(__always) mutating func noteDiscardedPivot(_ i: Int, sign: Double, smallest: inout Double,
                                                       coefficient: inout Double) {
        let r = columns.collectedRows[i]
        let a = signedCoefficient(i, sign: sign)
        guard a < -CassowaryTolerance.noise else { return }
        let ratio = Swift.max(0, rows.constant(r)) / -a
        if ratio < smallest { smallest = ratio; coefficient = a }
    }

    /// Primal simplex on the lexicographic objective until no symbol improves it.
    ///
    /// Entering rule: among the candidates, the improving symbol whose first non-zero level ranks highest, then held
    /// by the fewest rows (the cheapest pivot: on random-100000 the largest-coefficient rule kept cycling through a
    /// few symbols held by 20,000 rows each), then with the largest coefficient at that level, then the smallest id.
    /// After `CassowaryTolerance.blandAfterDegenerate` consecutive degenerate pivots, Bland's rule (the smallest
    /// improving id, and the smallest-ratio leaving row) until a pivot makes progress. The candidates are the symbols
    /// whose objective coefficients changed (`candidates`), never a scan of every symbol; a candidate found not
    /// improving leaves the list. Bounded by `pivotBudget` (Bland's rule only past half of it); at the bound it
    /// reports trouble and stops.
    mutating func optimize() {
        if candidates.isEmpty { return }  // (most adds: a required row changes no objective coefficient)
        var degenerate = 0
        var budget = pivotBudget
        while true {
            if budget.isSpent {
                giveUp("optimizing", after: budget)
                candidates.removeAll()
                return
            }
            let bland = degenerate >= CassowaryTolerance.blandAfterDegenerate || budget.forcesBland
            var best: Int32? = nil, bestIndex = 0
            var bestCount = Int32.max, bestRank = Int.max, bestMagnitude = 0.0
            var k = 0
            while k < candidates.count {
                let s = candidates[k]
                if symbols.isBasic(s) {
                    candidates.remove(at: k)
                    continue
                }
                if objective.improvingDirection(s, kind: symbols.kind[Int(s)]) == nil {
                    watchOptimality(of: s)
                    candidates.remove(at: k)
                    continue
                }
                if bland {
                    if best.map({ s < $0 }) ?? true { best = s; bestIndex = k }
                } else {
                    // first improving level (higher priority first), then fewest rows, then its magnitude
                    // (an all-zero symbol has no leading level and ranks last)
                    let (rank, magnitude) = objective.leadingLevel(s)
                    let c = symbols.occurrences[Int(s)]
                    var better = true
                    if let current = best {
                        if rank != bestRank { better = rank < bestRank }
                        else if c != bestCount { better = c < bestCount }
                        else if magnitude != bestMagnitude { better = magnitude > bestMagnitude }
                        else { better = s < current }
                    }
                    if better { best = s; bestCount = c; bestIndex = k; bestRank = rank; bestMagnitude = magnitude }
                }
                k += 1
            }
            guard let e = best else { break }
            let dir = objective.improvingDirection(e, kind: symbols.kind[Int(e)])!
            columns.collect(e, in: rows)
            guard let leaving = leavingRow(e, dir, bland: bland) else {
                reportTrouble("the objective looked unbounded (round-off); stopped optimizing")
                candidates.remove(at: bestIndex)
                continue
            }
            degenerate = leaving.ratio <= CassowaryTolerance.feasibilityBound(valueScale) ? degenerate + 1 : 0
            pivot(row: leaving.row, entering: e, collected: true)
            budget.spend()
            if budget.spent & 1023 == 0 && !rows.isJournaling { rows.compactIfWasteful() }
        }
    }
}
