import PlumbSystem
import PlumbFrontEnd

/// How a chain is spelled where a dialect has more than one common spelling. The meaning never changes: every
/// spelling reads back into the same `ConstraintChain`.
public struct ChainSpelling: Hashable, Sendable {
    /// The other common spelling of a number target or a named priority: Masonry's `mas_equalTo(44)` for
    /// `equalTo(@44)` and `priorityLow()` for `priority(250)`, SnapKit's `.priority(.low)`.
    public var alternate: Bool
    /// Masonry's `.with` before the first constant modifier after the relation.
    public var filler: Bool
    /// A number target as an expression: Masonry's `@(44)`, SnapKit's `CGFloat(44)`.
    public var numberAsExpression: Bool
    /// Equal insets on every side as one number, `inset(8)`, rather than the whole struct.
    public var insetShorthand: Bool

    public init(alternate: Bool = false, filler: Bool = false, numberAsExpression: Bool = false, insetShorthand: Bool = true) {
        self.alternate = alternate
        self.filler = filler
        self.numberAsExpression = numberAsExpression
        self.insetShorthand = insetShorthand
    }

    /// One spelling for everything: `equalTo(@44)`, `.priority(250)`, `inset(8)`, no filler.
    public static let plain = ChainSpelling()
}

/// Spells one `ConstraintChain` as a line of a block, in Masonry's Objective-C or SnapKit's Swift spelling.
/// What the chain parser reads from the text is the chain written (`LayoutTextWriter` documents the round trip).
public struct ChainText: Sendable {
    public let dialect: Dialect

    public init(dialect: Dialect) { self.dialect = dialect }

    private var masonry: Bool { dialect == .masonry }

    /// `make.left.right.equalTo(card.mas_left).offset(8).priority(750)`, without a `;`.
    /// - Complexity: O(length of the text).
    public func text(of chain: ConstraintChain, spelling: ChainSpelling = .plain) -> String {
        var text = "make"
        for attribute in chain.attributes {
            switch attribute {
            case .single(let a): text += "." + a.rawValue
            case .composite(let c): text += "." + c.rawValue
            }
        }
        let before = min(chain.modifiersBeforeRelation, chain.constantModifiers.count)
        for modifier in chain.constantModifiers.prefix(before) { text += "." + self.modifier(modifier, spelling: spelling) }
        if let relation = chain.relation { text += "." + self.relation(relation, chain.target, spelling: spelling) }
        if let multiplier = chain.multiplier {
            switch multiplier {
            case .multipliedBy(let m): text += ".multipliedBy(\(m.layoutText))"
            case .dividedBy(let d): text += ".dividedBy(\(d.layoutText))"
            }
        }
        for (k, modifier) in chain.constantModifiers.dropFirst(before).enumerated() {
            text += (k == 0 && masonry && spelling.filler ? ".with." : ".") + self.modifier(modifier, spelling: spelling)
        }
        if let priority = chain.priority { text += self.priority(priority, spelling: spelling) }
        if let key = chain.key { text += masonry ? ".key(@\(Self.quoted(key)))" : ".labeled(\(Self.quoted(key)))" }
        return text
    }

    /// `equalTo(v)`, `mas_equalTo(10)`, `equalToSuperview()`, `lessThanOrEqualTo(@[a, b])`.
    func relation(_ relation: Relation, _ target: ConstraintTarget?, spelling: ChainSpelling) -> String {
        let name: String
        switch relation {
        case .equal: name = "equalTo"
        case .lessOrEqual: name = "lessThanOrEqualTo"
        case .greaterOrEqual: name = "greaterThanOrEqualTo"
        }
        guard let target else { return masonry ? "\(name)(superview)" : "\(name)Superview()" }
        switch target {
        case .item(.superview, nil) where !masonry:
            return "\(name)Superview()"
        case .value(.number(let n)):
            if spelling.numberAsExpression { return masonry ? "\(name)(@(\(n.layoutText)))" : "\(name)(CGFloat(\(n.layoutText)))" }
            if masonry { return spelling.alternate ? "mas_\(name)(\(n.layoutText))" : "\(name)(@\(n.layoutText))" }
            return "\(name)(\(n.layoutText))"
        case .value(let value):
            return (masonry ? "mas_" : "") + "\(name)(\(self.value(value)))"
        default:
            return "\(name)(\(self.target(target)))"
        }
    }

    /// A target as an argument: `card`, `card.mas_top`, `superview`, `self.view.safeAreaLayoutGuide.snp.top`,
    /// `@[a, b]`, `@10`.
    func target(_ target: ConstraintTarget) -> String {
        switch target {
        case .item(let item, let attribute):
            return self.item(item, attribute)
        case .items(let item, let composite):
            return self.item(item, nil) + ".snp." + composite.rawValue
        case .value(let value):
            if case .number(let n) = value { return masonry ? "@" + n.layoutText : n.layoutText }
            return self.value(value)
        case .array(let elements):
            return (masonry ? "@[" : "[") + elements.map(self.target).joined(separator: ", ") + "]"
        }
    }

