/// A second check of the same kind as `parallelPairs`, for near-dependence that no pair of rows shows:
/// `b.left == a.right` and `b.right == superview.right` make `a.width + b.width == 375` without any row saying so,
/// and a third row `a.width == -1.000000000001 · b.width + 375.0000000001` is then nearly that row. Relaxation stops
/// within the tolerance far from where those rows meet, as with two nearly parallel rows.
///
/// The required equalities are reduced in a few passes: a row left with one variable fixes it, a row left with two
/// ties one to the other (`x = factor · y + constant`, kept in a union-find with the factors along each path). A row
/// whose variables, so substituted, cancel to less than `limit` of their own size, but to more than round-off, is
/// nearly implied by the others.
extension RowTable {
    /// The first required equality (by `isRequired(row)`) that the others nearly imply, and what is left of it (a
    /// share of its size); nil when none is.
    /// - Complexity: O(passes · terms · α) with `passes` at most `RowTable.dependencePasses`.
    func nearlyDependentEquality(closerThan limit: Double, isRequired: (Int) -> Bool)
        -> (row: Int, remainder: Double)? {
        var ties = VariableTies()
        let rows = indices.filter { lower[$0] == upper[$0] && !terms($0).isEmpty && isRequired($0) }
        var settled = [Bool](repeating: false, count: count)
        for _ in 0..<RowTable.dependencePasses {
            var changed = false
            for row in rows where !settled[row] {
                // each variable by its representative: (sum of coefficient · factor, sum of their magnitudes)
                var reduced: [Int: (sum: Double, size: Double)] = [:]
                for k in terms(row) {
                    let (root, factor) = ties.find(variables[k])
                    if ties.isFixed(root) { continue }
                    let term = coefficients[k] * factor
                    reduced[root, default: (0, 0)].sum += term
                    reduced[root, default: (0, 0)].size += abs(term)
                }
                var left: [(root: Int, coefficient: Double)] = []
                for (root, r) in reduced.sorted(by: { $0.key < $1.key }) {
                    let share = abs(r.sum) / r.size
                    if share <= RowTable.cancelledToRoundoff { continue }
                    if share < limit { return (row, share) }
                    left.append((root, r.sum))
                }
                switch left.count {
                case 0:
                    settled[row] = true
                case 1:
                    ties.fix(left[0].root)
                    settled[row] = true
                    changed = true
                case 2:
                    // left[0] = -(c1 / c0) · left[1] + constant
                    ties.tie(left[0].root, to: left[1].root, factor: -left[1].coefficient / left[0].coefficient)
                    settled[row] = true
                    changed = true
                default:
                    break
                }
            }
            if !changed { break }
        }
        return nil
    }

    /// Passes over the rows before the check gives up on longer chains of substitution.
    static let dependencePasses = 8
    /// A variable's coefficients that cancel to this share of their size cancel exactly, up to round-off.
    static let cancelledToRoundoff = 1e-13
}

/// Variables tied by equalities: each one's representative and the factor it is of it, and which representatives
/// are fixed. A union-find with path compression, the factors multiplied along each compressed path.
private struct VariableTies {
    private var parent: [Int: Int] = [:]
    private var factor: [Int: Double] = [:]
    private var fixed: Set<Int> = []

    /// `x = factor · root + constant` for `x`'s representative `root`.
    mutating func find(_ x: Int) -> (root: Int, factor: Double) {
        var path: [Int] = []
        var v = x
        while let p = parent[v] { path.append(v); v = p }
        // compress: every variable on the path points at the root, its factor the product down to it
        var product = 1.0
        for u in path.reversed() {
            product *= factor[u]!
            factor[u] = product
            parent[u] = v
        }
        return (v, path.isEmpty ? 1 : factor[x]!)
    }

    func isFixed(_ root: Int) -> Bool { fixed.contains(root) }

    mutating func fix(_ root: Int) { fixed.insert(root) }

    /// Ties representative `a` to representative `b`: `a = factor · b + constant`.
    mutating func tie(_ a: Int, to b: Int, factor f: Double) {
        guard a != b else { return }
        parent[a] = b
        factor[a] = f
        if fixed.contains(a) { fixed.insert(b) }
    }
}
