import PlumbSystem
import PlumbSolver
import PlumbBatch
import PlumbFrontEnd
import PlumbCorpus

/// What a `bench run` does: the corpus through every back end (judged and timed), then the generated families
/// at growing sizes (timed, until each back end's budget is spent).
public struct Harness {
    public struct Options: Sendable {
        public var backEnds: [BackEnd]
        /// Only layouts and families whose name or tag contains this.
        public var filter: String?
        /// How every workload is timed, on every back end alike.
        public var timing = TimingPolicy()
        /// Timed runs per workload (the policy's repeats).
        public var repeats: Int {
            get { timing.repeats }
            set { timing.repeats = newValue }
        }
        /// Generated families and sizes.
        public var families: [Family] = Family.allCases
        public var sizes: [Int] = [10, 100, 1000, 10_000, 100_000]
        /// Seconds a back end may spend on one family at one size; a size over it stops that family's growth.
        public var budget: Double {
            get { timing.budget }
            set { timing.budget = newValue }
        }
        /// Sizes of the lifecycle workloads (update, remake, remove-add, resize) per family.
        public var lifecycleSizes: [Int] = [100, 1000, 10_000]
        public var lifecycle = LifecyclePlan()
        /// A fast back end that checks each lifecycle workload before any solver is timed on it.
        public var verifier: (any LayoutSolver.Type)?
        /// Whether corpus layouts are timed as well as judged.
        public var timeCorpus = true
        public var runScaling = true
        public var policy = ConformancePolicy.standard
        /// The exact back end whose optima and conflict checks judge the others (default: an exact one among `backEnds`).
        public var reference: (any LayoutSolver.Type)?

        public init(backEnds: [BackEnd]) { self.backEnds = backEnds }
    }

    public let options: Options
    /// Called with a short status line as work starts (layout, back end).
    public let progress: @Sendable (HarnessProgress) -> Void

    public init(options: Options, progress: @escaping @Sendable (HarnessProgress) -> Void = { _ in }) {
        self.options = options
        self.progress = progress
    }

    /// The exact back end among those run, used as the reference for level optima and conflict sets.
    var oracle: (any LayoutSolver.Type)? {
        if let reference = options.reference { return reference }
        for case .native(let type) in options.backEnds where type.capabilities.exact { return type }
        return nil
    }

    // MARK: - Corpus

    /// Judges and times every corpus layout on every back end.
    public func run(_ corpus: Corpus, into results: inout RunResults) {
        let entries = corpus.entries.filter { options.filter.map($0.matches) ?? true }
        let runner = CorpusRunner(oracle: oracle)
        let judge = Judge(policy: options.policy)
        var step = 0
        let total = entries.count * options.backEnds.count
        for entry in entries {
            let oracleRun = runner.oracleRun(entry)
            let reference = oracleRun.reference
            // Timed as one batch system, the form every back end takes (external programs only take that); lowered
            // once for all back ends.
            let batch = options.timeCorpus ? try? entry.script.lowered() : nil
            for backEnd in options.backEnds {
                progress(HarnessProgress(phase: "corpus", done: step, total: total, detail: "\(entry.name) · \(backEnd.name)"))
                step += 1
                let expectations = entry.expectations.map(\.expectation)
                switch runner.observe(entry, with: backEnd, besides: oracleRun) {
                case .success(let observations):
                    for (index, (observation, expectation)) in zip(observations, expectations).enumerated() {
                        let verdict = judge.judge(observation, against: expectation, capabilities: backEnd.capabilities,
                                                  reference: reference.flatMap { index < $0.count ? $0[index] : nil })
                        results.conformance.append(.init(layout: entry.name, backEnd: backEnd.name, expectation: index,
                                                         line: expectation.location.line, outcome: verdict.outcome,
                                                         differences: verdict.differences, maxError: verdict.maxError))
                    }
                case .failure(let failure):
                    let outcome: Verdict.Outcome
                    if case .unsupported = failure { outcome = .unsupported } else { outcome = .fail }
                    for (index, expectation) in expectations.enumerated() {
                        results.conformance.append(.init(layout: entry.name, backEnd: backEnd.name, expectation: index,
                                                         line: expectation.location.line, outcome: outcome,
                                                         differences: [.untyped(failure.description, kind: outcome == .unsupported ? .unsupported : .error)],
                                                         maxError: 0))
                    }
                }
                if let system = batch {
                    results.timings.append(time(system, workload: entry.name, family: "corpus",
                                                size: max(0, system.variables.count / 4 - 1), on: backEnd))
                }
            }
        }
    }

    /// A whole system timed under the policy: build+solve and its suggestion rounds.
    func time(_ system: LinearSystem, workload: String, family: String, size: Int, on backEnd: BackEnd,
              use: RunResults.Timing.Use? = nil) -> RunResults.Timing {
        record(Workload(system: system), workload: workload, family: family, size: size, on: backEnd, use: use)
    }

