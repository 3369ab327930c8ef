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

package struct LayoutFileReader {
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
    /// The `if` statements open around the current line, innermost last (`LayoutFile+Branches.swift`).
    var branches: [BranchFrame] = []

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
        if let open = branches.last, errors.count < LayoutFileReader.errorLimit {
            errors.append(error("this 'if' is never closed: end its branches with a '}' line", line: open.line))
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
        case "if" where s.hasSuffix("{"), "}", "switch" where s.hasSuffix("{"):
            try readBranchLine(s, line: line, column: column)
        case "case" where s.hasSuffix(":") && branches.last?.subject != nil,
             "default:" where branches.last?.subject != nil:
            readCaseLine(s)
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

}

extension Substring {
    var trimmingWhitespace: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return self[start..<Swift.max(start, end)]
    }
}
