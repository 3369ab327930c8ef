import PlumbSystem

/// What an argument evaluates to before the method it is passed to decides whether it fits.
enum ChainValue: Sendable {
    case number(Rational)
    case point(Point)
    case size(Size)
    case insets(EdgeInsets)
    case directionalInsets(DirectionalEdgeInsets)
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
        case .number: "a number"
        case .point: "a CGPoint"
        case .size: "a CGSize"
        case .insets: "UIEdgeInsets"
        case .directionalInsets: "NSDirectionalEdgeInsets"
        case .zero: "'.zero'"
        case .target(.item(_, nil)): "a view"
        case .target(.item(_, .some)), .target(.items): "a view attribute"
        case .target: "a target"
        case .array: "an array"
        case .string: "a string"
        }
    }
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

/// The state of reading one line.
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
        index = question
        advance()
        let first = try parseExpression(context)
        try expect(":", "in the conditional '\(condition.excerpt) ? ... : ...'")
        let second = try parseExpression(context)
        return try conditionHolds(condition, at: start.column) ? first : second
    }

    /// The index of the `?` of a conditional that starts here, if the expression is one: a `?` outside brackets
    /// before the argument ends, that is neither optional chaining (`a?.b`) nor `??`.
    func conditionalMark() -> Int? {
        var i = index
        var open = 0
        while i < tokens.count {
            let t = tokens[i]
            switch t.kind {
            case .end: return nil
            case .punct("("), .punct("["), .punct("{"): open += 1
            case .punct(")"), .punct("]"), .punct("}"):
                if open == 0 { return nil }
                open -= 1
            case .punct(","), .punct(";"), .punct(":"):
                if open == 0 { return nil }
            case .punct("?"):
                guard open == 0 else { break }
                let chained = i > 0 && tokens[i - 1].end == t.start && token(at: i + 1).isPunct(".")
                if token(at: i + 1).isPunct("?") { i += 2; continue }
                if !chained { return i }
            default: break
            }
            i += 1
        }
        return nil
    }

    /// Whether a condition parameter holds: its binding (`true`/`false`, `yes`/`no`, `1`/`0`), else true.
    mutating func conditionHolds(_ text: String, at position: Int) throws(TextSyntaxError) -> Bool {
        var name = ParameterBindings.normalized(text)
        if name.hasPrefix("("), name.hasSuffix(")") { name = String(name.dropFirst().dropLast()) }
        let bound = parser.parameters[name]
        uses.append(ParameterUse(name: name, role: .condition, location: location(of: position), isBound: bound != nil))
        guard let bound else { return true }
        switch bound.lowercased() {
        case "true", "yes", "1": return true
        case "false", "no", "0": return false
        default:
            throw error("the condition '\(name.excerpt)' is bound to '\(bound.excerpt)': expected true or false", at: position)
        }
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
            guard case .number(let n) = value else {
                throw error("expected a number after unary '\(token.text.excerpt)', found \(value.kindName)", at: column)
            }
            return (.number(token.isPunct("-") ? -n : n), token.column)
        }
        return try parsePostfix(context)
    }

    func arithmetic(_ op: ChainToken, _ lhs: ChainValue, _ lhsColumn: Int,
                    _ rhs: ChainValue, _ rhsColumn: Int) throws(TextSyntaxError) -> Rational {
        guard case .number(let a) = lhs else {
            throw error("expected a number before '\(op.text)', found \(lhs.kindName)", at: lhsColumn)
        }
        guard case .number(let b) = rhs else {
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
            case .number, .point, .size, .insets, .directionalInsets: break
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
        case .number(let n):
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
        case .point(let p):
            switch name {
            case "x": return .number(p.x)
            case "y": return .number(p.y)
            default: break
            }
        case .size(let s):
            switch name {
            case "width": return .number(s.width)
            case "height": return .number(s.height)
            default: break
            }
        case .insets(let i):
            switch name {
            case "top": return .number(i.top)
            case "left": return .number(i.left)
            case "bottom": return .number(i.bottom)
            case "right": return .number(i.right)
            default: break
            }
        case .directionalInsets(let i):
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
        case .point: expected = "x or y"
        case .size: expected = "width or height"
        case .insets: expected = "top, left, bottom or right"
        case .directionalInsets: expected = "top, leading, bottom or trailing"
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
        guard case .number(let n) = value else {
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

    mutating func parsePrimary(_ context: ValueContext) throws(TextSyntaxError) -> (ChainValue, Int) {
        let token = current
        try enter(token)
        defer { depth -= 1 }
        switch token.kind {
        case .number(let digits):
            advance()
            do { return (.number(try Rational(parsing: digits)), token.column) } catch {
                // The number error quotes the number (an excerpt); quoting it here too would echo it twice.
                throw self.error(error.description, at: token)
            }
        case .string(let s):
            advance()
            return (.string(s), token.column)
        case .punct("("):
            advance()
            // A C cast: `(CGFloat)10`.
            if let type = current.identifier, ChainNames.numberTypes.contains(type), next.isPunct(")") {
                advance()
                advance()
                let (value, column) = try parseUnary(context)
                return (.number(try number(value, column, "the cast to \(type)")), token.column)
            }
            let (value, _) = try parseExpression(context)
            try expect(")", "to close the '(' at column \(token.column)")
            return (value, token.column)
        case .punct("@"):
            advance()
            return (try parseBoxed(context, at: token), token.column)
        case .punct("."):
            advance()
            let (name, nameToken) = try expectMemberName(after: "")
            return (try implicitMember(name, token: nameToken, context: context), token.column)
        case .identifier(let name):
            advance()
            return (try identifierPrimary(name, token: token, context: context), token.column)
        case .punct("[") where self.token(at: index + 1).identifier == "NSValue" && (self.token(at: index + 2).identifier?.hasPrefix("valueWith") ?? false):
            // `[NSValue valueWithCGPoint:CGPointMake(1, 2)]`: the boxed struct
            advance(); advance(); advance()
            try expect(":", "after the NSValue method")
            let (value, _) = try parseExpression(context == .target ? .value : context)
            try expect("]", "to close the NSValue message")
            return (value, token.column)
        case .punct("[") where parser.allowsParameters && isMessageSend():
            // An Objective-C message (`[self barHeight]`): a value the text cannot compute.
            let start = index
            try skipBalanced()
            try skipPostfix()
            return (try parameter(from: start, context: context, at: token.column), token.column)
        case .punct("["):
            throw error("expected \(expectation(context)), found '['; Masonry arrays are written @[a, b]", at: token)
        default:
            throw error("expected \(expectation(context)), found \(token.display)", at: token)
        }
    }

    /// After `@`: `@10`, `@-10`, `@(expr)`, `@[a, b]`.
    mutating func parseBoxed(_ context: ValueContext, at atToken: ChainToken) throws(TextSyntaxError) -> ChainValue {
        let token = current
        switch token.kind {
        case .number:
            let (value, _) = try parsePrimary(context)
            return value
        case .punct("-"), .punct("+"):
            let (value, column) = try parseUnary(context)
            return .number(try number(value, column, "'@\(token.text.excerpt)'"))
        case .punct("("):
            advance()
            let (value, column) = try parseExpression(context)
            try expect(")", "to close '@('")
            switch value {
            case .number, .point, .size, .insets, .directionalInsets: return value
            default: throw error("@(...) boxes a number or a struct, found \(value.kindName)", at: column)
            }
        case .punct("["):
            advance()
            guard context == .target else {
                throw error("expected \(expectation(context)), found an array", at: atToken)
            }
            var elements: [ConstraintTarget] = []
            while !current.isPunct("]") {
                let (value, column) = try parseExpression(.target)
                if case .array = value {
                    throw error("an array cannot hold an array (Masonry: attempting to add unsupported attribute)", at: column)
                }
                elements.append(try target(value, column, for: "an element of @[...]"))
                if current.isPunct(",") {
                    advance()
                } else if !current.isPunct("]") {
                    throw error("expected ',' or ']' in @[...], found \(current.display)", at: current)
                }
            }
            advance()
            return .array(elements)
        default:
            throw error("expected a number, '(' or '[' after '@', found \(token.display)", at: token)
        }
    }

    /// `.zero`, `.high`, `.init(rawValue: 750)`.
    mutating func implicitMember(_ name: String, token: ChainToken, context: ValueContext) throws(TextSyntaxError) -> ChainValue {
        if name == "zero" { return .zero }
        if context == .priority {
            if let value = ChainNames.priorityMembers[name] { return .number(value) }
            if name == "init" { return try priorityInitializer("init", token: token) }
            throw error("unknown priority '.\(name.excerpt)' (expected .required, .high, .medium, .low, .defaultHigh, .defaultLow or .fittingSizeLevel)", at: token)
        }
        if ChainNames.priorityMembers[name] != nil {
            throw error("'.\(name.excerpt)' is a priority and can only be used in priority(...)", at: token)
        }
        throw error("unknown '.\(name.excerpt)' (expected \(expectation(context)); '.zero' is allowed where one struct type is meant, as in inset(.zero))", at: token)
    }

    /// `UILayoutPriority(750)` or `UILayoutPriority(rawValue: 750)`, the '(' not yet read.
    mutating func priorityInitializer(_ type: String, token: ChainToken) throws(TextSyntaxError) -> ChainValue {
        try expect("(", "after \(type)")
        if current.identifier != nil, next.isPunct(":") {
            try expectLabel("rawValue", in: "\(type)(rawValue:)")
        }
        let (value, column) = try parseExpression(.priority)
        let n = try number(value, column, "the argument of \(type)(...)")
        try expect(")", "after the argument of \(type)(...)")
        return .number(n)
    }

    mutating func identifierPrimary(_ name: String, token: ChainToken, context: ValueContext) throws(TextSyntaxError) -> ChainValue {
        // Functions and initializers.
        if current.isPunct("(") {
            if let kind = ChainNames.makeFunctions[name] {
                return try structArguments(name, kind: kind, labeled: false)
            }
            if let kind = ChainNames.structTypes[name] {
                return try structArguments(name, kind: kind, labeled: true)
            }
            if ChainNames.numberTypes.contains(name) || name == "MASBoxValue" {
                advance()
                let (value, column) = try parseExpression(context)
                try expect(")", "after the argument of \(name.excerpt)")
                if name == "MASBoxValue" { return value }
                return .number(try number(value, column, "\(name.excerpt)(...)"))
            }
            if ChainNames.priorityTypes.contains(name) {
                guard context == .priority else {
                    throw error("\(name.excerpt)(...) is a priority and can only be used in priority(...)", at: token)
                }
                return try priorityInitializer(name, token: token)
            }
            if let extreme = ChainNames.extremeFunctions[name] {
                return try extremeOf(name, largest: extreme, context: context)
            }
            if parser.constants[name] == nil && !isReferenceStart(name) {
                // A function or macro the text does not define (`kScale(12)`, `CGRectGetWidth(frame)`).
                let start = index - 1
                try skipPostfix()
                return try parameter(from: start, context: context, at: token.column)
            }
        }
        // Static members: `CGPoint.zero`, `UILayoutPriority.defaultHigh`.
        if current.isPunct("."), let kind = ChainNames.structTypes[name] {
            advance()
            let (member, memberToken) = try expectMemberName(after: name)
            guard member == "zero" else {
                throw error("unknown member '\(member.excerpt)' of \(name.excerpt) (expected zero)", at: memberToken)
            }
            return kind.zero
        }
        if current.isPunct("."), ChainNames.priorityTypes.contains(name) {
            advance()
            let (member, memberToken) = try expectMemberName(after: name)
            if member == "init" { return try priorityInitializer("\(name.excerpt).init", token: memberToken) }
            guard let value = ChainNames.priorityMembers[member] else {
                throw error("unknown priority '\(name.excerpt).\(member.excerpt)' (expected required, high, medium, low, defaultHigh, defaultLow or fittingSizeLevel)", at: memberToken)
            }
            guard context == .priority else {
                throw error("'\(name.excerpt).\(member.excerpt)' is a priority and can only be used in priority(...)", at: token)
            }
            return .number(value)
        }
        if let zero = ChainNames.zeroConstants[name] { return zero }
        if let value = ChainNames.priorityConstants[name] {
            guard context == .priority else {
                throw error("'\(name.excerpt)' is a priority and can only be used in priority(...)", at: token)
            }
            return .number(value)
        }
        if let constant = parser.constants[name] { return constant.chainValue }
        if ChainNames.numberTypes.contains(name), current.isPunct("."), next.identifier != nil, parser.allowsParameters {
            // a static member of a number type the text does not define (`CGFloat.rowHeight`)
            let start = index - 1
            try skipPostfix()
            return try parameter(from: start, context: context, at: token.column)
        }
        if ChainNames.makeFunctions[name] != nil || ChainNames.structTypes[name] != nil
            || ChainNames.numberTypes.contains(name) || ChainNames.priorityTypes.contains(name) {
            throw error("expected '(' after \(name.excerpt), found \(current.display)", at: current)
        }
        if !parser.allowsParameters {
            if context == .target || isReferenceStart(name) {
                return .target(try parsePath(name, token: token, context: context))
            }
            throw error(unknownConstantMessage(name, context), at: token)
        }
        if pathNamesView(from: index - 1, context: context) {
            return .target(try parsePath(name, token: token, context: context))
        }
        if name == "self" || parser.selfAliases.contains(name), current.isPunct("."), let member = next.identifier,
           let constant = parser.constants[member], !self.token(at: index + 2).isPunct("(") {
            // `self.padding`: a constant the file gives (a property's value)
            advance(); advance()
            return constant.chainValue
        }
        if !current.isPunct("."), !current.isPunct("("), context != .target,
           let near = ChainNames.suggestion(for: name, among: parser.constants.keys.sorted()) {
            throw error(unknownConstantMessage(name, context) + "; did you mean '\(near)'?", at: token)
        }
        let start = index - 1
        try skipPostfix()
        return try parameter(from: start, context: context, at: token.column)
    }

    /// Whether the `[` here opens an Objective-C message (`[receiver selector]`, `[a b:c]`) rather than a list.
    func isMessageSend() -> Bool {
        guard token(at: index + 1).identifier != nil || token(at: index + 1).isPunct("[") else { return false }
        var i = index + 1
        if token(at: i).isPunct("[") {
            var open = 0
            repeat {
                if token(at: i).isPunct("[") { open += 1 }
                if token(at: i).isPunct("]") { open -= 1 }
                if case .end = token(at: i).kind { return false }
                i += 1
            } while open > 0
        } else {
            i += 1
            while token(at: i).isPunct("."), token(at: i + 1).identifier != nil { i += 2 }
        }
        return token(at: i).identifier != nil
    }

    // MARK: Parameters

    /// The expression from token `start` to here as a parameter: its binding, or its role's default. The use is
    /// recorded (`uses`).
    mutating func parameter(from start: Int, context: ValueContext, at position: Int) throws(TextSyntaxError) -> ChainValue {
        let name = ParameterBindings.normalized(sourceText(from: start, to: index))
        guard name.count <= ParameterBindings.maximumNameLength else {
            throw error("'\(name.excerpt)' is no value Plumb knows, and too long (\(name.count) characters) to stand as a "
                        + "parameter's name (at most \(ParameterBindings.maximumNameLength))", at: position)
        }
        let role = context.parameterRole
        let bound = parser.parameters[name]
        uses.append(ParameterUse(name: name, role: role, location: location(of: position), isBound: bound != nil))
        guard let bound else {
            switch role {
            case .factor: return .number(1)
            case .priority: return .number(750)
            default: return .number(.zero)
            }
        }
        guard let value = ParameterBindings.number(bound) else {
            throw error("the value '\(name.excerpt)' is bound to '\(bound.excerpt)': expected a number such as 12, -0.5 or 3/2", at: position)
        }
        return .number(value)
    }

    /// Skips what follows a name in a value the text cannot compute: members (`.size.width`), optional chaining and
    /// unwrapping (`?.`, `!`), calls and subscripts (balanced), and a `?? default`.
    mutating func skipPostfix() throws(TextSyntaxError) {
        while true {
            let t = current
            if t.isPunct("."), next.identifier != nil || isNumberToken(next) {
                advance(); advance()
            } else if t.isPunct("?"), next.isPunct("?") {
                advance(); advance()
                guard current.identifier != nil || isNumberToken(current) || current.isPunct("(") || current.isPunct("[") else {
                    throw error("expected a value after '??', found \(current.display)", at: current)
                }
                if current.isPunct("(") || current.isPunct("[") { try skipBalanced() } else { advance() }
            } else if (t.isPunct("?") || t.isPunct("!")) && adjacentToPrevious(t), !next.isPunct("=") {
                advance()
            } else if t.isPunct("(") || t.isPunct("[") {
                try skipBalanced()
            } else {
                return
            }
        }
    }

    func isNumberToken(_ t: ChainToken) -> Bool {
        if case .number = t.kind { return true }
        return false
    }

    func adjacentToPrevious(_ t: ChainToken) -> Bool {
        index > 0 && token(at: index - 1).end == t.start
    }

    /// Skips a bracketed group from its opening `(`, `[` or `{` to the matching closer.
    mutating func skipBalanced() throws(TextSyntaxError) {
        let open = current
        var stack: [Character] = []
        repeat {
            let t = current
            switch t.kind {
            case .punct("("): stack.append(")")
            case .punct("["): stack.append("]")
            case .punct("{"): stack.append("}")
            case .punct(let c) where c == ")" || c == "]" || c == "}":
                guard stack.last == c else {
                    throw error("'\(c)' does not match the '\(open.text)' at column \(location(of: open.column).column ?? 0)", at: t)
                }
                stack.removeLast()
            case .end:
                throw error("the '\(open.text)' here is never closed", at: open)
            default: break
            }
            advance()
        } while !stack.isEmpty
    }

    /// `MAX(a, b)`, `fmin(a, b)`, ...: the larger (or smaller) of numbers, exactly; the '(' not yet read.
    mutating func extremeOf(_ name: String, largest: Bool, context: ValueContext) throws(TextSyntaxError) -> ChainValue {
        try expect("(", "after \(name.excerpt)")
        var result: Rational?
        repeat {
            if result != nil { advance() }
            let (value, column) = try parseExpression(context == .target ? .value : context)
            let n = try number(value, column, "an argument of \(name.excerpt)")
            if let r = result { result = largest ? Swift.max(r, n) : Swift.min(r, n) } else { result = n }
        } while current.isPunct(",")
        try expect(")", "after the arguments of \(name.excerpt)")
        return .number(result!)
    }

    /// Whether the name at token `start` begins a view reference (a view, one of its attributes, a guide) rather
    /// than a value: `card`, `self.card.snp.top`, `weakSelf.card`, `avatar!.mas_bottom`. A path through a member
    /// views do not have (`self.view.frame.size.width`, `label.font.lineHeight`, `theme.insets.top`) is a value.
    /// An unknown name is a view when a view member follows it (`header.mas_bottom`, so that a missing declaration
    /// is reported) or, as a bare relation argument, when it is named like one (`headerView`).
    func pathNamesView(from start: Int, context: ValueContext) -> Bool {
        var i = start
        var components: [String] = []
        while let name = token(at: i).identifier {
            components.append(name)
            i += 1
            while true {
                let t = token(at: i)
                if (t.isPunct("?") || t.isPunct("!")) && token(at: i - 1).end == t.start && !token(at: i + 1).isPunct("=") { i += 1; continue }
                if t.isPunct("[") && token(at: i - 1).end == t.start {
                    let open = i
                    var depth = 0
                    repeat {
                        if token(at: i).isPunct("[") { depth += 1 }
                        if token(at: i).isPunct("]") { depth -= 1 }
                        if case .end = token(at: i).kind { return false }
                        i += 1
                    } while depth > 0
                    // `buttons[0]` names the view `buttons_0`
                    components[components.count - 1] = ChainParser.subscriptedID(components[components.count - 1],
                                                                                 sourceText(from: open + 1, to: i - 1))
                    continue
                }
                break
            }
            guard token(at: i).isPunct("."), token(at: i + 1).identifier != nil else {
                if token(at: i).isPunct("(") { components.append("()") }
                break
            }
            i += 1
        }
        components = mergedViewNames(components)
        guard let first = components.first else { return false }
        enum Reach { case owner, view, unknown }
        var reach: Reach
        if first == "self" || parser.selfAliases.contains(first) { reach = .owner }
        else if first == "superview" || parser.knownViews.contains(first) || (first == "view" && parser.viewIsRoot)
                    || ["topLayoutGuide", "bottomLayoutGuide", "safeAreaLayoutGuide"].contains(first) { reach = .view }
        else { reach = .unknown }
        for (k, member) in components.dropFirst().enumerated() {
            let isLast = k == components.count - 2
            switch reach {
            case .owner:
                if member == "view" || parser.knownViews.contains(member) || isViewMember(member)
                    || ChainNames.masonryLegacyGuides[member] != nil || member.hasPrefix("snp_")
                    || ["topLayoutGuide", "bottomLayoutGuide"].contains(member) {
                    reach = .view
                } else if isLast {
                    return context == .target && namedLikeView(member)
                } else {
                    // `self.header.mas_bottom` (an undeclared view) or `self.style.margin` (a value).
                    return ChainReader.isStrongViewMember(components[k + 2])
                }
            case .view:
                if member == "()" { return components[k] == "mas_attribute" }
                // a misspelled attribute is the view's, reported as such (`v.mas_lft`, `v.snp.lefty`)
                if member.hasPrefix("mas_") || components[k] == "snp" { continue }
                if !(isViewMember(member) || member.hasPrefix("snp_") || member == "superview"
                     || ChainNames.compositeAttributes[member] != nil) { return false }
            case .unknown:
                return ChainReader.isStrongViewMember(member)
            }
        }
        switch reach {
        case .owner, .view: return true
        case .unknown: return context == .target && components.count == 1 && namedLikeView(first)
        }
    }

    /// Members only a view has (`snp`, `mas_top`, `snp_bottom`, `safeAreaLayoutGuide`): after an unknown name they
    /// make it a view (whereas `size` or `width` may be a struct's, as in `image.size.width`).
    static func isStrongViewMember(_ member: String) -> Bool {
        member == "snp" || member.hasPrefix("mas_") || member.hasPrefix("snp_") || member == "safeAreaLayoutGuide"
            || member == "layoutMarginsGuide"
    }

    /// Path components with the views a file declares under a compound or instance-variable name merged:
    /// `item.stack` as `item_stack`, `_title` as `title`.
    func mergedViewNames(_ components: [String]) -> [String] {
        var result: [String] = []
        var k = 0
        while k < components.count {
            var c = components[k]
            if !(k == 0 && (c == "self" || parser.selfAliases.contains(c))) && !parser.knownViews.contains(c) {
                if c.hasPrefix("_"), parser.knownViews.contains(String(c.dropFirst())) { c.removeFirst() }
                var joined = c
                var j = k + 1
                while j < min(components.count, k + 4), !parser.knownViews.contains(c) {
                    joined += "_" + components[j]
                    if parser.knownViews.contains(joined) { c = joined; k = j; break }
                    j += 1
                }
            }
            result.append(c)
            k += 1
        }
        return result
    }

    /// A view named by an instance variable (`_title` for `title`) or by a path the file declares as one view
    /// (`item.stack` as `item_stack`): the declared id, the path's tokens consumed; `name` otherwise.
    mutating func declaredName(_ name: String) -> String {
        if parser.knownViews.contains(name) { return name }
        if name.hasPrefix("_"), parser.knownViews.contains(String(name.dropFirst())) { return String(name.dropFirst()) }
        var joined = name
        var i = index
        for _ in 0..<3 {
            while (token(at: i).isPunct("?") || token(at: i).isPunct("!")) && token(at: i - 1).end == token(at: i).start { i += 1 }
            guard token(at: i).isPunct("."), let member = token(at: i + 1).identifier else { break }
            joined += "_" + member
            i += 2
            if parser.knownViews.contains(joined) {
                index = i
                return joined
            }
        }
        return name
    }

    /// An unknown name read as a view that is missing (so that the mistake is reported) rather than a value: named
    /// as apps name views, or a near miss of a declared one (`gren` for `green`).
    func namedLikeView(_ name: String) -> Bool {
        ChainNames.looksLikeView(name) || ChainNames.suggestion(for: name, among: parser.knownViews.sorted()) != nil
    }

    func isReferenceStart(_ name: String) -> Bool {
        ChainParser.referenceKeywords.contains(name) || parser.knownViews.contains(name) || parser.selfAliases.contains(name)
    }

    /// Whether `id`, which the file does not declare, is taken as a new view (noted): when the parser
    /// `declaresUnknownViews` and it is no near miss of a declared one.
    mutating func declaresUndeclared(_ id: String, at token: ChainToken) -> Bool {
        guard parser.declaresUnknownViews, ChainNames.suggestion(for: id, among: parser.knownViews.sorted()) == nil,
              let first = id.first, first.isLetter || first == "_" else { return false }
        if !undeclared.contains(where: { $0.id == id }) {
            undeclared.append(UndeclaredView(id: id, location: location(of: token.column)))
        }
        return true
    }

    /// Skips Swift's `!` and `?` after a name in a view path (`avatar!.snp`, `self?.card`, `icon?.snp`).
    mutating func skipUnwrapping() {
        while (current.isPunct("!") || current.isPunct("?")) && adjacentToPrevious(current) { advance() }
    }

    /// A view named with a subscript, `buttons[0]` or `cells[i]`, is the view `buttons_0` / `cells_i` (letters,
    /// digits and `_` kept, anything else `_`); other names are unchanged. The subscript is consumed.
    mutating func subscripted(_ name: String) throws(TextSyntaxError) -> String {
        guard current.isPunct("["), adjacentToPrevious(current) else { return name }
        let start = index
        try skipBalanced()
        let inside = sourceText(from: start + 1, to: index - 1)
        return ChainParser.subscriptedID(name, inside)
    }

    func unknownConstantMessage(_ name: String, _ context: ValueContext) -> String {
        let known = parser.constants.keys.sorted()
        let list = known.isEmpty ? "no constants are defined" : "known constants: \(ChainParser.list(known))"
        if context == .priority {
            return "unknown priority or constant '\(name.excerpt)' (expected a number, MASLayoutPriorityDefaultHigh, .high, ...; \(list))"
        }
        return "unknown constant '\(name.excerpt)' (\(list))"
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

    // MARK: Targets

    /// The argument of a relation as a `ConstraintTarget`.
    func target(_ value: ChainValue, _ column: Int, for what: String) throws(TextSyntaxError) -> ConstraintTarget {
        switch value {
        case .number(let n): return .value(.offset(n))
        case .point(let p): return .value(.centerOffset(p))
        case .size(let s): return .value(.sizeOffset(s))
        case .insets(let i): return .value(.insets(i))
        case .directionalInsets(let i): return .value(.directionalInsets(i))
        case .target(let t): return t
        case .array(let elements): return .array(elements)
        case .zero:
            throw error("'.zero' is ambiguous in \(what): write CGPoint.zero, CGSize.zero or UIEdgeInsets.zero", at: column)
        case .string:
            throw error("expected a view, a view attribute, a number or a struct for \(what), found a string (Masonry: attempting to add unsupported attribute)", at: column)
        }
    }

    /// Where an item path is heading.
    enum PathBase {
        /// `self` (may continue with `.view` or `.NAME`) or `view`: the root view.
        case root(viaSelf: Bool)
        case item(ItemReference)
        /// `v.safeAreaLayoutGuide`, which may continue with `.snp.<attribute>`.
        case safeArea(String)
        /// `topLayoutGuide` / `bottomLayoutGuide`, which must continue with `.snp.top/.bottom/.height`.
        case legacyGuide(ItemReference)
        /// `v.layoutMarginsGuide`: its edges are the view's margin attributes.
        case margins(ItemReference)
    }

    /// `redView`, `superview.mas_top`, `self.view.safeAreaLayoutGuide.snp.top`, `card.snp.edges`, ...
    mutating func parsePath(_ name: String, token: ChainToken, context: ValueContext) throws(TextSyntaxError) -> ConstraintTarget {
        let root = ChainParser.rootViewID
        var base: PathBase
        var path = name
        switch name {
        case "self": base = .root(viaSelf: true)
        case _ where parser.selfAliases.contains(name) && !parser.knownViews.contains(name): base = .root(viaSelf: true)
        case "view" where parser.viewIsRoot: base = .root(viaSelf: false)
        case "superview": base = .item(.superview)
        case "topLayoutGuide": base = .legacyGuide(.topLayoutGuide)
        case "bottomLayoutGuide": base = .legacyGuide(.bottomLayoutGuide)
        case "safeAreaLayoutGuide": base = .safeArea(root)
        default:
            let id = declaredName(try subscripted(name))
            guard parser.knownViews.contains(id) || declaresUndeclared(id, at: token) else {
                throw error(unknownViewMessage(id, context), at: token)
            }
            base = .item(.view(id))
        }
        skipUnwrapping()
        while current.isPunct(".") {
            advance()
            var (member, memberToken) = try expectMemberName(after: path)
            defer { path += "." + member }
            if case .root(true) = base, member != "view", !isViewMember(member) {
                member = declaredName(try subscripted(member))
            }
            skipUnwrapping()
            if member == "superview" {
                // `titleLabel.superview`: the superview the file gives the view.
                let child: String
                switch base {
                case .root(let viaSelf): child = viaSelf ? parser.selfView : root
                case .item(.view(let id)): child = id
                default:
                    throw error("'\(path.excerpt).superview' is not supported: write superview (the receiver's superview) or name the view", at: memberToken)
                }
                guard let parent = parser.parents[child] else {
                    throw error("'\(path.excerpt).superview': the file does not say which view '\(child.excerpt)' is in", at: memberToken)
                }
                base = .item(.view(parent))
                continue
            }
            if member.hasPrefix("snp_"), member.count > 4 {
                // SnapKit 0.x: `view.snp_bottom`.
                let reference: ItemReference
                switch base {
                case .root(let viaSelf): reference = .view(viaSelf ? parser.selfView : root)
                case .item(let r), .margins(let r): reference = r
                case .safeArea(let id): reference = .safeArea(id)
                case .legacyGuide(let guide): reference = guide
                }
                let bare = String(member.dropFirst(4))
                if let attribute = ChainNames.singleAttributes[bare] { return .item(reference, attribute) }
                if let composite = ChainNames.compositeAttributes[bare] { return .items(reference, composite) }
                throw error("unknown attribute '\(member.excerpt)' of '\(path.excerpt)' (expected snp_top, snp_width, snp_edges, ...)", at: memberToken)
            }
            switch base {
            case .root(let viaSelf):
                if viaSelf, member == "view" {
                    base = .root(viaSelf: false)
                    continue
                }
                if viaSelf, parser.knownViews.contains(member) {
                    base = .item(.view(member))
                    continue
                }
                if let (guide, attribute) = ChainNames.masonryLegacyGuides[member] {
                    return .item(guide, attribute)
                }
                if member == "topLayoutGuide" { base = .legacyGuide(.topLayoutGuide); continue }
                if member == "bottomLayoutGuide" { base = .legacyGuide(.bottomLayoutGuide); continue }
                if member == "safeAreaLayoutGuide" { base = .safeArea(root); continue }
                if member == "layoutMarginsGuide" { base = .margins(.view(viaSelf ? parser.selfView : root)); continue }
                if viaSelf, !isViewMember(member) {
                    guard declaresUndeclared(member, at: memberToken) else {
                        throw error(unknownViewMessage(member, .target), at: memberToken)
                    }
                    base = .item(.view(member))
                    continue
                }
                return try viewMember(member, of: .view(viaSelf ? parser.selfView : root), path: path, token: memberToken)
            case .item(let reference):
                if member == "layoutMarginsGuide" {
                    base = .margins(reference)
                    continue
                }
                if member == "safeAreaLayoutGuide" {
                    guard case .view(let id) = reference else {
                        throw error("'\(path.excerpt).safeAreaLayoutGuide': a safe-area guide needs a named view, not \(path.excerpt)", at: memberToken)
                    }
                    base = .safeArea(id)
                    continue
                }
                if ChainNames.masonryLegacyGuides[member] != nil || member == "topLayoutGuide" || member == "bottomLayoutGuide" {
                    throw error("'\(member.excerpt)' is a view controller's guide: write self.\(member.excerpt)", at: memberToken)
                }
                return try viewMember(member, of: reference, path: path, token: memberToken)
            case .margins(let reference):
                guard member == "snp" else {
                    throw error("expected 'snp' after '\(path.excerpt).' (as in \(path.excerpt).snp.top), found '\(member.excerpt)'", at: memberToken)
                }
                guard current.isPunct("."), let name = next.identifier else {
                    throw error("expected '.' and an edge after '\(path.excerpt).snp', found \(current.display)", at: current)
                }
                advance(); advance()
                let margin: LayoutAttribute?
                switch ChainNames.singleAttributes[name] {
                case .centerX?: margin = .centerXWithinMargins
                case .centerY?: margin = .centerYWithinMargins
                case let a?: margin = [.left, .right, .top, .bottom, .leading, .trailing].contains(a) ? a.marginCounterpart : nil
                case nil: margin = nil
                }
                if let margin { return .item(reference, margin) }
                if name == "edges" { return .items(reference, .margins) }
                throw error("expected an edge or center of the margins guide after '\(path.excerpt).snp.' (top, leading, centerX, edges, ...), found '\(name.excerpt)'", at: memberToken)
            case .safeArea(let id):
                guard member == "snp" else {
                    throw error("expected 'snp' after '\(path.excerpt).' (as in \(path.excerpt).snp.top), found '\(member.excerpt)'", at: memberToken)
                }
                return try snapKitAttribute(of: .safeArea(id), path: path + ".snp", allowed: nil)
            case .legacyGuide(let guide):
                guard member == "snp" else {
                    throw error("expected 'snp' after '\(path.excerpt).' (as in \(path.excerpt).snp.bottom), found '\(member.excerpt)'", at: memberToken)
                }
                return try snapKitAttribute(of: guide, path: path + ".snp", allowed: [.top, .bottom, .height])
            }
        }
        switch base {
        case .root(let viaSelf): return .item(.view(viaSelf ? parser.selfView : root), nil)
        case .item(let reference): return .item(reference, nil)
        case .safeArea(let id): return .item(.safeArea(id), nil)
        case .margins(let reference): return .items(reference, .margins)
        case .legacyGuide:
            throw error("expected '.snp.top', '.snp.bottom' or '.snp.height' after '\(path.excerpt)', found \(current.display)", at: current)
        }
    }

    /// Whether `member` reads as something of a view (so `self.member` is the root's, not a view named `member`).
    func isViewMember(_ member: String) -> Bool {
        member == "snp" || member == "safeAreaLayoutGuide" || member == "mas_attribute" || member == "layoutMarginsGuide"
            || ChainNames.safeAreaSuffix(member) != nil
            || ChainNames.singleAttributes[member] != nil || ChainNames.compositeAttributes[member] != nil
            || (member.hasPrefix("mas_") && ChainNames.selector(String(member.dropFirst(4))) != nil)
    }

    /// A member of a view or `superview`: `mas_top`, `top`, `snp.top`, `snp.edges`, `mas_attribute(...)`,
    /// `mas_safeAreaLayoutGuide...` (`safeAreaLayoutGuide` itself is the caller's, since a path may go on after it).
    mutating func viewMember(_ member: String, of reference: ItemReference, path: String,
                             token: ChainToken) throws(TextSyntaxError) -> ConstraintTarget {
        if let suffix = ChainNames.safeAreaSuffix(member) {
            guard case .view(let id) = reference else {
                throw error("'\(path.excerpt).\(member.excerpt)': a safe-area guide needs a named view, not \(path.excerpt)", at: token)
            }
            return .item(.safeArea(id), suffix)
        }
        if member == "snp" {
            guard current.isPunct(".") else {
                throw error("expected '.' and an attribute after '\(path.excerpt).snp' (as in \(path.excerpt).snp.top), found \(current.display)", at: current)
            }
            advance()
            return try snapKitAttributeName(of: reference, path: path + ".snp")
        }
        if member == "mas_attribute" {
            try expect("(", "after mas_attribute")
            let nameToken = current
            guard let name = nameToken.identifier, let attribute = ChainNames.nsLayoutAttributes[name] else {
                throw error("expected an NSLayoutAttribute such as NSLayoutAttributeTop in mas_attribute(...), found \(nameToken.display)", at: nameToken)
            }
            advance()
            try expect(")", "after the argument of mas_attribute")
            return .item(reference, attribute)
        }
        let bare = member.hasPrefix("mas_") ? String(member.dropFirst(4)) : member
        if let attribute = ChainNames.singleAttributes[bare] {
            return .item(reference, attribute)
        }
        if ChainNames.compositeAttributes[bare] != nil {
            throw error("'\(path.excerpt).\(member.excerpt)': a composite attribute as a target is SnapKit's; write \(path.excerpt).snp.\(bare) (or \(path.excerpt) alone)", at: token)
        }
        var message = "unknown member '\(member.excerpt)' of '\(path.excerpt)' (expected an attribute such as mas_top, top or snp.top, or safeAreaLayoutGuide)"
        let candidates = ChainNames.singleAttributes.keys.flatMap { [$0, "mas_" + $0] } + ["snp", "safeAreaLayoutGuide", "mas_safeAreaLayoutGuide"]
        if let suggestion = ChainNames.suggestion(for: member, among: candidates.sorted()) {
            message += "; did you mean '\(suggestion)'?"
        }
        throw error(message, at: token)
    }

    /// After `x.snp`: `.top` or a composite such as `.edges`; the '.' before the name not yet read.
    mutating func snapKitAttribute(of reference: ItemReference, path: String,
                                   allowed: Set<LayoutAttribute>?) throws(TextSyntaxError) -> ConstraintTarget {
        guard current.isPunct(".") else {
            throw error("expected '.' and an attribute after '\(path.excerpt)', found \(current.display)", at: current)
        }
        advance()
        if let allowed {
            let token = current
            guard let name = token.identifier, let attribute = ChainNames.singleAttributes[name], allowed.contains(attribute) else {
                throw error("expected top, bottom or height after '\(path.excerpt).', found \(token.display)", at: token)
            }
            advance()
            return .item(reference, attribute)
        }
        return try snapKitAttributeName(of: reference, path: path)
    }

    mutating func snapKitAttributeName(of reference: ItemReference, path: String) throws(TextSyntaxError) -> ConstraintTarget {
        let (name, token) = try expectMemberName(after: path)
        if let attribute = ChainNames.singleAttributes[name] { return .item(reference, attribute) }
        if let composite = ChainNames.compositeAttributes[name] { return .items(reference, composite) }
        var message = "unknown attribute '\(name.excerpt)' after '\(path.excerpt).' (expected an attribute such as top, width, edges or size)"
        let candidates = Array(ChainNames.singleAttributes.keys) + Array(ChainNames.compositeAttributes.keys)
        if let suggestion = ChainNames.suggestion(for: name, among: candidates.sorted()) {
            message += "; did you mean '\(suggestion)'?"
        }
        throw error(message, at: token)
    }

    func unknownViewMessage(_ name: String, _ context: ValueContext) -> String {
        var message = "unknown view '\(name.excerpt)' (known views: \(ChainParser.list(parser.knownViews.sorted())))"
        if context != .target {
            message = "unknown name '\(name.excerpt)' (expected \(expectation(context)); known views: \(ChainParser.list(parser.knownViews.sorted())))"
        }
        if !parser.constants.isEmpty {
            message += "; known constants: \(ChainParser.list(parser.constants.keys.sorted()))"
        }
        return message
    }
}
