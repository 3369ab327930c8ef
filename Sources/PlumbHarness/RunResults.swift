import PlumbSystem

/// Everything one `bench run` measured: the machine, the build, every conformance verdict and every timing
/// sample. Written as JSON (`plumb-run/1`) to `bench run`'s output folder (run-results/ unless `--output` names
/// another, such as results/), read back by `bench compare` and `bench report`.
public struct RunResults: Sendable, Equatable {
    public static let format = "plumb-run/1"

    /// One expectation of one layout judged on one back end.
    public struct Conformance: Sendable, Equatable {
        public var layout: String
        public var backEnd: String
        /// The expectation's position in the layout (0-based) and line.
        public var expectation: Int
        public var line: Int
        public var outcome: Verdict.Outcome
        /// Why it did not pass, one per rule broken.
        public var differences: [Difference]
        public var maxError: Double

        /// Each difference's whole line.
        public var reasons: [String] { differences.map(\.text) }
    }

    /// Repeated timings of one workload on one back end.
    public struct Timing: Sendable, Equatable {
        /// Which run of `bench run` the workload belongs to (the uses it is figured in follow from it, see
        /// `median(for:)`). Written to results files as `use`, the name older files have.
        public enum Suite: String, Sendable, CaseIterable {
            /// A corpus layout: build+solve and its edits.
            case corpus
            /// One of many small independent layouts, one source file's blocks each (the app family's files).
            case small
            /// A generated family at a growing size: build+solve (large one-shot builds) and resize rounds.
            case scaling
            /// A generated family's lifecycle: update, remake, remove-add and resize operations.
            case lifecycle
        }

        /// A corpus layout's name, or a generated family's (`chain-1000`).
        public var workload: String
        /// The family for generated workloads, `corpus` otherwise.
        public var family: String
        /// Views in the workload.
        public var size: Int
        public var constraints: Int
        public var backEnd: String
        /// `ok`, or why there are no samples (`over budget`, `unsupported: ...`, `error: ...`).
        public var status: TimingStatus
        /// Seconds to add every constraint and solve, one sample per fresh solver.
        public var buildSolve: [Double]
        /// Suggestion rounds per sample, and seconds for all of them, one sample per run.
        public var editRounds: Int
        public var editTotal: [Double]
        /// Lifecycle operations by kind (`update`, `remake`, `remove-add`, `resize`): seconds per operation of that
        /// kind, the mean over a run's operations, one sample per run.
        public var lifecycle: [Workload.Kind: [Double]] = [:]
        public var suite: Suite

        public init(suite: Suite, workload: String, family: String, size: Int, constraints: Int, backEnd: String, status: TimingStatus,
                    buildSolve: [Double], editRounds: Int, editTotal: [Double], lifecycle: [Workload.Kind: [Double]] = [:]) {
            self.workload = workload
            self.family = family
            self.size = size
            self.constraints = constraints
            self.backEnd = backEnd
            self.status = status
            self.buildSolve = buildSolve
            self.editRounds = editRounds
            self.editTotal = editTotal
            self.lifecycle = lifecycle
            self.suite = suite
        }
    }

    public var date: String
    public var machine: String
    /// `release` or `debug`.
    public var configuration: BuildConfiguration
    public var commit: String
    /// The machine's load and calibration when the run started (nil in runs written before they were recorded).
    public var machineState: MachineState?
    public var policy: ConformancePolicy
    /// The exact back end the others were judged against (the one whose capabilities say `exact`); nil when none
    /// ran, and in runs written before it was recorded.
    public var reference: String?
    /// How the timings were taken.
    public var timing = TimingPolicy()
    public var conformance: [Conformance]
    public var timings: [Timing]
    /// What the property suite measured per solver (none in runs made before it, or with `--no-properties`).
    public var properties: [PropertyFindings] = []
    /// Each external program's hello in words, by back end (`ExternalSolver.Hello.declaration`): what it says of
    /// itself and the judge allowed for (weighted strengths, whole pixels, silent drops).
    public var declarations: [String: String] = [:]

    public init(date: String, machine: String, configuration: BuildConfiguration, commit: String, policy: ConformancePolicy,
                conformance: [Conformance] = [], timings: [Timing] = []) {
        self.date = date
        self.machine = machine
        self.configuration = configuration
        self.commit = commit
        self.policy = policy
        self.conformance = conformance
        self.timings = timings
    }
}

// MARK: - JSON

extension RunResults {
    /// Samples a results file keeps per figure before it keeps order statistics instead.
    public static let storedSamples = 25

