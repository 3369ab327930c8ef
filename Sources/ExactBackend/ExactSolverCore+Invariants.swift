import PlumbInvariants
import PlumbSolver
import PlumbSystem

/// The solver's invariant check: the engine's (`SimplexEngine+Invariants.swift`) and what ties the engine to the
/// constraints, edits and answer the solver keeps. Debug builds run it after every public operation
/// (`assertInvariants()`, on a schedule for large systems).
extension ExactSolverCore {
    /// Every invariant of the solver and its engine, as a report (empty when all hold). Reads only.
    ///
    /// Beyond the engine's check:
    /// - variables: `columnOf` and `variableOfColumn` are inverse, every structural column has its variable, and
    ///   `mentions` counts, per variable, the constraints that name it and the edit that has a suggested value;
    /// - constraints and edits: a required constraint is always in the engine; an entry's origin is live, at the
    ///   entry's priority and relation, with the entry's constant (exactly); every live origin belongs to exactly
    ///   one constraint or edit; `waiting` counts the entries outside the engine; an edit in the engine has a
    ///   suggested value;
    /// - values: every original row holds exactly at the engine's values (`Σ a·x + c + μ·marker − p = 0`), the
    ///   identity every pivot, move and constant change keeps;
    /// - the answer: in `.optimal` nothing waits and every row is feasible; an answer that tracks the engine equals
    ///   the engine's values wherever the change log lists no move (unless a suggestion left it stale); away from
    ///   `.optimal` no level fixing is held but those kept for the next solve (`SimplexEngine.fixingsHeld`);
    /// - the kept proposer: a kept certificate, and suggestions held back, only with the proposer and in `.certified`
    ///   or `.suggestedSinceCertificate`; a held-back suggestion is its edit's value; the answer is the kept
    ///   certificate's solution (a moved answer rewrites only the columns it moved).
    func invariantReport() -> InvariantReport {
        var report = InvariantReport()
        let engine = self.engine
        engine.checkInvariants(into: &report)
        guard report.isEmpty else { return report }
        checkVariables(engine, into: &report)
        checkRequiredCounts(into: &report)
        checkKeptProposer(into: &report)
        // (a stale engine is behind the table until its rebuild: only the table is checked then)
        if engineIsStale {
            if case .changed = state {} else { report.fail("ExactSolver", "a stale engine outside .changed") }
            return report
        }
        checkRows(engine, into: &report)
        checkAnswer(engine, into: &report)
        return report
    }

    private func checkVariables(_ engine: SimplexEngine<T>, into report: inout InvariantReport) {
        report.expect(mentions.count == columnOf.count, "ExactSolver", "\(mentions.count) mention counts for \(columnOf.count) variables")
        for (v, c) in columnOf.enumerated() {
            guard let c else { continue }
            if c < 0 || c >= engine.columnCount || engine.columns[c].kind != .structural {
                report.fail("ExactSolver", "variable \(v)'s column \(c) is not a layout column")
            } else if c >= variableOfColumn.count || variableOfColumn[c] != v {
                report.fail("ExactSolver", "variable \(v) has column \(c), which maps back to another variable")
            }
        }
        for c in 0..<engine.columnCount where engine.columns[c].kind == .structural {
            guard c < variableOfColumn.count, let v = variableOfColumn[c], v < columnOf.count, columnOf[v] == c else {
                report.fail("ExactSolver", "layout column \(c) belongs to no variable")
                continue
            }
        }
        var counted = [Int](repeating: 0, count: mentions.count)
        func count(_ v: Int, _ what: @autoclosure () -> String) {
            guard v >= 0 && v < counted.count else { return report.fail("ExactSolver", "\(what()) names unknown variable \(v)") }
            counted[v] += 1
        }
        constraints.forEach { id, entry in
            for term in entry.terms { count(term.variable.index, "constraint \(id)") }
        }
        for (variable, edit) in edits where edit.constant != nil { count(variable.index, "the edit of \(variable)") }
        for v in counted.indices where counted[v] != mentions[v] {
            report.fail("ExactSolver", "variable \(v) counts \(mentions[v]) mentions, constraints and edits make \(counted[v])")
        }
    }

    /// `dependentRequired` counts the live required constraints not marked independent.
    private func checkRequiredCounts(into report: inout InvariantReport) {
        var dependent = 0
        constraints.forEach { _, entry in
            if entry.priority.isRequired && !entry.isIndependent { dependent += 1 }
        }
        if dependent != dependentRequired {
            report.fail("ExactSolver", "\(dependentRequired) required constraints counted dependent, the table has \(dependent)")
        }
    }

