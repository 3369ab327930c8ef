import PlumbSystem
import PlumbSolver

/// Why a run stopped without converging.
enum Stop: Equatable {
    case sweepCap
    case projectionCap
    case timeLimit
    /// The iterate stopped moving but the hard set still does not hold (a limit cycle).
    case stalled(residual: Double)
    /// Propagation fixed every variable of a hard row and the row does not hold.
    case provedConflict(row: Int, violation: Double, requiredOnly: Bool)
    /// The iterate left the finite numbers.
    case diverged
}

/// One solve: the sweeps over a fixed set of rows, from warm-start values.
struct RelaxationEngine {
    let scheme: RelaxationScheme
    let tolerance: Double
    let maxSweeps: Int
    let overRelaxation: Double
    let deadline: ContinuousClock.Instant
    let maxProjections: Int
    /// Row projections so far in this solve.
    var projections = 0
    /// Rows with their level: 0 is required, then the soft levels in descending priority.
    let rows: RowTable
    let levelOf: [Int]
    let levelCount: Int

    var x: [Double]
    var sweeps = 0
    var stop: Stop?
    /// The bounds each row has in the hard set (differs from the row's own after freezing a violated row).
    private var hardLower: [Double]
    private var hardUpper: [Double]
    private var previous: [Double]
    private var rowsOfVariable = RowsOfVariable()

    init(scheme: RelaxationScheme, tolerance: Double, maxSweeps: Int, overRelaxation: Double, deadline: ContinuousClock.Instant, maxProjections: Int,
         rows: RowTable, levelOf: [Int], levelCount: Int, start: [Double]) {
        self.scheme = scheme
        self.tolerance = tolerance
        self.maxSweeps = maxSweeps
        self.overRelaxation = overRelaxation
        self.deadline = deadline
        self.maxProjections = maxProjections
        self.rows = rows
        self.levelOf = levelOf
        self.levelCount = levelCount
        self.x = start
        hardLower = rows.lower
        hardUpper = rows.upper
        previous = start
    }

    /// Runs the scheme; `stop` is nil when it converged.
    mutating func run() {
        if scheme.isHierarchical { runHierarchical() } else { runTextbook() }
    }

    /// The largest violation of each level's rows (their own bounds, not the frozen ones).
    func levelResiduals() -> [Double] {
        var worst = [Double](repeating: 0, count: levelCount)
        for index in rows.indices {
            let d = Row.distance(rows.lhs(index, x), rows.lower[index], rows.upper[index])
            let level = levelOf[index]
            if !(d <= worst[level]) { worst[level] = d }
        }
        return worst
    }

    // MARK: - Textbook

    private mutating func runTextbook() {
        let none = [Bool](repeating: false, count: x.count)
        // Increasing priority, so the required rows come last in every sweep; ties keep id order.
        let order = rows.indices.sorted { (levelOf[$0], -$0) > (levelOf[$1], -$1) }
        var soft = WorkSet(), hard = WorkSet()
        for index in order {
            if levelOf[index] == 0 {
                hard.append(rows, index, lower: rows.lower[index], upper: rows.upper[index], factor: 1, fixed: none, x: x)
            } else {
                soft.append(rows, index, lower: rows.lower[index], upper: rows.upper[index],
                            factor: RelaxationScheme.textbookSoftFactor, fixed: none, x: x)
            }
        }
        if let conflict = unmovableConflict(among: rows.indices.filter { levelOf[$0] == 0 }, fixed: none, provable: true) {
            stop = conflict
            return
        }
        stop = sweep(soft: soft, hard: hard)
    }

    // MARK: - Level by level

