import Testing
import PlumbSystem
import PlumbSolver
import PlumbBatch
import PlumbCorpus
import PlumbBackEnds
import PlumbTestSupport
@testable import ExactBackend

/// A proposer that solves with the Cassowary back end but answers every basis question wrongly (nothing basic):
/// the exact back end only takes proposals, so its answers must not change, only its work.
final class WrongBasisProposer: ForwardingSolver, BasisProposing {
    override class var name: String { "wrong-basis" }
    func isBasic(_ variable: VariableID) -> Bool { false }
    func basicLogicals(of id: ConstraintID) -> BasicLogicals? { BasicLogicals(slack: false, above: false, below: false) }
    func basicLogicals(ofEdit variable: VariableID) -> BasicLogicals? { BasicLogicals(above: false, below: false) }
}

/// A proposer that solves with the Cassowary back end but reports every required row implied by the others (its
/// marker basic), and nothing else basic: the certificate sets those rows aside only to check them.
final class EverythingImpliedProposer: ForwardingSolver, BasisProposing {
    override class var name: String { "everything-implied" }
    func isBasic(_ variable: VariableID) -> Bool { false }
    func basicLogicals(of id: ConstraintID) -> BasicLogicals? { BasicLogicals(slack: true, above: false, below: false) }
    func basicLogicals(ofEdit variable: VariableID) -> BasicLogicals? { BasicLogicals(above: false, below: false) }
}

@Suite struct ProposerInjection {
    /// Every level's total violation, exactly, and every variable the exact back end finds unique, agree with the
    /// usual proposer's; a variable the layout leaves ambiguous may sit at another point of its range.
    @Test(arguments: [Family.app, .random], [WrongBasisProposer.self, EverythingImpliedProposer.self] as [any BasisProposing.Type])
    func aWrongProposalChangesNoAnswer(_ family: Family, _ proposer: any BasisProposing.Type) throws {
        let system = try family.generate(size: 40, seed: 7, rounds: 0).linearSystem()
        let usual = SystemRunner(roundValues: .all).run(system, solver: ProposedExactSolver.self)
        try #require(usual.status == .ok)
        let solver = ExactSolver(proposer: proposer)
        solver.proposalRoute = .injectedProposer   // (an app's rows would have its own tableau propose)
        try SystemRunner.build(system, into: solver)
        _ = try solver.solve()
        var expected: [String: Rational] = [:]
        for entry in usual.values { if case .exact(let r) = entry.value { expected[entry.name] = r } }
        func got(_ v: VariableID) -> Rational {
            if case .exact(let r) = solver.value(of: v) { return r }
            Issue.record("\(system.variables[v.index]) is not exact")
            return .zero
        }
        var levelsUsual: [Priority: Rational] = [:], levelsWrong: [Priority: Rational] = [:]
        for c in system.constraints where !c.priority.isRequired {
            levelsUsual[c.priority, default: .zero] = try levelsUsual[c.priority, default: .zero]
                + c.violation(at: { (v: VariableID) -> Rational in expected[system.variables[v.index]] ?? .zero })
            levelsWrong[c.priority, default: .zero] = try levelsWrong[c.priority, default: .zero] + c.violation(at: got)
        }
        #expect(levelsWrong == levelsUsual, "\(family)")
        let ambiguous = Set(usual.ambiguous.map(\.name))
        for (v, name) in system.variables.enumerated() where !ambiguous.contains(name) {
            #expect(got(VariableID(v)) == expected[name], "\(family) \(name)")
        }
        // the wrong proposals were taken from the injected solver
        #expect(solver.counters.fromProposer > 0)
    }
}

/// The exact back end keeps one proposer solver and resets it for each proposal (a new one per solve was a tenth of
/// a small layout's exact build and solve), except after a large system, whose storage it does not hold on to.
@Suite struct ProposerReuse {
    static func core(_ solver: ExactSolver) -> ExactSolverCore<ExactRational> { solver.core as! ExactSolverCore<ExactRational> }

    /// `a == 10 + k`, `b == a + 5` required, `b == 100 @500` (its answer: a = 10 + k, b = 15 + k).
    static func layout(_ k: Int) -> [LinearConstraint] {
        func c(_ terms: [(Int, Int)], _ constant: Int, _ relation: Relation, _ p: Priority = .required) -> LinearConstraint {
            var e = LinearExpression(constant: Rational(constant))
            for (v, a) in terms { try! e.add(VariableID(v), Rational(a)) }
            return LinearConstraint(e, relation, priority: p)
        }
        return [c([(0, 1)], -(10 + k), .equal), c([(1, 1), (0, -1)], -5, .equal), c([(1, 1)], -100, .equal, 500)]
    }

