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
struct KeptCertificate<T: SimplexScalar> {
    var certificate: BasisCertificate<T>
    var basis: BasisCertificate<T>.CertifiedBasis {
        didSet { value = basis.value; sensitivities = [:] }
    }
    /// The proposer's basis behind `basis` (the certified state's, for `materialize()`).
    var proposed: ProposedBasis
    /// The constraints' rows alone, in order (an edit's first value adds a row after them: a new certificate).
    let constraintRows: CertificateRows<T>
    /// The certificate's row of each suggested edit (`v == value` as `v + constant = 0`).
    let editRows: [VariableID: Int]
    let levels: Int
    /// Solves answered by moving `basis`'s basic solution so far (see `answersBeforeTableau`).
    var movedAnswers = 0
    /// `basis`'s basic solution for the certificate's current constants (every column).
    private(set) var value: [T]
    /// By edit row, once its constant has changed.
    private var sensitivities: [Int: BasisCertificate<T>.Sensitivity] = [:]

    init(certificate: BasisCertificate<T>, basis: BasisCertificate<T>.CertifiedBasis, proposed: ProposedBasis,
         constraintRows: CertificateRows<T>, editRows: [VariableID: Int], levels: Int) {
        self.certificate = certificate
        self.basis = basis
        self.proposed = proposed
        self.constraintRows = constraintRows
        self.editRows = editRows
        self.levels = levels
        value = basis.value
    }

    /// Row k's constant becomes `c`, and the basic solution moves with it. False when it leaves the basis's
    /// feasible region (a basic logical column below 0, an implied row no longer held) or the sensitivity cannot
    /// be found: `value` is then no answer (the basis must be certified again).
    /// - Complexity: the columns the row's constant moves; the first time, O(nonzeros) to find them.
    mutating func moveConstant(ofRow k: Int, to c: T) -> Bool {
        let delta = c - certificate.constant[k]
        certificate.setConstant(c, ofRow: k)
        if delta.isZero { return true }
        if sensitivities[k] == nil { sensitivities[k] = certificate.sensitivity(at: basis, ofRow: k) }
        guard let s = sensitivities[k], !s.movesImpliedRow else { return false }
        var feasible = true
        for (j, d) in s.terms {
            value[j] = value[j] + d * delta
            if j >= certificate.variableCount && value[j].signum < 0 { feasible = false }
        }
        return feasible
    }

    /// The most solves answered by moving the basic solution before the tableau is built after all. Moving it costs
    /// a round about twice what the tableau's own round costs (enaml-like form: 19 K instructions against 7.6 K, the
    /// edits' columns dense in both), where building the tableau costs about 90 of the difference (1 M): past this
    /// many rounds the tableau pays for itself, and a long resize ends no worse than twice the cheaper way.
    static var answersBeforeTableau: Int { 64 }

    /// The structural columns' values.
    var structuralValues: [T] { Array(value[0..<certificate.variableCount]) }
}
