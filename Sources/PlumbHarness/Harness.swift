import PlumbSystem
import PlumbSolver
import PlumbBatch
import PlumbFrontEnd
import PlumbCorpus

/// What a `bench run` does: the corpus through every back end (judged and timed), then the generated families
/// at growing sizes (timed, until each back end's budget is spent).
public struct Harness {
    /// What to run, decided once (see `RunPlan`).
    public let plan: RunPlan
    /// Called as each step starts with its progress: the phase, steps done of its total, and what is being worked
    /// on (layout or size, back end).
    public let progress: @Sendable (HarnessProgress) -> Void

    public init(plan: RunPlan, progress: @escaping @Sendable (HarnessProgress) -> Void = { _ in }) {
        self.plan = plan
        self.progress = progress
    }

    /// The exact back end whose optima and conflict checks judge the others.
    var oracle: (any LayoutSolver.Type)? { plan.oracle }

    // MARK: - Corpus

    /// Judges and times every corpus layout on every back end.
    public func run(_ corpus: Corpus, into results: inout RunResults) {
        let entries = plan.selected(corpus)
        let runner = CorpusRunner(oracle: oracle)
        var step = 0
        let total = entries.count * plan.backEnds.count
        for entry in entries {
            let oracleRun = runner.oracleRun(entry)
            // Timed as one batch system, the form every back end takes (external programs only take that); lowered
            // once for all back ends.
            let batch = plan.timeCorpus ? try? entry.script.lowered() : nil
            for backEnd in plan.backEnds {
                progress(HarnessProgress(phase: "corpus", done: step, total: total, detail: "\(entry.name) · \(backEnd.name)"))
                step += 1
                results.conformance += judge(entry, on: backEnd, runner: runner, besides: oracleRun)
                if let system = batch {
                    results.timings.append(time(system, workload: entry.name, family: "corpus",
                                                size: max(0, system.variables.count / 4 - 1), on: backEnd, suite: .corpus))
                }
            }
        }
    }

    /// Plays `entry` on `backEnd` and judges each of its expect blocks against the expectation and the oracle's run
    /// (`runner.oracleRun(entry)`, shared by the back ends): one record per block, in order. The one judging path of
    /// `bench run`, `bench check` and `bench solve --check`; a back end that cannot play the layout gets a failure
    /// (or `unsupported`) on every block.
    public func judge(_ entry: CorpusEntry, on backEnd: BackEnd, runner: CorpusRunner,
                      besides oracleRun: CorpusRunner.OracleRun) -> [RunResults.Conformance] {
        let judge = Judge(policy: plan.policy)
        let expectations = entry.expectations.map(\.expectation)
        switch runner.observe(entry, with: backEnd, besides: oracleRun) {
        case .success(let observations):
            return zip(observations, expectations).enumerated().map { index, pair in
                let (observation, expectation) = pair
                let verdict = judge.judge(observation, against: expectation, capabilities: backEnd.capabilities,
                                          reference: oracleRun.reference.flatMap { index < $0.count ? $0[index] : nil })
                return .init(layout: entry.name, backEnd: backEnd.name, expectation: index, line: expectation.location.line,
                             outcome: verdict.outcome, differences: verdict.differences, maxError: verdict.maxError)
            }
        case .failure(let failure):
            let outcome: Verdict.Outcome
            if case .unsupported = failure { outcome = .unsupported } else { outcome = .fail }
            return expectations.enumerated().map { index, expectation in
                .init(layout: entry.name, backEnd: backEnd.name, expectation: index, line: expectation.location.line,
                      outcome: outcome,
                      differences: [.untyped(failure.description, kind: outcome == .unsupported ? .unsupported : .error)],
                      maxError: 0)
            }
        }
    }

    /// A whole system timed under the policy: build+solve and its suggestion rounds.
    func time(_ system: LinearSystem, workload: String, family: String, size: Int, on backEnd: BackEnd,
              suite: RunResults.Timing.Suite) -> RunResults.Timing {
        record(Workload(system: system), workload: workload, family: family, size: size, on: backEnd, suite: suite)
    }

