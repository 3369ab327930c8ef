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
    /// How the timing processes' allocator treats freed memory: glibc's defaults unless the command applied
    /// `HeapPolicy` (and its allocator took it).
    public var heap = HeapMode.systemDefault
    /// The CPU every timed run was pinned to (the harness's process and every program it started: `CPUPinning`), or
    /// nil when the kernel placed them.
    public var cpu: Int? = nil

    /// How the timing processes' allocator treats freed memory.
    public enum HeapMode: String, Sendable, Equatable, CaseIterable {
        /// glibc's defaults: freed memory goes back to the kernel (runs recorded before `HeapPolicy`).
        case systemDefault = "system-default"
        /// `HeapPolicy`: each timing process keeps what it frees.
        case keepsFreedMemory = "keeps-freed-memory"
    }

    public init() {}

    /// What a reader of the figures needs to know, in one paragraph.
    public var statement: String {
        "Every solver, in-process or external, is timed alike. A first run measures the workload's pace. A workload whose "
            + "run takes over \(formatSeconds(coldThreshold)) keeps that run as its first sample and is timed cold, one run at a "
            + "time, up to \(repeats) runs while its budget of \(formatSeconds(budget)) lasts. For a faster one the first run was "
            + "a warm-up, and it gets warm-up runs (at least \(warmups), the first included, and enough to fill "
            + "\(formatSeconds(warmupTime))) and then timed runs (at least \(repeats), and enough "
            + "to fill \(formatSeconds(minimumTime)), at most \(maximumRuns)), back to back: in a loop for Plumb's back ends, "
            + "in one request for an external program. The back ends timed on one generated workload (the scaling "
            + "and lifecycle sizes) take turns: each one's pacing run, then its timed runs in up to \(repeats) "
            + "slices, a slice each in turn (one warm-up run before each later slice when the workload had any), so "
            + "that a change in the machine's load falls on all of them alike; small and corpus layouts are timed "
            + "layout by layout, each on every back end in turn. Every run is on a fresh solver made before the "
            + "clock starts, with the "
            + "constraints ready before it too (an external program makes its own constraint objects when it loads the "
            + "workload; Plumb's back ends are lent the system's constraints, not handed copies), and times, "
            + "by the solver's own monotonic clock, build+solve (add every constraint and edit variable, solve), the "
            + "suggestion rounds, and each lifecycle operation (its solver calls and the solve that ends it); requests, "
            + "pipes and parsing are outside the clock. Figures are medians over the timed runs, with the interquartile range."
            + (heap == .keepsFreedMemory ? " " + HeapPolicy.statement : "")
            + (cpu.map { " Every timed run was on CPU \($0): the harness and every program it started were pinned to it." } ?? "")
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

    /// How `count` timed runs of a fast workload are cut into slices when `turns` back ends take turns on it: up to
    /// `repeats` slices as even as they come, larger first (one slice, all of them, for a back end timed alone).
    public func slices(of count: Int, turns: Int) -> [Int] {
        guard count > 0 else { return [] }
        let parts = turns > 1 ? max(1, min(count, repeats)) : 1
        return (0..<parts).map { count / parts + ($0 < count % parts ? 1 : 0) }
    }
}

extension Harness {
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
