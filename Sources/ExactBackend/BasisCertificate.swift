import PlumbSystem

/// An exact check of a proposed basis for the original rows, without building a tableau: the basic solution by
/// substitution, each level's duals the same way on the transposed system, and the lexicographic optimality test on
/// the reduced costs of the nonbasic columns.
///
/// Rows are `Σ a·x + c + logicals = 0`, with the logical columns of `SimplexEngine` (required `<=`: `+s`, `>=`:
/// `-s`, `s ≥ 0`; required `==`: none, its marker is fixed at 0; soft: `-p + n`, `p, n ≥ 0`, the level charging `p`
/// and `n` for `==`, `p` for `<=`, `n` for `>=`). Nonbasic columns sit at 0: logical ones at their lower bound,
/// structural ones (free) anywhere, so at 0.
///
/// The basis is put in triangular order around a core by peeling singletons (`triangularOrder`); the core, usually
/// a small part, is solved by Gaussian elimination in this back end's own tableau. A layout's basis costs a few
/// exact operations per nonzero and per level. `certify` answers the basic solution's structural values when the
/// basis is exactly feasible and lexicographically optimal, and nil otherwise (also for a singular basis). A basis
/// with fewer columns than rows is taken when the rows left without one are implied by the others (each holds at
/// the basic solution; its dual is 0): Cassowary keeps no row for a redundant required equality.
struct BasisCertificate<T: SimplexScalar> {
    let variableCount: Int
    private(set) var levelCount: Int
    private(set) var rowCount: Int
    /// The distinct priorities of the soft rows, highest first (level k's is `levelPriorities[k]`), when the maker
    /// gave them: rows can then be added in place (`appendEditRow`).
    private(set) var levelPriorities: [Priority]
    /// Row k's terms: `termColumn[rowStart[k] ..< rowStart[k + 1]]`, with `termCoefficient`.
    private(set) var rowStart: [Int]
    private(set) var termColumn: [Int]
    private(set) var termCoefficient: [T]
    /// Row k's constant; `setConstant` changes one (a suggested edit's), keeping everything else.
    private(set) var constant: [T]
    /// Row k's logical columns: `variableCount + firstLogical[k] ..< variableCount + firstLogical[k + 1]`.
    private(set) var firstLogical: [Int] = []
    private(set) var logicalRow: [Int] = []
    private(set) var logicalCoefficient: [T] = []
    /// The level charging each logical column (nil: none; a required row's slack is free).
    private(set) var logicalCost: [RowLevel?] = []
    /// Structural column j's rows: `columnRow[columnStart[j] ..< columnStart[j + 1]]`, for the first `indexedRows`
    /// rows (`columnIndex()` has every row's, for `triangularOrder`).
    private(set) var columnStart: [Int] = []
    private(set) var columnRow: [Int] = []
    private(set) var indexedRows = 0

    /// `levels[k]`: the level of row k; `levelPriorities`: each level's priority, or empty (rows cannot be added).
    init(rowStart: [Int], termColumn: [Int], termCoefficient: [T], constant: [T], relation: [Relation], levels: [RowLevel],
         variableCount: Int, levelCount: Int, levelPriorities: [Priority] = []) {
        precondition(levelPriorities.isEmpty || levelPriorities.count == levelCount, "BasisCertificate: a priority per level")
        self.levelPriorities = levelPriorities
        self.rowStart = rowStart
        self.termColumn = termColumn
        self.termCoefficient = termCoefficient
        self.constant = constant
        self.variableCount = variableCount
        self.levelCount = levelCount
        rowCount = constant.count
        firstLogical.reserveCapacity(rowCount + 1)
        logicalRow.reserveCapacity(2 * rowCount)
        logicalCoefficient.reserveCapacity(2 * rowCount)
        logicalCost.reserveCapacity(2 * rowCount)
        for k in 0..<rowCount {
            firstLogical.append(logicalRow.count)
            let level = levels[k]
            if !level.isRequired {
                logicalRow.append(k); logicalCoefficient.append(-T.one)                       // p
                logicalCost.append(relation[k] != .greaterOrEqual ? level : nil)
                logicalRow.append(k); logicalCoefficient.append(T.one)                        // n
                logicalCost.append(relation[k] != .lessOrEqual ? level : nil)
            } else if relation[k] != .equal {
                logicalRow.append(k); logicalCoefficient.append(relation[k] == .lessOrEqual ? T.one : -T.one)
                logicalCost.append(nil)
            }
        }
        firstLogical.append(logicalRow.count)
        (columnStart, columnRow) = Self.columnIndex(rowStart: rowStart, termColumn: termColumn, variableCount: variableCount)
        indexedRows = rowCount
    }

