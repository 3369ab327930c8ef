/// The words a person reads after a run: a one-screen terminal summary and the Markdown report.
public struct Report {
    public let results: RunResults

    public init(results: RunResults) { self.results = results }

    var debugWarning: String? {
        results.configuration == .release ? nil :
            "WARNING: this is a \(results.configuration) build: its timings are not fit to be read. Run `swift run -c release bench`."
    }

    /// The one-screen summary.
    public func terminalSummary() -> String {
        var lines: [String] = []
        if let debugWarning { lines += [debugWarning, ""] }
        lines.append("Plumb bench · \(results.configuration) build · \(results.machine) · commit \(results.commit)")
        let summaries = results.summaries()
        let layouts = Set(results.conformance.map(\.layout)).count
        lines.append("")
        lines.append("Conformance on \(layouts) corpus layouts (\(results.conformance.count / max(1, summaries.count)) expectations each back end)")
        let nameWidth = max(14, (summaries.map(\.name.count).max() ?? 0) + 2)
        lines.append(pad("back end", nameWidth) + pad("passed", 8) + pad("failed", 8) + pad("unsupp.", 9) + pad("not conv.", 11) + "largest error")
        for s in summaries where s.layouts > 0 {
            lines.append(pad(s.name, nameWidth) + pad("\(s.layoutsPassed)", 8) + pad("\(s.layoutsFailed)", 8)
                         + pad("\(s.layoutsUnsupported)", 9) + pad("\(s.layoutsNotConverged)", 11) + shortNumber(s.largestError))
        }
        let timed = summaries.filter { !$0.buildSolveByLayout.isEmpty }
        if !timed.isEmpty {
            lines.append("")
            lines.append("Time on the corpus (median over layouts of each layout's median; spread = IQR of those medians)")
            lines.append(pad("back end", nameWidth) + pad("build+solve", 26) + "per edit round")
            for s in timed {
                lines.append(pad(s.name, nameWidth) + pad(spread(s.buildSolveByLayout.values.map(\.median)), 26)
                             + (s.perEditByLayout.isEmpty ? "—" : spread(s.perEditByLayout.values.map(\.median))))
            }
            for (i, a) in timed.enumerated() {
                for b in timed[(i + 1)...] {
                    if let r = results.speedup(a.buildSolveByLayout, over: b.buildSolveByLayout) {
                        let (fast, slow, ratio) = r.ratio >= 1 ? (a.name, b.name, r.ratio) : (b.name, a.name, 1 / r.ratio)
                        lines.append("  \(fast) is \(format3(ratio))× faster than \(slow) at build+solve (geometric mean over \(r.workloads) layouts)")
                    }
                }
            }
        }
        let families = results.scalingPoints()
        if !families.isEmpty {
            lines.append("")
            lines.append("Growth exponent of build+solve time with size (fit over three or more sizes from 1,000 views up), and the largest size done")
            let names = results.backEndNames
            lines.append(pad("family", 13) + names.map { pad($0, 26) }.joined())
            for family in families.keys.sorted() {
                var row = pad(family, 13)
                for name in names {
                    let points = families[family]?[name] ?? []
                    guard let largest = points.max(by: { $0.size < $1.size }) else { row += pad("—", 26); continue }
                    let k = RunResults.exponent(of: points).map { "n^" + format3($0) } ?? "—"
                    row += pad("\(k) @\(largest.size): \(formatSeconds(largest.buildSolve))", 26)
                }
                lines.append(row)
            }
        }
        lines += usesSummaryLines()
        lines += propertiesSummaryLines()
        if let debugWarning { lines += ["", debugWarning] }
        return lines.joined(separator: "\n")
    }

