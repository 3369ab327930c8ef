/// The buffers an add gathers its new row into (their contents mean nothing between adds). The solver owns them and
/// passes them to every add: reached through an argument, they cost no retain and release, which buffers read out of
/// the tableau (a struct the add mutates) did, three pairs per add (a twentieth of a small layout's build).
struct NewRowBuffers {
    let symbols = FlatList<Int32>()
    let coefficients = FlatList<Double>()
    /// The magnitude each coefficient cancelled from (0: one contribution, nothing cancelled).
    let magnitudes = FlatList<Double>()

    var footprintBytes: Int { symbols.footprintBytes + coefficients.footprintBytes + magnitudes.footprintBytes }

    /// One cell of the gathered row.
    typealias Cell = (symbol: Int32, coefficient: Double, magnitude: Double)

    /// Takes cell `i` out (the last cell takes its place) and returns it.
    /// - Complexity: O(1).
    @inline(__always) func removeCell(at i: Int) -> Cell {
        let cell = (symbols[i], coefficients[i], magnitudes[i])
        let last = symbols.count - 1
        symbols[i] = symbols[last]; symbols.removeLast()
        coefficients[i] = coefficients[last]; coefficients.removeLast()
        magnitudes[i] = magnitudes[last]; magnitudes.removeLast()
        return cell
    }

    /// Undoes `removeCell(at: i)`, which returned `cell`: the row is as before, in the same order.
    /// - Complexity: O(1).
    func putBack(_ cell: Cell, at i: Int) {
        symbols.append(cell.symbol); coefficients.append(cell.coefficient); magnitudes.append(cell.magnitude)
        let last = symbols.count - 1
        (symbols[i], symbols[last]) = (symbols[last], symbols[i])
        (coefficients[i], coefficients[last]) = (coefficients[last], coefficients[i])
        (magnitudes[i], magnitudes[last]) = (magnitudes[last], magnitudes[i])
    }
}

/// The relation of a constraint `expression RELATION 0`, as the tableau stores it (one byte per record).
enum ConstraintRelation: UInt8 {
    case equal, lessOrEqual, greaterOrEqual

    /// The coefficient of the marker (slack or first error symbol) in the constraint's row `lhs + marker terms = 0`.
    var markerSign: Double { self == .lessOrEqual ? 1 : -1 }
}