    /// Each structural column's rows, in order, by counting sort: column j's are `row[start[j] ..< start[j + 1]]`.
    /// - Complexity: O(nonzeros + variables).
    static func columnIndex(rowStart: [Int], termColumn: [Int], variableCount: Int) -> (start: [Int], row: [Int]) {
        var counts = [Int](repeating: 0, count: variableCount + 1)
        for j in termColumn { counts[j + 1] += 1 }
        for j in 0..<variableCount { counts[j + 1] += counts[j] }
        var fill = counts
        var rows = [Int](repeating: 0, count: termColumn.count)
        for k in 0..<(rowStart.count - 1) {
            for t in rowStart[k]..<rowStart[k + 1] {
                let j = termColumn[t]
                rows[fill[j]] = k
                fill[j] += 1
            }
        }
        return (counts, rows)
    }

    /// The column index of every row: the one made with the certificate, or, when rows were added since
    /// (`appendEditRow`, which leaves it), one made again.
    /// - Complexity: O(1), or O(nonzeros + variables) after rows were added.
    func columnIndex() -> (start: [Int], row: [Int]) {
        indexedRows == rowCount ? (columnStart, columnRow)
            : Self.columnIndex(rowStart: rowStart, termColumn: termColumn, variableCount: variableCount)
    }

    var columnCount: Int { variableCount + logicalRow.count }

    /// Row k's logical columns (none for a required equality; `s`; or `p`, `n`).
    func logicals(ofRow k: Int) -> Range<Int> { (variableCount + firstLogical[k])..<(variableCount + firstLogical[k + 1]) }

    /// A basis `certify` found exactly feasible and lexicographically optimal, with the order it was solved in and
    /// its basic solution then (`value`, every column). Its duals, and so its optimality, do not depend on the rows'
    /// constants: after new constants its basic solution, moved along `sensitivity(at:ofRow:)`, is the answer if it
    /// is still feasible.
    struct CertifiedBasis {
        let basic: [Bool]
        let order: Order
        /// Empty once a `KeptCertificate` holds the basis: it keeps the solution, moved with the constants.
        var value: [T]
        /// The core's factor from the certification, when it kept the inverse (for the duals of rows added later:
        /// `certifyAddingUnmetRows`).
        var core: CoreFactor? = nil
        /// The basic logical columns some level charges (an unmet soft row's error): where a level's duals start
        /// (`sparseDuals`).
        var chargedBasic: [Int] = []
    }

    /// The structural values of the basic solution of `basic` (one flag per column), or nil unless the basis is
    /// exactly feasible and lexicographically optimal.
    /// - Complexity: O(nonzeros × levels) plus the core's elimination.
    func certify(basic: [Bool]) -> [T]? { certifyKeepingBasis(basic: basic)?.values }

