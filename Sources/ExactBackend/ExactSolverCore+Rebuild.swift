import PlumbSolver
import PlumbSystem

/// Getting a dropped marker column back, or rebuilding the required rows when that is not possible.
extension ExactSolverCore {
    /// Whether `origin`'s marker column is in the tableau, recovered if it had been dropped; false: the caller rebuilds.
    /// `adding`: the constraint of `origin` when it is not in the table yet (a refused add).
    /// `deferrable`: the caller can put a rebuild off (`ExactSolverCore+DeferredRebuild.swift`): after a region solve
    /// that failed, the next ones get about a rebuild's work (`SimplexEngine.recoverMarker(of:cheaply:)`).
    func markerColumnAvailable(_ origin: Int, adding: LinearConstraint? = nil, deferrable: Bool = false) -> Bool {
        guard engine.needsRebuild(origin) else { return true }
        if !engine.recordsTerms { recordEngineRowTerms(adding: adding.map { (origin, $0) }) }
        let solvesBefore = engine.recovery.regionSolves
        let recovered = engine.recoverMarker(of: origin, cheaply: deferrable && lastRegionSolveFailed)
        if engine.recovery.regionSolves != solvesBefore { lastRegionSolveFailed = !recovered }
        guard recovered else { return false }
        recoveredMarkers += 1
        return true
    }

    /// Records every engine row's structural terms for marker recovery, as `addRow` and `insertPending` handed them
    /// over (the constraints', then the suggested edits', then `adding`'s: a refused add's row).
    /// - Complexity: O(terms), through `addRow`'s reused term buffer (a list of rows of terms, as this was gathered
    ///   before, cost an allocation per row and a destruction of each term through the runtime; a local buffer that
    ///   the loop's closure captured, a runtime exclusivity check per term).
    func recordEngineRowTerms(adding: (origin: Int, constraint: LinearConstraint)?) {
        engine.beginRecordingTerms()
        engine.reserveTermCapacity(3 * engine.liveRowCount)
        termBuffer.removeAll()
        constraints.forEach { _, entry in
            guard let origin = entry.origin else { return }
            for t in entry.terms { termBuffer.append(engineTerm(t)) }
            engine.recordTermsIfAlive(termBuffer, of: origin)
            termBuffer.removeAll()
        }
        for (variable, edit) in edits {
            guard let origin = edit.origin else { continue }
            termBuffer.append((column(for: variable), .one))
            engine.recordTermsIfAlive(termBuffer, of: origin)
            termBuffer.removeAll()
        }
        if let adding {
            for t in adding.constraint.terms { termBuffer.append(engineTerm(t)) }
            engine.recordTermsIfAlive(termBuffer, of: adding.origin)
            termBuffer.removeAll()
        }
    }

    /// `rebuildEngine()` for a marker column that could not be recovered (counted in `rebuilds`).
    func rebuild() -> Bool {
        rebuilds += 1
        return rebuildEngine()
    }

    /// Re-adds the required constraints into a fresh engine (in the order they were added); the soft ones and the
    /// suggested edits wait for the next `solve()`. False, and the engine half built, when the required constraints
    /// are infeasible: the caller restores what it saved.
    func rebuildEngine() -> Bool {
        engine = ExactSolverCore.makeEngine(compaction: compaction)
        columnOf = columnOf.map { _ in nil }
        variableOfColumn = []
        solutionTracksEngine = false
        dependentRequired = 0
        for id in idsInAdditionOrder() {
            let constraint = constraints[id]!.constraint
            guard constraint.priority.isRequired else {
                constraints[id]!.origin = nil
                continue
            }
            constraints[id]!.origin = addRow(constraint)
            // (the rows the removals left: one that depended only on a removed row is independent now)
            constraints[id]!.isIndependent = engine.lastRowWasIndependent
            if !engine.lastRowWasIndependent { dependentRequired += 1 }
        }
        edits.updateEach { $0.origin = nil }
        return engine.restoreFeasibility()
    }
}
