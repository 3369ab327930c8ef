import PlumbSystem

/// Where Masonry and SnapKit give the same code different meanings. Masonry is the default.
public enum Dialect: String, Hashable, Sendable, CaseIterable {
    case masonry
    case snapkit

    /// The attributes a chain names, in emission order: Masonry keeps call order and duplicates
    /// (composites in `NSLayoutAttribute` order); SnapKit collapses them into a set emitted in bit order.
    func expand(_ selectors: [AttributeSelector]) -> [LayoutAttribute] {
        switch self {
        case .masonry:
            return selectors.flatMap { selector -> [LayoutAttribute] in
                switch selector {
                case .single(let attribute): [attribute]
                case .composite(let composite): composite.members.sorted { $0.masonryOrder < $1.masonryOrder }
                }
            }
        case .snapkit:
            var set = Set<LayoutAttribute>()
            for selector in selectors {
                switch selector {
                case .single(let attribute): set.insert(attribute)
                case .composite(let composite): set.formUnion(composite.members)
                }
            }
            return set.sorted()
        }
    }

    /// The attribute of the superview a bare constant on `attribute` is relative to:
    /// Masonry the same attribute; SnapKit the left or top edge for centerX or centerY.
    func superviewAttribute(forConstantOn attribute: LayoutAttribute) -> LayoutAttribute {
        guard self == .snapkit else { return attribute }
        switch attribute {
        case .centerX: return .left
        case .centerY: return .top
        default: return attribute
        }
    }

    /// The constant a sequence of modifiers gives a constraint.
    ///
    /// Masonry folds every modifier over the first attribute, leaving the constant unchanged where a modifier
    /// does not apply. SnapKit takes the last modifier as the constant target and reads it for the second
    /// attribute (the first when there is none), with `direction` for leading/trailing insets.
    func constant(from modifiers: [ConstantValue], first: LayoutAttribute, second: LayoutAttribute?,
                  startingAt initial: Rational = .zero, direction: LayoutDirection) throws(NumberError) -> Rational {
        switch self {
        case .masonry:
            var constant = initial
            for modifier in modifiers {
                if let value = try Dialect.masonryConstant(modifier, for: first) { constant = value }
            }
            return constant
        case .snapkit:
            guard let last = modifiers.last else { return initial }
            return try Dialect.snapKitConstant(last, for: second ?? first, direction: direction)
        }
    }

    /// Masonry's setters, keyed on the first attribute; nil leaves the constant unchanged.
    static func masonryConstant(_ value: ConstantValue, for attribute: LayoutAttribute) throws(NumberError) -> Rational? {
        switch value {
        case .number(let c):
            return c
        case .insets(let e):
            switch attribute {
            case .left, .leading: return e.left
            case .right, .trailing: return -e.right
            case .top: return e.top
            case .bottom: return -e.bottom
            default: return nil
            }
        case .directionalInsets(let d):
            // Masonry has no directional insets; read them as their left-to-right edge insets.
            return try masonryConstant(.insets(EdgeInsets(top: d.top, left: d.leading, bottom: d.bottom, right: d.trailing)), for: attribute)
        case .size(let s):
            switch attribute {
            case .width: return s.width
            case .height: return s.height
            default: return nil
            }
        case .point(let p):
            switch attribute {
            case .centerX: return p.x
            case .centerY: return p.y
            default: return nil
            }
        }
    }

    /// SnapKit's `ConstraintConstantTarget` read for the target attribute.
    static func snapKitConstant(_ value: ConstantValue, for attribute: LayoutAttribute,
                                direction: LayoutDirection) throws(NumberError) -> Rational {
        switch value {
        case .number(let v):
            return v
        case .point(let p):
            switch attribute {
            case .width, .height: return .zero
            case .top, .bottom, .topMargin, .bottomMargin, .centerY, .centerYWithinMargins, .firstBaseline, .lastBaseline:
                return p.y
            default:
                return p.x
            }
        case .size(let s):
            switch attribute {
            case .width: return s.width
            case .height: return s.height
            default: return .zero
            }
        case .insets(let e):
            let rtl = direction == .rightToLeft
            switch attribute {
            case .left, .leftMargin: return e.left
            case .right, .rightMargin: return -e.right
            case .top, .topMargin, .firstBaseline: return e.top
            case .bottom, .bottomMargin, .lastBaseline: return -e.bottom
            case .leading, .leadingMargin: return rtl ? e.right : e.left
            case .trailing, .trailingMargin: return rtl ? -e.left : -e.right
            case .centerX, .centerXWithinMargins: return try (e.left - e.right) / Rational(2)
            case .centerY, .centerYWithinMargins: return try (e.top - e.bottom) / Rational(2)
            case .width: return try -(e.left + e.right)
            case .height: return try -(e.top + e.bottom)
            }
        case .directionalInsets(let d):
            let rtl = direction == .rightToLeft
            switch attribute {
            case .left, .leftMargin: return rtl ? d.trailing : d.leading
            case .right, .rightMargin: return rtl ? -d.leading : -d.trailing
            case .top, .topMargin, .firstBaseline: return d.top
            case .bottom, .bottomMargin, .lastBaseline: return -d.bottom
            case .leading, .leadingMargin: return d.leading
            case .trailing, .trailingMargin: return -d.trailing
            case .centerX, .centerXWithinMargins: return try (d.leading - d.trailing) / Rational(2)
            case .centerY, .centerYWithinMargins: return try (d.top - d.bottom) / Rational(2)
            case .width: return try -(d.leading + d.trailing)
            case .height: return try -(d.top + d.bottom)
            }
        }
    }
}
