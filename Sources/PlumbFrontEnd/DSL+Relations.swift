import PlumbSystem

// The relations of a chain: one overload per kind of target. Anchor overloads exist only for the
// chain kinds they fit, so a cross-axis or location-to-size relation does not compile.

extension AttributeChain {
    /// `equalTo(view)`: the same attribute of a view or guide.
    @discardableResult
    public func equalTo(_ item: some AnchorProviding, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.equal, .item(item.itemReference, nil), file: file, line: line)
    }
    /// `equalToSuperview()`: the same attribute of the receiver's superview.
    @discardableResult
    public func equalToSuperview(file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.equal, .item(.superview, nil), file: file, line: line)
    }
    /// A number: absolute on width/height, relative to the superview on locations.
    @discardableResult
    public func equalTo(_ value: Rational, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.equal, .value(.offset(value)), file: file, line: line)
    }
    /// A point: its x for horizontal attributes, y for vertical ones (per the dialect).
    @discardableResult
    public func equalTo(_ point: Point, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.equal, .value(.centerOffset(point)), file: file, line: line)
    }
    /// A size: its width for width, its height for height.
    @discardableResult
    public func equalTo(_ size: Size, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.equal, .value(.sizeOffset(size)), file: file, line: line)
    }
    /// Edge insets relative to the superview.
    @discardableResult
    public func equalTo(_ insets: EdgeInsets, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.equal, .value(.insets(insets)), file: file, line: line)
    }
    /// Directional edge insets relative to the superview.
    @discardableResult
    public func equalTo(_ insets: DirectionalEdgeInsets, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.equal, .value(.directionalInsets(insets)), file: file, line: line)
    }
    /// Masonry's array target: one constraint per element.
    @discardableResult
    public func equalTo(_ elements: [ArrayTargetElement], file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.equal, .array(elements.map(\.target)), file: file, line: line)
    }
    /// Masonry's array of views: one constraint per view, each to the same attribute.
    @discardableResult
    public func equalTo(_ views: [View], file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.equal, .array(views.map { .item($0.itemReference, nil) }), file: file, line: line)
    }

    /// `lessThanOrEqualTo(view)`: the same attribute of a view or guide.
    @discardableResult
    public func lessThanOrEqualTo(_ item: some AnchorProviding, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.lessOrEqual, .item(item.itemReference, nil), file: file, line: line)
    }
    /// `lessThanOrEqualToSuperview()`: the same attribute of the receiver's superview.
    @discardableResult
    public func lessThanOrEqualToSuperview(file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.lessOrEqual, .item(.superview, nil), file: file, line: line)
    }
    /// A number: absolute on width/height, relative to the superview on locations.
    @discardableResult
    public func lessThanOrEqualTo(_ value: Rational, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.lessOrEqual, .value(.offset(value)), file: file, line: line)
    }
    /// A point: its x for horizontal attributes, y for vertical ones (per the dialect).
    @discardableResult
    public func lessThanOrEqualTo(_ point: Point, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.lessOrEqual, .value(.centerOffset(point)), file: file, line: line)
    }
    /// A size: its width for width, its height for height.
    @discardableResult
    public func lessThanOrEqualTo(_ size: Size, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.lessOrEqual, .value(.sizeOffset(size)), file: file, line: line)
    }
    /// Edge insets relative to the superview.
    @discardableResult
    public func lessThanOrEqualTo(_ insets: EdgeInsets, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.lessOrEqual, .value(.insets(insets)), file: file, line: line)
    }
    /// Directional edge insets relative to the superview.
    @discardableResult
    public func lessThanOrEqualTo(_ insets: DirectionalEdgeInsets, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.lessOrEqual, .value(.directionalInsets(insets)), file: file, line: line)
    }
    /// Masonry's array target: one constraint per element.
    @discardableResult
    public func lessThanOrEqualTo(_ elements: [ArrayTargetElement], file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.lessOrEqual, .array(elements.map(\.target)), file: file, line: line)
    }
    /// Masonry's array of views: one constraint per view, each to the same attribute.
    @discardableResult
    public func lessThanOrEqualTo(_ views: [View], file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.lessOrEqual, .array(views.map { .item($0.itemReference, nil) }), file: file, line: line)
    }

    /// `greaterThanOrEqualTo(view)`: the same attribute of a view or guide.
    @discardableResult
    public func greaterThanOrEqualTo(_ item: some AnchorProviding, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.greaterOrEqual, .item(item.itemReference, nil), file: file, line: line)
    }
    /// `greaterThanOrEqualToSuperview()`: the same attribute of the receiver's superview.
    @discardableResult
    public func greaterThanOrEqualToSuperview(file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.greaterOrEqual, .item(.superview, nil), file: file, line: line)
    }
    /// A number: absolute on width/height, relative to the superview on locations.
    @discardableResult
    public func greaterThanOrEqualTo(_ value: Rational, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.greaterOrEqual, .value(.offset(value)), file: file, line: line)
    }
    /// A point: its x for horizontal attributes, y for vertical ones (per the dialect).
    @discardableResult
    public func greaterThanOrEqualTo(_ point: Point, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.greaterOrEqual, .value(.centerOffset(point)), file: file, line: line)
    }
    /// A size: its width for width, its height for height.
    @discardableResult
    public func greaterThanOrEqualTo(_ size: Size, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.greaterOrEqual, .value(.sizeOffset(size)), file: file, line: line)
    }
    /// Edge insets relative to the superview.
    @discardableResult
    public func greaterThanOrEqualTo(_ insets: EdgeInsets, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.greaterOrEqual, .value(.insets(insets)), file: file, line: line)
    }
    /// Directional edge insets relative to the superview.
    @discardableResult
    public func greaterThanOrEqualTo(_ insets: DirectionalEdgeInsets, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.greaterOrEqual, .value(.directionalInsets(insets)), file: file, line: line)
    }
    /// Masonry's array target: one constraint per element.
    @discardableResult
    public func greaterThanOrEqualTo(_ elements: [ArrayTargetElement], file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.greaterOrEqual, .array(elements.map(\.target)), file: file, line: line)
    }
    /// Masonry's array of views: one constraint per view, each to the same attribute.
    @discardableResult
    public func greaterThanOrEqualTo(_ views: [View], file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.greaterOrEqual, .array(views.map { .item($0.itemReference, nil) }), file: file, line: line)
    }

}

