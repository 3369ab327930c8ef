import PlumbSystem

/// The affine frame of an item in root coordinates, with the constants its attributes need.
struct ItemGeometry {
    var x: LinearExpression
    var y: LinearExpression
    var width: LinearExpression
    var height: LinearExpression
    var margins: EdgeInsets
    var firstBaselineFromTop: Rational
    var lastBaselineFromBottom: Rational
    /// The view whose hierarchy the item belongs to (a guide's owner).
    var owner: View
}

extension ViewTree {
    func geometry(of item: ResolvedItem) throws(LayoutError) -> ItemGeometry {
        do {
            switch item {
            case .view(let id):
                guard let v = view(id) else { throw LayoutError(.unknownView(id)) }
                return ItemGeometry(x: LinearExpression(v.x), y: LinearExpression(v.y),
                                    width: LinearExpression(v.widthVariable), height: LinearExpression(v.heightVariable),
                                    margins: v.layoutMargins, firstBaselineFromTop: v.firstBaselineFromTop ?? .zero,
                                    lastBaselineFromBottom: v.lastBaselineFromBottom ?? .zero, owner: v)
            case .safeArea(let id):
                guard let v = view(id) else { throw LayoutError(.unknownView(id)) }
                return try guideGeometry(owner: v, inset: v.safeAreaInsets)
            case .topLayoutGuide:
                let s = root.safeAreaInsets
                var g = try guideGeometry(owner: root, inset: .zero)
                g.height = LinearExpression(constant: s.top)
                return g
            case .bottomLayoutGuide:
                let s = root.safeAreaInsets
                var g = try guideGeometry(owner: root, inset: .zero)
                var y = LinearExpression(root.y)
                try y.add(root.heightVariable, .one)
                try y.add(constant: -s.bottom)
                g.y = y
                g.height = LinearExpression(constant: s.bottom)
                return g
            }
        } catch let error as NumberError {
            throw LayoutError(.number(error))
        } catch let error as LayoutError {
            throw error
        } catch {
            throw LayoutError(.unsupported("\(error)"))
        }
    }

    private func guideGeometry(owner v: View, inset s: EdgeInsets) throws -> ItemGeometry {
        var x = LinearExpression(v.x); try x.add(constant: s.left)
        var y = LinearExpression(v.y); try y.add(constant: s.top)
        var w = LinearExpression(v.widthVariable); try w.add(constant: -(s.left + s.right))
        var h = LinearExpression(v.heightVariable); try h.add(constant: -(s.top + s.bottom))
        return ItemGeometry(x: x, y: y, width: w, height: h, margins: .zero, firstBaselineFromTop: .zero,
                            lastBaselineFromBottom: .zero, owner: v)
    }

    /// The root-coordinate expression of `attribute`; leading/trailing give their physical edge under `direction`.
    func expression(_ attribute: LayoutAttribute, of g: ItemGeometry, direction: LayoutDirection) throws(NumberError) -> LinearExpression {
        let rtl = direction == .rightToLeft
        let half = try Rational(1, 2)
        var e = LinearExpression()
        switch attribute {
        case .left: try e.add(g.x)
        case .right: try e.add(g.x); try e.add(g.width)
        case .top: try e.add(g.y)
        case .bottom: try e.add(g.y); try e.add(g.height)
        case .width: try e.add(g.width)
        case .height: try e.add(g.height)
        case .centerX: try e.add(g.x); try e.add(g.width, times: half)
        case .centerY: try e.add(g.y); try e.add(g.height, times: half)
        case .lastBaseline: try e.add(g.y); try e.add(g.height); try e.add(constant: -g.lastBaselineFromBottom)
        case .firstBaseline: try e.add(g.y); try e.add(constant: g.firstBaselineFromTop)
        case .leftMargin: try e.add(g.x); try e.add(constant: g.margins.left)
        case .rightMargin: try e.add(g.x); try e.add(g.width); try e.add(constant: -g.margins.right)
        case .topMargin: try e.add(g.y); try e.add(constant: g.margins.top)
        case .bottomMargin: try e.add(g.y); try e.add(g.height); try e.add(constant: -g.margins.bottom)
        case .leading: return try expression(rtl ? .right : .left, of: g, direction: .leftToRight)
        case .trailing: return try expression(rtl ? .left : .right, of: g, direction: .leftToRight)
        case .leadingMargin: return try expression(rtl ? .rightMargin : .leftMargin, of: g, direction: .leftToRight)
        case .trailingMargin: return try expression(rtl ? .leftMargin : .rightMargin, of: g, direction: .leftToRight)
        case .centerXWithinMargins:
            try e.add(g.x); try e.add(g.width, times: half)
            try e.add(constant: (g.margins.left - g.margins.right) * half)
        case .centerYWithinMargins:
            try e.add(g.y); try e.add(g.height, times: half)
            try e.add(constant: (g.margins.top - g.margins.bottom) * half)
        }
        return e
    }

