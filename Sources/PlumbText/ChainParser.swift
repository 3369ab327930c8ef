import PlumbSystem
import PlumbFrontEnd

/// Reads one Masonry (Objective-C) or SnapKit (Swift) chain, written as text, into the `ConstraintChain` the Swift DSL builds.
///
/// Both spellings may be mixed freely: `make.top.equalTo(superview.mas_top).with.offset(padding.top);` and
/// `make.width.equalTo(card.snp.width).multipliedBy(0.5).priority(.high)` are both one line of a layout file.
/// Numbers are read exactly (`0.1` is 1/10); arithmetic (`+ - * /`, parentheses, unary minus) is exact and
/// reports overflow or division by zero with its position. Every mistake is a `TextSyntaxError` with line and column;
/// no input traps.
///
/// Names: `self`, `view` and `self.view` are the root (id `"root"`); `superview` is the receiver's superview;
/// these keywords win over a known view of the same name, and a constant wins over a view of the same name.
public struct ChainParser: Sendable {
    /// The id of the root view, which `self`, `view` and `self.view` name.
    public static let rootViewID = "root"
    /// The most attributes one chain names (`make.left.right.top...`): a chain of a million is an error, not a million
    /// constraints.
    public static let mostAttributes = 64

    /// View ids a chain may name.
    public var knownViews: Set<String>
    /// Named values a chain may use; numbers, points, sizes and insets (`padding.top` reads a member).
    public var constants: [String: ConstantValue]
    /// The file name used in locations and errors.
    public let file: String
    /// Names a chain may start with: the block's maker (`make`, or whatever the closure calls it) and `$0`.
    public var makerNames: Set<String> = ["make", "$0"]
    /// Values the code names but cannot compute, bound by name (`ParameterBindings`).
    public var parameters = ParameterBindings()
    /// Names that mean `self` (`weakSelf`, `strongSelf`, or any local set to `self`).
    public var selfAliases: Set<String> = ChainParser.defaultSelfAliases
    /// The superview of each view, for `v.superview` (a view not listed here has none the parser knows).
    public var parents: [String: String] = [:]
    /// The view `self` is (the root unless the code is a view's own, which then lies inside the root).
    public var selfView = ChainParser.rootViewID
    /// Whether `view` alone names the root (false when the code declares a local `view` of its own).
    public var viewIsRoot = true
    /// Whether a view the file does not declare, named as a view (`line.mas_bottom`, a receiver, `headerView` as a
    /// relation's argument), is taken as a new view (noted in `ReadingNotes.undeclaredViews`) rather than an error.
    /// A near miss of a declared view (`titel` for `title`) is an error either way.
    public var declaresUnknownViews = false
    /// Local names for views (`UIView *left = self.avatar;`): each names the view it was set to.
    public var viewAliases: [String: String] = [:]
    /// The root's size, which a screen's or the root view's size in the code (`SCREEN_WIDTH`) takes unless bound.
    public var rootSize: Size?
    /// Whether an expression the parser cannot compute becomes a parameter (true) or is an error (false: the
    /// numbers of a layout file's own statements, such as `root 375 667`, must be numbers).
    public var allowsParameters = true

    /// Spellings of a weak or strong copy of `self` that real code uses before it is declared in the text.
    public static let defaultSelfAliases: Set<String> = ["weakSelf", "strongSelf", "wself", "sself", "weakself",
                                                         "strongself", "ws", "ss", "this"]

    /// - Parameters:
    ///   - constants: named numbers (`let padding = 10`).
    ///   - valueConstants: named values of any kind (`let padding = UIEdgeInsetsMake(10, 10, 10, 10)`);
    ///     an entry here replaces a number of the same name in `constants`.
    public init(knownViews: Set<String>, constants: [String: Rational] = [:],
                valueConstants: [String: ConstantValue] = [:], file: String) {
        self.knownViews = knownViews
        if constants.isEmpty {
            // No copy: a reader makes a parser per statement, and its constants grow line by line.
            self.constants = valueConstants
        } else {
            var all: [String: ConstantValue] = [:]
            for (name, value) in constants { all[name] = .number(value) }
            for (name, value) in valueConstants { all[name] = value }
            self.constants = all
        }
        self.file = file
    }

