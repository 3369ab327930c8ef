import ArgumentParser
import PlumbHarness

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write the Markdown report and the SVG charts again from a results file, and print the summary."
    )

    @Argument(help: "A results file (default: results/latest.json).")
    var file = "results/latest.json"

    @Option(help: "The folder to write report.md and the charts into.")
    var output = "results"

    func run() throws {
        let results = try exitOnInputError { try loadResults(file) }
        try writeResults(results, to: output, keepRun: false)
        print(Report(results: results).terminalSummary())
    }
}
