import PlumbSystem
import PlumbFrontEnd

/// Reads the body of one Masonry or SnapKit block as app code writes it: chains over several lines, local
/// declarations (`CGFloat gap = 8;`, `let inset: CGFloat = 12`, `__weak typeof(self) weakSelf = self;`), `if`/`else`
/// and `switch` (a parameter picks the branch, the first one by default; every branch is read, so a mistake in any
/// is reported), and kept references (`self.top = make.top...`, `MASConstraint *top = make.top...`).
///
/// A statement it cannot read (a loop, a helper that receives the maker, any other call) is an error naming its line,
/// column and construct; the rest of the body is still read.
struct BlockBodyReader {
    let code: CodeText
    /// The parser, with the body's local constants and `self` aliases added as they are declared.
    var parser: ChainParser
    var chains: [ConstraintChain] = []
    /// Kept references by chain index.
    var names: [Int: String] = [:]
    var errors: [TextSyntaxError] = []
    var notes = ReadingNotes()
    /// Kept references the block switches on or off after making them (`top.deactivate()`, `top.isActive = false`),
    /// in order: steps after the block.
    var referenceSteps: [(name: String, active: Bool, location: SourceLocation)] = []
    /// `if`s and `switch`es around the statement being read.
    var nesting = 0
    /// The deepest nesting of `if` and `switch` read (as expressions stop at `ChainReader.maximumDepth`): deeper code
    /// is an error at the statement that goes past it, found in time linear in the block, not a stack overflow.
    static let maximumNesting = 64

    init(code: CodeText, parser: ChainParser) {
        self.code = code
        self.parser = parser
    }

    /// Reads the statements in `range`; with `taking` false (a branch not chosen) the chains are checked but not kept.
    mutating func read(_ range: Range<Int>, taking: Bool = true) {
        for statement in code.statements(in: range) {
            do {
                try readStatement(statement, taking: taking)
            } catch {
                errors.append(error)
            }
        }
    }

    /// The words a statement may start with that are not read as constraints but change nothing either.
    static let ignoredStarts = ["guard", "@strongify", "@weakify", "strongify", "weakify", "return", "break",
                                "continue", "fallthrough", "NSLog", "print", "debugPrint", "assert", "NSAssert",
                                "NSParameterAssert", "(void)", "#pragma", "#warning"]

    mutating func readStatement(_ range: Range<Int>, taking: Bool) throws(TextSyntaxError) {
        let s = range.lowerBound
        let end = range.upperBound
        let isIf = code.hasWord("if", at: s, end: end)
        if isIf || code.hasWord("switch", at: s, end: end) {
            guard nesting < BlockBodyReader.maximumNesting else {
                throw code.error("'\(isIf ? "if" : "switch")' nested too deeply (more than \(BlockBodyReader.maximumNesting) "
                                 + "levels of if and switch): this reader stops there", at: s)
            }
            nesting += 1
            defer { nesting -= 1 }
            return isIf ? try readConditional(range, taking: taking) : try readSwitch(range, taking: taking)
        }
        for word in ["for", "while", "repeat", "do"] where code.hasWord(word, at: s, end: end) {
            throw code.error("a '\(word)' loop inside a constraint block is not read: write its constraints out, "
                             + "or check the file with the loop unrolled", at: s)
        }
        let text = code.text(range)
        if BlockBodyReader.ignoredStarts.contains(where: { text.hasPrefix($0) && (text.count == $0.count
            || !code.isNameCharacter(text[text.index(text.startIndex, offsetBy: $0.count)])) }) {
            return
        }
        if let (name, chainStart) = keptReference(range) {
            try readChain(chainStart..<end, name: name, taking: taking)
            return
        }
        if let first = text.split(whereSeparator: { !code.isNameCharacter($0) }).first, parser.makerNames.contains(String(first)),
           text.dropFirst(first.count).first == "." {
            try readChain(range, name: nil, taking: taking)
            return
        }
        if try readReferenceSwitch(range, taking: taking) { return }
        if try readCollected(range, taking: taking) { return }
        if try readConditionalChain(range, taking: taking) { return }
        if try readDeclaration(range) { return }
        if try readAssignment(range) { return }
        if try readMessageModifier(range, taking: taking) { return }
        if mentionsMaker(text) {
            throw code.error("'\(text.excerpt)' hands the maker to a helper method: its constraints are written elsewhere, "
                             + "which this reader does not follow (inline them into the block)", at: s)
        }
        if !mentionsMaker(text) {
            return   // a call that does not use the maker (`field.setBottomBorder()`) makes no constraint here
        }
        throw code.error("'\(text.excerpt)' is not a constraint: a block holds chains such as make.top.equalTo(...), "
                         + "declarations of constants, if/else and switch", at: s)
    }

