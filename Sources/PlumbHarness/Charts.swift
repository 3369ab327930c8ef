/// SVG charts of a run: time against size on log-log axes per family (every back end), and conformance per back end.
public struct Charts {
    public let results: RunResults
    public init(results: RunResults) { self.results = results }

    /// The most decades a log axis spans: figures beyond are drawn at its edge.
    static let maxDecades = 12
    static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf",
                          "#bcbd22", "#7f7f7f", "#393b79", "#ad494a"]

    func color(_ backEnd: String) -> String {
        let index = results.backEndNames.firstIndex(of: backEnd) ?? 0
        return Charts.palette[index % Charts.palette.count]
    }

    /// One chart per family: file name → SVG text.
    public func scalingCharts() -> [(String, String)] {
        let points = results.scalingPoints()   // once: per family, it made the charts quadratic in families
        return points.keys.sorted().map { family in
            ("scaling-\(Charts.fileNamePart(family)).svg", scaling(family, points[family] ?? [:]))
        }
    }

    func scaling(_ family: String, _ table: [String: [(size: Int, buildSolve: Double, perEdit: Double?)]]) -> String {
        let series = table.sorted { $0.key < $1.key }
        let all = series.flatMap { $0.value }
        let width = 720.0, height = 400.0, left = 70.0, right = 200.0, top = 40.0, bottom = 50.0
        let minN = Double(all.map(\.size).min() ?? 1), maxN = Double(all.map(\.size).max() ?? 10)
        let times = all.map(\.buildSolve).filter { $0 > 0 }
        // finite times only, and at most 12 decades above the fastest (a results file is not trusted to be sane)
        let finite = times.filter(\.isFinite)
        let loT = max(-12, floor(log10(finite.min() ?? 1e-6)))
        let hiT = min(loT + Double(Self.maxDecades), ceil(log10(finite.max() ?? 1)))
        let loN = floor(log10(max(1, minN))), hiN = max(loN + 1, ceil(log10(max(1, maxN))))
        func px(_ n: Double) -> Double { left + (log10(n) - loN) / (hiN - loN) * (width - left - right) }
        func py(_ t: Double) -> Double { height - bottom - (log10(t) - loT) / max(1, hiT - loT) * (height - top - bottom) }
        var svg = header(width, height, title: "\(family): build+solve time against views (log-log)")
        for e in Int(loN)...Int(hiN) {
            let x = px(pow(10, Double(e)))
            svg += line(x, top, x, height - bottom, stroke: "#eee")
            svg += text(x, height - bottom + 18, "10^\(e)", anchor: "middle")
        }
        for e in Int(loT)...Int(max(loT, hiT)) {
            let y = py(pow(10, Double(e)))
            svg += line(left, y, width - right, y, stroke: "#eee")
            svg += text(left - 6, y + 4, formatSeconds(pow(10, Double(e))), anchor: "end")
        }
        svg += text((left + width - right) / 2, height - 12, "views", anchor: "middle")
        for (i, (name, points)) in series.enumerated() {
            let sorted = points.sorted { $0.size < $1.size }.filter { $0.buildSolve > 0 }
            let path = sorted.enumerated().map { (j, p) in "\(j == 0 ? "M" : "L")\(f(px(Double(p.size)))),\(f(py(p.buildSolve)))" }.joined(separator: " ")
            svg += "<path d=\"\(path)\" fill=\"none\" stroke=\"\(color(name))\" stroke-width=\"2\"/>\n"
            for p in sorted { svg += "<circle cx=\"\(f(px(Double(p.size))))\" cy=\"\(f(py(p.buildSolve)))\" r=\"3\" fill=\"\(color(name))\"/>\n" }
            let k = results.exponent(family: family, backEnd: name).map { " (n^\(format3($0)))" } ?? ""
            svg += "<rect x=\"\(f(width - right + 10))\" y=\"\(f(top + Double(i) * 18))\" width=\"10\" height=\"10\" fill=\"\(color(name))\"/>\n"
            svg += text(width - right + 24, top + Double(i) * 18 + 9, name + k, anchor: "start")
        }
        return svg + "</svg>\n"
    }

    /// The leaderboard at a glance: a row per use, each back end a dot at its time over the fastest's (log scale).
    public func usesChart() -> String? {
        let uses = UseComparison.all(results, among: results.backEndNames)
        guard !uses.isEmpty else { return nil }
        let names = results.backEndNames
        let width = 760.0, left = 190.0, right = 30.0, top = 46.0, rowHeight = 30.0
        let legendRows = (names.count + 3) / 4
        let height = top + Double(uses.count) * rowHeight + 40 + Double(legendRows) * 18
        let worst = uses.flatMap { $0.standings.map(\.ratio) }.filter(\.isFinite).max() ?? 10
        // at most 12 decades: a ratio beyond 10¹² (a peer that timed itself at 10³⁰⁰ s) sits at the chart's edge
        let decades = min(Self.maxDecades, max(1, Int(ceil(log10(max(worst, 10))))))
        func px(_ ratio: Double) -> Double {
            left + min(Double(decades), log10(max(1, ratio))) / Double(decades) * (width - left - right)
        }
        var svg = header(width, height, title: "Time over the fastest's, per use (log scale; 1× is the fastest)")
        let axisBottom = top + Double(uses.count) * rowHeight
        for e in 0...decades {
            let x = px(pow(10, Double(e)))
            svg += line(x, top - 6, x, axisBottom, stroke: "#ddd")
            svg += text(x, axisBottom + 16, e == 0 ? "1×" : (e < 7 ? "\(Int(pow(10, Double(e))))×" : "10^\(e)×"), anchor: "middle")
        }
        for (i, comparison) in uses.enumerated() {
            let y = top + Double(i) * rowHeight + rowHeight / 2
            svg += line(left, y, width - right, y, stroke: "#f0f0f0")
            svg += text(left - 10, y + 4, comparison.use.rawValue, anchor: "end")
            for s in comparison.standings where s.ratio.isFinite {
                svg += "<circle cx=\"\(f(px(s.ratio)))\" cy=\"\(f(y))\" r=\"5\" fill=\"\(color(s.backEnd))\" fill-opacity=\"0.85\">"
                    + "<title>\(escape(s.backEnd)): \(format3(s.ratio))×</title></circle>\n"
            }
        }
        for (j, name) in names.enumerated() {
            let x = 40 + Double(j % 4) * 180, y = axisBottom + 36 + Double(j / 4) * 18
            svg += "<circle cx=\"\(f(x))\" cy=\"\(f(y - 4))\" r=\"5\" fill=\"\(color(name))\"/>\n"
            svg += text(x + 10, y, name, anchor: "start")
        }
        return svg + "</svg>\n"
    }

    func escape(_ s: String) -> String { s.replacingAll("&", "&amp;").replacingAll("<", "&lt;").replacingAll(">", "&gt;") }

    /// Layouts passed / failed / unsupported / not converged per back end, as stacked bars.
    public func conformanceChart() -> String {
        let summaries = results.summaries().filter { $0.layouts > 0 }
        let width = 680.0, rowHeight = 28.0, left = 110.0, top = 40.0
        let height = top + Double(summaries.count) * rowHeight + 50
        let most = Double(summaries.map(\.layouts).max() ?? 1)
        var svg = header(width, height, title: "Corpus layouts per back end")
        let kinds: [(String, String, (BackEndSummary) -> Int)] = [
            ("passed", "#2ca02c", { $0.layoutsPassed }), ("failed", "#d62728", { $0.layoutsFailed }),
            ("unsupported", "#7f7f7f", { $0.layoutsUnsupported }), ("not converged", "#ff7f0e", { $0.layoutsNotConverged }),
        ]
        for (i, s) in summaries.enumerated() {
            let y = top + Double(i) * rowHeight
            svg += text(left - 8, y + 17, s.name, anchor: "end")
            var x = left
            for (_, colour, count) in kinds {
                let w = Double(count(s)) / most * (width - left - 90)
                if w > 0 { svg += "<rect x=\"\(f(x))\" y=\"\(f(y + 4))\" width=\"\(f(w))\" height=\"\(f(rowHeight - 8))\" fill=\"\(colour)\"/>\n" }
                x += w
            }
            svg += text(x + 6, y + 17, "\(s.layoutsPassed)/\(s.layouts)", anchor: "start")
        }
        for (j, (label, colour, _)) in kinds.enumerated() {
            let x = left + Double(j) * 120
            svg += "<rect x=\"\(f(x))\" y=\"\(f(height - 30))\" width=\"10\" height=\"10\" fill=\"\(colour)\"/>\n"
            svg += text(x + 14, height - 21, label, anchor: "start")
        }
        return svg + "</svg>\n"
    }

    func header(_ w: Double, _ h: Double, title: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(w))\" height=\"\(f(h))\" font-family=\"sans-serif\" font-size=\"11\">\n"
            + "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n" + text(w / 2, 20, title, anchor: "middle", size: 14)
    }

    func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String) -> String {
        "<line x1=\"\(f(x1))\" y1=\"\(f(y1))\" x2=\"\(f(x2))\" y2=\"\(f(y2))\" stroke=\"\(stroke)\"/>\n"
    }

    func text(_ x: Double, _ y: Double, _ s: String, anchor: String, size: Int = 11) -> String {
        let escaped = escape(s)
        return "<text x=\"\(f(x))\" y=\"\(f(y))\" text-anchor=\"\(anchor)\" font-size=\"\(size)\">\(escaped)</text>\n"
    }

    func f(_ v: Double) -> String { v.isFinite ? String(Int((v * 10).rounded())) .inserting(decimalAt: 1) : "0" }
}

extension String {
    func replacingAll(_ target: String, _ replacement: String) -> String {
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }

    /// "1234" → "123.4" (tenths to a decimal string).
    func inserting(decimalAt places: Int) -> String {
        var digits = self
        var negative = false
        if digits.hasPrefix("-") { negative = true; digits.removeFirst() }
        while digits.count <= places { digits = "0" + digits }
        let cut = digits.index(digits.endIndex, offsetBy: -places)
        return (negative ? "-" : "") + digits[..<cut] + "." + digits[cut...]
    }
}

#if canImport(Glibc)
import Glibc
#endif

extension Charts {
    /// A name from a results file made safe as part of a file name: letters, digits, `-` and `_` are kept, anything
    /// else (`/`, `..`, spaces) becomes `_`, so that no value read from data can name a path outside the folder.
    static func fileNamePart(_ name: String) -> String {
        let kept = name.unicodeScalars.map { s -> Character in
            s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "-" || s == "_") ? Character(s) : "_"
        }
        let text = String(kept.prefix(100))
        return text.isEmpty ? "_" : text
    }
}