/// Adding a constraint: the row in terms of parametric symbols, its marker symbols, the choice of its subject, and
/// either a substitution (the common case) or phase 1 with an artificial variable (`Tableau+PhaseOne.swift`).
extension Tableau {
    /// Adds `Σ coefs·vars + constant RELATION 0` (terms `start..<start+count`) at objective slot `level` (nil for
    /// required); `withDummy` gives a required equality a dummy marker; `inputError` bounds how far `constant` is
    /// from the number written (0 when `Double` holds it exactly). On `.unsatisfiable` nothing changed, and
    /// `doubtOfLastRefusal` says whether round-off may have made the verdict (see `PrecisionLoss`). The row is
    /// gathered in `newRow`.
    mutating func addConstraint(_ vars: FlatList<Int32>, _ coefs: FlatList<Double>, _ start: Int, _ count: Int, constant: Double,
                                inputError: Double = 0, relation: ConstraintRelation, level: Int?,
                                withDummy wantDummy: Bool, owner: Int32, gatheringInto newRow: NewRowBuffers) -> Outcome {
        rows.compactIfWasteful()
        let startSymbols = symbols.count
        let lossBefore = precisionLoss
        externals.checkpoint()
        valueScale = Swift.max(valueScale, abs(constant))
        if relation == .equal && level == nil && !wantDummy && !explaining,
           let (term, a) = fixedTerm(vars, coefs, start, count) {
            return addFixing(vars, coefs, start, count, term: term, coefficient: a, constant: constant,
                             inputError: inputError)
        }
        // 1. the row, in terms of parametric symbols (dense scratch)
        accumulatedSymbols.removeAll()
        var c = constant, cError = inputError
        // the relative error of the coefficients added up here (the worst row's, then this sum's own round-off)
        var coefficientError = CassowaryTolerance.roundoff
        for k in start..<(start + count) {
            let s = externalSymbol(Int(vars[k]))
            let a = coefs[k]
            if let r = symbols.row(of: s) {
                foldConstant(of: r, times: a, into: &c, error: &cError, coefficientError: &coefficientError)
                let rs = rows.symbols(r), rc = rows.coefficients(r)
                for i in 0..<rows.length(r) { accumulate(rs[i], a * rc[i]) }
            } else {
                accumulate(s, a)
            }
        }
        // 2. markers
        let required = level == nil
        var marker: Int32? = nil, other: Int32? = nil
        switch relation {
        case .lessOrEqual, .greaterOrEqual:
            let sign = relation.markerSign
            let m = newSymbol(.slack, owner: owner)
            marker = m
            accumulate(m, sign)
            if !required {
                let o = newSymbol(.error, owner: owner)
                other = o
                accumulate(o, -sign)
            }
        case .equal:
            if required {
                if wantDummy || explaining {
                    let m = newSymbol(.dummy, owner: owner)
                    marker = m
                    accumulate(m, -1)
                }
            } else {
                let m = newSymbol(.error, owner: owner), o = newSymbol(.error, owner: owner)
                marker = m
                other = o
                accumulate(m, -1)
                accumulate(o, 1)
            }
        }
        // gather, choosing the subject on the way: the external with the fewest occurrences (newest on ties)
        let syms = newRow.symbols, cs = newRow.coefficients, ms = newRow.magnitudes
        syms.removeAll()
        cs.removeAll()
        ms.removeAll()
        var subject: Int32? = nil, subjectIndex = 0
        var bestCount = Int32.max
        var allDummies = true
        var kept = 1.0
        for j in accumulatedSymbols.indices {
            let s = accumulatedSymbols[j]
            let (a, m) = scratch.take(s)
            guard abs(a) > CassowaryTolerance.cancellation * m else {
                if RowPrecision.isSignificant(abs(a), of: m, error: coefficientError) {
                    notePrecisionLoss(PrecisionLoss(kind: .nearDependentRows(remainder: abs(a), magnitude: m,
                                                                             roundoff: coefficientError)))
                }
                continue
            }
            // (m is 0 for a cell of one contribution, nearly every cell: nothing cancelled there)
            if m > 0 && abs(a) < CassowaryTolerance.watchedCancellation * m && abs(a) < kept * m { kept = abs(a) / m }
            let kind = symbols.kind[Int(s)]
            if kind != .dummy { allDummies = false }
            if kind == .external {
                let n = symbols.occurrences[Int(s)]
                let better = subject.map { n < bestCount || (n == bestCount && s > $0) } ?? true
                if better { subject = s; subjectIndex = syms.count; bestCount = n }
            }
            syms.append(s); cs.append(a); ms.append(m)
        }
        if kept < 1 { noteKeptCancellation(kept: kept, error: coefficientError) }
        // objective terms of the error symbols
        if let level, let other {
            addObjective(other, level: level, weight: 1)
            if relation == .equal, let marker { addObjective(marker, level: level, weight: 1) }
        }
        if subject == nil && allDummies {
            return settleDependentRow(newRow, constant: c, constantError: cError, marker: marker, other: other,
                                      symbolsBefore: startSymbols, lossBefore: lossBefore)
        }
        if c < 0 {
            c = -c
            for k in 0..<cs.count { cs[k] = -cs[k] }
        }
        if subject == nil {
            // a fresh marker with a negative coefficient can be basic at c / |a| >= 0
            for k in syms.indices where cs[k] < 0 {
                let x = syms[k]
                if (x == marker || x == other) && symbols.kind[Int(x)] != .dummy { subject = x; subjectIndex = k; break }
            }
        }
        if subject == nil, let k = raisableSubject(syms, cs, constant: c) {
            subject = syms[k]
            subjectIndex = k
            raisedSubjects += 1
        }
        // a slack or error that would push other rows below zero: raised all the same, the dual simplex repairing
        // them (journaled; phase 1 decides if the repair fails)
        var repairing = false
        if subject == nil, !explaining, let k = repairableSubject(syms, cs) {
            subject = syms[k]
            subjectIndex = k
            repairing = true
        }
        guard let subject else {
            // 4. phase 1 with an artificial variable
            return addThroughPhaseOne(syms, cs, constant: c, cError: cError, coefficientError: coefficientError,
                                      marker: marker, other: other, symbolsBefore: startSymbols, lossBefore: lossBefore)
        }
        let i = subjectIndex
        let inv = -1 / cs[i]
        if repairing { beginJournal() }
        // the error of the row's constant once divided by its subject's coefficient, whose own relative error is
        // round-off times how much cancelled in it
        // (a division by a power of two, ±1 above all, is exact)
        // (a magnitude of 0 means one contribution: nothing cancelled; a fresh marker as subject has one)
        // (the bounds divide by a through `perA`, 1/a rounded: a product where a division took some 15 cycles, each
        // bound then off by a relative 2⁻⁵², far below the slack it carries)
        let a = abs(cs[i]), perA = abs(inv), cancelled = ms[i] > a ? ms[i] * perA - 1 : 0
        let division = a.significandBitPattern == 0 ? 0 : 2 * CassowaryTolerance.roundoff * c * perA
        let error = (cError + c * CassowaryTolerance.roundoff * cancelled) * perA + division
        watch(errorBound: error, value: c * inv)
        let precision = RowPrecision(constantError: error,
                                     coefficientError: coefficientError + 2 * CassowaryTolerance.roundoff)
        let taken = newRow.removeCell(at: i)
        let r = rows.allocate()
        installRow(r, basic: subject, syms: syms, coefs: cs, scale: inv, constant: c * inv, precision: precision)
        if repairing {
            if settleRepairedRow(r, subject: subject) {
                raisedSubjects += 1
                return .added(marker: marker, other: other)
            }
            // rolled back: the cell goes back where it was, and phase 1 decides
            newRow.putBack(taken, at: i)
            return addThroughPhaseOne(syms, cs, constant: c, cError: cError, coefficientError: coefficientError,
                                      marker: marker, other: other, symbolsBefore: startSymbols, lossBefore: lossBefore)
        }
        settleNewRow(r, subject: subject)
        return .added(marker: marker, other: other)
    }