    /// Whether the text names the maker (as a word).
    func mentionsMaker(_ text: String) -> Bool {
        let words = text.split(whereSeparator: { !code.isNameCharacter($0) })
        return words.contains { parser.makerNames.contains(String($0)) }
    }

    /// `[make.top.mas_equalTo(self) setOffset:8];`: Masonry's modifier as a message (`setOffset:`, `setInsets:`,
    /// `setSizeOffset:`, `setCenterOffset:`, `setInset:`), read as the chain with `.offset(8)`.
    mutating func readMessageModifier(_ range: Range<Int>, taking: Bool) throws(TextSyntaxError) -> Bool {
        var text = code.text(range)
        if text.hasSuffix(";") { text.removeLast() }
        guard text.hasPrefix("["), text.hasSuffix("]"), parser.makerNames.contains(where: { text.dropFirst().hasPrefix($0 + ".") }) else { return false }
        let inner = text.dropFirst().dropLast()
        for (selector, modifier) in [("setOffset:", "offset"), ("setInsets:", "insets"), ("setInset:", "inset"),
                                     ("setSizeOffset:", "sizeOffset"), ("setCenterOffset:", "centerOffset")] {
            guard let r = inner.firstRange(of: selector) else { continue }
            let chain = inner[..<r.lowerBound].trimmingWhitespace
            let argument = inner[r.upperBound...].trimmingWhitespace
            let (line, column) = code.position(of: range.lowerBound + 1)
            var found = ReadingNotes()
            let parsed = try parser.parse("\(chain).\(modifier)(\(argument))", line: line, column: column, notes: &found)
            if taking {
                notes.parameterUses += found.parameterUses
                chains.append(parsed)
            }
            return true
        }
        return false
    }

    mutating func readChain(_ range: Range<Int>, name: String?, taking: Bool) throws(TextSyntaxError) {
        let (line, column) = code.position(of: range.lowerBound)
        var found = ReadingNotes()
        let chain = try parser.parse(code.text(range), line: line, column: column, notes: &found)
        // a view taken without a declaration is known to the block's later chains
        for view in found.undeclaredViews where !parser.knownViews.contains(view.id) {
            parser.knownViews.insert(view.id)
            notes.undeclaredViews.append(view)
        }
        guard taking else { return }
        notes.parameterUses += found.parameterUses
        if let name { names[chains.count] = name }
        chains.append(chain)
    }

    /// `self.top = make.top...`, `_top = make...`, `let top = make...`, `MASConstraint *top = make...`: the name and
    /// where the chain starts.
    func keptReference(_ range: Range<Int>) -> (String, Int)? {
        var eq = range.lowerBound
        var open = 0
        while eq < range.upperBound {
            let c = code.chars[eq]
            if c == "(" || c == "[" { open += 1 }
            if c == ")" || c == "]" { open -= 1 }
            if c == "=" && open == 0 { break }
            eq += 1
        }
        guard eq < range.upperBound, eq + 1 < range.upperBound, code.chars[eq + 1] != "=",
              eq > range.lowerBound, !"!<>=".contains(code.chars[eq - 1]) else { return nil }
        let chainStart = code.skipSpace(eq + 1, end: range.upperBound)
        let right = code.text(chainStart..<range.upperBound)
        guard parser.makerNames.contains(where: { right.hasPrefix($0 + ".") }) else { return nil }
        var left = Substring(code.text(range.lowerBound..<eq)).trimmingWhitespace
        for prefix in ["let ", "var ", "self.", "MASConstraint *", "MASConstraint*", "Constraint ", "Constraint? "]
            where left.hasPrefix(prefix) {
            left = left.dropFirst(prefix.count).trimmingWhitespace
        }
        // `strongSelf.top = make...`, `weakSelf.top = ...`: a name for self keeps the reference as `self.` does
        if let dot = left.firstIndex(of: "."), parser.selfAliases.contains(String(left[..<dot])) {
            left = left[left.index(after: dot)...].trimmingWhitespace
        }
        if left.hasPrefix("*") { left = left.dropFirst() }
        if let colon = left.firstIndex(of: ":") { left = left[..<colon].trimmingWhitespace }   // `let top: Constraint`
        if left.hasPrefix("_") { left = left.dropFirst() }
        guard let first = left.first, first.isLetter, left.allSatisfy(code.isNameCharacter),
              !parser.makerNames.contains(String(left)) else { return nil }
        return (String(left), chainStart)
    }

