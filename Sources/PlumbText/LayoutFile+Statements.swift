import PlumbSystem
import PlumbFrontEnd

/// The layout file's statements beyond views and blocks: checkpoints, references, edits, distribution, view properties, and the words they are made of.
extension LayoutFileReader {
    /// `expect {` … `}` or `expect unsatisfiable {` … `}`: the lines kept as written for whoever checks the layout
    /// (a `Checkpoint`), with the names and numbers in scope here.
    mutating func readCheckpoint(_ kind: Checkpoint.Kind, location: SourceLocation) throws(TextSyntaxError) {
        var kept: [Checkpoint.Line] = []
        while index < lines.count {
            let lineNumber = index + 1
            let raw = lines[index]
            index += 1
            let text = stripComment(raw)
            let trimmed = text.trimmingWhitespace
            let column = text.distance(from: text.startIndex, to: trimmed.startIndex) + 1
            if trimmed == "}" {
                addStep((.expect(Checkpoint(kind: kind, location: location, lines: kept, scope: parser)), location))
                return
            }
            kept.append(Checkpoint.Line(text: trimmed, comment: commentText(raw),
                                        location: SourceLocation(file: file, line: lineNumber, column: column)))
        }
        throw error("the expectation opened here is never closed: expected `}`", line: location.line, column: location.column ?? 1)
    }

    /// Steps on kept references: `top.offset = 20`, `top.insets = UIEdgeInsetsMake(...)`, `[top uninstall]`,
    /// `top.update(offset: 20)`, `top.deactivate()`, `top.activate()`.
    mutating func readReferenceStep(_ s: Substring, location: SourceLocation) throws(TextSyntaxError) -> Bool {
        let line = location.line
        let column = location.column ?? 1
        var t = Substring(String(s.trimmingWhitespace).replacing("?.", with: ".").replacing("!.", with: "."))
        if t.hasSuffix(";") { t = t.dropLast().trimmingWhitespace }
        if t.hasPrefix("[") && t.hasSuffix("]") {
            let words = t.dropFirst().dropLast().split(separator: " ")
            guard words.count == 2 else { return false }
            var name = words[0]
            if name.hasPrefix("self.") { name = name.dropFirst(5) }
            switch words[1] {
            case "uninstall", "deactivate": addStep((.setActive(reference: String(name), false), location)); return true
            case "install", "activate": addStep((.setActive(reference: String(name), true), location)); return true
            default: return false
            }
        }
        if t.hasPrefix("self.") { t = t.dropFirst(5) }
        guard let dot = t.firstIndex(of: "."), isIdentifier(t[..<dot]), !declared.contains(String(t[..<dot])) else { return false }
        let name = String(t[..<dot])
        let member = t[t.index(after: dot)...]
        if member == "deactivate()" || member == "uninstall()" { addStep((.setActive(reference: name, false), location)); return true }
        if member == "activate()" || member == "install()" { addStep((.setActive(reference: name, true), location)); return true }
        let valueColumn = { (v: Substring) in column + t.distance(from: t.startIndex, to: v.startIndex) }
        if let eq = member.firstIndex(of: "=") {
            let property = member[..<eq].trimmingWhitespace
            let value = member[member.index(after: eq)...].trimmingWhitespace
            if property == "isActive" || property == "active" {
                // SnapKit's `top.isActive = false`
                guard value == "true" || value == "false" || value == "YES" || value == "NO" else {
                    throw error("isActive takes true or false, not '\(value.excerpt)'", line: line, column: valueColumn(value))
                }
                addStep((.setActive(reference: name, value == "true" || value == "YES"), location))
                return true
            }
            let constant = try parser.parseConstant(value, line: line, column: valueColumn(value))
            addStep((.changeConstant(reference: name, try modifier(String(property), constant, line: line, column: column)), location))
            return true
        }
        if member.hasPrefix("update("), member.hasSuffix(")"), let colon = member.firstIndex(of: ":") {
            let label = member[member.index(member.startIndex, offsetBy: 7)..<colon].trimmingWhitespace
            let value = member[member.index(after: colon)..<member.index(before: member.endIndex)].trimmingWhitespace
            let constant = try parser.parseConstant(value, line: line, column: valueColumn(value))
            addStep((.changeConstant(reference: name, try modifier(String(label), constant, line: line, column: column)), location))
            return true
        }
        return false
    }

    /// The value `constraint.PROPERTY = value` sets, checked against what the property takes.
    func modifier(_ property: String, _ value: ConstantValue, line: Int, column: Int) throws(TextSyntaxError) -> ConstantValue {
        switch (property, value) {
        case ("offset", _), ("centerOffset", .point), ("sizeOffset", .size), ("insets", .insets), ("inset", .insets),
             ("insets", .directionalInsets), ("inset", .directionalInsets):
            return value
        case ("inset", .number(let n)):
            return .insets(EdgeInsets(n))
        default:
            throw error("cannot set \(property) to that value: offset takes a number, point, size or insets; inset a number or insets; insets insets; sizeOffset a size; centerOffset a point", line: line, column: column)
        }
    }

