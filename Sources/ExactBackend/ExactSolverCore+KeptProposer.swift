import PlumbSolver
import PlumbSystem

/// Suggestions after a certified answer, through the proposer that made it.
///
/// A certified answer has no tableau for its soft rows and edits (`AnswerState.certified`). The first suggestion
/// used to build it at the certified basis, and the exact engine then pivoted to the new optimum: on a random
/// layout those pivots enter a parameter of an early view, held by the rows of its whole subtree (1,000 views: 12
/// pivots, 36 M instructions, 40 % of the round). The proposer's solver still holds the system (`liveProposer`):
/// it takes the suggestions, solves in floating point, and the tableau is built at its new basis, which the
/// engine's phase 1 and levels check as they check any proposal.
extension ExactSolverCore {
    /// Gives a suggestion to the proposer still holding a certified answer's rows; true when it took it (the edit's
    /// row then waits for `solve()` as every row of that answer does). False when there is no such proposer, the
    /// edit is unknown (the caller's path reports it), or the proposer refused the value: it is then dropped, and
    /// the caller's path builds the tableau as before (at the certified basis, or with every row waiting after
    /// earlier suggestions it took).
    /// - Complexity: the proposer's `suggest` (and `addEditVariable` for an edit's first value).
    func suggestToLiveProposer(_ value: Rational, for variable: VariableID) -> Bool {
        guard let live = liveProposer, let edit = edits[variable], edit.origin == nil else { return false }
        switch state {
        case .certified, .suggestedSinceCertificate: break
        case .changed, .optimal: return false
        }
        do {
            if edit.constant == nil {
                try live.addEditVariable(variable, priority: edit.priority)
                try live.suggest(value, for: variable)
            } else if keptCertificate != nil {
                // (the kept certificate may answer without the proposer: see `unsentSuggestions`)
                if let i = unsentSuggestions.firstIndex(where: { $0.variable == variable }) {
                    unsentSuggestions[i].value = value
                } else {
                    unsentSuggestions.append((variable, value))
                }
            } else {
                try live.suggest(value, for: variable)
            }
        } catch {
            liveProposer = nil
            return false
        }
        record(-T(value), suggestedFor: variable, first: edit.constant == nil)
        state = .suggestedSinceCertificate
        stats.suggestionsToKeptProposer += 1
        return true
    }

    /// Sends `liveProposer` the suggestions held back from it; false (and the proposer dropped) when it refuses one.
    /// - Complexity: the proposer's `suggest` for each edit held back.
    func sendUnsentSuggestions() -> Bool {
        guard !unsentSuggestions.isEmpty else { return true }
        guard let live = liveProposer else { return false }
        do {
            for s in unsentSuggestions { try live.suggest(s.value, for: s.variable) }
        } catch {
            liveProposer = nil
            return false
        }
        unsentSuggestions.removeAll(keepingCapacity: true)
        return true
    }

    /// After suggestions the kept proposer took: it solves, and every waiting row goes into the engine at its
    /// basis (`putWaitingRowsIn(at:)`); the state is then `optimal(stale: true)`, the answer to be read. If the
    /// proposer fails, nothing goes in: every soft row and edit waits, as before a first solve, and the state is
    /// `changed`.
    /// - Complexity: the proposer's solve, then the rows' insertion, adoption and levels.
    func materializeAtLiveProposer() {
        _ = sendUnsentSuggestions()
        let live = liveProposer
        liveProposer = nil
        state = .changed(proposal: nil)
        guard let live, let suggested = suggestedEdits() else { return }
        do { _ = try live.solve() } catch { return }
        let basis = proposedBasis(of: live, order: idsInAdditionOrder(), suggested: suggested)
        let iterationsAfterAdoption = putWaitingRowsIn(at: basis)
        stats.proposals += 1
        stats.fromProposer += 1
        stats.materializedAtKeptProposer += 1
        if iterationsAfterAdoption == 0 {
            stats.certifiedAsProposed += 1
        } else {
            stats.fallbackIterations += iterationsAfterAdoption
        }
        state = .optimal(stale: true)
    }
}

