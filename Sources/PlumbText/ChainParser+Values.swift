import PlumbSystem
import PlumbFrontEnd

/// What an argument evaluates to before the method it is passed to decides whether it fits.
enum ChainValue: Sendable {
    /// A number, point, size or insets.
    case constant(ConstantValue)
    /// Swift's `.zero` with no type named: only a parameter of one struct type can give it a meaning.
    case zero
    /// A view, an attribute of one, a guide, or a SnapKit multi-attribute item.
    case target(ConstraintTarget)
    /// `@[a, b, c]`.
    case array([ConstraintTarget])
    case string(String)

    /// How an error message names the value.
    var kindName: String {
        switch self {
        case .constant(.number): "a number"
        case .constant(.point): "a CGPoint"
        case .constant(.size): "a CGSize"
        case .constant(.insets): "UIEdgeInsets"
        case .constant(.directionalInsets): "NSDirectionalEdgeInsets"
        case .zero: "'.zero'"
        case .target(.item(_, nil)): "a view"
        case .target(.item(_, .some)), .target(.items): "a view attribute"
        case .target: "a target"
        case .array: "an array"
        case .string: "a string"
        }
    }
}

extension ChainValue {
    // Shorthands that build a constant (patterns spell `.constant(.number(let n))`).
    static func number(_ n: Rational) -> ChainValue { .constant(.number(n)) }
    static func point(_ p: Point) -> ChainValue { .constant(.point(p)) }
    static func size(_ s: Size) -> ChainValue { .constant(.size(s)) }
    static func insets(_ e: EdgeInsets) -> ChainValue { .constant(.insets(e)) }
    static func directionalInsets(_ d: DirectionalEdgeInsets) -> ChainValue { .constant(.directionalInsets(d)) }
}

/// What is expected where an expression is read; it decides which names are known and how a mistake is reported.
enum ValueContext: Sendable {
    /// The argument of a relation: views, attributes, numbers, structs, arrays.
    case target
    /// A number or a struct (modifier arguments, constants).
    case value
    /// The argument of `priority(...)`: numbers plus the priority names.
    case priority
    /// The argument of `multipliedBy` or `dividedBy`: a number.
    case factor

    /// The role of a parameter read here (which decides its default).
    var parameterRole: ParameterRole {
        switch self {
        case .target, .value: .number
        case .priority: .priority
        case .factor: .factor
        }
    }
}

/// The state of reading one chain or value (a statement, which may run over lines).
struct ChainReader {
    let parser: ChainParser
    let chars: [Character]
    let tokens: [ChainToken]
    let line: Int
    /// The column of the text's first character (positions in tokens count from it, across lines).
    let firstColumn: Int
    var index = 0
    var depth = 0
    /// The parameters read so far (expressions the parser cannot compute).
    var uses: [ParameterUse] = []
    /// Views named that the file does not declare (see `ChainParser.declaresUnknownViews`).
    var undeclared: [UndeclaredView] = []
    /// How many products or quotients the expression being read is the right operand of (a parameter there
    /// multiplies or divides: it defaults to 1).
    var productDepth = 0

    static let maximumDepth = 64

    init(parser: ChainParser, text: some StringProtocol, line: Int, column: Int) throws(TextSyntaxError) {
        self.parser = parser
        self.chars = Array(String(text))
        self.line = line
        self.firstColumn = column
        self.tokens = try parser.tokenize(chars, line: line, firstColumn: column)
    }

    /// Where a token position (`firstColumn` + offset into the text) lies, counting the text's line breaks.
    func location(of position: Int) -> SourceLocation {
        let (l, c) = ChainParser.lineAndColumn(of: position, in: chars, line: line, firstColumn: firstColumn)
        return SourceLocation(file: parser.file, line: l, column: c)
    }

    // MARK: Tokens

    var current: ChainToken { token(at: index) }
    var next: ChainToken { token(at: index + 1) }

    func token(at i: Int) -> ChainToken {
        if i >= 0, i < tokens.count { return tokens[i] }
        // `tokens` always ends with `.end`; this fallback is never reached.
        return tokens.last ?? ChainToken(kind: .end, column: 1, start: 0, end: 0, text: "")
    }

    mutating func advance() {
        if index < tokens.count - 1 { index += 1 }
    }

    func error(_ message: String, at position: Int) -> TextSyntaxError {
        TextSyntaxError(location: location(of: position), message: message)
    }

    func error(_ message: String, at token: ChainToken) -> TextSyntaxError {
        error(message, at: token.column)
    }

    /// Consumes `c` or throws "expected 'c' <context>, found X".
    mutating func expect(_ c: Character, _ context: String) throws(TextSyntaxError) {
        guard current.isPunct(c) else {
            throw error("expected '\(c)' \(context), found \(current.display)", at: current)
        }
        advance()
    }