    /// A gathered row with no subject, whose symbols are all dummies (or none): the required rows imply it, up to
    /// its constant. Redundant when the constant is zero within the tolerance (its dummy, if any, becomes basic at
    /// 0), else a conflict (the symbols this add made are taken back). The verdict is in doubt when the constant's
    /// error could carry it across the bound, or when nearly dependent rows lost a coefficient (now or before).
    /// (Out of line: rare, and inlined it sat between the steps of the common path of `addConstraint`.)
    @inline(never)
    mutating func settleDependentRow(_ newRow: NewRowBuffers, constant c: Double, constantError cError: Double,
                                     marker: Int32?, other: Int32?, symbolsBefore startSymbols: Int,
                                     lossBefore: PrecisionLoss?) -> Outcome {
        let syms = newRow.symbols, cs = newRow.coefficients, ms = newRow.magnitudes
        let bound = CassowaryTolerance.zeroBound(valueScale)
        let crossing = abs(abs(c) - bound) <= cError
            ? PrecisionLoss(kind: .errorBound(bound: cError, value: c)) : nil
        if let crossing { notePrecisionLoss(crossing) }
        if abs(c) <= bound {
            // redundant required equality: its dummy (if any) becomes basic at 0 (a residual beyond round-off
            // taken for zero leaves the answer unvouched: the rows may be nearly, not exactly, dependent)
            watchDiscarded(c, roundoff: Swift.max(cError, CassowaryTolerance.roundoff * valueScale), tolerance: bound,
                           what: .redundantRowResidual)
            guard let marker else { return .implied }
            let r = rows.allocate()
            let i = syms.firstIndex(of: marker)!
            let inv = -1 / cs[i]
            syms.remove(at: i); cs.remove(at: i); ms.remove(at: i)
            installRow(r, basic: marker, syms: syms, coefs: cs, scale: inv, constant: 0)
            return .added(marker: marker, other: other)
        }
        let owners = syms.buffer.compactMap { symbols.owner(of: $0) }
        undoSymbols(to: startSymbols)
        doubtOfLastRefusal = crossing ?? precisionLoss.flatMap { $0.isNearDependence ? $0 : nil }
        precisionLoss = lossBefore
        return .unsatisfiable(owners: owners)
    }

