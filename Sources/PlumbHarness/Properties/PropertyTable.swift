/// The Properties table: a row per solver, a column per property, each cell a measured figure.
public enum PropertyTable {
    public static let columns = ["solver", "termination", "same in every process", "insertion order",
                                 "conflict explanations", "after a refused call", "pixel rounding"]

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
        } ?? "not probed (needs the protocol's refused-call step)")
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
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension PropertyTable {
    /// `2 s`, `0.5 s`.
    public static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? "\(Int(value)) s" : "\(value) s"
    }
}