    /// Consumes an identifier after a `.`.
    mutating func expectMemberName(after what: String) throws(TextSyntaxError) -> (String, ChainToken) {
        let token = current
        guard let name = token.identifier else {
            throw error("expected a name after '\(what.excerpt).', found \(token.display)", at: token)
        }
        advance()
        return (name, token)
    }

    /// The source text of tokens `from..<to`.
    func sourceText(from: Int, to: Int) -> String {
        let a = token(at: from).start
        let b = token(at: to - 1).end
        guard a >= 0, a < b, b <= chars.count else { return "" }
        return String(chars[a..<b])
    }

    // MARK: Expressions

    /// An expression, exact: `term (('+' | '-') term)*`, or a conditional `CONDITION ? A : B` whose branch a
    /// condition parameter chooses (the first one unless bound to false). Both branches are read.
    mutating func parseExpression(_ context: ValueContext) throws(TextSyntaxError) -> (ChainValue, Int) {
        guard let question = conditionalMark() else { return try parseSum(context) }
        let start = current
        try enter(start)
        defer { depth -= 1 }
        let condition = sourceText(from: index, to: question)
        if token(at: question + 1).isPunct(":") {
            // GNU C's `a ?: b`: a, unless it is nil (which the text cannot know): a
            let first = try parseSum(context)
            advance(); advance()
            _ = try parseExpression(context)
            return first
        }
        index = question
        advance()
        let first = try parseExpression(context)
        try expect(":", "in the conditional '\(condition.excerpt) ? ... : ...'")
        let second = try parseExpression(context)
        return try conditionHolds(condition, at: start.column) ? first : second
    }

    /// `term (('+' | '-') term)*`, exact.
    mutating func parseSum(_ context: ValueContext) throws(TextSyntaxError) -> (ChainValue, Int) {
        var (lhs, column) = try parseTerm(context)
        while current.isPunct("+") || current.isPunct("-") {
            let op = current
            advance()
            let (rhs, rhsColumn) = try parseTerm(context)
            lhs = .number(try arithmetic(op, lhs, column, rhs, rhsColumn))
        }
        return (lhs, column)
    }

    mutating func parseTerm(_ context: ValueContext) throws(TextSyntaxError) -> (ChainValue, Int) {
        var (lhs, column) = try parseUnary(context)
        while current.isPunct("*") || current.isPunct("/") {
            let op = current
            advance()
            productDepth += 1
            defer { productDepth -= 1 }
            let (rhs, rhsColumn) = try parseUnary(context)
            lhs = .number(try arithmetic(op, lhs, column, rhs, rhsColumn))
        }
        return (lhs, column)
    }

    mutating func parseUnary(_ context: ValueContext) throws(TextSyntaxError) -> (ChainValue, Int) {
        let token = current
        if token.isPunct("-") || token.isPunct("+") {
            try enter(token)
            defer { depth -= 1 }
            advance()
            let (value, column) = try parseUnary(context)
            guard case .constant(.number(let n)) = value else {
                throw error("expected a number after unary '\(token.text.excerpt)', found \(value.kindName)", at: column)
            }
            return (.number(token.isPunct("-") ? -n : n), token.column)
        }
        return try parsePostfix(context)
    }

    func arithmetic(_ op: ChainToken, _ lhs: ChainValue, _ lhsColumn: Int,
                    _ rhs: ChainValue, _ rhsColumn: Int) throws(TextSyntaxError) -> Rational {
        guard case .constant(.number(let a)) = lhs else {
            throw error("expected a number before '\(op.text)', found \(lhs.kindName)", at: lhsColumn)
        }
        guard case .constant(.number(let b)) = rhs else {
            throw error("expected a number after '\(op.text)', found \(rhs.kindName)", at: rhsColumn)
        }
        do throws(NumberError) {
            switch op.kind {
            case .punct("+"): return try a + b
            case .punct("-"): return try a - b
            case .punct("*"): return try a * b
            default:
                guard !b.isZero else { throw NumberError.divisionByZero("\(a) / 0") }
                return try a / b
            }
        } catch {
            throw self.error("\(a) \(op.text) \(b) \(error.reason)", at: op)
        }
    }

    /// A primary followed by struct member access (`padding.top`) or `.advanced(by:)` on a priority.
    mutating func parsePostfix(_ context: ValueContext) throws(TextSyntaxError) -> (ChainValue, Int) {
        var (value, column) = try parsePrimary(context)
        while current.isPunct("."), case .identifier = next.kind {
            switch value {
            case .constant: break
            default: return (value, column)
            }
            advance()
            let (member, memberToken) = try expectMemberName(after: value.kindName)
            value = try structMember(member, of: value, token: memberToken, context: context)
        }
        return (value, column)
    }