    /// Phase 1 for the gathered row (`Tableau+PhaseOne.swift`), counted.
    @inline(never)
    mutating func addThroughPhaseOne(_ syms: FlatList<Int32>, _ cs: FlatList<Double>, constant c: Double,
                                     cError: Double, coefficientError: Double, marker: Int32?, other: Int32?,
                                     symbolsBefore startSymbols: Int, lossBefore: PrecisionLoss?) -> Outcome {
        artificialAdds += 1
        let precision = RowPrecision(constantError: cError, coefficientError: coefficientError)
        return addWithArtificialVariable(syms, cs, constant: c, precision: precision, marker: marker,
                                         other: other, symbolsBefore: startSymbols, lossBefore: lossBefore)
    }

    /// After a new row `r` made `subject` basic: substitutes it out of the other rows and the objective, repairs the
    /// rows that made infeasible, and optimizes. An external subject held by restricted rows (possible only after a
    /// removal pivoted an external out of the basis) shifts their constants: any that turn negative are queued and
    /// repaired by the dual simplex. (A raised slack or error shifts them too, by construction to no worse than
    /// round-off below zero.)
    @inline(__always) mutating func settleNewRow(_ r: Int32, subject: Int32) {
        substituteOutQueueingInfeasible(subject, row: r)
        if !infeasible.isEmpty && !dualOptimize() { reportTrouble("dual simplex found no entering symbol after an add") }
        optimize()
    }

    /// `substituteOut(subject, row: r)` for a new row, queueing every restricted row the substitution makes
    /// infeasible (for the dual simplex).
    @inline(__always) mutating func substituteOutQueueingInfeasible(_ subject: Int32, row r: Int32) {
        queueInfeasibleRows = true
        substituteOut(subject, row: r)
        queueInfeasibleRows = false
    }

    /// Which cell of a new row `0 = constant + Σ cs·syms` (constant at least 0, no external to take it) can be its
    /// subject without phase 1: a slack or error symbol with a negative coefficient `a`, now parametric at 0, that
    /// the row would make basic at `constant / |a|`, when raising it there keeps every restricted row it appears in
    /// feasible (and every basic dummy at 0). The new row is then the binding row of the ratio test for that symbol
    /// entering: one substitution and the usual optimization reach the optimum from a feasible basis, where phase 1
    /// would add two rows and pivot at least once. A row whose constant is exactly 0 takes any slack or error, of
    /// either sign, without a walk (`degenerateSubject`). Nil when no candidate passes (`repairableSubject`, then phase
    /// 1, decide).
    /// - Complexity: O(length of each candidate's column), at most `raiseCandidates` candidates.
    mutating func raisableSubject(_ syms: FlatList<Int32>, _ cs: FlatList<Double>, constant c: Double) -> Int? {
        if c == 0 { return degenerateSubject(syms, cs) }
        let tol = CassowaryTolerance.feasibilityBound(valueScale)
        var tried = 0
        for k in syms.indices where cs[k] < -CassowaryTolerance.pivot {
            let s = syms[k], kind = symbols.kind[Int(s)]
            guard kind == .slack || kind == .error else { continue }
            if tried == Tableau.raiseCandidates { return nil }
            tried += 1
            let value = c / -cs[k]
            columns.collect(s, in: rows)
            var feasible = true
            for j in 0..<columns.collectedRows.count {
                let r = columns.collectedRows[j]
                let basic = symbols.kind[Int(rows.liveBasic(r))]
                guard basic.isRestricted else { continue }
                let shifted = rows.constant(r) + rows.coefficients(r)[Int(columns.collectedCells[j])] * value
                if basic == .dummy ? abs(shifted) > tol : shifted < -tol { feasible = false; break }
            }
            if feasible { return k }
        }
        return nil
    }

