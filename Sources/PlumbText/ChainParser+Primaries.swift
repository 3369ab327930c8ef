import PlumbSystem
import PlumbFrontEnd

/// Primary values in a chain: numbers, names, boxed values, implicit members and priorities.
extension ChainReader {
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
            // A C compound literal: `(MASEdgeInsets){10, 20, 30, 40}`, `(CGSize){4, 6}`.
            if let type = current.identifier, let kind = ChainNames.structTypes[type], next.isPunct(")"),
               self.token(at: index + 2).isPunct("{") {
                advance(); advance(); advance()
                var components: [Rational] = []
                while !current.isPunct("}") {
                    if !components.isEmpty { try expect(",", "between the members of (\(type)){...}") }
                    let (value, column) = try parseExpression(.value)
                    components.append(try number(value, column, "a member of (\(type)){...}"))
                }
                advance()
                guard let value = kind.value(components) else {
                    throw error("(\(type)){...} takes \(kind.labels.count) numbers, found \(components.count)", at: token)
                }
                return (value, token.column)
            }
            let (value, _) = try parseExpression(context)
            try expect(")", "to close the '(' at column \(token.column)")
            while (current.isPunct("!") || current.isPunct("?")) && adjacentToPrevious(current) { advance() }   // `(a?.b)!`
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
        case .punct("[") where self.token(at: index + 1).identifier == "NSValue" && self.token(at: index + 2).identifier == "value"
                && self.token(at: index + 3).isPunct(":") && self.token(at: index + 4).isPunct("&"):
            // `[NSValue value:&point withObjCType:@encode(CGPoint)]`: the value of `point`
            advance(); advance(); advance(); advance(); advance()
            let (value, _) = try parsePrimary(.value)
            while !current.isPunct("]") {
                if case .end = current.kind { throw error("expected ']' to close the NSValue message", at: current) }
                advance()
            }
            advance()
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

    /// The value of a call's only argument when it is a number (`kScale(12)` → 12), the `(` being current; the
    /// reader is left where it was either way.
    mutating func oneNumberArgument() -> Rational? {
        let saved = (index, uses, undeclared)
        defer { (index, uses, undeclared) = saved }
        advance()
        guard let (value, _) = try? parseExpression(.value), current.isPunct(")"), case .constant(.number(let n)) = value else { return nil }
        return n
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
        case .identifier:
            // a boxed constant or macro call: `@kMargin`, `@kScale(20)`
            let (value, column) = try parsePostfix(context == .target ? .value : context)
            guard case .constant(.number(let n)) = value else {
                throw error("'@\(token.text.excerpt)' boxes a number (as in @kMargin or @kScale(20)), found \(value.kindName)", at: column)
            }
            return .number(n)
        case .punct("("):
            advance()
            let (value, column) = try parseExpression(context == .target ? .value : context)
            try expect(")", "to close '@('")
            switch value {
            case .constant: return value
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
                // A function or macro the text does not define (`kScale(12)`, `CGRectGetWidth(frame)`); called
                // with one number, the number is its default.
                let start = index - 1
                let argument = oneNumberArgument()
                try skipPostfix()
                return try parameter(from: start, context: context, at: token.column, argument: argument)
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
        if let constant = parser.constants[name] { return .constant(constant) }
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
            return .constant(constant)
        }
        if !current.isPunct("."), !current.isPunct("("), context != .target,
           let near = ChainNames.suggestion(for: name, among: parser.constants.keys.sorted()) {
            throw error(unknownConstantMessage(name, context) + "; did you mean '\(near)'?", at: token)
        }
        let start = index - 1
        try skipPostfix()
        return try parameter(from: start, context: context, at: token.column)
    }

    func unknownConstantMessage(_ name: String, _ context: ValueContext) -> String {
        let known = parser.constants.keys.sorted()
        let list = known.isEmpty ? "no constants are defined" : "known constants: \(ChainParser.list(known))"
        if context == .priority {
            return "unknown priority or constant '\(name.excerpt)' (expected a number, MASLayoutPriorityDefaultHigh, .high, ...; \(list))"
        }
        return "unknown constant '\(name.excerpt)' (\(list))"
    }
}
