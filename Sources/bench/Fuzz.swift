import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import PlumbSystem
import PlumbSolver
import PlumbHarness
import PlumbBackEnds

struct Fuzz: ParsableCommand {
    enum Kind: String, ExpressibleByArgument, CaseIterable { case systems, layouts, both }

    static let configuration = CommandConfiguration(
        abstract: "Differential fuzzing: random layouts and random prioritized systems through the back ends, each judged against the exact one.",
        discussion: """
        Two kinds of case, both deterministic from --seed. Layouts: random view trees and Masonry chains drawn from \
        the whole grammar (composites, anchors, multipliers, insets, near-equal priorities, inequalities), then \
        updates, remakes, removals, resizes, edits and suggestions, played through the front end and the incremental \
        engine; every expectation's unsatisfiable set, unique frames and level totals are compared. Systems: random \
        layout-lp/1 rows with small coefficients and priorities; status, level totals and unique values are compared.

        A disagreement is shrunk while it persists (fewer steps, chains, views and constraints, simpler numbers) \
        and written to corpus/regressions/ with the seed and case in its name: a corpus layout, or a layout-lp/1 \
        file. Only answers a back end labelled converged count as disagreements: relaxation answers labelled "not \
        converged" or "approximate" (a compromise it cannot show to be optimal) are counted apart, with how many of \
        the approximate ones are wrong. Exit 1 when any back end disagreed.

        Examples:
          bench fuzz --count 2000                      both kinds, 2,000 cases each
          bench fuzz --kind layouts --size 4 --seed 7  small layouts only
          bench fuzz --solver cassowary --count 1000000 --kind systems --time-limit 3600
        """
    )

    @Option(help: "The seed: the same seed gives the same cases.")
    var seed: UInt64 = 1

    @Option(help: "How many random cases of each kind.")
    var count = 1000

    @Option(help: "The first case's index (to replay a reported case: --from INDEX --count 1).")
    var from = 0

    @Option(help: "Which cases: systems, layouts or both.")
    var kind: Kind = .both

    @Option(help: "Variables per random system; the most views per random layout.")
    var size = 6

    @Option(name: .customLong("solver"), help: "Back ends to check (repeatable; default: every one but the exact reference).")
    var solvers: [String] = []

    @Option(help: "Stop after this many seconds per kind, whatever --count says.")
    var timeLimit = 600.0

    @Flag(help: "Print the cases (layout-lp/1 systems, layout files) instead of running them.")
    var print = false

    @Option(help: "Where reproducers go.")
    var output = "corpus/regressions"

    func validate() throws {
        guard count >= 0, count <= 1_000_000_000 else { throw ValidationError("--count must lie in 0...1,000,000,000") }
        guard from >= 0, from <= Int.max - count else { throw ValidationError("--from must be 0 or more") }
        guard size >= 1, size <= 10_000 else { throw ValidationError("--size must lie in 1...10,000") }
        guard timeLimit >= 0 else { throw ValidationError("--time-limit must be 0 or more") }
    }

    func run() throws {
        guard let reference = PlumbBackEnds.all.first(where: { $0.capabilities.exact }) else {
            throw ValidationError("this build has no exact back end to judge against")
        }
        let types: [any LayoutSolver.Type] = try solvers.isEmpty
            ? PlumbBackEnds.all.filter { !$0.capabilities.exact }
            : solvers.map { try backEnd(named: $0) }
        if print {
            let systems = DifferentialFuzzer(reference: reference, backEnds: [], size: size)
            let layouts = LayoutFuzzer(reference: reference, backEnds: [], size: size)
            for index in from..<(from + count) {
                if kind != .layouts {
                    var system = systems.randomSystem(seed: seed, index: index)
                    system.name = "fuzz seed \(seed) system \(index)"
                    Swift.print(system.layoutLPJSON())
                }
                if kind != .systems {
                    Swift.print(layouts.randomLayout(seed: seed, index: index).text(name: "fuzz-seed\(seed)-layout\(index)"))
                }
            }
            return
        }
        var disagreements = 0
        if kind != .layouts { disagreements += try runSystems(reference, types) }
        if kind != .systems { disagreements += try runLayouts(reference, types) }
        if disagreements > 0 { throw ExitCode(1) }
    }

