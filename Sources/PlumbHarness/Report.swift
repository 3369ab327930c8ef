/// The words a person reads after a run: a one-screen terminal summary and the Markdown report.
public struct Report {
    public let results: RunResults

    public init(results: RunResults) { self.results = results }

    var debugWarning: String? {
        results.configuration == "release" ? nil :
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
                    let k = results.exponent(family: family, backEnd: name).map { "n^" + format3($0) } ?? "—"
                    row += pad("\(k) @\(largest.size): \(formatSeconds(largest.buildSolve))", 26)
                }
                lines.append(row)
            }
        }
        lines += usesSummaryLines()
        if let debugWarning { lines += ["", debugWarning] }
        return lines.joined(separator: "\n")
    }

    /// The Markdown report (results/report.md), ending with a recommendation drawn from the figures.
    public func markdown(chartFiles: [String]) -> String {
        var md: [String] = ["# Plumb benchmark report", ""]
        if let debugWarning { md += ["> **\(debugWarning)**", ""] }
        md.append("Run of \(results.date) on \(results.machine), \(results.configuration) build, commit `\(results.commit)`.")
        md += ["", "## Conformance rules", "", results.policy.statement, ""]
        md += usesMarkdown()
        md += ["## Conformance", "", "| back end | layouts passed | failed | unsupported | not converged | largest error |", "|---|---|---|---|---|---|"]
        for s in results.summaries() where s.layouts > 0 {
            md.append("| \(s.name) | \(s.layoutsPassed) | \(s.layoutsFailed) | \(s.layoutsUnsupported) | \(s.layoutsNotConverged) | \(shortNumber(s.largestError)) |")
        }
        let failures = results.conformance.filter { $0.outcome != .pass }
        if !failures.isEmpty {
            md += ["", "Layouts that did not pass:", ""]
            for f in failures.prefix(200) {
                md.append("- `\(f.layout)` on \(f.backEnd), expectation \(f.expectation + 1) (line \(f.line)): \(f.outcome.rawValue)"
                          + (f.reasons.isEmpty ? "" : ": " + f.reasons.prefix(3).joined(separator: "; ")))
            }
        }
        let timed = results.summaries().filter { !$0.buildSolveByLayout.isEmpty }
        if !timed.isEmpty {
            md += ["", "## Time on the corpus", "", "Median over layouts of each layout's median (IQR of those medians in brackets).", "",
                   "| back end | build+solve | per edit round |", "|---|---|---|"]
            for s in timed {
                md.append("| \(s.name) | \(spread(s.buildSolveByLayout.values.map(\.median))) | \(s.perEditByLayout.isEmpty ? "—" : spread(s.perEditByLayout.values.map(\.median))) |")
            }
        }
        let families = results.scalingPoints()
        if !families.isEmpty {
            md += ["", "## Scaling", "", "Median build+solve time (and per resize round) by size; growth exponent fitted where three sizes of 1,000 views and more were measured.", ""]
            for family in families.keys.sorted() {
                md += ["### \(family)", "", "| back end | " + sizes(family).map { "\($0)" }.joined(separator: " | ") + " | exponent |",
                       "|---" + String(repeating: "|---", count: sizes(family).count + 1) + "|"]
                for (name, points) in (families[family] ?? [:]).sorted(by: { $0.key < $1.key }) {
                    let cells = sizes(family).map { size -> String in
                        guard let p = points.first(where: { $0.size == size }) else { return "—" }
                        return formatSeconds(p.buildSolve) + (p.perEdit.map { " (\(formatSeconds($0)))" } ?? "")
                    }
                    let k = results.exponent(family: family, backEnd: name).map(format3) ?? "—"
                    md.append("| \(name) | " + cells.joined(separator: " | ") + " | \(k) |")
                }
                md.append("")
            }
        }
        if !chartFiles.isEmpty {
            md += ["", "## Charts", ""]
            for file in chartFiles { md.append("![\(file)](\(file))") }
        }
        md += ["", "## Which back end to embed", ""] + recommendations().map { "- " + $0 }
        return md.joined(separator: "\n") + "\n"
    }

    func sizes(_ family: String) -> [Int] {
        Array(Set((results.scalingPoints()[family] ?? [:]).values.flatMap { $0.map(\.size) })).sorted()
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

    /// One recommendation per use, each from measured figures, then where each back end loses.
    public func recommendations() -> [String] {
        let summaries = results.summaries()
        guard !results.backEndNames.isEmpty else { return ["No back end ran."] }
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
        var losses: [String] = []
        for name in pool {
            let lost = uses.compactMap { c -> String? in
                guard let s = c.standings.first(where: { $0.backEnd == name }), s.ratio > 1.25,
                      let best = c.standings.first else { return nil }
                return "\(c.use.rawValue) (\(format3(s.ratio))× \(best.backEnd))"
            }
            if !lost.isEmpty { losses.append("\(name) loses at " + lost.joined(separator: ", ")) }
        }
        if !losses.isEmpty { lines.append("**Where each loses** (over 1.25× the fastest): " + losses.joined(separator: "; ") + ".") }
        if !excluded.isEmpty {
            lines.append("Not ranked for speed, since they failed or did not converge on corpus layouts: \(excluded.joined(separator: ", ")).")
        }
        if let exact = summaries.first(where: { $0.name == "exact" }) {
            lines.append("**Verification and debugging: \(exact.name).** Exact answers, irreducible conflict sets and ambiguity ranges; it passed \(exact.layoutsPassed) of \(exact.layouts) corpus layouts.")
        } else if let s = summaries.max(by: { $0.layoutsPassed < $1.layoutsPassed }), s.layouts > 0 {
            lines.append("**Verification and debugging: \(s.name)** (most corpus layouts passed: \(s.layoutsPassed) of \(s.layouts); no exact back end ran).")
        }
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