    func isView(_ item: ResolvedItem) -> Bool {
        if case .view = item { return true } else { return false }
    }

    /// The content-area geometry of a scroll view item, when `attribute` is an edge or margin and the other
    /// item lies inside it; nil otherwise.
    func contentArea(of g: ItemGeometry, attribute: LayoutAttribute, other: ItemGeometry, itemIsView: Bool) throws -> ItemGeometry? {
        let scroll = g.owner
        guard itemIsView, scroll.isScrollView, let cw = scroll.contentWidthVariable, let ch = scroll.contentHeightVariable,
              other.owner !== scroll, other.owner.isDescendant(of: scroll) else { return nil }
        switch attribute {
        case .width, .height, .centerX, .centerY, .centerXWithinMargins, .centerYWithinMargins: return nil
        default: break
        }
        var inner = g
        inner.width = LinearExpression(cw)
        inner.height = LinearExpression(ch)
        return inner
    }

    /// The closest common ancestor of two views (a view counts as its own ancestor).
    func closestCommonAncestor(_ a: View, _ b: View) -> View? {
        var x: View? = a
        var y: View? = b
        while let p = x, let q = y, p.depth > q.depth { x = p.superview }
        while let p = x, let q = y, q.depth > p.depth { y = q.superview }
        while let p = x, let q = y, p !== q {
            x = p.superview
            y = q.superview
        }
        return x
    }

    /// Checks a constraint as Auto Layout would, then lowers it to an exact linear row:
    /// positions are related in the closest common ancestor's space, `E1 = m·E2 + (1−m)·X_G + c`, mirrored
    /// about that ancestor's bounds when a leading/trailing attribute is laid out right-to-left.
    public func lower(_ c: ResolvedConstraint) throws(LayoutError) -> LinearConstraint {
        let a1 = c.firstAttribute
        let fail = { (kind: LayoutError.Kind) in LayoutError(kind, constraint: c.description, at: c.location) }
        guard c.priority.isValid else { throw fail(.priorityOutOfRange(c.priority)) }
        let g1: ItemGeometry
        do { g1 = try geometry(of: c.firstItem) } catch { throw fail(error.kind) }
        let direction = g1.owner.effectiveDirection
        do {
            guard let item2 = c.secondItem, let a2 = c.secondAttribute else {
                guard a1.kind == .size else { throw fail(.locationEqualToConstant(a1)) }
                var e = try expression(a1, of: g1, direction: direction)
                try e.add(constant: -c.constant)
                return LinearConstraint(e, c.relation, priority: c.priority, label: c.description)
            }
            guard a1.kind == a2.kind else { throw fail(.locationToSize(a1, a2)) }
            var g2: ItemGeometry
            do { g2 = try geometry(of: item2) } catch { throw fail(error.kind) }
            guard let ancestor = closestCommonAncestor(g1.owner, g2.owner) else {
                throw fail(.noCommonAncestor(c.firstItem.description, item2.description))
            }
            var g1 = g1
            // A scroll view's edges and margins, related to a view inside it, are its content area's.
            if let inner = try contentArea(of: g2, attribute: a2, other: g1, itemIsView: c.secondItem.map(isView) ?? false) { g2 = inner }
            if let inner = try contentArea(of: g1, attribute: a1, other: g2, itemIsView: isView(c.firstItem)) { g1 = inner }
            let e1 = try expression(a1, of: g1, direction: direction)
            let e2 = try expression(a2, of: g2, direction: direction)
            var e = LinearExpression()
            if a1.kind == .size {
                try e.add(e1)
                try e.add(e2, times: -c.multiplier)
            } else {
                guard a1.axis == a2.axis else { throw fail(.acrossAxes(a1, a2)) }
                if (a1.isDirectional && a2.isAbsoluteHorizontalEdge) || (a2.isDirectional && a1.isAbsoluteHorizontalEdge) {
                    throw fail(.directionalMixedWithAbsolute(a1, a2))
                }
                guard !c.multiplier.isZero else { throw fail(.locationEqualToConstant(a1)) }
                let origin = LinearExpression(a1.axis == .horizontal ? ancestor.x : ancestor.y)
                let mirrored = direction == .rightToLeft && (a1.isDirectional || a2.isDirectional)
                if mirrored {
                    // In the ancestor's mirrored space a position E reads X_G + W_G − E.
                    var far = origin
                    try far.add(ancestor.widthVariable, .one)
                    try e.add(far, times: try .one - c.multiplier)
                    try e.add(e1, times: -Rational.one)
                    try e.add(e2, times: c.multiplier)
                } else {
                    try e.add(e1)
                    try e.add(e2, times: -c.multiplier)
                    try e.add(origin, times: try c.multiplier - .one)
                }
            }
            try e.add(constant: -c.constant)
            return LinearConstraint(e, c.relation, priority: c.priority, label: c.description)
        } catch let error as LayoutError {
            throw error
        } catch let error as NumberError {
            throw fail(.number(error))
        } catch {
            throw fail(.unsupported("\(error)"))
        }
    }
}
