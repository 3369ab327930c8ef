import PlumbSystem

/// The chain being built by one `make.…` expression.
final class ChainBox {
    var chain: ConstraintChain
    /// Filled in once the block's constraints are installed.
    let reference = ConstraintReference()
    init(_ chain: ConstraintChain) { self.chain = chain }
}

/// The `make` of `view.makeConstraints { make in … }`: each attribute starts a new chain.
public final class ConstraintMaker {
    var boxes: [ChainBox] = []
    let location: SourceLocation

    init(location: SourceLocation) { self.location = location }

    func start<Kind>(_ selector: AttributeSelector) -> AttributeChain<Kind> {
        let box = ChainBox(ConstraintChain(attributes: [selector], location: location))
        boxes.append(box)
        return AttributeChain(box: box)
    }

    public var left: AttributeChain<Horizontal> { start(.single(.left)) }
    public var right: AttributeChain<Horizontal> { start(.single(.right)) }
    public var leading: AttributeChain<Horizontal> { start(.single(.leading)) }
    public var trailing: AttributeChain<Horizontal> { start(.single(.trailing)) }
    public var centerX: AttributeChain<Horizontal> { start(.single(.centerX)) }
    public var leftMargin: AttributeChain<Horizontal> { start(.single(.leftMargin)) }
    public var rightMargin: AttributeChain<Horizontal> { start(.single(.rightMargin)) }
    public var leadingMargin: AttributeChain<Horizontal> { start(.single(.leadingMargin)) }
    public var trailingMargin: AttributeChain<Horizontal> { start(.single(.trailingMargin)) }
    public var centerXWithinMargins: AttributeChain<Horizontal> { start(.single(.centerXWithinMargins)) }
    public var horizontalEdges: AttributeChain<Horizontal> { start(.composite(.horizontalEdges)) }
    public var directionalHorizontalEdges: AttributeChain<Horizontal> { start(.composite(.directionalHorizontalEdges)) }
    public var top: AttributeChain<Vertical> { start(.single(.top)) }
    public var bottom: AttributeChain<Vertical> { start(.single(.bottom)) }
    public var centerY: AttributeChain<Vertical> { start(.single(.centerY)) }
    public var baseline: AttributeChain<Vertical> { start(.single(.lastBaseline)) }
    public var lastBaseline: AttributeChain<Vertical> { start(.single(.lastBaseline)) }
    public var firstBaseline: AttributeChain<Vertical> { start(.single(.firstBaseline)) }
    public var topMargin: AttributeChain<Vertical> { start(.single(.topMargin)) }
    public var bottomMargin: AttributeChain<Vertical> { start(.single(.bottomMargin)) }
    public var centerYWithinMargins: AttributeChain<Vertical> { start(.single(.centerYWithinMargins)) }
    public var verticalEdges: AttributeChain<Vertical> { start(.composite(.verticalEdges)) }
    public var directionalVerticalEdges: AttributeChain<Vertical> { start(.composite(.directionalVerticalEdges)) }
    public var width: AttributeChain<Dimension> { start(.single(.width)) }
    public var height: AttributeChain<Dimension> { start(.single(.height)) }
    public var size: AttributeChain<Dimension> { start(.composite(.size)) }
    public var edges: AttributeChain<Mixed> { start(.composite(.edges)) }
    public var center: AttributeChain<Mixed> { start(.composite(.center)) }
    public var margins: AttributeChain<Mixed> { start(.composite(.margins)) }
    public var directionalEdges: AttributeChain<Mixed> { start(.composite(.directionalEdges)) }
    public var directionalMargins: AttributeChain<Mixed> { start(.composite(.directionalMargins)) }
    public var centerWithinMargins: AttributeChain<Mixed> { start(.composite(.centerWithinMargins)) }
}

