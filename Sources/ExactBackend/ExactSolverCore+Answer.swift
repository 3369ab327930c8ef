import PlumbSolver
import PlumbSystem

/// Solving, and reading the answer: values, ambiguity and ranges on the optimal face.
extension ExactSolverCore {
    @_specialize(where T == ExactRational)
    func solve() -> SolveReport { solve(boundingWarmStart: true) }

    /// Rows a warm start may rewrite (`SimplexEngine.statColumn`) before the solver gives it up and rebuilds: twice
    /// the live rows, plus a floor that no small layout reaches. A change usually costs the next solve a few pivots
    /// over the rows it touched; but the basis a run of changes left can be far from the new optimum over dense
    /// columns (random layouts at 10,000 views, the first resize after a lifecycle: 1,500 pivots rewriting 4.9
    /// million rows, 18 s), where a rebuild with the proposer's basis costs about one build (1.4 s there).
    var warmStartWork: Int {
        warmStartBound.perLiveRow * engine.liveRowCount + warmStartBound.floor
    }
    /// Rows the crash path may rewrite before it gives up for a proposal (`crashPathBound`).
    var crashPathWork: Int { crashPathBound.perLiveRow * engine.liveRowCount + crashPathBound.floor }

    /// The soft constraints and suggested edits waiting to go into the engine.
    func pendingCount() -> Int {
        var count = constraints.waiting
        for edit in edits.values where edit.constant != nil && edit.origin == nil { count += 1 }
        return count
    }

    func solve(boundingWarmStart: Bool) -> SolveReport {
        let start = engine.iterations
        // (suggestions since a certified answer: answered by the kept certificate if it can; else the tableau built
        // at the proposer's new basis is the optimum to read; if the proposer failed, every row waits, and the solve
        // goes on as a first one)
        if case .suggestedSinceCertificate = state {
            if let report = solveAtKeptCertificate() { return report }
            materialize()
        }
        switch state {
        case .optimal(let stale):
            // Nothing changed since the last optimum but suggested values that kept it (see `suggest`).
            if stale { readSolution() }
            return SolveReport(converged: true, iterations: engine.iterations - start,
                               message: levelsMessage(engine.levelCount))
        case .certified(_, let levels):
            // Nothing changed since a certified answer (every change materializes it first).
            return SolveReport(converged: true, iterations: 0, message: levelsMessage(levels))
        case .changed, .suggestedSinceCertificate:
            break
        }
        if engine.fixingsHeld {
            if let report = solveOnHeldFace(from: start) { return report }
            engine.unfixAll()
        }
        refreshEngine()
        // A few waiting rows that a proposal would be asked for (many for the tableau: a first solve) are pivoted on
        // in exact arithmetic from the crash basis first, bounded; the proposal is asked for when there are more, or
        // when that attempt passes its bound.
        let pending = usesProposer && boundingWarmStart ? pendingCount() : 0
        let crashFirst = pending > 0 && pending <= crashPathBound.pendingRows && worthAProposal(waiting: pending)
        // (when the required rows pin most variables, the copy of the engine's own tableau proposes instead)
        let ownTableau = usesProposer && !crashFirst && proposalRoute == .byDensity && ownTableauProposes()
        if usesProposer && !crashFirst && !ownTableau, let report = solveByCertificate() { return report }
        let proposalsBefore = stats.proposals
        if usesProposer && !crashFirst { insertPendingWithProposal(ownTableau: ownTableau) } else { insertPending() }
        let proposed = stats.proposals > proposalsBefore
        let certifying = engine.iterations
        let clock = ContinuousClock()
        let t0 = clock.now
        // A warm start (no basis proposed for this solve) is bounded; past the bound the changes are rebuilt from the
        // constraint table, as a first solve builds them.
        let bounded = boundingWarmStart && !proposed
        if bounded { engine.workLimit = engine.statColumn + (crashFirst ? crashPathWork : warmStartWork) }
        let feasible = engine.restoreFeasibility()
        let finished = feasible && engine.optimizeLevels()
        let stopped = !finished && engine.isPastLimit
        engine.workLimit = .max
        if stopped {
            if crashFirst { abandonedCrashPaths += 1 } else { abandonedWarmStarts += 1 }
            let rebuilt = rebuildEngine()
            precondition(rebuilt, "ExactSolver: the required constraints are kept feasible by every accepted change")
            return solve(boundingWarmStart: false)
        }
        precondition(feasible, "ExactSolver: the required constraints are kept feasible by every accepted change")
        stats.times.levels += clock.now - t0
        if proposed {
            let exactIterations = engine.iterations - certifying
            if exactIterations == 0 { stats.certifiedAsProposed += 1 } else { stats.fallbackIterations += exactIterations }
        }
        readSolution()
        return SolveReport(converged: true, iterations: engine.iterations - start,
                           message: levelsMessage(engine.levelCount))
    }

