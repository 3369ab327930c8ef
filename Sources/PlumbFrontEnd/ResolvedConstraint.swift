import PlumbSystem

/// An item after lookup: a view, or a guide owned by a view.
public enum ResolvedItem: Hashable, Sendable, CustomStringConvertible {
    case view(String)
    /// The safe-area guide of a view.
    case safeArea(String)
    /// The root's legacy top layout guide.
    case topLayoutGuide
    /// The root's legacy bottom layout guide.
    case bottomLayoutGuide

    public var description: String {
        switch self {
        case .view(let id): id
        case .safeArea(let id): "\(id).safeAreaLayoutGuide"
        case .topLayoutGuide: "topLayoutGuide"
        case .bottomLayoutGuide: "bottomLayoutGuide"
        }
    }
}

/// One constraint in `NSLayoutConstraint` form: `item1.attr1 REL m × item2.attr2 + c @ priority`.
public struct ResolvedConstraint: Hashable, Sendable, CustomStringConvertible {
    public let firstItem: ResolvedItem
    public let firstAttribute: LayoutAttribute
    public let relation: Relation
    /// Nil for a constant size (`width == 100`).
    public let secondItem: ResolvedItem?
    public let secondAttribute: LayoutAttribute?
    public let multiplier: Rational
    public let constant: Rational
    public let priority: Priority
    /// Masonry key or SnapKit label (`ConflictingConstraint[0]`).
    public let key: String?
    public let location: SourceLocation?

    public init(firstItem: ResolvedItem, firstAttribute: LayoutAttribute, relation: Relation,
                secondItem: ResolvedItem?, secondAttribute: LayoutAttribute?, multiplier: Rational = .one,
                constant: Rational = .zero, priority: Priority = .required, key: String? = nil,
                location: SourceLocation? = nil) {
        self.firstItem = firstItem
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.secondItem = secondItem
        self.secondAttribute = secondAttribute
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
        self.key = key
        self.location = location
    }

    /// The same constraint with another constant.
    public func withConstant(_ constant: Rational) -> ResolvedConstraint {
        ResolvedConstraint(firstItem: firstItem, firstAttribute: firstAttribute, relation: relation,
                           secondItem: secondItem, secondAttribute: secondAttribute, multiplier: multiplier,
                           constant: constant, priority: priority, key: key, location: location)
    }

    /// Whether Masonry's update would treat `other` as this constraint: same items, attributes,
    /// relation, multiplier and priority (the constant may differ).
    public func matchesForUpdate(_ other: ResolvedConstraint) -> Bool {
        firstItem == other.firstItem && firstAttribute == other.firstAttribute && relation == other.relation
            && secondItem == other.secondItem && secondAttribute == other.secondAttribute
            && multiplier == other.multiplier && priority == other.priority
    }

    /// Masonry's debug form: `blue.height >= 5000 ^low [ConstantConstraint]`.
    public var description: String {
        var text = "\(firstItem).\(firstAttribute.displayName) \(relation.rawValue)"
        if let secondItem {
            text += " \(secondItem)"
            if let secondAttribute { text += ".\(secondAttribute.displayName)" }
            if multiplier != .one { text += " * \(multiplier)" }
            if constant.signum > 0 { text += " + \(constant)" }
            if constant.signum < 0 { text += " - \(-constant)" }
        } else {
            text += " \(constant)"
        }
        if !priority.isRequired { text += " ^\(ResolvedConstraint.priorityName(priority))" }
        if let key { text += " [\(key)]" }
        return text
    }

    static func priorityName(_ priority: Priority) -> String {
        switch priority {
        case .high: "high"
        case .medium: "medium"
        case .low: "low"
        case .fittingSize: "fitting size"
        default: priority.description
        }
    }
}