    @Test("a small system's proposer is made with the solver and reset for each proposal; the answers are its own")
    func keptAcrossSolves() throws {
        let solver = ProposedExactSolver()
        solver.crashPathBound.pendingRows = -1   // (three rows: the crash path would take them without a proposal)
        solver.proposalRoute = .injectedProposer   // (rows that pin their variables: the own tableau would propose)
        let made = try #require(Self.core(solver).proposerSolver) as AnyObject
        for k in 0..<3 {
            for (i, c) in Self.layout(k).enumerated() { try solver.add(c, id: ConstraintID(10 * k + i)) }
            _ = try solver.solve()
            #expect(solver.value(of: VariableID(1)) == .exact(Rational(15 + k)))
            #expect((Self.core(solver).proposerSolver as AnyObject?) === made, "a new proposer solver was made")
            for i in 0..<3 { try solver.remove(ConstraintID(10 * k + i)) }
        }
        #expect(solver.counters.fromProposer >= 1)
    }

    @Test("after a proposal for a large system the proposer solver is dropped, and made again when next needed")
    func droppedAfterALargeSystem() throws {
        let solver = ProposedExactSolver()
        let n = ExactSolverCore<ExactRational>.keptProposerConstraints
        // a row of n + 1 variables, each 1 past the previous, all preferred at 0 (one soft row per variable)
        var id = 0
        for v in 0...n {
            if v > 0 {
                var step = LinearExpression(VariableID(v))
                try step.add(VariableID(v - 1), -1)
                try step.add(constant: -1)
                try solver.add(LinearConstraint(step, .equal), id: ConstraintID(id))
                id += 1
            }
            try solver.add(LinearConstraint(LinearExpression(VariableID(v)), .equal, priority: 100), id: ConstraintID(id))
            id += 1
        }
        _ = try solver.solve()
        #expect(solver.counters.fromProposer >= 1)
        #expect(Self.core(solver).proposerSolver == nil)
        // x_v = v + c with the sum of |x_v| least: c = -n/2 (n + 1 values around the middle one)
        #expect(solver.value(of: VariableID(n / 2)) == .exact(.zero))
    }
}

/// A new exact solver's tables have room for a small layout: building and solving one grows none of them (grown an
/// append at a time from empty, they were most of the allocations of a small layout's exact solve).
@Suite struct ReservedStorage {
    @Test("a 12-view chain of 47 rows is built and solved without growing the engine's tables; a change keeps the fixing list")
    func aSmallLayoutGrowsNoTable() throws {
        let solver = ProposedExactSolver()
        // (the certified path this test was written for: the crash path gives this layout up, its conflicting
        // preferences being many pivots from the crash basis, and rebuilds into tables of new storage)
        solver.crashPathBound.pendingRows = -1
        let core = ProposerReuse.core(solver)
        func capacities() -> [Int] {
            [core.engine.columns.capacity, core.engine.origins.capacity, core.engine.rowBasic.capacity,
             core.engine.store.column.capacity, core.engine.store.coefficient.capacity]
        }
        let before = capacities()
        #expect(before.allSatisfy { $0 > 0 }, "\(before)")
        // x_i = x_{i-1} + w_{i-1} + 8 and w_i = w_0 (required), w_i >= 60 @750 and w_i <= 40 @250: 12 views
        var id = 0
        func add(_ terms: [(Int, Int)], _ constant: Int, _ relation: Relation, _ p: Priority = .required) throws {
            try solver.add(.integer(terms, constant, relation, priority: p), id: ConstraintID(id))
            id += 1
        }
        try add([(0, 1)], 0, .equal)
        for i in 1..<12 {
            try add([(2 * i, 1), (2 * i - 2, -1), (2 * i - 1, -1)], -8, .equal)
            try add([(2 * i + 1, 1), (1, -1)], 0, .equal)
        }
        for i in 0..<12 {
            try add([(2 * i + 1, 1)], -60, .greaterOrEqual, 750)
            try add([(2 * i + 1, 1)], -40, .lessOrEqual, 250)
        }
        try #require(id == 47)
        _ = try solver.solve()
        // by hand: every width meets the higher preference exactly (60), so x_11 = 11 * (60 + 8) = 748
        #expect(solver.value(of: VariableID(22)) == .exact(Rational(748)))
        #expect(solver.value(of: VariableID(1)) == .exact(Rational(60)))
        #expect(capacities() == before, "before \(before), after \(capacities())")
        try solver.setConstant(Rational(-61), of: ConstraintID(23))
        _ = try solver.solve()
        // w_0 >= 61 @750 now: every width 61 (the others' 60 below it; the 250 rows give way), x_11 = 11 * 69 = 759
        #expect(solver.value(of: VariableID(22)) == .exact(Rational(759)))
        // leaving the optimal face (here: the certified rows went in, the levels fixed their columns, a removal
        // undoes that) keeps the fixing list's storage for the next optimum
        try solver.remove(ConstraintID(46))
        #expect(core.engine.fixings.isEmpty)
        #expect(core.engine.fixings.capacity > 0, "the fixing list was freed")
        _ = try solver.solve()
        // w_11 <= 40 @250 gone: nothing else moves (the 250 rows gave way already)
        #expect(solver.value(of: VariableID(22)) == .exact(Rational(759)))
    }
}