    /// `edit VIEW.COMPONENT PRIORITY`, `unedit VIEW.COMPONENT`, `suggest VIEW.COMPONENT VALUE ...`.
    mutating func readEditStep(_ head: String, _ words: [Substring], location: SourceLocation) throws(TextSyntaxError) {
        let line = location.line
        let column = location.column ?? 1
        func target(_ w: Substring) throws(TextSyntaxError) -> (String, FrameComponent) {
            guard let dot = w.firstIndex(of: "."),
                  let component = FrameComponent(rawValue: String(w[w.index(after: dot)...])) else {
                throw error("expected VIEW.COMPONENT with component x, y, width or height, found '\(w.excerpt)'", line: line, column: column)
            }
            return (try viewID(w[..<dot], line: line, column: column), component)
        }
        switch head {
        case "edit":
            guard words.count == 3 else { throw error("expected `edit VIEW.COMPONENT PRIORITY`", line: line, column: column) }
            let (id, component) = try target(words[1])
            let priorityText = words[2].hasPrefix("@") ? String(words[2].dropFirst()) : String(words[2])
            let priority = Priority(try number(priorityText, line: line))
            guard priority.isValid, !priority.isRequired else {
                throw error("an edit needs a priority in (0, 1000), not \(priority)", line: line, column: column)
            }
            addStep((.addEdit(view: id, component, priority), location))
        case "unedit":
            guard words.count == 2 else { throw error("expected `unedit VIEW.COMPONENT`", line: line, column: column) }
            let (id, component) = try target(words[1])
            addStep((.removeEdit(view: id, component), location))
        default:
            guard words.count >= 3, words.count % 2 == 1 else {
                throw error("expected `suggest VIEW.COMPONENT VALUE [VIEW.COMPONENT VALUE ...]`", line: line, column: column)
            }
            var values: [(view: String, component: FrameComponent, value: Rational)] = []
            var i = 1
            while i < words.count {
                let (id, component) = try target(words[i])
                values.append((id, component, try number(String(words[i + 1]), line: line)))
                i += 2
            }
            addStep((.suggest(values), location))
        }
    }

    /// The text of a `#` or `//` comment on a line, for derivations.
    func commentText(_ line: Substring) -> String {
        let code = stripComment(line)
        guard code.endIndex < line.endIndex else { return "" }
        var rest = line[code.endIndex...]
        while let first = rest.first, first == "#" || first == "/" { rest = rest.dropFirst() }
        return String(rest.trimmingWhitespace)
    }

    mutating func readDistribute(_ args: [String], location: SourceLocation) throws(TextSyntaxError) {
        let line = location.line
        let usage = "expected `distribute V1 V2 ... horizontal|vertical spacing S|length L lead A tail B`"
        guard let axisIndex = args.firstIndex(where: { $0 == "horizontal" || $0 == "vertical" }),
              args.count == axisIndex + 7, args[axisIndex + 3] == "lead", args[axisIndex + 5] == "tail" else {
            throw error(usage, line: line, column: location.column ?? 1)
        }
        let ids = try args[..<axisIndex].map { (w) throws(TextSyntaxError) -> String in try viewID(w[...], line: line, column: location.column ?? 1) }
        let amount = try number(args[axisIndex + 2], line: line)
        let mode: DistributionMode
        switch args[axisIndex + 1] {
        case "spacing": mode = .fixedSpacing(amount)
        case "length": mode = .fixedItemLength(amount)
        default: throw error(usage, line: line, column: location.column ?? 1)
        }
        addStep((.distribute(ids, args[axisIndex] == "horizontal" ? .horizontal : .vertical, mode,
                                          lead: try number(args[axisIndex + 4], line: line),
                                          tail: try number(args[axisIndex + 6], line: line)), location))
    }

    /// `[@[a, b, c] mas_distributeViewsAlongAxis:MASAxisTypeHorizontal withFixedSpacing:20 leadSpacing:5 tailSpacing:5];`
    mutating func readMasonryDistribute(_ s: Substring, location: SourceLocation) throws(TextSyntaxError) {
        let line = location.line
        guard let call = s.firstRange(of: " mas_distributeViewsAlongAxis:") else { return }
        let ids = try receiverList(s[s.index(after: s.startIndex)..<call.lowerBound], line: line, column: location.column ?? 1)
        var rest = String(s[call.upperBound...])
        if rest.hasSuffix("];") { rest.removeLast(2) } else if rest.hasSuffix("]") { rest.removeLast() }
        var parts: [String: String] = [:]
        let tokens = rest.split(separator: " ")
        let axis = tokens.first.map(String.init) ?? ""
        for token in tokens.dropFirst() {
            guard let colon = token.firstIndex(of: ":") else { continue }
            parts[String(token[..<colon])] = String(token[token.index(after: colon)...])
        }
        let usage = "expected `[@[views] mas_distributeViewsAlongAxis:MASAxisTypeHorizontal withFixedSpacing:S leadSpacing:A tailSpacing:B]`"
        guard axis == "MASAxisTypeHorizontal" || axis == "MASAxisTypeVertical",
              let lead = parts["leadSpacing"], let tail = parts["tailSpacing"] else {
            throw error(usage, line: line, column: location.column ?? 1)
        }
        let mode: DistributionMode
        if let spacing = parts["withFixedSpacing"] {
            mode = .fixedSpacing(try number(spacing, line: line))
        } else if let length = parts["withFixedItemLength"] {
            mode = .fixedItemLength(try number(length, line: line))
        } else {
            throw error(usage, line: line, column: location.column ?? 1)
        }
        addStep((.distribute(ids, axis == "MASAxisTypeHorizontal" ? .horizontal : .vertical, mode,
                                          lead: try number(lead, line: line), tail: try number(tail, line: line)), location))
    }

