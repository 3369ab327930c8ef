import PlumbSystem
import PlumbFrontEnd

/// Checks that no two corpus files give the same layout name: results, baselines and `--filter` know a layout by
/// its name, so a second file with the name would be confused with the first.
public struct LayoutNameAudit {
    public init() {}

    /// One finding per file whose name an earlier file (in path order) already has, naming both files.
    public func audit(_ corpus: Corpus) -> [ExpectationAudit.Finding] {
        var first: [String: CorpusEntry] = [:]
        var findings: [ExpectationAudit.Finding] = []
        for entry in corpus.entries {
            guard let earlier = first[entry.name] else {
                first[entry.name] = entry
                continue
            }
            let shown = Corpus.shownPath(entry.path, root: corpus.root)
            let earlierShown = Corpus.shownPath(earlier.path, root: corpus.root)
            let earlierWhere = earlier.script.nameLocation?.description ?? earlierShown + " (named after the file)"
            findings.append(ExpectationAudit.Finding(
                location: entry.script.nameLocation ?? SourceLocation(file: shown, line: 1),
                message: "the layout name '\(entry.name.excerpt)' is already used by \(earlierWhere): "
                    + "results and baselines know a layout by its name, so give each file its own `layout NAME`"))
        }
        return findings
    }
}