    /// `certify(basic:)`, with the certified basis kept (its solution moves with new constants: `sensitivity(at:ofRow:)`).
    /// `implied` (one flag per row, or empty) names rows the proposer found implied by the others (a required
    /// equality it keeps no row for): they take no part in the triangular order and are checked like the implied
    /// rows it finds itself (each must hold exactly at the basic solution). Without them, a layout's redundant
    /// equalities leave a core with more rows than columns, which is refused.
    func certifyKeepingBasis(basic: [Bool], implied: [Bool] = []) -> (values: [T], basis: CertifiedBasis)? {
        precondition(basic.count == columnCount, "BasisCertificate: one flag per column")
        var basicCount = 0
        for b in basic where b { basicCount += 1 }
        guard basicCount <= rowCount else { return nil }
        let order = triangularOrder(basic: basic, implied: implied)
        // Rows the others imply (a redundant required equality, which Cassowary keeps no row for) take no basic
        // column: the rest must be square.
        guard basicCount + order.impliedRows.count == rowCount else { return nil }
        // The levels whose duals are not all zero: those charging a basic column. A level charging only nonbasic
        // columns (every row of it met exactly by the basic solution, the usual case) has y = 0, so its reduced
        // costs are its costs, never negative: nothing to solve.
        var costed = [Bool](repeating: false, count: levelCount)
        var chargedBasic: [Int] = []
        for j in variableCount..<columnCount where basic[j] {
            if let rank = logicalCost[j - variableCount]?.rank {
                costed[rank] = true
                chargedBasic.append(j)
            }
        }
        let needsDuals = costed.contains(true)
        // A large core whose duals are needed is left to the engine's own path (its inverse, which the duals read,
        // may be dense); without duals the core is solved for the values only, in a tableau without the inverse.
        guard !needsDuals || order.coreRows.count <= Swift.max(64, rowCount / 8) else { return nil }
        guard let (value, core) = basicSolution(basic: basic, order: order, keepsInverse: needsDuals, constants: constant)
        else { return nil }
        guard isLexicographicallyOptimal(basic: basic, order: order, core: core, costed: costed) else { return nil }
        return (Array(value[0..<variableCount]),
                CertifiedBasis(basic: basic, order: order, value: value, core: core?.keepsInverse == true ? core : nil,
                               chargedBasic: chargedBasic))
    }

    /// How `certified`'s basic solution moves with row k's constant: by `Δ · coefficient` in each of `terms`'s
    /// columns when the constant moves by Δ (`B d = -e_k`, the rows' matrix alone). `movesImpliedRow`: an implied
    /// row's residual moves too, so that no other constant keeps the basis.
    struct Sensitivity {
        let terms: [(column: Int, coefficient: T)]
        let movesImpliedRow: Bool
    }

    /// See `Sensitivity`; nil when the core cannot be solved again (past its work bound).
    /// - Complexity: O(nonzeros) plus the core's elimination (without its inverse).
    func sensitivity(at certified: CertifiedBasis, ofRow k: Int) -> Sensitivity? {
        var unit = [T](repeating: .zero, count: rowCount)
        unit[k] = .one
        guard let (d, _) = basicSolution(basic: certified.basic, order: certified.order, keepsInverse: false,
                                         constants: unit, checked: false) else { return nil }
        var terms: [(column: Int, coefficient: T)] = []
        for j in d.indices where !d[j].isZero { terms.append((j, d[j])) }
        let moves = certified.order.impliedRows.contains { i in
            !(residual(row: i, basic: certified.basic, value: d) - constant[i] + unit[i]).isZero
        }
        return Sensitivity(terms: terms, movesImpliedRow: moves)
    }

    /// Row k's constant becomes `c` (a suggested edit's new value): the rows' matrix, and so any certified basis's
    /// order and duals, stay as they were.
    mutating func setConstant(_ c: T, ofRow k: Int) { constant[k] = c }

    /// Appends the soft row `v + c = 0` at `priority` (an edit's first value), its two logical columns (`p`, `n`)
    /// after every other column: the certificate is then the one made with the row after the others, without making
    /// it again from every row. A priority no row had inserts a level, the levels below it moving down a rank. False,
    /// nothing changed, when the certificate was made without its levels' priorities, or for a required priority or
    /// an unknown variable.
    /// - Complexity: O(1) amortized for the row; O(logical columns) for a new level.
    mutating func appendEditRow(variable v: Int, constant c: T, priority: Priority) -> Bool {
        guard !priority.isRequired, levelPriorities.count == levelCount, v >= 0, v < variableCount else { return false }
        var rank = 0
        while rank < levelPriorities.count && levelPriorities[rank] > priority { rank += 1 }
        if rank == levelPriorities.count || levelPriorities[rank] != priority {
            levelPriorities.insert(priority, at: rank)
            levelCount += 1
            for i in logicalCost.indices {
                if let r = logicalCost[i]?.rank, r >= rank { logicalCost[i] = .soft(r + 1) }
            }
        }
        let k = rowCount, level = RowLevel.soft(rank)
        termColumn.append(v)
        termCoefficient.append(.one)
        rowStart.append(termColumn.count)
        constant.append(c)
        rowCount += 1
        logicalRow.append(k); logicalCoefficient.append(-T.one); logicalCost.append(level)   // p
        logicalRow.append(k); logicalCoefficient.append(T.one); logicalCost.append(level)    // n
        firstLogical.append(logicalRow.count)
        // (the column index is left as it is: `columnIndex()` makes it again if a new order is asked for)
        return true
    }

