import ArgumentParser
import PlumbSystem
import PlumbSolver
import PlumbBatch
import PlumbCorpus
import PlumbHarness
import PlumbBackEnds
#if canImport(Glibc)
import Glibc
import PlumbFiles
#endif

/// `--filter`, for the commands that go over the corpus and the families (not `render`, which takes one file).
struct FilterOption: ParsableArguments {
    @Option(help: "Only layouts and families whose name, path or tag contains this.")
    var filter: String?
}

/// Options shared by the verbs that run back ends.
struct BackEndOptions: ParsableArguments {
    @Option(name: .customLong("solver"), help: "Only this back end (repeatable; see `bench list`). Default: all of this build's.")
    var solvers: [String] = []

    @Option(name: .customLong("external"), help: ArgumentHelp(
        "Also run an external program: NAME=COMMAND, speaking plumb-solver/1 on its standard input and output (repeatable).",
        discussion: "One process serves the whole run and is timed like the back ends (docs/solver-protocol.md). Example: --external kiwi='python3 peers/kiwi/adapter.py' (after `pip install kiwisolver`)."))
    var externals: [String] = []

    @Option(name: .customLong("request-time-limit"), help: ArgumentHelp(
        "Seconds an external program or peer may take to answer one request before it is stopped (and, after two in a row, given up).",
        discussion: "The same for every command; `run` allows a timing request three times --budget when that is longer."))
    var requestTimeLimit = ExternalSolver.defaultRequestLimit

    @Option(name: .customLong("peer"), help: ArgumentHelp(
        "Also run a peer of the repository by name (repeatable; `bench peers` lists them).",
        discussion: "Install its dependencies first with `bench peers install NAME`; a run never installs anything."))
    var peers: [String] = []

    /// The most back ends one command runs.
    static let mostBackEnds = 64

    func validate() throws {
        guard requestTimeLimit > 0, requestTimeLimit <= 86_400 else {
            throw ValidationError("--request-time-limit must be more than 0 seconds and at most a day, as in --request-time-limit 60")
        }
    }

