import PlumbSystem
import PlumbFrontEnd
import PlumbText

extension LayoutExpectation {
    /// The expectation a layout file's `expect` block states, read in the file's scope at that point:
    /// `VIEW X Y WIDTH HEIGHT` per view (relative to the superview; `?` where not compared),
    /// `ambiguous VIEW.COMPONENT MIN MAX` (`-inf`/`inf` for unbounded), or under `expect unsatisfiable` the quoted
    /// labels of a conflicting set. A comment beside a line is its derivation; a comment alone belongs to the
    /// whole expectation. A view or range listed twice is an error, not an override.
    public init(reading checkpoint: Checkpoint) throws(TextSyntaxError) {
        self.init(location: checkpoint.location)
        if checkpoint.kind == .unsatisfiable { conflict = [] }
        var firstFrame: [String: SourceLocation] = [:]
        var firstRange: [String: SourceLocation] = [:]
        func listedTwice(_ what: String, first: SourceLocation, line: Int, column: Int) -> TextSyntaxError {
            checkpoint.error("\(what) is listed twice in this expectation (first at line \(first.line), column \(first.column ?? 1)): "
                             + "give it one line", line: line, column: column)
        }
        for row in checkpoint.lines {
            let trimmed = row.text, here = row.location
            let line = here.line, column = here.column ?? 1
            if trimmed.isEmpty {
                if !row.comment.isEmpty { derivation += (derivation.isEmpty ? "" : "\n") + row.comment }
                continue
            }
            if checkpoint.kind == .unsatisfiable {
                guard trimmed.count >= 2, trimmed.first == "\"", trimmed.last == "\"" else {
                    throw checkpoint.error("expected a conflicting constraint's label in quotes, e.g. \"v.left == root.left + 1\"",
                                           line: line, column: column)
                }
                conflict?.append(String(trimmed.dropFirst().dropLast()))
                continue
            }
            let words = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if words.first == "ambiguous" {
                guard words.count == 4, let dot = words[1].firstIndex(of: ".") else {
                    throw checkpoint.error("expected `ambiguous VIEW.COMPONENT MIN MAX` (component x, y, width or height; -inf/inf for unbounded)",
                                           line: line, column: column)
                }
                let id = try checkpoint.viewID(words[1][..<dot], line: line, column: column)
                guard let component = FrameComponent(rawValue: String(words[1][words[1].index(after: dot)...])) else {
                    throw checkpoint.error("unknown frame component in '\(words[1].excerpt)': expected x, y, width or height",
                                           line: line, column: column)
                }
                let targetColumn = column + trimmed.distance(from: trimmed.startIndex, to: words[1].startIndex)
                let key = "\(id).\(component.rawValue)"
                if let first = firstRange[key] {
                    throw listedTwice("the range of '\(key.excerpt)'", first: first, line: line, column: targetColumn)
                }
                firstRange[key] = SourceLocation(file: here.file, line: line, column: targetColumn)
                let minimum = words[2] == "-inf" ? nil : try checkpoint.number(words[2], line: line)
                let maximum = words[3] == "inf" ? nil : try checkpoint.number(words[3], line: line)
                ambiguous.append(Range(view: id, component: component, minimum: minimum, maximum: maximum,
                                       derivation: row.comment, location: here))
                continue
            }
            guard words.count == 5 else {
                throw checkpoint.error("expected `VIEW X Y WIDTH HEIGHT` (relative to the superview; ? where not compared), or `ambiguous VIEW.COMPONENT MIN MAX`",
                                       line: line, column: column)
            }
            let id = try checkpoint.viewID(words[0], line: line, column: column)
            if let first = firstFrame[id] {
                throw listedTwice("view '\(id.excerpt)'", first: first, line: line, column: column)
            }
            firstFrame[id] = here
            let parts = try words[1...].map { (w) throws(TextSyntaxError) -> Rational? in
                w == "?" ? nil : try checkpoint.number(w, line: line)
            }
            frames.append(Frame(view: id, x: parts[0], y: parts[1], width: parts[2], height: parts[3],
                                derivation: row.comment, location: here))
        }
    }
}