    /// Times `workload` on `backEnd` and keeps every sample, with per-kind means of the lifecycle operations.
    func record(_ workload: Workload, workload name: String, family: String, size: Int, on backEnd: BackEnd,
                use: RunResults.Timing.Use? = nil) -> RunResults.Timing {
        let (samples, status) = measure(workload, on: backEnd)
        var lifecycle: [Workload.Kind: [Double]] = [:]
        for kind in workload.kinds {
            let positions = workload.operations.indices.filter { workload.operations[$0].kind == kind }
            lifecycle[kind] = samples.map { sample in
                positions.reduce(0.0) { $0 + sample.operations[$1] } / Double(positions.count)
            }
        }
        return RunResults.Timing(use: use, workload: name, family: family, size: size, constraints: workload.system.constraints.count,
                                 backEnd: backEnd.name, status: status, buildSolve: samples.map(\.buildSolve),
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
        options.families.filter { family in options.filter.map { family.rawValue.contains($0) || "generated".contains($0) } ?? true }
    }

    /// Times every family at growing sizes on every back end (build+solve and the resize rounds); a back end
    /// leaves a family once a size takes longer than the budget.
    public func runScaling(into results: inout RunResults) {
        for family in selectedFamilies {
            grow(family, sizes: options.sizes, use: .scaling, into: &results) { layout in
                .success(Workload(system: layout.linearSystem()))
            }
        }
    }

    /// Times every family's lifecycle (update, remake, remove-add, resize) at `lifecycleSizes`, checked first on
    /// the verifier; a back end leaves a family once a size takes longer than the budget.
    public func runLifecycle(into results: inout RunResults) {
        guard let verifier = options.verifier ?? oracle else { return }
        let plan = options.lifecycle
        for family in selectedFamilies {
            grow(family, sizes: options.lifecycleSizes, use: .lifecycle, rounds: plan.frames, into: &results) { layout in
                Result { () throws(LifecycleError) -> Workload in try plan.workload(for: layout, verifier: verifier) }
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
                                         detail: "\(family) · \(options.backEnds.map(\.name).joined(separator: ", "))"))
            }
            // As the app lays it out: the root's size is fixed (no resize edit, which would only add a level).
            let system = layout.tree.linearSystem(name: layout.name)
            for backEnd in options.backEnds {
                results.timings.append(time(system, workload: layout.name, family: family,
                                            size: layout.tree.views.count - 1, on: backEnd, use: .small))
            }
        }
    }

    /// Generates `family` at each size and times the workload `make` builds from it on every back end, predicting
    /// each next size from the growth so far and skipping a back end whose next run would exceed the budget.
    func grow(_ family: Family, sizes: [Int], use: RunResults.Timing.Use, rounds: Int = 60, into results: inout RunResults,
              make: (GeneratedLayout) -> Result<Workload, LifecycleError>) {
        var stopped = Set<String>()
        /// Seconds per run at the sizes done so far, per back end, to predict the next size.
        var history: [String: [(size: Int, seconds: Double)]] = [:]
        let phase = "\(use.rawValue) \(family.rawValue)"
        let timedSizes = sizes.filter { $0 <= family.largestTimedSize }
        let total = timedSizes.count * options.backEnds.count
        var step = 0
        func progress(_ detail: String) {
            self.progress(HarnessProgress(phase: phase, done: min(step, total), total: total, detail: detail))
        }
        for size in timedSizes {
            defer { step = (timedSizes.firstIndex(of: size)! + 1) * options.backEnds.count }
            guard options.backEnds.contains(where: { !stopped.contains($0.name) }) else { break }
            progress("\(family.rawValue)-\(size) · generating")
            guard let layout = try? family.generate(size: size, rounds: rounds) else { continue }
            let workload: Workload
            switch make(layout) {
            case .success(let made): workload = made
            case .failure(let failure):
                let why = failure.description
                progress("\(layout.name) · \(use.rawValue) skipped: \(why)")
                for backEnd in options.backEnds {
                    results.timings.append(.init(use: use, workload: layout.name, family: family.rawValue, size: layout.size,
                                                 constraints: 0, backEnd: backEnd.name, status: .notRun(why),
                                                 buildSolve: [], editRounds: 0, editTotal: []))
                }
                continue
            }
            for backEnd in options.backEnds {
                if let predicted = predict(history[backEnd.name] ?? [], at: layout.size), predicted > options.budget {
                    stopped.insert(backEnd.name)
                    progress("\(layout.name) \(use.rawValue) · \(backEnd.name) skipped: predicted \(formatSeconds(predicted)) per run")
                }
                if stopped.contains(backEnd.name) {
                    results.timings.append(.init(use: use, workload: layout.name, family: family.rawValue, size: layout.size,
                                                 constraints: workload.system.constraints.count, backEnd: backEnd.name,
                                                 status: .overBudget, buildSolve: [], editRounds: 0, editTotal: []))
                    continue
                }
                progress("\(layout.name) \(use.rawValue) · \(backEnd.name)")
                step += 1
                let start = monotonicSeconds()
                let timing = record(workload, workload: layout.name, family: family.rawValue, size: layout.size,
                                    on: backEnd, use: use)
                results.timings.append(timing)
                let perRun = (monotonicSeconds() - start) / Double(max(1, timing.buildSolve.count))
                history[backEnd.name, default: []].append((layout.size, perRun))
                if perRun > options.budget / 3 || !timing.status.isOK { stopped.insert(backEnd.name) }
            }
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