    /// A subject for the row `raisableSubject` found none for, to be raised even though rows that hold it then turn
    /// infeasible, which the dual simplex repairs (`settleRepairedRow`): the first slack or error with a negative
    /// coefficient (basic at `constant / |a|` >= 0 in its own row) whose objective coefficients are all zero, so
    /// that substituting it out leaves the objective, and the optimality the dual simplex keeps, as they were (a
    /// required inequality's slack, nearly always). Nil when none qualifies.
    /// - Complexity: O(row length).
    func repairableSubject(_ syms: FlatList<Int32>, _ cs: FlatList<Double>) -> Int? {
        for k in syms.indices where cs[k] < -CassowaryTolerance.pivot {
            let s = syms[k], kind = symbols.kind[Int(s)]
            if (kind == .slack || kind == .error) && objective.isZero(s) { return k }
        }
        return nil
    }

    /// Settles a new row `r` whose raised `subject` may push other rows below zero (`repairableSubject`), inside the
    /// undo journal opened for it: substitutes the subject out, repairs with the dual simplex from the optimal basis
    /// the add started from, and commits, then optimizes; false, with every change rolled back, when a row cannot be
    /// repaired (the add then goes through phase 1, which refuses it or finds the basis the repair missed).
    /// - Complexity: the substitution, plus one dual pivot per row repaired (phase 1 adds two rows and pivots).
    mutating func settleRepairedRow(_ r: Int32, subject: Int32) -> Bool {
        substituteOutQueueingInfeasible(subject, row: r)
        guard dualOptimize() else {
            rollbackJournal()
            return false
        }
        commitJournal()
        optimize()
        return true
    }

    /// Candidates `raisableSubject` tries before leaving the row to phase 1 (each costs a walk of its column).
    static let raiseCandidates = 4

    /// The subject of a new row `0 = Σ cs·syms` whose constant is 0 (an inequality whose variables cancel once
    /// substituted, `a + b <= a + b + 2` with b fixed, say): any slack or error in it can be basic there at 0, the
    /// value it has as a parametric symbol, whatever the sign of its coefficient, so no other row moves and none can
    /// turn infeasible (phase 1 would add two rows and pivot to reach the same degenerate basis). The largest
    /// coefficient is taken (the row is divided by it); the first on ties. Nil when the row holds no slack or error
    /// above the pivot tolerance.
    /// - Complexity: O(row length).
    func degenerateSubject(_ syms: FlatList<Int32>, _ cs: FlatList<Double>) -> Int? {
        var best: Int? = nil, largest = CassowaryTolerance.pivot
        for k in syms.indices where abs(cs[k]) > largest {
            let kind = symbols.kind[Int(syms[k])]
            guard kind == .slack || kind == .error else { continue }
            best = k
            largest = abs(cs[k])
        }
        return best
    }

    /// Adds `a` to symbol `s`'s accumulator in `scratch` (listing `s` in `accumulatedSymbols` the first time). From
    /// the second contribution on, `scratch.magnitude` holds the sum of the contributions' magnitudes (0 means one
    /// contribution, whose magnitude is the accumulator's): what a cancellation is measured against.
    @inline(__always) mutating func accumulate(_ s: Int32, _ a: Double) {
        let pos = scratch.pos
        if pos[Int(s)] < 0 {
            pos[Int(s)] = 0
            accumulatedSymbols.append(s)
        } else {
            let m = scratch.magnitude[Int(s)]
            scratch.magnitude[Int(s)] = (m == 0 ? abs(scratch.work[Int(s)]) : m) + abs(a)
        }
        scratch.work[Int(s)] += a
    }
}
