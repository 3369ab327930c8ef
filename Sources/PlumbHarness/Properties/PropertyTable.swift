/// The Properties table: a row per solver, a column per property, each cell a measured figure.
public enum PropertyTable {
    public static let columns = ["solver", "termination", "same in every process", "insertion order",
                                 "conflict explanations", "after a refused call", "memory under churn", "pixel rounding"]

    /// The cells of one row.
    public static func cells(_ f: PropertyFindings) -> [String] {
        var row = [f.solver]
        row.append(f.termination.map { t in
            "answers \(t.answered)/\(t.cases) within \(seconds(t.bound))" + (t.stopped.isEmpty ? "" : " (stopped: \(t.stopped.prefix(3).joined(separator: ", "))\(t.stopped.count > 3 ? ", …" : ""))")
        } ?? "not probed")
        row.append(f.processes.map { p in
            p.workloads == 0 ? "no answer to compare" : "\(p.identical)/\(p.workloads) bit-identical in \(p.processes) processes"
        } ?? "one process (in bench)")
        row.append(f.permutations.map { p in
            let wrong = p.wrong == 0 ? "0 wrong" : "\(p.wrong) WRONG"
            let jumps = p.ambiguousLayouts == 0 ? "" : ", ambiguous frames move in \(p.jumps)/\(p.ambiguousLayouts)"
            return "\(wrong) of \(p.layouts) layouts × \(p.permutations + 1) orders\(jumps)"
        } ?? "not probed")
        row.append(f.conflicts.map { c in
            if c.reported == 0 { return "reports 0/\(c.systems) infeasible" }
            if c.namedSets == 0 { return "reports \(c.reported)/\(c.systems); names only the refused constraint" }
            return "names a set \(c.namedSets)/\(c.reported), infeasible \(c.infeasible)/\(c.reported), irreducible \(c.irreducible)/\(c.reported)"
                + (c.reported < c.systems ? " (reports \(c.reported)/\(c.systems))" : "")
        } ?? "not probed")
        row.append(f.atomicity.map { a in
            if a.holds { return "unchanged in \(a.atomic)/\(a.sequences)" }
            let taken = a.accepted > 0 ? "TOOK a call to refuse in \(a.accepted)/\(a.sequences)" : ""
            let changed = a.sequences - a.atomic - a.accepted
            return taken + (changed > 0 ? (taken.isEmpty ? "" : "; ") + "CHANGED in \(changed)/\(a.sequences)" : "")
        } ?? "not probed (the program does not take steps marked may_fail)")
        row.append(f.churn.map(churnCell) ?? "not probed (in this process, or the program does not answer churn)")
        row.append(f.rounding.map { r in
            r.across == 0 ? "0 of \(r.values) values across a pixel"
                : "\(r.across) of \(r.values) values across a pixel, \(r.acrossOffBoundary) off a boundary"
        } ?? "not probed")
        return row
    }

    /// The table as Markdown.
    public static func markdown(_ findings: [PropertyFindings]) -> String {
        var lines = ["| " + columns.joined(separator: " | ") + " |", "|" + String(repeating: "---|", count: columns.count)]
        for f in findings { lines.append("| " + cells(f).map { $0.replacing("|", with: "\\|") }.joined(separator: " | ") + " |") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The table for a terminal: one block per solver, a line per property.
    public static func text(_ findings: [PropertyFindings]) -> String {
        var lines: [String] = []
        for f in findings {
            let row = cells(f)
            lines.append(row[0] + (f.failed.isEmpty ? ": holds every property probed" : ": fails " + f.failed.joined(separator: ", ")))
            for (name, cell) in zip(columns.dropFirst(), row.dropFirst()) { lines.append("  \(name): \(cell)") }
            var examples: [String] = []
            examples += (f.permutations?.wrongExamples ?? []).prefix(2)
            examples += (f.atomicity?.failures ?? []).prefix(2)
            examples += (f.churn?.series ?? []).compactMap(\.failure).prefix(1)
            for example in examples { lines.append("  e.g. \(example)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension PropertyTable {
    /// "flat: at most +3 B/cycle over 10⁵ cycles (4 churns)", or the churns that grew with their slopes.
    static func churnCell(_ c: PropertyFindings.Churn) -> String {
        let failed = c.series.filter { $0.failure != nil }
        var parts: [String] = []
        if c.growing > 0 {
            parts.append("GROWS in \(c.growing)/\(c.series.count): " + c.series.filter(\.grows).prefix(2).map { s in
                "\(bytes(s.slope ?? 0))/cycle over \(cycles(s.cycles.last ?? 0)) cycles (\(s.name))"
            }.joined(separator: "; "))
        } else if c.measured > 0 {
            let measured = c.series.filter { $0.growth != nil && $0.failure == nil && $0.unsupported == nil }
            let steepest = measured.map { $0.slope ?? 0 }.max() ?? 0
            let fewest = measured.map { $0.cycles.last ?? 0 }.min() ?? 0
            parts.append("flat in \(c.measured)/\(c.series.count): at most \(bytes(steepest))/cycle, to \(cycles(fewest))+ cycles")
        }
        let unsupported = c.series.filter { $0.unsupported != nil }.count
        if unsupported > 0 { parts.append("unsupported in \(unsupported)/\(c.series.count)") }
        let short = c.series.filter { $0.failure == nil && $0.unsupported == nil && $0.growth == nil }.count
        if short > 0 { parts.append("\(short) too slow for two checkpoints") }
        if let first = failed.first { parts.append("FAILED in \(failed.count): \(first.failure ?? "")".prefix(160).description) }
        return parts.isEmpty ? "no churn measured" : parts.joined(separator: "; ")
    }

    /// `+12 B`, `-3.5 kB`: a signed byte count per cycle.
    static func bytes(_ value: Double) -> String {
        let sign = value < 0 ? "-" : "+"
        let m = abs(value)
        if m >= 1024 { return sign + "\((m / 1024 * 10).rounded() / 10) KiB" }
        return sign + (m >= 10 ? "\(Int(m.rounded())) B" : "\((m * 10).rounded() / 10) B")
    }

    /// `10³`, `10⁶`, or the count.
    static func cycles(_ n: Int) -> String {
        let powers = [100: "10²", 1_000: "10³", 10_000: "10⁴", 100_000: "10⁵", 1_000_000: "10⁶", 10_000_000: "10⁷"]
        return powers[n] ?? "\(n)"
    }

    /// `2 s`, `0.5 s`.
    public static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? "\(Int(value)) s" : "\(value) s"
    }
}
