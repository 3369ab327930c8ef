import PlumbSystem
import PlumbFrontEnd

/// Reading code as apps write it: Masonry and SnapKit blocks (`BlockBodyReader` reads their bodies), calls outside
/// blocks, C and Swift declarations, and the parameters that bind what the code leaves unknown.
extension LayoutFileReader {
    /// The block calls, by method name: Masonry's (with or without `mas_`), SnapKit's and SnapKit 0.x's.
    static let blockMethods: [(method: String, kind: LayoutScript.BlockKind)] = [
        ("mas_makeConstraints", .make), ("mas_updateConstraints", .update), ("mas_remakeConstraints", .remake),
        ("snp_makeConstraints", .make), ("snp_updateConstraints", .update), ("snp_remakeConstraints", .remake),
        ("makeConstraints", .make), ("updateConstraints", .update), ("remakeConstraints", .remake),
        ("prepareConstraints", .prepare), ("snp_prepareConstraints", .prepare),
    ]

    /// Objective-C and Swift spellings of blocks and calls, as copied from Masonry or SnapKit code.
    mutating func readCodeStatement(_ s: Substring, location: SourceLocation) throws(TextSyntaxError) {
        let line = location.line
        let column = location.column ?? 1
        try requireRoot(line: line)
        if try readReferenceStep(s, location: location) { return }
        if let call = LayoutFileReader.blockCall(in: s) {
            let receivers = try receiverList(call.receiver, line: line, column: column + s.distance(from: s.startIndex, to: call.receiver.startIndex),
                                             declaring: true)
            try readBlock(call.kind, ids: receivers, header: s, opening: call.afterMethod, location: location)
            return
        }
        if let range = s.firstRange(of: ".snp.removeConstraints()") ?? s.firstRange(of: ".snp_removeConstraints()") {
            addStep((.removeConstraints(try viewID(s[..<range.lowerBound], line: line, column: column)), location))
            return
        }
        if s.hasPrefix("["), s.contains(" removeFromSuperview]") {
            let name = s.dropFirst().prefix { $0 != " " }
            addStep((.removeFromSuperview(try viewID(name, line: line, column: column + 1)), location))
            return
        }
        if s.hasPrefix("["), s.contains(" mas_distributeViewsAlongAxis:") {
            try readMasonryDistribute(s, location: location)
            return
        }
        if try readSubviewAddition(s, location: location) { return }
        if LayoutFileReader.isIgnoredCall(s) { return }
        if try readTopLevelDeclaration(s, location: location) { return }
        let known = "layout, source, tags, dialect, root, let, param, view, set, make, update, remake, remove, removeFromSuperview, resize, distribute, edit, unedit, suggest, expect, a kept constraint's change, a declaration, or a Masonry/SnapKit block"
        throw error("unexpected '\(s.excerpt)': expected \(known)", line: line, column: column)
    }

    /// A block call in a statement: the receiver's text, the kind, and where the text after the method name starts.
    /// `[RECEIVER mas_makeConstraints:^...`, `RECEIVER.snp.makeConstraints {`, `snp.makeConstraints {` (implicit
    /// `self`), `RECEIVER.snp_makeConstraints {`.
    static func blockCall(in s: Substring) -> (receiver: Substring, kind: LayoutScript.BlockKind, afterMethod: Substring.Index)? {
        for (method, kind) in blockMethods {
            if s.hasPrefix("["), let range = s.firstRange(of: " \(method):") {
                return (s[s.index(after: s.startIndex)..<range.lowerBound], kind, range.upperBound)
            }
            if let eq = s.firstRange(of: " = "), s[eq.upperBound...].contains(method) {
                // `let constraints = v.snp.prepareConstraints {`: the call after the assignment
                if let call = blockCall(in: s[eq.upperBound...].trimmingWhitespace), call.kind == kind { return call }
                continue
            }
            for prefix in [".snp.\(method)", ".\(method)"] where method.hasPrefix("snp_") || method.hasPrefix("mas_") || prefix.hasPrefix(".snp.") {
                if let range = s.firstRange(of: prefix), isCallEnd(s[range.upperBound...]) {
                    return (s[..<range.lowerBound], kind, range.upperBound)
                }
            }
            if !method.hasPrefix("mas_") && !method.hasPrefix("snp_") {
                for implicit in ["snp.\(method)"] where s.hasPrefix(implicit) && isCallEnd(s.dropFirst(implicit.count)) {
                    return (s[s.startIndex..<s.startIndex], kind, s.index(s.startIndex, offsetBy: implicit.count))
                }
            }
        }
        return nil
    }

