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
}

/// The state of reading one line.
struct ChainReader {
    let parser: ChainParser
    let chars: [Character]
    let tokens: [ChainToken]
    let line: Int
    var index = 0
    var depth = 0

    static let maximumDepth = 64

    init(parser: ChainParser, text: some StringProtocol, line: Int, column: Int) throws(TextSyntaxError) {
        self.parser = parser
        self.chars = Array(String(text))
        self.line = line
        self.tokens = try parser.tokenize(chars, line: line, firstColumn: column)
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

    func error(_ message: String, at column: Int) -> TextSyntaxError {
        parser.syntaxError(message, line: line, column: column)
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

    /// `term (('+' | '-') term)*`, exact.
    mutating func parseExpression(_ context: ValueContext) throws(TextSyntaxError) -> (ChainValue, Int) {
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
            if name == "rawValue" { return value }
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
        if let constant = parser.constants[name] {
            switch constant {
            case .number(let n): return .number(n)
            case .point(let p): return .point(p)
            case .size(let s): return .size(s)
            case .insets(let i): return .insets(i)
            case .directionalInsets(let i): return .directionalInsets(i)
            }
        }
        if ChainNames.makeFunctions[name] != nil || ChainNames.structTypes[name] != nil
            || ChainNames.numberTypes.contains(name) || ChainNames.priorityTypes.contains(name) {
            throw error("expected '(' after \(name.excerpt), found \(current.display)", at: current)
        }
        if context == .target || isReferenceStart(name) {
            return .target(try parsePath(name, token: token, context: context))
        }
        throw error(unknownConstantMessage(name, context), at: token)
    }

    func isReferenceStart(_ name: String) -> Bool {
        ChainParser.referenceKeywords.contains(name) || parser.knownViews.contains(name)
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
    }

    /// `redView`, `superview.mas_top`, `self.view.safeAreaLayoutGuide.snp.top`, `card.snp.edges`, ...
    mutating func parsePath(_ name: String, token: ChainToken, context: ValueContext) throws(TextSyntaxError) -> ConstraintTarget {
        let root = ChainParser.rootViewID
        var base: PathBase
        var path = name
        switch name {
        case "self": base = .root(viaSelf: true)
        case "view": base = .root(viaSelf: false)
        case "superview": base = .item(.superview)
        case "topLayoutGuide": base = .legacyGuide(.topLayoutGuide)
        case "bottomLayoutGuide": base = .legacyGuide(.bottomLayoutGuide)
        case "safeAreaLayoutGuide": base = .safeArea(root)
        default:
            guard parser.knownViews.contains(name) else {
                throw error(unknownViewMessage(name, context), at: token)
            }
            base = .item(.view(name))
        }
        while current.isPunct(".") {
            advance()
            let (member, memberToken) = try expectMemberName(after: path)
            defer { path += "." + member }
            if member == "superview" {
                throw error("'\(path.excerpt).superview' is not supported: write superview (the receiver's superview) or name the view", at: memberToken)
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
                if viaSelf, !isViewMember(member) {
                    throw error(unknownViewMessage(member, .target), at: memberToken)
                }
                return try viewMember(member, of: .view(root), path: path, token: memberToken)
            case .item(let reference):
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
        case .root: return .item(.view(root), nil)
        case .item(let reference): return .item(reference, nil)
        case .safeArea(let id): return .item(.safeArea(id), nil)
        case .legacyGuide:
            throw error("expected '.snp.top', '.snp.bottom' or '.snp.height' after '\(path.excerpt)', found \(current.display)", at: current)
        }
    }

    /// Whether `member` reads as something of a view (so `self.member` is the root's, not a view named `member`).
    func isViewMember(_ member: String) -> Bool {
        member == "snp" || member == "safeAreaLayoutGuide" || member == "mas_attribute"
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