    private mutating func runHierarchical() {
        // The hard set: frozen levels in the order they were frozen, then the required rows. A level that
        // pulls against a frozen row is put back by that row before the disturbance reaches the required
        // rows (an edit against a stay, say), rather than being spread over them first.
        let required = rows.indices.filter { levelOf[$0] == 0 }
        var frozen: [Int] = []
        var hard: [Int] { frozen + required }
        let softLevels = Array(Set(levelOf.filter { $0 > 0 })).sorted()
        let none = [Bool](repeating: false, count: x.count)
        for level in (softLevels.isEmpty ? [nil] : softLevels.map { Optional($0) }) {
            let members = level.map { l in rows.indices.filter { levelOf[$0] == l } } ?? []
            // First try the level as if it were required: when it agrees with the hard set, propagation and
            // the hard sweeps settle it exactly; when it conflicts, they settle into a limit cycle.
            if scheme.triesLevelsAsRequired, !members.isEmpty {
                let saved = x
                let trial = hard + members
                let fixed = scheme.propagates ? propagate(trial) : none
                if unmovableConflict(among: trial, fixed: fixed, provable: false) == nil {
                    var trialSet = WorkSet()
                    for index in trial {
                        trialSet.append(rows, index, lower: hardLower[index], upper: hardUpper[index], factor: 1,
                                        fixed: fixed, x: x)
                    }
                    switch sweep(soft: WorkSet(), hard: trialSet) {
                    case nil:
                        frozen += members
                        continue
                    case .stalled?:
                        break
                    case let end?:
                        stop = end
                        return
                    }
                }
                x = saved
            }
            let fixed = scheme.propagates ? propagate(hard) : none
            // Only required rows are checked: a frozen row held when it was frozen, together with everything
            // above it, so a frozen row left unmovable can only be off by rounding, and is simply skipped.
            if let conflict = unmovableConflict(among: required, fixed: fixed, provable: frozen.isEmpty) {
                stop = conflict
                return
            }
            var hardSet = WorkSet()
            for index in hard {
                hardSet.append(rows, index, lower: hardLower[index], upper: hardUpper[index], factor: 1, fixed: fixed, x: x)
            }
            var softSet = WorkSet()
            for index in members {
                softSet.append(rows, index, lower: rows.lower[index], upper: rows.upper[index], factor: 1, fixed: fixed, x: x)
            }
            switch sweep(soft: softSet, hard: hardSet) {
            case nil:
                break
            case .stalled?:
                // The level pulls against the hard set: settle the hard set alone (re-projection).
                if let end = sweep(soft: WorkSet(), hard: hardSet) { stop = end; return }
            case let end?:
                stop = end
                return
            }
            for index in members { freeze(index) }
            frozen += members
        }
    }

    /// Makes a finished soft row part of the hard set: with its own bounds when it holds (within the
    /// tolerance), otherwise with its range widened to exactly the violation it reached, so that no lower
    /// level can make it worse.
    private mutating func freeze(_ index: Int) {
        let value = rows.lhs(index, x), lower = rows.lower[index], upper = rows.upper[index]
        guard Row.distance(value, lower, upper) > tolerance else { return }
        if lower == upper {
            let reach = abs(value - lower) + tolerance
            hardLower[index] = lower - reach
            hardUpper[index] = upper + reach
        } else if value > upper {
            hardUpper[index] = value + tolerance
        } else {
            hardLower[index] = value - tolerance
        }
    }

    // MARK: - Sweeping

    /// Sweeps `soft` then `hard` until the iterate stops moving. Nil when it converged: the last sweep moved
    /// nothing more than the tolerance and the hard set holds within it. `.stalled` when the iterate has
    /// stopped moving (relative to the residual: a limit cycle, not slow convergence) while the hard set
    /// does not hold.
    private mutating func sweep(soft: WorkSet, hard: WorkSet) -> Stop? {
        // Over-relax only runs without soft rows: against a soft row that pulls the other way, an
        // over-relaxed hard row overshoots and spreads the disturbance into the rest of the hard set.
        var relaxation = OverRelaxation(omega: scheme.overRelaxes && soft.isEmpty ? overRelaxation : 1)
        while true {
            if sweeps >= maxSweeps { return .sweepCap }
            if projections >= maxProjections { return .projectionCap }
            if ContinuousClock.now >= deadline { return .timeLimit }
            copy(x, into: &previous)
            soft.sweep(&x, omega: 1)
            hard.sweep(&x, omega: relaxation.omega)
            sweeps += 1
            projections += soft.rows.count + hard.rows.count
            let (moved, movedNorm) = difference(x, previous)
            guard moved.isFinite else { return .diverged }
            // The residual costs a pass of its own: check it when the move is small, and every 16th sweep
            // for a limit cycle whose end-of-sweep point has nearly stopped while the hard set is broken.
            if moved <= tolerance || sweeps % 16 == 0 {
                let residual = hard.residual(x)
                guard residual.isFinite else { return .diverged }
                if moved <= tolerance && residual <= tolerance { return nil }
                if residual > tolerance && moved <= residual * RelaxationEngine.stallRatio {
                    return .stalled(residual: residual)
                }
            }
            relaxation.observe(moved: movedNorm)
        }
    }

    /// An iterate that moves less than this fraction of the hard residual per sweep has stopped (a limit
    /// cycle); slow convergence moves in proportion to the residual (times 1 − ρ, the contraction gap).
    static let stallRatio = 1e-6

