import PlumbSystem
import PlumbFrontEnd

/// What one block may relate its receiver to: the superview, its safe-area guide, and up to two earlier views.
struct AppBlockContext {
    let parentFrame: AppFrame
    /// The superview's safe-area guide, in root coordinates.
    let guideFrame: AppFrame
    /// The earlier view the block mostly relates to (the latest sibling, else the latest view of the file).
    let primary: Int?
    /// Another earlier view, for a quarter of the view and anchor targets of some blocks.
    let secondary: Int?
    let dialect: Dialect
    /// What the receiver's frame would be with nothing deciding: the position after its previous sibling, the
    /// intrinsic or a typical size.
    let natural: AppFrame
}

/// The two axes of a block's receiver.
struct AppReceiverAxes {
    var horizontal = AppAxisState()
    var vertical = AppAxisState()

    subscript(axis: LayoutAttribute.Axis) -> AppAxisState {
        get { axis == .horizontal ? horizontal : vertical }
        set { if axis == .horizontal { horizontal = newValue } else { vertical = newValue } }
    }
}

extension AppLayoutGenerator {
    /// Tries per independent constraint before its constant is taken from the natural frame instead (a drawn
    /// constant must leave the receiver a positive size inside its superview).
    static var attemptsPerConstant: Int { 8 }
    /// The smallest size a drawn constant may leave a view (a hairline of 1 point).
    static var minimumSize: Rational { .one }
    /// Masonry's `with` filler precedes this share of its constant modifiers.
    static var withFillerShare: Double { 0.3 }
    /// Priorities and numbers take their alternative spelling (`priorityLow()`, `mas_equalTo(44)`) this often.
    static var alternateSpellingShare: Double { 0.5 }

    /// One `make` block for a new receiver whose superview and `others` (earlier views, nearest first) are placed.
    /// Draws the rows, then chains until they are used up; required equalities that fix a free degree take their
    /// constant from the distribution, every other constant comes from the receiver's ground truth, which is
    /// settled (and stored in `plan`) before the block returns. Cost: O(rows).
    mutating func makeBlock(receiver: Int, others: [Int], plan: inout AppLayoutPlan) -> AppBlock {
        let context = blockContext(receiver: receiver, others: others, plan: plan)
        var axes = AppReceiverAxes()
        var chains: [AppChain] = []
        var pending: [Int] = []
        var rowsLeft = AppDistribution.rowsPerBlock.draw(&rng)
        var used: UInt16 = 0
        while rowsLeft > 0 {
            var refused: [AppAttribute] = []
            var attribute = AppAttribute.top
            var compositeKinds: [AppTargetKind] = []
            while true {
                let fits = { (a: AppAttribute) in
                    a.members.count <= rowsLeft && !refused.contains(a) && (!a.isComposite || Self.isFree(a, axes))
                }
                // A block names each edge once, as code does (left and leading count as one), while it can.
                let fresh = { (a: AppAttribute) in fits(a) && a.edgeMask & used == 0 }
                let hasFresh = AppAttribute.allCases.contains(where: fresh)
                attribute = attributes.draw(&rng, allowed: hasFresh ? fresh : fits) ?? .top
                guard attribute.isComposite else { break }
                compositeKinds = feasibleKinds(for: attribute, axes: axes, context: context, plan: plan)
                if !compositeKinds.isEmpty { break }
                refused.append(attribute)
            }
            used |= attribute.edgeMask
            if attribute.isComposite {
                chains.append(makeComposite(attribute, kinds: compositeKinds, axes: &axes, context: context, plan: plan))
            } else {
                let (chain, waitsForTruth) = makeSingle(attribute, axes: &axes, context: context, plan: plan)
                if waitsForTruth { pending.append(chains.count) }
                chains.append(chain)
            }
            rowsLeft -= attribute.members.count
        }
        let natural = context.natural
        let (x, width) = axes.horizontal.settle(naturalPosition: natural.x, naturalSize: natural.width)
        let (y, height) = axes.vertical.settle(naturalPosition: natural.y, naturalSize: natural.height)
        let frame = AppFrame(x: x, y: y, width: width, height: height)
        plan.views[receiver].frame = frame
        if let parent = plan.views[receiver].parent { lastChildBottom[parent] = sum(y, height) }
        var written = chains.indices.filter { !pending.contains($0) }.map { (chains[$0].attribute, chains[$0].target) }
        for i in pending {
            completeConstant(of: &chains[i], frame: frame, avoiding: written, context: context, plan: plan)
            written.append((chains[i].attribute, chains[i].target))
        }
        for chain in chains { record(chain) }
        return AppBlock(receiver: receiver, chains: chains)
    }