    /// `top.activate()`, `top?.deactivate()`, `top.isActive = false`, `[top uninstall];` on a kept reference.
    mutating func readReferenceSwitch(_ range: Range<Int>, taking: Bool) throws(TextSyntaxError) -> Bool {
        var text = ParameterBindings.normalized(code.text(range)).replacing("?.", with: ".").replacing("!.", with: ".")
        if text.hasSuffix(";") { text.removeLast() }
        if text.hasPrefix("self.") { text.removeFirst(5) }
        if let dot = text.firstIndex(of: "."), parser.selfAliases.contains(String(text[..<dot])) {
            text.removeSubrange(...dot)   // `strongSelf.top.isActive = false`
        }
        var name = "", active = true
        if text.hasPrefix("["), text.hasSuffix("]") {
            let words = text.dropFirst().dropLast().split(separator: " ")
            guard words.count == 2, ["install", "uninstall", "activate", "deactivate"].contains(String(words[1])) else { return false }
            name = String(words[0])
            active = words[1] == "install" || words[1] == "activate"
        } else if let dot = text.firstIndex(of: ".") {
            name = String(text[..<dot])
            switch text[text.index(after: dot)...] {
            case "activate()", "install()": active = true
            case "deactivate()", "uninstall()": active = false
            case "isActive = true", "isActive=true", "active = YES": active = true
            case "isActive = false", "isActive=false", "active = NO": active = false
            default: return false
            }
        } else {
            return false
        }
        guard !name.isEmpty, name.allSatisfy(code.isNameCharacter) else { return false }
        if taking { referenceSteps.append((name, active, code.location(of: range.lowerBound))) }
        return true
    }

    /// A chain kept in a collection: `list.append(make.top.equalTo(v).constraint)`, `[list addObject:make...]`.
    mutating func readCollected(_ range: Range<Int>, taking: Bool) throws(TextSyntaxError) -> Bool {
        let text = code.text(range)
        // a macro around a chain, `SAVE_C(make.top.equalTo(v))`: the chain
        if let open = text.firstIndex(of: "("), text[..<open].allSatisfy(code.isNameCharacter), !text[..<open].isEmpty,
           text.hasSuffix(")") || text.hasSuffix(");") {
            let inner = range.lowerBound + text.distance(from: text.startIndex, to: open) + 1
            if parser.makerNames.contains(where: { code.text(inner..<min(range.upperBound, inner + $0.count + 1)) == $0 + "." }) {
                var end = range.upperBound
                while end > inner && "; \t".contains(code.chars[end - 1]) { end -= 1 }
                try readChain(inner..<(end - 1), name: nil, taking: taking)
                return true
            }
        }
        for opener in [".append(", " addObject:", " += ["] {
            guard let r = text.firstRange(of: opener) else { continue }
            let inner = code.skipSpace(range.lowerBound + text.distance(from: text.startIndex, to: r.upperBound), end: range.upperBound)
            guard parser.makerNames.contains(where: { code.text(inner..<min(range.upperBound, inner + $0.count + 1)) == $0 + "." }) else { continue }
            var end = range.upperBound
            while end > inner && ";)] \t".contains(code.chars[end - 1]) { end -= 1 }
            try readChain(inner..<end, name: nil, taking: taking)
            return true
        }
        return false
    }

