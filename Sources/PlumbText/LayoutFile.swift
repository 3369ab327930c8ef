import PlumbSystem
import PlumbFrontEnd

/// Reads a layout file: a root, views, and Masonry/SnapKit blocks, one chain per line (README "Text syntax").
///
/// ```
/// layout basic
/// root 375 667
/// let padding = 10
/// view green
/// view label in green intrinsic 66 30 baseline - 5
/// [green mas_makeConstraints:^(MASConstraintMaker *make) {
///     make.top.left.equalTo(superview).offset(padding);
/// }];
/// label.snp.makeConstraints { make in
///     make.center.equalToSuperview()
/// }
/// ```
public struct LayoutFile {
    public let name: String
    public let file: String

    /// Values bound from outside the file (`--param`); they win over the file's own `param` lines.
    public var parameters: ParameterBindings

    /// - Parameters:
    ///   - file: the path used in error locations.
    ///   - name: the layout's name unless the file says `layout NAME`.
    ///   - parameters: values bound from outside the file (`--param`).
    public init(file: String, name: String, parameters: ParameterBindings = ParameterBindings()) {
        self.file = file
        self.name = name
        self.parameters = parameters
    }

    /// Whether `text` looks like a layout file rather than JSON (a byte-order mark is skipped).
    public static func looksLikeLayoutFile(_ text: String) -> Bool {
        text.first(where: { !$0.isWhitespace && $0 != "\u{FEFF}" }) != "{"
    }

    /// Parses `text` into a script; every mistake names file, line and column.
    ///
    /// Lines end as an editor ends them: LF, CRLF or a lone CR; a UTF-8 byte-order mark is skipped. Text that is
    /// not UTF-8 (UTF-16, or binary with NUL bytes) is refused as such instead of being misread.
    public func parse(_ text: String) throws(TextSyntaxError) -> LayoutScript {
        var body = Substring(text)
        if body.first == "\u{FEFF}" { body = body.dropFirst() }
        if let nul = body.firstIndex(of: "\u{0}") ?? (body.hasPrefix("\u{FFFD}\u{FFFD}") ? body.startIndex : nil) {
            let line = body[..<nul].reduce(1) { $0 + ($1.isNewline ? 1 : 0) }
            throw TextSyntaxError(location: SourceLocation(file: file, line: line, column: 1),
                                  message: "this is not UTF-8 text (UTF-16 or binary?): save the layout file as UTF-8")
        }
        // "\r\n" is one Character in Swift, so lines are split on every newline Character, not only on "\n".
        let lines = body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        var reader = LayoutFileReader(file: file, lines: lines, bindings: parameters)
        return try reader.read(defaultName: name)
    }
}

struct LayoutFileReader {
    let file: String
    let lines: [Substring]
    var index = 0
    var constants: [String: ConstantValue] = [:]
    var declared: Set<String> = []
    var script: LayoutScript?
    var pendingName: String?
    var pendingNameLocation: SourceLocation?
    var pendingDialect: Dialect = .masonry
    var tags: [String] = []
    var source: String?
    /// Errors found so far: the reader goes on after one, a statement or a chain line at a time.
    var errors: [TextSyntaxError] = []
    /// Errors reported at most (later ones are often consequences of earlier ones).
    static let errorLimit = 20

    /// Parameter bindings: the command line's, then the file's `param` lines for names it leaves unbound.
    var bindings: ParameterBindings
    /// Names bound from outside the file (a `param` line does not change them).
    let boundOutside: Set<String>
    /// The file's own bindings, with the line of each.
    var fileBindings: [String: (value: String, line: Int)] = [:]
    var parameterUses: [ParameterUse] = []
    /// Views the code names without the file declaring them, added as it names them (in file order).
    var undeclaredViews: [UndeclaredView] = []
    /// Names the file's code gives `self` (`__weak typeof(self) weakSelf = self;`).
    var selfAliases = ChainParser.defaultSelfAliases
    /// The view `self` is (`self VIEW`); the root unless the file says otherwise.
    var selfView = ChainParser.rootViewID
    /// The superview of each declared view.
    var parents: [String: String] = [:]

    init(file: String, lines: [Substring], bindings: ParameterBindings = ParameterBindings()) {
        self.file = file
        self.lines = lines
        self.bindings = bindings
        self.boundOutside = Set(bindings.values.keys)
    }

    func error(_ message: String, line: Int, column: Int = 1) -> TextSyntaxError {
        TextSyntaxError(location: SourceLocation(file: file, line: line, column: column), message: message)
    }

    var parser: ChainParser {
        var parser = ChainParser(knownViews: declared, valueConstants: constants, file: file)
        parser.parameters = bindings
        parser.selfAliases = selfAliases
        parser.parents = parents
        parser.selfView = selfView
        parser.viewIsRoot = !declared.contains("view")
        parser.declaresUnknownViews = script != nil
        parser.rootSize = script?.rootSize
        return parser
    }

