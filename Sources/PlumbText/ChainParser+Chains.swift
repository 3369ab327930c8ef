import PlumbSystem
import PlumbFrontEnd

/// Reading a chain: its attributes, its relation, its modifiers and keys.
extension ChainReader {
    /// A whole line holding one value, with an optional trailing `;`.
    mutating func readWholeValue() throws(TextSyntaxError) -> (ChainValue, Int) {
        if case .end = current.kind {
            throw error("expected a value, found end of line", at: current)
        }
        let result = try parseExpression(.value)
        if current.isPunct(";") { advance() }
        guard case .end = current.kind else {
            throw error("expected end of line after the value, found \(current.display)", at: current)
        }
        return result
    }

    /// `make.<attributes>.<relation>(...).<modifiers>;`
    mutating func readChain() throws(TextSyntaxError) -> ConstraintChain {
        let makeToken = current
        guard let makeName = makeToken.identifier, parser.makerNames.contains(makeName) else {
            let names = parser.makerNames.filter { $0 != "$0" }.sorted().map { "'\($0)'" }.joined(separator: " or ")
            throw error("expected \(names) at the start of a constraint, found \(makeToken.display)", at: makeToken)
        }
        advance()
        var chain = ConstraintChain(attributes: [], location: location(of: makeToken.column))
        /// The first member that is neither an attribute nor a filler (attributes may not follow it).
        var firstNonAttribute: ChainToken?
        var relationToken: ChainToken?
        var previous = makeName
        var finished = false

        loop: while true {
            let token = current
            switch token.kind {
            case .end:
                break loop
            case .punct(";"):
                advance()
                guard case .end = current.kind else {
                    throw error("expected end of line after ';' (one constraint per line), found \(current.display)", at: current)
                }
                break loop
            case .punct("."):
                if finished {
                    throw error("'.constraint' must end the chain, found '.'", at: token)
                }
                advance()
                let (name, nameToken) = try expectMemberName(after: previous)
                previous = name
                if ChainNames.fillers.contains(name) {
                    try noCall(name, nameToken)
                    continue
                }
                if let selector = ChainNames.selector(name) {
                    try noCall(name, nameToken)
                    try checkAttributePosition(name, nameToken, relation: relationToken, modifier: firstNonAttribute)
                    chain.attributes.append(selector)
                    guard chain.attributes.count <= ChainParser.mostAttributes else {
                        throw error("a chain of more than \(ChainParser.mostAttributes) attributes: no layout names that many "
                                    + "on one maker (edges, size and center are one each)", at: nameToken)
                    }
                    continue
                }
                if name == "attributes" {
                    try checkAttributePosition(name, nameToken, relation: relationToken, modifier: firstNonAttribute)
                    chain.attributes += try readAttributeMask()
                    guard chain.attributes.count <= ChainParser.mostAttributes else {
                        throw error("a chain of more than \(ChainParser.mostAttributes) attributes", at: nameToken)
                    }
                    previous = "attributes(...)"
                    continue
                }
                if name == "constraint" {
                    try noCall(name, nameToken)
                    guard relationToken != nil else {
                        throw error("'.constraint' needs a relation before it (equalTo, lessThanOrEqualTo, ...)", at: nameToken)
                    }
                    finished = true
                    continue
                }
                let isRelation = ChainNames.relations[name] != nil || ChainNames.superviewRelations[name] != nil
                guard isRelation || ChainNames.modifiers.contains(name) else {
                    var message = "unknown attribute or method '\(name.excerpt)' (expected an attribute such as left, top, width, edges, a relation such as equalTo, or a modifier such as offset, inset, multipliedBy, priority)"
                    if let suggestion = ChainNames.suggestion(for: name, among: ChainNames.chainMembers) {
                        message += "; did you mean '\(suggestion)'?"
                    }
                    throw error(message, at: nameToken)
                }
                guard !chain.attributes.isEmpty else {
                    throw error("expected an attribute before \(name.excerpt) (as in make.left.\(name.excerpt)(...)), found '\(name.excerpt)'", at: nameToken)
                }
                if firstNonAttribute == nil { firstNonAttribute = nameToken }
                if isRelation {
                    try readRelation(name, nameToken, into: &chain, previousRelation: relationToken)
                    if relationToken == nil { relationToken = nameToken }
                } else {
                    try readModifier(name, nameToken, into: &chain)
                }
                previous = "\(name.excerpt)(...)"
            default:
                throw error("expected '.', ';' or end of line after \(previous.excerpt), found \(token.display)", at: token)
            }
        }
        guard !chain.attributes.isEmpty else {
            throw error("expected an attribute after '\(makeName.excerpt)' (as in \(makeName.excerpt).left or \(makeName.excerpt).edges), found \(current.display)", at: current)
        }
        if chain.relation == nil { chain.modifiersBeforeRelation = chain.constantModifiers.count }
        return chain
    }