    /// `COND ? make.right.equalTo(a) : make.left.equalTo(b);`: a conditional whose branches are chains.
    mutating func readConditionalChain(_ range: Range<Int>, taking: Bool) throws(TextSyntaxError) -> Bool {
        var depth = 0
        var question = -1, colon = -1
        var i = range.lowerBound
        while i < range.upperBound {
            if let after = code.skipQuoted(i) { i = after; continue }
            let c = code.chars[i]
            if "([{".contains(c) { depth += 1 }
            if ")]}".contains(c) { depth -= 1 }
            if depth == 0 && c == "?" && question < 0 && i + 1 < range.upperBound && code.chars[i + 1] != "." && code.chars[i + 1] != "?" {
                question = i
            } else if depth == 0 && c == ":" && question >= 0 { colon = i; break }
            i += 1
        }
        guard question > range.lowerBound, colon > question else { return false }
        let first = code.skipSpace(question + 1, end: colon)
        let second = code.skipSpace(colon + 1, end: range.upperBound)
        func startsChain(_ at: Int) -> Bool {
            parser.makerNames.contains { code.text(at..<min(range.upperBound, at + $0.count + 1)) == $0 + "." }
        }
        guard startsChain(first), startsChain(second) else { return false }
        let holds = try conditionHolds(code.text(range.lowerBound..<question), at: range.lowerBound)
        var firstEnd = colon
        while firstEnd > first && code.chars[firstEnd - 1].isWhitespace { firstEnd -= 1 }
        try readChain(first..<firstEnd, name: nil, taking: taking && holds)
        try readChain(second..<range.upperBound, name: nil, taking: taking && !holds)
        return true
    }

    /// `NAME = VALUE`, `NAME += VALUE` (and `-=`, `*=`, `/=`) on something the block does not keep as a reference:
    /// a local constant of the block changes; anything else (`self.flag = NO`, `height += top`) changes no
    /// constraint and is passed over.
    mutating func readAssignment(_ range: Range<Int>) throws(TextSyntaxError) -> Bool {
        let text = code.text(range)
        guard let eq = text.firstIndex(of: "="), text[text.index(after: eq)...].first != "=" else { return false }
        var left = text[..<eq]
        var op: Character? = nil
        if let last = left.last, "+-*/".contains(last) { op = last; left = left.dropLast() }
        let name = left.trimmingWhitespace
        guard !name.isEmpty, name.allSatisfy({ code.isNameCharacter($0) || ".*>-_[]".contains($0) }) else { return false }
        guard let old = parser.constants[String(name)], case .number(let n) = old else { return true }
        let offset = range.lowerBound + text.distance(from: text.startIndex, to: eq) + 1
        let (line, column) = code.position(of: offset)
        var value = String(text[text.index(after: eq)...])
        if value.hasSuffix(";") { value.removeLast() }
        var found = ReadingNotes()
        guard let number = try? parser.parseNumber(value, line: line, column: column, notes: &found) else {
            // a value the block cannot follow (`height += label.height`): from here the name is unknown
            parser.constants[String(name)] = nil
            return true
        }
        notes.parameterUses += found.parameterUses
        do throws(NumberError) {
            switch op {
            case "+"?: parser.constants[String(name)] = .number(try n + number)
            case "-"?: parser.constants[String(name)] = .number(try n - number)
            case "*"?: parser.constants[String(name)] = .number(try n * number)
            case "/"?:
                guard !number.isZero else { throw NumberError.divisionByZero("\(n) / 0") }
                parser.constants[String(name)] = .number(try n / number)
            default: parser.constants[String(name)] = .number(number)
            }
        } catch {
            throw code.error("\(name) \(op.map { "\($0)=" } ?? "=") \(number): \(error.reason)", at: offset)
        }
        return true
    }

    // MARK: Declarations

    /// Types a C declaration of a value may name.
    static let valueTypes: Set<String> = ["CGFloat", "float", "double", "int", "NSInteger", "NSUInteger", "long",
                                          "CGPoint", "CGSize", "UIEdgeInsets", "NSEdgeInsets", "NSDirectionalEdgeInsets",
                                          "NSTimeInterval", "unsigned", "short", "Float", "Double", "Int"]
    static let qualifiers: Set<String> = ["static", "const", "__block", "__weak", "__strong", "__unsafe_unretained",
                                          "private", "fileprivate", "lazy", "final"]

