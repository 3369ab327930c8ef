import Plot

extension ReportDocument {
    /// One self-contained HTML page: styles and charts inline, no script, nothing fetched. Opens in any browser
    /// from a file.
    public func html() -> String {
        let page = HTML(
            .lang(.english),
            .head(
                .encoding(.utf8),
                .meta(.name("viewport"), .content("width=device-width, initial-scale=1")),
                .title(title),
                .style(Self.css)
            ),
            .body(
                .h1(.text(title)),
                .nav(.class("contents"), .ul(.forEach(sections) { section in
                    .li(.a(.href("#" + Self.anchor(section)), .text(section)))
                })),
                .group(blocks.map(Self.node))
            )
        )
        return page.render(indentedBy: .spaces(1)) + "\n"
    }

    static func node(_ block: Block) -> Node<HTML.BodyContext> {
        switch block {
        case .heading(let level, let text):
            let content = Node<HTML.BodyContext>.group(inline(text))
            return level <= 2 ? .h2(.id(anchor(text)), content) : .h3(content)
        case .paragraph(let text):
            return .p(.group(inline(text)))
        case .bullets(let items):
            return .ul(.forEach(items) { .li(.group(inline($0))) })
        case .warning(let text):
            return .p(.class("warning"), .strong(.group(inline(text))))
        case .table(let table):
            let align = { (column: Int) -> String in table.numeric.contains(column) ? "num" : "" }
            return .div(.class("scroll"), .table(
                .thead(.tr(.forEach(table.headers.enumerated()) { column, header in
                    .th(.class(align(column)), .group(inline(header)))
                })),
                .tbody(.forEach(table.rows) { row in
                    .tr(.forEach(row.enumerated()) { column, cell in .td(.class(align(column)), .group(inline(cell))) })
                })
            ))
        case .chart(let file, let svg):
            return .div(.class("chart"), .attribute(named: "data-file", value: file), .raw(svg))
        case .details(let summary, let blocks):
            return .element(named: "details", nodes: [.element(named: "summary", nodes: inline(summary))] + blocks.map(node))
        }
    }

    /// Text with `` `code` `` and `**strong**` spans as nodes; everything else escaped as text.
    static func inline(_ text: String) -> [Node<HTML.BodyContext>] {
        var nodes: [Node<HTML.BodyContext>] = []
        var plain = ""
        var rest = Substring(text)
        func flush() { if !plain.isEmpty { nodes.append(.text(plain)); plain = "" } }
        while let first = rest.first {
            if first == "`", let close = rest.dropFirst().firstIndex(of: "`") {
                flush()
                nodes.append(.code(.text(String(rest[rest.index(after: rest.startIndex)..<close]))))
                rest = rest[rest.index(after: close)...]
            } else if rest.hasPrefix("**"), let close = rest.dropFirst(2).range(of: "**") {
                flush()
                nodes.append(.strong(.group(inline(String(rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound])))))
                rest = rest[close.upperBound...]
            } else {
                plain.append(first)
                rest = rest.dropFirst()
            }
        }
        flush()
        return nodes
    }

    /// A section's id in the page: lower case, words joined by `-`.
    static func anchor(_ text: String) -> String {
        var out = ""
        for c in text.lowercased() {
            if c.isLetter || c.isNumber { out.append(c) } else if out.last != "-" { out.append("-") }
        }
        while out.last == "-" { out.removeLast() }
        return out
    }

    static let css = """
        body { font: 15px/1.45 -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: #1d1d1f;
               max-width: 1180px; margin: 0 auto; padding: 24px 28px 64px; }
        h1 { font-size: 26px; margin-bottom: 4px; }
        h2 { font-size: 20px; margin-top: 36px; border-bottom: 1px solid #d0d0d6; padding-bottom: 4px; }
        h3 { font-size: 16px; margin-top: 24px; }
        code { font: 13px "DejaVu Sans Mono", Menlo, monospace; background: #f1f1f4; padding: 0 3px; border-radius: 3px; }
        nav.contents ul { display: flex; flex-wrap: wrap; gap: 4px 16px; list-style: none; padding: 0; margin: 8px 0 16px; }
        nav.contents a { color: #0b57d0; text-decoration: none; }
        .warning { background: #fff1d6; border-left: 4px solid #e0a000; padding: 8px 12px; }
        .scroll { overflow-x: auto; }
        table { border-collapse: collapse; margin: 8px 0 16px; font-size: 14px; }
        th, td { padding: 4px 10px; border-bottom: 1px solid #e4e4ea; text-align: left; vertical-align: top; }
        th { background: #f6f6f9; font-weight: 600; }
        tbody tr:nth-child(even) { background: #fafafc; }
        .num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        .chart { margin: 12px 0 20px; }
        .chart svg { max-width: 100%; height: auto; }
        details { margin: 12px 0; }
        summary { cursor: pointer; font-weight: 600; }
        """
}