    /// `card`, `card.mas_left`, `card.snp.left`, `superview.mas_top`, `self.view.mas_safeAreaLayoutGuideTop`,
    /// `topLayoutGuide.snp.bottom`.
    func item(_ item: ItemReference, _ attribute: LayoutAttribute?) -> String {
        let member = { (a: LayoutAttribute) in (masonry ? ".mas_" : ".snp.") + a.rawValue }
        switch item {
        case .view(let id):
            return Self.viewName(id) + (attribute.map(member) ?? "")
        case .superview:
            return "superview" + (attribute.map(member) ?? "")
        case .safeArea(let id):
            let owner = Self.viewName(id)
            guard let attribute else { return owner + (masonry ? ".mas_safeAreaLayoutGuide" : ".safeAreaLayoutGuide") }
            if masonry, Self.masonrySafeAreaSuffixes.contains(attribute) {
                return owner + ".mas_safeAreaLayoutGuide" + attribute.rawValue.prefix(1).uppercased() + attribute.rawValue.dropFirst()
            }
            return owner + ".safeAreaLayoutGuide.snp." + attribute.rawValue
        case .topLayoutGuide, .bottomLayoutGuide:
            let guide = item == .topLayoutGuide ? "topLayoutGuide" : "bottomLayoutGuide"
            return guide + ".snp." + (attribute ?? (item == .topLayoutGuide ? .bottom : .top)).rawValue
        }
    }

    /// The attributes Masonry names as `mas_safeAreaLayoutGuideTop` and kin.
    static let masonrySafeAreaSuffixes: Set<LayoutAttribute> = [.top, .bottom, .left, .right, .leading, .trailing,
                                                                 .width, .height, .centerX, .centerY]

    /// How code names a view: the root is `self.view`, any other view its id.
    static func viewName(_ id: String) -> String { id == ChainParser.rootViewID ? "self.view" : id }

    /// `offset(8)`, `centerOffset(CGPointMake(1, 2))`, `sizeOffset(...)`, `inset(8)`, `insets(UIEdgeInsetsMake(...))`.
    func modifier(_ value: ConstantValue, spelling: ChainSpelling) -> String {
        switch value {
        case .number(let n): return "offset(\(n.layoutText))"
        case .point: return "centerOffset(\(self.value(value)))"
        case .size: return "sizeOffset(\(self.value(value)))"
        case .insets(let e) where spelling.insetShorthand && e.top == e.left && e.left == e.bottom && e.bottom == e.right:
            return "inset(\(e.top.layoutText))"
        case .insets, .directionalInsets: return (masonry ? "insets(" : "inset(") + self.value(value) + ")"
        }
    }

    /// A value as an argument: `CGSizeMake(80, 44)` or `CGSize(width: 80, height: 44)`, and kin.
    public func value(_ value: ConstantValue) -> String {
        switch value {
        case .number(let n):
            return n.layoutText
        case .point(let p):
            return masonry ? "CGPointMake(\(p.x.layoutText), \(p.y.layoutText))"
                           : "CGPoint(x: \(p.x.layoutText), y: \(p.y.layoutText))"
        case .size(let s):
            return masonry ? "CGSizeMake(\(s.width.layoutText), \(s.height.layoutText))"
                           : "CGSize(width: \(s.width.layoutText), height: \(s.height.layoutText))"
        case .insets(let e):
            let (t, l, b, r) = (e.top.layoutText, e.left.layoutText, e.bottom.layoutText, e.right.layoutText)
            return masonry ? "UIEdgeInsetsMake(\(t), \(l), \(b), \(r))"
                           : "UIEdgeInsets(top: \(t), left: \(l), bottom: \(b), right: \(r))"
        case .directionalInsets(let e):
            let (t, l, b, r) = (e.top.layoutText, e.leading.layoutText, e.bottom.layoutText, e.trailing.layoutText)
            return masonry ? "NSDirectionalEdgeInsetsMake(\(t), \(l), \(b), \(r))"
                           : "NSDirectionalEdgeInsets(top: \(t), leading: \(l), bottom: \(b), trailing: \(r))"
        }
    }

    /// `.priority(750)`, or a named priority's shorthand under the alternate spelling.
    func priority(_ priority: Priority, spelling: ChainSpelling) -> String {
        let names: [Priority: String] = [.required: "required", .high: "high", .medium: "medium", .low: "low"]
        if spelling.alternate, let name = names[priority] {
            return masonry ? ".priority" + name.prefix(1).uppercased() + name.dropFirst() + "()" : ".priority(.\(name))"
        }
        return ".priority(\(priority.value.layoutText))"
    }

    /// A string literal as the chain lexer reads one: `"top"`, with `\\`, `"`, newline, tab and NUL escaped.
    static func quoted(_ text: String) -> String {
        var literal = "\""
        for c in text {
            switch c {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            case "\n": literal += "\\n"
            case "\t": literal += "\\t"
            case "\0": literal += "\\0"
            default: literal.append(c)
            }
        }
        return literal + "\""
    }
}

extension Rational {
    /// How layout text writes the value: `16`, `-0.5`, `187.5`; a value without a terminating decimal (or one of
    /// more than 18 places) as an exact quotient in parentheses, `(1000/3)`, which every reader of layout text reads
    /// back exactly. No spaces, so that it is one word on a statement line (`suggest a.x (1000/3)`).
    public var layoutText: String {
        if isInteger { return "\(numerator)" }
        var rest = denominator
        var twos = 0, fives = 0
        while rest % 2 == 0 { rest /= 2; twos += 1 }
        while rest % 5 == 0 { rest /= 5; fives += 1 }
        let places = Swift.max(twos, fives)
        guard rest == 1, places <= 18 else { return "(\(numerator)/\(denominator))" }
        var power: Int128 = 1
        for _ in 0..<places { power *= 10 }
        let scaled = numerator.magnitude * (power / denominator).magnitude
        let whole = scaled / power.magnitude
        var digits = String(scaled % power.magnitude)
        digits = String(repeating: "0", count: places - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return (numerator < 0 ? "-" : "") + "\(whole).\(digits)"
    }
}
