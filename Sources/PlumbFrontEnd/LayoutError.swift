import PlumbSystem

/// A constraint or layout operation that Auto Layout (or the DSL) would reject, with where it was written.
public struct LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Hashable, Sendable {
        /// The two items share no ancestor (different trees, or a view not in the hierarchy).
        case noCommonAncestor(String, String)
        /// A constant on a location, or `equalToSuperview()`, for a view without a superview.
        case missingSuperview(String)
        /// A location attribute related to a size attribute.
        case locationToSize(LayoutAttribute, LayoutAttribute)
        /// An x-axis attribute related to a y-axis one.
        case acrossAxes(LayoutAttribute, LayoutAttribute)
        /// leading/trailing related to left/right.
        case directionalMixedWithAbsolute(LayoutAttribute, LayoutAttribute)
        /// A location with no second item, or with multiplier 0.
        case locationEqualToConstant(LayoutAttribute)
        /// `dividedBy(0)`.
        case divisionByZero
        /// A number that cannot be kept exactly, or arithmetic that left the representable range.
        case number(NumberError)
        /// A priority outside (0, 1000].
        case priorityOutOfRange(Priority)
        /// A view id that the tree does not have.
        case unknownView(String)
        /// A view id used twice.
        case duplicateView(String)
        /// A parent that would make a view its own ancestor.
        case cyclicParent(String)
        /// A target this dialect does not accept (Masonry arrays in SnapKit, a composite target in Masonry...).
        case unsupportedTarget(String)
        /// SnapKit: a multi-attribute target whose attributes differ from the maker's.
        case nonIdenticalMultiAttributeTarget
        /// SnapKit: update found no constraint to change.
        case updateWithoutMatch
        /// Distribution needs at least two views.
        case tooFewViewsToDistribute(Int)
        /// A chain that names no attribute.
        case noAttributes
        /// A constraint on a guide as its first item, or another use Plumb does not model.
        case unsupported(String)
    }

    public let kind: Kind
    /// The constraint as written or lowered, when there is one (`green.left == red.top`).
    public let constraint: String?
    /// Where it was written.
    public let location: SourceLocation?

    public init(_ kind: Kind, constraint: String? = nil, at location: SourceLocation? = nil) {
        self.kind = kind
        self.constraint = constraint
        self.location = location
    }

    public var message: String {
        switch kind {
        case .noCommonAncestor(let a, let b):
            return "'\(a.excerpt)' and '\(b.excerpt)' have no common ancestor: constraints can only relate views in the same hierarchy"
        case .missingSuperview(let v):
            return "'\(v.excerpt)' has no superview, so a constant on a location (or equalToSuperview) has nothing to be relative to"
        case .locationToSize(let a, let b):
            return "invalid pairing of layout attributes: \(a.displayName) is a \(a.kind == .location ? "location" : "size") "
                + "and \(b.displayName) a \(b.kind == .location ? "location" : "size")"
        case .acrossAxes(let a, let b):
            return "constraint improperly relates anchors of incompatible types: \(a.displayName) is on the \(a.axis.rawValue) axis and \(b.displayName) on the \(b.axis.rawValue) axis"
        case .directionalMixedWithAbsolute(let a, let b):
            return "a constraint cannot be made between a leading/trailing attribute and a right/left attribute (\(a.displayName), \(b.displayName)): use leading/trailing for both or neither"
        case .locationEqualToConstant(let a):
            return "a multiplier of 0 or a nil second item together with a location (\(a.displayName)) makes a location equal to a constant: location attributes must be specified in pairs"
        case .divisionByZero:
            return "dividedBy(0): the multiplier would be infinite"
        case .number(let e):
            return e.description
        case .priorityOutOfRange(let p):
            return "priority \(p) is out of range: priorities must be greater than 0 and at most 1000 (required)"
        case .unknownView(let v):
            return "unknown view '\(v.excerpt)'"
        case .duplicateView(let v):
            return "a view with id '\(v.excerpt)' already exists"
        case .cyclicParent(let v):
            return "'\(v.excerpt)' cannot be its own ancestor"
        case .unsupportedTarget(let what):
            return "unsupported target: \(what)"
        case .nonIdenticalMultiAttributeTarget:
            return "cannot constrain to multiple non-identical attributes: a multi-attribute target must name the maker's attributes (or edges ↔ margins)"
        case .updateWithoutMatch:
            return "updated constraint could not find an existing matching constraint to update (SnapKit dialect: use makeConstraints to add new constraints)"
        case .tooFewViewsToDistribute(let n):
            return "distribution needs at least two views, got \(n)"
        case .noAttributes:
            return "the chain names no attribute (write make.left..., make.edges...)"
        case .unsupported(let what):
            return what
        }
    }

    public var description: String {
        var text = location.map { "\($0): error: " } ?? "error: "
        text += message
        if let constraint { text += " [in `\(constraint)`]" }
        return text
    }
}
