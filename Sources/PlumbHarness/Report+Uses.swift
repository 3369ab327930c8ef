/// The report's sections on the uses: how it was timed, each use compared, small layouts and the lifecycle.
extension Report {
    /// The timing policy and the uses, as Markdown lines.
    func usesMarkdown() -> [String] {
        var md: [String] = ["## How it was timed", "", results.timing.statement, ""]
        let uses = UseComparison.all(results, among: results.backEndNames)
        if !uses.isEmpty {
            md += ["## Uses compared", "",
                   "Per use, each back end's typical time (median over workloads of each workload's median) and its time over the "
                   + "fastest's: the geometric mean of the per-workload ratios, with their interquartile range. Back ends that did "
                   + "not pass the corpus are listed too, but not recommended.", "",
                   "| use | back end | typical | × fastest [IQR] | workloads |", "|---|---|---|---|---|"]
            for comparison in uses {
                for (i, s) in comparison.standings.enumerated() {
                    md.append("| \(i == 0 ? comparison.use.rawValue : "") | \(s.backEnd) | \(formatSeconds(s.typical)) | "
                              + (i == 0 ? "fastest" : "\(format3(s.ratio))× [\(format3(s.lowRatio))–\(format3(s.highRatio))]")
                              + " | \(s.workloads) |")
                }
            }
            md.append("")
        }
        md += smallLayoutsMarkdown() + lifecycleMarkdown()
        return md
    }

    func smallLayoutsMarkdown() -> [String] {
        let small = results.timings.filter { $0.use == .small }
        guard !small.isEmpty else { return [] }
        var md = ["## Small layouts", "",
                  "Independent layouts of one source file's blocks each (the app family's files), each timed alone, on every back end "
                  + "in turn (so that the machine's load falls on all alike). Per back end: "
                  + "the median over layouts of each layout's median build+solve (interquartile range over layouts), and the sum of "
                  + "the medians: the time to lay out every file once.", "",
                  "| back end | layouts | rows (median) | build+solve per layout | sum over those timed | not timed |", "|---|---|---|---|---|---|"]
        for name in results.backEndNames {
            let mine = small.filter { $0.backEnd == name }
            guard !mine.isEmpty else { continue }
            let medians = mine.compactMap { Summary($0.buildSolve)?.median }
            let rows = Summary(mine.map { Double($0.constraints) })?.median ?? 0
            md.append("| \(name) | \(mine.count) | \(Int(rows)) | \(spread(medians)) | \(formatSeconds(medians.reduce(0, +))) | "
                      + "\(mine.filter { $0.status != "ok" }.count) |")
        }
        return md + [""]
    }

    func lifecycleMarkdown() -> [String] {
        let lifecycle = results.timings.filter { $0.use == .lifecycle }
        guard !lifecycle.isEmpty else { return [] }
        var md = ["## Lifecycle", "",
                  "What an app does between frames, on a laid-out screen: update the constants of a few views, remake a view, "
                  + "remove a view (every constraint naming it) and add it back, resize the root. Median seconds per operation "
                  + "over the runs (interquartile range in brackets); the build of each run is not included.", ""]
        let kinds = Workload.Kind.allCases.map(\.rawValue)
        for family in Array(Set(lifecycle.map(\.family))).sorted() {
            md += ["### \(family)", "", "| size | back end | " + kinds.joined(separator: " | ") + " |",
                   "|---|---|" + String(repeating: "---|", count: kinds.count)]
            let rows = lifecycle.filter { $0.family == family }.sorted { ($0.size, $0.backEnd) < ($1.size, $1.backEnd) }
            for t in rows {
                let cells = kinds.map { kind -> String in
                    guard t.status == "ok" else { return "—" }
                    return t.lifecycle[kind].map { spread($0) } ?? "—"
                }
                let note = t.status == "ok" ? "" : " (\(t.status.prefix(60)))"
                md.append("| \(t.size) | \(t.backEnd)\(note) | " + cells.joined(separator: " | ") + " |")
            }
            md.append("")
        }
        return md
    }

    /// One line per use for the terminal: the fastest, and each other back end's ratio.
    func usesSummaryLines() -> [String] {
        let uses = UseComparison.all(results, among: conformingNames)
        guard !uses.isEmpty else { return [] }
        var lines = ["", "By use (× the fastest: geometric mean of per-workload ratios [IQR]; back ends that passed the corpus)"]
        for c in uses {
            guard let best = c.standings.first else { continue }
            let others = c.standings.dropFirst().map { "\($0.backEnd) \(format3($0.ratio))× [\(format3($0.lowRatio))–\(format3($0.highRatio))]" }
            lines.append(pad(c.use.rawValue, 26) + pad("\(best.backEnd) \(formatSeconds(best.typical))", 24) + others.joined(separator: "  "))
        }
        return lines
    }
}