    /// After changes that only added rows (`leaveFace(holdingFixings:)`): the rows go in with the last optimum's
    /// fixings pinned, and a phase 1 with them held reaches a point that `SimplexEngine.settleHeldFace()` may find
    /// optimal as it stands. Nil when it does not (or when the rows are many enough for a proposal): the fixings
    /// are still held, the rows in, and the solve goes on as after any change.
    /// - Complexity: the rows' insertion, phase 1's pivots and the columns the level rows logged; not O(fixings).
    func solveOnHeldFace(from start: Int) -> SolveReport? {
        guard !engineIsStale else { return nil }
        let pending = pendingCount()
        // (the rows a solve would ask a proposal for go that way, as after any change)
        guard !usesProposer || !worthAProposal(waiting: pending) || pending <= crashPathBound.pendingRows
        else { return nil }
        insertPending()
        engine.workLimit = engine.statColumn + warmStartWork
        let settled = engine.restoreFeasibility() && engine.settleHeldFace()
        engine.workLimit = .max
        guard settled else { return nil }
        heldFaceSolves += 1
        readSolution()
        return SolveReport(converged: true, iterations: engine.iterations - start,
                           message: levelsMessage(engine.levelCount))
    }

    /// A solve's report message, "N priority level(s)": shared by every solver for a layout's few levels, kept for
    /// the last N beyond (formatted at every solve, it was a quarter of a resize round's solve; formatted once a
    /// solver, a twentieth of a six-constraint layout's build).
    func levelsMessage(_ levels: Int) -> String {
        if levels >= 0 && levels < commonLevelsMessages.count { return commonLevelsMessages[levels] }
        if lastLevelsMessage.levels != levels { lastLevelsMessage = (levels, "\(levels) priority level(s)") }
        return lastLevelsMessage.text
    }

    func valuesBeyond128Bits(limit: Int) -> [VariableID] {
        var found: [VariableID] = []
        if floatValues == 0 { return found }
        for v in solution.indices {
            if case .float = solution[v] {
                found.append(VariableID(v))
                if found.count == limit { break }
            }
        }
        return found
    }

    /// Reads the engine's optimum into `solution`: the optimal face is held, and the answer up to date.
    /// - Complexity: the values that changed since the last read (every variable after a rebuild or a certified
    ///   answer, or when more changed than the engine's log lists).
    func readSolution() {
        @inline(__always) func read(_ v: Int) -> SolvedValue {
            guard let c = columnOf[v], mentions[v] > 0 else { return .exact(.zero) }
            return engine.value(c).solvedValue
        }
        if !solutionTracksEngine || engine.valueLog.overflowed || solution.count > columnOf.count {
            if solution.count == columnOf.count {
                // in place: a new array of every value, and the old one's destruction, cost as much again
                var floats = 0
                solution.withUnsafeMutableBufferPointer { answer in
                    for v in answer.indices {
                        let value = read(v)
                        if case .float = value { floats += 1 }
                        answer[v] = value
                    }
                }
                floatValues = floats
            } else {
                setSolution(columnOf.indices.map(read))
            }
        } else {
            // (exactly as wide: an answer wider than the columns is read whole at the next solve)
            if solution.count < columnOf.count {
                solution.append(contentsOf: repeatElement(.exact(.zero), count: columnOf.count - solution.count))
            }
            // (the answer written in place, through its buffer: an element assigned through the array, and the
            // float count kept in the solver as it went, cost a resize of a chain 150 instructions a value; the count
            // kept by what each update returns: a count the update captured was a runtime exclusivity check a round)
            var floats = floatValues
            @inline(__always) func update(_ v: Int, _ answer: UnsafeMutableBufferPointer<SolvedValue>) -> Int {
                let new = read(v)
                var change = 0
                if case .float = answer[v] { change -= 1 }
                if case .float = new { change += 1 }
                answer[v] = new
                return change
            }
            solution.withUnsafeMutableBufferPointer { answer in
                variableOfColumn.withUnsafeBufferPointer { variableOf in
                    engine.valueLog.columns.withUnsafeBufferPointer { log in
                        for c in log where c < variableOf.count {
                            if let v = variableOf[c] { floats += update(v, answer) }
                        }
                    }
                }
                for v in staleVariables { floats += update(v, answer) }
            }
            floatValues = floats
        }
        // (emptying an empty array still costs a call into the generic range replacement)
        if !staleVariables.isEmpty { staleVariables.removeAll(keepingCapacity: true) }
        engine.valueLog.restart(on: true)
        solutionTracksEngine = true
        state = .optimal(stale: false)
    }