    func selected() throws -> [BackEnd] {
        var result: [BackEnd] = []
        if solvers.isEmpty {
            result = availableBackEnds.map { BackEnd.native($0) }
        } else {
            for name in solvers { result.append(.native(try backEnd(named: name))) }
        }
        for spec in externals {
            guard let eq = spec.firstIndex(of: "="), eq != spec.startIndex else {
                throw ValidationError("--external takes NAME=COMMAND, e.g. kiwi='python3 peers/kiwi/adapter.py'")
            }
            let name = String(spec[..<eq])
            guard BackEnd.isValidName(name) else {
                throw ValidationError("--external: the name '\(name.excerpt)' must be letters, digits, - and _ (at most 64): "
                    + "it names the back end in reports and in file names, as in --external mykiwi='python3 adapter.py'")
            }
            result.append(.external(name: name, command: String(spec[spec.index(after: eq)...]), timeLimit: requestTimeLimit))
        }
        if !peers.isEmpty {
            let catalog = try peerCatalog()
            for peer in try selectedPeers(peers, in: catalog) {
                guard peer.isInstalled else {
                    throw ValidationError("peer \(peer.name) is not installed here: run `bench peers install \(peer.name)` first")
                }
                result.append(.external(name: peer.name, command: peer.run, timeLimit: requestTimeLimit))
            }
        }
        guard !result.isEmpty else { throw ValidationError("no back end to run: this build has none yet; pass --external NAME=COMMAND") }
        guard result.count <= Self.mostBackEnds else {
            throw ValidationError("\(result.count) back ends: at most \(Self.mostBackEnds) run together (each is a column of "
                + "every table); run them in groups and compare the results")
        }
        var seen = Set<String>()
        for backEnd in result where !seen.insert(backEnd.name).inserted {
            let native = PlumbBackEnds.named(backEnd.name) != nil
            throw ValidationError("two back ends are named '\(backEnd.name)'"
                + (native ? " (one of them is this build's own back end)" : "")
                + ": their results would be merged and either blamed for the other's; give the external program "
                + "another name, as in --external my-\(backEnd.name)=COMMAND")
        }
        return result
    }
}

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the corpus and the generated families through every back end: judge, time, report (the default verb).",
        discussion: """
        Writes run-results/ (untracked): runs/<date>.json (up to 25 samples per figure as measured, else 25 evenly \
        spaced order statistics), latest.json, report.md, report.html (one page, charts inline) and SVG charts, and prints a one-screen summary. Time a release build: \
        `swift run -c release bench`. The committed results/ are written only when asked: --output results.
        """
    )

    @OptionGroup var backEndOptions: BackEndOptions
    @OptionGroup var filterOption: FilterOption

    @Option(name: .customLong("repeat"), help: "Timed runs per workload, for every solver alike: a slow one gets up to this many (its first run counts), a fast one at least this many after its warm-ups (more when runs are short); the budget can cut either.")
    var repeats = 5

    @Option(help: "Sizes of the lifecycle workloads (update, remake, remove-add, resize), comma-separated.")
    var lifecycleSizes = "100,1000,10000"

    @Option(help: "How many small app-shaped layouts (one source file's blocks each) to time.")
    var smallLayouts = 1000

    @Option(help: "Generated sizes, comma-separated.")
    var sizes = "10,100,1000,10000,100000"

    @Option(help: "Seconds one back end may spend timing one workload. A family stops growing for a back end after a size that took over a third of this per run or failed, or before a size predicted to take longer than this per run.")
    var budget = 10.0

    @Flag(help: "Skip the generated families (corpus only).")
    var noScaling = false

    @Flag(help: "Skip the lifecycle workloads.")
    var noLifecycle = false

    @Flag(help: "Skip the property suite (`bench properties`: termination, determinism, conflict explanations, refused calls, pixel rounding) that a run over the whole corpus ends with.")
    var noProperties = false

    @Flag(help: "Skip the corpus (generated families only).")
    var noCorpus = false

    @Option(help: "The results folder. The default is untracked; the committed results/ are written only when asked (--output results).")
    var output = "run-results"

    @Option(help: "The corpus folder (default: corpus/ of this checkout).")
    var corpus: String?

    @Flag(help: "No progress line (the summary and the files are written as usual).")
    var quiet = false

    @Option(help: ArgumentHelp(
        "Run every timing on this CPU: bench and every program it starts are pinned to it until the timings end.",
        discussion: "On a shared machine of few cores this keeps side-by-side ratios steady: a process moved between cores between runs starts cold. Measured on 1,000 small layouts, kiwi-native against Cassowary moved between 1.87 and 2.46 from run to run unpinned, between 2.04 and 2.11 on one CPU. A peer that uses several threads shares the one CPU among them. The results record the CPU. `nproc` counts the CPUs; numbers start at 0.",
        valueName: "n"))
    var cpu: Int?

    /// The sizes of `--sizes`, each a whole number of views from 1 to 1,000,000.
    var parsedSizes: [Int] { get throws { try Self.sizes(sizes, option: "--sizes") } }
    var parsedLifecycleSizes: [Int] { get throws { try Self.sizes(lifecycleSizes, option: "--lifecycle-sizes") } }

    static func sizes(_ text: String, option: String) throws -> [Int] {
        try text.split(separator: ",").map { item in
            guard let n = Int(item.filter { $0 != " " }), (1...1_000_000).contains(n) else {
                throw ValidationError("\(option): '\(item.excerpt)' is not a number of views from 1 to 1,000,000")
            }
            return n
        }
    }

    func validate() throws {
        guard (1...10_000).contains(repeats) else { throw ValidationError("--repeat must be from 1 to 10,000") }
        if let cpu {
            do { try CPUPinning.check(cpu) } catch { throw ValidationError("--cpu \(cpu): \(error)") }
        }
        guard budget > 0, budget <= 86_400 else { throw ValidationError("--budget must be more than 0 seconds and at most a day") }
        guard (0...100_000).contains(smallLayouts) else { throw ValidationError("--small-layouts must be from 0 to 100,000") }
        _ = try parsedSizes
        _ = try parsedLifecycleSizes
    }

    func run() throws {
        try ensureWritableFolder(output, option: "--output")
        // before any thread or program starts: everything timed runs on the one CPU, and inherits it
        let unpinned = try cpu.map { (n) throws -> CPUPinning.Mask in
            do { return try CPUPinning.pin(to: n) } catch { throw ValidationError("--cpu \(n): \(error)") }
        }
        // before any timed run and any program started: this process and every peer's keep the memory they free
        let heap: TimingPolicy.HeapMode = HeapPolicy.apply() ? .keepsFreedMemory : .systemDefault
        var plan = RunPlan(backEnds: try backEndOptions.selected(), available: availableBackEnds)
        plan.timing.heap = heap
        plan.timing.cpu = cpu
        plan.filter = filterOption.filter
        plan.repeats = repeats
        plan.budget = budget
        plan.sizes = try parsedSizes
        plan.lifecycleSizes = try parsedLifecycleSizes
        try preflight(plan.backEnds)
        let progress = ProgressLine(quiet: quiet)
        let harness = Harness(plan: plan) { progress.show($0) }
        var results = RunResults(date: nowStamp(), machine: machineDescription(), configuration: buildConfiguration,
                                 commit: currentCommit(), policy: plan.policy)
        // how busy and how fast the machine is now, so that `bench compare` can tell it from a slower commit
        results.machineState = MachineState.now()
        results.reference = plan.oracle?.name
        var loadedCorpus: Corpus?
        if !noCorpus {
            let loaded = try loadCorpus(corpus)
            harness.run(loaded, into: &results)
            loadedCorpus = loaded
        }
        results.timing = plan.timing
        if !noScaling && smallLayouts > 0 && (filterOption.filter.map { "app-small".contains($0) || "app".contains($0) } ?? true) {
            harness.runSmallLayouts(smallLayoutsToTime(), family: "app-small", into: &results)
        }
        if !noScaling { harness.runScaling(into: &results) }
        if !noScaling && !noLifecycle { harness.runLifecycle(into: &results) }
        // the properties run where the kernel puts them (their checks are not timed side by side)
        if let unpinned { try CPUPinning.restore(unpinned) }
        // the properties, after every timing (their processes must not share the machine with a clock), over the
        // whole corpus only
        if !noProperties, filterOption.filter == nil, let loadedCorpus {
            let suite = PropertySuite(reference: ProposedExactSolver.self)
            results.properties = try Properties.measure(plan.backEnds, corpus: loadedCorpus, suite: suite, inProcess: false,
                                                        requestTimeLimit: backEndOptions.requestTimeLimit) {
                progress.show("properties: \($0)")
            }
        }
        progress.finish()
        for case .external(let program) in plan.backEnds {
            if let hello = program.hello { results.declarations[program.name] = hello.declaration }
        }
        try writeResults(results, to: output)
        print(Report(results: results).terminalSummary())
        print("\nWritten: \(output)/report.md, \(output)/report.html, \(output)/latest.json, charts in \(output)/")
    }
}

