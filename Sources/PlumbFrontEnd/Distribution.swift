import PlumbSystem

/// How Masonry's `mas_distributeViewsAlongAxis` spaces views.
public enum DistributionMode: Hashable, Sendable {
    /// Equal gaps of this size; the views share the rest equally (equal widths are implied).
    case fixedSpacing(Rational)
    /// Every view this long; the gaps share the rest equally (uses position multipliers).
    case fixedItemLength(Rational)
}

extension ViewTree {
    /// Distributes `views` along `axis` inside their closest common superview, exactly as Masonry's
    /// NSArray+MASAdditions does: one `makeConstraints` per view, main axis only, all required.
    @discardableResult
    public func distribute(_ views: [View], along axis: LayoutAttribute.Axis, _ mode: DistributionMode,
                           leadSpacing lead: Rational, tailSpacing tail: Rational,
                           file: String = #fileID, line: Int = #line) throws(LayoutError) -> [ConstraintGroup] {
        try distribute(views, along: axis, mode, leadSpacing: lead, tailSpacing: tail, at: SourceLocation(file: file, line: line))
    }

    /// `distribute` written at `location`: a layout file's `distribute` statement gives its column too.
    @discardableResult
    package func distribute(_ views: [View], along axis: LayoutAttribute.Axis, _ mode: DistributionMode,
                    leadSpacing lead: Rational, tailSpacing tail: Rational,
                    at location: SourceLocation) throws(LayoutError) -> [ConstraintGroup] {
        guard views.count >= 2 else { throw LayoutError(.tooFewViewsToDistribute(views.count), at: location) }
        var common: View? = views[0]
        for view in views.dropFirst() { common = common.flatMap { closestCommonAncestor($0, view) } }
        guard let superview = common else {
            throw LayoutError(.unsupported("can't constrain views that do not share a common superview: make sure all the views to distribute are in the same view hierarchy"), at: location)
        }
        let horizontal = axis == .horizontal
        let leadEdge: LayoutAttribute = horizontal ? .left : .top
        let tailEdge: LayoutAttribute = horizontal ? .right : .bottom
        let length: LayoutAttribute = horizontal ? .width : .height
        let target = ItemReference.view(superview.id)
        func chain(_ attribute: LayoutAttribute, _ to: ConstraintTarget, offset: Rational? = nil,
                   multiplier: Rational? = nil) -> ConstraintChain {
            ConstraintChain(attributes: [.single(attribute)], relation: .equal, target: to,
                            constantModifiers: offset.map { [.number($0)] } ?? [],
                            multiplier: multiplier.map { .multipliedBy($0) }, location: location)
        }
        // Everything is prepared first, so that a failure installs nothing.
        var plans: [(View, [ConstraintChain])] = []
        let n = views.count
        do {
            for (i, view) in views.enumerated() {
                var chains: [ConstraintChain] = []
                switch mode {
                case .fixedSpacing(let spacing):
                    if i == 0 {
                        chains.append(chain(leadEdge, .item(target, leadEdge), offset: lead))
                    } else {
                        let previous = ItemReference.view(views[i - 1].id)
                        chains.append(chain(length, .item(previous, length)))
                        chains.append(chain(leadEdge, .item(previous, tailEdge), offset: spacing))
                        if i == n - 1 { chains.append(chain(tailEdge, .item(target, tailEdge), offset: -tail)) }
                    }
                case .fixedItemLength(let itemLength):
                    chains.append(chain(length, .value(.number(itemLength))))
                    if i == 0 {
                        chains.append(chain(leadEdge, .item(target, leadEdge), offset: lead))
                    } else if i == n - 1 {
                        chains.append(chain(tailEdge, .item(target, tailEdge), offset: -tail))
                    } else {
                        // right_i == S.right × i/(n−1) + (1 − i/(n−1))·(L + a) − i·b/(n−1)
                        let m = try Rational(Int128(i), Int128(n - 1))
                        let offset = try (Rational.one - m) * (itemLength + lead) - Rational(i) * tail / Rational(n - 1)
                        chains.append(chain(tailEdge, .item(target, tailEdge), offset: offset, multiplier: m))
                    }
                }
                plans.append((view, chains))
            }
        } catch {
            throw LayoutError(.number(error), at: location)
        }
        let saved = dialect
        dialect = .masonry  // distribution is Masonry's feature and follows its rules
        defer { dialect = saved }
        for (view, chains) in plans { _ = try prepare(chains, for: view) }
        var groups: [ConstraintGroup] = []
        for (view, chains) in plans { groups += try makeConstraints(chains, for: view) }
        return groups
    }
}