    /// Whether the text after a method name opens its closure: ` {`, `({`, ` { make in`.
    static func isCallEnd(_ rest: Substring) -> Bool {
        var t = rest.trimmingWhitespace
        guard !t.hasPrefix("{") else { return true }
        guard t.hasPrefix("(") else { return false }
        t = t.dropFirst().trimmingWhitespace
        if t.hasPrefix(")") { return t.dropFirst().trimmingWhitespace.hasPrefix("{") }   // `makeConstraints() { make in`
        if t.hasPrefix("closure:") { t = t.dropFirst(8).trimmingWhitespace }   // SnapKit 0.x: `(closure: { make in`
        return t.hasPrefix("{")
    }

    /// A block: its header (from the method name on) names the maker; the body runs until the braces opened in the
    /// header close, on this line or a later one.
    mutating func readBlock(_ kind: LayoutScript.BlockKind, ids: [String], header s: Substring, opening: Substring.Index,
                            location: SourceLocation) throws(TextSyntaxError) {
        var s = s, opening = opening
        if s[opening...].firstIndex(of: "{") == nil, let next = nextCodeLine(), next.text.trimmingWhitespace.hasPrefix("{") {
            // the block's `{` on the line after the call
            index = next.index + 1
            let offset = s.distance(from: s.startIndex, to: opening)
            s = Substring(String(s) + " " + String(next.text.trimmingWhitespace))
            opening = s.index(s.startIndex, offsetBy: offset)
        }
        guard let open = s[opening...].firstIndex(of: "{") else {
            throw error("expected a block: `{` after the call", line: location.line, column: location.column ?? 1)
        }
        var parser = self.parser
        let afterOpen = s.index(after: open)
        let (maker, bodyStartInLine) = LayoutFileReader.maker(header: s[opening..<open], rest: s[afterOpen...])
        if let maker { parser.makerNames = [maker, "$0"] }
        // The body's lines: the rest of the header line, then whole lines until the braces balance.
        var bodyLines: [(number: Int, text: Substring)] = []
        let headerLine = location.line
        var depth = 1
        // the brace that closes the block on this line, if any (braces in strings and comments do not count)
        func scan(_ text: Substring) -> Substring.Index? {
            var i = text.startIndex
            while i < text.endIndex {
                if let (kind, end) = CodeScanner.span(in: text, at: i) {
                    if kind == .lineComment { return nil }
                    i = end
                    continue
                }
                if text[i] == "{" { depth += 1 }
                if text[i] == "}" { depth -= 1; if depth == 0 { return i } }
                i = text.index(after: i)
            }
            return nil
        }
        let firstText = stripComment(s[bodyStartInLine...])
        let headerColumn = (location.column ?? 1) + s.distance(from: s.startIndex, to: bodyStartInLine)
        var closed = false
        if let close = scan(firstText) {
            bodyLines.append((headerLine, firstText[..<close]))
            closed = true
        } else {
            bodyLines.append((headerLine, firstText))
        }
        while !closed && index < lines.count {
            let number = index + 1
            let text = stripComment(lines[index])
            index += 1
            if let close = scan(text) {
                bodyLines.append((number, text[..<close]))
                closed = true
            } else {
                bodyLines.append((number, text))
            }
        }
        guard closed else {
            throw error("the block opened here is never closed: expected `}`", line: location.line, column: location.column ?? 1)
        }
        // `{` then the closure's parameter on a line of its own (`(make) -> Void in`)
        if maker == nil, let k = bodyLines.firstIndex(where: { !$0.text.trimmingWhitespace.isEmpty }), k > 0 || bodyLines[k].text.trimmingWhitespace.hasSuffix(" in") {
            let line = bodyLines[k].text.trimmingWhitespace
            if line.hasSuffix(" in") || line == "in" {
                let (name, _) = LayoutFileReader.maker(header: "", rest: line + " ")
                if let name { parser.makerNames = [name, "$0"] }
                bodyLines[k].text = ""
            }
        }
        // The header line's rest starts mid-line: pad it so that columns stay those of the file.
        bodyLines[0].text = Substring(String(repeating: " ", count: max(0, headerColumn - 1))) + bodyLines[0].text
        let code = CodeText(lines: bodyLines.map { ($0.number, $0.text) }, file: file)
        var body = BlockBodyReader(code: code, parser: parser)
        body.read(0..<code.chars.count)
        for e in body.errors where errors.count < LayoutFileReader.errorLimit { errors.append(e) }
        parameterUses += body.notes.parameterUses
        for view in body.notes.undeclaredViews { declareUndeclared(view.id, at: view.location) }
        let block = LayoutScript.Block(kind: kind, receivers: ids, chains: body.chains, names: body.names)
        addStep((.block(block), location))
        for step in body.referenceSteps { addStep((.setActive(reference: step.name, step.active), step.location)) }
    }