    /// Attributes and fillers take no call parentheses.
    func noCall(_ name: String, _ token: ChainToken) throws(TextSyntaxError) {
        if current.isPunct("(") {
            throw error("'\(name.excerpt)' takes no arguments: expected '.', ';' or end of line after it, found '('", at: current)
        }
    }

    func checkAttributePosition(_ name: String, _ token: ChainToken, relation: ChainToken?,
                                modifier: ChainToken?) throws(TextSyntaxError) {
        if let relation {
            throw error("Attributes should be chained before defining the constraint relation: found attribute '\(name.excerpt)' after \(relation.text)", at: token)
        }
        if let modifier {
            throw error("attributes should be chained before any modifier: found attribute '\(name.excerpt)' after \(modifier.text)", at: token)
        }
    }

    /// `attributes(MASAttributeLeft | MASAttributeWidth)`, children in Masonry's order.
    mutating func readAttributeMask() throws(TextSyntaxError) -> [AttributeSelector] {
        let open = current
        try expect("(", "after attributes")
        var bits = Set<Int>()
        var depth = 0
        var expectName = true
        while true {
            let token = current
            if expectName {
                if token.isPunct("(") { depth += 1; advance(); continue }
                guard let name = token.identifier, let bit = ChainNames.masonryMaskBits[name] else {
                    var message = "expected a MASAttribute such as MASAttributeLeft or MASAttributeWidth in attributes(...), found \(token.display)"
                    if let name = token.identifier,
                       let suggestion = ChainNames.suggestion(for: name, among: ChainNames.masonryMaskBits.keys.sorted()) {
                        message += "; did you mean '\(suggestion)'?"
                    }
                    throw error(message, at: token)
                }
                bits.insert(bit)
                advance()
                expectName = false
            } else if token.isPunct("|") {
                advance()
                expectName = true
            } else if token.isPunct(")") {
                advance()
                if depth == 0 { break }
                depth -= 1
            } else {
                throw error("expected '|' or ')' in attributes(...), found \(token.display)", at: token)
            }
        }
        guard !bits.isEmpty else {
            throw error("You didn't pass any attribute to make.attributes(...)", at: open)
        }
        return ChainNames.masonryMaskOrder.filter { bits.contains($0.bit) }.map { .single($0.attribute) }
    }

    mutating func readRelation(_ name: String, _ token: ChainToken, into chain: inout ConstraintChain,
                               previousRelation: ChainToken?) throws(TextSyntaxError) {
        if ChainNames.superviewRelations[name] != nil, current.isPunct("{") {
            throw error("the closure form '\(name.excerpt) { ... }' is not supported: write \(name.excerpt)() or equalTo(...)", at: current)
        }
        try expect("(", "after \(name.excerpt)")
        let relation: Relation
        let target: ConstraintTarget
        if let superviewRelation = ChainNames.superviewRelations[name] {
            relation = superviewRelation
            guard current.isPunct(")") else {
                throw error("\(name.excerpt)() takes no argument: expected ')', found \(current.display)", at: current)
            }
            advance()
            target = .item(.superview, nil)
        } else {
            relation = ChainNames.relations[name] ?? .equal
            if current.isPunct(")") {
                throw error("expected an argument for \(name.excerpt), found ')'", at: current)
            }
            let (value, column) = try parseExpression(.target)
            try expect(")", "after the argument of \(name.excerpt)")
            target = try self.target(value, column, for: "the argument of \(name.excerpt)")
        }
        if let existing = chain.relation {
            // Masonry lets the same relation take a second value: it only sets the constant again.
            if existing == relation, previousRelation != nil, ChainNames.superviewRelations[name] == nil,
               case .value(let modifier) = target {
                chain.constantModifiers.append(modifier)
                return
            }
            let first = previousRelation?.text ?? "a relation"
            throw error("Redefinition of constraint relation: \(name.excerpt) after \(first) (only the same relation with a value may follow)", at: token)
        }
        chain.relation = relation
        chain.target = target
        chain.modifiersBeforeRelation = chain.constantModifiers.count
    }

