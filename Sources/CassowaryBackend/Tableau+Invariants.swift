import PlumbInvariants

/// The whole tableau's invariant check: every part's own check, then what ties the parts together.
extension Tableau {
    /// About how many elements `checkInvariants` reads: cells handed out, column entries, row slots, symbols and
    /// their objective coefficients.
    var checkCost: Int {
        rows.cells.count + columns.entryCount + rows.slotCount + symbolCount * (objective.stride + 1)
    }

    /// Checks, between operations (it reads only; it never unlinks a stale column entry or moves a counter):
    /// - each part's own invariants (`RowStore`, `SymbolTable`, `LexicographicObjective`, `ColumnIndex`,
    ///   `ExternalVariables`, the simplex queues, the merge scratch), journals closed and empty among them;
    /// - every part that keeps a value per symbol knows every symbol;
    /// - basic solved form: each live row's basic symbol is basic in exactly that row (`SymbolTable` and `RowStore`
    ///   agree both ways) and is a cell of no row; every cell's symbol exists;
    /// - occurrences are exact (the number of live rows holding each symbol);
    /// - the column lists cover every cell (lazy lists may hold stale entries, never miss one);
    /// - basic symbols have an all-zero objective; artificial symbols are parametric, in no row, with a zero
    ///   objective; the simplex queues are empty;
    /// - unless round-off trouble was ever reported: primal feasibility (no restricted basic value below 0 and no
    ///   dummy off 0, by the solver's own test) and optimality (no parametric symbol that may enter improves the
    ///   objective), the state every public operation ends in.
    func checkInvariants(into report: inout InvariantReport) {
        // one copy of each part (a debug build otherwise copies a part, a retain per buffer, at every accessor call)
        let rows = self.rows, symbols = self.symbols, objective = self.objective, columns = self.columns
        rows.checkInvariants(into: &report)
        symbols.checkInvariants(into: &report)
        let n = symbols.count
        objective.checkInvariants(symbolCount: n, into: &report)
        candidates.checkInvariants(symbolCount: n, into: &report)
        infeasible.checkInvariants(symbolCount: n, into: &report)
        report.expect(columns.symbolCount == n, "Tableau", "the column index knows \(columns.symbolCount) of \(n) symbols")
        report.expect(scratch.capacity >= n, "Tableau", "the scratch covers \(scratch.capacity) of \(n) symbols")
        guard report.isEmpty else { return }
        columns.checkInvariants(rows: rows, into: &report)
        externals.checkInvariants(symbols: symbols, into: &report)
        scratch.checkInvariants(into: &report)

        // basic solved form and exact occurrences
        var held = [Int32](repeating: 0, count: n)
        var lastRow = [Int32](repeating: -1, count: n)
        for r in 0..<Int32(rows.slotCount) where rows.isLive(r) {
            let b = rows.liveBasic(r)
            guard b >= 0 && Int(b) < n else {
                report.fail("Tableau", "row \(r)'s basic symbol \(b) does not exist")
                continue
            }
            if symbols.row(of: b) != r {
                report.fail("Tableau", "row \(r) is basic in \(b), but \(b) is basic in "
                            + (symbols.row(of: b).map { "row \($0)" } ?? "no row"))
            }
            let ps = rows.symbols(r)
            for k in 0..<rows.length(r) {
                let s = ps[k]
                guard s >= 0 && Int(s) < n else { report.fail("Tableau", "row \(r) holds \(s), not a symbol"); continue }
                if lastRow[Int(s)] == r { report.fail("Tableau", "row \(r) holds \(s) twice") }
                lastRow[Int(s)] = r
                held[Int(s)] += 1
            }
        }
        for s in 0..<Int32(n) {
            let i = Int(s)
            if let r = symbols.row(of: s) {
                if Int(r) >= rows.slotCount || rows.basic(of: r) != s {
                    report.fail("Tableau", "symbol \(s) is basic in row \(r), which is "
                                + (Int(r) >= rows.slotCount ? "not a slot" : "basic in \(rows.basic(of: r).map(String.init) ?? "nothing (free)")"))
                }
                if held[i] != 0 { report.fail("Tableau", "basic symbol \(s) is a cell of \(held[i]) rows") }
                if !objective.isZero(s) { report.fail("Tableau", "basic symbol \(s) has a non-zero objective") }
            }
            if symbols.occurrences[i] != held[i] {
                report.fail("Tableau", "symbol \(s) counts \(symbols.occurrences[i]) occurrences, rows hold it \(held[i]) times")
            }
            if symbols.kind[i] == .artificial && (symbols.isBasic(s) || held[i] != 0 || !objective.isZero(s)) {
                report.fail("Tableau", "artificial symbol \(s) outlived its add (basic, in a row or weighed)")
            }
        }
        report.expect(candidates.isEmpty && infeasible.isEmpty && !queueInfeasibleRows, "Tableau",
                      "simplex queues are not empty between operations")

        // the state every operation ends in, unless round-off was reported: trouble, or a precision loss that can have
        // made a decision (nearly dependent rows, a real quantity a tolerance discarded: the answer is then labelled
        // approximate, and a row a tiny pivot left infeasible by more than the tolerance is that loss showing)
        guard !sawTrouble && !(precisionLoss?.isNearDependence ?? false) else { return }
        let tol = CassowaryTolerance.feasibilityBound(valueScale)
        for r in 0..<Int32(rows.slotCount) where rows.isLive(r) {
            let b = rows.liveBasic(r), k = rows.constant(r)
            guard b >= 0 && Int(b) < n else { continue }
            let kind = symbols.kind[Int(b)]
            if kind.isRestricted && (k < -tol || (kind == .dummy && k > tol)) {
                report.fail("Tableau", "row \(r): \(kind) symbol \(b) is basic at \(k), infeasible")
            }
        }
        for s in 0..<Int32(n) where !symbols.isBasic(s) && symbols.kind[Int(s)].mayEnter
                                  && objective.improvingDirection(s, kind: symbols.kind[Int(s)]) != nil {
            report.fail("Tableau", "parametric \(symbols.kind[Int(s)]) symbol \(s) still improves the objective")
        }
    }
}
