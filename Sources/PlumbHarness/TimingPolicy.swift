import PlumbSolver
import PlumbBatch

/// How every workload is timed, on every solver alike (Plumb's back ends and external programs).
///
/// A first run measures the workload's pace. A slow workload (a run over `coldThreshold`) keeps it as its first timed
/// run and is timed cold, one run at a time, while its budget lasts. For a fast one it was a warm-up: it gets more
/// warm-up runs and timed runs back to back (in an external program,
/// one request): enough warm-up to fill `warmupTime`, and enough timed runs to fill `minimumTime`, so that a layout
/// of a few microseconds is measured in steady state (caches, branch predictors, an interpreter's own warm-up)
/// rather than in its first few runs, as a microbenchmark measures it.
public struct TimingPolicy: Sendable, Equatable {
    /// Warm-up runs of a fast workload before its timed ones, whose figures are dropped (at least this many, the pacing
    /// run included when it is as long as `warmupTime`); a slow workload gets none (0: none for any workload).
    public var warmups = 1
    /// Timed runs, each on a fresh solver (at least this many, unless the budget runs out).
    public var repeats = 5
    /// A run slower than this is never a warm-up: a slow workload is timed cold (seconds).
    public var coldThreshold = 1.0
    /// Seconds one workload may take on one back end: no run starts after it (at least one timed run is made).
    public var budget = 10.0
    /// Seconds of warm-up runs for a fast workload (more than `warmups` runs when they are short).
    public var warmupTime = 0.001
    /// Seconds of timed runs for a fast workload (more than `repeats` runs when they are short).
    public var minimumTime = 0.005
    /// The most runs a fast workload gets, warm-up and timed each.
    public var maximumRuns = 200

    public init() {}

    /// What a reader of the figures needs to know, in one paragraph.
    public var statement: String {
        "Every solver, in-process or external, is timed alike. A first run measures the workload's pace. A workload whose "
            + "run takes over \(formatSeconds(coldThreshold)) keeps that run as its first sample and is timed cold, one run at a "
            + "time, up to \(repeats) runs while its budget of \(formatSeconds(budget)) lasts. For a faster one the first run was "
            + "a warm-up, and it gets warm-up runs (at least \(warmups), the first included, and enough to fill "
            + "\(formatSeconds(warmupTime))) and then timed runs (at least \(repeats), and enough "
            + "to fill \(formatSeconds(minimumTime)), at most \(maximumRuns)), back to back: in a loop for Plumb's back ends, "
            + "in one request for an external program. Every run is on a fresh solver made before the clock starts, with the "
            + "constraints ready before it too (an external program makes its own constraint objects when it loads the "
            + "workload; Plumb's back ends are lent the system's constraints, not handed copies), and times, "
            + "by the solver's own monotonic clock, build+solve (add every constraint and edit variable, solve), the "
            + "suggestion rounds, and each lifecycle operation (its solver calls and the solve that ends it); requests, "
            + "pipes and parsing are outside the clock. Figures are medians over the timed runs, with the interquartile range."
    }

    /// How a fast workload whose first run took `pace` seconds is run: warm-up runs, then timed runs, when
    /// `left` seconds of its budget remain.
    public func plan(pace: Double, left: Double) -> (warmups: Int, repeats: Int) {
        let pace = max(pace, 1e-7)
        func fill(_ seconds: Double) -> Int { Int(min(Double(maximumRuns), (seconds / pace).rounded(.up))) }
        // a first run as long as the warm-up time was warm-up enough for one of them
        let warm = pace >= warmupTime ? max(0, warmups - 1) : max(warmups, fill(warmupTime))
        let wanted = max(repeats, fill(minimumTime))
        let affordable = Int(min(Double(Int.max / 2), (max(0, left) / pace).rounded(.down))) - warm
        return (warm, max(1, min(wanted, affordable)))
    }
}

extension Harness {
    /// Times `workload` on `backEnd` under the policy: the samples, and `ok` or why there are none or fewer.
    /// - Complexity: one pacing run. A slow workload (any workload when `warmups` is 0) gets no warm-up: the pacing
    ///   run is its first sample, then up to `repeats − 1` more while the budget lasts. A fast one gets up to
    ///   `max(warmups, maximumRuns)` warm-up runs, then up to `max(repeats, maximumRuns)` timed runs, as many as the
    ///   budget left covers (at least one).
    public func measure(_ workload: Workload, on backEnd: BackEnd) -> (samples: [RunSample], status: TimingStatus) {
        let policy = plan.timing
        let runOnce: () throws -> RunSample
        /// Warm-up runs then timed runs back to back: a loop here, one request for a program that supports `repeat`.
        let runBatch: (_ warmups: Int, _ repeats: Int) throws -> [RunSample]
        switch backEnd {
        case .native(let type):
            let lent = LentConstraints(workload.system.constraints)
            runOnce = { try WorkloadPlayer.run(workload, on: type.init(), constraints: lent) }
            runBatch = { warm, n in
                for _ in 0..<warm { _ = try WorkloadPlayer.run(workload, on: type.init(), constraints: lent) }
                return try (0..<n).map { _ in try WorkloadPlayer.run(workload, on: type.init(), constraints: lent) }
            }
        case .external(let program):
            do { try program.load(workload) } catch { return ([], Self.status(of: error)) }
            runOnce = { try program.run(operations: workload.operations.count).sample }
            runBatch = { warm, n in try program.runs(n, warmups: warm, operations: workload.operations.count) }
        }
        let start = monotonicSeconds()
        let pace: RunSample
        do { pace = try runOnce() } catch { return ([], Self.status(of: error)) }
        if pace.total < policy.coldThreshold && policy.warmups > 0 {
            let (warm, n) = policy.plan(pace: pace.total, left: policy.budget - (monotonicSeconds() - start))
            do { return (try runBatch(warm, n), .ok) } catch { return ([], Self.status(of: error)) }
        }
        // slow (or no warm-up asked for): the first run counts, the rest one at a time while the budget lasts
        var samples = [pace]
        while samples.count < policy.repeats && monotonicSeconds() - start <= policy.budget {
            do { samples.append(try runOnce()) } catch { return (samples, Self.status(of: error)) }
        }
        return (samples, .ok)
    }

    /// A timing record's status for a failed run.
    static func status(of error: any Error) -> TimingStatus {
        if let failure = error as? ExternalSolver.Failure {
            switch failure.kind {
            case .unsupported: return .unsupported(failure.description)
            case .infeasible: return .infeasible(failure.description)
            case .error: return .error(failure.description)
            }
        }
        switch error as? SolverError {
        case .unsatisfiable?: return .infeasible("\(error)")
        case .unsupported(let why)?: return .unsupported(why)
        default: return .error("\(error)")
        }
    }
}
