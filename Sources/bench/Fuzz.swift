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

        Every case is bounded in time (--case-time-limit, checked between the fuzzer's steps): a case over its bound \
        is counted and written like a disagreement, unshrunk, and the run goes on. A single back end call still \
        running at twice the bound is taken as stuck: the case is written and the run ends with exit 1.

        The seed is printed first; any case replays with --seed S --from CASE --count 1 (and the same --kind and \
        --size). --seed-from-commit derives the seed from `git rev-parse HEAD`, so each commit explores new cases.

        Examples:
          bench fuzz --count 2000                      both kinds, 2,000 cases each
          bench fuzz --kind layouts --size 4 --seed 7  small layouts only
          bench fuzz --seed-from-commit --count 1500   what CI runs
          bench fuzz --solver cassowary --count 1000000 --kind systems --time-limit 3600
        """
    )

    @Option(help: "The seed: the same seed gives the same cases (default 1).")
    var seed: UInt64?

    @Flag(help: "Derive the seed from this checkout's commit (`git rev-parse HEAD`; the fixed seed 1, with a note, without git).")
    var seedFromCommit = false

    @Option(help: "Seconds one case may take (checked between steps); a case over it is a finding.")
    var caseTimeLimit = 10.0

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
        guard caseTimeLimit > 0, caseTimeLimit <= 86_400 else { throw ValidationError("--case-time-limit must lie in (0, 86,400] seconds") }
        guard seed == nil || !seedFromCommit else { throw ValidationError("give --seed or --seed-from-commit, not both") }
    }

    /// The seed to use, with how it was chosen.
    func chosenSeed() -> (seed: UInt64, origin: String) {
        if let seed { return (seed, "") }
        guard seedFromCommit else { return (FuzzSeed.fallback, "") }
        guard let commit = headCommit() else {
            return (FuzzSeed.fallback, " (git or a checkout is not available here, so the fixed seed)")
        }
        return (FuzzSeed.derived(fromCommit: commit), " (derived from commit \(commit.prefix(12)))")
    }

    func run() throws {
        guard let reference = PlumbBackEnds.all.first(where: { $0.capabilities.exact }) else {
            throw ValidationError("this build has no exact back end to judge against")
        }
        let types: [any LayoutSolver.Type] = try solvers.isEmpty
            ? PlumbBackEnds.all.filter { !$0.capabilities.exact }
            : solvers.map { try backEnd(named: $0) }
        let (seed, origin) = chosenSeed()
        if print {
            if seedFromCommit { writeStandardError("fuzz seed \(seed)\(origin)\n") }
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
        Swift.print("fuzz seed \(seed)\(origin): replay a case with --seed \(seed) --kind KIND --size \(size) --from CASE --count 1")
        fflush(nil)
        let watchdog = FuzzWatchdog(bound: caseTimeLimit) { step, kind, elapsed in
            writeStuck(step, kind: kind, elapsed: elapsed, seed: seed, reference: reference)
        }
        defer { watchdog.stop() }
        var findings = 0
        if kind != .layouts { findings += try runSystems(reference, types, seed: seed, watchdog: watchdog) }
        if kind != .systems { findings += try runLayouts(reference, types, seed: seed, watchdog: watchdog) }
        if findings > 0 { throw ExitCode(1) }
    }

    /// `bench fuzz` arguments that replay case `index` of `kind` alone.
    func replay(_ kind: String, _ index: Int, seed: UInt64) -> String {
        "bench fuzz --seed \(seed) --kind \(kind) --size \(size) --from \(index) --count 1"
    }

    func runSystems(_ reference: any LayoutSolver.Type, _ types: [any LayoutSolver.Type], seed: UInt64,
                    watchdog: FuzzWatchdog) throws -> Int {
        let progress = ProgressLine()
        let summary = DifferentialFuzzer(reference: reference, backEnds: types, size: size)
            .run(seed: seed, from: from, count: count, timeLimit: timeLimit, caseTimeLimit: caseTimeLimit,
                 step: { watchdog.begin($0, kind: "system") }, progress: { index, s in
                     progress.show("system \(index) of \(count): \(s.findings.count) findings")
                 })
        watchdog.pause()
        progress.finish()
        return try report(summary, kind: "system", seed: seed) { finding in
            try writeSystem(finding.shrunk, backEnd: finding.backEnd, seed: seed, index: finding.caseIndex, reason: finding.reason)
            return (systemPath(finding.backEnd, seed: seed, index: finding.caseIndex),
                    "from \(finding.original.constraints.count) to \(finding.shrunk.constraints.count) constraints")
        }
    }

    func runLayouts(_ reference: any LayoutSolver.Type, _ types: [any LayoutSolver.Type], seed: UInt64,
                    watchdog: FuzzWatchdog) throws -> Int {
        let progress = ProgressLine()
        let summary = LayoutFuzzer(reference: reference, backEnds: types, size: size)
            .run(seed: seed, from: from, count: count, timeLimit: timeLimit, caseTimeLimit: caseTimeLimit,
                 step: { watchdog.begin($0, kind: "layout") }, progress: { index, s in
                     progress.show("layout \(index) of \(count): \(s.findings.count) findings")
                 })
        watchdog.pause()
        progress.finish()
        return try report(summary, kind: "layout", seed: seed) { finding in
            let shrunk = finding.isOverBound ? "not shrunk (over its time bound)"
                : "shrunk from weight \(finding.original.weight) to \(finding.shrunk.weight)"
            try writeLayout(finding.shrunk, backEnd: finding.backEnd, seed: seed, index: finding.caseIndex,
                            lines: ["Found by `\(replay("layouts", finding.caseIndex, seed: seed))`, \(shrunk).",
                                    "\(finding.backEnd): \(finding.reason)"])
            return (layoutPath(finding.backEnd, seed: seed, index: finding.caseIndex),
                    "from weight \(finding.original.weight) to \(finding.shrunk.weight)")
        }
    }

    func systemPath(_ backEnd: String, seed: UInt64, index: Int) -> String {
        "\(output)/fuzz-\(backEnd)-seed\(seed)-case\(index).json"
    }

    func layoutPath(_ backEnd: String, seed: UInt64, index: Int) -> String {
        "\(output)/fuzz-\(backEnd)-seed\(seed)-layout\(index).layout"
    }

    func writeSystem(_ system: LinearSystem, backEnd: String, seed: UInt64, index: Int, reason: String) throws {
        var system = system
        system.name = "fuzz \(backEnd) seed \(seed) case \(index): \(reason)"
        try writeText(system.layoutLPJSON() + "\n", to: systemPath(backEnd, seed: seed, index: index))
    }

    func writeLayout(_ layout: RandomLayout, backEnd: String, seed: UInt64, index: Int, lines: [String]) throws {
        let name = "fuzz-\(backEnd)-seed\(seed)-layout\(index)"
        let header = lines + ["Derive the frames by hand before committing it to the corpus (`bench audit` refuses it until then)."]
        try writeText(layout.text(name: name, header: header), to: layoutPath(backEnd, seed: seed, index: index))
    }

    /// What the watchdog does with a stuck step: the case, as it was, written like a finding, and how to replay it.
    func writeStuck(_ step: FuzzStep, kind: String, elapsed: Double, seed: UInt64, reference: any LayoutSolver.Type) {
        let reason = "over its time bound: the step judging \(step.backEnd)\(step.shrinking ? " (shrinking a disagreement)" : "") "
            + "was still running after \(formatSeconds(elapsed)) (the bound is \(formatSeconds(caseTimeLimit)))"
        mkdir(output, 0o755)
        var path = ""
        do {
            if kind == "system" {
                let system = DifferentialFuzzer(reference: reference, backEnds: [], size: size).randomSystem(seed: seed, index: step.caseIndex)
                try writeSystem(system, backEnd: step.backEnd, seed: seed, index: step.caseIndex, reason: reason)
                path = systemPath(step.backEnd, seed: seed, index: step.caseIndex)
            } else {
                let layout = LayoutFuzzer(reference: reference, backEnds: [], size: size).randomLayout(seed: seed, index: step.caseIndex)
                try writeLayout(layout, backEnd: step.backEnd, seed: seed, index: step.caseIndex,
                                lines: ["Found by `\(replay("layouts", step.caseIndex, seed: seed))`, not shrunk (stuck).",
                                        "\(step.backEnd): \(reason)"])
                path = layoutPath(step.backEnd, seed: seed, index: step.caseIndex)
            }
        } catch {
            path = "not written: \(error)"
        }
        Swift.print("\(kind) \(step.caseIndex) is \(reason); the case as it was: \(path)")
        Swift.print("a back end call cannot be interrupted, so the run ends here (exit 1); replay: \(replay(kind + "s", step.caseIndex, seed: seed))")
    }

    /// Writes each finding's reproducer (`write` returns its path and the shrunk size) and prints the summary.
    func report<Case>(_ summary: FuzzSummary<Case>, kind: String, seed: UInt64,
                      write: (FuzzSummary<Case>.Finding) throws -> (path: String, shrunk: String)) throws -> Int {
        if !summary.findings.isEmpty { mkdir(output, 0o755) }
        for finding in summary.findings {
            let (path, shrunk) = try write(finding)
            let replayIt = "replay: \(replay(kind + "s", finding.caseIndex, seed: seed))"
            if finding.isOverBound {
                Swift.print("\(kind) \(finding.caseIndex) is \(finding.reason) (\(finding.backEnd) was under way); the case as it was: \(path); \(replayIt)")
            } else {
                Swift.print("\(finding.backEnd) disagrees on \(kind) \(finding.caseIndex): \(finding.reason); shrunk \(shrunk): \(path); \(replayIt)")
            }
        }
        Swift.print("\(kind)s: \(summary.cases) cases in \(formatTenths(summary.seconds)) s, \(summary.disagreements.count) disagreements, "
              + "\(summary.overBound.count) over the \(formatSeconds(caseTimeLimit)) bound"
              + (kind == "layout" ? ", \(summary.rejected) rejected by the front end" : "")
              + classified(summary.notConverged, summary.approximate, summary.declined))
        for rejection in summary.rejections { Swift.print("  rejected: \(rejection)") }
        return summary.findings.count
    }

    func classified(_ notConverged: [String: Int], _ approximate: [String: (answers: Int, wrong: Int)],
                    _ declined: [String: Int]) -> String {
        let nc = notConverged.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        let dc = declined.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        let ap = approximate.sorted { $0.key < $1.key }
            .map { "\($0.key) \($0.value.answers) (\($0.value.wrong) of them wrong)" }.joined(separator: ", ")
        return (nc.isEmpty ? "" : "; not converged (not counted as wrong): \(nc)")
            + (ap.isEmpty ? "" : "; labelled approximate (not counted as wrong): \(ap)")
            + (dc.isEmpty ? "" : "; declined as ill-conditioned (not counted as wrong): \(dc)")
    }
}