    mutating func read(defaultName: String) throws(TextSyntaxError) -> LayoutScript {
        // the file's bindings hold wherever they are written (a `param` line below the code that uses it binds it)
        try readAllParameters()
        while index < lines.count && errors.count < LayoutFileReader.errorLimit {
            let lineNumber = index + 1
            let raw = lines[index]
            index += 1
            let text = stripComment(raw)
            let trimmed = text.trimmingWhitespace
            if trimmed.isEmpty { continue }
            let column = (text.firstIndex { !$0.isWhitespace }).map { text.distance(from: text.startIndex, to: $0) + 1 } ?? 1
            do {
                try readStatement(trimmed, line: lineNumber, column: column)
            } catch {
                errors.append(error)
                // a statement that opened a block and failed: its lines are not statements, skip to its end
                if trimmed.hasSuffix("{") && index <= lines.count { skipBlock() }
                // without a root nothing after can be read sensibly
                if script == nil && trimmed.hasPrefix("root") { break }
            }
        }
        if var first = errors.first {
            first.more = Array(errors.dropFirst())
            throw first
        }
        guard var script else {
            throw error("the file declares no root: start with `root WIDTH HEIGHT`", line: max(1, lines.count))
        }
        if script.name.isEmpty { script.name = defaultName }
        script.parameterUses = parameterUses
        script.undeclaredViews = undeclaredViews
        return script
    }

