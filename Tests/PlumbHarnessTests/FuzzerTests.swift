import Testing
import PlumbSystem
#if canImport(Glibc)
import Glibc
#endif
import PlumbSolver
import PlumbBackEnds
@testable import PlumbHarness

/// A back end with a planted bug: cassowary, except that once a constraint sets the bug off it answers one more
/// than the truth for one variable. Subclasses say which constraints trigger it and which variable it hits.
class PlantedBugSolver: ForwardingSolver {
    override class var name: String { "planted-bug" }
    override class var capabilities: SolverCapabilities {
        SolverCapabilities(exact: false, strictPriorities: true, incremental: true, explainsConflicts: false, detectsAmbiguity: false)
    }
    class func triggers(_ c: LinearConstraint) -> Bool { false }
    class var victim: VariableID { VariableID(0) }
    var triggered = false
    override func add(_ c: LinearConstraint, id: ConstraintID) throws(SolverError) {
        try inner.add(c, id: id)
        if Self.triggers(c) { triggered = true }
    }
    override func value(of v: VariableID) -> SolvedValue {
        let truth = inner.value(of: v)
        return triggered && v == Self.victim ? .float(truth.doubleValue + 1) : truth
    }
}

/// Set off by a constraint that mentions the first variable with a coefficient of ±3; hits that variable.
final class OffByOneSolver: PlantedBugSolver {
    override class var name: String { "off-by-one" }
    override class func triggers(_ c: LinearConstraint) -> Bool {
        c.terms.contains { $0.variable == VariableID(0) && abs($0.coefficient.doubleValue) == 3 }
    }
}

/// Cassowary that takes a twentieth of a second over every solve: slow enough to go over a small case bound.
final class SlowSolver: PlantedBugSolver {
    override class var name: String { "slow" }
    override func solve() throws(SolverError) -> SolveReport {
        usleep(50_000)
        return try inner.solve()
    }
}

@Suite struct Fuzzing {
    let exact = PlumbBackEnds.named("exact")!

    @Test func casesAreDeterministicFromTheSeed() {
        let fuzzer = DifferentialFuzzer(reference: exact, backEnds: [])
        #expect(fuzzer.randomSystem(seed: 3, index: 5) == fuzzer.randomSystem(seed: 3, index: 5))
        #expect(fuzzer.randomSystem(seed: 3, index: 5) != fuzzer.randomSystem(seed: 4, index: 5))
    }

    @Test func aPlantedBugIsFoundAndShrunk() throws {
        let fuzzer = DifferentialFuzzer(reference: exact, backEnds: [OffByOneSolver.self])
        let summary = fuzzer.run(seed: 11, count: 60)
        let finding = try #require(summary.findings.first)
        #expect(finding.shrunk.constraints.count < finding.original.constraints.count)
        // What is left still shows the bug, and needs the trigger: a coefficient ±3 on x0.
        guard case .differs = fuzzer.disagreement(finding.shrunk, OffByOneSolver.self) else {
            Issue.record("the shrunk system no longer disagrees")
            return
        }
        #expect(finding.shrunk.constraints.contains { $0.terms.contains { $0.variable == VariableID(0) && abs($0.coefficient.doubleValue) == 3 } })
    }

    /// Relaxation is not L1-optimal within a level, so it is often wrong here; it must never say so plainly. Every
    /// wrong answer is labelled approximate or not converged, so none is a finding.
    @Test func relaxationNeverLabelsAWrongAnswerConverged() {
        let relaxation = PlumbBackEnds.named("relaxation")!
        let summary = DifferentialFuzzer(reference: exact, backEnds: [relaxation]).run(seed: 5, count: 300)
        #expect(summary.cases == 300)
        #expect(summary.findings.isEmpty, "\(summary.findings.map { "\($0.caseIndex): \($0.reason)" })")
        let (answers, wrong) = summary.approximate["relaxation"] ?? (0, 0)
        #expect(answers + (summary.notConverged["relaxation"] ?? 0) <= 300)
        #expect(wrong <= answers)
    }

    @Test func cassowaryAgreesWithExactOnAThousandCases() {
        let cassowary = PlumbBackEnds.named("cassowary")!
        let summary = DifferentialFuzzer(reference: exact, backEnds: [cassowary]).run(seed: 99, count: 1000)
        #expect(summary.cases == 1000)
        #expect(summary.findings.isEmpty, "\(summary.findings.map { "\($0.caseIndex): \($0.reason)" })")
    }

    /// Every case is bounded in time: one over its bound is a finding, kept as it was (not shrunk), and the run
    /// goes on to the next case instead of waiting on it.
    @Test func aCaseOverItsTimeBoundIsAFindingAndTheRunGoesOn() {
        var steps: [FuzzStep] = []
        let summary = DifferentialFuzzer(reference: exact, backEnds: [SlowSolver.self])
            .run(seed: 3, count: 4, caseTimeLimit: 0.02, step: { steps.append($0) })
        #expect(summary.cases == 4)
        #expect(summary.overBound.count == 4)
        #expect(summary.disagreements.isEmpty)
        for finding in summary.overBound {
            #expect(finding.backEnd == "slow")
            #expect(finding.reason.hasPrefix("over its time bound: the case took"))
            #expect(finding.shrunk == finding.original)
        }
        #expect(steps.map(\.caseIndex) == [0, 0, 1, 1, 2, 2, 3, 3])
        #expect(steps.map(\.backEnd) == ["exact", "slow", "exact", "slow", "exact", "slow", "exact", "slow"])

        let layouts = LayoutFuzzer(reference: exact, backEnds: [SlowSolver.self]).run(seed: 3, count: 2, caseTimeLimit: 0.02)
        #expect(layouts.cases == 2)
        #expect(layouts.overBound.count + layouts.rejected == 2)

        let unbounded = DifferentialFuzzer(reference: exact, backEnds: [SlowSolver.self]).run(seed: 3, count: 2)
        #expect(unbounded.findings.isEmpty)
    }

    /// CI's seed comes from the commit: the same commit gives the same seed, another commit another one.
    @Test func seedsDerivedFromCommits() {
        let head = "748df639fda5eee32fcc0784bb21a49948eef799"
        #expect(FuzzSeed.derived(fromCommit: head) == FuzzSeed.derived(fromCommit: head + "\n"))
        #expect(FuzzSeed.derived(fromCommit: head) != FuzzSeed.derived(fromCommit: "5a1b638" + head.dropFirst(7)))
        #expect(FuzzSeed.derived(fromCommit: head) != FuzzSeed.fallback)
        // FNV-1a of the empty text is its offset basis.
        #expect(FuzzSeed.derived(fromCommit: "") == 0xCBF2_9CE4_8422_2325)
    }
}
