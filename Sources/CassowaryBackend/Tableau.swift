/// The pivots one run of a simplex phase may make before it gives up and reports trouble: far beyond what any
/// workload needs (a few per constraint), a bound against cycling in floating point, which would otherwise run for
/// ever while the cell store grows.
struct PivotBudget {
    let limit: Int
    private(set) var spent = 0

    var isSpent: Bool { spent >= limit }
    /// Past half of the budget only Bland's rule, which cannot cycle in exact arithmetic.
    var forcesBland: Bool { spent > limit / 2 }

    mutating func spend() { spent += 1 }
}

/// The simplex tableau of the Cassowary back end, in basic solved form: every row reads
/// `basic = constant + Σ coefficient · parametric`, and no basic symbol is a cell of any row.
///
/// The tableau is made of parts, each a value type over flat raw buffers (`FlatList`) indexed by dense integer ids (no
/// dictionaries, no existentials, no uniqueness checks in any pivot), each with its own memory accounting and
/// invariant check; the buffers are shared if a part is copied, and no part is ever copied to be changed:
/// - `rows` (`RowStore`): cells, each row's range, constant and basic symbol, the free slots, compaction;
/// - `symbols` (`SymbolTable`): each symbol's kind, owner, basic row and occurrences;
/// - `objective` (`LexicographicObjective`): one coefficient per priority level per symbol;
/// - `columns` (`ColumnIndex`): for each symbol the rows that may hold it (lazy lists in one pool);
/// - `externals` (`ExternalVariables`): the symbol of each layout variable;
/// - `candidates` and `infeasible` (`SimplexQueues.swift`): the primal simplex's entering candidates and the rows the
///   dual simplex must repair.
/// The parts whose state a refused call must give back (rows, basic rows, objective) journal their own writes; the
/// undo journal (`Tableau+UndoJournal.swift`) opens, commits and rolls them back together and recounts what is
/// derived from them. The operations live in extensions, one job per file: row operations and pivots
/// (`Tableau+Pivot`), the primal simplex (`Tableau+PrimalSimplex`), the dual simplex (`Tableau+DualSimplex`), adding a
/// constraint (`Tableau+AddConstraint`, phase 1 in `Tableau+PhaseOne`), removing one and shifting a constant
/// (`Tableau+ChangeConstraint`), and the whole tableau's invariant check (`Tableau+Invariants`).
///
/// Helpers that only read are often declared `mutating` on purpose: called from mutating code, a non-mutating
/// method may receive a copy of the whole struct (a retain per buffer), which costs more than the work.
struct Tableau {
    enum Outcome {
        case added(marker: Int32?, other: Int32?)
        /// A required equality without a dummy that the rows already in the tableau imply (it reduced to `0 = 0`):
        /// nothing was installed.
        case implied
        /// A required constraint cannot hold; in explaining mode, the owners of the markers in the failing row.
        case unsatisfiable(owners: [Int32])
    }

    /// A fresh pivot budget for one run of the primal simplex, the dual simplex or phase 1 (see `PivotBudget`).
    /// 50 per symbol and a floor of 1,000: a small system that has not converged after a thousand pivots in one phase is
    /// cycling in floating point (a near-dependent fuzz case, 13 rows, drifted to values in the millions through
    /// 11,000 pivots under the old floor of 10,000: 47 ms in a release build, 8 s in a debug one).
    var pivotBudget: PivotBudget { PivotBudget(limit: 50 * symbols.count + 1_000) }

    /// Reports that the simplex phase `what` spent its whole budget (the answer is then not vouched for).
    mutating func giveUp(_ what: String, after budget: PivotBudget) {
        reportTrouble("\(what) gave up after \(budget.limit) pivots (cycling in floating point)")
    }

    var rows = RowStore()
    var symbols = SymbolTable()
    var objective: LexicographicObjective
    var columns = ColumnIndex()
    var externals = ExternalVariables()
    var candidates = EnteringCandidates()
    var infeasible = InfeasibleQueue()
    /// Per-symbol scratch for merging rows (clean between operations).
    let scratch = SymbolScratch()

