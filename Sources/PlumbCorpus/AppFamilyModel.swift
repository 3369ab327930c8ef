import PlumbSystem
import PlumbFrontEnd
import PlumbText

// The app family's layouts before they are written as text: views with their ground-truth frames, source
// files, blocks and chains. `AppLayoutGenerator` builds them, `AppLayoutWriter` spells them.

/// A chain's attribute: one attribute or one composite, as app code writes them.
enum AppAttribute: Hashable, Sendable, CaseIterable {
    case top, left, bottom, height, leading, trailing, width, right, centerY, edges, centerX, size, center

    /// The attributes the chain lowers to (one row each).
    var members: [LayoutAttribute] {
        switch self {
        case .top: [.top]
        case .left: [.left]
        case .bottom: [.bottom]
        case .height: [.height]
        case .leading: [.leading]
        case .trailing: [.trailing]
        case .width: [.width]
        case .right: [.right]
        case .centerY: [.centerY]
        case .centerX: [.centerX]
        case .edges: [.left, .right, .top, .bottom]
        case .size: [.width, .height]
        case .center: [.centerX, .centerY]
        }
    }

    /// One bit per edge or size the chain names, leading read as left and trailing as right: a block names each
    /// once while it can.
    var edgeMask: UInt16 {
        switch self {
        case .top: 1 << 0
        case .left, .leading: 1 << 1
        case .bottom: 1 << 2
        case .height: 1 << 3
        case .trailing, .right: 1 << 4
        case .width: 1 << 5
        case .centerY: 1 << 6
        case .centerX: 1 << 7
        case .edges: 1 << 0 | 1 << 1 | 1 << 2 | 1 << 4
        case .size: 1 << 3 | 1 << 5
        case .center: 1 << 6 | 1 << 7
        }
    }

    /// The single attribute, nil for a composite.
    var single: LayoutAttribute? { isComposite ? nil : members[0] }
    var isComposite: Bool { self == .edges || self == .size || self == .center }

    /// The name after `make.`.
    var name: String {
        switch self {
        case .edges: "edges"
        case .size: "size"
        case .center: "center"
        default: members[0].rawValue
        }
    }
}

/// A chain's priority: required (written or not) or a lower value.
enum AppPriority: Hashable, Sendable {
    /// No priority written: 1000.
    case requiredUnwritten
    /// `priority(1000)` or its shorthand, written out.
    case requiredWritten
    case value(Int)

    var isRequired: Bool {
        if case .value = self { return false }
        return true
    }
}

/// What a chain relates its receiver to.
enum AppTargetKind: Hashable, Sendable, CaseIterable {
    /// `equalTo(other)`: an earlier view, same attribute.
    case view
    /// `equalTo(other.mas_bottom)`: an earlier view's attribute of the same axis and kind.
    case anchor
    /// `equalTo(superview)` / `equalToSuperview()`.
    case superview
    /// A number real code computes, written as its value (`@(187.5)`, `CGFloat(187.5)`).
    case computed
    /// A literal number (`@44`, `44`).
    case number
    /// The superview's safe-area guide (`card.mas_safeAreaLayoutGuideTop`, `card.safeAreaLayoutGuide.snp.top`).
    case safeArea
}

/// The constant modifier a chain writes (at most one).
enum AppModifierKind: Hashable, Sendable, CaseIterable { case none, offset, inset, insets }

/// What a chain's constant is, for the shares: none written or 0, an integer, a fraction.
enum AppConstantClass: Hashable, Sendable, CaseIterable { case zero, integer, fraction }

/// What a view is; decides its name, intrinsic size and natural frame.
enum AppViewRole: Hashable, Sendable, CaseIterable {
    case container, label, button, image, separator

    /// Names app code gives such views (a number is appended to keep ids unique).
    var baseNames: [String] {
        switch self {
        case .container: ["containerView", "cardView", "headerView", "bubbleView", "footerView", "stackView", "bgView"]
        case .label: ["titleLabel", "subtitleLabel", "nameLabel", "timeLabel", "detailLabel", "countLabel", "tipLabel"]
        case .button: ["actionButton", "moreButton", "closeButton", "likeButton", "confirmButton"]
        case .image: ["avatarImageView", "iconView", "thumbImageView", "arrowView", "coverImageView"]
        case .separator: ["lineView", "separatorView", "dividerView"]
        }
    }
}

/// Whose code a source file is; decides the root's size and how the root is named (`self.view` or `self`).
enum AppFileKind: Hashable, Sendable {
    case controller, cell, customView

