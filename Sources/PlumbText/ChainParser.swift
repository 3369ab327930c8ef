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
        } else if name.hasPrefix("_"), name.contains("."), knownViews.contains(String(name.dropFirst().replacing(".", with: "_"))) {
            name = Substring(name.dropFirst().replacing(".", with: "_"))   // `_item.stack`, the instance variable
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
