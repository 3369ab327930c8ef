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
            lines.append("Growth exponent of build+solve time with size (fit from 1,000 views up), and the largest size done")
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
        if let debugWarning { lines += ["", debugWarning] }
        return lines.joined(separator: "\n")
    }

    /// The Markdown report (results/report.md), ending with a recommendation drawn from the figures.
    public func markdown(chartFiles: [String]) -> String {
        var md: [String] = ["# Plumb benchmark report", ""]
        if let debugWarning { md += ["> **\(debugWarning)**", ""] }
        md.append("Run of \(results.date) on \(results.machine), \(results.configuration) build, commit `\(results.commit)`.")
        md += ["", "## Conformance rules", "", results.policy.statement, ""]
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
            md += ["", "## Scaling", "", "Median build+solve time (and per resize round) by size; growth exponent fitted from 1,000 views up.", ""]
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

    /// One recommendation per use, each from measured figures.
    public func recommendations() -> [String] {
        let summaries = results.summaries()
        guard !summaries.isEmpty else { return ["No back end ran."] }
        let conforming = summaries.filter { $0.layouts > 0 && $0.layoutsFailed == 0 && $0.layoutsNotConverged == 0 }
        let pool = conforming.isEmpty ? summaries : conforming
        var lines: [String] = []
        // Interactive resizing and animation: the cheapest resize round at the largest size each back end reached.
        let families = results.scalingPoints()
        var perEdit: [String: [Double]] = [:]
        var build: [String: [Double]] = [:]
        var largest = 0
        for (_, byBackEnd) in families {
            for (_, points) in byBackEnd { largest = max(largest, points.map(\.size).max() ?? 0) }
        }
        for (_, byBackEnd) in families {
            for (name, points) in byBackEnd {
                guard let p = points.max(by: { $0.size < $1.size }), p.size == largest else { continue }
                if let e = p.perEdit { perEdit[name, default: []].append(e) }
                build[name, default: []].append(p.buildSolve)
            }
        }
        let names = Set(pool.map(\.name))
        func best(_ table: [String: [Double]]) -> (String, Double)? {
            table.filter { names.contains($0.key) }.compactMap { (name, values) -> (String, Double)? in
                values.isEmpty ? nil : (name, values.reduce(0, +) / Double(values.count))
            }.min { $0.1 < $1.1 }
        }
        if let (name, t) = best(perEdit) {
            lines.append("**Interactive resizing and animation: \(name).** Lowest time per resize round at \(largest) views (mean over families \(formatSeconds(t))), among the back ends that passed the corpus.")
        } else if let s = pool.min(by: { median($0.perEditByLayout) < median($1.perEditByLayout) }), !s.perEditByLayout.isEmpty {
            lines.append("**Interactive resizing and animation: \(s.name).** Lowest median time per edit round on the corpus (\(formatSeconds(median(s.perEditByLayout)))).")
        }
        if let (name, t) = best(build) {
            lines.append("**One-shot layout of a large document: \(name).** Lowest build+solve at \(largest) views (mean over families \(formatSeconds(t))).")
        } else if let s = pool.min(by: { median($0.buildSolveByLayout) < median($1.buildSolveByLayout) }) {
            lines.append("**One-shot layout of a large document: \(s.name).** Lowest median build+solve on the corpus (\(formatSeconds(median(s.buildSolveByLayout)))).")
        }
        if let exact = summaries.first(where: { $0.name == "exact" }) {
            lines.append("**Verification and debugging: \(exact.name).** Exact answers, irreducible conflict sets and ambiguity ranges; it passed \(exact.layoutsPassed) of \(exact.layouts) corpus layouts.")
        } else if let s = summaries.max(by: { $0.layoutsPassed < $1.layoutsPassed }) {
            lines.append("**Verification and debugging: \(s.name)** (most corpus layouts passed: \(s.layoutsPassed) of \(s.layouts); no exact back end ran).")
        }
        return lines
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
