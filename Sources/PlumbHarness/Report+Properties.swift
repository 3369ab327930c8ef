/// The Properties section: what embedders leave a solver over, one measured figure per cell.
extension Report {
    /// The table, what each column means, and the bounds (nothing when the run measured no property).
    func propertiesBlocks() -> [ReportDocument.Block] {
        let findings = results.properties
        guard !findings.isEmpty else { return [] }
        let bound = findings.compactMap { $0.termination?.bound }.first
        var blocks: [ReportDocument.Block] = [
            .heading(level: 2, text: "Properties"),
            .paragraph("What embedders leave a solver over besides speed, measured for every back end and peer through "
                       + "the same protocol, with the exact back end as judge (docs/properties.md says how each is probed)."),
            .table(.init(headers: PropertyTable.columns, rows: findings.map(PropertyTable.cells))),
        ]
        var method = [
            "Termination: \(findings.compactMap { $0.termination?.cases }.first.map(String.init) ?? "the") systems made to stall pivoting (Beale's and Kuhn's cycling examples, degenerate layouts, the fuzz's runaway system, generated degenerate systems), each within \(bound.map(PropertyTable.seconds) ?? "the bound"); a program past the bound is stopped and started again.",
            "Same in every process: corpus layouts solved in fresh processes (this build's back ends through `bench serve`); values must be bit-identical.",
            "Insertion order: every feasible corpus layout with its constraints and edit variables added in seeded orders; a value the exact back end finds unique that differs is a wrong answer, and layouts whose ambiguous frames move are counted apart.",
            "Conflict explanations: infeasible corpus layouts and feasible ones made infeasible; the named set is checked infeasible and irreducible by the exact back end.",
            "After a refused call: a contradicting required row, an unknown removal and a suggestion for a non-edit variable, each refused, leave the answers of a solver that never saw them (through steps marked `may_fail` for a program; values compared within the conformance tolerance).",
            "Memory under churn: on a grid of 9 views and one of 1,024, a view remade, and one constraint removed and added back, again and again on one solver in a process of its own (this build's back ends through `bench serve`); the process group's resident memory read from /proc at 10², 10³, 10⁴, 10⁵ and 10⁶ cycles, as far as each churn's time budget reaches. The slope is bytes per cycle over the last interval (from the checkpoint before the last to the last: the solver's warm-up to its working size is left out, a leak grows in every interval); a churn grows when resident memory rose by \(PropertyFindings.Churn.growthLimit >> 20) MiB or more over it.",
            "Pixel rounding: every unique frame value rounded at scales 1, 2 and 3, half away from zero, against the exact value rounded the same way; a difference where the exact value is not half way is a pixel an app sees jump.",
        ]
        if findings.contains(where: { $0.atomicity == nil }) {
            method.append("\"not probed\" after a refused call: a program whose hello does not claim `may_fail`.")
        }
        blocks.append(.bullets(method))
        return blocks
    }

    /// A line per solver for the terminal: the properties it holds, or the ones it fails.
    func propertiesSummaryLines() -> [String] {
        let findings = results.properties
        guard !findings.isEmpty else { return [] }
        var lines = ["", "Properties (termination, the same values in every process and order, conflict explanations, after a refused call, memory under churn, pixel rounding)"]
        for f in findings {
            lines.append("  \(f.solver): " + (f.failed.isEmpty ? "holds every property probed" : "fails " + f.failed.joined(separator: ", ")))
        }
        return lines
    }

    /// The recommendation's sentence on properties: which solvers fail which.
    func propertiesRecommendation() -> String? {
        let failing = results.properties.filter { !$0.failed.isEmpty }
        guard !results.properties.isEmpty else { return nil }
        guard !failing.isEmpty else { return "Every solver held every property probed (see Properties)." }
        return "**Properties an embedder would leave over:** " + failing.map { "\($0.solver) fails \($0.failed.joined(separator: ", "))" }
            .joined(separator: "; ") + " (see Properties)."
    }
}