    mutating func readModifier(_ name: String, _ token: ChainToken, into chain: inout ConstraintChain) throws(TextSyntaxError) {
        try expect("(", "after \(name.excerpt)")
        if let priority = ChainNames.priorityMethods[name] {
            try expect(")", "after '\(name.excerpt)(' (it takes no argument)")
            chain.priority = priority
            return
        }
        switch name {
        case "key":
            chain.key = try readKey()
            return
        case "labeled":
            guard case .string(let label) = current.kind else {
                throw error("expected a string such as \"name\" in labeled(...), found \(current.display)", at: current)
            }
            advance()
            try expect(")", "after the argument of labeled")
            chain.key = label
            return
        default:
            break
        }
        if current.isPunct(")") {
            throw error("expected an argument for \(name.excerpt), found ')'", at: current)
        }
        let context: ValueContext = name == "priority" ? .priority
            : name == "multipliedBy" || name == "dividedBy" ? .factor : .value
        let usesBefore = uses.count
        let argumentStart = index
        let (value, column) = try parseExpression(context)
        // a name the text does not give, as the whole argument (`insets(edge)`): its one parameter use
        let unboundName: String? = {
            guard uses.count == usesBefore + 1, let use = uses.last, !use.isBound,
                  use.name == ParameterBindings.normalized(sourceText(from: argumentStart, to: index)) else { return nil }
            return use.name
        }()
        try expect(")", "after the argument of \(name.excerpt)")
        let what = "the argument of \(name.excerpt)"
        func mismatch(_ expected: String) -> TextSyntaxError {
            error("expected \(expected) for \(what), found \(value.kindName)", at: column)
        }
        // the constant inside a value already matched as one
        func constant(of value: ChainValue) throws(TextSyntaxError) -> ConstantValue {
            guard case .constant(let c) = value else { throw mismatch("a number or a struct") }
            return c
        }
        switch name {
        case "offset":
            guard case .constant(.number) = value else {
                throw mismatch("a number (use mas_offset, centerOffset, sizeOffset or insets for a struct)")
            }
            try chain.constantModifiers.append(constant(of: value))
        case "mas_offset", "valueOffset":
            switch value {
            case .constant(.number), .constant(.point), .constant(.size), .constant(.insets):
                try chain.constantModifiers.append(constant(of: value))
            case .zero:
                throw error("'.zero' is ambiguous in \(what): write CGPointZero, CGSizeZero or UIEdgeInsetsZero", at: column)
            default: throw mismatch("a number, CGPoint, CGSize or UIEdgeInsets")
            }
        case "inset":
            switch value {
            case .constant(.number(let n)): chain.constantModifiers.append(.insets(EdgeInsets(n)))
            case .constant(.insets), .constant(.directionalInsets): try chain.constantModifiers.append(constant(of: value))
            case .zero: chain.constantModifiers.append(.insets(.zero))
            default: throw mismatch("a number, UIEdgeInsets or NSDirectionalEdgeInsets")
            }
        case "insets":
            switch value {
            case .constant(.insets): try chain.constantModifiers.append(constant(of: value))
            case .zero: chain.constantModifiers.append(.insets(.zero))
            case .constant(.number) where unboundName != nil:
                // a named UIEdgeInsets the text does not give: each side a parameter of its own
                uses.removeLast()
                chain.constantModifiers.append(.insets(try namedInsets(unboundName!, at: column)))
            default: throw mismatch("UIEdgeInsets (use inset(n) for a number)")
            }
        case "sizeOffset":
            switch value {
            case .constant(.size): try chain.constantModifiers.append(constant(of: value))
            case .zero: chain.constantModifiers.append(.size(.zero))
            default: throw mismatch("a CGSize")
            }
        case "centerOffset":
            switch value {
            case .constant(.point): try chain.constantModifiers.append(constant(of: value))
            case .zero: chain.constantModifiers.append(.point(.zero))
            default: throw mismatch("a CGPoint")
            }
        case "multipliedBy":
            guard case .constant(.number(let n)) = value else { throw mismatch("a number") }
            chain.multiplier = .multipliedBy(n)
        case "dividedBy":
            guard case .constant(.number(let n)) = value else { throw mismatch("a number") }
            chain.multiplier = .dividedBy(n)
        case "priority":
            guard case .constant(.number(let n)) = value else { throw mismatch("a priority") }
            chain.priority = Priority(n)
        default:
            throw error("unknown modifier '\(name.excerpt)'", at: token)
        }
    }

    /// `key(@"name")`, `key("name")`, `key(@340954)`, `key(anything)`: a string's contents, else the argument's text
    /// (without a leading '@' before a number), as Masonry's `mas_key` prints any object.
    mutating func readKey() throws(TextSyntaxError) -> String {
        let first = index
        if case .string(let s) = current.kind, next.isPunct(")") {
            advance()
            advance()
            return s
        }
        var depth = 0
        while true {
            let token = current
            switch token.kind {
            case .end:
                throw error("expected ')' after the argument of key, found end of line", at: token)
            case .punct("("), .punct("["), .punct("{"):
                depth += 1
            case .punct(")") where depth == 0:
                guard index > first else {
                    throw error("expected an argument for key, found ')'", at: token)
                }
                var text = sourceText(from: first, to: index)
                advance()
                if text.hasPrefix("@"), let c = text.dropFirst().first, ChainParser.isDigit(c) || c == "-" {
                    text.removeFirst()
                }
                return text
            case .punct(")"), .punct("]"), .punct("}"):
                depth -= 1
            default:
                break
            }
            advance()
        }
    }
}