    /// Replaces the whole answer; the next read is whole too (the engine's log restarts then).
    func setSolution(_ values: [SolvedValue]) {
        solution = values
        floatValues = 0
        for value in values { if case .float = value { floatValues += 1 } }
        solutionTracksEngine = false
        engine.valueLog.restart(on: false)
        staleVariables.removeAll(keepingCapacity: true)
    }

    func value(of variable: VariableID) -> SolvedValue {
        variable.index < solution.count ? solution[variable.index] : .exact(.zero)
    }

    @_specialize(where T == ExactRational)
    func ambiguousVariables(among candidates: [VariableID]?) throws(SolverError) -> [AmbiguousVariable] {
        materialize()
        guard case .optimal(stale: false) = state else {
            throw .unsupported("ambiguity is reported for the last solve(); the system changed since, so solve() first")
        }
        let variables = (candidates ?? columnOf.indices.map { VariableID($0) }).sorted()
        var result: [AmbiguousVariable] = []
        var previous: Int? = nil
        for v in variables where v.index != previous {
            previous = v.index
            let column = v.index < columnOf.count ? columnOf[v.index] : nil
            let seen = column != nil
            guard let c = column, mentions[v.index] > 0 else {
                // No constraint mentions it: it is free on the optimal face, ambiguous over (−∞, ∞). Asked about
                // every variable (nil), that means those the solver has seen, not the spare slots of its arrays.
                if candidates != nil || seen {
                    result.append(AmbiguousVariable(variable: v, minimum: .float(-.infinity), maximum: .float(.infinity)))
                }
                continue
            }
            if ambiguityMode == .screened && !engine.mayMove(c) { continue }
            let (low, high) = engine.range(of: c)
            if let low, let high, low == high { continue }
            result.append(AmbiguousVariable(variable: v,
                                            minimum: low?.solvedValue ?? .float(-.infinity),
                                            maximum: high?.solvedValue ?? .float(.infinity)))
        }
        return result
    }

    @_specialize(where T == ExactRational)
    func range(of expression: LinearExpression) throws(SolverError) -> (minimum: SolvedValue, maximum: SolvedValue) {
        materialize()
        guard case .optimal(stale: false) = state else {
            throw .unsupported("ranges are reported for the last solve(); the system changed since, so solve() first")
        }
        var terms: [(column: Int, cost: T)] = []
        for term in expression.terms {
            let v = term.variable.index
            // a variable no constraint mentions is free on the face: the expression is unbounded both ways
            guard v < columnOf.count, let c = columnOf[v], mentions[v] > 0 else {
                return (.float(-.infinity), .float(.infinity))
            }
            terms.append((c, T(term.coefficient)))
        }
        let (low, high) = engine.range(of: terms)
        let constant = T(expression.constant)
        return ((low.map { $0 + constant })?.solvedValue ?? .float(-.infinity),
                (high.map { $0 + constant })?.solvedValue ?? .float(.infinity))
    }
}

/// `levelsMessage(_:)` for up to 31 levels, made once.
private let commonLevelsMessages: [String] = (0..<32).map { "\($0) priority level(s)" }
