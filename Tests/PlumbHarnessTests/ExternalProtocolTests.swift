import Testing
import Foundation
import PlumbSystem
import PlumbSolver
import PlumbFrontEnd
import PlumbCorpus
import PlumbBackEnds
@testable import PlumbHarness

/// The test program of Fixtures/: it speaks plumb-solver/1 and solves by propagating required equalities.
func protocolSolver(_ flags: String = "") -> String { "python3 \(fixtures)/protocol_solver.py \(flags)" }

/// x = 10, y = x + 5, w = 2·y − x (so 10, 15, 20), all required.
func pinnedSystem() throws -> LinearSystem {
    let text = """
    {"format": "layout-lp/1", "name": "pinned", "variables": ["x", "y", "w"],
     "constraints": [
       {"terms": {"x": "1"}, "constant": "-10", "relation": "==", "priority": 1000},
       {"terms": {"y": "1", "x": "-1"}, "constant": "-5", "relation": "==", "priority": 1000},
       {"terms": {"w": "1", "y": "-2", "x": "1"}, "constant": "0", "relation": "==", "priority": 1000}
     ]}
    """
    return try LinearSystem(layoutLP: Array(text.utf8), source: "pinned")
}

/// Counts the solvers made, to see how many runs a policy asked for.
final class CountingSolver: ForwardingSolver {
    nonisolated(unsafe) static var made = 0
    override class var name: String { "counting" }
    required init() {
        CountingSolver.made += 1
        super.init()
    }
}

@Suite(.serialized) struct ExternalProtocol {
    func temporaryFile() -> String {
        NSTemporaryDirectory() + "plumb-protocol-\(UUID().uuidString).log"
    }

    @Test func anExternalAndAnInProcessSolverAreTimedUnderOnePolicy() throws {
        var options = RunPlan(backEnds: [])
        options.timing.warmups = 2
        options.timing.repeats = 4
        let harness = Harness(plan: options)
        let workload = Workload(system: try pinnedSystem())
        // In-process, a workload of microseconds: a pacing run, then warm-ups and timed runs enough to fill the
        // policy's times, each on a fresh solver, at most maximumRuns of each.
        var filling = options
        filling.timing.warmupTime = 1e6
        filling.timing.minimumTime = 1e6
        filling.timing.maximumRuns = 20
        CountingSolver.made = 0
        let fast = Harness(plan: filling).measure(workload, on: .native(CountingSolver.self))
        #expect(fast.status == .ok)
        #expect(fast.samples.count == 20, "times no run can fill: the cap")
        #expect(CountingSolver.made == 1 + 20 + 20)
        // With no time to fill: the pacing run (warm-up enough for one), 1 more warm-up and the 4 repeats.
        var counted = options
        counted.timing.warmupTime = 0
        counted.timing.minimumTime = 0
        CountingSolver.made = 0
        let native = Harness(plan: counted).measure(workload, on: .native(CountingSolver.self))
        #expect(native.status == .ok)
        #expect(native.samples.count == 4)
        #expect(CountingSolver.made == 6)
        // External: one process loads once and serves the same number of runs; the figures are its own.
        let log = temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let program = ExternalSolver(name: "propagate", command: protocolSolver("--log \(log) --sleep-build 0.002"))
        let external = harness.measure(workload, on: .external(program))
        #expect(external.status == .ok)
        #expect(external.samples.count == 4)
        #expect(external.samples.allSatisfy { $0.buildSolve >= 0.002 })
        let requests = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ") }
        #expect(Set(requests.map { $0[0] }).count == 1, "one process served every request")
        #expect(requests.filter { $0[1] == "load" }.count == 1)
        // runs of 2 ms: the pacing run was warm-up enough for one, so 1 more warm-up and 4 timed runs (5 ms / 2 ms
        // is 3, fewer than the 4 repeats), as for a solver in the harness whose runs take that long
        #expect(requests.filter { $0[1] == "run" }.count == 6)
        #expect(program.starts == 1)
        #expect(harness.plan.timing.plan(pace: 0.002, left: 10) == (warmups: 1, repeats: 4))
    }