    mutating func addStep(_ entry: (LayoutScript.Step, SourceLocation)) {
        guard isTakingBranch else { return }   // (a branch not taken is read, not played)
        script?.steps.append((step: entry.0, location: entry.1))
    }

    func viewProperties(_ words: [String], line: Int, column: Int) throws(TextSyntaxError) -> [LayoutScript.ViewProperty] {
        var result: [LayoutScript.ViewProperty] = []
        var i = 0
        func args(_ n: Int, _ key: String) throws(TextSyntaxError) -> [String] {
            guard i + n < words.count else {
                throw error("`\(key)` takes \(n) value\(n == 1 ? "" : "s")", line: line, column: column)
            }
            defer { i += n + 1 }
            return Array(words[(i + 1)...(i + n)])
        }
        while i < words.count {
            let key = words[i]
            switch key {
            case "intrinsic":
                let a = try args(2, key)
                result.append(.intrinsicSize(width: try optionalNumber(a[0], line: line), height: try optionalNumber(a[1], line: line)))
            case "hugging":
                let a = try args(2, key)
                result.append(.hugging(horizontal: Priority(try number(a[0], line: line)), vertical: Priority(try number(a[1], line: line))))
            case "compression":
                let a = try args(2, key)
                result.append(.compressionResistance(horizontal: Priority(try number(a[0], line: line)), vertical: Priority(try number(a[1], line: line))))
            case "margins", "safearea":
                let a = try args(4, key)
                let e = EdgeInsets(top: try number(a[0], line: line), left: try number(a[1], line: line),
                                   bottom: try number(a[2], line: line), right: try number(a[3], line: line))
                result.append(key == "margins" ? .margins(e) : .safeArea(e))
            case "baseline":
                let a = try args(2, key)
                result.append(.baselines(firstFromTop: try optionalNumber(a[0], line: line), lastFromBottom: try optionalNumber(a[1], line: line)))
            case "direction":
                let a = try args(1, key)
                if a[0] == "inherit" {
                    result.append(.direction(nil))
                } else if let d = LayoutDirection(rawValue: a[0]) {
                    result.append(.direction(d))
                } else {
                    throw error("direction is ltr, rtl or inherit, not '\(a[0].excerpt)'", line: line, column: column)
                }
            default:
                throw error("unknown view property '\(key.excerpt)': expected in, intrinsic W H, hugging H V, compression H V, margins T L B R, safearea T L B R, baseline FIRST LAST, direction ltr|rtl|inherit", line: line, column: column)
            }
        }
        for property in result {
            if case .hugging(let h, let v) = property, !(h.isValid && v.isValid) {
                throw error("hugging priorities must be in (0, 1000]", line: line, column: column)
            }
            if case .compressionResistance(let h, let v) = property, !(h.isValid && v.isValid) {
                throw error("compression resistance priorities must be in (0, 1000]", line: line, column: column)
            }
        }
        return result
    }

    func number(_ text: String, line: Int) throws(TextSyntaxError) -> Rational {
        var strict = parser
        strict.allowsParameters = false
        return try strict.parseNumber(text, line: line)
    }

    func optionalNumber(_ text: String, line: Int) throws(TextSyntaxError) -> Rational? {
        text == "-" ? nil : try number(text, line: line)
    }

    func requireRoot(line: Int) throws(TextSyntaxError) {
        guard script != nil else { throw error("declare the root first: `root WIDTH HEIGHT`", line: line) }
    }

    func isIdentifier(_ s: Substring) -> Bool {
        guard let first = s.first, Identifier.isStart(first) else { return false }
        return s.allSatisfy(Identifier.isPart)
    }

    /// Swift's `#available(...)` and kin, which a `#` comment must not swallow in copied code.
    static func isSwiftDirective(_ rest: Substring) -> Bool {
        ["available(", "unavailable(", "selector(", "keyPath(", "colorLiteral("].contains { rest.hasPrefix($0) }
    }

    /// Drops a `#` or `//` comment outside quotes.
    func stripComment(_ line: Substring) -> Substring {
        var i = line.startIndex
        while i < line.endIndex {
            if line[i] == "#", !LayoutFileReader.isSwiftDirective(line[line.index(after: i)...]) { return line[..<i] }
            if let (kind, end) = CodeScanner.span(in: line, at: i) {
                if kind == .lineComment { return line[..<i] }
                i = end
                continue
            }
            i = line.index(after: i)
        }
        return line
    }
}
