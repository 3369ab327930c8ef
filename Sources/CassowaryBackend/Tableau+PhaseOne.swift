/// Phase 1: adding a required row that no symbol can take as its subject, through an artificial variable; journaled,
/// so that a refused add leaves no trace.
extension Tableau {
    /// Adds the row `0 = constant + Σ cs·syms` (constant at least 0, no possible subject) by minimizing an
    /// artificial variable for it; `.unsatisfiable` (with nothing changed) when the minimum is above zero.
    mutating func addWithArtificialVariable(_ syms: FlatList<Int32>, _ cs: FlatList<Double>, constant c: Double,
                                            precision: RowPrecision, marker: Int32?, other: Int32?,
                                            symbolsBefore startSymbols: Int, lossBefore: PrecisionLoss?) -> Outcome {
        beginJournal()
        let art = newSymbol(.artificial, owner: nil)
        let objectiveSymbol = newSymbol(.artificial, owner: nil)
        let ar = rows.allocate()
        installRow(ar, basic: art, syms: syms, coefs: cs, constant: c, precision: precision)
        let or = rows.allocate()
        installRow(or, basic: objectiveSymbol, syms: syms, coefs: cs, constant: c, precision: precision)
        phaseOne(objectiveRow: or)
        let residual = rows.constant(or)
        if residual > CassowaryTolerance.zeroBound(valueScale) {
            var owners: [Int32] = []
            if explaining {
                let os = rows.symbols(or), oc = rows.coefficients(or)
                for k in 0..<rows.length(or) where abs(oc[k]) > CassowaryTolerance.cost {
                    if let o = symbols.owner(of: os[k]) { owners.append(o) }
                }
            }
            // in doubt when the residual's error could carry it across the bound, or nearly dependent rows lost a
            // coefficient (now or before)
            let error = rows.precision(or).constantError
            let doubt = residual - CassowaryTolerance.zeroBound(valueScale) <= error
                ? PrecisionLoss(kind: .errorBound(bound: error, value: residual))
                : precisionLoss.flatMap { $0.isNearDependence ? $0 : nil }
            rollbackJournal()
            undoSymbols(to: startSymbols)
            doubtOfLastRefusal = doubt
            precisionLoss = lossBefore
            return .unsatisfiable(owners: owners)
        }
        watchDiscarded(residual, roundoff: Swift.max(rows.precision(or).constantError,
                                                     CassowaryTolerance.roundoff * valueScale),
                       tolerance: CassowaryTolerance.zeroBound(valueScale), what: .phaseOneResidual)
        commitJournal()
        deleteRow(or)
        symbols.setRow(nil, of: objectiveSymbol)
        // pivot the artificial variable out if it is still basic: on the smallest external, else slack or error
        if let arow = symbols.row(of: art) {
            let rs = rows.symbols(arow), rc = rows.coefficients(arow), n = rows.length(arow)
            var entering: Int32? = nil
            for k in 0..<n where symbols.kind[Int(rs[k])] == .external && abs(rc[k]) > CassowaryTolerance.pivot {
                if entering.map({ rs[k] < $0 }) ?? true { entering = rs[k] }
            }
            if entering == nil {
                for k in 0..<n where abs(rc[k]) > CassowaryTolerance.pivot {
                    let kind = symbols.kind[Int(rs[k])]
                    if kind == .slack || kind == .error, entering.map({ rs[k] < $0 }) ?? true { entering = rs[k] }
                }
            }
            if let entering {
                pivot(row: arow, entering: entering)
            } else {
                deleteRow(arow)
            }
        }
        // the artificial variable is now parametric at 0: erase its column
        eraseColumn(art)
        optimize()
        return .added(marker: marker, other: other)
    }

    /// Minimizes the row `objectiveRow` (a plain row whose basic symbol is never chosen to leave): entering, the
    /// smallest id that decreases it; leaving, the ratio test of the primal simplex.
    mutating func phaseOne(objectiveRow or: Int32) {
        var degenerate = 0
        var budget = pivotBudget
        while true {
            if budget.isSpent {
                giveUp("phase 1", after: budget)
                return
            }
            budget.spend()
            let syms = rows.symbols(or), coefs = rows.coefficients(or)
            var e: Int32? = nil, dir = Direction.increase
            for k in 0..<rows.length(or) {
                let s = syms[k], kind = symbols.kind[Int(s)]
                if !kind.mayEnter { continue }
                let a = coefs[k]
                let smaller = e.map { s < $0 } ?? true
                if a < -CassowaryTolerance.cost, smaller { e = s; dir = .increase }
                else if kind == .external, a > CassowaryTolerance.cost, smaller { e = s; dir = .decrease }
            }
            guard let entering = e else {
                // a slope the cost tolerance took for zero, though beyond round-off, may have stopped phase 1 early
                for k in 0..<rows.length(or) where symbols.kind[Int(syms[k])].mayEnter {
                    let a = coefs[k]
                    if abs(a) <= CassowaryTolerance.cost && abs(a) > CassowaryTolerance.noise
                        && (a < 0 || symbols.kind[Int(syms[k])] == .external) {
                        noteDiscarded(a, tolerance: CassowaryTolerance.cost, what: .phaseOneSlope)
                    }
                }
                return
            }
            columns.collect(entering, skipping: or, in: rows)
            let bland = degenerate >= CassowaryTolerance.blandAfterDegenerate || budget.forcesBland
            guard let leaving = leavingRow(entering, dir, bland: bland) else {
                reportTrouble("phase 1 looked unbounded (round-off)")
                return
            }
            degenerate = leaving.ratio <= CassowaryTolerance.feasibilityBound(valueScale) ? degenerate + 1 : 0
            pivot(row: leaving.row, entering: entering)
        }
    }
}
