/// The report's sections on the uses: each use compared, small layouts and the lifecycle.
extension Report {
    /// Every use in one table (a row per use, a column per back end, each cell that back end's time over the
    /// fastest's) and `chart` under it; then the leaderboard: one table per use, fastest first, with the spread.
    func usesBlocks(chart: ReportDocument.Block? = nil) -> [ReportDocument.Block] {
        let uses = UseComparison.all(results, among: results.backEndNames)
        guard !uses.isEmpty else { return [] }
        let names = results.backEndNames
        var rows: [[String]] = []
        for comparison in uses {
            guard let best = comparison.standings.first else { continue }
            let cells = names.map { name -> String in
                guard let s = comparison.standings.first(where: { $0.backEnd == name }) else { return "—" }
                return s.backEnd == best.backEnd ? "**1×**" : "\(format3(s.ratio))×"
            }
            rows.append([comparison.use.rawValue, "\(best.backEnd), \(formatSeconds(best.typical))"] + cells)
        }
        var blocks: [ReportDocument.Block] = [
            .heading(level: 2, text: "Uses compared"),
            .paragraph("Each use timed on its own workloads. A cell is that back end's time over the fastest's: the geometric "
                       + "mean of its per-workload ratios (1× is the fastest; — where it did not run). Back ends that did not "
                       + "pass the corpus are listed too, but not recommended."),
            .table(.init(headers: ["use", "fastest, typical time"] + names, rows: rows, numeric: Set(2..<(2 + names.count)))),
        ]
        if let chart { blocks.append(chart) }
        blocks += [
            .heading(level: 2, text: "Leaderboard by use"),
            .paragraph("Per use, fastest first. Typical: the median over workloads of each workload's median. × fastest: the "
                       + "geometric mean of the per-workload ratios to the fastest, with their interquartile range; workloads: "
                       + "how many this back end ran (a back end over its time budget at a size, or unsupported, runs fewer)."),
        ]
        for comparison in uses {
            let table = comparison.standings.enumerated().map { i, s -> [String] in
                ["\(i + 1)", s.backEnd, formatSeconds(s.typical),
                 i == 0 ? "fastest" : "\(format3(s.ratio))× [\(format3(s.lowRatio))–\(format3(s.highRatio))]", "\(s.workloads)"]
            }
            blocks += [.heading(level: 3, text: "\(comparison.use.rawValue.capitalizedFirst): \(comparison.figure)"),
                       .table(.init(headers: ["", "back end", "typical", "× fastest [IQR]", "workloads"], rows: table,
                                    numeric: [0, 2, 3, 4]))]
        }
        return blocks
    }

    func smallLayoutsBlocks() -> [ReportDocument.Block] {
        let small = results.timings.filter { $0.suite == .small }
        guard !small.isEmpty else { return [] }
        var rows: [[String]] = []
        for name in results.backEndNames {
            let mine = small.filter { $0.backEnd == name }
            guard !mine.isEmpty else { continue }
            let medians = mine.compactMap { Summary($0.buildSolve)?.median }
            let rowCount = Summary(mine.map { Double($0.constraints) })?.median ?? 0
            rows.append([name, "\(mine.count)", "\(Int(rowCount))", spread(medians), formatSeconds(medians.reduce(0, +)),
                         "\(mine.filter { !$0.status.isOK }.count)"])
        }
        return [
            .heading(level: 2, text: "Small layouts"),
            .paragraph("Independent layouts of one source file's blocks each (the app family's files), each timed alone, on "
                       + "every back end in turn (so that the machine's load falls on all alike). Per back end: the median "
                       + "over layouts of each layout's median build+solve (interquartile range over layouts), and the sum "
                       + "of the medians: the time to lay out every file once."),
            .table(.init(headers: ["back end", "layouts", "rows (median)", "build+solve per layout", "sum over those timed",
                                   "not timed"], rows: rows, numeric: [1, 2, 3, 4, 5])),
        ]
    }

    func lifecycleBlocks() -> [ReportDocument.Block] {
        let lifecycle = results.timings.filter { $0.suite == .lifecycle }
        guard !lifecycle.isEmpty else { return [] }
        var blocks: [ReportDocument.Block] = [
            .heading(level: 2, text: "Lifecycle"),
            .paragraph("What an app does between frames, on a laid-out screen: update the constants of a few views, remake a "
                       + "view, remove a view (every constraint naming it) and add it back, resize the root. Median time per "
                       + "operation over the runs, ± half the interquartile range as a share of the median; the build of "
                       + "each run is not included. The fastest at each size is in bold."),
        ]
        let kinds = Workload.Kind.allCases
        for family in Array(Set(lifecycle.map(\.family))).sorted() {
            var rows: [[String]] = []
            var untimed: [String] = []
            let mine = lifecycle.filter { $0.family == family }
            for size in Array(Set(mine.map(\.size))).sorted() {
                let here = mine.filter { $0.size == size }.sorted { $0.backEnd < $1.backEnd }
                let timed = here.filter { $0.status.isOK }
                let fastest = Dictionary(uniqueKeysWithValues: kinds.map { kind in
                    (kind, timed.compactMap { $0.lifecycle[kind].flatMap { Summary($0)?.median } }.min())
                })
                for t in timed {
                    rows.append(["\(size)", t.backEnd] + kinds.map { kind -> String in
                        guard let s = t.lifecycle[kind].flatMap({ Summary($0) }) else { return "—" }
                        let cell = "\(formatSeconds(s.median)) ±\(percent((s.upperQuartile - s.lowerQuartile) / 2 / s.median))"
                        return s.median == fastest[kind] ?? nil && timed.count > 1 ? "**\(cell)**" : cell
                    })
                }
                let skipped = here.filter { !$0.status.isOK }
                if !skipped.isEmpty {
                    untimed.append("\(size) views: " + skipped.map { "\($0.backEnd) (\($0.status.brief))" }.joined(separator: ", "))
                }
            }
            blocks += [.heading(level: 3, text: family),
                       .table(.init(headers: ["views", "back end"] + kinds.map(\.rawValue), rows: rows, numeric: Set(2..<(2 + kinds.count))))]
            if !untimed.isEmpty { blocks.append(.paragraph("Not timed: " + untimed.joined(separator: "; ") + ".")) }
        }
        return blocks
    }

    /// A share as a whole percentage, at least `<1%`.
    func percent(_ share: Double) -> String {
        guard share.isFinite else { return "—" }
        let p = Int((share * 100).rounded())
        return p < 1 ? "<1%" : "\(p)%"
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
