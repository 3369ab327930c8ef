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
            if edit.constant == nil { try live.addEditVariable(variable, priority: edit.priority) }
            try live.suggest(value, for: variable)
        } catch {
            liveProposer = nil
            return false
        }
        record(-T(value), suggestedFor: variable, first: edit.constant == nil)
        state = .suggestedSinceCertificate
        stats.suggestionsToKeptProposer += 1
        return true
    }

    /// After suggestions the kept proposer took: it solves, and every waiting row goes into the engine at its
    /// basis (`putWaitingRowsIn(at:)`); the state is then `optimal(stale: true)`, the answer to be read. If the
    /// proposer fails, nothing goes in: every soft row and edit waits, as before a first solve, and the state is
    /// `changed`.
    /// - Complexity: the proposer's solve, then the rows' insertion, adoption and levels.
    func materializeAtLiveProposer() {
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