    public func json(pretty: Bool = true) -> String {
        func number(_ d: Double) -> JSONValue { d.isFinite ? .number("\(d)") : .string("\(d)") }
        func int(_ i: Int) -> JSONValue { .number("\(i)") }
        let conformanceJSON: [JSONValue] = conformance.map { c in
            .object([
                JSONMember("layout", .string(c.layout)), JSONMember("back_end", .string(c.backEnd)),
                JSONMember("expectation", int(c.expectation)), JSONMember("line", int(c.line)),
                JSONMember("outcome", .string(c.outcome.rawValue)),
                JSONMember("reasons", .array(c.reasons.map { .string($0) })), JSONMember("max_error", number(c.maxError)),
            ] + (c.differences.isEmpty ? [] : [JSONMember("differences", .array(c.differences.map { d in
                .object([JSONMember("kind", .string(d.kind.rawValue)), JSONMember("subject", .string(d.subject)),
                         JSONMember("summary", .string(d.summary))] + (d.gap.map { [JSONMember("gap", number($0))] } ?? []))
            }))]))
        }
        /// Up to `storedSamples` samples as they are; more (a fast workload's hundreds of runs) as that many evenly
        /// spaced order statistics, from the least to the greatest: medians and quartiles survive, files stay small.
        func samples(_ xs: [Double]) -> JSONValue {
            guard xs.count > RunResults.storedSamples else { return .array(xs.map(number)) }
            let sorted = xs.sorted(), last = RunResults.storedSamples - 1
            return .array((0...last).map { k in number(sorted[(k * (sorted.count - 1) + last / 2) / last]) })
        }
        let timingJSON: [JSONValue] = timings.map { t in
            .object([
                JSONMember("use", .string(t.suite.rawValue)),
                JSONMember("workload", .string(t.workload)), JSONMember("family", .string(t.family)),
                JSONMember("size", int(t.size)), JSONMember("constraints", int(t.constraints)),
                JSONMember("back_end", .string(t.backEnd)), JSONMember("status", .string(t.status.description)),
                JSONMember("runs", int(t.buildSolve.count)),
                JSONMember("build_solve_s", samples(t.buildSolve)),
                // no rounds, no figure: the runs' zeros would be most of a file of small layouts
                JSONMember("edit_rounds", int(t.editRounds)),
                JSONMember("edit_total_s", t.editRounds == 0 ? .array([]) : samples(t.editTotal)),
            ] + (t.lifecycle.isEmpty ? [] : [JSONMember("lifecycle_s", .object(t.lifecycle.sorted { $0.key.rawValue < $1.key.rawValue }.map {
                JSONMember($0.key.rawValue, samples($0.value))
            }))]))
        }
        let root = JSONValue.object([
            JSONMember("format", .string(RunResults.format)), JSONMember("date", .string(date)),
            JSONMember("machine", .string(machine)), JSONMember("configuration", .string(configuration.rawValue)),
            JSONMember("commit", .string(commit)),
            JSONMember("declarations", .object(declarations.sorted { $0.key < $1.key }.map { JSONMember($0.key, .string($0.value)) })),
            JSONMember("reference", reference.map { .string($0) } ?? .null),
            JSONMember("machine_state", machineState.map { state in
                .object([JSONMember("load_1min", state.load.map(number) ?? .null),
                         JSONMember("calibration_s", number(state.calibration))])
            } ?? .null),
            JSONMember("timing_policy", .object([JSONMember("warmups", int(timing.warmups)), JSONMember("repeats", int(timing.repeats)),
                                                 JSONMember("cold_threshold_s", number(timing.coldThreshold)),
                                                 JSONMember("budget_s", number(timing.budget)),
                                                 JSONMember("warmup_time_s", number(timing.warmupTime)),
                                                 JSONMember("minimum_time_s", number(timing.minimumTime)),
                                                 JSONMember("maximum_runs", int(timing.maximumRuns)),
                                                 JSONMember("heap", .string(timing.heap.rawValue)),
                                                 JSONMember("cpu", timing.cpu.map(int) ?? .null)])),
            JSONMember("tolerance", .object([JSONMember("absolute", number(policy.absoluteTolerance)),
                                             JSONMember("relative", number(policy.relativeTolerance))])),
            JSONMember("conformance", .array(conformanceJSON)), JSONMember("timings", .array(timingJSON)),
        ] + (properties.isEmpty ? [] : [JSONMember("properties", .array(properties.map(\.json)))]))
        return JSONWriter.write(root, pretty: pretty)
    }

    /// The longest timing sample a results file may hold: a day (the same bound as an external program's answer).
    public static let longestSample = 86_400.0

