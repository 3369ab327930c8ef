import PlumbSystem

/// A certified answer's certificate, kept while the proposer that made it takes suggestions
/// (`ExactSolverCore.solveAtKeptCertificate()`): the original rows with the certified basis in the order it was
/// solved, the proposer's basis it came from, and the row of each suggested edit, whose constant a suggestion
/// changes.
///
/// A resize suggests new values for the same edits: the rows' matrix stays, so the certified basis keeps its duals
/// and its optimality, and its basic solution moves along each edit row's sensitivity (`BasisCertificate.Sensitivity`,
/// found at the edit's first change, one mult-add per column it moves after that); while it stays feasible it is the
/// answer, without the tableau the first suggestion used to build (kiwi's enaml-like form: six window sizes, each
/// paying a sixth of a tableau of 108 rows before).
///
/// A class: the solver holds the only reference, and a round reads and moves it in place (as a struct in an
/// optional stored property, each read of a field copied the whole, a retain per array: 800 instructions a round).
/// Its fields are read and written only by the solver's own calls, one at a time, so that their accesses are not
/// checked at run time (a check cost 85 instructions, 2 K a round).
final class KeptCertificate<T: SimplexScalar> {
    @exclusivity(unchecked) var certificate: BasisCertificate<T>
    var basis: BasisCertificate<T>.CertifiedBasis {
        didSet {
            // (moved, not shared: a shared solution would be copied at its first move)
            value = basis.value
            basis.value = []
            sensitivities = Array(repeating: .unknown, count: editRows.count)
            movedStructural.removeAll(keepingCapacity: true)
        }
    }
    /// The proposer's basis behind `basis` (the certified state's, for `materialize()`).
    var proposed: ProposedBasis
    /// How many of the certificate's rows are the constraints' (the edits' rows follow; an edit's first value adds
    /// one: `BasisCertificate.appendEditRow`). The certificate holds the only copy of them, so that rows are added
    /// in place.
    let constraintRowCount: Int
    /// The certificate's row of each suggested edit (`v == value` as `v + constant = 0`), by variable.
    let editRows: [(variable: VariableID, row: Int)]
    let levels: Int
    /// How many times the same edits' basis was certified again so far (see `certificationsBeforeTableau`).
    @exclusivity(unchecked) var certifiedAgain = 0
    /// `basis`'s basic solution for the certificate's current constants (every column).
    @exclusivity(unchecked) private(set) var value: [T]
    /// How `basis`'s solution moves with each edit's constant (by `editRows` index), found at its first change.
    @exclusivity(unchecked) private var sensitivities: [EditSensitivity]
    enum EditSensitivity {
        case unknown
        case known(BasisCertificate<T>.Sensitivity)
        /// Past the core's work bound, or moving an implied row: no other constant keeps the basis.
        case unavailable
    }
    /// The structural columns `moveEdit` changed since `clearMovedColumns()` (an answer rewrites just these).
    @exclusivity(unchecked) private(set) var movedStructural: [Int] = []

    /// `value`: the basic solution for the current constants when `basis` carries none (a basis extended in place,
    /// `BasisCertificate.certifyAddingUnmetRows`); `basis.value` by default.
    init(certificate: BasisCertificate<T>, basis: BasisCertificate<T>.CertifiedBasis, proposed: ProposedBasis,
         constraintRowCount: Int, editRows: [(variable: VariableID, row: Int)], levels: Int, value: [T]? = nil) {
        self.certificate = certificate
        self.basis = basis
        self.proposed = proposed
        self.constraintRowCount = constraintRowCount
        self.editRows = editRows
        self.levels = levels
        self.value = value ?? basis.value
        self.basis.value = []
        sensitivities = Array(repeating: .unknown, count: editRows.count)
    }

    /// The basic solution, moved out (the certificate is left without one: for a caller about to drop it, which
    /// extends the solution in place instead of copying it).
    func takeValue() -> [T] {
        var taken: [T] = []
        swap(&taken, &value)
        return taken
    }

    /// Edit i's constant (row `editRows[i].row`) becomes `c`, and the basic solution moves with it. False when it
    /// leaves the basis's feasible region (a basic logical column below 0, an implied row no longer held) or the
    /// sensitivity cannot be found: `value` is then no answer (the basis must be certified again).
    /// - Complexity: the columns the row's constant moves; the first time, O(nonzeros) to find them.
    func moveEdit(_ i: Int, to c: T) -> Bool {
        let k = editRows[i].row
        let delta = c - certificate.constant[k]
        certificate.setConstant(c, ofRow: k)
        if delta.isZero { return true }
        if case .unknown = sensitivities[i] {
            if let found = certificate.sensitivity(at: basis, ofRow: k), !found.movesImpliedRow {
                sensitivities[i] = .known(found)
            } else {
                sensitivities[i] = .unavailable
            }
        }
        guard case .known(let s) = sensitivities[i] else { return false }
        var feasible = true
        let structural = certificate.variableCount, shift = -delta
        value.withUnsafeMutableBufferPointer { value in
            for (j, d) in s.terms {
                value[j] = value[j].subtractingProduct(d, shift)   // + d·Δ, fused like the engine's updates
                if j < structural { movedStructural.append(j) } else if value[j].signum < 0 { feasible = false }
            }
        }
        return feasible
    }

    /// Edit i's sensitivity, known without solving (an unmet row's error, `BasisCertificate.certifyAddingUnmetRows`).
    func knowSensitivity(_ i: Int, _ sensitivity: BasisCertificate<T>.Sensitivity) {
        sensitivities[i] = .known(sensitivity)
    }

    /// Starts a new list of moved columns (`movedStructural`).
    func clearMovedColumns() { movedStructural.removeAll(keepingCapacity: true) }

    /// The most times the same edits' basis is certified again (the moved solution infeasible) before the tableau is
    /// built instead. A certificate costs about as much as a proposer's solve and a third of the tableau (enaml-like
    /// form: 0.4 M instructions against 1.3 M), where the tableau's own round, and a moved one, cost about 7.5 K: a
    /// resize that keeps changing bases is the engine's (its dual pivots), one that keeps the basis is not.
    static var certificationsBeforeTableau: Int { 2 }

    /// The structural columns' values.
    var structuralValues: [T] { Array(value[0..<certificate.variableCount]) }

    /// Each structural column in `movedStructural` (a column twice if two edits moved it) with its value now (in
    /// `values` when given: the solution `takeValue()` moved out).
    func forEachMovedStructural(in values: [T]? = nil, _ body: (Int, T) -> Void) {
        let source = values ?? value
        for j in movedStructural { body(j, source[j]) }
    }
}