    /// Give every required equality a dummy marker column (for explanations); off in the fast path.
    let explaining: Bool
    /// Largest constant magnitude seen, for relative tolerances.
    var valueScale: Double = 1
    /// Set when the objective looked unbounded or the dual simplex found no entering symbol (round-off); the solver
    /// reports and clears it.
    var trouble: String? = nil
    /// Whether `trouble` was ever set on this tableau (the invariant check then skips optimality and feasibility).
    private(set) var sawTrouble = false
    /// The first sign of lost precision (sticky until the tableau is rebuilt; a rollback restores it).
    var precisionLoss: PrecisionLoss? = nil
    /// `precisionLoss` when the journal opened.
    var precisionLossAtJournal: PrecisionLoss? = nil
    /// After an add refused as unsatisfiable: the precision loss that puts the verdict in doubt, if any.
    var doubtOfLastRefusal: PrecisionLoss? = nil
    /// While set, a substitution queues every row whose restricted basic symbol it makes infeasible.
    var queueInfeasibleRows = false

    // MARK: work counters
    var pivots = 0
    var dualPivots = 0
    var substitutions = 0
    /// Adds whose row no external could take: through a raised slack or error (`raisableSubject`, `repairableSubject`),
    /// or phase 1.
    var raisedSubjects = 0
    var artificialAdds = 0
    var substitutedCells = 0
    /// The part of `substitutedCells` that went into rows whose basic symbol is external (a variable's value): rows
    /// the simplex never reads, kept up to date only for the answer and for later rows that mention the variable.
    var externalRowCells = 0
    var columnVisits: Int { columns.entriesWalked }

    // MARK: buffers reused by every operation (their contents mean nothing between operations)
    /// The symbols accumulated in `scratch.work` by the row being built.
    let accumulatedSymbols = FlatList<Int32>()
    /// A copy of the pivot row's cells while it is substituted into the others (they may move in the cell store).
    let pivotRowSymbols = FlatList<Int32>()
    let pivotRowCoefficients = FlatList<Double>()

    /// The pivot count when the journal opened (a rollback restores it).
    var pivotsAtJournal = 0
    /// Refused calls undone so far (journal rollbacks and dropped symbols; debug builds check after each).
    var rollbacks = 0

    init(levelCount: Int, explaining: Bool = false) {
        self.init(rankSlot: Array(0..<Swift.max(1, levelCount)), explaining: explaining)
    }

    /// A tableau whose levels, from the highest priority down, are the slots `rankSlot` (a permutation of 0..<n).
    init(rankSlot: [Int], explaining: Bool = false) {
        objective = LexicographicObjective(rankSlot: rankSlot)
        self.explaining = explaining
        reserve(symbols: Tableau.initialSymbols, rows: Tableau.initialSymbols / 2)
    }

    /// Symbols every tableau has room for from the start: a small layout (a cell or a screen of a few views, up to
    /// about 40 rows of two or three symbols each) then adds without one buffer growth (measured: growth was a
    /// twentieth of a 32-row layout's build at 48).
    static let initialSymbols = 96

    /// Back to an empty tableau with one level, as `init(levelCount: 1)` makes it, keeping every part's storage:
    /// what `CassowarySolver.reset()` runs. The scratch needs nothing (it is clean between operations).
    /// - Complexity: O(1) per part (the arrays keep their capacity; nothing is freed or allocated).
    mutating func removeAll() {
        rows.removeAll()
        symbols.removeAll()
        objective.removeAll()
        columns.removeAll()
        externals.removeAll()
        candidates.removeAllSymbols()
        infeasible.removeAllSymbols()
        valueScale = 1
        trouble = nil
        sawTrouble = false
        precisionLoss = nil
        precisionLossAtJournal = nil
        doubtOfLastRefusal = nil
        queueInfeasibleRows = false
        pivots = 0
        dualPivots = 0
        substitutions = 0
        raisedSubjects = 0
        artificialAdds = 0
        substitutedCells = 0
        externalRowCells = 0
        pivotsAtJournal = 0
        rollbacks = 0
    }

    /// Room for `n` symbols and `m` rows in every part, so that adds up to that size allocate nothing.
    /// - Complexity: one allocation per array that is smaller.
    mutating func reserve(symbols n: Int, rows m: Int) {
        symbols.reserve(symbols: n)
        objective.reserve(symbols: n)
        columns.reserve(symbols: n, rows: m, entries: 4 * n)
        externals.reserve(variables: n)
        candidates.reserve(symbols: n)
        infeasible.reserve(symbols: n)
        rows.reserve(rows: m)
    }

    mutating func reportTrouble(_ message: String) {
        trouble = message
        sawTrouble = true
    }

    /// Adds an empty priority level ranked `rank` (0 = highest); its slot is the level count before the call.
    mutating func insertLevel(atRank rank: Int) { objective.insertLevel(atRank: rank) }

    // MARK: - symbols

