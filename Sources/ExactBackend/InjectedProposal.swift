import PlumbSolver
import PlumbSystem

extension BasicLogicals: WaitingEntry {
    var isWaiting: Bool { false }
    static var vacant: BasicLogicals { BasicLogicals() }
}

/// A floating-point solver's final basis for the solver's rows (`BasisProposing`): which variables and which logical
/// columns of each row are basic. The proposer only proposes; the exact engine or `BasisCertificate` decides.
///
/// A class: the answer's state holds it (`AnswerState`), and every change reads that state; as a reference it is
/// one retain to copy, where a struct of arrays and tables cost each `add` an outlined copy and destruction of them
/// all (about 6 % of a 40,000-row build).
final class ProposedBasis {
    /// By variable index.
    @exclusivity(unchecked) var structural: [Bool]
    /// Cassowary's value of each variable (by index), for the engine's adoption.
    @exclusivity(unchecked) var values: [Double]
    /// The constraints in order of addition, and the suggested edits by variable, as Cassowary took them.
    @exclusivity(unchecked) var order: [ConstraintID]
    @exclusivity(unchecked) var suggested: [(variable: VariableID, priority: Priority, constant: Rational)]
    /// Per constraint and per suggested edit, which of Cassowary's logical columns are basic.
    @exclusivity(unchecked) var constraintLogicals = ConstraintTable<BasicLogicals>()
    @exclusivity(unchecked) var editLogicals: [VariableID: BasicLogicals] = [:]

    init(structural: [Bool], values: [Double], order: [ConstraintID],
         suggested: [(variable: VariableID, priority: Priority, constant: Rational)]) {
        self.structural = structural
        self.values = values
        self.order = order
        self.suggested = suggested
    }

    /// A row's `p` and `n` (soft: the engine's errors above and below, coefficients -1 and +1) or its one logical
    /// column (a required inequality's slack).
    static func engineLogicals(_ logicals: BasicLogicals, soft: Bool) -> (p: Bool, n: Bool, single: Bool) {
        soft ? (logicals.above ?? false, logicals.below ?? false, false) : (false, false, logicals.slack ?? false)
    }
}

extension ExactSolverCore {
    /// The injected proposer's final basis for every constraint (in order of addition) and every suggested edit (by
    /// variable), or nil when there is no proposer or it refuses the system (numbers outside its floating-point range,
    /// an error of any kind).
    func proposerBasis() -> ProposedBasis? {
        var none: CertificateRows<T>? = nil
        return proposerBasis(collecting: &none)
    }

    /// `proposerBasis()`, also collecting every constraint's exact row for `BasisCertificate` (in the same order)
    /// into `rows` when it is not nil.
    func proposerBasis(collecting rows: inout CertificateRows<T>?) -> ProposedBasis? {
        proposerRun(collecting: &rows)?.basis
    }

    /// `proposerBasis(collecting:)`, and the proposer's solver that made it (still holding the system).
    func proposerRun(collecting rows: inout CertificateRows<T>?)
        -> (basis: ProposedBasis, solver: any BasisProposing)? {
        guard let proposer else { return nil }
        let solver: any BasisProposing
        if let kept = proposerSolver {
            kept.reset()
            solver = kept
        } else {
            solver = proposer.init()
        }
        let order = idsInAdditionOrder()
        proposerSolver = order.count <= Self.keptProposerConstraints ? solver : nil
        guard let suggested = suggestedEdits() else { return nil }
        for e in suggested { _ = column(for: e.variable) }
        do {
            for id in order {
                try constraints.read(id) { (e) throws(SolverError) in
                    try solver.add(e.constraint, id: id)
                    rows?.append(e.terms.lazy.map { (column: $0.variable.index, coefficient: T($0.coefficient)) },
                                 constant: T(e.constant), relation: e.relation,
                                 priority: e.priority)
                }
            }
            for e in suggested {
                try solver.addEditVariable(e.variable, priority: e.priority)
                try solver.suggest(-e.constant, for: e.variable)
            }
            _ = try solver.solve()
        } catch {
            return nil
        }
        return (proposedBasis(of: solver, order: order, suggested: suggested), solver)
    }

