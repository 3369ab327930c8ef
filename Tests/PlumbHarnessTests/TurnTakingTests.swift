import Testing
import Foundation
import PlumbSystem
import PlumbSolver
@testable import PlumbHarness

/// Which solvers were made, in order: each back end below writes its letter when the harness makes one (a run
/// makes exactly one, before its clock starts).
nonisolated(unsafe) var solversMade: [Character] = []

final class SolverA: ForwardingSolver {
    override class var name: String { "turns-a" }
    required init() { solversMade.append("A"); super.init() }
}

final class SolverB: ForwardingSolver {
    override class var name: String { "turns-b" }
    required init() { solversMade.append("B"); super.init() }
}

/// Refuses every solve: a back end whose runs fail.
final class FailingSolver: ForwardingSolver {
    override class var name: String { "turns-failing" }
    required init() { solversMade.append("F"); super.init() }
    override func solve() throws(SolverError) -> SolveReport { throw .unsupported("this back end never solves") }
}

@Suite(.serialized) struct TurnTaking {
    /// Two warm-ups asked for, four repeats, no times to fill: a pacing run, then (pace over the warm-up time of 0)
    /// one more warm-up and the four repeats.
    func harness(coldThreshold: Double = 1.0) -> Harness {
        var plan = RunPlan(backEnds: [])
        plan.timing.warmups = 2
        plan.timing.repeats = 4
        plan.timing.warmupTime = 0
        plan.timing.minimumTime = 0
        plan.timing.coldThreshold = coldThreshold
        return Harness(plan: plan)
    }

    @Test func slicesAreAsEvenAsTheyComeAndOneForABackEndAlone() {
        var policy = TimingPolicy()
        policy.repeats = 5
        #expect(policy.slices(of: 12, turns: 2) == [3, 3, 2, 2, 2])
        #expect(policy.slices(of: 10, turns: 3) == [2, 2, 2, 2, 2])
        #expect(policy.slices(of: 3, turns: 2) == [1, 1, 1])
        #expect(policy.slices(of: 200, turns: 1) == [200])
        #expect(policy.slices(of: 0, turns: 2) == [])
    }

    @Test func twoBackEndsTakeTurnsSliceBySlice() throws {
        let workload = Workload(system: try pinnedSystem())
        solversMade = []
        let measured = harness().measure(workload, on: [.native(SolverA.self), .native(SolverB.self)])
        #expect(measured.map(\.status) == [.ok, .ok])
        #expect(measured.map(\.samples.count) == [4, 4])
        #expect(measured.allSatisfy { $0.seconds > 0 })
        // pacing runs in order; then four rounds (4 runs in slices of 1), each back end's slice after a warm-up run
        #expect(String(solversMade) == "AB" + String(repeating: "AABB", count: 4))
    }

    @Test func oneBackEndAloneIsTimedInOneBatch() throws {
        let workload = Workload(system: try pinnedSystem())
        solversMade = []
        let measured = harness().measure(workload, on: [.native(SolverA.self)])
        #expect(measured.count == 1 && measured[0].samples.count == 4)
        // the pacing run, one warm-up, four timed runs: as before turns were taken
        #expect(String(solversMade) == "AAAAAA")
    }

    @Test func slowWorkloadsAlternateRunByRun() throws {
        let workload = Workload(system: try pinnedSystem())
        solversMade = []
        // every run slower than the threshold of 0: no warm-up, the pacing run kept as the first sample
        let measured = harness(coldThreshold: 0).measure(workload, on: [.native(SolverA.self), .native(SolverB.self)])
        #expect(measured.map(\.samples.count) == [4, 4])
        #expect(String(solversMade) == "ABABABAB")
    }

    @Test func aBackEndThatFailsDropsOutAndTheOthersGoOn() throws {
        let workload = Workload(system: try pinnedSystem())
        solversMade = []
        let measured = harness().measure(workload, on: [.native(FailingSolver.self), .native(SolverB.self)])
        #expect(measured[0].samples.isEmpty)
        #expect(measured[0].status.description.contains("never solves"), "\(measured[0].status)")
        #expect(measured[1].status == .ok && measured[1].samples.count == 4)
        // the failing one's pacing run only; then B alone, a slice a round
        #expect(String(solversMade) == "FB" + String(repeating: "BB", count: 4))
        solversMade = []
        let slow = harness(coldThreshold: 0).measure(workload, on: [.native(SolverB.self), .native(FailingSolver.self)])
        #expect(slow[0].samples.count == 4 && slow[1].samples.isEmpty)
        #expect(String(solversMade) == "BFBBB")
    }

    @Test func anExternalProgramTakesItsTurnsOneRequestASlice() throws {
        let workload = Workload(system: try pinnedSystem())
        let log = NSTemporaryDirectory() + "plumb-turns-\(UUID().uuidString).log"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let program = ExternalSolver(name: "propagate", command: protocolSolver("--repeat --log \(log)"))
        solversMade = []
        let measured = harness().measure(workload, on: [.external(program), .native(SolverA.self)])
        #expect(measured.map(\.status) == [.ok, .ok])
        #expect(measured.map(\.samples.count) == [4, 4])
        let requests = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
            .map { $0.split(separator: " ").dropFirst().joined(separator: " ") }
        // loaded once; the pacing run; then a slice per round, each a warm-up and one timed run in one request
        #expect(requests == ["load", "run"] + Array(repeating: "run 1+1", count: 4))
        #expect(String(solversMade) == "A" + String(repeating: "AA", count: 4))
    }
}
