import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import PlumbSystem
import PlumbSolver
import PlumbHarness
import PlumbBackEnds

struct Fuzz: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Differential fuzzing: random prioritized systems through the back ends, each judged against the exact one.",
        discussion: """
        Deterministic from --seed. A disagreement (status, a priority level's optimum, or a value the exact back end \
        finds unique) is shrunk by dropping constraints while it persists, and written as layout-lp/1 to \
        corpus/regressions/ with the seed in its name. Only answers a back end labelled converged count as \
        disagreements: relaxation answers labelled "not converged" or "approximate" (a compromise it cannot show to be \
        optimal) are counted apart, with how many of the approximate ones are wrong. Exit 1 when any back end disagreed.
        """
    )

    @Option(help: "The seed: the same seed gives the same cases.")
    var seed: UInt64 = 1

    @Option(help: "How many random systems.")
    var count = 1000

    @Option(help: "Variables per system.")
    var size = 6

    @Option(name: .customLong("solver"), help: "Back ends to check (repeatable; default: every one but the exact reference).")
    var solvers: [String] = []

    @Option(help: "Stop after this many seconds, whatever --count says.")
    var timeLimit = 600.0

    @Option(help: "Where reproducers go.")
    var output = "corpus/regressions"

    func run() throws {
        guard let reference = PlumbBackEnds.all.first(where: { $0.capabilities.exact }) else {
            throw ValidationError("this build has no exact back end to judge against")
        }
        let types: [any LayoutSolver.Type] = try solvers.isEmpty
            ? PlumbBackEnds.all.filter { !$0.capabilities.exact }
            : solvers.map { try backEnd(named: $0) }
        let progress = ProgressLine()
        let fuzzer = DifferentialFuzzer(reference: reference, backEnds: types, size: size)
        let summary = fuzzer.run(seed: seed, count: count, timeLimit: timeLimit) { index, s in
            progress.show("case \(index) of \(count): \(s.findings.count) disagreements")
        }
        progress.finish()
        if !summary.findings.isEmpty {
            mkdir(output, 0o755)
            for finding in summary.findings {
                let path = "\(output)/fuzz-\(finding.backEnd)-seed\(finding.seed)-case\(finding.caseIndex).json"
                var system = finding.shrunk
                system.name = "fuzz \(finding.backEnd) seed \(finding.seed) case \(finding.caseIndex): \(finding.reason)"
                try writeText(system.layoutLPJSON() + "\n", to: path)
                print("\(finding.backEnd) disagrees on case \(finding.caseIndex): \(finding.reason); shrunk from \(finding.original.constraints.count) to \(finding.shrunk.constraints.count) constraints: \(path)")
            }
        }
        let nc = summary.notConverged.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        let approximate = summary.approximate.sorted { $0.key < $1.key }
            .map { "\($0.key) \($0.value.answers) (\($0.value.wrong) of them wrong)" }.joined(separator: ", ")
        print("\(summary.cases) cases in \(format1(summary.seconds)) s, \(summary.findings.count) disagreements"
              + (nc.isEmpty ? "" : "; not converged (not counted as wrong): \(nc)")
              + (approximate.isEmpty ? "" : "; labelled approximate (not counted as wrong): \(approximate)"))
        if !summary.findings.isEmpty { throw ExitCode(1) }
    }
}