/// What a chain's attributes are, so that the compiler rejects relating an x-axis location to a y-axis one
/// or a location to a size. Adding an attribute of another kind gives `Mixed`.
public protocol ChainKind {
    associatedtype AddingHorizontal: ChainKind
    associatedtype AddingVertical: ChainKind
    associatedtype AddingDimension: ChainKind
}
/// Only horizontal locations (left, leading, centerX, …).
public enum Horizontal: ChainKind {
    public typealias AddingHorizontal = Horizontal
    public typealias AddingVertical = Mixed
    public typealias AddingDimension = Mixed
}
/// Only vertical locations (top, baseline, centerY, …).
public enum Vertical: ChainKind {
    public typealias AddingHorizontal = Mixed
    public typealias AddingVertical = Vertical
    public typealias AddingDimension = Mixed
}
/// Only sizes (width, height).
public enum Dimension: ChainKind {
    public typealias AddingHorizontal = Mixed
    public typealias AddingVertical = Mixed
    public typealias AddingDimension = Dimension
}
/// Several kinds (edges, center, left.top): relates to a whole item, a value or insets, never to one anchor.
public enum Mixed: ChainKind {
    public typealias AddingHorizontal = Mixed
    public typealias AddingVertical = Mixed
    public typealias AddingDimension = Mixed
}

/// Attributes chained so far (`make.left.right`); next, more attributes or a relation.
public struct AttributeChain<Kind: ChainKind> {
    let box: ChainBox

    func adding<K>(_ selector: AttributeSelector) -> AttributeChain<K> {
        box.chain.attributes.append(selector)
        return AttributeChain<K>(box: box)
    }

    /// Filler words with no effect (`make.top.and.left`).
    public var and: AttributeChain<Kind> { self }
    public var with: AttributeChain<Kind> { self }

    public var left: AttributeChain<Kind.AddingHorizontal> { adding(.single(.left)) }
    public var right: AttributeChain<Kind.AddingHorizontal> { adding(.single(.right)) }
    public var leading: AttributeChain<Kind.AddingHorizontal> { adding(.single(.leading)) }
    public var trailing: AttributeChain<Kind.AddingHorizontal> { adding(.single(.trailing)) }
    public var centerX: AttributeChain<Kind.AddingHorizontal> { adding(.single(.centerX)) }
    public var leftMargin: AttributeChain<Kind.AddingHorizontal> { adding(.single(.leftMargin)) }
    public var rightMargin: AttributeChain<Kind.AddingHorizontal> { adding(.single(.rightMargin)) }
    public var leadingMargin: AttributeChain<Kind.AddingHorizontal> { adding(.single(.leadingMargin)) }
    public var trailingMargin: AttributeChain<Kind.AddingHorizontal> { adding(.single(.trailingMargin)) }
    public var centerXWithinMargins: AttributeChain<Kind.AddingHorizontal> { adding(.single(.centerXWithinMargins)) }
    public var top: AttributeChain<Kind.AddingVertical> { adding(.single(.top)) }
    public var bottom: AttributeChain<Kind.AddingVertical> { adding(.single(.bottom)) }
    public var centerY: AttributeChain<Kind.AddingVertical> { adding(.single(.centerY)) }
    public var baseline: AttributeChain<Kind.AddingVertical> { adding(.single(.lastBaseline)) }
    public var lastBaseline: AttributeChain<Kind.AddingVertical> { adding(.single(.lastBaseline)) }
    public var firstBaseline: AttributeChain<Kind.AddingVertical> { adding(.single(.firstBaseline)) }
    public var topMargin: AttributeChain<Kind.AddingVertical> { adding(.single(.topMargin)) }
    public var bottomMargin: AttributeChain<Kind.AddingVertical> { adding(.single(.bottomMargin)) }
    public var centerYWithinMargins: AttributeChain<Kind.AddingVertical> { adding(.single(.centerYWithinMargins)) }
    public var width: AttributeChain<Kind.AddingDimension> { adding(.single(.width)) }
    public var height: AttributeChain<Kind.AddingDimension> { adding(.single(.height)) }

    func relate(_ relation: Relation, _ target: ConstraintTarget?, file: String, line: Int) -> ConstraintEditable {
        box.chain.relation = relation
        box.chain.target = target
        box.chain.modifiersBeforeRelation = box.chain.constantModifiers.count
        box.chain.location = SourceLocation(file: file, line: line)
        return ConstraintEditable(box: box)
    }
}
