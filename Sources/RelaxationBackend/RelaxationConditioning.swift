/// A check relaxation needs before it calls an answer converged: rows that are nearly parallel.
///
/// Relaxation stops when every row holds within its tolerance. On two equalities whose directions differ by an angle
/// θ, a point can satisfy both within the tolerance τ while lying about τ/θ from their intersection, and in floating
/// point the sweeps cannot creep closer (each step along the rows falls below an ulp). So when τ/θ exceeds what the
/// back end vouches for, the answer is approximate, however small its residual.
/// Why a converged answer over a row table cannot be vouched for, however small its residual.
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
    /// unit directions differ by less than `limit` (but by more than round-off), else a required equality
    /// that, substituted, cancels to less than `limit` of its size; nil when neither is found. (The solver passes
    /// tolerance ÷ vouched error: an angle θ below it puts such an answer up to tolerance/θ away, beyond what it
    /// vouches for.)
    func illConditioning(closerThan limit: Double, tolerance: Double, isRequired: (Int) -> Bool) -> RowConditioning? {
        let groups = rowsSharingSupport()
        if let pair = nearlyParallelRows(closerThan: limit, in: groups) {
            return .nearlyParallel(first: pair.first, second: pair.second, difference: pair.difference)
        }
        if let pair = parallelRowsMissing(within: tolerance, in: groups, isRequired: isRequired) {
            return .parallelWithinTolerance(first: pair.first, second: pair.second, gap: pair.gap)
        }
        return nearlyDependentEquality(closerThan: limit, isRequired: isRequired)
            .map { .nearlyDependent(row: $0.row, remainder: $0.remainder) }
    }

    /// Among the rows over the same set of variables (where near-parallel rows live in layouts and in the systems
    /// that trip relaxation), the pair whose unit directions differ the least without being the same direction up
    /// to round-off; nil when no pair differs by less than `limit`. Inequalities count too: beside a row it nearly
    /// parallels, an inequality holds within the tolerance far from where it holds exactly (`4a - b <= 40` beside
    /// the required `4a - 1.00000000008b == 40` holds exactly only for b <= 0, within 1e-9 for b up to 12), and what
    /// a lower level gets then depends on that difference.
    /// - Complexity: O(terms · log terms) to group the rows, then O(k² · terms) within each group of k rows that
    ///   share a support (groups are tiny in practice).
    func nearlyParallelRows(closerThan limit: Double, in groups: [[Int]]) -> (first: Int, second: Int, difference: Double)? {
        var best: (first: Int, second: Int, difference: Double)? = nil
        for rows in groups {
            let directions = rows.map(direction)
            for i in rows.indices {
                for j in rows.indices where j > i {
                    let d = difference(directions[i], directions[j])
                    if d > RowTable.parallelWithinRoundoff && d < limit && d < (best?.difference ?? .infinity) {
                        best = (rows[i], rows[j], d)
                    }
                }
            }
        }
        return best
    }

    /// The groups of two or more rows that hold the same set of variables (rows without variables left out), each in
    /// row order.
    /// - Complexity: O(terms · log terms); no allocation per row beyond its sorted support.
    func rowsSharingSupport() -> [[Int]] {
        var keyed: [(support: [Int], row: Int)] = []
        keyed.reserveCapacity(count)
        for row in indices where !terms(row).isEmpty {
            keyed.append((terms(row).map { variables[$0] }.sorted(), row))
        }
        keyed.sort { $0.support.lexicographicallyPrecedes($1.support) || ($0.support == $1.support && $0.row < $1.row) }
        var groups: [[Int]] = []
        var k = 0
        while k < keyed.count {
            var end = k + 1
            while end < keyed.count && keyed[end].support == keyed[k].support { end += 1 }
            if end - k > 1 { groups.append(keyed[k..<end].map(\.row)) }
            k = end
        }
        return groups
    }

    /// Two required rows in the same direction (up to round-off) whose ranges along it are disjoint but less than
    /// `tolerance` apart (`x <= 2/3` beside `x == 0.66666666667`): nil when there is none. Rows that meet, or miss
    /// each other by no more than round-off, are left to the sweeps (redundant or conflicting plainly).
    /// - Complexity: as `nearlyParallelRows`.
    func parallelRowsMissing(within tolerance: Double, in groups: [[Int]],
                             isRequired: (Int) -> Bool) -> (first: Int, second: Int, gap: Double)? {
        for rows in groups {
            let required = rows.filter(isRequired)
            guard required.count > 1 else { continue }
            let directions = required.map(direction), ranges = required.map(range)
            for i in required.indices {
                for j in required.indices where j > i
                    && difference(directions[i], directions[j]) <= RowTable.parallelWithinRoundoff {
                    let (a, b) = (ranges[i].values, ranges[j].values)
                    let gap = Swift.max(a.lowerBound, b.lowerBound) - Swift.min(a.upperBound, b.upperBound)
                    let scale = Swift.max(1, abs(a.lowerBound.isFinite ? a.lowerBound : a.upperBound))
                    // a point holds both within the tolerance when the gap is below tolerance/norm for each row
                    let reach = tolerance / ranges[i].norm + tolerance / ranges[j].norm
                    if gap > RowTable.parallelWithinRoundoff * scale && gap < reach {
                        return (required[i], required[j], gap)
                    }
                }
            }
        }
        return nil
    }

    /// The values of `u·x` (u the row's unit direction, as `direction` signs it) for which row `row` holds, and
    /// the length of its coefficients (its residual is `norm` times its distance along u).
    private func range(_ row: Int) -> (values: ClosedRange<Double>, norm: Double) {
        var norm = 0.0
        for k in terms(row) { norm += coefficients[k] * coefficients[k] }
        norm = norm.squareRoot()
        let first = terms(row).min { variables[$0] < variables[$1] }.map { coefficients[$0] } ?? 1
        // the row's value is scale·(u·x) + constant
        let scale = first < 0 ? -norm : norm
        let a = (lower[row] - constants[row]) / scale, b = (upper[row] - constants[row]) / scale
        let low = Swift.min(a, b), high = Swift.max(a, b)
        return ((low.isNaN ? -.infinity : low)...(high.isNaN ? .infinity : high), norm)
    }

    /// Two unit directions closer than this are the same direction (parallel rows: redundant or conflicting, which
    /// the sweeps handle).
    static let parallelWithinRoundoff = 1e-13

    /// Row `row`'s coefficients by variable, scaled to unit length, with the first variable's coefficient positive.
    private func direction(_ row: Int) -> [Int: Double] {
        var norm = 0.0
        for k in terms(row) { norm += coefficients[k] * coefficients[k] }
        norm = norm.squareRoot()
        let first = terms(row).min { variables[$0] < variables[$1] }.map { coefficients[$0] } ?? 1
        let sign = first < 0 ? -1.0 : 1.0
        var unit: [Int: Double] = [:]
        for k in terms(row) { unit[variables[k], default: 0] += sign * coefficients[k] / norm }
        return unit
    }

    /// The largest difference between two directions over the same variables.
    private func difference(_ a: [Int: Double], _ b: [Int: Double]) -> Double {
        var worst = 0.0
        for (v, x) in a { worst = Swift.max(worst, abs(x - (b[v] ?? 0))) }
        return worst
    }
}
