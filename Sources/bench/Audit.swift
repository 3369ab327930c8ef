import ArgumentParser
import PlumbCorpus

struct Audit: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Audit the corpus: every file parses, names are unique, every view has an expectation, and hand-derived frames satisfy every required constraint exactly.",
        discussion: "No back end is involved: this catches two files with the same layout name, a derivation that breaks a required row, a missing view, a `?` without its range, or a conflict label that names no constraint."
    )

    @Option(help: "The corpus folder (default: corpus/ of this checkout).")
    var corpus: String?

    @Option(help: "Only layouts whose name, path or tag contains this.")
    var filter: String?

    func run() throws {
        let loaded = try loadCorpus(corpus)
        let entries = loaded.entries.filter { filter == nil || $0.matches(filter ?? "") }
        var problems = 0
        var expectations = 0
        // Names are checked over the whole corpus, whatever the filter: a name is unique there or nowhere.
        for finding in LayoutNameAudit().audit(loaded) {
            printError(finding.description)
            problems += 1
        }
        for entry in entries {
            expectations += entry.expectations.count
            for finding in ExpectationAudit().audit(entry) {
                printError(finding.description)
                problems += 1
            }
        }
        print("\(entries.count) layouts, \(expectations) expectations, \(problems) problem\(problems == 1 ? "" : "s")")
        if problems > 0 { throw ExitCode(1) }
    }
}
