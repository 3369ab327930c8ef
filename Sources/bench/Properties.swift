import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import PlumbSystem
import PlumbSolver
import PlumbHarness
import PlumbBackEnds
import PlumbCorpus

/// `bench properties`: what embedders leave a solver over, measured for every back end and peer.
struct Properties: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Probe what embedders leave a solver over: hangs, answers that move, unexplained conflicts, state broken by a refused call, pixel jumps.",
        discussion: """
        For each back end and peer, one figure per property (docs/properties.md says how each is probed):
          termination            Beale's and Kuhn's cycling examples, degenerate layouts (redundant equalities \
        through one point, every ratio test a tie, a long chain of equal widths), the runaway system the fuzz found \
        and a generated degenerate family, each within --bound seconds. A program past the bound is stopped and \
        started again; the suite goes on.
          same in every process  the first corpus layouts solved in --processes fresh processes: bit-identical values.
          insertion order        every corpus layout with its constraints and edit variables added in --orders \
        seeded orders besides its own: a value the exact back end finds unique that differs is a wrong answer; \
        layouts whose ambiguous frames move with the order are counted apart.
          conflict explanations  the infeasible corpus layouts and 20 made infeasible: is the conflict reported, does \
        the solver name a set, is the set infeasible, is it irreducible (the exact back end decides both).
          after a refused call   a contradicting required row, the removal of an unknown constraint, a suggestion for \
        a variable that is not editable: later answers must equal those of a solver that never saw them.
          memory under churn     on grids of 9 and 1,024 views, a view remade, and one constraint removed and \
        added back, again and again on one solver: the process's resident memory at 10², 10³, 10⁴, 10⁵ and 10⁶ cycles \
        (up to --churn-cycles, while --churn-budget lasts); bytes per cycle over the last interval, and whether it grows.
          pixel rounding         every unique frame value rounded at scales 1, 2 and 3 against the exact value \
        rounded the same way; a difference where the exact value is not half way is a pixel an app sees jump.

        This build's back ends run each in a process of its own (`bench serve`), as peers do, unless --in-process.

        Examples:
          bench properties                               every back end of this build
          bench properties --solver cassowary --peer kiwi
          bench properties --in-process --solver exact   in this process (no process figures)
        """
    )

    @OptionGroup var backEndOptions: BackEndOptions

    @Option(help: "Seconds each solver gets per termination case.")
    var bound: Double = 2

    @Option(help: "Insertion orders tried per layout beside its own.")
    var orders = 4

    @Option(help: "Fresh processes per workload for the determinism across processes.")
    var processes = 3

    @Option(help: "Seconds of cycles each churn may take (memory under churn); a checkpoint that would overrun it is not started.")
    var churnBudget: Double = 3

    @Option(help: "The last checkpoint of memory under churn: 1000, 10000, 100000 or 1000000 cycles.")
    var churnCycles = 1_000_000

    @Flag(help: "Probe this build's back ends inside this process (no process or memory figures; a hang cannot be stopped).")
    var inProcess = false

    @Option(help: "The corpus folder (default: corpus/ of this checkout).")
    var corpus: String?

    @Flag(help: "The table as Markdown.")
    var markdown = false

    func validate() throws {
        guard bound > 0, bound <= 3600 else { throw ValidationError("--bound must be more than 0 and at most 3600 seconds, as in --bound 2") }
        guard (0...100).contains(orders) else { throw ValidationError("--orders must be 0 to 100, as in --orders 4") }
        guard (2...20).contains(processes) else { throw ValidationError("--processes must be 2 to 20, as in --processes 3") }
        guard churnBudget > 0, churnBudget <= 3600 else { throw ValidationError("--churn-budget must be more than 0 and at most 3600 seconds, as in --churn-budget 3") }
        guard [1_000, 10_000, 100_000, 1_000_000].contains(churnCycles) else {
            throw ValidationError("--churn-cycles must be 1000, 10000, 100000 or 1000000, as in --churn-cycles 100000")
        }
    }

    func run() throws {
        var suite = PropertySuite(reference: ProposedExactSolver.self)
        suite.bound = bound
        suite.permutations = orders
        suite.processes = processes
        suite.churnBudget = churnBudget
        suite.churnCheckpoints = suite.churnCheckpoints.filter { $0 <= churnCycles }
        let findings = try Self.measure(try backEndOptions.selected(), corpus: try loadCorpus(corpus), suite: suite,
                                        inProcess: inProcess, requestTimeLimit: backEndOptions.requestTimeLimit) {
            writeStandardError("properties: \($0)\n")
        }
        print(markdown ? PropertyTable.markdown(findings) : PropertyTable.text(findings), terminator: "")
        if findings.contains(where: { !$0.failed.isEmpty }) { throw ExitCode(1) }
    }

    /// Every property of `selected` on `corpus`: this build's back ends each in a `bench serve` process of its own
    /// unless `inProcess` (failure atomicity is probed in this process for them, as the protocol does not carry
    /// refused calls yet). `say` hears of each step.
    static func measure(_ selected: [BackEnd], corpus: Corpus, suite: PropertySuite, inProcess: Bool, requestTimeLimit: Double,
                        say: (String) -> Void) throws -> [PropertyFindings] {
        let backEnds = selected.map { backEnd -> BackEnd in
            guard !inProcess, case .native(let type) = backEnd, let exe = Self.executablePath() else { return backEnd }
            return .external(name: type.name, command: "'\(exe)' serve --solver \(type.name)", timeLimit: requestTimeLimit)
        }
        defer { for (k, backEnd) in backEnds.enumerated() { if case .external(let p) = backEnd, case .native = selected[k] { p.stop() } } }
        var systems: [LinearSystem] = []
        for entry in corpus.entries {
            if var system = try? entry.script.lowered() {
                system.name = entry.name
                systems.append(system)
            }
        }
        say("reading \(systems.count) corpus layouts with the exact back end…")
        var inputs = suite.inputs(systems)
        if !inProcess || selected.contains(where: { if case .external = $0 { true } else { false } }) {
            inputs.churns = try PropertySuite.churnWorkloads(verifier: suite.reference)
        }
        say("\(inputs.layouts.count) feasible layouts, \(inputs.conflicts.count) infeasible systems, "
            + "\(TerminationCases.all().count) termination cases, bound \(PropertyTable.seconds(suite.bound)), "
            + "\(inputs.churns.count) churns of at most \(PropertyTable.seconds(suite.churnBudget)) each")
        var findings: [PropertyFindings] = []
        for (k, backEnd) in backEnds.enumerated() {
            say("\(backEnd.name) (\(k + 1) of \(backEnds.count))…")
            var found = suite.findings(for: backEnd, inputs: inputs)
            if found.atomicity == nil, case .native(let type) = selected[k] {
                found.atomicity = suite.atomicity(type, inputs.layouts.prefix(30).map(\.system))
            }
            findings.append(found)
        }
        return findings
    }

    /// This program's own path (`/proc/self/exe`), for `bench serve` children.
    static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