    var symbolCount: Int { symbols.count }

    /// A new symbol, in every part that keeps a value per symbol.
    mutating func newSymbol(_ kind: SymbolKind, owner: Int32?) -> Int32 {
        let id = symbols.append(kind, owner: owner)
        objective.appendSymbol()
        columns.appendSymbol()
        candidates.appendSymbol()
        infeasible.appendSymbol()
        scratch.ensure(Int(id) + 1)
        return id
    }

    /// Releases the symbols a refused add created (from `count` on; nothing refers to them any more) and the
    /// variables it gave a symbol, in every part that keeps a value per symbol.
    mutating func undoSymbols(to count: Int) {
        rollbacks += 1
        externals.rollbackToCheckpoint()
        dropSymbols(from: count)
    }

    /// Drops the symbols from `count` on (nothing refers to them any more) in every part that keeps a value per
    /// symbol.
    mutating func dropSymbols(from count: Int) {
        guard symbols.count > count else { return }
        columns.truncate(toSymbols: count)
        symbols.truncate(to: count)
        objective.truncate(toSymbols: count)
        candidates.truncate(toSymbols: count)
        infeasible.truncate(toSymbols: count)
    }

    /// The symbol of external variable `v`, created on first use.
    mutating func externalSymbol(_ v: Int) -> Int32 {
        if let s = externals.symbol(of: v) { return s }
        let s = newSymbol(.external, owner: nil)
        externals.assign(s, to: v)
        return s
    }

    /// (`mutating` only so that a call through the solver's stored property never copies the tableau.)
    mutating func value(ofVariable v: Int) -> Double {
        guard let s = externals.symbol(of: v), let r = symbols.row(of: s) else { return 0 }
        return rows.constant(r)
    }

    @inline(__always) mutating func isBasic(_ s: Int32) -> Bool { symbols.isBasic(s) }

    // MARK: - rows

    /// Installs a row `basic = constant + Σ scale · coefs[k] · syms[k]` in slot `r` (every basic symbol already
    /// substituted out of it). One loop over the cells copies, scales, counts and indexes each (a loop of a few
    /// iterations mispredicts its exit about once: four loops over the same cells cost four).
    mutating func installRow(_ r: Int32, basic: Int32, syms: FlatList<Int32>, coefs: FlatList<Double>, scale: Double = 1,
                             constant: Double, precision: RowPrecision = RowPrecision()) {
        let n = syms.count
        let (ps, pc) = rows.install(r, basic: basic, count: n, constant: constant, precision: precision)
        symbols.setRow(r, of: basic)
        for k in 0..<n {
            let s = syms[k]
            ps[k] = s
            pc[k] = coefs[k] * scale
            symbols.occurrences[Int(s)] += 1
            columns.add(s, row: r)
        }
    }

    /// Drops row `r` (its basic symbol becomes parametric).
    mutating func deleteRow(_ r: Int32) {
        let b = rows.basic(of: r)
        let ps = rows.symbols(r)
        for k in 0..<rows.length(r) { symbols.occurrences[Int(ps[k])] -= 1 }
        rows.free(r)
        if let b, symbols.row(of: b) == r { symbols.setRow(nil, of: b) }
    }

    /// Drops parametric `s` from row `r` (it is fixed at zero).
    mutating func removeCell(_ s: Int32, fromRow r: Int32) {
        guard let i = rows.index(of: s, inRow: r) else { return }
        let (syms, coefs) = rows.writableCells(r)
        let last = rows.length(r) - 1
        syms[i] = syms[last]
        coefs[i] = coefs[last]
        rows.setLength(r, last)
        symbols.occurrences[Int(s)] -= 1
    }

    /// Erases parametric `s` from every row and from the objective (a marker or artificial symbol fixed at zero).
    mutating func eraseColumn(_ s: Int32) {
        columns.collect(s, in: rows)
        for i in 0..<columns.collectedRows.count { removeCell(s, fromRow: columns.collectedRows[i]) }
        objective.clear(s)
    }

    // MARK: - memory

    /// Bytes of every buffer the tableau holds, by part (each part counts its own).
    var footprint: [(String, Int)] {
        rows.footprint + symbols.footprint + objective.footprint + columns.footprint + externals.footprint
            + [("queues", candidates.footprintBytes + infeasible.footprintBytes),
               ("scratch", scratch.footprintBytes + accumulatedSymbols.footprintBytes + pivotRowSymbols.footprintBytes
                + pivotRowCoefficients.footprintBytes)]
    }
}
