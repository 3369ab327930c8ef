import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import PlumbCorpus
import PlumbHarness
import PlumbFiles

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Conformance only, against the pinned baseline: exit 1 if a layout that passed no longer does.",
        discussion: """
        The baseline is results/baseline/NAME.txt per back end (the layouts that pass). Fast enough for CI: no timing, \
        no generated families. After an intended improvement, pin it with --update-baseline and commit the files. \
        A baseline entry that names no corpus layout fails too (remove it or restore the layout); layouts that \
        --filter leaves out are not judged.
        """
    )

    @OptionGroup var backEndOptions: BackEndOptions
    @OptionGroup var filterOption: FilterOption

    @Flag(help: "Write the current passing layouts as the new baseline instead of checking.")
    var updateBaseline = false

    @Option(help: "The results folder holding baseline/.")
    var output = "results"

    @Flag(help: "No progress line.")
    var quiet = false

    func run() throws {
        var plan = RunPlan(backEnds: try backEndOptions.selected(), available: availableBackEnds)
        plan.filter = filterOption.filter
        plan.timeCorpus = false
        try preflight(plan.backEnds)
        let corpus = try loadCorpus(nil)
        let played = Set(plan.selected(corpus).map(\.name))
        let progress = ProgressLine(quiet: quiet)
        var results = RunResults(date: nowStamp(), machine: machineDescription(), configuration: buildConfiguration,
                                 commit: currentCommit(), policy: plan.policy)
        results.reference = plan.oracle?.name
        Harness(plan: plan) { progress.show($0) }.run(corpus, into: &results)
        progress.finish()
        print(Report(results: results).terminalSummary())
        var lost = 0
        for backEnd in plan.backEnds {
            let path = "\(output)/baseline/\(backEnd.name).txt"
            let outcomes = results.layoutOutcomes()[backEnd.name] ?? [:]
            if updateBaseline {
                mkdir(output, 0o755)
                mkdir(output + "/baseline", 0o755)
                let passing = Set(outcomes.filter { $0.value == .pass }.keys)
                try writeText(Baseline(backEnd: backEnd.name, passing: passing).text, to: path)
                print("pinned \(passing.count) passing layouts for \(backEnd.name) in \(path)")
                continue
            }
            guard let bytes = Corpus.read(path) else {
                print("no baseline for \(backEnd.name) (\(path)): nothing to lose yet; pin one with --update-baseline")
                continue
            }
            let baseline = Baseline(backEnd: backEnd.name, text: String(decoding: bytes, as: UTF8.self))
            for loss in baseline.losses(in: results, corpus: Set(corpus.entries.map(\.name)), played: played) {
                printError(loss.message(backEnd: backEnd.name, file: path))
                lost += 1
            }
        }
        if lost > 0 { throw ExitCode(1) }
    }
}

struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare two runs: conformance changes and speed changes beyond the noise threshold; exit 2 on a regression.",
        discussion: """
        First a summary: whether the runs are comparable (machine, build, the machine's load and the speed of a \
        calibration loop each run timed when it started), the back ends one run lacks, and per back end the geometric \
        mean of its speed ratios. When the calibration loop ran more than 5% slower or faster in the new run, the new \
        times are divided by that factor before they are compared, so a busier machine is not a slower commit. \
        A speed change counts only when the ratio of medians stays beyond --threshold even at the favourable ends of \
        both runs' interquartile ranges, so this machine's noise does not fail it.
        """
    )

    @Argument(help: "The earlier run (run-results/runs/....json by default, results/runs/ for committed runs).")
    var old: String

    @Argument(help: "The later run.")
    var new: String

    @Option(help: "Speed ratio that counts as a change (1.2 = 20%).")
    var threshold = 1.2

    func validate() throws {
        guard threshold >= 1, threshold.isFinite else { throw ValidationError("--threshold must be a finite ratio of 1 or more (1.2 = 20%)") }
    }

    func run() throws {
        let before = try exitOnInputError { try loadResults(old) }
        let after = try exitOnInputError { try loadResults(new) }
        let comparison = Comparison(old: before, new: after, threshold: threshold)
        for line in comparison.summary { print(line) }
        if !comparison.changes.isEmpty { print("") }
        for change in comparison.changes { print(change.description) }
        print("\(comparison.changes.count) changes, \(comparison.regressions.count) regressions")
        if !comparison.regressions.isEmpty { throw ExitCode(2) }
    }
}

func loadResults(_ path: String) throws -> RunResults {
    do { return try RunResults(json: try readFile(path), source: path) } catch let error as ResultsError {
        throw InputError(error.description)
    }
}