    /// Every constraint's id in order of addition (read without copying the entries).
    func idsInAdditionOrder() -> [ConstraintID] {
        var order: [(sequence: Int, id: ConstraintID)] = []
        order.reserveCapacity(constraints.count)
        constraints.forEachID { id in order.append((constraints.read(id) { $0.sequence }!, id)) }
        // Usually added in id order already.
        if zip(order, order.dropFirst()).contains(where: { $0.sequence > $1.sequence }) {
            order.sort { $0.sequence < $1.sequence }
        }
        return order.map(\.id)
    }

    /// The suggested edits as the proposer takes them, by variable: each one's priority and row constant (the
    /// negated value). Nil when a constant is beyond exact numbers.
    func suggestedEdits() -> [(variable: VariableID, priority: Priority, constant: Rational)]? {
        var suggested: [(variable: VariableID, priority: Priority, constant: Rational)] = []
        for (variable, edit) in edits {
            guard let constant = edit.constant else { continue }
            guard case .exact(let c) = constant.solvedValue else { return nil }
            suggested.append((variable, edit.priority, c))
        }
        suggested.sort { $0.variable < $1.variable }
        return suggested
    }

    /// `solver`'s basis after its last solve, for the constraints `order` and the edits `suggested` it holds.
    /// - Complexity: O(variables + constraints + edits).
    func proposedBasis(of solver: any BasisProposing, order: [ConstraintID],
                       suggested: [(variable: VariableID, priority: Priority, constant: Rational)]) -> ProposedBasis {
        let basis = ProposedBasis(structural: [], values: [], order: order, suggested: suggested)
        basis.structural.reserveCapacity(columnOf.count)
        basis.values.reserveCapacity(columnOf.count)
        for v in columnOf.indices {
            basis.structural.append(solver.isBasic(VariableID(v)))
            if case .float(let x) = solver.value(of: VariableID(v)) { basis.values.append(x) } else { basis.values.append(0) }
        }
        for id in order {
            basis.constraintLogicals.insert(solver.basicLogicals(of: id) ?? BasicLogicals(), for: id)
        }
        for e in suggested {
            basis.editLogicals[e.variable] = solver.basicLogicals(ofEdit: e.variable) ?? BasicLogicals()
        }
        return basis
    }

    /// `basis` over the engine's columns once `items` go in (two new logical columns each, in that order): the
    /// proposal the engine adopts.
    func proposal(from basis: ProposedBasis, pending items: [PendingItem]) -> Proposal {
        let width = engine.columnCount + 2 * items.count
        var basic = [Bool](repeating: false, count: width)
        var value = [ApproximateScalar](repeating: .zero, count: width)
        for v in columnOf.indices where v < basis.structural.count {
            guard let c = columnOf[v] else { continue }
            basic[c] = basis.structural[v]
            value[c] = ApproximateScalar(basis.values[v])
        }
        func logicals(of id: ConstraintID) -> BasicLogicals { basis.constraintLogicals[id] ?? BasicLogicals() }
        func logicals(ofEdit v: VariableID) -> BasicLogicals { basis.editLogicals[v] ?? BasicLogicals() }
        func mark(marker: Int, extra: Int?, soft: Bool, relation: Relation, _ logicals: BasicLogicals) {
            let l = ProposedBasis.engineLogicals(logicals, soft: soft)
            if soft, let extra {
                basic[extra] = l.p
                basic[marker] = l.n
            } else {
                basic[marker] = l.single
            }
        }
        let origins = engine.origins
        for (k, item) in items.enumerated() {
            let first = engine.columnCount + 2 * k
            switch item {
            case .constraint(let id):
                let (soft, relation) = constraints.read(id) { (!$0.priority.isRequired, $0.relation) }!
                mark(marker: first + 1, extra: first, soft: soft, relation: relation, logicals(of: id))
            case .edit(let variable):
                mark(marker: first + 1, extra: first, soft: true, relation: .equal, logicals(ofEdit: variable))
            }
        }
        // (each origin's fields read in place: a copy of the origin, its constant with it, was a quarter of this)
        origins.withUnsafeBufferPointer { origins in
            constraints.forEach { id, entry in
                guard let origin = entry.origin else { return }
                mark(marker: origins[origin].marker, extra: origins[origin].extra,
                     soft: origins[origin].priority != nil, relation: entry.relation, logicals(of: id))
            }
            for (variable, edit) in edits {
                guard let origin = edit.origin else { continue }
                mark(marker: origins[origin].marker, extra: origins[origin].extra, soft: true, relation: .equal,
                     logicals(ofEdit: variable))
            }
        }
        return Proposal(basic: basic, value: value)
    }

