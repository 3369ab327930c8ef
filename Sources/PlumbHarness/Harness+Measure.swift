import PlumbSolver
import PlumbBatch

/// One back end's figures for a workload timed under the policy (`Harness.measure(_:on:)`).
public struct Measurement: Sendable {
    /// The timed runs.
    public var samples: [RunSample]
    /// `ok`, or why there are no samples (or fewer).
    public var status: TimingStatus
    /// Wall seconds of every run made, pacing and warm-up ones included (what the next size's prediction reads).
    public var seconds: Double
}

extension Harness {
    /// Times `workload` on `backEnd` under the policy: the samples, and `ok` or why there are none or fewer.
    /// - Complexity: one pacing run. A slow workload (any workload when `warmups` is 0) gets no warm-up: the pacing
    ///   run is its first sample, then up to `repeats − 1` more while the budget lasts. A fast one gets up to
    ///   `max(warmups, maximumRuns)` warm-up runs, then up to `max(repeats, maximumRuns)` timed runs, as many as the
    ///   budget left covers (at least one).
    public func measure(_ workload: Workload, on backEnd: BackEnd) -> (samples: [RunSample], status: TimingStatus) {
        let measured = measure(workload, on: [backEnd])[0]
        return (measured.samples, measured.status)
    }

    /// Times `workload` on every one of `backEnds` under the policy, taking turns: each one's pacing run in order,
    /// then rounds in which each one makes its next slice of timed runs (`TimingPolicy.slices(of:turns:)`; a fast
    /// workload's warm-up runs before its first slice, and one before each later one if it had any) or, for a slow
    /// workload, its next single run. A change in the machine's load while the workload is timed (a shared machine's
    /// neighbours) then falls on every back end alike instead of on whichever ran at the time, and the ratios between
    /// them, measured side by side, keep still. Each back end's budget counts its own runs only; one that fails
    /// drops out of the turns with its status (a fast one keeps no sample, a slow one those it made). One back end
    /// alone is timed exactly as before: one batch.
    /// - Complexity: per back end, as `measure(_:on:)` for one; at most `repeats` requests of an external program's
    ///   timed runs.
    public func measure(_ workload: Workload, on backEnds: [BackEnd]) -> [Measurement] {
        let policy = plan.timing
        var timed = backEnds.map { TurnTaker(backEnd: $0, workload: workload) }
        for i in timed.indices { timed[i].pace(policy: policy, turns: backEnds.count) }
        while timed.contains(where: \.hasRunsLeft) {
            for i in timed.indices where timed[i].hasRunsLeft { timed[i].takeTurn(policy: policy) }
        }
        return timed.map { Measurement(samples: $0.samples, status: $0.status, seconds: $0.seconds) }
    }
}

/// One back end's state while it takes turns on a workload (`Harness.measure(_:on:)`).
struct TurnTaker {
    /// What is left of a back end's runs of the workload.
    enum Turns {
        /// Before the pacing run.
        case pacing
        /// A fast workload's slices still to run, with the warm-up runs before each.
        case slices([(warmups: Int, runs: Int)])
        /// A slow workload's single runs still wanted (each made only while the budget lasts).
        case singleRuns(Int)
        /// Done: every run made, the budget spent, or a run failed (`status` says why).
        case finished
    }

    private let runOnce: () throws -> RunSample
    /// Warm-up runs then timed runs back to back: a loop here, one request for a program that supports `repeat`.
    private let runBatch: (_ warmups: Int, _ repeats: Int) throws -> [RunSample]
    private(set) var samples: [RunSample] = []
    private(set) var status: TimingStatus = .ok
    private(set) var seconds = 0.0
    private var turns = Turns.pacing

    init(backEnd: BackEnd, workload: Workload) {
        switch backEnd {
        case .native(let type):
            let lent = LentConstraints(workload.system.constraints)
            runOnce = { try WorkloadPlayer.run(workload, on: type.init(), constraints: lent) }
            runBatch = { warm, n in
                for _ in 0..<warm { _ = try WorkloadPlayer.run(workload, on: type.init(), constraints: lent) }
                return try (0..<n).map { _ in try WorkloadPlayer.run(workload, on: type.init(), constraints: lent) }
            }
        case .external(let program):
            runOnce = { try program.run(operations: workload.operations.count).sample }
            runBatch = { warm, n in try program.runs(n, warmups: warm, operations: workload.operations.count) }
            do { try program.load(workload) } catch { fail(error, keeping: false) }
        }
    }

    var hasRunsLeft: Bool {
        switch turns {
        case .pacing, .finished: false
        case .slices, .singleRuns: true
        }
    }

    /// The pacing run, and the plan it sets: slices of a fast workload's timed runs (`turns` back ends taking turns),
    /// or the single runs of a slow one.
    mutating func pace(policy: TimingPolicy, turns count: Int) {
        guard case .pacing = turns else { return }
        let pace: RunSample, run = runOnce
        do { pace = try timed { try run() } } catch { return fail(error, keeping: false) }
        if pace.total < policy.coldThreshold && policy.warmups > 0 {
            let (warm, n) = policy.plan(pace: pace.total, left: policy.budget - seconds)
            let planned = policy.slices(of: n, turns: count).enumerated().map { k, runs in
                (warmups: k == 0 ? warm : min(1, warm), runs: runs)
            }
            turns = planned.isEmpty ? .finished : .slices(planned)
        } else {
            // slow (or no warm-up asked for): the first run counts, the rest one at a time while the budget lasts
            samples = [pace]
            turns = .singleRuns(policy.repeats - 1)
        }
    }

    /// This back end's next turn: its next slice, or its next single run.
    mutating func takeTurn(policy: TimingPolicy) {
        switch turns {
        case .slices(var slices):
            let slice = slices.removeFirst(), batch = runBatch
            turns = slices.isEmpty ? .finished : .slices(slices)
            do {
                let made = try timed { try batch(slice.warmups, slice.runs) }
                samples += made
            } catch {
                fail(error, keeping: false)
            }
        case .singleRuns(let left):
            guard left > 0, seconds <= policy.budget else {
                turns = .finished
                return
            }
            turns = left > 1 ? .singleRuns(left - 1) : .finished
            let run = runOnce
            do {
                let made = try timed { try run() }
                samples.append(made)
            } catch {
                fail(error, keeping: true)
            }
        case .pacing, .finished:
            return
        }
    }

    private mutating func timed<R>(_ body: () throws -> R) rethrows -> R {
        let start = monotonicSeconds()
        defer { seconds += monotonicSeconds() - start }
        return try body()
    }

    private mutating func fail(_ error: any Error, keeping: Bool) {
        status = Harness.status(of: error)
        turns = .finished
        if !keeping { samples = [] }
    }
}
