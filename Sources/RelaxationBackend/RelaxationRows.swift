import PlumbSystem
import PlumbSolver

/// Where a row of the floating-point system came from.
enum RowSource: Hashable {
    case constraint(ConstraintID)
    /// `variable == suggested value`, active once a value has been suggested.
    case edit(VariableID)
}

/// One constraint in floating point, as a range: `lower ≤ Σ coefficient·x + constant ≤ upper`.
///
/// `==` is [0, 0], `<=` is [−∞, 0], `>=` is [0, +∞]. Freezing a violated soft row widens its range to the
/// violation it reached (see `RelaxationEngine.freeze`).
struct Row {
    var variables: [Int]
    var coefficients: [Double]
    var constant: Double
    var lower: Double
    var upper: Double
    var priority: Priority
    var source: RowSource

    init(_ constraint: LinearConstraint, id: ConstraintID) {
        variables = constraint.terms.map(\.variable.index)
        coefficients = constraint.terms.map(\.coefficient.doubleValue)
        constant = constraint.constant.doubleValue
        switch constraint.relation {
        case .equal: (lower, upper) = (0, 0)
        case .lessOrEqual: (lower, upper) = (-.infinity, 0)
        case .greaterOrEqual: (lower, upper) = (0, .infinity)
        }
        priority = constraint.priority
        source = .constraint(id)
    }

    init(edit variable: VariableID, priority: Priority, value: Double) {
        variables = [variable.index]
        coefficients = [1]
        constant = -value
        (lower, upper) = (0, 0)
        self.priority = priority
        source = .edit(variable)
    }

    /// How far `value` lies outside [lower, upper].
    static func distance(_ value: Double, _ lower: Double, _ upper: Double) -> Double {
        if value < lower { return lower - value }
        if value > upper { return value - upper }
        return 0
    }

}

/// Rows stored flat, so the sweeps and the bookkeeping around them touch no per-row arrays: row `i` has the
/// terms `start[i]..<start[i + 1]` of `variables` and `coefficients`.
struct RowTable {
    var start: [Int] = [0]
    var variables: [Int] = []
    var coefficients: [Double] = []
    var constants: [Double] = []
    var lower: [Double] = []
    var upper: [Double] = []
    /// Index into the solver's list of distinct priorities.
    var priorityIndex: [Int] = []
    var sources: [RowSource] = []

    var count: Int { constants.count }
    var indices: Range<Int> { 0..<constants.count }

    mutating func append(_ row: Row, priorityIndex index: Int) {
        variables += row.variables
        coefficients += row.coefficients
        start.append(variables.count)
        constants.append(row.constant)
        lower.append(row.lower)
        upper.append(row.upper)
        priorityIndex.append(index)
        sources.append(row.source)
    }

    func terms(_ row: Int) -> Range<Int> { start[row]..<start[row + 1] }

    /// `Σ coefficient·x + constant` of row `row`.
    func lhs(_ row: Int, _ x: [Double]) -> Double {
        var sum = constants[row]
        for k in terms(row) { sum += coefficients[k] * x[variables[k]] }
        return sum
    }

    /// Whether every variable of row `row` is fixed (true for a row without variables).
    func allFixed(_ row: Int, _ fixed: [Bool]) -> Bool {
        for k in terms(row) where !fixed[variables[k]] { return false }
        return true
    }
}

/// A set of rows ready to sweep: fixed variables folded into the constants, flat arrays, each row's step
/// scale (relaxation factor / squared norm over its free variables) precomputed.
struct WorkSet {
    struct WorkRow {
        var start: Int
        var end: Int
        var constant: Double
        var lower: Double
        var upper: Double
        var scale: Double
    }

    var rows: [WorkRow] = []
    var columns: [Int] = []
    var coefficients: [Double] = []

    var isEmpty: Bool { rows.isEmpty }

    mutating func append(_ table: RowTable, _ row: Int, lower: Double, upper: Double, factor: Double, fixed: [Bool],
                         x: [Double]) {
        let start = columns.count
        var constant = table.constants[row]
        var norm2 = 0.0
        for k in table.terms(row) {
            let v = table.variables[k], a = table.coefficients[k]
            if fixed[v] {
                constant += a * x[v]
            } else {
                columns.append(v)
                coefficients.append(a)
                norm2 += a * a
            }
        }
        guard norm2 > 0 else {
            columns.removeSubrange(start...)
            coefficients.removeSubrange(start...)
            return
        }
        rows.append(WorkRow(start: start, end: columns.count, constant: constant, lower: lower, upper: upper,
                            scale: factor / norm2))
    }

    /// One pass of relaxed projections, in order, each equality's step scaled by `omega` on top of the row's
    /// factor.
    func sweep(_ x: inout [Double], omega: Double) {
        rows.withUnsafeBufferPointer { rows in
            columns.withUnsafeBufferPointer { cols in
                coefficients.withUnsafeBufferPointer { coefs in
                    x.withUnsafeMutableBufferPointer { x in
                        for row in rows {
                            var lhs = row.constant
                            for k in row.start..<row.end { lhs += coefs[k] * x[cols[k]] }
                            let target: Double
                            if lhs < row.lower { target = row.lower } else if lhs > row.upper { target = row.upper } else { continue }
                            // Over-relax equalities only: an inequality (or a frozen range) lands on its boundary,
                            // so over-relaxation never parks the iterate inside a halfspace it pulls against.
                            let step = (target - lhs) * row.scale * (row.lower == row.upper ? omega : min(omega, 1))
                            for k in row.start..<row.end { x[cols[k]] += step * coefs[k] }
                        }
                    }
                }
            }
        }
    }

    /// The largest violation of any row at `x`.
    func residual(_ x: [Double]) -> Double {
        var worst = 0.0
        for row in rows {
            var lhs = row.constant
            for k in row.start..<row.end { lhs += coefficients[k] * x[columns[k]] }
            let d = Row.distance(lhs, row.lower, row.upper)
            if !(d <= worst) { worst = d }  // NaN propagates
        }
        return worst
    }
}