    /// A first solve without a tableau for the soft rows: when every soft row and suggested edit is still waiting
    /// (and there are many), Cassowary's basis for all the rows is checked by `BasisCertificate` in exact
    /// arithmetic; if it is exactly feasible and lexicographically optimal, its values are the answer and the rows
    /// stay out of the engine until something needs them there (`materialize()`). Nil when this does not apply or
    /// the certificate fails (then the basis is kept for the engine's own path).
    func solveByCertificate() -> SolveReport? {
        var waitingEdits = 0
        for edit in edits.values where edit.constant != nil {
            guard edit.origin == nil else { return nil }
            waitingEdits += 1
        }
        let waiting = constraints.waiting + waitingEdits
        guard waiting > 0, worthAProposal(waiting: waiting) else { return nil }
        for o in engine.origins where o.alive && o.priority != nil { return nil }
        var collected: CertificateRows<T>? = CertificateRows(reservingRows: constraints.count + edits.count)
        keptCertificate = nil
        guard let (basis, solver) = proposerRun(collecting: &collected), let rows = collected else { return nil }
        guard let report = certify(basis, of: solver, built: certificate(of: rows, suggested: basis.suggested),
                                   constraintRowCount: rows.constants.count) else {
            state = .changed(proposal: basis)
            return nil
        }
        stats.proposals += 1
        stats.certifiedAsProposed += 1
        stats.fromProposer += 1
        stats.certifiedWithoutTableau += 1
        return report
    }

    /// Certifies `basis`, `solver`'s, on the rows as Cassowary took them: `built`, the certificate of the
    /// constraints in order (the first `constraintRowCount` rows), then the basis's suggested edits, levels numbered
    /// from the highest priority (`certificate(of:suggested:)`). If it holds, its values are the answer, the state is
    /// `certified`, and with edit variables the solver and the certificate are kept for the suggestions to come
    /// (`liveProposer`, `keptCertificate`). Nil otherwise, nothing changed.
    /// - Complexity: O(nonzeros × levels) plus the core's elimination.
    func certify(_ basis: ProposedBasis, of solver: any BasisProposing,
                 built: (certificate: BasisCertificate<T>, levelCount: Int), constraintRowCount: Int) -> SolveReport? {
        let (certificate, levelCount) = built
        let proposed = basicColumns(of: basis, in: certificate)
        guard let (values, certified) = certificate.certifyKeepingBasis(basic: proposed.basic, implied: proposed.implied)
        else { return nil }
        setCertifiedSolution(values)
        state = .certified(basis, levels: levelCount)
        // (a system without edit variables takes no suggestion: its proposer is not worth holding, nor the
        // certificate)
        liveProposer = edits.isEmpty ? nil : solver
        if !edits.isEmpty {
            let editRows = basis.suggested.enumerated().map { i, e in (variable: e.variable, row: basis.order.count + i) }
            keptCertificate = KeptCertificate(certificate: certificate, basis: certified, proposed: basis,
                                              constraintRowCount: constraintRowCount, editRows: editRows,
                                              levels: levelCount)
        }
        return SolveReport(converged: true, iterations: 0, message: levelsMessage(levelCount))
    }

