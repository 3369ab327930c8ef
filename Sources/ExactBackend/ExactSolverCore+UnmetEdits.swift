import PlumbSolver
import PlumbSystem

/// An edit's first value that the kept certificate's basis leaves unmet.
///
/// A window whose width the required rows pin (an app's root whose left, right and width are all required) takes
/// a resize's suggestions without moving: the edit's row only gains an error. Its first value used to certify the
/// proposer's basis for every row again (or, past `firstValueCertificateRows`, build the tableau): measured with
/// callgrind on the app family's resize rounds, 1,000 views paid 19 M instructions for the tableau, 10,000 views
/// 94 ms. The kept basis with the error is certified instead by pricing the edit's level alone
/// (`BasisCertificate.certifyAddingUnmetRows`), without asking the proposer, which keeps the value to solve with
/// when it is next needed. The edit's row goes into the kept certificate in place and the kept solution is extended,
/// not copied: the rows the new error's duals reach are all the rationals it touches (a 1,000-view app's first value
/// cost 6.5 M instructions with a new certificate and dense duals, 0.9 M so).
extension ExactSolverCore {
    /// The answer for the edits suggested since `kept` was certified (each with its first value), when `kept`'s
    /// basis, its solution moved to the current constants, leaves every one of them unmet: each edit row's error on
    /// the side its residual gives (both sides tried for a residual of 0). The state is `certified` at that basis,
    /// the proposer and a certificate of the rows with the edits' kept. Nil otherwise, the answer and the state
    /// unchanged, `kept` spent (its certificate has the new rows and its solution was taken: the caller drops it);
    /// `built` is then the certificate of the rows with the edits' if it was made (for the proposer's basis to be
    /// certified on).
    /// - Complexity: O(rows + columns) integer work, plus `certifyAddingUnmetRows`.
    func answerWithUnmetEditRows(_ kept: KeptCertificate<T>,
                                 built: inout (certificate: BasisCertificate<T>, levelCount: Int)?) -> SolveReport? {
        guard let suggested = suggestedEdits(), suggested.count > kept.editRows.count else { return nil }
        for (i, edit) in kept.editRows.enumerated() where suggested[i].variable != edit.variable { return nil }
        // The rows of the constraints and the kept edits (their constants the suggested ones, `moveEdit`) with the
        // new edits' after them: the kept certificate with rows added in place (it is not kept past this call).
        let oldRowCount = kept.certificate.rowCount
        for e in suggested[kept.editRows.count...] {
            guard kept.certificate.appendEditRow(variable: e.variable.index, constant: T(e.constant), priority: e.priority)
            else { return nil }
        }
        let certificate = kept.certificate, levelCount = certificate.levelCount
        built = (certificate, levelCount)
        var oldBasic = kept.basis.basic
        oldBasic.append(contentsOf: repeatElement(false, count: certificate.columnCount - oldBasic.count))
        // Each new row's residual at the kept solution: `r - p + n = 0`, so p = r above 0 and n = -r below.
        var errorAbove: [Bool] = []
        var undecided: [Int] = []
        for e in oldRowCount..<certificate.rowCount {
            let r = certificate.residual(row: e, basic: oldBasic, value: kept.value)
            if r.isZero { undecided.append(errorAbove.count) }
            errorAbove.append(r.signum > 0)
        }
        // (the kept solution, extended in place: the kept certificate is not kept past this call)
        var value = kept.takeValue()
        for attempt in 0..<(undecided.isEmpty ? 1 : 2) {
            for i in undecided { errorAbove[i] = attempt == 1 }
            var basic = oldBasic
            for (i, above) in errorAbove.enumerated() {
                let columns = certificate.logicals(ofRow: oldRowCount + i)
                basic[above ? columns.lowerBound : columns.lowerBound + 1] = true
            }
            guard let certified = certificate.certifyAddingUnmetRows(
                to: kept.basis, value: &value, oldRowCount: oldRowCount, basic: basic)
            else { continue }
            let basis = kept.proposed.addingEdits(suggested, errorAbove: errorAbove)
            // (the old rows' solution did not move: the answer's structural values are the kept ones, with the
            // kept edits' moves)
            writeMovedAnswer(kept, values: value)
            state = .certified(basis, levels: levelCount)
            let editRows = suggested.enumerated().map { i, e in (variable: e.variable, row: basis.order.count + i) }
            let next = KeptCertificate(certificate: certificate, basis: certified, proposed: basis,
                                       constraintRowCount: kept.constraintRowCount, editRows: editRows,
                                       levels: levelCount, value: value)
            // (each new row's error, first among the deferred pivots, moves alone with the row's constant)
            for (n, pivot) in certified.order.deferred.prefix(errorAbove.count).enumerated() {
                next.knowSensitivity(kept.editRows.count + n, certificate.unmetRowSensitivity(error: pivot.column))
            }
            keptCertificate = next
            stats.keptCertificateAnswers += 1
            stats.unmetRowsAdded += 1
            return SolveReport(converged: true, iterations: 0, message: levelsMessage(levelCount))
        }
        return nil
    }
}

extension ProposedBasis {
    /// This basis with `suggested`'s edits after the ones it has (the same, in order), each new one's error above
    /// or below basic (`errorAbove`, in order).
    /// - Complexity: O(edits); the other tables are shared until written.
    func addingEdits(_ suggested: [(variable: VariableID, priority: Priority, constant: Rational)],
                     errorAbove: [Bool]) -> ProposedBasis {
        let basis = ProposedBasis(structural: structural, values: values, order: order, suggested: suggested)
        basis.constraintLogicals = constraintLogicals
        basis.editLogicals = editLogicals
        for (i, above) in errorAbove.enumerated() {
            basis.editLogicals[suggested[suggested.count - errorAbove.count + i].variable] =
                BasicLogicals(above: above, below: !above)
        }
        return basis
    }
}
