import PlumbSystem
import PlumbSolver
import PlumbFrontEnd
import PlumbCorpus

/// What a `bench run` does: the corpus through every back end (judged and timed), then the generated families
/// at growing sizes (timed, until each back end's budget is spent).
public struct Harness {
    public struct Options: Sendable {
        public var backEnds: [BackEnd]
        /// Only layouts and families whose name or tag contains this.
        public var filter: String?
        /// Timed repetitions after one warm-up run.
        public var repeats = 5
        /// Generated families and sizes.
        public var families: [Family] = Family.allCases
        public var sizes: [Int] = [10, 100, 1000, 10_000, 100_000]
        /// Seconds a back end may spend on one family at one size; a size over it stops that family's growth.
        public var budget = 10.0
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
    public let progress: @Sendable (String) -> Void

    public init(options: Options, progress: @escaping @Sendable (String) -> Void = { _ in }) {
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
        for entry in entries {
            var reference: [Observation]?
            if let oracle, case .success(let observed) = runner.observe(entry, with: .native(oracle)) { reference = observed }
            for backEnd in options.backEnds {
                progress("\(entry.name) · \(backEnd.name)")
                let expectations = entry.expectations.map(\.expectation)
                switch runner.observe(entry, with: backEnd) {
                case .success(let observations):
                    for (index, (observation, expectation)) in zip(observations, expectations).enumerated() {
                        let verdict = judge.judge(observation, against: expectation, capabilities: backEnd.capabilities,
                                                  reference: reference.flatMap { index < $0.count ? $0[index] : nil })
                        results.conformance.append(.init(layout: entry.name, backEnd: backEnd.name, expectation: index,
                                                         line: expectation.location.line, outcome: verdict.outcome,
                                                         reasons: verdict.reasons, maxError: verdict.maxError))
                    }
                case .failure(let failure):
                    let outcome: Verdict.Outcome
                    if case .unsupported = failure { outcome = .unsupported } else { outcome = .fail }
                    for (index, expectation) in expectations.enumerated() {
                        results.conformance.append(.init(layout: entry.name, backEnd: backEnd.name, expectation: index,
                                                         line: expectation.location.line, outcome: outcome,
                                                         reasons: [failure.description], maxError: 0))
                    }
                }
                if options.timeCorpus, let system = try? entry.script.lowered() {
                    results.timings.append(time(system, workload: entry.name, family: "corpus",
                                                size: max(0, system.variables.count / 4 - 1), on: backEnd))
                }
            }
        }
    }

    /// Repeated timings of a whole system: one warm-up run (skipped for slow systems), then up to `repeats`
    /// while within the budget.
    func time(_ system: LinearSystem, workload: String, family: String, size: Int, on backEnd: BackEnd) -> RunResults.Timing {
        var record = RunResults.Timing(workload: workload, family: family, size: size, constraints: system.constraints.count,
                                       backEnd: backEnd.name, status: "ok", buildSolve: [], editRounds: system.suggestionRounds.count,
                                       editTotal: [])
        let start = monotonicSeconds()
        var warmedUp = false
        while record.buildSolve.count < options.repeats {
            let result = backEnd.solve(system, roundValues: .none, timeLimit: max(30, 3 * options.budget))
            switch result.status {
            case .ok, .notConverged, .approximate: break
            case .infeasible: break
            case .unsupported:
                record.status = "unsupported: " + result.message
                return record
            case .error:
                record.status = "error: \(result.message)"
                return record
            }
            let build = result.timing?.buildSolveSeconds ?? .nan
            let edits = result.timing?.editTotalSeconds ?? .nan
            let elapsed = monotonicSeconds() - start
            if !warmedUp && build + (edits.isNaN ? 0 : edits) < 1 {
                warmedUp = true  // discard the first, cold run of a fast system
                continue
            }
            record.buildSolve.append(build)
            record.editTotal.append(edits)
            if elapsed > options.budget { break }
        }
        return record
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

    /// Times every family at growing sizes on every back end; a back end leaves a family once a size takes
    /// longer than the budget.
    public func runScaling(into results: inout RunResults) {
        for family in options.families where options.filter.map({ family.rawValue.contains($0) || "generated".contains($0) }) ?? true {
            var stopped = Set<String>()
            /// Seconds per run at the sizes done so far, per back end, to predict the next size.
            var history: [String: [(size: Int, seconds: Double)]] = [:]
            for size in options.sizes {
                guard options.backEnds.contains(where: { !stopped.contains($0.name) }) else { break }
                progress("\(family.rawValue)-\(size) · generating")
                guard let layout = try? family.generate(size: size) else { continue }
                let system = layout.linearSystem()
                for backEnd in options.backEnds {
                    if let predicted = predict(history[backEnd.name] ?? [], at: layout.size), predicted > options.budget {
                        stopped.insert(backEnd.name)
                        progress("\(system.name) · \(backEnd.name) skipped: predicted \(formatSeconds(predicted)) per run")
                    }
                    if stopped.contains(backEnd.name) {
                        results.timings.append(.init(workload: system.name, family: family.rawValue, size: layout.size,
                                                     constraints: system.constraints.count, backEnd: backEnd.name,
                                                     status: "over budget", buildSolve: [], editRounds: 0, editTotal: []))
                        continue
                    }
                    progress("\(system.name) · \(backEnd.name)")
                    let start = monotonicSeconds()
                    let record = time(system, workload: system.name, family: family.rawValue, size: layout.size, on: backEnd)
                    results.timings.append(record)
                    let perRun = (monotonicSeconds() - start) / Double(max(1, record.buildSolve.count))
                    history[backEnd.name, default: []].append((layout.size, perRun))
                    if perRun > options.budget / 3 || record.status != "ok" { stopped.insert(backEnd.name) }
                }
            }
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
