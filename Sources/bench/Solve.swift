import ArgumentParser
import PlumbSystem
import PlumbSolver

extension SystemRunner.RoundValues: ExpressibleByArgument {}

struct Solve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Solve a layout file or a layout-lp/1 file with one back end and print layout-result/1.",
        discussion: """
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

    func validate() throws {
        guard repeats >= 1 else { throw ValidationError("--repeat must be at least 1") }
    }

    func run() throws {
        let type = try backEnd(named: solver)
        let system = try exitOnInputError { try loadSystem(file) }
        let result = SystemRunner(repeats: repeats, roundValues: roundValues).run(system, solver: type)
        print(result.layoutResultJSON(pretty: !compact))
    }
}