extension ExactSolverCore {
    /// After suggestions the kept proposer took (`AnswerState.suggestedSinceCertificate`), the answer without a
    /// tableau, from the kept certificate (`KeptCertificate`) with the edits' new constants: the certified basis's
    /// basic solution, moved with them, when it is still feasible (its duals, and so its optimality, do not depend
    /// on the constants; the proposer is not asked, and its suggestions wait in `unsentSuggestions`); for an edit's
    /// first value that basis leaves unmet, the same basis with the edit's error (`answerWithUnmetEditRows`); else
    /// the proposer's basis for the new constants, certified on the same rows (with a row more for an edit's first
    /// value). Either way the state is `certified` again, the proposer and the certificate kept. Nil when neither
    /// holds (or an edit lost its value), or when the same edits' basis was certified again
    /// `KeptCertificate.certificationsBeforeTableau` times already: `materialize()` then builds the tableau as before.
    /// - Complexity: the columns the edits' constants move (O(nonzeros) at an edit's first change); past it, the
    ///   proposer's solve and a certificate.
    func solveAtKeptCertificate() -> SolveReport? {
        guard liveProposer != nil, let kept = keptCertificate else { return nil }
        // The edits' constants into the certificate, its basic solution moved with them.
        var suggested = 0
        for variable in edits.keys where edits.read(variable, { $0.constant != nil }) == true { suggested += 1 }
        let first = suggested - kept.editRows.count   // (at least 0: each edit row's edit has its value)
        kept.clearMovedColumns()
        var feasible = true
        for i in kept.editRows.indices {
            guard let constant = edits.read(kept.editRows[i].variable, { $0.constant }) ?? nil else { return nil }
            if !kept.moveEdit(i, to: constant) { feasible = false }
        }
        if first == 0 && feasible {
            stats.keptBasisAnswers += 1
            writeMovedAnswer(kept)
            state = .certified(kept.proposed, levels: kept.levels)
            return SolveReport(converged: true, iterations: 0, message: levelsMessage(kept.levels))
        }
        // An edit's first value the kept basis leaves unmet (a width the required rows pin): that basis with the
        // edit's error, without the proposer. (Refused, it leaves `kept` spent: dropped below on every path.)
        var built: (certificate: BasisCertificate<T>, levelCount: Int)? = nil
        if first > 0 && feasible, let report = answerWithUnmetEditRows(kept, built: &built) { return report }
        // (a new certificate of every row for one more: for a large system the tableau, built once, takes the rounds
        // after it)
        if first > 0 && kept.constraintRowCount > firstValueCertificateRows {
            keptCertificate = nil
            return nil
        }
        // The certified basis is infeasible for the new constants, or an edit's first value added a row: the
        // proposer's basis for them, certified on the same constraints' rows (in the same order) and the edits'.
        keptCertificate = nil
        guard first > 0 || kept.certifiedAgain < KeptCertificate<T>.certificationsBeforeTableau else { return nil }
        guard sendUnsentSuggestions(), let live = liveProposer,
              let suggestedEdits = suggestedEdits() else { return nil }
        do { _ = try live.solve() } catch { return nil }
        let basis = proposedBasis(of: live, order: kept.proposed.order, suggested: suggestedEdits)
        if first > 0 {
            guard let built = built ?? kept.certificate.rows(upTo: kept.constraintRowCount).map({
                certificate(of: $0, suggested: suggestedEdits) }),
                  let report = certify(basis, of: live, built: built, constraintRowCount: kept.constraintRowCount)
            else { return nil }
            countCertificateAnswer()
            return report
        }
        let proposed = basicColumns(of: basis, in: kept.certificate)
        guard let (values, certified) = kept.certificate.certifyKeepingBasis(basic: proposed.basic,
                                                                             implied: proposed.implied) else { return nil }
        kept.basis = certified
        kept.proposed = basis
        kept.certifiedAgain += 1
        countCertificateAnswer()
        setCertifiedSolution(values)
        state = .certified(basis, levels: kept.levels)
        keptCertificate = kept
        return SolveReport(converged: true, iterations: 0, message: levelsMessage(kept.levels))
    }

    /// The kept certificate's moved structural columns into the answer, in place: the rest of it is the certified
    /// answer's already (nothing else writes the answer while the certificate is kept). Whole if its width changed.
    /// `values`: the kept solution when `takeValue()` moved it out.
    func writeMovedAnswer(_ kept: KeptCertificate<T>, values: [T]? = nil) {
        guard solution.count == mentions.count else {
            setCertifiedSolution(values.map { Array($0[0..<kept.certificate.variableCount]) } ?? kept.structuralValues)
            return
        }
        var floats = floatValues
        solution.withUnsafeMutableBufferPointer { answer in
            mentions.withUnsafeBufferPointer { mentions in kept.forEachMovedStructural(in: values) { v, x in
                guard v < answer.count else { return }
                let new: SolvedValue = mentions[v] > 0 ? x.solvedValue : .exact(.zero)
                if case .float = answer[v] { floats -= 1 }
                if case .float = new { floats += 1 }
                answer[v] = new
            } }
        }
        floatValues = floats
    }

    private func countCertificateAnswer() {
        stats.proposals += 1
        stats.fromProposer += 1
        stats.keptCertificateAnswers += 1
    }
}
