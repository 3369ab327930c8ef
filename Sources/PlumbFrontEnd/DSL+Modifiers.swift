import PlumbSystem

/// A related chain: constants and the multiplier may be set, then a priority, then a label.
public struct ConstraintEditable {
    let box: ChainBox

    /// Filler words with no effect (`.with.offset(10)`).
    public var with: ConstraintEditable { self }
    public var and: ConstraintEditable { self }

    private func modify(_ modifier: ConstantValue) -> ConstraintEditable {
        box.chain.constantModifiers.append(modifier)
        return self
    }

    /// Adds `c` to every attribute's constant.
    @discardableResult public func offset(_ c: Rational) -> ConstraintEditable { modify(.number(c)) }
    /// The same inset on every side (right and bottom negative).
    @discardableResult public func inset(_ i: Rational) -> ConstraintEditable { modify(.insets(EdgeInsets(i))) }
    /// Edge insets (Masonry's `insets`, SnapKit's `inset(UIEdgeInsets)`).
    @discardableResult public func insets(_ e: EdgeInsets) -> ConstraintEditable { modify(.insets(e)) }
    @discardableResult public func inset(_ e: EdgeInsets) -> ConstraintEditable { modify(.insets(e)) }
    /// Directional insets (SnapKit).
    @discardableResult public func inset(_ d: DirectionalEdgeInsets) -> ConstraintEditable { modify(.directionalInsets(d)) }
    /// Width and height constants.
    @discardableResult public func sizeOffset(_ s: Size) -> ConstraintEditable { modify(.size(s)) }
    /// centerX and centerY constants.
    @discardableResult public func centerOffset(_ p: Point) -> ConstraintEditable { modify(.point(p)) }

    /// Multiplies the second attribute (positions are scaled in the common ancestor's space).
    @discardableResult public func multipliedBy(_ m: Rational) -> ConstraintEditable {
        box.chain.multiplier = .multipliedBy(m)
        return self
    }
    /// Divides the second attribute, exactly (`dividedBy(3)` is 1/3).
    @discardableResult public func dividedBy(_ d: Rational) -> ConstraintEditable {
        box.chain.multiplier = .dividedBy(d)
        return self
    }

    /// The priority: a number in (0, 1000] or `.required`, `.high`, `.medium`, `.low`, `.fittingSize`.
    @discardableResult public func priority(_ p: Priority) -> ConstraintFinalizable {
        box.chain.priority = p
        return ConstraintFinalizable(box: box)
    }
    /// Masonry's `priorityHigh()`, `priorityMedium()`, `priorityLow()`.
    @discardableResult public func priorityHigh() -> ConstraintFinalizable { priority(.high) }
    @discardableResult public func priorityMedium() -> ConstraintFinalizable { priority(.medium) }
    @discardableResult public func priorityLow() -> ConstraintFinalizable { priority(.low) }

    /// Names the constraints (SnapKit `labeled`, Masonry `key`; Masonry indexes a composite's children).
    @discardableResult public func labeled(_ label: String) -> ConstraintFinalizable { ConstraintFinalizable(box: box).labeled(label) }
    @discardableResult public func key(_ key: String) -> ConstraintFinalizable { labeled(key) }

    /// The constraints this chain makes, usable once the block has run (to change constants, deactivate…).
    public var constraint: ConstraintReference { box.reference }
}

/// A chain with its priority set: only a label may follow.
public struct ConstraintFinalizable {
    let box: ChainBox

    @discardableResult public func labeled(_ label: String) -> ConstraintFinalizable {
        box.chain.key = label
        return self
    }
    @discardableResult public func key(_ key: String) -> ConstraintFinalizable { labeled(key) }

    /// The constraints this chain makes, usable once the block has run.
    public var constraint: ConstraintReference { box.reference }
}

/// A handle on what one chain made, bound when its block is installed.
public final class ConstraintReference {
    /// Nil until the block's constraints are installed (and for a chain that made nothing).
    public internal(set) var group: ConstraintGroup?
}

extension View {
    private func run(_ build: (ConstraintMaker) -> Void, file: String, line: Int,
                     _ install: ([ConstraintChain]) throws(LayoutError) -> [ConstraintGroup]) throws(LayoutError) -> [ConstraintGroup] {
        let maker = ConstraintMaker(location: SourceLocation(file: file, line: line))
        guard tree != nil else { throw LayoutError(.unsupported("view '\(id.excerpt)' outlived its tree: keep the ViewTree alive while using its views"), at: maker.location) }
        build(maker)
        let groups = try install(maker.boxes.map(\.chain))
        for (box, group) in zip(maker.boxes, groups) { box.reference.group = group }
        return groups
    }

    /// Installs the constraints made in `build`; nothing is installed if any of them is invalid.
    @discardableResult
    public func makeConstraints(file: String = #fileID, line: Int = #line, _ build: (ConstraintMaker) -> Void) throws(LayoutError) -> [ConstraintGroup] {
        try run(build, file: file, line: line) { (chains) throws(LayoutError) in try liveTree().makeConstraints(chains, for: self) }
    }

    /// Changes the constants of matching constraints (the dialect decides what happens to the rest).
    @discardableResult
    public func updateConstraints(file: String = #fileID, line: Int = #line, _ build: (ConstraintMaker) -> Void) throws(LayoutError) -> [ConstraintGroup] {
        try run(build, file: file, line: line) { (chains) throws(LayoutError) in try liveTree().updateConstraints(chains, for: self) }
    }

    /// Removes the constraints this view made, then installs these.
    @discardableResult
    public func remakeConstraints(file: String = #fileID, line: Int = #line, _ build: (ConstraintMaker) -> Void) throws(LayoutError) -> [ConstraintGroup] {
        try run(build, file: file, line: line) { (chains) throws(LayoutError) in try liveTree().remakeConstraints(chains, for: self) }
    }

    /// Removes the constraints this view made.
    public func removeConstraints() { tree?.removeConstraints(of: self) }

    private func liveTree() throws(LayoutError) -> ViewTree {
        guard let tree else { throw LayoutError(.unsupported("view '\(id.excerpt)' outlived its tree: keep the ViewTree alive while using its views")) }
        return tree
    }
}