    @Test func aProgramThatRepeatsRunsTheTimedRunsBackToBackInOneRequest() throws {
        var options = RunPlan(backEnds: [])
        options.timing.warmups = 2
        options.timing.repeats = 4
        options.timing.minimumTime = 0
        let harness = Harness(plan: options)
        let workload = Workload(system: try pinnedSystem())
        let log = temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let program = ExternalSolver(name: "propagate", command: protocolSolver("--repeat --log \(log) --sleep-build 0.002"))
        let external = harness.measure(workload, on: .external(program))
        #expect(external.status == .ok)
        #expect(external.samples.count == 4)
        #expect(external.samples.allSatisfy { $0.buildSolve >= 0.002 })
        let requests = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ").dropFirst().joined(separator: " ") }
        // the pacing run alone (a slow one would be kept and the rest timed one by one), then the warm-up and
        // the four timed runs in one request
        #expect(requests == ["load", "run", "run 1+4"])
        // an answer with the wrong number of runs is a protocol error that says so
        let short = ExternalSolver(name: "short", command: protocolSolver("--repeat --short-runs"))
        let broken = harness.measure(workload, on: .external(short))
        #expect(broken.samples.isEmpty)
        #expect(broken.status.description.hasPrefix("error:") && broken.status.description.contains("\"runs\" with 4 entries"), "\(broken.status)")
    }

    @Test func theTimingPlanFollowsThePace() {
        var policy = TimingPolicy()
        policy.warmups = 1
        policy.repeats = 5
        // 10 µs a run: 1 ms of warm-up is 100 runs, 5 ms of timed runs is 500, capped at 200
        #expect(policy.plan(pace: 1e-5, left: 10) == (warmups: 100, repeats: 200))
        // 1 ms a run: the pacing run was the warm-up; 5 runs fill 5 ms
        #expect(policy.plan(pace: 1e-3, left: 10) == (warmups: 0, repeats: 5))
        // 0.1 s a run: the repeats, not the minimum time, set the count
        #expect(policy.plan(pace: 0.1, left: 10) == (warmups: 0, repeats: 5))
        // the budget cuts the timed runs, never below one
        #expect(policy.plan(pace: 0.5, left: 1.2) == (warmups: 0, repeats: 2))
        #expect(policy.plan(pace: 0.5, left: 0) == (warmups: 0, repeats: 1))
    }

    @Test func theProtocolsStepsChangeTheSolution() throws {
        let system = try pinnedSystem()
        // Operation 1: x's constant becomes −20 (x = 20, y = 25, w = 30). Operation 2: y = x + 5 goes, y = 3 comes
        // (w = 2·3 − 20 = −14).
        var y3 = LinearExpression(VariableID(1))
        try y3.add(constant: Rational(-3))
        let workload = Workload(system: system, operations: [
            .init(kind: .update, steps: [.setConstant(ConstraintID(0), Rational(-20)), .solve]),
            .init(kind: .remake, steps: [.remove(ConstraintID(1)), .add(ConstraintID(3), LinearConstraint(y3, .equal)), .solve]),
        ])
        let program = ExternalSolver(name: "propagate", command: protocolSolver())
        try program.load(workload)
        let (sample, values) = try program.run(operations: 2, values: true)
        #expect(sample.operations.count == 2)
        #expect(values == ["x": 20, "y": 3, "w": -14])
        // The same workload in-process reaches the same values.
        let solver = CountingSolver()
        _ = try WorkloadPlayer.run(workload, on: solver)
        #expect((0..<3).map { solver.value(of: VariableID($0)).doubleValue } == [20, 3, -14])
    }

    @Test func solveAnswersAreJudgedLikeTheBackEnds() throws {
        let e = try entry(pinned)
        let backEnd = BackEnd.external(name: "propagate", command: protocolSolver())
        guard case .success(let observations) = CorpusRunner().observe(e, with: backEnd) else {
            Issue.record("the external solver did not run")
            return
        }
        #expect(Judge().judge(observations[0], against: e.expectations[0].expectation, capabilities: backEnd.capabilities).outcome == .pass)
        let wrong = BackEnd.external(name: "wrong", command: protocolSolver("--wrong"))
        guard case .success(let bad) = CorpusRunner().observe(e, with: wrong) else { Issue.record("did not run"); return }
        #expect(Judge().judge(bad[0], against: e.expectations[0].expectation, capabilities: wrong.capabilities).outcome == .fail)
    }

