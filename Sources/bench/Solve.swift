import ArgumentParser
import PlumbSystem
import PlumbSolver
import PlumbBatch
import PlumbFrontEnd
import PlumbCorpus
import PlumbHarness

extension SystemRunner.RoundValues: ExpressibleByArgument {}

struct Solve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Solve a layout file or a layout-lp/1 file with one back end and print layout-result/1.",
        discussion: """
        The values are the layout's variables in root coordinates (view.x is the distance from the root's left \
        edge), after the file's last step; a file's `expect` blocks give frames relative to each view's superview. \
        --check judges those expect blocks instead, each at its place in the file, and exits 1 when one fails.

        Timing is measured in-process: build_solve_s is the median over --repeat fresh solvers of adding every \
        constraint and solving (parsing excluded); edit_total_s covers all suggestion rounds.
        """
    )

    @Argument(help: "A layout file or a layout-lp/1 file.")
    var file: String

    @Option(help: "The back end (see `bench list`).")
    var solver: String

    @Option(name: .customLong("repeat"), help: "Fresh solvers to time build+solve on; the median is reported.")
    var repeats = 1

    @Option(help: "Values reported after each suggestion round: \(SystemRunner.RoundValues.allCases.map(\.rawValue).joined(separator: ", ")).")
    var roundValues: SystemRunner.RoundValues = .all

    @Flag(help: "One line of JSON instead of indented output.")
    var compact = false

    @Flag(help: "Judge the layout file's expect blocks (frames relative to the superview) with this back end, one line each; exit 1 when one fails.")
    var check = false

    @OptionGroup var parameterOptions: ParameterOptions

    func validate() throws {
        guard repeats >= 1 else { throw ValidationError("--repeat must be at least 1") }
    }

    func run() throws {
        let type = try backEnd(named: solver)
        if check { return try checkExpectations(type) }
        let parameters = try parameterOptions.bindings
        let system = try exitOnInputError { try loadSystem(file, parameters: parameters) }
        let result = SystemRunner(repeats: repeats, roundValues: roundValues).run(system, solver: type)
        print(result.layoutResultJSON(pretty: !compact))
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
        let oracle = availableBackEnds.first { $0.capabilities.exact }
        let runner = CorpusRunner(oracle: oracle)
        let oracleRun = runner.oracleRun(entry)
        let reference = oracleRun.reference
        var failed = 0
        switch runner.observe(entry, with: .native(type), besides: oracleRun) {
        case .success(let observations):
            let judge = Judge()
            for (index, (observation, expectation)) in zip(observations, expectations).enumerated() {
                let verdict = judge.judge(observation, against: expectation, capabilities: type.capabilities,
                                          reference: reference.flatMap { index < $0.count ? $0[index] : nil })
                if verdict.outcome != .pass { failed += 1 }
                print("\(file):\(expectation.location.line): \(verdict.outcome.rawValue)"
                      + (verdict.reasons.isEmpty ? "" : ": " + verdict.reasons.joined(separator: "; ")))
            }
        case .failure(let failure):
            failed = expectations.count
            print("\(file): \(type.name) could not play the layout: \(failure.description)")
        }
        print("\(expectations.count - failed) of \(expectations.count) expect blocks hold on \(type.name)")
        if failed > 0 { throw ExitCode(1) }
    }
}