    mutating func readStatement(_ s: Substring, line: Int, column: Int) throws(TextSyntaxError) {
        let words = s.split(whereSeparator: { $0 == " " || $0 == "\t" })
        let head = words.first.map(String.init) ?? ""
        let location = SourceLocation(file: file, line: line, column: column)
        switch head {
        case "layout":
            guard words.count == 2 else { throw error("expected `layout NAME`", line: line, column: column) }
            pendingName = String(words[1])
            pendingNameLocation = location
            script?.name = String(words[1])
            script?.nameLocation = location
        case "dialect":
            guard words.count == 2, let d = Dialect(rawValue: String(words[1]).lowercased()) else {
                throw error("expected `dialect masonry` or `dialect snapkit`", line: line, column: column)
            }
            pendingDialect = d
            script?.dialect = d
        case "root":
            guard script == nil else { throw error("the root is declared twice", line: line, column: column) }
            var args = words.dropFirst().map(String.init)
            var direction = LayoutDirection.leftToRight
            if let last = args.last, let d = LayoutDirection(rawValue: last.lowercased()) {
                direction = d
                args.removeLast()
            }
            if args.count == 1, let x = args[0].firstIndex(of: "x") {
                args = [String(args[0][..<x]), String(args[0][args[0].index(after: x)...])]
            }
            guard args.count == 2 else { throw error("expected `root WIDTH HEIGHT [ltr|rtl]`", line: line, column: column) }
            let size = Size(width: try number(args[0], line: line), height: try number(args[1], line: line))
            var new = LayoutScript(name: pendingName ?? "", dialect: pendingDialect, rootSize: size, direction: direction)
            new.nameLocation = pendingNameLocation
            new.tags = tags
            new.source = source
            script = new
            declared.insert(ChainParser.rootViewID)
        case "let" where LayoutFileReader.blockCall(in: s) != nil || LayoutFileReader.declarationCreatesView(s):
            try readCodeStatement(s, location: location)
        case "let":
            guard let eq = s.firstIndex(of: "=") else { throw error("expected `let NAME = VALUE`", line: line, column: column) }
            var name = s[s.index(s.startIndex, offsetBy: 3)..<eq].trimmingWhitespace
            if let colon = name.firstIndex(of: ":") { name = name[..<colon].trimmingWhitespace }   // `let gap: CGFloat = 8`
            guard isIdentifier(name) else { throw error("'\(name.excerpt)' is not a name for a constant", line: line, column: column) }
            let valueText = s[s.index(after: eq)...]
            var notes = ReadingNotes()
            constants[String(name)] = try parser.parseConstant(valueText, line: line,
                                                               column: column + s.distance(from: s.startIndex, to: s.index(after: eq)),
                                                               notes: &notes)
            parameterUses += notes.parameterUses
        case "param":
            break   // read before the rest of the file (`readAllParameters`)
        case "parameters" where words.count >= 2 && words[1] == "{":
            if !s.hasSuffix("}") || words.count == 2 { skipParameterBlock() }   // (read before the rest)
        case "self" where words.count == 2 && isIdentifier(words[1]):
            selfView = try viewID(words[1], line: line, column: column)
        case "view":
            try requireRoot(line: line)
            guard words.count >= 2, isIdentifier(words[1]) else { throw error("expected `view ID [in PARENT] [properties]`", line: line, column: column) }
            let id = String(words[1])
            guard !declared.contains(id) else { throw error("view '\(id.excerpt)' is declared twice", line: line, column: column) }
            var rest = Array(words.dropFirst(2).map(String.init))
            var parent: String?
            if rest.first == "in" {
                guard rest.count >= 2 else { throw error("expected a parent after `in`", line: line, column: column) }
                let parentID = rest[1] == "self" || rest[1] == "view" ? ChainParser.rootViewID : rest[1]
                parent = parentID
                guard declared.contains(parentID) else {
                    throw error("unknown parent '\(rest[1].excerpt)': declare it before its subviews", line: line, column: column)
                }
                rest.removeFirst(2)
            }
            let isScrollView = rest.contains("scrollview")
            rest.removeAll { $0 == "scrollview" }
            let properties = try viewProperties(rest, line: line, column: column)
            declared.insert(id)
            parents[id] = parent ?? ChainParser.rootViewID
            script?.views.append(LayoutScript.ViewDeclaration(id: id, parent: parent, properties: properties,
                                                              isScrollView: isScrollView, location: location))
        case "set":
            try requireRoot(line: line)
            guard words.count >= 3 else { throw error("expected `set VIEW PROPERTY VALUES`", line: line, column: column) }
            let id = try viewID(words[1], line: line, column: column)
            let properties = try viewProperties(words.dropFirst(2).map(String.init), line: line, column: column)
            if id == ChainParser.rootViewID && (script?.steps.isEmpty ?? true) {
                script?.rootProperties += properties
            } else {
                addStep((.setProperties(id, properties), location))
            }
        case "make", "update", "remake":
            try requireRoot(line: line)
            guard words.last == "{", words.count >= 3 else {
                throw error("expected `\(head) VIEW [VIEW...] {` and a block of chains closed by `}`", line: line, column: column)
            }
            let ids = try words.dropFirst().dropLast().map { (w) throws(TextSyntaxError) -> String in try viewID(w, line: line, column: column) }
            try readBlock(LayoutScript.BlockKind(rawValue: head) ?? .make, ids: ids, header: s, opening: s.startIndex, location: location)
        case "expect" where words.count >= 3 && words[1] == "error":
            try requireRoot(line: line)
            let rest = s[words[2].startIndex...].trimmingWhitespace
            guard rest.count >= 2, rest.first == "\"", rest.last == "\"" else {
                throw error("expected `expect error \"PART OF THE MESSAGE\"`", line: line, column: column)
            }
            guard let last = script?.steps.popLast() else {
                throw error("`expect error` must follow the step that fails", line: line, column: column)
            }
            addStep((.failing(last.step, String(rest.dropFirst().dropLast())), last.location))
        case "expect":
            try requireRoot(line: line)
            guard words.last == "{", words.count == 2 || (words.count == 3 && words[1] == "unsatisfiable") else {
                throw error("expected `expect {` or `expect unsatisfiable {`", line: line, column: column)
            }
            try readCheckpoint(words.count == 3 ? .unsatisfiable : .frames, location: location)
        case "edit", "unedit", "suggest":
            try requireRoot(line: line)
            try readEditStep(head, Array(words), location: location)
        case "tags":
            tags += words.dropFirst().map(String.init)
            script?.tags = tags
        case "source":
            let text = s.dropFirst(6).trimmingWhitespace
            source = String(text.hasPrefix("\"") && text.hasSuffix("\"") && text.count >= 2 ? text.dropFirst().dropLast() : text)
            script?.source = source
        case "remove":
            try requireRoot(line: line)
            guard words.count == 2 else { throw error("expected `remove VIEW`", line: line, column: column) }
            addStep((.removeConstraints(try viewID(words[1], line: line, column: column)), location))
        case "removeFromSuperview":
            try requireRoot(line: line)
            guard words.count == 2 else { throw error("expected `removeFromSuperview VIEW`", line: line, column: column) }
            addStep((.removeFromSuperview(try viewID(words[1], line: line, column: column)), location))
        case "resize":
            try requireRoot(line: line)
            guard words.count == 3 else { throw error("expected `resize WIDTH HEIGHT`", line: line, column: column) }
            addStep((.resizeRoot(Size(width: try number(String(words[1]), line: line),
                                                   height: try number(String(words[2]), line: line))), location))
        case "distribute":
            try requireRoot(line: line)
            try readDistribute(words.dropFirst().map(String.init), location: location)
        default:
            try readCodeStatement(s, location: location)
        }
    }

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
        var inString = false
        var previous: Character = " "
        for i in line.indices {
            let c = line[i]
            if c == "\"" { inString.toggle() }
            if !inString, c == "#", !LayoutFileReader.isSwiftDirective(line[line.index(after: i)...]) { return line[..<i] }
            if !inString, c == "/", previous == "/" { return line[..<line.index(before: i)] }
            previous = c
        }
        return line
    }
}

extension Substring {
    var trimmingWhitespace: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return self[start..<Swift.max(start, end)]
    }
}
