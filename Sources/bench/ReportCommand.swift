import ArgumentParser
import PlumbHarness

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write the Markdown report and the SVG charts again from a results file, and print the summary."
    )

    @Argument(help: "A results file (the default is the last `bench run`'s).")
    var file = "run-results/latest.json"

    @Option(help: "The folder to write report.md, report.html (one page, charts inline) and the charts into.")
    var output = "run-results"

    @Flag(help: "Also write the results file again, as runs/<its date>.json and latest.json in the output folder (in this version's format: compact, at most 25 samples per figure).")
    var json = false

    func run() throws {
        let results = try exitOnInputError { try loadResults(file) }
        try writeResults(results, to: output, keepRun: json)
        print(Report(results: results).terminalSummary())
    }
}
