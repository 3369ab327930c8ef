import PlumbSystem

/// What a relation may take as its other side, as SnapKit's `ConstraintRelatableTarget`: a view or a layout guide
/// (its attribute of the same name), a number (`Rational`), a point, a size, insets, or an array of any of these
/// (Masonry's `@[a, b]`: one constraint per element). Typed anchors (`view.left`) are not targets of this kind:
/// their own overloads check the axis at compile time.
public protocol RelationTarget {
    /// The target as the chain records it.
    var relationTarget: ConstraintTarget { get }
}

extension AnchorProviding {
    public var relationTarget: ConstraintTarget { .item(itemReference, nil) }
}
extension View: RelationTarget {}
extension SafeAreaGuide: RelationTarget {}
extension LegacyLayoutGuide: RelationTarget {}

extension Rational: RelationTarget {
    /// Absolute on width and height, relative to the superview on locations.
    public var relationTarget: ConstraintTarget { .value(.number(self)) }
}
extension Point: RelationTarget {
    /// Its x for horizontal attributes, its y for vertical ones (per the dialect).
    public var relationTarget: ConstraintTarget { .value(.point(self)) }
}
extension Size: RelationTarget {
    /// Its width for width, its height for height.
    public var relationTarget: ConstraintTarget { .value(.size(self)) }
}
extension EdgeInsets: RelationTarget {
    /// Insets relative to the superview.
    public var relationTarget: ConstraintTarget { .value(.insets(self)) }
}
extension DirectionalEdgeInsets: RelationTarget {
    /// Directional insets relative to the superview.
    public var relationTarget: ConstraintTarget { .value(.directionalInsets(self)) }
}
extension ArrayTargetElement: RelationTarget {
    public var relationTarget: ConstraintTarget { target }
}
extension Array: RelationTarget where Element: RelationTarget {
    /// Masonry's array target: one constraint per element.
    public var relationTarget: ConstraintTarget { .array(map(\.relationTarget)) }
}

// The relations of a chain, each one line into the one funnel, `relate(_:_:file:line:)`. Besides the target
// protocol, a number (`Rational`) and a Masonry array of mixed elements have overloads of their own, so that
// literals read exactly (`equalTo(0.1)` is 1/10) and `[.item(v), 100]` finds its element type. Anchor overloads
// exist only for the chain kinds they fit, so a cross-axis or location-to-size relation does not compile.

extension AttributeChain {
    /// `equalTo(target)`: a view or guide (the same attribute), a point, a size, insets or an array.
    @discardableResult
    public func equalTo(_ target: some RelationTarget, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.equal, target.relationTarget, file: file, line: line)
    }
    /// `equalTo(number)`: absolute on width and height, relative to the superview on locations.
    @discardableResult
    public func equalTo(_ value: Rational, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.equal, value.relationTarget, file: file, line: line)
    }
    /// Masonry's array of mixed elements (`[.item(v), 100, .anchor(v.right)]`): one constraint per element.
    @discardableResult
    public func equalTo(_ elements: [ArrayTargetElement], file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.equal, elements.relationTarget, file: file, line: line)
    }
    /// `equalToSuperview()`: the same attribute of the receiver's superview.
    @discardableResult
    public func equalToSuperview(file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.equal, .item(.superview, nil), file: file, line: line)
    }

    /// `lessThanOrEqualTo(target)`: as `equalTo`, an upper bound.
    @discardableResult
    public func lessThanOrEqualTo(_ target: some RelationTarget, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.lessOrEqual, target.relationTarget, file: file, line: line)
    }
    @discardableResult
    public func lessThanOrEqualTo(_ value: Rational, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.lessOrEqual, value.relationTarget, file: file, line: line)
    }
    @discardableResult
    public func lessThanOrEqualTo(_ elements: [ArrayTargetElement], file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.lessOrEqual, elements.relationTarget, file: file, line: line)
    }
    @discardableResult
    public func lessThanOrEqualToSuperview(file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.lessOrEqual, .item(.superview, nil), file: file, line: line)
    }

    /// `greaterThanOrEqualTo(target)`: as `equalTo`, a lower bound.
    @discardableResult
    public func greaterThanOrEqualTo(_ target: some RelationTarget, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.greaterOrEqual, target.relationTarget, file: file, line: line)
    }
    @discardableResult
    public func greaterThanOrEqualTo(_ value: Rational, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.greaterOrEqual, value.relationTarget, file: file, line: line)
    }
    @discardableResult
    public func greaterThanOrEqualTo(_ elements: [ArrayTargetElement], file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.greaterOrEqual, elements.relationTarget, file: file, line: line)
    }
    @discardableResult
    public func greaterThanOrEqualToSuperview(file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.greaterOrEqual, .item(.superview, nil), file: file, line: line)
    }
}

extension AttributeChain where Kind == Horizontal {
    /// `equalTo(other.left)`: horizontal locations only.
    @discardableResult
    public func equalTo(_ anchor: XAxisAnchor, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.equal, .item(anchor.item, anchor.attribute), file: file, line: line)
    }
    @discardableResult
    public func lessThanOrEqualTo(_ anchor: XAxisAnchor, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.lessOrEqual, .item(anchor.item, anchor.attribute), file: file, line: line)
    }
    @discardableResult
    public func greaterThanOrEqualTo(_ anchor: XAxisAnchor, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.greaterOrEqual, .item(anchor.item, anchor.attribute), file: file, line: line)
    }
}

extension AttributeChain where Kind == Vertical {
    /// `equalTo(other.top)`: vertical locations only.
    @discardableResult
    public func equalTo(_ anchor: YAxisAnchor, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.equal, .item(anchor.item, anchor.attribute), file: file, line: line)
    }
    @discardableResult
    public func lessThanOrEqualTo(_ anchor: YAxisAnchor, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.lessOrEqual, .item(anchor.item, anchor.attribute), file: file, line: line)
    }
    @discardableResult
    public func greaterThanOrEqualTo(_ anchor: YAxisAnchor, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.greaterOrEqual, .item(anchor.item, anchor.attribute), file: file, line: line)
    }
}

extension AttributeChain where Kind == Dimension {
    /// `equalTo(other.width)`: sizes only (an aspect ratio relates width to height).
    @discardableResult
    public func equalTo(_ anchor: DimensionAnchor, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.equal, .item(anchor.item, anchor.attribute), file: file, line: line)
    }
    @discardableResult
    public func lessThanOrEqualTo(_ anchor: DimensionAnchor, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.lessOrEqual, .item(anchor.item, anchor.attribute), file: file, line: line)
    }
    @discardableResult
    public func greaterThanOrEqualTo(_ anchor: DimensionAnchor, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.greaterOrEqual, .item(anchor.item, anchor.attribute), file: file, line: line)
    }
}