/// Makes `folder` (and its missing parents) and checks that a file can be written in it, before a long command
/// starts: a run of several minutes does not end in "cannot write".
func ensureWritableFolder(_ folder: String, option: String) throws {
    var path = folder.hasPrefix("/") ? "" : "."
    for part in folder.split(separator: "/") {
        path += "/" + part
        if !fileExists(atPath: path) { mkdir(path, 0o755) }
    }
    let probe = folder + "/.bench-write-check-\(getpid())"
    do { try writeFile([], atPath: probe) } catch {
        throw ValidationError("\(option) \(folder.excerpt): cannot write there (\(error.reason)); choose a folder you can write to")
    }
    unlink(probe)
}

/// Writes the JSON (unless `keepRun` is false), the report and the charts into `folder`.
func writeResults(_ results: RunResults, to folder: String, keepRun: Bool = true) throws {
    mkdir(folder, 0o755)
    if keepRun {
        mkdir(folder + "/runs", 0o755)
        let json = results.json(pretty: false)
        try writeText(json, to: "\(folder)/runs/\(results.date.replacingAll(":", "-")).json")
        try writeText(json, to: "\(folder)/latest.json")
    }
    let charts = Charts(results: results)
    var drawn: [(file: String, svg: String)] = charts.scalingCharts().map { (file: $0.0, svg: $0.1) }
    drawn.append((file: "conformance.svg", svg: charts.conformanceChart()))
    if let uses = charts.usesChart() { drawn.insert((file: Report.usesChartFile, svg: uses), at: 0) }
    for chart in drawn { try writeText(chart.svg, to: "\(folder)/\(chart.file)") }
    let document = Report(results: results).document(charts: drawn)
    try writeText(document.markdown(), to: "\(folder)/report.md")
    try writeText(document.html(), to: "\(folder)/report.html")
}