    mutating func structMember(_ name: String, of value: ChainValue, token: ChainToken,
                         context: ValueContext) throws(TextSyntaxError) -> ChainValue {
        switch value {
        case .constant(.number(let n)):
            if name == "advanced" {
                try expect("(", "after advanced")
                try expectLabel("by", in: "advanced(by:)")
                let (amountValue, amountColumn) = try parseExpression(.value)
                let amount = try number(amountValue, amountColumn, "the argument of advanced(by:)")
                try expect(")", "after the argument of advanced(by:)")
                do { return .number(try n + amount) } catch {
                    throw self.error("\(n) advanced by \(amount) \(error.reason)", at: token)
                }
            }
            if name == "rawValue" || name == "value" { return value }
            throw error("unknown member '\(name.excerpt)' of a number (expected advanced(by:) or rawValue)", at: token)
        case .constant(.point(let p)):
            switch name {
            case "x": return .number(p.x)
            case "y": return .number(p.y)
            default: break
            }
        case .constant(.size(let s)):
            switch name {
            case "width": return .number(s.width)
            case "height": return .number(s.height)
            default: break
            }
        case .constant(.insets(let i)):
            switch name {
            case "top": return .number(i.top)
            case "left": return .number(i.left)
            case "bottom": return .number(i.bottom)
            case "right": return .number(i.right)
            default: break
            }
        case .constant(.directionalInsets(let i)):
            switch name {
            case "top": return .number(i.top)
            case "leading": return .number(i.leading)
            case "bottom": return .number(i.bottom)
            case "trailing": return .number(i.trailing)
            default: break
            }
        default:
            break
        }
        let expected: String
        switch value {
        case .constant(.point): expected = "x or y"
        case .constant(.size): expected = "width or height"
        case .constant(.insets): expected = "top, left, bottom or right"
        case .constant(.directionalInsets): expected = "top, leading, bottom or trailing"
        default: expected = "no members"
        }
        throw error("unknown member '\(name.excerpt)' of \(value.kindName) (expected \(expected))", at: token)
    }

    mutating func expectLabel(_ label: String, in signature: String) throws(TextSyntaxError) {
        guard current.identifier == label, next.isPunct(":") else {
            throw error("expected '\(label.excerpt):' in \(signature), found \(current.display)", at: current)
        }
        advance()
        advance()
    }

    func number(_ value: ChainValue, _ column: Int, _ what: String) throws(TextSyntaxError) -> Rational {
        guard case .constant(.number(let n)) = value else {
            throw error("expected a number for \(what), found \(value.kindName)", at: column)
        }
        return n
    }

    func expectation(_ context: ValueContext) -> String {
        switch context {
        case .target: "a view, a view attribute, a number, a struct or @[...]"
        case .value: "a number or a struct"
        case .priority: "a priority (a number, .high, .low, MASLayoutPriorityDefaultLow, ...)"
        case .factor: "a number"
        }
    }

    /// Counts one level of nesting; every recursion of the expression reader passes through here, so no line,
    /// however deeply nested, can exhaust the stack.
    mutating func enter(_ token: ChainToken) throws(TextSyntaxError) {
        guard depth < ChainReader.maximumDepth else {
            throw error("expression nested too deeply (more than \(ChainReader.maximumDepth) levels)", at: token)
        }
        depth += 1
    }

    // MARK: Structs

    /// `CGPointMake(1, 2)` (positional) or `CGPoint(x: 1, y: 2)` (labeled); `current` is the '('.
    mutating func structArguments(_ name: String, kind: ChainNames.StructKind, labeled: Bool) throws(TextSyntaxError) -> ChainValue {
        let signature = labeled ? "\(name.excerpt)(\(kind.labels.map { "\($0):" }.joined()))" : "\(name.excerpt)(\(kind.labels.joined(separator: ", ")))"
        try expect("(", "after \(name.excerpt)")
        var components: [Rational] = []
        for (i, label) in kind.labels.enumerated() {
            if i > 0 {
                guard current.isPunct(",") else {
                    throw error("expected ',' and \(kind.labels.count - i) more argument\(kind.labels.count - i == 1 ? "" : "s") in \(signature), found \(current.display)", at: current)
                }
                advance()
            }
            if labeled {
                try expectLabel(label, in: signature)
            } else if current.identifier != nil, next.isPunct(":") {
                throw error("\(name.excerpt) takes no argument labels, found '\(current.text.excerpt):' (expected \(signature))", at: current)
            }
            let (value, column) = try parseExpression(.value)
            components.append(try number(value, column, "'\(label.excerpt)' in \(signature)"))
        }
        if current.isPunct(",") {
            throw error("expected ')' after the \(kind.labels.count) arguments of \(signature), found ','", at: current)
        }
        try expect(")", "after the arguments of \(signature)")
        guard let value = kind.value(components) else {
            throw error("expected \(kind.labels.count) arguments in \(signature)", at: current)
        }
        return value
    }
}