    func runSystems(_ reference: any LayoutSolver.Type, _ types: [any LayoutSolver.Type]) throws -> Int {
        let progress = ProgressLine()
        let summary = DifferentialFuzzer(reference: reference, backEnds: types, size: size)
            .run(seed: seed, from: from, count: count, timeLimit: timeLimit) { index, s in
                progress.show("system \(index) of \(count): \(s.findings.count) disagreements")
            }
        progress.finish()
        return try report(summary, kind: "system") { finding in
            let path = "\(output)/fuzz-\(finding.backEnd)-seed\(finding.seed)-case\(finding.caseIndex).json"
            var system = finding.shrunk
            system.name = "fuzz \(finding.backEnd) seed \(finding.seed) case \(finding.caseIndex): \(finding.reason)"
            try writeText(system.layoutLPJSON() + "\n", to: path)
            return (path, "from \(finding.original.constraints.count) to \(finding.shrunk.constraints.count) constraints")
        }
    }

    func runLayouts(_ reference: any LayoutSolver.Type, _ types: [any LayoutSolver.Type]) throws -> Int {
        let progress = ProgressLine()
        let summary = LayoutFuzzer(reference: reference, backEnds: types, size: size)
            .run(seed: seed, from: from, count: count, timeLimit: timeLimit) { index, s in
                progress.show("layout \(index) of \(count): \(s.findings.count) disagreements")
            }
        progress.finish()
        return try report(summary, kind: "layout") { finding in
            let name = "fuzz-\(finding.backEnd)-seed\(finding.seed)-layout\(finding.caseIndex)"
            let path = "\(output)/\(name).layout"
            let header = ["Found by `bench fuzz --kind layouts --seed \(finding.seed) --size \(size)`, case \(finding.caseIndex), "
                          + "shrunk from weight \(finding.original.weight) to \(finding.shrunk.weight).",
                          "\(finding.backEnd): \(finding.reason)",
                          "Derive the frames by hand before committing it to the corpus (`bench audit` refuses it until then)."]
            try writeText(finding.shrunk.text(name: name, header: header), to: path)
            return (path, "from weight \(finding.original.weight) to \(finding.shrunk.weight)")
        }
    }

    /// Writes each finding's reproducer (`write` returns its path and the shrunk size) and prints the summary.
    func report<Case>(_ summary: FuzzSummary<Case>, kind: String,
                      write: (FuzzSummary<Case>.Finding) throws -> (path: String, shrunk: String)) throws -> Int {
        if !summary.findings.isEmpty { mkdir(output, 0o755) }
        for finding in summary.findings {
            let (path, shrunk) = try write(finding)
            Swift.print("\(finding.backEnd) disagrees on \(kind) \(finding.caseIndex): \(finding.reason); shrunk \(shrunk): \(path)")
        }
        Swift.print("\(kind)s: \(summary.cases) cases in \(format1(summary.seconds)) s, \(summary.findings.count) disagreements"
              + (kind == "layout" ? ", \(summary.rejected) rejected by the front end" : "")
              + classified(summary.notConverged, summary.approximate))
        for rejection in summary.rejections { Swift.print("  rejected: \(rejection)") }
        return summary.findings.count
    }

    func classified(_ notConverged: [String: Int], _ approximate: [String: (answers: Int, wrong: Int)]) -> String {
        let nc = notConverged.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        let ap = approximate.sorted { $0.key < $1.key }
            .map { "\($0.key) \($0.value.answers) (\($0.value.wrong) of them wrong)" }.joined(separator: ", ")
        return (nc.isEmpty ? "" : "; not converged (not counted as wrong): \(nc)")
            + (ap.isEmpty ? "" : "; labelled approximate (not counted as wrong): \(ap)")
    }
}
