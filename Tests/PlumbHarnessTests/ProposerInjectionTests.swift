import Testing
import PlumbSystem
import PlumbSolver
import PlumbBatch
import PlumbCorpus
import PlumbBackEnds
import ExactBackend

/// A proposer that solves with the Cassowary back end but answers every basis question wrongly (nothing basic):
/// the exact back end only takes proposals, so its answers must not change, only its work.
final class WrongBasisProposer: ForwardingSolver, BasisProposing {
    override class var name: String { "wrong-basis" }
    func isBasic(_ variable: VariableID) -> Bool { false }
    func basicLogicals(of id: ConstraintID) -> BasicLogicals? { BasicLogicals(slack: false, above: false, below: false) }
    func basicLogicals(ofEdit variable: VariableID) -> BasicLogicals? { BasicLogicals(above: false, below: false) }
}

@Suite struct ProposerInjection {
    /// Every level's total violation, exactly, and every variable the exact back end finds unique, agree with the
    /// usual proposer's; a variable the layout leaves ambiguous may sit at another point of its range.
    @Test(arguments: [Family.app, .random])
    func aWrongProposalChangesNoAnswer(_ family: Family) throws {
        let system = try family.generate(size: 40, seed: 7, rounds: 0).linearSystem()
        let usual = SystemRunner(roundValues: .all).run(system, solver: ProposedExactSolver.self)
        try #require(usual.status == .ok)
        let solver = ExactSolver(proposer: WrongBasisProposer.self)
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
