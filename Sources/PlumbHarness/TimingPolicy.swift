import PlumbSolver

/// How every workload is timed, on every solver alike (Plumb's back ends and external programs).
public struct TimingPolicy: Sendable, Equatable {
    /// Runs before the timed ones, whose figures are dropped.
    public var warmups = 1
    /// Timed runs, each on a fresh solver.
    public var repeats = 5
    /// A run slower than this is never a warm-up: a slow workload is timed cold (seconds).
    public var coldThreshold = 1.0
    /// Seconds one workload may take on one back end: no run starts after it (at least one timed run is made).
    public var budget = 10.0

    public init() {}

    /// What a reader of the figures needs to know, in one paragraph.
    public var statement: String {
        "Every solver, in-process or external, is timed alike: \(warmups) warm-up run\(warmups == 1 ? "" : "s") "
            + "(dropped; none when a run takes over \(formatSeconds(coldThreshold))), then up to \(repeats) runs while the "
            + "workload's budget of \(formatSeconds(budget)) lasts, each on a fresh solver (made before the clock starts). A run times, by the solver's "
            + "own monotonic clock, build+solve (add every constraint and edit variable, solve), the suggestion rounds, "
            + "and each lifecycle operation (its solver calls and the solve that ends it); requests, pipes and parsing "
            + "are outside the clock. Figures are medians over the runs, with the interquartile range."
    }
}

extension Harness {
    /// Times `workload` on `backEnd` under the policy: the samples, and `ok` or why there are none or fewer.
    /// - Complexity: up to `warmups + repeats` runs of the workload, bounded by the budget.
    public func measure(_ workload: Workload, on backEnd: BackEnd) -> (samples: [RunSample], status: String) {
        let policy = options.timing
        let runOnce: () throws -> RunSample
        switch backEnd {
        case .native(let type):
            runOnce = { try WorkloadPlayer.run(workload, on: type.init()) }
        case .external(let program):
            do { try program.load(workload) } catch { return ([], Self.status(of: error)) }
            runOnce = { try program.run(operations: workload.operations.count).sample }
        }
        let start = monotonicSeconds()
        var samples: [RunSample] = []
        var warmed = 0
        while samples.count < policy.repeats {
            let sample: RunSample
            do { sample = try runOnce() } catch { return (samples, Self.status(of: error)) }
            if warmed < policy.warmups && sample.total < policy.coldThreshold {
                warmed += 1
                continue
            }
            samples.append(sample)
            if monotonicSeconds() - start > policy.budget { break }
        }
        return (samples, "ok")
    }

    /// A timing record's status for a failed run.
    static func status(of error: any Error) -> String {
        if let failure = error as? ExternalSolver.Failure {
            switch failure.kind {
            case .unsupported: return "unsupported: \(failure.description)"
            case .infeasible: return failure.description
            case .error: return "error: \(failure.description)"
            }
        }
        switch error as? SolverError {
        case .unsatisfiable?: return "infeasible: \(error)"
        case .unsupported(let why)?: return "unsupported: \(why)"
        default: return "error: \(error)"
        }
    }
}