    /// The id of the view `word` names as a layout file writes it (`title`, `self.title`, `weakSelf.title`,
    /// `_title`, `items[0]`, `item.stack`, `self`, `view`), or an error naming the views known.
    public func viewID(_ word: Substring, line: Int, column: Int) throws(TextSyntaxError) -> String {
        var name = word.trimmingWhitespace
        while let last = name.last, last == "!" || last == "?" { name = name.dropLast() }
        if let dot = name.firstIndex(of: "."), selfAliases.contains(String(name[..<dot])) || name[..<dot].hasSuffix("self?") {
            name = "self" + name[dot...]
        }
        name = Substring(String(name).replacing("?.", with: ".").replacing("!.", with: "."))
        if name.hasPrefix("self.") && name != "self.view" { name = name.dropFirst(5) }
        if name.hasSuffix(".contentView") && name.count > 12 && !knownViews.contains(String(name)) && knownViews.contains("contentView") {
            name = "contentView"
        }
        if name.contains("."), !name.hasPrefix("self."), knownViews.contains(String(name.replacing(".", with: "_"))) {
            name = Substring(name.replacing(".", with: "_"))   // `item.stack`, declared as `item_stack`
        }
        if let open = name.firstIndex(of: "["), name.hasSuffix("]") {
            name = Substring(ChainParser.subscriptedID(String(name[..<open]), String(name[name.index(after: open)..<name.index(before: name.endIndex)])))
        }
        let id: String
        if name.isEmpty || name == "self" || selfAliases.contains(String(name)) {
            id = selfView
        } else if (name == "view" && viewIsRoot) || name == "self.view" {
            id = ChainParser.rootViewID
        } else if name.hasPrefix("_"), !knownViews.contains(String(name)), knownViews.contains(String(name.dropFirst())) {
            id = String(name.dropFirst())   // an instance variable `_title` behind a property `title`
        } else {
            id = String(name)
        }
        guard knownViews.contains(id) else {
            throw TextSyntaxError(location: SourceLocation(file: file, line: line, column: column),
                                  message: "unknown view '\(name.excerpt)' (known views: \(ChainParser.list(knownViews.sorted())))")
        }
        return id
    }

    /// Parses one statement: `make` (or `$0`), attributes, a relation, modifiers, an optional `;`.
    /// `//` and `/* */` comments are skipped.
    /// - Parameters:
    ///   - line: the 1-based line number, for locations.
    ///   - column: the 1-based column of `text`'s first character in that line.
    /// The text may span lines (a chain continued on the next line); locations then count lines from `line`.
    public func parse(_ text: some StringProtocol, line: Int, column: Int = 1) throws(TextSyntaxError) -> ConstraintChain {
        var notes = ReadingNotes()
        return try parse(text, line: line, column: column, notes: &notes)
    }

    /// `parse`, noting every parameter the chain uses (an expression it cannot compute) and every view it names
    /// that is not declared.
    public func parse(_ text: some StringProtocol, line: Int, column: Int = 1,
                      notes: inout ReadingNotes) throws(TextSyntaxError) -> ConstraintChain {
        var reader = try ChainReader(parser: self, text: text, line: line, column: column)
        let chain = try reader.readChain()
        notes.parameterUses += reader.uses
        notes.undeclaredViews += reader.undeclared
        return chain
    }

    /// Parses a number expression (`10`, `-0.5`, `(20 - 4) / 3`, `CGFloat(10)`, `@10`, a number constant), exactly.
    public func parseNumber(_ text: some StringProtocol, line: Int, column: Int = 1) throws(TextSyntaxError) -> Rational {
        var notes = ReadingNotes()
        return try parseNumber(text, line: line, column: column, notes: &notes)
    }

    /// `parseNumber`, noting the parameters it uses.
    public func parseNumber(_ text: some StringProtocol, line: Int, column: Int = 1,
                            notes: inout ReadingNotes) throws(TextSyntaxError) -> Rational {
        var reader = try ChainReader(parser: self, text: text, line: line, column: column)
        let (value, valueColumn) = try reader.readWholeValue()
        notes.parameterUses += reader.uses
        return try reader.number(value, valueColumn, "the value")
    }