/// Has every external program solve a first, tiny system; one that cannot stops the command here with its error
/// (exit 1), instead of failing every layout one by one.
func preflight(_ backEnds: [BackEnd]) throws {
    for case .external(let program) in backEnds {
        do { try program.preflight() } catch {
            printError("\(program.name): \(error.description)")
            throw ExitCode(1)
        }
    }
}

func writeText(_ text: String, to path: String) throws {
    do { try writeFile(Array(text.utf8), atPath: path) } catch { throw InputError(error.description) }
}

#if DEBUG
let buildConfiguration: BuildConfiguration = .debug
#else
let buildConfiguration: BuildConfiguration = .release
#endif

/// A status line that rewrites itself on a terminal and prints plain lines otherwise.
/// The progress of a long command on standard error: one line rewritten in place on a terminal; elsewhere (a CI
/// log) a line when a phase starts and then at most one every 10 seconds; nothing with `--quiet`.
final class ProgressLine: @unchecked Sendable {
    let isTerminal = isatty(2) != 0
    let quiet: Bool
    let start = monotonicSeconds()
    var lastLength = 0
    var phase = ""
    var phaseStart = 0.0
    var lastWritten = -Double.infinity

    init(quiet: Bool = false) { self.quiet = quiet }

    /// A harness step: done/total of its phase and the time the phase has left at its pace so far.
    func show(_ progress: HarnessProgress) {
        let now = monotonicSeconds()
        let newPhase = progress.phase != phase
        if newPhase {
            phase = progress.phase
            phaseStart = now
        }
        write(progress.line(elapsed: now - start, phaseElapsed: now - phaseStart), force: newPhase)
    }

    func show(_ status: String) {
        write("[\(formatTenths(monotonicSeconds() - start)) s] \(status)", force: false)
    }

    private func write(_ text: String, force: Bool) {
        if quiet { return }
        if isTerminal {
            let padded = text + String(repeating: " ", count: max(0, lastLength - text.count))
            writeStandardError("\r" + padded)
            lastLength = text.count
        } else {
            let now = monotonicSeconds()
            guard force || now - lastWritten >= 10 else { return }
            lastWritten = now
            writeStandardError(text + "\n")
        }
    }

    func finish() {
        if isTerminal && lastLength > 0 { writeStandardError("\r" + String(repeating: " ", count: lastLength) + "\r") }
    }
}


func writeStandardError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress, $0.count) }
}

extension Run {
    /// The app family's small layouts, one source file each.
    func smallLayoutsToTime() -> [GeneratedLayout] { AppFamily.smallLayouts(count: smallLayouts, seed: 1) }
}
