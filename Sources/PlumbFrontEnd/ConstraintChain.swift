import PlumbSystem

/// Where a constraint was written: `#fileID`/`#line` from the DSL, file:line:column from text.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let column: Int?
    public init(file: String, line: Int, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }
    public var description: String { column.map { "\(file):\(line):\($0)" } ?? "\(file):\(line)" }
}

/// An item a constraint names, before it is looked up in a tree.
public enum ItemReference: Hashable, Sendable {
    /// A view by id.
    case view(String)
    /// The receiver's superview.
    case superview
    /// The safe-area layout guide of a view (its bounds inset by its safe-area insets).
    case safeArea(String)
    /// The root's legacy top layout guide: from the root's top down by its top safe-area inset.
    case topLayoutGuide
    /// The root's legacy bottom layout guide: from its bottom safe-area inset up to the root's bottom.
    case bottomLayoutGuide
}

/// An attribute named on the maker side: one attribute or a composite such as `edges`.
public enum AttributeSelector: Hashable, Sendable {
    case single(LayoutAttribute)
    case composite(CompositeAttribute)
}

/// A constant as written: a number, a point, a size, or insets. The one value type of the reader and the DSL: a `let`
/// in a layout file, a value in a chain, a relation's value target (`equalTo(@10)`, `equalTo(CGSizeMake(…))`) and a
/// constant modifier (`offset(8)` is `.number(8)`, `sizeOffset(s)` is `.size(s)`, `inset(8)` is `.insets` of 8 on
/// every side, as both Masonry and SnapKit read it). Which attributes a value touches is the dialect's business
/// (`Dialect.constant(from:first:second:startingAt:direction:)`).
public enum ConstantValue: Hashable, Sendable {
    /// A number: the constant on every attribute (`offset`).
    case number(Rational)
    /// A point: x on horizontal attributes, y on vertical ones (`centerOffset`).
    case point(Point)
    /// A size: width on width, height on height (`sizeOffset`).
    case size(Size)
    /// Edge insets: inward on each edge (`insets`, `inset(n)`).
    case insets(EdgeInsets)
    /// Directional edge insets (SnapKit's `inset(NSDirectionalEdgeInsets)`).
    case directionalInsets(DirectionalEdgeInsets)
}

/// What a relation relates to.
public indirect enum ConstraintTarget: Hashable, Sendable {
    /// An attribute of an item; a nil attribute means the maker's own attribute (`equalTo(view)`).
    case item(ItemReference, LayoutAttribute?)
    /// A multi-attribute target such as `view.snp.edges` (SnapKit).
    case items(ItemReference, CompositeAttribute)
    /// A number, point, size or insets: no second item named; the value sets the constant.
    case value(ConstantValue)
    /// One constraint per element (Masonry's `@[a, b]`).
    case array([ConstraintTarget])
}

/// `multipliedBy(m)` or `dividedBy(d)`.
public enum MultiplierModifier: Hashable, Sendable {
    case multipliedBy(Rational)
    case dividedBy(Rational)
}

/// One Masonry/SnapKit chain as written (`make.left.right.equalTo(v).offset(8).priority(.high)`),
/// built alike by the Swift DSL and the text parser, and resolved by a dialect into constraints.
public struct ConstraintChain: Hashable, Sendable {
    /// Attributes in call order (`make.left.right` → left, right).
    public var attributes: [AttributeSelector]
    /// Nil for a chain with no relation (Masonry installs it as `==`; SnapKit drops it).
    public var relation: Relation?
    /// Nil when there is no relation, or Masonry's relation-less chain.
    public var target: ConstraintTarget?
    /// Constant modifiers in call order.
    public var constantModifiers: [ConstantValue]
    /// How many of `constantModifiers` came before the relation (a value target's constant goes in between).
    public var modifiersBeforeRelation: Int
    /// The last multiplier modifier, if any.
    public var multiplier: MultiplierModifier?
    /// The priority; nil means required.
    public var priority: Priority?
    /// Masonry's `key(...)` or SnapKit's `labeled(...)`.
    public var key: String?
    /// Where the chain was written.
    public var location: SourceLocation

    public init(attributes: [AttributeSelector], relation: Relation? = nil, target: ConstraintTarget? = nil,
                constantModifiers: [ConstantValue] = [], modifiersBeforeRelation: Int = 0,
                multiplier: MultiplierModifier? = nil, priority: Priority? = nil, key: String? = nil,
                location: SourceLocation) {
        self.attributes = attributes
        self.relation = relation
        self.target = target
        self.constantModifiers = constantModifiers
        self.modifiersBeforeRelation = modifiersBeforeRelation
        self.multiplier = multiplier
        self.priority = priority
        self.key = key
        self.location = location
    }
}