    /// Each broken program gives the workload a clear error, and the harness carries on with the next one.
    @Test(arguments: [
        ("--garbage", "not JSON"),
        ("--exit-early", "exited with status 3"),
        ("--hang", "within"),
        ("--no-hello", "hello"),
        ("--claims-remove-cannot", "remove is not implemented"),
    ])
    func aBrokenProgramIsAnErrorAndTheRunGoesOn(flag: String, says: String) throws {
        var options = RunPlan(backEnds: [])
        options.timing.repeats = 2
        options.timing.minimumTime = 0
        let harness = Harness(plan: options)
        let program = ExternalSolver(name: "broken", command: protocolSolver(flag), timeLimit: 1.5)
        program.startLimit = 1.5
        let system = try pinnedSystem()
        let workload = Workload(system: system, operations: [.init(kind: .remake, steps: [.remove(ConstraintID(2)), .solve])])
        let (samples, status) = harness.measure(workload, on: .external(program))
        #expect(samples.isEmpty)
        guard case .error(let why) = status else { Issue.record("\(status)"); return }
        #expect(why.contains(says), "\(status)")
        // The next workload: the program is started again (or, if it failed to start, fails again the same clear way).
        let next = harness.measure(Workload(system: system), on: .external(program))
        if flag == "--claims-remove-cannot" {
            #expect(next.status == .ok)
            #expect(next.samples.count == 2)
        } else {
            #expect(next.status.description.hasPrefix("error: "))
        }
        // A native back end is timed as usual beside it.
        #expect(harness.measure(workload, on: .native(CountingSolver.self)).status == .ok)
    }

    /// The processes whose command line holds `marker` (this test's programs and whatever they started).
    static func processes(marked marker: String) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { pid in
            guard let bytes = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            return String(decoding: bytes, as: UTF8.self).contains(marker)
        }
    }

    /// A program that hangs is stopped at the request time limit; after two such requests in a row it is given up
    /// (a third request fails at once, not after a third time limit); and stopping it leaves nothing running, not a
    /// child that ignores SIGTERM. (A child detached with setsid is ended as bench ends, by a scan of bench's
    /// children that a test process, with children of its own on other threads, cannot run safely: checked by hand,
    /// `bench run --external 'x=python3 ext_solver.py setsid_child'` leaves no process.)
    @Test(arguments: ["--hang-ignoring-term"])
    func aHangingProgramIsGivenUpAndLeavesNothingRunning(flag: String) throws {
        let marker = "plumb-test-\(UUID().uuidString)"
        do {
            let program = ExternalSolver(name: "hanging", command: protocolSolver("\(flag) --marker \(marker)"), timeLimit: 0.5)
            let workload = Workload(system: try pinnedSystem())
            for attempt in 1...ExternalSolver.timeoutsBeforeGivingUp {
                do {
                    try program.load(workload)
                    _ = try program.run(operations: 0)
                    Issue.record("attempt \(attempt): a hanging program answered")
                } catch {
                    #expect(error.description.contains("within"), "\(error)")
                }
            }
            let start = Date()
            do { try program.load(workload); Issue.record("a program given up was asked again") } catch {
                #expect(error.description.contains("given up"), "\(error)")
            }
            #expect(Date().timeIntervalSince(start) < 0.5, "the third request waited for the time limit")
            program.stop()
        }
        Thread.sleep(forTimeInterval: 0.2)
        #expect(Self.processes(marked: marker).isEmpty, "left running: \(Self.processes(marked: marker))")
    }

    /// A timing no run can take (10³⁰⁰ s) is refused as a broken answer, not carried into a report.
    @Test func anAbsurdTimingIsABrokenAnswer() throws {
        let program = ExternalSolver(name: "absurd", command: protocolSolver("--huge-timing"), timeLimit: 10)
        defer { program.stop() }
        try program.load(Workload(system: try pinnedSystem()))
        do { _ = try program.run(operations: 0); Issue.record("a run of 1e300 s was taken") } catch {
            #expect(error.description.contains("build_solve_s") && error.description.contains("86400"), "\(error)")
        }
    }

    @Test func aMissingProgramIsAClearError() throws {
        let program = ExternalSolver(name: "missing", command: "/nonexistent/solver", timeLimit: 2)
        program.startLimit = 2
        let result = program.solve(try pinnedSystem())
        #expect(result.status == .error)
        #expect(result.message.contains("before its hello line"), "\(result.message)")
    }

    @Test func unsupportedIsReportedAsSuch() throws {
        // The program cannot pin an inequality-only layout.
        let e = try entry("root 10 10\nview a\nmake a {\n make.width.lessThanOrEqualTo(5);\n}\nexpect {\n a ? ? ? ?\n ambiguous a.x -inf inf\n ambiguous a.y -inf inf\n ambiguous a.width -inf 5\n ambiguous a.height -inf inf\n}")
        let backEnd = BackEnd.external(name: "propagate", command: protocolSolver())
        guard case .failure(.unsupported) = CorpusRunner().observe(e, with: backEnd) else { Issue.record("expected unsupported"); return }
    }
}
