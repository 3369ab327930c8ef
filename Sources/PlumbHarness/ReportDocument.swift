/// The report as blocks, written once and rendered twice: to Markdown (`report.md`) and to one self-contained HTML
/// page (`report.html`, charts inline).
///
/// Text in a block may use two inline marks, as Markdown writes them: `` `code` `` and `**strong**`.
public struct ReportDocument: Sendable {
    public enum Block: Sendable {
        /// A section heading; level 2 for a section, 3 for a subsection.
        case heading(level: Int, text: String)
        case paragraph(String)
        case bullets([String])
        case table(Table)
        /// A warning a reader must not miss.
        case warning(String)
        /// An SVG chart: inline in HTML, a link to `file` in Markdown.
        case chart(file: String, svg: String)
        /// Blocks a reader opens when wanted: collapsed in both renderings.
        case details(summary: String, blocks: [Block])
    }

    /// A table; columns listed in `numeric` are right-aligned.
    public struct Table: Sendable {
        public var headers: [String]
        public var rows: [[String]]
        public var numeric: Set<Int>

        public init(headers: [String], rows: [[String]], numeric: Set<Int> = []) {
            self.headers = headers
            self.rows = rows
            self.numeric = numeric
        }
    }

    public var title: String
    public var blocks: [Block]

    public init(title: String, blocks: [Block] = []) {
        self.title = title
        self.blocks = blocks
    }

    /// Every heading of level 2, in order: the page's contents.
    var sections: [String] {
        blocks.compactMap { if case .heading(2, let text) = $0 { text } else { nil } }
    }
}

// MARK: - Markdown

extension ReportDocument {
    /// The Markdown text: GitHub-flavoured tables, `<details>` for collapsed blocks, charts as image links.
    public func markdown() -> String {
        var lines = ["# \(title)", ""]
        for block in blocks { lines += Self.markdown(block) }
        while lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text as one line of Markdown that stays text: line breaks (a solver's message may hold `\n# heading`) become
    /// spaces, and `<` an entity, so that no markup of a back end's or a file's words reaches the page.
    static func inline(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text {
            switch c {
            case "\n", "\r", "\r\n", "\u{2028}", "\u{2029}": out.append(" ")
            case "<": out += "&lt;"
            default: out.append(c)
            }
        }
        return out
    }

    static func markdown(_ block: Block) -> [String] {
        switch block {
        case .heading(let level, let text):
            return [String(repeating: "#", count: max(2, min(6, level))) + " " + inline(text), ""]
        case .paragraph(let text):
            return [inline(text), ""]
        case .bullets(let items):
            return items.map { "- " + inline($0) } + [""]
        case .warning(let text):
            return ["> **\(inline(text))**", ""]
        case .table(let table):
            let cell = { (text: String) in inline(text).replacingAll("|", "\\|") }
            var lines = ["| " + table.headers.map(cell).joined(separator: " | ") + " |"]
            lines.append("|" + table.headers.indices.map { table.numeric.contains($0) ? "---:|" : "---|" }.joined())
            for row in table.rows { lines.append("| " + row.map(cell).joined(separator: " | ") + " |") }
            return lines + [""]
        case .chart(let file, _):
            return ["![\(file)](\(file))", ""]
        case .details(let summary, let blocks):
            return ["<details><summary>\(inline(summary))</summary>", ""] + blocks.flatMap(markdown) + ["</details>", ""]
        }
    }
}