    /// The report as a document: the run's date, machine and build; the verdict (which back end for what, and where
    /// each loses); the uses compared and the leaderboard, with the uses chart; conformance with its failures; the
    /// small-layout, lifecycle and scaling figures; the other charts; then how it was timed and the conformance
    /// rules. `charts` are (file, SVG) pairs.
    public func document(charts: [(file: String, svg: String)] = []) -> ReportDocument {
        var doc = ReportDocument(title: "Plumb benchmark report")
        if let debugWarning { doc.blocks.append(.warning(debugWarning)) }
        var run = "Run of \(results.date) on \(results.machine), \(results.configuration) build, commit `\(results.commit)`."
        if let state = results.machineState {
            run += " Load when it started: \(state.load.map(format3) ?? "not known"); calibration loop \(formatSeconds(state.calibration))."
        }
        doc.blocks.append(.paragraph(run))
        doc.blocks += [.heading(level: 2, text: "Which back end to embed"), .bullets(recommendations())]
        let lost = losses()
        if !lost.isEmpty {
            doc.blocks += [.paragraph("**Where each loses** (over 1.25× the fastest's time):"),
                           .table(.init(headers: ["back end", "loses at"],
                                        rows: lost.map { [$0.backEnd, $0.uses.joined(separator: ", ")] }))]
        }
        let usesChart = charts.first { $0.file == Self.usesChartFile }
        doc.blocks += usesBlocks(chart: usesChart.map { .chart(file: $0.file, svg: $0.svg) })
        doc.blocks += conformanceBlocks()
        doc.blocks += propertiesBlocks()
        doc.blocks += bindingBlocks() + smallLayoutsBlocks() + lifecycleBlocks() + scalingBlocks()
        let others = charts.filter { $0.file != Self.usesChartFile }
        if !others.isEmpty {
            doc.blocks.append(.heading(level: 2, text: "Charts"))
            doc.blocks += others.map { .chart(file: $0.file, svg: $0.svg) }
        }
        doc.blocks += [.heading(level: 2, text: "How it was timed")] + Self.blocks(of: results.timing.statement)
            + [.heading(level: 2, text: "Conformance rules")] + Self.blocks(of: results.policy.statement)
        return doc
    }

    /// A statement as blocks: a list where every line is a `- ` item, else one paragraph.
    static func blocks(of statement: String) -> [ReportDocument.Block] {
        let lines = statement.split(separator: "\n").map(String.init)
        guard !lines.isEmpty, lines.allSatisfy({ $0.hasPrefix("- ") }) else { return [.paragraph(statement)] }
        return [.bullets(lines.map { String($0.dropFirst(2)) })]
    }

    /// The leaderboard chart's file: shown under the table of uses, the other charts in a section of their own.
    public static let usesChartFile = "uses.svg"

    /// The Markdown report (`report.md`); the charts are linked by file name.
    public func markdown(chartFiles: [String]) -> String {
        document(charts: chartFiles.map { (file: $0, svg: "") }).markdown()
    }

    func scalingBlocks() -> [ReportDocument.Block] {
        let families = results.scalingPoints()
        guard !families.isEmpty else { return [] }
        var blocks: [ReportDocument.Block] = [
            .heading(level: 2, text: "Scaling"),
            .paragraph("Median build+solve time by size (per resize round in brackets). The growth exponent is fitted only "
                       + "where three or more sizes of 1,000 views and up were measured; — where fewer were."),
        ]
        for family in families.keys.sorted() {
            let columns = Array(Set((families[family] ?? [:]).values.flatMap { $0.map(\.size) })).sorted()
            var rows: [[String]] = []
            for (name, points) in (families[family] ?? [:]).sorted(by: { $0.key < $1.key }) {
                let cells = columns.map { size -> String in
                    guard let p = points.first(where: { $0.size == size }) else { return "—" }
                    return formatSeconds(p.buildSolve) + (p.perEdit.map { " (\(formatSeconds($0)))" } ?? "")
                }
                rows.append([name] + cells + [RunResults.exponent(of: points).map(format3) ?? "—"])
            }
            blocks += [.heading(level: 3, text: family),
                       .table(.init(headers: ["back end"] + columns.map { "\($0) views" } + ["exponent"], rows: rows,
                                    numeric: Set(1...(columns.count + 1))))]
        }
        return blocks
    }

