import ArgumentParser
import PlumbSystem
import PlumbSolver
import PlumbBatch
import PlumbFrontEnd
import PlumbText
import PlumbCorpus
import PlumbHarness
import PlumbFiles

extension SystemRunner.RoundValues: ExpressibleByArgument {}

struct Solve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Solve a layout file or a layout-lp/1 file with one back end and print layout-result/1.",
        discussion: """
        The values are the layout's variables in root coordinates (view.x is the distance from the root's left \
        edge), after the file's last step; a file's `expect` blocks give frames relative to each view's superview. \
        --check judges those expect blocks instead, each at its place in the file, and exits 1 when one fails.

        When the required constraints conflict, the answer is `infeasible` with the conflicting set, and `recovery`         shows the screen as Auto Layout recovers: the constraints are added in the order the layout makes them, each         required one whose addition conflicts with those already in is broken (`recovery.broken`), and the rest are         laid out (`recovery.values`, and `recovery.rounds` after each suggestion round).

        A value the code names but does not give takes a default (0 for a number), and a conflict can hide behind         it: every such number is tried again at a second value (10, 11, ...), and a layout that conflicts only         there is reported on standard error as conflicting when NAME ≠ 0 (a conflict that goes away there, as         depending on the guess).

        Timing is measured in-process under the same timing policy as `bench run` (warm-up runs, then at least \
        --repeat timed runs, each on a fresh solver; parsing excluded): build_solve_s is the median of adding every \
        constraint and solving, edit_total_s the median of all suggestion rounds together.
        """
    )

    @Argument(help: "A layout file or a layout-lp/1 file.")
    var file: String

    @Option(help: "The back end (see `bench list`).")
    var solver: String

    @Option(name: .customLong("repeat"), help: "Timed runs at least (after the warm-up runs), each on a fresh solver; the median is reported.")
    var repeats = 1

    @Option(help: "Values reported after each suggestion round: \(SystemRunner.RoundValues.allCases.map(\.rawValue).joined(separator: ", ")).")
    var roundValues: SystemRunner.RoundValues = .all

    @Flag(help: "One line of JSON instead of indented output.")
    var compact = false

    @Flag(help: "Judge the layout file's expect blocks (frames relative to the superview) with this back end, one line each; exit 1 when one fails.")
    var check = false

    @Option(name: .customLong("root"), help: ArgumentHelp(
        "Lay a layout file out at this size: WxH (375x44).",
        discussion: "The root takes this size, and a view the file calls `self` (an imported view's or cell's file) fills it, as the app's superview would size it."))
    var rootSize: String?

    @OptionGroup var parameterOptions: ParameterOptions

    func validate() throws {
        guard (1...10_000).contains(repeats) else { throw ValidationError("--repeat must be from 1 to 10,000") }
        if let rootSize, LayoutFileSizing.size(rootSize) == nil {
            throw ValidationError("--root takes a width and a height, WxH (375x44), not '\(rootSize)'")
        }
    }

    func run() throws {
        let type = try backEnd(named: solver)
        if check { return try checkExpectations(type) }
        let parameters = try parameterOptions.bindings
        var text = String(decoding: try readFile(file), as: UTF8.self)
        let isLayoutFile = LayoutFile.looksLikeLayoutFile(text)
        if let rootSize, let size = LayoutFileSizing.size(rootSize) {
            guard isLayoutFile else { throw ValidationError("--root sizes a layout file; \(file) is a layout-lp/1 system") }
            text = LayoutFileSizing.sized(text, size)
        }
        let system = try exitOnInputError { () throws -> LinearSystem in
            guard isLayoutFile else { return try loadSystem(file, parameters: parameters) }
            let script = try loadLayout(file, text: text, parameters: parameters)
            do { return try script.lowered() } catch { throw InputError("\(error)") }
        }
        var result = SystemRunner(repeats: 1, roundValues: roundValues).run(system, solver: type)
        // the timing: `bench run`'s policy and path, not the runner's single run
        var plan = RunPlan(backEnds: [.native(type)])
        plan.repeats = repeats
        let workload = Workload(system: system)
        let (samples, status) = Harness(plan: plan).measure(workload, on: .native(type))
        if status.isOK, let build = Summary(samples.map(\.buildSolve)) {
            result.timing = LayoutResult.Timing(buildSolveSeconds: build.median, editRounds: system.suggestionRounds.count,
                                                editTotalSeconds: system.suggestionRounds.isEmpty ? 0
                                                    : Summary(samples.map(\.editTotal))?.median)
        }
        print(result.layoutResultJSON(pretty: !compact))
        guard isLayoutFile else { return }
        if let warning = UndeterminedValues.warning(result, text: text) { writeStandardError(warning + "\n") }
        // a verdict that hides behind a guessed value: every guessed number tried again at a second value
        if let finding = GuessedValues.check(text: text, file: file, bindings: parameters, solver: type) {
            writeStandardError(finding.description + "\n")
        }
    }
}

extension Solve {
    /// Plays the layout file on the back end and judges each expect block as the corpus run does.
    func checkExpectations(_ type: any LayoutSolver.Type) throws {
        let text = String(decoding: try readFile(file), as: UTF8.self)
        guard LayoutFile.looksLikeLayoutFile(text) else {
            throw ValidationError("--check judges a layout file's expect blocks; \(file) is a layout-lp/1 system, which has none")
        }
        let parameters = try parameterOptions.bindings
        let entry = try exitOnInputError { () throws -> CorpusEntry in
            let script = try loadLayout(file, text: text, parameters: parameters)
            do { return try CorpusEntry(path: file, script: script) } catch { throw InputError("\(error)") }
        }
        let expectations = entry.expectations.map(\.expectation)
        guard !expectations.isEmpty else { throw InputError("\(file): no expect block to check") }
        let plan = RunPlan(backEnds: [.native(type)], available: availableBackEnds)
        let runner = CorpusRunner(oracle: plan.oracle)
        let records = Harness(plan: plan).judge(entry, on: .native(type), runner: runner, besides: runner.oracleRun(entry))
        var failed = 0
        for record in records {
            if record.outcome != .pass { failed += 1 }
            print("\(file):\(record.line): \(record.outcome.rawValue)"
                  + (record.reasons.isEmpty ? "" : ": " + record.reasons.joined(separator: "; ")))
        }
        print("\(expectations.count - failed) of \(expectations.count) expect blocks hold on \(type.name)")
        if failed > 0 { throw ExitCode(1) }
    }
}
