/// Why a converged answer over a row table cannot be vouched for, however small its residual.
///
/// Relaxation stops when every row holds within its tolerance. On two equalities whose directions differ by an angle
/// θ, a point can satisfy both within the tolerance τ while lying about τ/θ from their intersection, and in floating
/// point the sweeps cannot creep closer (each step along the rows falls below an ulp). So when τ/θ exceeds what the
/// back end vouches for, the answer is approximate, however small its residual.
enum RowConditioning {
    /// Two rows over the same variables (equalities, or an inequality beside a row it nearly parallels) whose unit
    /// directions differ by `difference`.
    case nearlyParallel(first: Int, second: Int, difference: Double)
    /// A required equality the others nearly imply: substituted, it cancels to `remainder` of its size
    /// (`RelaxationDependence.swift`).
    case nearlyDependent(row: Int, remainder: Double)
    /// Two required rows in the same direction whose ranges miss each other by `gap` (along their unit direction),
    /// less than the tolerance: both hold within it where neither holds exactly, so the rows conflict exactly
    /// though every residual is small.
    case parallelWithinTolerance(first: Int, second: Int, gap: Double)
}

extension RowTable {
    /// The first reason found that an answer within the tolerance may lie far from the true one: two rows whose
    /// unit directions differ by less than `limit` (but by more than round-off), else two required rows in the same
    /// direction that miss each other by less than `tolerance`, else a required equality that, substituted, cancels
    /// to less than `limit` of its size; nil when none is found. (The solver passes tolerance ÷ vouched error as
    /// `limit`: an angle θ below it puts such an answer up to tolerance/θ away, beyond what it vouches for.)
    func illConditioning(closerThan limit: Double, tolerance: Double, isRequired: (Int) -> Bool) -> RowConditioning? {
        let pairs = parallelPairs(closerThan: limit, tolerance: tolerance, isRequired: isRequired)
        if let pair = pairs.nearly {
            return .nearlyParallel(first: pair.first, second: pair.second, difference: pair.difference)
        }
        if let pair = pairs.missing {
            return .parallelWithinTolerance(first: pair.first, second: pair.second, gap: pair.gap)
        }
        return nearlyDependentEquality(closerThan: limit, isRequired: isRequired)
            .map { .nearlyDependent(row: $0.row, remainder: $0.remainder) }
    }

    /// The pairs of rows over the same set of variables (where near-parallel rows live in layouts and in the systems
    /// that trip relaxation), in one pass:
    /// - `nearly`: the pair whose unit directions differ the least without being the same direction up to
    ///   round-off, when they differ by less than `limit`. Inequalities count too: beside a row it nearly parallels,
    ///   an inequality holds within the tolerance far from where it holds exactly (`4a - b <= 40` beside the required
    ///   `4a - 1.00000000008b == 40` holds exactly only for b <= 0, within 1e-9 for b up to 12);
    /// - `missing`: two required rows in the same direction (up to round-off) whose ranges along it are disjoint but
    ///   closer than a point can hold both within `tolerance` (`3x <= 2` beside `8.99999999994x == 6`). Rows that
    ///   meet, or miss each other by no more than round-off, are left to the sweeps (redundant or plainly
    ///   conflicting).
    /// - Complexity: O(rows · log rows · terms) to group the rows, then O(k² · terms) within each group of k rows
    ///   that share a support (groups are tiny in practice); no allocation per row.
    func parallelPairs(closerThan limit: Double, tolerance: Double, isRequired: (Int) -> Bool)
        -> (nearly: (first: Int, second: Int, difference: Double)?, missing: (first: Int, second: Int, gap: Double)?) {
        var nearly: (first: Int, second: Int, difference: Double)? = nil
        var missing: (first: Int, second: Int, gap: Double)? = nil
        let order = rowsBySupport()
        var k = 0
        while k < order.count {
            var end = k + 1
            while end < order.count && sameSupport(order[k], order[end]) { end += 1 }
            for i in k..<end {
                let a = order[i], oa = orientation(a)
                for j in (i + 1)..<end {
                    let b = order[j], ob = orientation(b)
                    let d = directionDifference(a, oa, b, ob)
                    if d > RowTable.parallelWithinRoundoff {
                        if d < limit && d < (nearly?.difference ?? .infinity) { nearly = (a, b, d) }
                    } else if missing == nil && isRequired(a) && isRequired(b) {
                        let (ra, rb) = (range(a, oa), range(b, ob))
                        let gap = Swift.max(ra.lowerBound, rb.lowerBound) - Swift.min(ra.upperBound, rb.upperBound)
                        let scale = Swift.max(1, abs(ra.lowerBound.isFinite ? ra.lowerBound : ra.upperBound))
                        // a point holds both within the tolerance when the gap is below tolerance/norm for each row
                        let reach = tolerance / oa.norm + tolerance / ob.norm
                        if gap > RowTable.parallelWithinRoundoff * scale && gap < reach { missing = (a, b, gap) }
                    }
                }
            }
            k = end
        }
        return (nearly, missing)
    }

    /// The rows with variables, ordered by their set of variables (each row's variables are increasing, as a
    /// `LinearExpression`'s terms are), then by row: rows that share a support stand together.
    private func rowsBySupport() -> [Int] {
        var order = indices.filter { !terms($0).isEmpty }
        order.sort { a, b in
            let (va, vb) = (variables[terms(a)], variables[terms(b)])
            if va.elementsEqual(vb) { return a < b }
            return va.lexicographicallyPrecedes(vb)
        }
        return order
    }

    private func sameSupport(_ a: Int, _ b: Int) -> Bool { variables[terms(a)].elementsEqual(variables[terms(b)]) }

    /// Two unit directions closer than this are the same direction (parallel rows: redundant or conflicting, which
    /// the sweeps handle).
    static let parallelWithinRoundoff = 1e-13

    /// Row `row`'s unit direction u is its coefficients times `sign / norm` (`sign` makes the first coefficient
    /// positive): the row's value is `sign · norm · (u·x) + constant`.
    private func orientation(_ row: Int) -> (norm: Double, sign: Double) {
        var norm = 0.0
        for k in terms(row) { norm += coefficients[k] * coefficients[k] }
        return (norm.squareRoot(), coefficients[terms(row).lowerBound] < 0 ? -1 : 1)
    }

    /// The largest difference between the unit directions of rows `a` and `b`, which hold the same variables.
    private func directionDifference(_ a: Int, _ oa: (norm: Double, sign: Double),
                                     _ b: Int, _ ob: (norm: Double, sign: Double)) -> Double {
        var worst = 0.0
        for (ka, kb) in zip(terms(a), terms(b)) {
            worst = Swift.max(worst, abs(oa.sign * coefficients[ka] / oa.norm - ob.sign * coefficients[kb] / ob.norm))
        }
        return worst
    }

    /// The values of `u·x` (u the row's unit direction) for which row `row` holds.
    private func range(_ row: Int, _ o: (norm: Double, sign: Double)) -> ClosedRange<Double> {
        let scale = o.sign * o.norm
        let a = (lower[row] - constants[row]) / scale, b = (upper[row] - constants[row]) / scale
        return Swift.min(a, b)...Swift.max(a, b)
    }
}