    /// Times `workload` on `backEnd` and keeps every sample, with per-kind means of the lifecycle operations.
    func record(_ workload: Workload, workload name: String, family: String, size: Int, on backEnd: BackEnd,
                suite: RunResults.Timing.Suite) -> RunResults.Timing {
        timing(measure(workload, on: [backEnd])[0], of: workload, workload: name, family: family, size: size,
               backEnd: backEnd.name, suite: suite)
    }

    /// The timing record of `measured`, one back end's figures for `workload`, with per-kind means of the lifecycle
    /// operations.
    func timing(_ measured: Measurement, of workload: Workload, workload name: String, family: String, size: Int,
                backEnd: String, suite: RunResults.Timing.Suite) -> RunResults.Timing {
        let (samples, status) = (measured.samples, measured.status)
        var lifecycle: [Workload.Kind: [Double]] = [:]
        for kind in workload.kinds {
            let positions = workload.operations.indices.filter { workload.operations[$0].kind == kind }
            lifecycle[kind] = samples.map { sample in
                positions.reduce(0.0) { $0 + sample.operations[$1] } / Double(positions.count)
            }
        }
        return RunResults.Timing(suite: suite, workload: name, family: family, size: size, constraints: workload.system.constraints.count,
                                 backEnd: backEnd, status: status, buildSolve: samples.map(\.buildSolve),
                                 editRounds: workload.system.suggestionRounds.count, editTotal: samples.map(\.editTotal),
                                 lifecycle: lifecycle)
    }

    // MARK: - Scaling

    /// The time one run at `size` will take, extrapolated from the last two sizes (at least linear growth).
    func predict(_ history: [(size: Int, seconds: Double)], at size: Int) -> Double? {
        guard let last = history.last, last.size > 0, size > last.size else { return nil }
        var exponent = 1.0
        if history.count >= 2 {
            let previous = history[history.count - 2]
            if previous.size > 0, previous.seconds > 0, last.seconds > 0, last.size > previous.size {
                exponent = max(1, log(last.seconds / previous.seconds) / log(Double(last.size) / Double(previous.size)))
            }
        }
        return last.seconds * pow(Double(size) / Double(last.size), exponent)
    }

    /// Families the filter lets through.
    var selectedFamilies: [Family] {
        plan.families.filter { family in plan.filter.map { family.rawValue.contains($0) || "generated".contains($0) } ?? true }
    }

    /// Times every family at growing sizes on every back end (build+solve and the resize rounds); a back end
    /// leaves a family after a size that took over a third of the budget per run or failed, or when the next size
    /// is predicted to take longer than the budget per run.
    public func runScaling(into results: inout RunResults) {
        for family in selectedFamilies {
            grow(family, sizes: plan.sizes, suite: .scaling, into: &results) { layout in
                .success(Workload(system: layout.linearSystem()))
            }
        }
    }

    /// Times every family's lifecycle (update, remake, remove-add, resize) at `lifecycleSizes`, checked first on
    /// the verifier; a back end leaves a family after a size that took over a third of the budget per run or
    /// failed, or when the next size is predicted to take longer than the budget per run.
    public func runLifecycle(into results: inout RunResults) {
        guard let verifier = plan.verifier ?? oracle else { return }
        let lifecycle = plan.lifecycle
        for family in selectedFamilies {
            grow(family, sizes: plan.lifecycleSizes, suite: .lifecycle, rounds: lifecycle.frames, into: &results) { layout in
                Result { () throws(LifecycleError) -> Workload in try lifecycle.workload(for: layout, verifier: verifier) }
            }
        }
    }