    /// The back ends whose speed counts: those that passed the corpus (every one, when none did or none was judged).
    var conformingNames: [String] {
        let summaries = results.summaries()
        let conforming = summaries.filter { $0.layouts > 0 && $0.layoutsFailed == 0 && $0.layoutsNotConverged == 0 }.map(\.name)
        let judged = Set(summaries.filter { $0.layouts > 0 }.map(\.name))
        // A back end that was timed but never judged (no corpus in this run) keeps its place.
        let unjudged = results.backEndNames.filter { !judged.contains($0) }
        return conforming.isEmpty ? results.backEndNames : conforming + unjudged
    }

    /// Per back end that passed the corpus, the uses where it takes over 1.25× the fastest's time:
    /// `remake a view (28.0× kiwi)`.
    public func losses() -> [(backEnd: String, uses: [String])] {
        let uses = UseComparison.all(results, among: conformingNames)
        return conformingNames.compactMap { name in
            let lost = uses.compactMap { c -> String? in
                guard let s = c.standings.first(where: { $0.backEnd == name }), s.ratio > 1.25,
                      let best = c.standings.first else { return nil }
                return "\(c.use.rawValue) (\(format3(s.ratio))× \(best.backEnd))"
            }
            return lost.isEmpty ? nil : (name, lost)
        }
    }

    /// One recommendation per use, each from measured figures, then which back ends were not ranked and which
    /// one to verify with.
    public func recommendations() -> [String] {
        let summaries = results.summaries()
        guard !results.backEndNames.isEmpty else { return ["No back end ran."] + [propertiesRecommendation()].compactMap { $0 } }
        let pool = conformingNames
        var lines: [String] = []
        let excluded = results.backEndNames.filter { !pool.contains($0) }
        let uses = UseComparison.all(results, among: pool)
        for comparison in uses {
            guard let best = comparison.standings.first else { continue }
            let others = comparison.standings.dropFirst().map { s in
                "\(s.backEnd) \(format3(s.ratio))× [\(format3(s.lowRatio))–\(format3(s.highRatio))]"
            }
            lines.append("**\(comparison.use.rawValue.capitalizedFirst): \(best.backEnd)** (typical \(formatSeconds(best.typical)), "
                         + "\(comparison.figure), \(best.workloads) workloads)"
                         + (others.isEmpty ? "." : "; the others take " + others.joined(separator: ", ") + " its time."))
        }
        if !excluded.isEmpty {
            lines.append("Not ranked for speed, since they failed or did not converge on corpus layouts: \(excluded.joined(separator: ", ")).")
        }
        if let exact = summaries.first(where: { $0.name == results.reference }) {
            lines.append("**Verification and debugging: \(exact.name).** Exact answers, irreducible conflict sets and ambiguity ranges; it passed \(exact.layoutsPassed) of \(exact.layouts) corpus layouts.")
        } else if let s = summaries.max(by: { $0.layoutsPassed < $1.layoutsPassed }), s.layouts > 0 {
            lines.append("**Verification and debugging: \(s.name)** (most corpus layouts passed: \(s.layoutsPassed) of \(s.layouts); no exact back end ran).")
        }
        if let properties = propertiesRecommendation() { lines.append(properties) }
        return lines.isEmpty ? ["No timings to compare."] : lines
    }

    func median(_ table: [String: Summary]) -> Double {
        Summary(table.values.map(\.median))?.median ?? .infinity
    }

    func spread(_ values: [Double]) -> String {
        guard let s = Summary(values) else { return "—" }
        return "\(formatSeconds(s.median)) [\(formatSeconds(s.lowerQuartile)) … \(formatSeconds(s.upperQuartile))]"
    }

    func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    func shortNumber(_ v: Double) -> String {
        v == 0 ? "0" : (abs(v) < 1e-3 || abs(v) >= 1e6 ? scientific(v) : format3(v))
    }

    func scientific(_ v: Double) -> String {
        // (a results file may hold an infinite or NaN error: a peer that answered garbage)
        guard v.isFinite, v != 0 else { return ReadableNumbers.format(v) }
        let e = Int(floor(log10(abs(v))))
        return format3(v / pow(10, Double(e))) + "e" + String(e)
    }
}

#if canImport(Glibc)
import Glibc
#endif

extension String {
    /// The text with its first letter upper-cased.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