    /// The type the file's comment names.
    var typeName: String {
        switch self {
        case .controller: "ViewController"
        case .cell: "Cell"
        case .customView: "View"
        }
    }
}

/// Insets of a guide or an `insets(...)` modifier.
struct AppInsets: Hashable, Sendable {
    var top: Rational, left: Rational, bottom: Rational, right: Rational
    static let zero = AppInsets(top: .zero, left: .zero, bottom: .zero, right: .zero)
}

/// A frame in root coordinates, exact.
struct AppFrame: Hashable {
    var x: Rational, y: Rational, width: Rational, height: Rational

    /// Position and size along an axis.
    func position(_ axis: LayoutAttribute.Axis) -> Rational { axis == .horizontal ? x : y }
    func size(_ axis: LayoutAttribute.Axis) -> Rational { axis == .horizontal ? width : height }

    /// The value of an attribute under left-to-right (the family's roots are left-to-right).
    func value(of attribute: LayoutAttribute) -> Rational {
        let (a, b) = AppAxisEquation.coefficients(of: attribute)
        let axis = attribute.axis
        return sum(product(a, position(axis)), product(b, size(axis)))
    }

    /// The frame inset by `insets` (a safe-area guide).
    func inset(by insets: AppInsets) -> AppFrame {
        AppFrame(x: sum(x, insets.left), y: sum(y, insets.top),
                 width: difference(width, sum(insets.left, insets.right)),
                 height: difference(height, sum(insets.top, insets.bottom)))
    }
}

/// A view of a generated layout: where it sits, what it is, and its ground-truth frame once placed.
struct AppView {
    let id: String
    /// Index of the superview in the plan's views; nil for the root.
    let parent: Int?
    /// Levels below the root (the root is at 0).
    let depth: Int
    let role: AppViewRole
    /// Intrinsic content size (labels, buttons, some images).
    let intrinsic: (width: Int, height: Int)?
    let hugging: (horizontal: Int, vertical: Int)
    let compression: (horizontal: Int, vertical: Int)
    /// Safe-area insets (the root of a controller's screen only).
    let safeArea: AppInsets
    /// The ground truth: a frame every required constraint holds at; set when the view's block is done.
    var frame: AppFrame?
}

/// A literal or computed value target.
enum AppValue: Hashable {
    case scalar(Rational)
    case size(width: Rational, height: Rational)
}

/// A chain's target, resolved to views of the plan.
enum AppTarget: Hashable {
    case view(Int)
    case anchor(Int, LayoutAttribute)
    case superview
    case safeArea
    case number(AppValue)
    case computed(AppValue)

    var kind: AppTargetKind {
        switch self {
        case .view: .view
        case .anchor: .anchor
        case .superview: .superview
        case .safeArea: .safeArea
        case .number: .number
        case .computed: .computed
        }
    }
}

/// The constant modifier a chain writes.
enum AppConstantModifier: Hashable {
    case none
    case offset(Rational)
    case inset(Rational)
    case insets(AppInsets)

    var kind: AppModifierKind {
        switch self {
        case .none: .none
        case .offset: .offset
        case .inset: .inset
        case .insets: .insets
        }
    }
}

/// One line of a block: `make.ATTRIBUTE.RELATION(TARGET)[.multipliedBy(M)][.MODIFIER(C)][.priority(P)]`.
struct AppChain {
    var attribute: AppAttribute
    var relation: Relation
    var target: AppTarget
    var modifier: AppConstantModifier = .none
    var multiplier: Rational?
    var priority: AppPriority = .requiredUnwritten
    /// Masonry's `with` filler before the modifier.
    var withFiller = false
    /// The other common spelling of a number or priority (`mas_equalTo(44)` for `equalTo(@44)`,
    /// `priorityLow()` for `priority(250)`, SnapKit's `.priority(.low)`).
    var alternateSpelling = false
}

/// One `make` block: a new receiver and its chains.
struct AppBlock {
    let receiver: Int
    var chains: [AppChain]
}

/// One source file's worth of code: a host view (the root or a container of an earlier file), the views the
/// file creates (each the receiver of one block) in creation order.
struct AppSourceFile {
    let kind: AppFileKind
    let host: Int
    var blocks: [AppBlock] = []
}

/// A whole generated layout before it is written: the root, every view with its ground truth, the files.
struct AppLayoutPlan {
    let name: String
    let dialect: Dialect
    /// How the root is named in code: a controller's `self.view`, a view's or cell's `self`.
    let rootKind: AppFileKind
    /// Views in creation order; index 0 is the root.
    var views: [AppView]
    var files: [AppSourceFile] = []
}