    /// Times many small independent layouts (one source file's blocks each) on every back end: layout by layout,
    /// each on every back end in turn, so that a change in the machine's load while they run (a shared machine's
    /// neighbours) falls on every back end alike and leaves the per-layout ratios alone.
    public func runSmallLayouts(_ layouts: [GeneratedLayout], family: String, into results: inout RunResults) {
        for (i, layout) in layouts.enumerated() {
            if i % 50 == 0 {
                progress(HarnessProgress(phase: "small layouts", done: i, total: layouts.count,
                                         detail: "\(family) · \(plan.backEnds.map(\.name).joined(separator: ", "))"))
            }
            // As the app lays it out: the root's size is fixed (no resize edit, which would only add a level).
            let system = layout.tree.linearSystem(name: layout.name)
            for backEnd in plan.backEnds {
                results.timings.append(time(system, workload: layout.name, family: family,
                                            size: layout.tree.views.count - 1, on: backEnd, suite: .small))
            }
        }
    }

    /// Generates `family` at each size and times the workload `make` builds from it on every back end, predicting
    /// each next size from the growth so far and skipping a back end whose next run would exceed the budget.
    func grow(_ family: Family, sizes: [Int], suite: RunResults.Timing.Suite, rounds: Int = 60, into results: inout RunResults,
              make: (GeneratedLayout) -> Result<Workload, LifecycleError>) {
        var stopped = Set<String>()
        /// Seconds per run at the sizes done so far, per back end, to predict the next size.
        var history: [String: [(size: Int, seconds: Double)]] = [:]
        let phase = "\(suite.rawValue) \(family.rawValue)"
        let timedSizes = sizes.filter { $0 <= family.largestTimedSize }
        let total = timedSizes.count * plan.backEnds.count
        var step = 0
        func progress(_ detail: String) {
            self.progress(HarnessProgress(phase: phase, done: min(step, total), total: total, detail: detail))
        }
        for size in timedSizes {
            defer { step = (timedSizes.firstIndex(of: size)! + 1) * plan.backEnds.count }
            guard plan.backEnds.contains(where: { !stopped.contains($0.name) }) else { break }
            progress("\(family.rawValue)-\(size) · generating")
            guard let layout = try? family.generate(size: size, rounds: rounds) else { continue }
            let workload: Workload
            switch make(layout) {
            case .success(let made): workload = made
            case .failure(let failure):
                let why = failure.description
                progress("\(layout.name) · \(suite.rawValue) skipped: \(why)")
                for backEnd in plan.backEnds {
                    results.timings.append(.init(suite: suite, workload: layout.name, family: family.rawValue, size: layout.size,
                                                 constraints: 0, backEnd: backEnd.name, status: .notRun(why),
                                                 buildSolve: [], editRounds: 0, editTotal: []))
                }
                continue
            }
            // the back ends still in take turns on the workload (`measure(_:on:)`); the records keep their order
            for backEnd in plan.backEnds {
                if let predicted = predict(history[backEnd.name] ?? [], at: layout.size), predicted > plan.budget {
                    stopped.insert(backEnd.name)
                    progress("\(layout.name) \(suite.rawValue) · \(backEnd.name) skipped: predicted \(formatSeconds(predicted)) per run")
                }
            }
            let timed = plan.backEnds.filter { !stopped.contains($0.name) }
            if !timed.isEmpty {
                progress("\(layout.name) \(suite.rawValue) · \(timed.map(\.name).joined(separator: ", "))")
            }
            var measured = measure(workload, on: timed).makeIterator()
            for backEnd in plan.backEnds {
                guard !stopped.contains(backEnd.name), let figures = measured.next() else {
                    results.timings.append(.init(suite: suite, workload: layout.name, family: family.rawValue, size: layout.size,
                                                 constraints: workload.system.constraints.count, backEnd: backEnd.name,
                                                 status: .overBudget, buildSolve: [], editRounds: 0, editTotal: []))
                    continue
                }
                step += 1
                let timing = timing(figures, of: workload, workload: layout.name, family: family.rawValue,
                                    size: layout.size, backEnd: backEnd.name, suite: suite)
                results.timings.append(timing)
                let perRun = figures.seconds / Double(max(1, timing.buildSolve.count))
                history[backEnd.name, default: []].append((layout.size, perRun))
                if perRun > plan.budget / 3 || !timing.status.isOK { stopped.insert(backEnd.name) }
            }
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