    /// The basic solution for `constants` (every column's value, nonbasic ones at 0) when it is exactly feasible:
    /// the basic logical columns at least 0, and every implied row holding (unless not `checked`: a certified
    /// basis, whose core is known regular). With `keepsInverse`, the core's factor for the duals.
    private func basicSolution(basic: [Bool], order: Order, keepsInverse: Bool, constants: [T], checked: Bool = true)
        -> (value: [T], core: CoreFactor?)? {
        var coreIndex = [Int?](repeating: nil, count: columnCount)
        for (n, j) in order.coreColumns.enumerated() { coreIndex[j] = n }
        // Primal: B x_B = -c with the nonbasic columns at 0: the forward pivots, the core, the deferred pivots.
        // (room for a few columns more: rows added later extend a kept solution in place, `certifyAddingUnmetRows`)
        var value: [T] = []
        value.reserveCapacity(columnCount + 8)
        value.append(contentsOf: repeatElement(T.zero, count: columnCount))
        var core: CoreFactor? = nil
        for (k, j) in order.forward { value[j] = solvedValue(row: k, column: j, basic: basic, value: value, constants) }
        if !order.coreRows.isEmpty {
            var terms: [[(column: Int, coefficient: T)]] = []
            var rhs: [T] = []
            for k in order.coreRows {
                var row: [(column: Int, coefficient: T)] = []
                var sum = constants[k]
                for t in rowStart[k]..<rowStart[k + 1] where basic[termColumn[t]] {
                    let j = termColumn[t]
                    if let n = coreIndex[j] { row.append((n, termCoefficient[t])) }
                    else { sum = sum + termCoefficient[t] * value[j] }
                }
                for l in logicals(ofRow: k) where basic[l] {
                    let a = logicalCoefficient[l - variableCount]
                    if let n = coreIndex[l] { row.append((n, a)) } else { sum = sum + a * value[l] }
                }
                terms.append(row)
                rhs.append(-sum)
            }
            // (a certified basis's core is regular: with nothing on the right its values stay 0, as for a
            // sensitivity that stops short of the core)
            if checked || keepsInverse || !rhs.allSatisfy(\.isZero) {
                guard let factored = CoreFactor(terms, rhs, unknowns: order.coreColumns.count, keepsInverse: keepsInverse)
                else { return nil }
                core = factored
                for (n, j) in order.coreColumns.enumerated() { value[j] = factored.values[n] }
            }
        }
        for (k, j) in order.deferred.reversed() {
            value[j] = solvedValue(row: k, column: j, basic: basic, value: value, constants)
        }
        guard checked else { return (value, core) }
        for j in variableCount..<columnCount where basic[j] && value[j].signum < 0 { return nil }
        // An implied row holds exactly at these values, or the basis is not one of the system's (its dual is 0: the
        // other rows' duals price every basic column).
        for k in order.impliedRows where !residual(row: k, basic: basic, value: value).isZero { return nil }
        return (value, core)
    }

    @inline(__always) func cost(_ j: Int, _ level: Int) -> T {
        j >= variableCount && logicalCost[j - variableCount]?.rank == level ? .one : .zero
    }

    /// The value of basic column j from row k with `constants`, every other basic column of the row known.
    func solvedValue(row k: Int, column j: Int, basic: [Bool], value: [T], _ constants: [T]) -> T {
        var sum = constants[k], pivot = T.zero
        for t in rowStart[k]..<rowStart[k + 1] where basic[termColumn[t]] {
            if termColumn[t] == j { pivot = termCoefficient[t] } else { sum = sum + termCoefficient[t] * value[termColumn[t]] }
        }
        for l in logicals(ofRow: k) where basic[l] {
            let a = logicalCoefficient[l - variableCount]
            if l == j { pivot = a } else { sum = sum + a * value[l] }
        }
        return -sum / pivot
    }