    private func checkRows(_ engine: SimplexEngine<T>, into report: inout InvariantReport) {
        var claimed = [Bool](repeating: false, count: engine.origins.count)
        var waiting = 0
        /// The original row `Σ terms + constant REL 0` of `origin` holds at the engine's values, is live and unclaimed.
        func check(_ origin: Int, _ terms: [(column: Int, coefficient: T)], _ constant: T, _ relation: Relation,
                   _ priority: Priority, _ what: String) {
            guard origin >= 0 && origin < claimed.count else { return report.fail("ExactSolver", "\(what)'s origin \(origin) does not exist") }
            if claimed[origin] { report.fail("ExactSolver", "origin \(origin) is claimed twice, by \(what) among others") }
            claimed[origin] = true
            let o = engine.origins[origin]
            guard o.alive else { return report.fail("ExactSolver", "\(what)'s origin \(origin) was removed") }
            if o.relation != relation || o.priority != (priority.isRequired ? nil : priority) || o.constant != constant {
                report.fail("ExactSolver", "\(what)'s origin \(origin) has another relation, priority or constant")
            }
            var sum = constant + T(o.markerSign) * engine.columns[o.marker].value
            if let p = o.extra { sum = sum - engine.columns[p].value }
            for (c, a) in terms { sum = sum + a * engine.columns[c].value }
            if !sum.isZero {
                report.fail("ExactSolver", "\(what) is off by \(sum.doubleValue) at the engine's values")
            }
        }
        constraints.forEach { id, entry in
            let constraint = entry.constraint
            guard let origin = entry.origin else {
                waiting += 1
                if constraint.priority.isRequired { report.fail("ExactSolver", "required constraint \(id) is not in the engine") }
                return
            }
            var terms: [(column: Int, coefficient: T)] = []
            for term in constraint.terms {
                guard term.variable.index < columnOf.count, let column = columnOf[term.variable.index] else {
                    return report.fail("ExactSolver", "constraint \(id) is in the engine but its variable \(term.variable) has no column")
                }
                terms.append((column, T(term.coefficient)))
            }
            check(origin, terms, T(constraint.constant), constraint.relation, constraint.priority, "constraint \(id)")
        }
        report.expect(waiting == constraints.waiting, "ExactSolver", "\(waiting) constraints wait, the table counts \(constraints.waiting)")
        for (variable, edit) in edits {
            guard let origin = edit.origin else { continue }
            guard let constant = edit.constant, let c = columnOf[variable.index] else {
                report.fail("ExactSolver", "the edit of \(variable) is in the engine without a suggested value")
                continue
            }
            check(origin, [(c, .one)], constant, .equal, edit.priority, "the edit of \(variable)")
        }
        for (k, o) in engine.origins.enumerated() where o.alive && !claimed[k] {
            report.fail("ExactSolver", "live origin \(k) belongs to no constraint or edit")
        }
    }

    private func checkKeptProposer(into report: inout InvariantReport) {
        let answeredByCertificate: Bool
        switch state {
        case .certified, .suggestedSinceCertificate: answeredByCertificate = true
        case .changed, .optimal: answeredByCertificate = false
        }
        if !unsentSuggestions.isEmpty {
            report.expect(liveProposer != nil && keptCertificate != nil && answeredByCertificate, "ExactSolver",
                          "suggestions held back without a kept proposer and certificate")
            for (variable, value) in unsentSuggestions {
                let constant = edits.read(variable, { $0.constant }) ?? nil
                if constant != -T(value) {
                    report.fail("ExactSolver", "the suggestion held back for \(variable) is not its edit's value")
                }
            }
        }
        guard let kept = keptCertificate else { return }
        report.expect(liveProposer != nil && answeredByCertificate, "ExactSolver",
                      "a kept certificate without its proposer, or outside a certified answer")
        let width = Swift.min(kept.certificate.variableCount, solution.count, mentions.count)
        for v in 0..<width {
            let expected: SolvedValue = mentions[v] > 0 ? kept.value[v].solvedValue : .exact(.zero)
            if solution[v] != expected {
                report.fail("ExactSolver", "the answer for variable \(v) is not the kept certificate's solution")
            }
        }
    }

    private func checkAnswer(_ engine: SimplexEngine<T>, into report: inout InvariantReport) {
        switch state {
        case .optimal(let stale):
            let waitingEdits = edits.values.contains { $0.origin == nil && $0.constant != nil }
            report.expect(constraints.waiting == 0 && !waitingEdits, "ExactSolver", "rows wait outside the engine at an optimum")
            report.expect(engine.infeasible.isEmpty, "ExactSolver", "an optimum with \(engine.infeasible.count) infeasible rows")
            if report.isEmpty { engine.checkOptimalFace(into: &report) }
            // (a range query moves values on the face after the answer was read: the log lists them for the next read)
            guard !stale, solutionTracksEngine, !engine.valueLog.overflowed else { return }
            var moved = Set(engine.valueLog.columns)
            for v in staleVariables { if let c = columnOf[v] { moved.insert(c) } }
            for v in columnOf.indices {
                let expected: SolvedValue
                if let c = columnOf[v] {
                    if moved.contains(c) { continue }
                    expected = mentions[v] > 0 ? engine.columns[c].value.solvedValue : .exact(.zero)
                } else {
                    expected = .exact(.zero)
                }
                if v >= solution.count || solution[v] != expected {
                    report.fail("ExactSolver", "the answer for variable \(v) is not the engine's value, and no log says it moved")
                }
            }
        case .changed, .certified, .suggestedSinceCertificate:
            report.expect(engine.fixings.isEmpty || engine.fixingsHeld, "ExactSolver", "level fixings held away from an optimum")
        }
    }

    /// Debug builds: the invariant check after a public operation, on `exactInvariantSchedule` (every time while the
    /// engine is small, at the 1st, 2nd, 4th, 8th, … operation otherwise); a violation stops the program with the
    /// report.
    @inline(__always) func assertInvariants() {
        #if DEBUG
        checkedOperations += 1
        guard exactInvariantSchedule.isDue(operation: checkedOperations, cost: engine.checkCost) else { return }
        let report = invariantReport()
        assert(report.isEmpty, "ExactSolver invariants broken after operation \(checkedOperations):\n\(report.description)")
        #endif
    }
}

#if DEBUG
/// When debug builds run the exact solver's invariant check (see `ExactSolverCore.assertInvariants()`):
/// `PLUMB_EXACT_CHECK=every` checks after every operation whatever the size.
let exactInvariantSchedule = InvariantSchedule(environmentVariable: "PLUMB_EXACT_CHECK")
#endif
