import PlumbSystem
import PlumbFrontEnd

/// The names the chain parser knows: attributes, relations, modifiers, priorities and Masonry's attribute masks.
package enum ChainNames {
    /// Maker-side and target-side attribute names; `baseline` is Masonry's alias of `lastBaseline`.
    static let singleAttributes: [String: LayoutAttribute] = {
        var table: [String: LayoutAttribute] = [:]
        for attribute in LayoutAttribute.allCases { table[attribute.rawValue] = attribute }
        table["baseline"] = .lastBaseline
        return table
    }()

    static let compositeAttributes: [String: CompositeAttribute] = {
        var table: [String: CompositeAttribute] = [:]
        for composite in CompositeAttribute.allCases { table[composite.rawValue] = composite }
        return table
    }()

    static func selector(_ name: String) -> AttributeSelector? {
        if let single = singleAttributes[name] { return .single(single) }
        if let composite = compositeAttributes[name] { return .composite(composite) }
        return nil
    }

    static let relations: [String: Relation] = [
        "equalTo": .equal, "mas_equalTo": .equal,
        "greaterThanOrEqualTo": .greaterOrEqual, "mas_greaterThanOrEqualTo": .greaterOrEqual,
        "lessThanOrEqualTo": .lessOrEqual, "mas_lessThanOrEqualTo": .lessOrEqual,
    ]

    /// SnapKit's relations to the receiver's superview; they take no argument.
    static let superviewRelations: [String: Relation] = [
        "equalToSuperview": .equal,
        "greaterThanOrEqualToSuperview": .greaterOrEqual,
        "lessThanOrEqualToSuperview": .lessOrEqual,
    ]

    static let fillers: Set<String> = ["with", "and"]

    static let modifiers: Set<String> = [
        "offset", "mas_offset", "valueOffset", "inset", "insets", "sizeOffset", "centerOffset",
        "multipliedBy", "dividedBy", "priority", "priorityRequired", "priorityHigh", "priorityMedium", "priorityLow",
        "key", "labeled",
    ]

    /// Masonry's and SnapKit's no-argument priority shorthands.
    static let priorityMethods: [String: Priority] = [
        "priorityRequired": .required, "priorityHigh": .high, "priorityMedium": .medium, "priorityLow": .low,
    ]

    /// Global priority names, allowed only inside `priority(...)`.
    static let priorityConstants: [String: Rational] = [
        "MASLayoutPriorityRequired": 1000, "MASLayoutPriorityDefaultHigh": 750,
        "MASLayoutPriorityDefaultMedium": 500, "MASLayoutPriorityDefaultLow": 250,
        "MASLayoutPriorityFittingSizeLevel": 50,
        "UILayoutPriorityRequired": 1000, "UILayoutPriorityDefaultHigh": 750,
        "UILayoutPriorityDefaultLow": 250, "UILayoutPriorityFittingSizeLevel": 50,
    ]

    /// `.high`, `UILayoutPriority.defaultHigh`, `ConstraintPriority.medium`, ...
    static let priorityMembers: [String: Rational] = [
        "required": 1000, "high": 750, "medium": 500, "low": 250,
        "defaultHigh": 750, "defaultLow": 250, "fittingSizeLevel": 50,
    ]

    /// Types whose initializer or static members give a priority.
    static let priorityTypes: Set<String> = ["UILayoutPriority", "NSLayoutPriority", "ConstraintPriority"]

    /// `(CGFloat)x` and `CGFloat(x)`: the value is kept exactly.
    static let numberTypes: Set<String> = ["CGFloat", "Float", "Double", "float", "double", "Int", "NSInteger",
                                           "NSUInteger", "int", "CGFloatValue"]

    /// Functions of numbers the text computes exactly: the larger (true) or smaller (false) of their arguments.
    static let extremeFunctions: [String: Bool] = [
        "MAX": true, "max": true, "fmax": true, "fmaxf": true,
        "MIN": false, "min": false, "fmin": false, "fminf": false,
    ]

    /// Endings of names apps give their views (`headerView`, `titleLabel`, `doneBtn`): a bare unknown name so
    /// named, as a relation's argument, is taken for an undeclared view rather than a value.
    static let viewNameEndings = ["view", "label", "lbl", "button", "btn", "field", "image", "img", "bar", "cell",
                                  "container", "stack", "line", "separator", "icon", "avatar", "badge", "switch",
                                  "slider", "indicator", "control", "guide", "banner", "header", "footer", "card",
                                  "picker", "spinner", "layer", "box", "panel", "wrapper", "bg", "background"]

    /// A name spelled as C code spells constants: `kBarHeight`, `kHeightNavigationCustomView` (`k` then a capital).
    package static func isConstantName(_ name: String) -> Bool {
        let chars = Array(name)
        return chars.count > 2 && chars[0] == "k" && chars[1].isUppercase
    }

    package static func looksLikeView(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return viewNameEndings.contains { lowered.hasSuffix($0) }
    }

    /// The zero constants of the C API.
    static let zeroConstants: [String: ChainValue] = [
        "CGPointZero": .point(.zero), "CGSizeZero": .size(.zero),
        "UIEdgeInsetsZero": .insets(.zero), "NSEdgeInsetsZero": .insets(.zero),
        "NSDirectionalEdgeInsetsZero": .directionalInsets(.zero),
    ]

    enum StructKind: Sendable {
        case point, size, insets, directionalInsets

        func value(_ c: [Rational]) -> ChainValue? {
            switch self {
            case .point:
                guard c.count == 2 else { return nil }
                return .point(Point(x: c[0], y: c[1]))
            case .size:
                guard c.count == 2 else { return nil }
                return .size(Size(width: c[0], height: c[1]))
            case .insets:
                guard c.count == 4 else { return nil }
                return .insets(EdgeInsets(top: c[0], left: c[1], bottom: c[2], right: c[3]))
            case .directionalInsets:
                guard c.count == 4 else { return nil }
                return .directionalInsets(DirectionalEdgeInsets(top: c[0], leading: c[1], bottom: c[2], trailing: c[3]))
            }
        }

        var zero: ChainValue {
            switch self {
            case .point: .point(.zero)
            case .size: .size(.zero)
            case .insets: .insets(.zero)
            case .directionalInsets: .directionalInsets(.zero)
            }
        }

        var labels: [String] {
            switch self {
            case .point: ["x", "y"]
            case .size: ["width", "height"]
            case .insets: ["top", "left", "bottom", "right"]
            case .directionalInsets: ["top", "leading", "bottom", "trailing"]
            }
        }
    }

    /// C constructors, positional arguments: `CGPointMake(x, y)`.
    static let makeFunctions: [String: StructKind] = [
        "CGPointMake": .point, "CGSizeMake": .size, "UIEdgeInsetsMake": .insets, "NSEdgeInsetsMake": .insets,
        "NSDirectionalEdgeInsetsMake": .directionalInsets,
    ]

    /// Swift initializers with labels (`CGPoint(x:y:)`) and a static `.zero`; SnapKit's typealiases included.
    static let structTypes: [String: StructKind] = [
        "CGPoint": .point, "CGSize": .size, "UIEdgeInsets": .insets, "NSEdgeInsets": .insets,
        "ConstraintInsets": .insets, "NSDirectionalEdgeInsets": .directionalInsets,
        "ConstraintDirectionalInsets": .directionalInsets, "MASEdgeInsets": .insets,
    ]

    /// `MASAttributeLeft` ... as `NSLayoutAttribute` raw values (the mask bit); Baseline and LastBaseline share bit 11.
    static let masonryMaskBits: [String: Int] = [
        "MASAttributeLeft": 1, "MASAttributeRight": 2, "MASAttributeTop": 3, "MASAttributeBottom": 4,
        "MASAttributeLeading": 5, "MASAttributeTrailing": 6, "MASAttributeWidth": 7, "MASAttributeHeight": 8,
        "MASAttributeCenterX": 9, "MASAttributeCenterY": 10, "MASAttributeBaseline": 11,
        "MASAttributeLastBaseline": 11, "MASAttributeFirstBaseline": 12,
        "MASAttributeLeftMargin": 13, "MASAttributeRightMargin": 14, "MASAttributeTopMargin": 15,
        "MASAttributeBottomMargin": 16, "MASAttributeLeadingMargin": 17, "MASAttributeTrailingMargin": 18,
        "MASAttributeCenterXWithinMargins": 19, "MASAttributeCenterYWithinMargins": 20,
    ]

    /// The order `-[MASConstraintMaker addConstraintWithAttributes:]` tests the bits in. Bit 11 is tested twice
    /// (as `MASAttributeBaseline`, then after FirstBaseline as `MASAttributeLastBaseline`), so it yields two children.
    static let masonryMaskOrder: [(bit: Int, attribute: LayoutAttribute)] = [
        (1, .left), (2, .right), (3, .top), (4, .bottom), (5, .leading), (6, .trailing), (7, .width), (8, .height),
        (9, .centerX), (10, .centerY), (11, .lastBaseline), (12, .firstBaseline), (11, .lastBaseline),
        (13, .leftMargin), (14, .rightMargin), (15, .topMargin), (16, .bottomMargin), (17, .leadingMargin),
        (18, .trailingMargin), (19, .centerXWithinMargins), (20, .centerYWithinMargins),
    ]

    /// `NSLayoutAttributeTop` ... for `v.mas_attribute(...)`.
    static let nsLayoutAttributes: [String: LayoutAttribute] = {
        var table: [String: LayoutAttribute] = [:]
        for attribute in LayoutAttribute.allCases {
            let name = attribute.rawValue
            table["NSLayoutAttribute" + name.prefix(1).uppercased() + name.dropFirst()] = attribute
        }
        table["NSLayoutAttributeBaseline"] = .lastBaseline
        return table
    }()

    /// `mas_safeAreaLayoutGuide` and its suffixed forms (`mas_safeAreaLayoutGuideTop`, ...).
    static func safeAreaSuffix(_ member: String) -> LayoutAttribute?? {
        let prefix = "mas_safeAreaLayoutGuide"
        guard member.hasPrefix(prefix) else { return nil }
        let suffix = member.dropFirst(prefix.count)
        if suffix.isEmpty { return .some(nil) }
        let table: [Substring: LayoutAttribute] = [
            "Top": .top, "Bottom": .bottom, "Left": .left, "Right": .right, "Leading": .leading,
            "Trailing": .trailing, "Width": .width, "Height": .height, "CenterX": .centerX, "CenterY": .centerY,
        ]
        guard let attribute = table[suffix] else { return nil }
        return .some(attribute)
    }

    /// Masonry's view-controller guides: `self.mas_topLayoutGuide` is the top guide's bottom.
    static let masonryLegacyGuides: [String: (ItemReference, LayoutAttribute)] = [
        "mas_topLayoutGuide": (.topLayoutGuide, .bottom),
        "mas_topLayoutGuideTop": (.topLayoutGuide, .top),
        "mas_topLayoutGuideBottom": (.topLayoutGuide, .bottom),
        "mas_bottomLayoutGuide": (.bottomLayoutGuide, .top),
        "mas_bottomLayoutGuideTop": (.bottomLayoutGuide, .top),
        "mas_bottomLayoutGuideBottom": (.bottomLayoutGuide, .bottom),
    ]

    /// Every member name a chain may call, for "did you mean" suggestions.
    static let chainMembers: [String] = {
        var names = Array(singleAttributes.keys) + Array(compositeAttributes.keys)
        names += Array(relations.keys) + Array(superviewRelations.keys) + Array(fillers) + Array(modifiers)
        names += ["attributes", "constraint"]
        return names.sorted()
    }()

    /// The closest name within a small edit distance, if any.
    static func suggestion(for name: String, among candidates: [String]) -> String? {
        let lowered = Array(name.lowercased())
        var best: (String, Int)?
        for candidate in candidates {
            let d = editDistance(lowered, Array(candidate.lowercased()))
            let limit = max(1, min(3, candidate.count / 3))
            if d <= limit, best.map({ d < $0.1 }) ?? true { best = (candidate, d) }
        }
        return best?.0
    }

    /// Edits between two names: insertions, deletions, substitutions and swaps of two neighbours (`heigth` is one
    /// swap from `height`), each counted once.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        if a.count > 64 || b.count > 64 { return max(a.count, b.count) }
        var beforePrevious = Array(repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