    /// Row k's left side at `value` (its nonbasic columns at 0).
    func residual(row k: Int, basic: [Bool], value: [T]) -> T {
        var sum = constant[k]
        for t in rowStart[k]..<rowStart[k + 1] where basic[termColumn[t]] {
            sum = sum + termCoefficient[t] * value[termColumn[t]]
        }
        for l in logicals(ofRow: k) where basic[l] { sum = sum + logicalCoefficient[l - variableCount] * value[l] }
        return sum
    }

    /// Basic column j's coefficient in row k.
    func pivotCoefficient(row k: Int, column j: Int) -> T {
        if j >= variableCount { return logicalCoefficient[j - variableCount] }
        for t in rowStart[k]..<rowStart[k + 1] where termColumn[t] == j { return termCoefficient[t] }
        return .zero
    }

    /// Pivots in which the basis is triangular around a core: `forward` rows each solve their one unknown basic
    /// column in turn; `deferred` ones each solve a column that only they hold, after everything else (in reverse);
    /// the core rows and columns, which neither kind of singleton opens, are solved together in between; the
    /// implied rows are left with every basic column solved by the others (a dependent row, checked afterwards).
    struct Order {
        var forward: [(row: Int, column: Int)] = []
        var deferred: [(row: Int, column: Int)] = []
        var coreRows: [Int] = []
        var coreColumns: [Int] = []
        var impliedRows: [Int] = []
    }

    /// `implied`: rows set aside as implied from the start (see `certifyKeepingBasis`).
    func triangularOrder(basic: [Bool], implied: [Bool] = []) -> Order {
        let (columnStart, columnRow) = columnIndex()
        var rowUnknowns = [Int](repeating: 0, count: rowCount)
        var columnRows = [Int](repeating: 0, count: columnCount)
        var rowActive = [Bool](repeating: true, count: rowCount)
        var known = [Bool](repeating: false, count: columnCount)
        for k in implied.indices where implied[k] { rowActive[k] = false }
        for k in 0..<rowCount where rowActive[k] {
            for t in rowStart[k]..<rowStart[k + 1] where basic[termColumn[t]] {
                rowUnknowns[k] += 1
                columnRows[termColumn[t]] += 1
            }
            for l in logicals(ofRow: k) where basic[l] {
                rowUnknowns[k] += 1
                columnRows[l] += 1
            }
        }
        var rowQueue: [Int] = []
        rowQueue.reserveCapacity(rowCount)
        for k in stride(from: rowCount - 1, through: 0, by: -1) where rowUnknowns[k] == 1 { rowQueue.append(k) }
        var columnQueue: [Int] = []
        columnQueue.reserveCapacity(rowCount)
        for j in stride(from: columnCount - 1, through: 0, by: -1) where basic[j] && columnRows[j] == 1 { columnQueue.append(j) }
        var order = Order()
        order.forward.reserveCapacity(rowCount)
        while true {
            if let k = rowQueue.popLast() {
                guard rowActive[k], rowUnknowns[k] == 1 else { continue }
                guard let j = unknownColumn(ofRow: k, basic: basic, known: known) else { continue }
                rowActive[k] = false
                known[j] = true
                order.forward.append((k, j))
                // Every other active row holding j has one unknown fewer.
                if j < variableCount {
                    for e in columnStart[j]..<columnStart[j + 1] where rowActive[columnRow[e]] {
                        let i = columnRow[e]
                        rowUnknowns[i] -= 1
                        if rowUnknowns[i] == 1 { rowQueue.append(i) }
                    }
                }
            } else if let j = columnQueue.popLast() {
                guard !known[j], columnRows[j] == 1 else { continue }
                var holder: Int? = nil
                if j >= variableCount {
                    let i = logicalRow[j - variableCount]
                    if rowActive[i] { holder = i }
                } else {
                    for e in columnStart[j]..<columnStart[j + 1] where rowActive[columnRow[e]] { holder = columnRow[e]; break }
                }
                guard let k = holder else { continue }
                rowActive[k] = false
                // The row's other unknown columns lose this row.
                for t in rowStart[k]..<rowStart[k + 1] where basic[termColumn[t]] && !known[termColumn[t]] && termColumn[t] != j {
                    let c = termColumn[t]
                    columnRows[c] -= 1
                    if columnRows[c] == 1 { columnQueue.append(c) }
                }
                for l in logicals(ofRow: k) where basic[l] && !known[l] && l != j {
                    columnRows[l] -= 1
                    if columnRows[l] == 1 { columnQueue.append(l) }
                }
                known[j] = true
                order.deferred.append((k, j))
            } else {
                break
            }
        }
        for k in 0..<rowCount {
            if k < implied.count && implied[k] {
                order.impliedRows.append(k)
            } else if rowActive[k] {
                if unknownColumn(ofRow: k, basic: basic, known: known) != nil { order.coreRows.append(k) } else { order.impliedRows.append(k) }
            }
        }
        for j in 0..<columnCount where basic[j] && !known[j] { order.coreColumns.append(j) }
        return order
    }

