import PlumbSystem

/// A view (or the root) in a `ViewTree`: an id, a parent, and what UIKit would know about it.
///
/// Its variables are `x`, `y`, `width`, `height` in root coordinates; frames are reported relative to the superview.
public final class View {
    /// Unique within the tree; names the view's variables (`id.x`) and appears in labels.
    public let id: String
    /// The tree the view belongs to (nil once the tree itself is gone).
    public private(set) weak var tree: ViewTree?
    /// The superview; nil for the root and for views not (or no longer) in the hierarchy.
    public internal(set) weak var superview: View?
    public internal(set) var subviews: [View] = []
    /// The index of the view's `x` variable; `y`, `width`, `height` follow.
    public let firstVariable: Int

    /// Intrinsic content width, if the view has one (it becomes hugging and compression constraints).
    public var intrinsicWidth: Rational? { didSet { tree?.viewPropertiesChanged(self) } }
    /// Intrinsic content height, if the view has one.
    public var intrinsicHeight: Rational? { didSet { tree?.viewPropertiesChanged(self) } }
    /// Content hugging priorities (default 250 each).
    public var huggingPriority = AxisPriorities(horizontal: .low, vertical: .low) { didSet { tree?.viewPropertiesChanged(self) } }
    /// Compression resistance priorities (default 750 each).
    public var compressionResistance = AxisPriorities(horizontal: .high, vertical: .high) { didSet { tree?.viewPropertiesChanged(self) } }
    /// Layout margins (default 8 on every side), used by the margin attributes.
    public var layoutMargins = EdgeInsets(8) { didSet { tree?.viewPropertiesChanged(self) } }
    /// Safe-area insets: the safe-area guide is the view's bounds inset by these (default 0).
    public var safeAreaInsets = EdgeInsets.zero { didSet { tree?.viewPropertiesChanged(self) } }
    /// Distance of the first baseline below the top; nil means the top edge.
    public var firstBaselineFromTop: Rational? { didSet { tree?.viewPropertiesChanged(self) } }
    /// Distance of the last baseline above the bottom; nil means the bottom edge.
    public var lastBaselineFromBottom: Rational? { didSet { tree?.viewPropertiesChanged(self) } }
    /// The view's own layout direction; nil inherits the superview's (the root defaults to left-to-right).
    public var direction: LayoutDirection? {
        didSet {
            refreshInheritedState()
            tree?.viewPropertiesChanged(self)
        }
    }

    /// Levels below the top of its hierarchy (the root, or a detached view, is at 0).
    public private(set) var depth = 0
    /// The direction in effect: the view's own, else the nearest ancestor's, else left-to-right.
    public private(set) var effectiveDirection: LayoutDirection = .leftToRight

    /// Recomputes depth and effective direction for the view and its subtree (after a move or a direction change).
    func refreshInheritedState() {
        var stack: [View] = [self]
        while let v = stack.popLast() {
            v.depth = (v.superview?.depth).map { $0 + 1 } ?? 0
            v.effectiveDirection = v.direction ?? v.superview?.effectiveDirection ?? .leftToRight
            stack.append(contentsOf: v.subviews)
        }
    }

    /// Whether the view scrolls its content: constraints between its edges or margins and views inside it
    /// attach to its content area (of size `contentWidthVariable` × `contentHeightVariable`), the others to its
    /// frame.
    public let isScrollView: Bool

    init(id: String, tree: ViewTree, firstVariable: Int, isScrollView: Bool = false) {
        self.id = id
        self.tree = tree
        self.firstVariable = firstVariable
        self.isScrollView = isScrollView
    }

    /// The scroll view's content size variables (`contentSize`); nil for other views.
    public var contentWidthVariable: VariableID? { isScrollView ? VariableID(firstVariable + 4) : nil }
    public var contentHeightVariable: VariableID? { isScrollView ? VariableID(firstVariable + 5) : nil }

    /// How many variables the view has: x, y, width, height, and the content size of a scroll view.
    var variableCount: Int { isScrollView ? 6 : 4 }

    /// The names of the view's variables, in order.
    var variableNames: [String] {
        ["\(id).x", "\(id).y", "\(id).w", "\(id).h"] + (isScrollView ? ["\(id).contentW", "\(id).contentH"] : [])
    }

    /// The variables of the view: x, y, width, height (root coordinates).
    public var x: VariableID { VariableID(firstVariable) }
    public var y: VariableID { VariableID(firstVariable + 1) }
    public var widthVariable: VariableID { VariableID(firstVariable + 2) }
    public var heightVariable: VariableID { VariableID(firstVariable + 3) }

    /// The variable of one frame component.
    public func variable(_ component: FrameComponent) -> VariableID {
        switch component {
        case .x: x
        case .y: y
        case .width: widthVariable
        case .height: heightVariable
        }
    }

    /// Whether this is the tree's root.
    public var isRoot: Bool { self === tree?.root }

    /// The view and its ancestors, nearest first.
    public var ancestorsIncludingSelf: [View] {
        var chain: [View] = []
        var view: View? = self
        while let v = view {
            chain.append(v)
            view = v.superview
        }
        return chain
    }

    /// Whether `self` is `other` or one of its descendants.
    public func isDescendant(of other: View) -> Bool {
        var view: View? = self
        while let v = view {
            if v === other { return true }
            view = v.superview
        }
        return false
    }
}

/// A priority per axis (content hugging, compression resistance).
public struct AxisPriorities: Hashable, Sendable {
    public var horizontal: Priority
    public var vertical: Priority
    public init(horizontal: Priority, vertical: Priority) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
}
