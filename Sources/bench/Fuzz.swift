import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import PlumbSystem
import PlumbSolver
import PlumbHarness
import PlumbBackEnds

struct Fuzz: ParsableCommand {
    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case systems, nearDependent = "near-dependent", layouts, both, all

        var runsSystems: Bool { self == .systems || self == .both || self == .all }
        var runsNearDependent: Bool { self == .nearDependent || self == .all }
        var runsLayouts: Bool { self == .layouts || self == .both || self == .all }
    }

    static let configuration = CommandConfiguration(
        abstract: "Differential fuzzing: random layouts and random prioritized systems through the back ends, each judged against the exact one.",
        discussion: """
        Three kinds of case, each deterministic from --seed. Layouts: random view trees and Masonry chains drawn from \
        the whole grammar (composites, anchors, multipliers, insets, near-equal priorities, inequalities), then \
        updates, remakes, removals, resizes, edits and suggestions, played through the front end and the incremental \
        engine; every expectation's unsatisfiable set, unique frames and level totals are compared. Systems: random \
        layout-lp/1 rows with small coefficients and priorities; status, level totals and unique values are compared. \
        Near-dependent systems: 2 to 5 variables, rows that are small multiples of others with one coefficient moved \
        by 1e-3 ... 1e-11 (exact decimals), judged like systems: a floating-point back end must answer them right, \
        label them approximate, or decline them, never answer wrongly as ok or call them infeasible. --kind both \
        runs systems and layouts, --kind all (the default) every kind.

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
          bench fuzz --count 2000                      every kind, 2,000 cases each
          bench fuzz --kind near-dependent --count 5000 --solver cassowary
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

    @Option(help: "Which cases: systems, near-dependent, layouts, both (systems and layouts) or all.")
    var kind: Kind = .all

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
            let nearDependent = NearDependentSystems()
            let layouts = LayoutFuzzer(reference: reference, backEnds: [], size: size)
            for index in from..<(from + count) {
                if kind.runsSystems {
                    var system = systems.randomSystem(seed: seed, index: index)
                    system.name = "fuzz seed \(seed) system \(index)"
                    Swift.print(system.layoutLPJSON())
                }
                if kind.runsNearDependent {
                    var system = nearDependent.system(seed: seed, index: index)
                    system.name = "fuzz seed \(seed) near-dependent system \(index)"
                    Swift.print(system.layoutLPJSON())
                }
                if kind.runsLayouts {
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
        if kind.runsSystems { findings += try runSystems(reference, types, .general, seed: seed, watchdog: watchdog) }
        if kind.runsNearDependent {
            findings += try runSystems(reference, types, .nearDependent, seed: seed, watchdog: watchdog)
        }
        if kind.runsLayouts { findings += try runLayouts(reference, types, seed: seed, watchdog: watchdog) }
        if findings > 0 { throw ExitCode(1) }
    }

    /// `bench fuzz` arguments that replay case `index` of the kind whose cases are called `caseName` alone.
    func replay(_ caseName: String, _ index: Int, seed: UInt64) -> String {
        let kind: Kind = switch caseName {
        case "layout": .layouts
        case "near-dependent system": .nearDependent
        default: .systems
        }
        return "bench fuzz --seed \(seed) --kind \(kind.rawValue) --size \(size) --from \(index) --count 1"
    }

    func runSystems(_ reference: any LayoutSolver.Type, _ types: [any LayoutSolver.Type], _ shape: DifferentialFuzzer.Shape,
                    seed: UInt64, watchdog: FuzzWatchdog) throws -> Int {
        let progress = ProgressLine()
        let name = shape.caseName
        let summary = DifferentialFuzzer(reference: reference, backEnds: types, size: size, shape: shape)
            .run(seed: seed, from: from, count: count, timeLimit: timeLimit, caseTimeLimit: caseTimeLimit,
                 step: { watchdog.begin($0, kind: name) }, progress: { index, s in
                     progress.show("\(name) \(index) of \(count): \(s.findings.count) findings")
                 })
        watchdog.pause()
        progress.finish()
        return try report(summary, kind: name, seed: seed) { finding in
            try writeSystem(finding.shrunk, backEnd: finding.backEnd, shape: shape, seed: seed, index: finding.caseIndex,
                            reason: finding.reason)
            return (systemPath(finding.backEnd, shape: shape, seed: seed, index: finding.caseIndex),
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
                            lines: ["Found by `\(replay("layout", finding.caseIndex, seed: seed))`, \(shrunk).",
                                    "\(finding.backEnd): \(finding.reason)"])
            return (layoutPath(finding.backEnd, seed: seed, index: finding.caseIndex),
                    "from weight \(finding.original.weight) to \(finding.shrunk.weight)")
        }
    }

    func systemPath(_ backEnd: String, shape: DifferentialFuzzer.Shape, seed: UInt64, index: Int) -> String {
        "\(output)/fuzz-\(backEnd)-seed\(seed)-\(shape == .general ? "case" : "near-dependent")\(index).json"
    }

    func layoutPath(_ backEnd: String, seed: UInt64, index: Int) -> String {
        "\(output)/fuzz-\(backEnd)-seed\(seed)-layout\(index).layout"
    }

    func writeSystem(_ system: LinearSystem, backEnd: String, shape: DifferentialFuzzer.Shape, seed: UInt64, index: Int,
                     reason: String) throws {
        var system = system
        system.name = "fuzz \(backEnd) seed \(seed) \(shape.caseName) \(index): \(reason)"
        try writeText(system.layoutLPJSON() + "\n", to: systemPath(backEnd, shape: shape, seed: seed, index: index))
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
            if let shape = DifferentialFuzzer.Shape(caseName: kind) {
                let system = DifferentialFuzzer(reference: reference, backEnds: [], size: size, shape: shape)
                    .system(seed: seed, index: step.caseIndex)
                try writeSystem(system, backEnd: step.backEnd, shape: shape, seed: seed, index: step.caseIndex, reason: reason)
                path = systemPath(step.backEnd, shape: shape, seed: seed, index: step.caseIndex)
            } else {
                let layout = LayoutFuzzer(reference: reference, backEnds: [], size: size).randomLayout(seed: seed, index: step.caseIndex)
                try writeLayout(layout, backEnd: step.backEnd, seed: seed, index: step.caseIndex,
                                lines: ["Found by `\(replay("layout", step.caseIndex, seed: seed))`, not shrunk (stuck).",
                                        "\(step.backEnd): \(reason)"])
                path = layoutPath(step.backEnd, seed: seed, index: step.caseIndex)
            }
        } catch {
            path = "not written: \(error)"
        }
        Swift.print("\(kind) \(step.caseIndex) is \(reason); the case as it was: \(path)")
        Swift.print("a back end call cannot be interrupted, so the run ends here (exit 1); replay: \(replay(kind, step.caseIndex, seed: seed))")
    }

    /// Writes each finding's reproducer (`write` returns its path and the shrunk size) and prints the summary.
    func report<Case>(_ summary: FuzzSummary<Case>, kind: String, seed: UInt64,
                      write: (FuzzSummary<Case>.Finding) throws -> (path: String, shrunk: String)) throws -> Int {
        if !summary.findings.isEmpty { mkdir(output, 0o755) }
        for finding in summary.findings {
            let (path, shrunk) = try write(finding)
            let replayIt = "replay: \(replay(kind, finding.caseIndex, seed: seed))"
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

extension DifferentialFuzzer.Shape {
    /// How the fuzz run names one case of this shape ("system 12", "near-dependent system 12"); the `--kind` that
    /// runs them is `systems` and `near-dependent` (see `replay`).
    var caseName: String { self == .general ? "system" : "near-dependent system" }

    init?(caseName: String) {
        switch caseName {
        case "system": self = .general
        case "near-dependent system": self = .nearDependent
        default: return nil
        }
    }
}