    /// The view a value names (`self.card`, `avatar ?: placeholder`), if it names one plainly; for aliases.
    public func viewNamed(by text: some StringProtocol, line: Int, column: Int = 1) -> String? {
        guard var reader = try? ChainReader(parser: self, text: text, line: line, column: column),
              let (value, _) = try? reader.readWholeValue(), case .target(.item(.view(let id), nil)) = value else { return nil }
        return id
    }

    /// Parses a value for a named constant: a number expression, `CGPointMake(1, 2)`, `CGSize(width: 1, height: 2)`,
    /// `UIEdgeInsetsMake(10, 10, 10, 10)`, `NSDirectionalEdgeInsets(top:leading:bottom:trailing:)`, `UIEdgeInsetsZero`, ...
    public func parseConstant(_ text: some StringProtocol, line: Int, column: Int = 1) throws(TextSyntaxError) -> ConstantValue {
        var notes = ReadingNotes()
        return try parseConstant(text, line: line, column: column, notes: &notes)
    }

    /// `parseConstant`, noting the parameters it uses.
    public func parseConstant(_ text: some StringProtocol, line: Int, column: Int = 1,
                              notes: inout ReadingNotes) throws(TextSyntaxError) -> ConstantValue {
        var reader = try ChainReader(parser: self, text: text, line: line, column: column)
        let (value, valueColumn) = try reader.readWholeValue()
        notes.parameterUses += reader.uses
        switch value {
        case .constant(let c): return c
        case .zero:
            throw reader.error("'.zero' is ambiguous here: write CGPointZero, CGSizeZero or UIEdgeInsetsZero", at: valueColumn)
        default:
            throw reader.error("expected a number, CGPoint, CGSize or insets, found \(value.kindName)", at: valueColumn)
        }
    }

    /// Names that start an item path whether or not a view has that id.
    static let referenceKeywords: Set<String> = [
        "self", "view", "superview", "topLayoutGuide", "bottomLayoutGuide", "safeAreaLayoutGuide",
    ]

    /// Whether a value the code names is a screen's or the root view's width or height: `SCREEN_WIDTH`,
    /// `kScreen_H`, `kSCREEN_SIZE.width`, `[UIScreen mainScreen].bounds.size.height`, `self.view.frame.size.width`,
    /// `CGRectGetHeight(self.view.bounds)`; nil otherwise.
    public static func screenAxis(of name: String) -> LayoutAttribute.Axis? {
        let letters = String(name.lowercased().filter(\.isLetter))
        let rootView = ["self.view.", "view.", "self.frame.", "self.bounds.", "CGRectGetWidth(self.view", "CGRectGetHeight(self.view",
                        "CGRectGetWidth(self.bounds", "CGRectGetHeight(self.bounds", "CGRectGetWidth([UIScreen",
                        "CGRectGetHeight([UIScreen"].contains { name.hasPrefix($0) }
        guard letters.contains("screen") || rootView else { return nil }
        if letters.hasPrefix("cgrectgetwidth") { return .horizontal }
        if letters.hasPrefix("cgrectgetheight") { return .vertical }
        if letters.hasSuffix("width") || letters.hasSuffix("w") { return .horizontal }
        if letters.hasSuffix("height") || letters.hasSuffix("h") { return .vertical }
        return nil
    }

    /// The view id of `name[index]`: `buttons_0`, `cells_i` (characters other than letters, digits and `_` become
    /// `_`, runs collapsed).
    public static func subscriptedID(_ name: String, _ index: String) -> String {
        var id = name + "_"
        for c in index {
            if c.isASCII && (c.isLetter || c.isNumber || c == "_") { id.append(c) }
            else if id.last != "_" { id.append("_") }
        }
        while id.hasSuffix("_") && id.count > name.count + 1 { id.removeLast() }
        return id
    }

    /// `a, b, c`, shortened after 20 names (each to an excerpt).
    static func list(_ names: [String]) -> String {
        guard !names.isEmpty else { return "none" }
        let shown = names.prefix(20).map(\.excerpt).joined(separator: ", ")
        return names.count > 20 ? shown + ", ... (\(names.count) in all)" : shown
    }
}

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
        let (value, column) = try parseExpression(context)
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