    /// Reads a results file; errors say which field is wrong.
    public init(json bytes: [UInt8], source: String) throws(ResultsError) {
        let root: JSONValue
        do { root = try JSONParser.parse(bytes) } catch { throw ResultsError("\(source): \(error)") }
        guard root["format"]?.stringValue == RunResults.format else {
            throw ResultsError("\(source): not a \(RunResults.format) results file")
        }
        func string(_ v: JSONValue?, _ what: String) throws(ResultsError) -> String {
            guard let s = v?.stringValue else { throw ResultsError("\(source): \(what) must be a string") }
            return s
        }
        func double(_ v: JSONValue?, _ what: String) throws(ResultsError) -> Double {
            if let lexeme = v?.numberLexeme ?? v?.stringValue, let d = Double(lexeme) { return d }
            throw ResultsError("\(source): \(what) must be a number")
        }
        func int(_ v: JSONValue?, _ what: String) throws(ResultsError) -> Int {
            guard let lexeme = v?.numberLexeme, let i = Int(lexeme) else { throw ResultsError("\(source): \(what) must be an integer") }
            return i
        }
        /// Timing samples: seconds from 0 to `longestSample` each (NaN, negative or absurd figures are a damaged
        /// or forged file, not a slow solver: every report and comparison would be wrong or worse).
        func doubles(_ v: JSONValue?, _ what: String) throws(ResultsError) -> [Double] {
            guard let a = v?.arrayValue else { throw ResultsError("\(source): \(what) must be an array") }
            return try a.map { (e) throws(ResultsError) -> Double in
                let s = try double(e, what)
                guard s >= 0, s <= RunResults.longestSample else {
                    throw ResultsError("\(source): \(what) holds \(s), not a number of seconds from 0 to "
                                       + "\(Int(RunResults.longestSample))")
                }
                return s
            }
        }
        /// A conformance error: 0 or more, infinite for an answer that was not a number.
        func maxError(_ v: JSONValue?, _ what: String) throws(ResultsError) -> Double {
            let e = try double(v, what)
            guard e >= 0 else { throw ResultsError("\(source): \(what) holds \(e), not an error of 0 or more") }
            return e
        }
        func buildConfiguration(_ v: JSONValue?) throws(ResultsError) -> BuildConfiguration {
            let text = try string(v, "configuration")
            guard let configuration = BuildConfiguration(rawValue: text) else {
                throw ResultsError("\(source): configuration is \(text.excerpt), not debug or release")
            }
            return configuration
        }
        let tolerance = root["tolerance"]
        self.init(date: try string(root["date"], "date"), machine: try string(root["machine"], "machine"),
                  configuration: try buildConfiguration(root["configuration"]), commit: try string(root["commit"], "commit"),
                  policy: ConformancePolicy(absoluteTolerance: try double(tolerance?["absolute"], "tolerance.absolute"),
                                            relativeTolerance: try double(tolerance?["relative"], "tolerance.relative")))
        if let r = root["reference"], r != .null { reference = try string(r, "reference") }
        if case .object(let members)? = root["declarations"] {
            for member in members { declarations[member.key] = try string(member.value, "declarations.\(member.key)") }
        }
        if let m = root["machine_state"], m != .null {
            let load = m["load_1min"].flatMap { $0 == .null ? nil : $0 }
            let calibration = try double(m["calibration_s"], "machine_state.calibration_s")
            guard calibration > 0, calibration <= RunResults.longestSample else {
                throw ResultsError("\(source): machine_state.calibration_s holds \(calibration), not a positive number of "
                                   + "seconds (the calibration loop's time, which every comparison divides by)")
            }
            machineState = MachineState(load: try load.map { (v) throws(ResultsError) -> Double in try double(v, "machine_state.load_1min") },
                                        calibration: calibration)
        }
        if let t = root["timing_policy"] {
            timing.warmups = try int(t["warmups"], "timing_policy.warmups")
            timing.repeats = try int(t["repeats"], "timing_policy.repeats")
            timing.coldThreshold = try double(t["cold_threshold_s"], "timing_policy.cold_threshold_s")
            timing.budget = try double(t["budget_s"], "timing_policy.budget_s")
            // runs written before fast workloads got more runs have none of these: they were timed with none
            timing.warmupTime = t["warmup_time_s"] == nil ? 0 : try double(t["warmup_time_s"], "timing_policy.warmup_time_s")
            timing.minimumTime = t["minimum_time_s"] == nil ? 0 : try double(t["minimum_time_s"], "timing_policy.minimum_time_s")
            timing.maximumRuns = t["maximum_runs"] == nil ? timing.repeats : try int(t["maximum_runs"], "timing_policy.maximum_runs")
            // (runs written before the heap policy have none: they were timed with glibc's defaults, the default)
            if let heap = t["heap"] {
                guard let name = heap.stringValue, let mode = TimingPolicy.HeapMode(rawValue: name) else {
                    throw ResultsError("\(source): timing_policy.heap is not one of "
                                       + TimingPolicy.HeapMode.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
                }
                timing.heap = mode
            }
            // (runs written before `--cpu` have none: the kernel placed them)
            if let cpu = t["cpu"], cpu != .null {
                let n = try int(cpu, "timing_policy.cpu")
                guard (0...CPUPinning.highestCPU).contains(n) else {
                    throw ResultsError("\(source): timing_policy.cpu holds \(n), not a CPU number from 0 to \(CPUPinning.highestCPU)")
                }
                timing.cpu = n
            }
        }
        /// The kept differences, paired with their lines; a file without them (older runs) keeps the lines alone.
        func differences(_ c: JSONValue, at: String) throws(ResultsError) -> [Difference] {
            let texts = (c["reasons"]?.arrayValue ?? []).compactMap(\.stringValue)
            guard let kept = c["differences"]?.arrayValue, kept.count == texts.count else { return texts.map { Difference.untyped($0) } }
            var out: [Difference] = []
            for (k, (d, text)) in zip(kept, texts).enumerated() {
                let here = "\(at).differences[\(k)]"
                guard let kind = Difference.Kind(rawValue: try string(d["kind"], "\(here).kind")) else {
                    throw ResultsError("\(source): \(here).kind is not one of "
                                       + Difference.Kind.allCases.map(\.rawValue).joined(separator: ", "))
                }
                out.append(Difference(kind, subject: try string(d["subject"], "\(here).subject"),
                                      summary: try string(d["summary"], "\(here).summary"),
                                      gap: d["gap"] == nil ? nil : try double(d["gap"], "\(here).gap"), text: text))
            }
            return out
        }
        for (i, c) in (root["conformance"]?.arrayValue ?? []).enumerated() {
            let at = "conformance[\(i)]"
            guard let outcome = Verdict.Outcome(rawValue: try string(c["outcome"], "\(at).outcome")) else {
                throw ResultsError("\(source): \(at).outcome is not one of pass, fail, unsupported, not converged")
            }
            conformance.append(Conformance(
                layout: try string(c["layout"], "\(at).layout"), backEnd: try string(c["back_end"], "\(at).back_end"),
                expectation: try int(c["expectation"], "\(at).expectation"), line: try int(c["line"], "\(at).line"),
                outcome: outcome, differences: try differences(c, at: at),
                maxError: try maxError(c["max_error"], "\(at).max_error")))
        }
        for (i, t) in (root["timings"]?.arrayValue ?? []).enumerated() {
            let at = "timings[\(i)]"
            var lifecycle: [Workload.Kind: [Double]] = [:]
            for member in t["lifecycle_s"]?.objectMembers ?? [] {
                guard let kind = Workload.Kind(rawValue: member.key) else {
                    throw ResultsError("\(source): \(at).lifecycle_s.\(member.key.excerpt) is not one of "
                                       + Workload.Kind.allCases.map(\.rawValue).joined(separator: ", "))
                }
                lifecycle[kind] = try doubles(member.value, "\(at).lifecycle_s.\(member.key)")
            }
            let family = try string(t["family"], "\(at).family")
            // (files written before timings named their suite: a corpus layout's family is `corpus`, and the
            // others were the scaling runs)
            var suite: Timing.Suite = family == "corpus" ? .corpus : .scaling
            if let text = t["use"]?.stringValue {
                guard let known = Timing.Suite(rawValue: text) else {
                    throw ResultsError("\(source): \(at).use is not one of \(Timing.Suite.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                suite = known
            }
            timings.append(Timing(suite: suite,
                workload: try string(t["workload"], "\(at).workload"), family: family,
                size: try int(t["size"], "\(at).size"), constraints: try int(t["constraints"], "\(at).constraints"),
                backEnd: try string(t["back_end"], "\(at).back_end"), status: TimingStatus(text: try string(t["status"], "\(at).status")),
                buildSolve: try doubles(t["build_solve_s"], "\(at).build_solve_s"),
                editRounds: try int(t["edit_rounds"], "\(at).edit_rounds"),
                editTotal: try doubles(t["edit_total_s"], "\(at).edit_total_s"), lifecycle: lifecycle))
        }
        for (k, p) in (root["properties"]?.arrayValue ?? []).enumerated() {
            properties.append(try PropertyFindings(json: p, what: "\(source): properties[\(k)]"))
        }
    }
}

/// The build a run was made with: a debug build's timings are not fit to be read.
public enum BuildConfiguration: String, Sendable, Equatable {
    case debug, release
}

/// A results file that cannot be read.
public struct ResultsError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