    /// A basic column of row k not yet known (the row's only one, where the peeling asks), or nil.
    func unknownColumn(ofRow k: Int, basic: [Bool], known: [Bool]) -> Int? {
        for t in rowStart[k]..<rowStart[k + 1] where basic[termColumn[t]] && !known[termColumn[t]] { return termColumn[t] }
        for l in logicals(ofRow: k) where basic[l] && !known[l] { return l }
        return nil
    }

    /// A square core `C x = b` (one row of terms per equation) solved by Gaussian elimination in this back end's own
    /// tableau, every unknown a free column taken basic by a row: `values` is its unique solution, and the tableau,
    /// which holds `C⁻¹` in the columns of the rows' markers, solves the transposed system `Cᵀ y = c` as well. Nil
    /// for a singular core.
    struct CoreFactor {
        var engine = SimplexEngine<T>()
        let values: [T]
        /// Whether the tableau holds `C⁻¹` (`transposedSolve` works).
        let keepsInverse: Bool
        /// The core row of each marker column (nil for the unknowns' columns).
        var markerRow: [Int?] = []

        /// `keepsInverse`: false when only `values` are wanted (no `transposedSolve`): the rows' marker columns,
        /// fixed at 0, are then dropped as they leave the basis, and the tableau keeps no inverse (a chain's is dense).
        init?(_ terms: [[(column: Int, coefficient: T)]], _ rhs: [T], unknowns n: Int, keepsInverse: Bool) {
            guard terms.count == n else { return nil }
            self.keepsInverse = keepsInverse
            engine.dropsFixedMarkers = !keepsInverse
            for _ in 0..<n { _ = engine.newColumn(bounds: .free, kind: .structural) }
            for (row, b) in zip(terms, rhs) {
                _ = engine.addRow(terms: row, constant: -b, relation: .equal, priority: nil)
                // The inverse filling in (rows rewritten far beyond the core's size): leave it to the engine's path.
                if engine.statColumn > 64 * n + 4096 { return nil }
            }
            guard engine.infeasible.isEmpty else { return nil }
            for c in 0..<n where !engine.columns[c].isBasic { return nil }
            values = (0..<n).map { [engine] in engine.value($0) }
            markerRow = [Int?](repeating: nil, count: engine.columnCount)
            for (i, o) in engine.origins.enumerated() { markerRow[o.marker] = i }
        }

        /// `y` with `Cᵀ y = c`: row `i` of `C x + m = b` puts marker `m_i` in every basic row with `C⁻¹`'s column i,
        /// so `y_i = Σ_j (C⁻¹)_{ji} c_j` reads the rows of the unknowns.
        func transposedSolve(_ c: [T]) -> [T] {
            var y = [T](repeating: .zero, count: values.count)
            for j in c.indices where !c[j].isZero {
                for k in engine.store.cells(engine.columns[j].basicRow!) {
                    if let i = markerRow[engine.store.column[k]] { y[i] = y[i] + engine.store.coefficient[k] * c[j] }
                }
            }
            return y
        }
    }
}