    /// The next line with code on it (not blank, not only a comment), and its index.
    func nextCodeLine() -> (index: Int, text: Substring)? {
        var i = index
        while i < lines.count {
            let text = stripComment(lines[i])
            if !text.trimmingWhitespace.isEmpty { return (i, text) }
            i += 1
        }
        return nil
    }

    /// The maker's name from a block header and where the body starts in the text after `{`: ObjC's
    /// `^(MASConstraintMaker *make)`, Swift's `{ make in`, `{ (make) -> Void in`, `{ [weak self] m in`; nil
    /// (`make` and `$0`) when the closure names none.
    package static func maker(header: Substring, rest: Substring) -> (String?, Substring.Index) {
        if let star = header.lastIndex(of: "*") {
            let name = header[header.index(after: star)...].drop { $0 == " " }.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !name.isEmpty { return (String(name), rest.startIndex) }
        }
        // Swift: `{ PARAMETERS in` at the start of the body.
        guard let inRange = rest.firstRange(of: " in") ?? rest.firstRange(of: ")in") else { return (nil, rest.startIndex) }
        let after = rest[inRange.upperBound...]
        guard after.first.map({ $0.isWhitespace }) ?? true else { return (nil, rest.startIndex) }
        var params = rest[..<inRange.lowerBound].trimmingWhitespace
        if params.hasPrefix("[") , let close = params.firstIndex(of: "]") { params = params[params.index(after: close)...].trimmingWhitespace }
        if let arrow = params.firstRange(of: "->") { params = params[..<arrow.lowerBound].trimmingWhitespace }
        if params.hasPrefix("("), params.hasSuffix(")") { params = params.dropFirst().dropLast().trimmingWhitespace }
        if let colon = params.firstIndex(of: ":") { params = params[..<colon].trimmingWhitespace }
        guard !params.isEmpty, params.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return (nil, rest.startIndex) }
        return (String(params), inRange.upperBound)
    }

    /// Skips the lines of a block whose opening statement failed, up to and including its closing line.
    mutating func skipBlock() {
        var depth = 1
        while index < lines.count {
            let text = stripComment(lines[index])
            index += 1
            for c in text {
                if c == "{" { depth += 1 }
                if c == "}" { depth -= 1 }
            }
            if depth <= 0 { return }
        }
    }

    // MARK: Names of views

    /// The view a receiver or statement names; with `declaring`, a name the file does not declare (and that is no
    /// near miss of a declared one) is added as a new view.
    mutating func viewID(_ word: Substring, line: Int, column: Int, declaring: Bool) throws(TextSyntaxError) -> String {
        do {
            return try viewID(word, line: line, column: column)
        } catch {
            let name = LayoutFileReader.plainName(word)
            guard declaring, script != nil, let name, ChainNames.suggestion(for: name, among: declared.sorted()) == nil else { throw error }
            declareUndeclared(name, at: SourceLocation(file: file, line: line, column: column))
            return name
        }
    }

    /// The view id a receiver expression would declare (`self.line` → `line`, `buttons[1]` → `buttons_1`), or nil
    /// when it is no plain name.
    static func plainName(_ word: Substring) -> String? {
        var components = ViewPath.components(ViewPath.stripped(String(word)))
        while let first = components.first, first == "self" || ChainParser.defaultSelfAliases.contains(first) {
            components.removeFirst()
        }
        guard let id = ViewPath.viewID(of: components), id.first?.isLetter == true else { return nil }
        return id
    }

    /// Adds a view the code names without a declaration: in the root (or `self`'s view), until an `addSubview`
    /// says where.
    mutating func declareUndeclared(_ id: String, at location: SourceLocation) {
        guard !declared.contains(id) else { return }
        declared.insert(id)
        let parent = selfView == ChainParser.rootViewID ? nil : selfView
        parents[id] = parent ?? ChainParser.rootViewID
        script?.views.append(LayoutScript.ViewDeclaration(id: id, parent: parent, properties: [], location: location))
        undeclaredViews.append(UndeclaredView(id: id, location: location))
    }

    /// `[PARENT addSubview:CHILD];`, `PARENT.addSubview(CHILD)`, `addSubview(CHILD)`, `addArrangedSubview`,
    /// `addLayoutGuide` (a guide is a view that draws nothing): declares CHILD in PARENT when the file has not
    /// declared it (or only took it without a declaration); otherwise changes nothing.
    mutating func readSubviewAddition(_ s: Substring, location: SourceLocation) throws(TextSyntaxError) -> Bool {
        var t = s.trimmingWhitespace
        if t.hasSuffix(";") { t = t.dropLast().trimmingWhitespace }
        var parentText: Substring
        var children: [Substring]
        let methods = ["addSubviews", "addArrangedSubviews", "addSubview", "addArrangedSubview", "addLayoutGuide", "insertSubview"]
        if t.hasPrefix("["), t.hasSuffix("]"), let method = methods.first(where: { t.contains(" \($0):") }),
           let range = t.firstRange(of: " \(method):") {
            parentText = t[t.index(after: t.startIndex)..<range.lowerBound]
            children = [t[range.upperBound..<t.index(before: t.endIndex)].prefix { $0 != " " }]
        } else if let method = methods.first(where: { t.contains("\($0)(") }), let range = t.firstRange(of: "\(method)("), t.hasSuffix(")") {
            parentText = range.lowerBound == t.startIndex ? "self" : t[..<t.index(before: range.lowerBound)]
            let arguments = t[range.upperBound..<t.index(before: t.endIndex)]
            // `addSubviews(a, b, c)` adds each; `insertSubview(a, at: 0)` adds the first
            children = method.hasSuffix("s") ? arguments.split(separator: ",") : [arguments.prefix { $0 != "," }]
        } else {
            return false
        }
        let line = location.line, column = location.column ?? 1
        let parent = try viewID(parentText, line: line, column: column, declaring: true)
        for childText in children {
            guard let child = LayoutFileReader.plainName(childText) else {
                throw error("'\(childText.excerpt)' is no view name this reader can declare", line: line, column: column)
            }
            place(child, in: parent, at: location)
        }
        return true
    }

    /// Declares `child` in `parent` when the file has not declared it; moves it there when it was taken without a
    /// declaration.
    mutating func place(_ child: String, in parent: String, at location: SourceLocation) {
        if !declared.contains(child) {
            declareUndeclared(child, at: location)
        }
        guard undeclaredViews.contains(where: { $0.id == child }), child != parent,
              let k = script?.views.firstIndex(where: { $0.id == child }), !isAncestor(child, of: parent) else { return }
        script?.views[k].parent = parent == ChainParser.rootViewID ? nil : parent
        parents[child] = parent
        // a parent must be declared before its subviews
        if let p = script?.views.firstIndex(where: { $0.id == parent }), p > k, let moved = script?.views.remove(at: p) {
            script?.views.insert(moved, at: k)
        }
    }

    func isAncestor(_ a: String, of b: String) -> Bool {
        var current: String? = b
        var steps = 0
        while let c = current, steps < 10_000 {
            if c == a { return true }
            current = parents[c]
            steps += 1
        }
        return false
    }

    /// Calls real code makes around its constraints that change no constraint: `layoutIfNeeded`,
    /// `translatesAutoresizingMaskIntoConstraints = NO`, debug keys and labels.
    static func isIgnoredCall(_ s: Substring) -> Bool {
        ["layoutIfNeeded", "setNeedsLayout", "setNeedsUpdateConstraints", "updateConstraintsIfNeeded",
         "translatesAutoresizingMaskIntoConstraints", ".mas_key", "MASAttachKeys(", ".snp.setLabel(", "snp_setLabel("]
            .contains { s.contains($0) }
    }

    /// The declared view a receiver or statement names (`self.card`, `weakSelf.card`, `card!`, `_card`,
    /// `buttons[0]`, `item.stack`, `self`, `view`), or an error naming the declared ones.
    func viewID(_ word: Substring, line: Int, column: Int) throws(TextSyntaxError) -> String {
        try parser.viewID(word, line: line, column: column)
    }

    /// `green`, `self.green`, `weakSelf.green`, `green!`, `buttons[0]`, or `@[a, b]`.
    mutating func receiverList(_ text: Substring, line: Int, column: Int, declaring: Bool = false) throws(TextSyntaxError) -> [String] {
        var t = text.trimmingWhitespace
        if t.hasPrefix("@[") && t.hasSuffix("]") {
            t = t.dropFirst(2).dropLast()
            var ids: [String] = []
            for w in t.split(separator: ",") { ids.append(try viewID(w, line: line, column: column, declaring: declaring)) }
            return ids
        }
        return [try viewID(t, line: line, column: column, declaring: declaring)]
    }

    // MARK: Declarations and parameters

    /// `CGFloat gap = 10;`, `static const CGFloat kMargin = 15;`, `__weak typeof(self) weakSelf = self;` outside a
    /// block: a constant, or a name for `self`. False when the statement is not such a declaration.
    mutating func readTopLevelDeclaration(_ s: Substring, location: SourceLocation) throws(TextSyntaxError) -> Bool {
        let code = CodeText(lines: [(location.line, Substring(String(repeating: " ", count: (location.column ?? 1) - 1)) + s)], file: file)
        guard let (name, equals) = CodeDeclaration.read(code, 0..<code.chars.count) else { return false }
        let valueStart = code.skipSpace(equals, end: code.chars.count)
        var valueEnd = code.chars.count
        while valueEnd > valueStart && (code.chars[valueEnd - 1] == ";" || code.chars[valueEnd - 1].isWhitespace) { valueEnd -= 1 }
        let value = code.text(valueStart..<valueEnd)
        if value == "self" || selfAliases.contains(value) {
            selfAliases.insert(name)
            return true
        }
        if value == "nil" || value == "NULL" || value == "nullptr" { return true }   // a reference assigned later
        if LayoutFileReader.createsView(value) {
            // `UIView *line = [UIView new];`, `let badge = UILabel()`: a view the code makes here
            if !declared.contains(name) { declareUndeclared(name, at: location) }
            return true
        }
        let (line, column) = code.position(of: valueStart)
        var notes = ReadingNotes()
        let constant = try parser.parseConstant(value, line: line, column: column, notes: &notes)
        if BlockBodyReader.isBareUnknown(value, constant, notes) {
            constants[name] = nil   // nothing known of it: its uses are the parameters
            return true
        }
        constants[name] = constant
        parameterUses += notes.parameterUses
        return true
    }

    /// Whether `let NAME = VALUE` (a layout file's `let` spelling) makes a view rather than a number.
    static func declarationCreatesView(_ s: Substring) -> Bool {
        guard let eq = s.firstIndex(of: "=") else { return false }
        return createsView(String(s[s.index(after: eq)...].trimmingWhitespace))
    }

    /// Whether a declaration's value makes an object: `[UIView new]`, `[[UILabel alloc] init...]`, `UIView()`,
    /// `UIButton(type: .system)` (a type's initializer; structs of numbers such as `CGSize(...)` are values).
    package static func createsView(_ value: String) -> Bool {
        if value.hasPrefix("[") { return value.contains(" new]") || value.contains(" alloc]") || value.contains(" alloc] ") }
        guard let open = value.firstIndex(of: "("), let first = value.first, first.isUppercase else { return false }
        let type = String(value[..<open])
        return type.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && ChainNames.structTypes[type] == nil
            && ChainNames.makeFunctions[type] == nil && !ChainNames.numberTypes.contains(type) && !ChainNames.priorityTypes.contains(type)
    }

    /// Reads every `param` line and `parameters { }` block of the file (one-line blocks too, `NAME = VALUE` entries
    /// separated by `;`), before the rest: a binding holds wherever the file writes it. A name bound twice to
    /// different values is an error naming both lines.
    mutating func readAllParameters() throws(TextSyntaxError) {
        var k = 0
        while k < lines.count {
            let number = k + 1
            let text = stripComment(lines[k]).trimmingWhitespace
            k += 1
            let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let head = words.first else { continue }
            let column = (lines[number - 1].firstIndex { !$0.isWhitespace })
                .map { lines[number - 1].distance(from: lines[number - 1].startIndex, to: $0) + 1 } ?? 1
            if head == "param" {
                try readParameter(text.dropFirst(5), line: number, column: column + 6)
            } else if head == "parameters", words.count >= 2, words[1] == "{" {
                let afterBrace = text[text.index(after: text.firstIndex(of: "{")!)...]
                if let close = afterBrace.firstIndex(of: "}") {
                    // `parameters { a = 1; b = 2 }` on one line
                    for entry in afterBrace[..<close].split(separator: ";") where !entry.trimmingWhitespace.isEmpty {
                        try readParameter(entry.trimmingWhitespace, line: number, column: column)
                    }
                    continue
                }
                var closed = false
                while k < lines.count {
                    let inner = stripComment(lines[k]).trimmingWhitespace
                    k += 1
                    if inner.isEmpty { continue }
                    if inner == "}" { closed = true; break }
                    try readParameter(inner, line: k, column: 1)
                }
                if !closed {
                    throw error("the parameters block opened here is never closed: expected `}`", line: number, column: column)
                }
            }
        }
    }

    /// Skips the lines of a `parameters {` block up to its `}` (already read by `readAllParameters`).
    mutating func skipParameterBlock() {
        while index < lines.count {
            let text = stripComment(lines[index]).trimmingWhitespace
            index += 1
            if text == "}" { return }
        }
    }

    /// `NAME = VALUE` (a `param` line's text after `param`, or a `parameters` block's entry): binds a parameter
    /// unless the command line did. The name is everything before the last ` = ` (so it may hold `==`), or a
    /// quoted string.
    mutating func readParameter(_ s: Substring, line: Int, column: Int) throws(TextSyntaxError) {
        guard let eq = s.ranges(of: " = ").last ?? s.ranges(of: "=").last else {
            throw error("expected `param NAME = VALUE` (NAME as the code writes it: `param kScale(12) = 12`)", line: line, column: column)
        }
        var name = s[..<eq.lowerBound].trimmingWhitespace
        if name.count >= 2, name.first == "\"", name.last == "\"" { name = name.dropFirst().dropLast() }
        let value = s[eq.upperBound...].trimmingWhitespace
        guard !name.isEmpty, !value.isEmpty else {
            throw error("expected `param NAME = VALUE` with a name and a value", line: line, column: column)
        }
        let key = ParameterBindings.normalized(String(name))
        if let earlier = fileBindings[key] {
            guard earlier.value == String(value) else {
                throw error("'\(key.excerpt)' is bound twice in this file: to \(earlier.value.excerpt) on line \(earlier.line) "
                            + "and to \(String(value).excerpt) here; keep one", line: line, column: column)
            }
            return
        }
        fileBindings[key] = (String(value), line)
        if !boundOutside.contains(key) { bindings[key] = String(value) }
    }
}