    mutating func blockContext(receiver: Int, others: [Int], plan: AppLayoutPlan) -> AppBlockContext {
        let view = plan.views[receiver]
        let parent = plan.views[view.parent ?? 0]
        let parentFrame = parent.frame!
        let guide = parentFrame.inset(by: parent.safeArea)
        var secondary: Int?
        if others.count > 1, rng.chance(AppDistribution.secondOtherViewShare) { secondary = others[1 + rng.next(others.count - 1)] }
        let margin = Rational(AppDistribution.naturalMargin)
        let gap = Rational(AppDistribution.naturalGap)
        let width: Rational, height: Rational
        if let intrinsic = view.intrinsic {
            (width, height) = (Rational(intrinsic.width), Rational(intrinsic.height))
        } else {
            // The superview's width less a margin each side; all of it where margins would leave next to nothing.
            let inner = difference(parentFrame.width, product(2, margin))
            let wide = inner < gap ? parentFrame.width : inner
            switch view.role {
            case .image:
                let side = Rational(AppDistribution.imageSides.draw(&rng))
                (width, height) = (side, side)
            case .separator: (width, height) = (wide, .one)
            default: (width, height) = (wide, Rational(AppDistribution.containerHeights.draw(&rng)))
            }
        }
        // Below the previous subview, or back at the top once the superview is full (a list's next page).
        var top = lastChildBottom[view.parent ?? 0].map { sum($0, gap) } ?? sum(guide.y, gap)
        if sum(top, height) > sum(guide.y, guide.height) { top = sum(guide.y, gap) }
        let natural = AppFrame(x: sum(parentFrame.x, margin), y: top, width: width, height: height)
        return AppBlockContext(parentFrame: parentFrame, guideFrame: guide, primary: others.first,
                               secondary: secondary, dialect: plan.dialect, natural: natural)
    }

    // MARK: Single attributes

    mutating func makeSingle(_ attribute: AppAttribute, axes: inout AppReceiverAxes, context: AppBlockContext,
                                     plan: AppLayoutPlan) -> (AppChain, waitsForTruth: Bool) {
        let member = attribute.single!
        let relation = relations.draw(&rng) ?? .equal
        let priority = priorities.draw(&rng) ?? .requiredUnwritten
        let kind = targets.draw(&rng) { ($0 != .view && $0 != .anchor) || context.primary != nil } ?? .superview
        var chain = AppChain(attribute: attribute, relation: relation, target: makeTarget(kind, for: member, context: context),
                             priority: priority)
        chain.alternateSpelling = rng.chance(Self.alternateSpellingShare)
        let takesMultiplier = member.kind == .size && [.view, .anchor, .superview, .safeArea].contains(kind)
        if takesMultiplier, multipliers.draw(&rng) == true { chain.multiplier = AppDistribution.multipliers.draw(&rng) }
        let (a, b) = AppAxisEquation.coefficients(of: member)
        guard relation == .equal, priority.isRequired, axes[member.axis].isIndependent(a: a, b: b) else {
            return (chain, true)
        }
        let base = product(chain.multiplier ?? .one, targetValue(chain.target, for: member, context: context, plan: plan))
        for _ in 0..<Self.attemptsPerConstant {
            drawConstant(of: &chain, member: member, context: context)
            let equation = AppAxisEquation(a: a, b: b, r: sum(base, rowConstant(of: chain, for: member)))
            let axis = member.axis
            let lower = context.parentFrame.position(axis), upper = sum(lower, context.parentFrame.size(axis))
            guard axes[axis].admits(equation, lower: lower, upper: upper, minimumSize: Self.minimumSize) else { continue }
            axes[member.axis].add(equation)
            return (chain, false)
        }
        // No drawn constant keeps the view in its superview with a positive size: take the natural frame's.
        let axis = member.axis
        var size = context.natural.size(axis)
        var position = context.natural.position(axis)
        if let first = axes[axis].equations.first {
            // The degree the first equation fixed stays as it is.
            if first.a.isZero {
                size = quotient(first.r, first.b)
            } else {
                position = quotient(difference(first.r, product(first.b, size)), first.a)
            }
        }
        let r = sum(product(a, position), product(b, size))
        express(difference(r, base), in: &chain, member: member)
        axes[axis].add(AppAxisEquation(a: a, b: b, r: r))
        return (chain, false)
    }

    mutating func makeTarget(_ kind: AppTargetKind, for member: LayoutAttribute, context: AppBlockContext) -> AppTarget {
        var other = context.primary ?? 0
        if let secondary = context.secondary, rng.chance(AppDistribution.secondOtherViewUse) { other = secondary }
        switch kind {
        case .view: return .view(other)
        case .anchor: return .anchor(other, anchorAttribute(for: member))
        case .superview: return .superview
        case .safeArea: return .safeArea
        case .number: return .number(.scalar(.zero))
        case .computed: return .computed(.scalar(.zero))
        }
    }

    /// An attribute of the same axis and kind: mostly the opposite edge (`top` to `other.bottom`), never mixing
    /// leading/trailing with left/right.
    mutating func anchorAttribute(for member: LayoutAttribute) -> LayoutAttribute {
        let options = Self.anchorOptions(for: member)
        guard options.count == 3 else { return options[0] }
        // The first option 60 %, the second 25 %, the third 15 %.
        let roll = rng.unit()
        return roll < 0.6 ? options[0] : roll < 0.85 ? options[1] : options[2]
    }

    /// The anchors an attribute may be related to, the most common first.
    static func anchorOptions(for member: LayoutAttribute) -> [LayoutAttribute] {
        switch member {
        case .top: [.bottom, .top, .centerY]
        case .bottom: [.top, .bottom, .centerY]
        case .centerY: [.centerY, .top, .bottom]
        case .left: [.right, .left, .centerX]
        case .right: [.left, .right, .centerX]
        case .centerX: [.centerX, .left, .right]
        case .leading: [.trailing, .leading, .centerX]
        case .trailing: [.leading, .trailing, .centerX]
        default: [member]
        }
    }
}