    /// Over-relaxation of the hard set with a fixed ω, and a guard: if the moves grow for a sustained
    /// stretch, ω drops back to 1 for the rest of the run.
    struct OverRelaxation {
        var omega: Double
        var lastMoved = Double.infinity
        var growing = 0

        mutating func observe(moved: Double) {
            defer { lastMoved = moved }
            guard omega != 1, lastMoved.isFinite else { return }
            growing = moved > lastMoved ? growing + 1 : 0
            if growing >= 50 { omega = 1 }
        }
    }

    private func copy(_ source: [Double], into target: inout [Double]) {
        if target.count != source.count { target = source; return }
        source.withUnsafeBufferPointer { s in
            target.withUnsafeMutableBufferPointer { t in
                for i in 0..<s.count { t[i] = s[i] }
            }
        }
    }

    /// The largest and the root-sum-square difference.
    private func difference(_ a: [Double], _ b: [Double]) -> (max: Double, norm: Double) {
        var worst = 0.0, sum = 0.0
        for i in a.indices {
            let d = abs(a[i] - b[i])
            if !(d <= worst) { worst = d }
            sum += d * d
        }
        return (worst, sum.squareRoot())
    }

    // MARK: - Propagation of known values

    /// Fixes, by substitution, every variable that the tight rows of `hard` determine one at a time, writes
    /// the values into `x`, and returns which variables are fixed.
    private mutating func propagate(_ hard: [Int]) -> [Bool] {
        var fixed = [Bool](repeating: false, count: x.count)
        if rowsOfVariable.start.isEmpty { rowsOfVariable = RowsOfVariable(rows) }
        var unknown = [Int](repeating: -1, count: rows.count)  // −1: not a tight row of `hard`
        var queue: [Int] = []
        for index in hard where hardLower[index] == hardUpper[index] {
            unknown[index] = rows.terms(index).count
            if unknown[index] == 1 { queue.append(index) }
        }
        var head = 0
        while head < queue.count {
            let index = queue[head]
            head += 1
            guard unknown[index] == 1 else { continue }
            var rest = rows.constants[index], variable = -1, coefficient = 0.0
            for k in rows.terms(index) {
                let v = rows.variables[k]
                if fixed[v] { rest += rows.coefficients[k] * x[v] } else { (variable, coefficient) = (v, rows.coefficients[k]) }
            }
            guard variable >= 0 else { continue }
            x[variable] = (hardLower[index] - rest) / coefficient
            fixed[variable] = true
            for k in rowsOfVariable.start[variable]..<rowsOfVariable.start[variable + 1] {
                let other = rowsOfVariable.rows[k]
                guard unknown[other] > 0 else { continue }
                unknown[other] -= 1
                if unknown[other] == 1 { queue.append(other) }
            }
        }
        return fixed
    }

    /// For each variable, the rows that mention it (compressed: `rows[start[v]..<start[v + 1]]`).
    struct RowsOfVariable {
        var start: [Int] = []
        var rows: [Int] = []

        init() {}

        init(_ all: RowTable) {
            let count = (all.variables.max() ?? -1) + 1
            var degree = [Int](repeating: 0, count: count + 1)
            for v in all.variables { degree[v + 1] += 1 }
            for v in 0..<count { degree[v + 1] += degree[v] }
            start = degree
            var next = degree
            rows = [Int](repeating: 0, count: degree[count])
            for index in all.indices {
                for k in all.terms(index) {
                    let v = all.variables[k]
                    rows[next[v]] = index
                    next[v] += 1
                }
            }
        }
    }

    /// A row of `among` that no projection can move, because all its variables are fixed or it has none,
    /// and that does not hold: the set is inconsistent. `provable` says whether every row the fixing used is
    /// required, which makes it a proof (up to floating-point rounding in the substitution).
    private func unmovableConflict(among members: [Int], fixed: [Bool], provable: Bool) -> Stop? {
        var worst: (row: Int, violation: Double)?
        for index in members {
            guard rows.allFixed(index, fixed) else { continue }
            let d = Row.distance(rows.lhs(index, x), hardLower[index], hardUpper[index])
            if d > tolerance, d > (worst?.violation ?? 0) { worst = (index, d) }
        }
        guard let worst else { return nil }
        return .provedConflict(row: worst.row, violation: worst.violation,
                               requiredOnly: provable && members.allSatisfy { levelOf[$0] == 0 })
    }
}
