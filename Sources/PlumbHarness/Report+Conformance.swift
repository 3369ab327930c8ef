/// The report's conformance section: a summary per back end, failures by kind, one short row per failing layout and
/// back end, and every failure's full account, collapsed.
extension Report {
    func conformanceBlocks() -> [ReportDocument.Block] {
        let summaries = results.summaries().filter { $0.layouts > 0 }
        guard !summaries.isEmpty else { return [] }
        var blocks: [ReportDocument.Block] = [
            .heading(level: 2, text: "Conformance"),
            .paragraph("Per back end, the corpus layouts that passed every expectation, and those that did not (a layout "
                       + "counts once, by its worst expectation). The largest error is the largest distance of a frame "
                       + "component from its hand-derived value."),
            .table(.init(headers: ["back end", "passed", "failed", "not converged", "unsupported", "largest error"],
                         rows: summaries.map { s in
                             [s.name, "\(s.layoutsPassed)", "\(s.layoutsFailed)", "\(s.layoutsNotConverged)",
                              "\(s.layoutsUnsupported)", shortNumber(s.largestError)]
                         }, numeric: [1, 2, 3, 4, 5])),
        ]
        let declared = summaries.compactMap { s in results.declarations[s.name].map { "\(s.name): \($0)" } }
        if !declared.isEmpty {
            blocks += [.paragraph("External solvers, as each declares itself in its hello. The judge holds every back end to "
                                  + "layout-lp/1's strict priorities, and allows only for a declared grid (a frame within half "
                                  + "a step is right) and names a declared silent drop as such."),
                       .bullets(declared)]
        }
        let failures = results.conformance.filter { $0.outcome == .fail || $0.outcome == .notConverged }
        let unsupported = results.conformance.filter { $0.outcome == .unsupported }
        if !failures.isEmpty {
            blocks += [.heading(level: 3, text: "What went wrong, by kind"), failureKindTable(failures),
                       .heading(level: 3, text: "Failing layouts"),
                       .paragraph("One row per layout and back end: the expectations' lines in the layout file, the first "
                                  + "difference (numbers rounded to what the tolerance can tell), and the largest gap where "
                                  + "a number gives one. The full account of each is under the table."),
                       failingLayoutsTable(failures),
                       .details(summary: "Every failure in full (\(failures.count))", blocks: [.bullets(failures.map(fullAccount))])]
        }
        if !unsupported.isEmpty {
            var reasons: [String: (backEnd: String, example: String, layouts: Set<String>)] = [:]
            for u in unsupported {
                let why = Self.withoutLists(u.differences.first?.text ?? "unsupported")
                let key = u.backEnd + "\u{0}" + Self.withoutDigits(why)
                reasons[key, default: (u.backEnd, why, [])].layouts.insert(u.layout)
            }
            let lines = reasons.sorted { $0.key < $1.key }.map { _, value in
                "\(value.backEnd) does not take \(value.layouts.count) layout\(value.layouts.count == 1 ? "" : "s"), "
                    + (value.layouts.count == 1 ? "" : "for example: ") + value.example
            }
            blocks += [.paragraph("Not failures: layouts a back end declares it cannot take."), .bullets(lines)]
        }
        return blocks
    }

    /// Back ends down, kinds of difference across: how many failing expectations show each kind.
    func failureKindTable(_ failures: [RunResults.Conformance]) -> ReportDocument.Block {
        let kinds = Difference.Kind.allCases.filter { kind in
            kind != .approximate && failures.contains { $0.differences.contains { $0.kind == kind } }
        }
        let names = results.backEndNames.filter { name in failures.contains { $0.backEnd == name } }
        let rows = names.map { name -> [String] in
            let mine = failures.filter { $0.backEnd == name }
            let approximate = mine.filter { $0.differences.contains { $0.kind == .approximate } }.count
            return [name, "\(mine.count)"] + kinds.map { kind in
                let n = mine.filter { $0.differences.contains { $0.kind == kind } }.count
                return n == 0 ? "" : "\(n)"
            } + [approximate == 0 ? "" : "\(approximate)"]
        }
        return .table(.init(headers: ["back end", "expectations"] + kinds.map(\.rawValue) + ["labelled approximate"], rows: rows,
                            numeric: Set(1..<(3 + kinds.count))))
    }

    /// A row per (layout, back end): lines, verdict, the first difference, the largest gap.
    func failingLayoutsTable(_ failures: [RunResults.Conformance]) -> ReportDocument.Block {
        var order: [String] = []
        var groups: [String: [RunResults.Conformance]] = [:]
        for f in failures {
            let key = f.layout + "\u{0}" + f.backEnd
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(f)
        }
        let rank = Dictionary(uniqueKeysWithValues: results.backEndNames.enumerated().map { ($1, $0) })
        order.sort {
            let a = groups[$0]![0], b = groups[$1]![0]
            return (a.layout, rank[a.backEnd] ?? .max) < (b.layout, rank[b.backEnd] ?? .max)
        }
        let rows = order.map { key -> [String] in
            let group = groups[key]!
            let outcome = group.map(\.outcome).max()!
            let differences = group.flatMap { $0.differences.filter { $0.kind != .approximate } }
            let labelled = group.contains { $0.differences.contains { $0.kind == .approximate } }
            var what = differences.first.map(Self.shortAccount) ?? "—"
            if labelled { what += " (labelled approximate)" }
            if differences.count > 1 { what += "; \(differences.count - 1) more" }
            let gap = differences.compactMap(\.gap).max().map(ReadableNumbers.format) ?? "—"
            return ["`\(group[0].layout)`", group[0].backEnd, group.map { "\($0.line)" }.joined(separator: ", "),
                    outcome.rawValue, what, gap]
        }
        return .table(.init(headers: ["layout", "back end", "lines", "verdict", "what differed", "by how much"], rows: rows,
                            numeric: [5]))
    }

    /// A difference in a table cell: `card.width: 12.5, expected 10`.
    static func shortAccount(_ d: Difference) -> String {
        let subject = d.subject.isEmpty ? "" : (d.kind == .frame || d.kind.isRange ? "`\(d.subject)`" : d.subject) + ": "
        switch d.kind {
        case .refused: return "refused `\(d.subject)` as unsatisfiable"
        default: return subject + d.summary
        }
    }

    /// One failure with everything the judge and the back end said, numbers rounded.
    func fullAccount(_ f: RunResults.Conformance) -> String {
        "`\(f.layout)` line \(f.line), \(f.backEnd), \(f.outcome.rawValue): "
            + f.differences.map { ReadableNumbers.roundingDecimals(in: $0.text) }.joined(separator: "; ")
    }

    /// `text` without its bracketed lists (`[999, 600, 500]`), spaces collapsed.
    static func withoutLists(_ text: String) -> String {
        var out = ""
        var depth = 0
        for c in text {
            if c == "[" { depth += 1; continue }
            if c == "]" { depth = max(0, depth - 1); continue }
            if depth == 0 && !(c == " " && (out.last == " " || out.isEmpty)) { out.append(c) }
        }
        return out.replacingAll(" ;", ";").replacingAll(" ,", ",")
    }

    /// `text` without digits: the same reason with other figures groups as one.
    static func withoutDigits(_ text: String) -> String { String(text.filter { !($0.isASCII && $0.isNumber) }) }
}

extension Difference.Kind {
    var isRange: Bool { self == .ambiguityRange || self == .unreportedAmbiguity }
}