    /// The certificate of `constraintRows` (the constraints in order) and then the rows of the `suggested` edits
    /// (`v + constant = 0` each), its levels numbered from the highest priority, and how many levels it has.
    /// - Complexity: O(nonzeros).
    func certificate(of constraintRows: CertificateRows<T>,
                     suggested: [(variable: VariableID, priority: Priority, constant: Rational)])
        -> (certificate: BasisCertificate<T>, levelCount: Int) {
        var input = constraintRows
        for e in suggested {
            input.append(CollectionOfOne((column: e.variable.index, coefficient: T.one)), constant: T(e.constant),
                         relation: .equal, priority: e.priority)
        }
        let (levels, levelCount, ranked) = priorityRanks(input.priorities)
        let certificate = BasisCertificate<T>(rowStart: input.rowStart, termColumn: input.termColumn,
                                              termCoefficient: input.termCoefficient, constant: input.constants,
                                              relation: input.relations, levels: levels,
                                              variableCount: columnOf.count, levelCount: levelCount,
                                              levelPriorities: ranked)
        return (certificate, levelCount)
    }

    /// The answer of a certificate: `values` by variable (after a rebuild a variable only soft rows mention has no
    /// engine column yet, and reads 0).
    func setCertifiedSolution(_ values: [T]) {
        setSolution(mentions.indices.map { v in v < values.count && mentions[v] > 0 ? values[v].solvedValue : .exact(.zero) })
    }

    /// `basis` as one flag per column of `certificate`, whose rows are the basis's constraints in order, then its
    /// suggested edits: the variables Cassowary has basic, and each row's basic logical columns; and, one flag per
    /// row, the required equalities the proposer reports implied by the others (its marker basic, or no row kept for
    /// it: `BasicLogicals.slack`), which the certificate sets aside and checks. (A required equality has no logical
    /// column here.)
    /// - Complexity: O(columns + rows).
    func basicColumns(of basis: ProposedBasis, in certificate: BasisCertificate<T>) -> (basic: [Bool], implied: [Bool]) {
        var implied = [Bool](repeating: false, count: certificate.rowCount)
        var basic = [Bool](repeating: false, count: certificate.columnCount)
        for v in basis.structural.indices where basis.structural[v] { basic[v] = true }
        for k in 0..<certificate.rowCount {
            let logicals = (k < basis.order.count ? basis.constraintLogicals[basis.order[k]]
                : basis.editLogicals[basis.suggested[k - basis.order.count].variable]) ?? BasicLogicals()
            let columns = certificate.logicals(ofRow: k)
            let soft = columns.count == 2
            let l = ProposedBasis.engineLogicals(logicals, soft: soft)
            if soft {
                basic[columns.lowerBound] = l.p
                basic[columns.lowerBound + 1] = l.n
            } else if !columns.isEmpty {
                basic[columns.lowerBound] = l.single
            } else if logicals.slack == true {
                implied[k] = true
            }
        }
        return (basic, implied)
    }

    /// Puts the waiting rows into the engine before any change or query that needs it: a certified answer's at the
    /// certified basis (the answer read at `solve()` stays), or, after suggestions the proposer took, at the
    /// proposer's basis for the changed system (`materializeAtLiveProposer()`). The engine's own phase 1 and levels
    /// check either basis again.
    func materialize() {
        keptCertificate = nil
        switch state {
        case .certified(let basis, _):
            liveProposer = nil
            _ = putWaitingRowsIn(at: basis)
            state = .optimal(stale: false)   // the answer read at solve() stays: the same optimum
        case .suggestedSinceCertificate:
            materializeAtLiveProposer()
        case .changed, .optimal:
            return
        }
    }

    /// Every waiting row into the engine, the crash led by `basis`, which the engine then adopts; phase 1 and the
    /// levels from there. Returns the exact iterations after the adoption (none when `basis` was optimal).
    func putWaitingRowsIn(at basis: ProposedBasis) -> Int {
        let items = pendingItemsMakingColumns()
        let proposal = self.proposal(from: basis, pending: items)
        engine.crashTarget = proposal.basic
        insertPending(items)
        engine.crashTarget = []
        stats.adoptionPivots += engine.adopt(proposal)
        let adopted = engine.iterations
        let feasible = engine.restoreFeasibility()
        precondition(feasible, "ExactSolver: the required rows are feasible (every accepted change keeps them so)")
        engine.optimizeLevels()
        return engine.iterations - adopted
    }
}
