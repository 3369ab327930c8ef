/// An attribute of a view or guide, as in `NSLayoutAttribute`. Case order is SnapKit's emission order.
public enum LayoutAttribute: String, Hashable, Sendable, CaseIterable, Comparable {
    case left, top, right, bottom, leading, trailing, width, height, centerX, centerY
    case lastBaseline, firstBaseline
    case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
    case centerXWithinMargins, centerYWithinMargins

    /// The axis an attribute lies on.
    public enum Axis: String, Sendable { case horizontal, vertical }

    /// Which attributes may be related to which: locations to locations on the same axis, sizes to sizes.
    public enum Kind: String, Sendable { case location, size }

    public var axis: Axis {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX, .leftMargin, .rightMargin,
             .leadingMargin, .trailingMargin, .centerXWithinMargins:
            return .horizontal
        default:
            return .vertical
        }
    }

    public var kind: Kind { self == .width || self == .height ? .size : .location }

    /// Leading, trailing and their margins: mirrored under right-to-left.
    public var isDirectional: Bool {
        self == .leading || self == .trailing || self == .leadingMargin || self == .trailingMargin
    }

    /// Left, right and their margins: never mirrored, and not to be mixed with directional ones.
    public var isAbsoluteHorizontalEdge: Bool {
        self == .left || self == .right || self == .leftMargin || self == .rightMargin
    }

    /// `NSLayoutAttribute`'s raw value: Masonry's order for composites and `attributes(...)`.
    public var masonryOrder: Int {
        switch self {
        case .left: 1
        case .right: 2
        case .top: 3
        case .bottom: 4
        case .leading: 5
        case .trailing: 6
        case .width: 7
        case .height: 8
        case .centerX: 9
        case .centerY: 10
        case .lastBaseline: 11
        case .firstBaseline: 12
        case .leftMargin: 13
        case .rightMargin: 14
        case .topMargin: 15
        case .bottomMargin: 16
        case .leadingMargin: 17
        case .trailingMargin: 18
        case .centerXWithinMargins: 19
        case .centerYWithinMargins: 20
        }
    }

    /// The name Masonry prints (`baseline` prints as `lastBaseline`'s alias `baseline`).
    public var displayName: String { self == .lastBaseline ? "baseline" : rawValue }

    public static func < (lhs: LayoutAttribute, rhs: LayoutAttribute) -> Bool {
        lhs.snapKitOrder < rhs.snapKitOrder
    }

    /// Position in SnapKit's `ConstraintAttributes` bit order, the order SnapKit emits a chain in.
    public var snapKitOrder: Int {
        Self.allCases.firstIndex(of: self) ?? 0
    }

    /// The margin attribute for an edge (`left` → `leftMargin`), used for SnapKit's edges ↔ margins targets.
    package var marginCounterpart: LayoutAttribute? {
        switch self {
        case .left: .leftMargin
        case .right: .rightMargin
        case .top: .topMargin
        case .bottom: .bottomMargin
        case .leading: .leadingMargin
        case .trailing: .trailingMargin
        case .leftMargin: .left
        case .rightMargin: .right
        case .topMargin: .top
        case .bottomMargin: .bottom
        case .leadingMargin: .leading
        case .trailingMargin: .trailing
        default: nil
        }
    }
}

/// A set of attributes named as one: `edges`, `size`, `center`, SnapKit's directional and margin sets.
public enum CompositeAttribute: String, Hashable, Sendable, CaseIterable {
    case edges, size, center, margins, horizontalEdges, verticalEdges
    case directionalEdges, directionalHorizontalEdges, directionalVerticalEdges, directionalMargins
    case centerWithinMargins

    /// The member attributes (unordered; the dialect decides emission order).
    public var members: [LayoutAttribute] {
        switch self {
        case .edges: [.left, .right, .top, .bottom]
        case .size: [.width, .height]
        case .center: [.centerX, .centerY]
        case .margins: [.leftMargin, .rightMargin, .topMargin, .bottomMargin]
        case .horizontalEdges: [.left, .right]
        case .verticalEdges: [.top, .bottom]
        case .directionalEdges: [.top, .bottom, .leading, .trailing]
        case .directionalHorizontalEdges: [.leading, .trailing]
        case .directionalVerticalEdges: [.top, .bottom]
        case .directionalMargins: [.topMargin, .bottomMargin, .leadingMargin, .trailingMargin]
        case .centerWithinMargins: [.centerXWithinMargins, .centerYWithinMargins]
        }
    }
}