    /// `let NAME[: Type] = VALUE`, `var ...`, `[static const] TYPE NAME = VALUE;`, `__weak typeof(self) NAME = self;`:
    /// a local constant, or a name for `self`. False when the statement is not a declaration.
    mutating func readDeclaration(_ range: Range<Int>) throws(TextSyntaxError) -> Bool {
        guard let (name, equals) = CodeDeclaration.read(code, range) else { return false }
        let valueStart = code.skipSpace(equals, end: range.upperBound)
        var valueEnd = range.upperBound
        while valueEnd > valueStart && (code.chars[valueEnd - 1] == ";" || code.chars[valueEnd - 1].isWhitespace) { valueEnd -= 1 }
        let value = code.text(valueStart..<valueEnd)
        if value == "self" || parser.selfAliases.contains(value) {
            parser.selfAliases.insert(name)
            return true
        }
        let (line, column) = code.position(of: valueStart)
        if let view = parser.viewNamed(by: value, line: line, column: column) {
            parser.viewAliases[name] = view   // `UIView *left = self.avatar;`
            return true
        }
        var found = ReadingNotes()
        guard let constant = try? parser.parseConstant(value, line: line, column: column, notes: &found) else {
            // Not a value (a view, an object): nothing a constraint reads, unless it is used, which is reported then.
            return true
        }
        guard !BlockBodyReader.isBareUnknown(value, constant, found) else {
            // `CGSize size = [label oneLineSize];`: nothing is known of it, so its uses (`size.height`) are the
            // parameters, named as the code uses them
            parser.constants[name] = nil
            return true
        }
        notes.parameterUses += found.parameterUses
        parser.constants[name] = constant
        return true
    }

    /// Whether a declaration's value is one parameter that took a plain default (0 or 1), which says nothing of
    /// the value (a parameter with a telling default, as `kScale(12)` → 12 or a screen size, does).
    static func isBareUnknown(_ value: String, _ constant: ConstantValue, _ notes: ReadingNotes) -> Bool {
        guard notes.parameterUses.count == 1, let use = notes.parameterUses.first, !use.isBound,
              use.name == ParameterBindings.normalized(value) else { return false }
        return use.taken == "0" || use.taken == "1"
    }

}

/// Reading a declaration's name and where its value starts, in Swift or C.
package enum CodeDeclaration {
    /// `let NAME[: T] = `, `var NAME = `, `[qualifiers] TYPE [*]NAME = `, `typeof(self) NAME = `: the name and the
    /// offset of the value; nil when the statement is no such declaration.
    package static func read(_ code: CodeText, _ range: Range<Int>) -> (String, Int)? {
        var words: [String] = []
        var i = range.lowerBound
        var eq = -1
        while i < range.upperBound {
            let c = code.chars[i]
            if c == "=" {
                guard i + 1 < range.upperBound, code.chars[i + 1] != "=" else { return nil }
                eq = i
                break
            }
            if code.isNameCharacter(c) {
                var j = i
                while j < range.upperBound && code.isNameCharacter(code.chars[j]) { j += 1 }
                words.append(code.text(i..<j))
                i = j
                continue
            }
            if c == "(" {
                // `typeof(self)` / `__typeof(self)`
                guard let after = code.matching(i, end: range.upperBound) else { return nil }
                words.append("(" + code.text((i + 1)..<(after - 1)) + ")")
                i = after
                continue
            }
            if c == "*" || c == ":" || c == "?" || c == "!" || c.isWhitespace || c == "<" || c == ">" || c == "," {
                if c == ":" { words.append(":") }
                i += 1
                continue
            }
            return nil
        }
        guard eq >= 0, let nameIndex = declaredNameIndex(words) else { return nil }
        return (words[nameIndex], eq + 1)
    }

    private static func declaredNameIndex(_ words: [String]) -> Int? {
        var k = 0
        while k < words.count && BlockBodyReader.qualifiers.contains(words[k]) { k += 1 }
        guard k < words.count else { return nil }
        if words[k] == "let" || words[k] == "var" {
            // `let NAME`, `let NAME: Type`
            guard k + 1 < words.count, isName(words[k + 1]) else { return nil }
            let rest = words[(k + 2)...]
            guard rest.isEmpty || rest.first == ":" else { return nil }
            return k + 1
        }
        // C: TYPE [TYPE...] NAME, where the last word is the name and every word before it a type or qualifier.
        let last = words.count - 1
        guard last > k, isName(words[last]) else { return nil }
        let types = words[k..<last].filter { !BlockBodyReader.qualifiers.contains($0) }
        guard let type = types.first, types.count <= 2 else { return nil }
        let known = BlockBodyReader.valueTypes.contains(type) || type.hasPrefix("typeof") || type.hasPrefix("__typeof")
            || type == "(self)" || (type.first?.isUppercase ?? false)
        return known ? last : nil
    }

    private static func isName(_ w: String) -> Bool {
        guard let f = w.first, Identifier.isStart(f) else { return false }
        return w.allSatisfy(Identifier.isPart)
    }
}