extension AttributeChain where Kind == Horizontal {
    /// `equalTo(other.anchor)`.
    @discardableResult
    public func equalTo(_ anchor: XAxisAnchor, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.equal, .item(anchor.item, anchor.attribute), file: file, line: line)
    }
    /// `lessThanOrEqualTo(other.anchor)`.
    @discardableResult
    public func lessThanOrEqualTo(_ anchor: XAxisAnchor, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.lessOrEqual, .item(anchor.item, anchor.attribute), file: file, line: line)
    }
    /// `greaterThanOrEqualTo(other.anchor)`.
    @discardableResult
    public func greaterThanOrEqualTo(_ anchor: XAxisAnchor, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.greaterOrEqual, .item(anchor.item, anchor.attribute), file: file, line: line)
    }
}

extension AttributeChain where Kind == Vertical {
    /// `equalTo(other.anchor)`.
    @discardableResult
    public func equalTo(_ anchor: YAxisAnchor, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.equal, .item(anchor.item, anchor.attribute), file: file, line: line)
    }
    /// `lessThanOrEqualTo(other.anchor)`.
    @discardableResult
    public func lessThanOrEqualTo(_ anchor: YAxisAnchor, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.lessOrEqual, .item(anchor.item, anchor.attribute), file: file, line: line)
    }
    /// `greaterThanOrEqualTo(other.anchor)`.
    @discardableResult
    public func greaterThanOrEqualTo(_ anchor: YAxisAnchor, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.greaterOrEqual, .item(anchor.item, anchor.attribute), file: file, line: line)
    }
}

extension AttributeChain where Kind == Dimension {
    /// `equalTo(other.anchor)`.
    @discardableResult
    public func equalTo(_ anchor: DimensionAnchor, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.equal, .item(anchor.item, anchor.attribute), file: file, line: line)
    }
    /// `lessThanOrEqualTo(other.anchor)`.
    @discardableResult
    public func lessThanOrEqualTo(_ anchor: DimensionAnchor, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.lessOrEqual, .item(anchor.item, anchor.attribute), file: file, line: line)
    }
    /// `greaterThanOrEqualTo(other.anchor)`.
    @discardableResult
    public func greaterThanOrEqualTo(_ anchor: DimensionAnchor, file: String = #fileID, line: Int = #line) -> ConstraintEditable {
        relate(.greaterOrEqual, .item(anchor.item, anchor.attribute), file: file, line: line)
    }
}
