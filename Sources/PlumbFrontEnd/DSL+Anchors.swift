import PlumbSystem

/// A horizontal location of an item (`view.left`, `view.centerX`): relates only to other horizontal locations.
public struct XAxisAnchor: Hashable, Sendable {
    let item: ItemReference
    let attribute: LayoutAttribute
}

/// A vertical location of an item (`view.top`, `view.lastBaseline`): relates only to other vertical locations.
public struct YAxisAnchor: Hashable, Sendable {
    let item: ItemReference
    let attribute: LayoutAttribute
}

/// A size of an item (`view.width`): relates to widths and heights (aspect ratios), never to locations.
public struct DimensionAnchor: Hashable, Sendable {
    let item: ItemReference
    let attribute: LayoutAttribute
}

/// Something with anchors: a view or a layout guide.
public protocol AnchorProviding {
    /// The item the anchors belong to.
    var itemReference: ItemReference { get }
}

extension AnchorProviding {
    public var left: XAxisAnchor { XAxisAnchor(item: itemReference, attribute: .left) }
    public var right: XAxisAnchor { XAxisAnchor(item: itemReference, attribute: .right) }
    public var leading: XAxisAnchor { XAxisAnchor(item: itemReference, attribute: .leading) }
    public var trailing: XAxisAnchor { XAxisAnchor(item: itemReference, attribute: .trailing) }
    public var centerX: XAxisAnchor { XAxisAnchor(item: itemReference, attribute: .centerX) }
    public var leftMargin: XAxisAnchor { XAxisAnchor(item: itemReference, attribute: .leftMargin) }
    public var rightMargin: XAxisAnchor { XAxisAnchor(item: itemReference, attribute: .rightMargin) }
    public var leadingMargin: XAxisAnchor { XAxisAnchor(item: itemReference, attribute: .leadingMargin) }
    public var trailingMargin: XAxisAnchor { XAxisAnchor(item: itemReference, attribute: .trailingMargin) }
    public var centerXWithinMargins: XAxisAnchor { XAxisAnchor(item: itemReference, attribute: .centerXWithinMargins) }
    public var top: YAxisAnchor { YAxisAnchor(item: itemReference, attribute: .top) }
    public var bottom: YAxisAnchor { YAxisAnchor(item: itemReference, attribute: .bottom) }
    public var centerY: YAxisAnchor { YAxisAnchor(item: itemReference, attribute: .centerY) }
    public var baseline: YAxisAnchor { YAxisAnchor(item: itemReference, attribute: .lastBaseline) }
    public var lastBaseline: YAxisAnchor { YAxisAnchor(item: itemReference, attribute: .lastBaseline) }
    public var firstBaseline: YAxisAnchor { YAxisAnchor(item: itemReference, attribute: .firstBaseline) }
    public var topMargin: YAxisAnchor { YAxisAnchor(item: itemReference, attribute: .topMargin) }
    public var bottomMargin: YAxisAnchor { YAxisAnchor(item: itemReference, attribute: .bottomMargin) }
    public var centerYWithinMargins: YAxisAnchor { YAxisAnchor(item: itemReference, attribute: .centerYWithinMargins) }
    public var width: DimensionAnchor { DimensionAnchor(item: itemReference, attribute: .width) }
    public var height: DimensionAnchor { DimensionAnchor(item: itemReference, attribute: .height) }
}

extension View: AnchorProviding {
    public var itemReference: ItemReference { .view(id) }

    /// The safe-area layout guide: the view's bounds inset by its safe-area insets.
    public var safeArea: SafeAreaGuide { SafeAreaGuide(owner: id) }
}

/// A view's safe-area layout guide (`view.safeAreaLayoutGuide`).
public struct SafeAreaGuide: AnchorProviding, Hashable, Sendable {
    let owner: String
    public var itemReference: ItemReference { .safeArea(owner) }
}

/// The root's legacy layout guides (`topLayoutGuide`, `bottomLayoutGuide`), sized by its safe-area insets.
public struct LegacyLayoutGuide: AnchorProviding, Hashable, Sendable {
    public let itemReference: ItemReference
    public static let top = LegacyLayoutGuide(itemReference: .topLayoutGuide)
    public static let bottom = LegacyLayoutGuide(itemReference: .bottomLayoutGuide)
}

/// One element of a Masonry array target (`equalTo(@[view, @100, other.mas_right])`).
public struct ArrayTargetElement: Sendable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    let target: ConstraintTarget
    public init(integerLiteral value: Int) { target = .value(.number(Rational(value))) }
    public init(floatLiteral value: Double) { target = .value(.number(Rational(floatLiteral: value))) }
    public static func value(_ value: Rational) -> ArrayTargetElement { ArrayTargetElement(target: .value(.number(value))) }
    public static func item(_ item: some AnchorProviding) -> ArrayTargetElement { ArrayTargetElement(target: .item(item.itemReference, nil)) }
    public static func anchor(_ anchor: XAxisAnchor) -> ArrayTargetElement { ArrayTargetElement(target: .item(anchor.item, anchor.attribute)) }
    public static func anchor(_ anchor: YAxisAnchor) -> ArrayTargetElement { ArrayTargetElement(target: .item(anchor.item, anchor.attribute)) }
    public static func anchor(_ anchor: DimensionAnchor) -> ArrayTargetElement { ArrayTargetElement(target: .item(anchor.item, anchor.attribute)) }
    init(target: ConstraintTarget) { self.target = target }
}
