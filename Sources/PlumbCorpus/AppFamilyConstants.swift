import PlumbSystem
import PlumbFrontEnd

// Constants of a block's chains: drawn from the distribution where a constraint fixes a free degree, else
// computed from the receiver's ground truth so that the constraint holds.
extension AppLayoutGenerator {
    /// A constant from the distribution for an independent equality: a value target's number, or a modifier.
    mutating func drawConstant(of chain: inout AppChain, member: LayoutAttribute, context: AppBlockContext) {
        switch chain.target.kind {
        case .number, .computed:
            let computed = chain.target.kind == .computed
            let value: Rational
            if member.kind == .size {
                let fractional = computed && constants.draw(&rng) { $0 != .zero } == .fraction
                if fractional {
                    value = AppDistribution.fractionalSizes.draw(&rng)
                } else {
                    let size = AppDistribution.sizeValues.draw(&rng)
                    value = Rational(computed ? size * AppDistribution.computedFactors.draw(&rng) : size)
                }
            } else {
                // A computed location is never 0 (code computes a value to get a non-trivial one).
                let magnitude = drawMagnitude(allowFraction: computed, allowZero: !computed)
                value = product(Rational(offsetSign(member, target: chain.target)), magnitude)
            }
            chain.target = computed ? .computed(.scalar(value)) : .number(.scalar(value))
        default:
            let insetAllowed = insetFits(member, target: chain.target)
            let kind = modifiers.draw(&rng) { $0 == .none || $0 == .offset || ($0 == .inset && insetAllowed) } ?? .none
            switch kind {
            case .offset:
                let sign = Rational(offsetSign(member, target: chain.target))
                chain.modifier = .offset(product(sign, drawMagnitude(allowFraction: true)))
            case .inset:
                chain.modifier = .inset(drawMagnitude(allowFraction: true))
            default:
                chain.modifier = .none
            }
            chain.withFiller = chain.modifier != .none && rng.chance(Self.withFillerShare)
        }
    }

    /// Zero, an integer or a fraction, as the constant shares steer.
    mutating func drawMagnitude(allowFraction: Bool, allowZero: Bool = true) -> Rational {
        let allowed: (AppConstantClass) -> Bool = { ($0 != .fraction || allowFraction) && ($0 != .zero || allowZero) }
        switch constants.draw(&rng, allowed: allowed) ?? .integer {
        case .zero: return .zero
        case .integer: return Rational(AppDistribution.offsetMagnitudes.draw(&rng))
        case .fraction: return AppDistribution.fractionalOffsets.draw(&rng)
        }
    }

    /// +1 where code writes a positive constant (a leading edge inward, a gap below another view), −1 for the
    /// trailing edges, either for centres and sizes.
    mutating func offsetSign(_ member: LayoutAttribute, target: AppTarget) -> Int {
        let own = Self.side(member)
        if case .anchor(_, let other) = target {
            let theirs = Self.side(other)
            if own != 0, theirs == -own { return own }
        } else if own != 0 {
            return own
        }
        return rng.chance(0.5) ? 1 : -1
    }

    /// +1 for left, leading and top; −1 for right, trailing and bottom; 0 otherwise.
    static func side(_ attribute: LayoutAttribute) -> Int {
        switch attribute {
        case .left, .leading, .top: 1
        case .right, .trailing, .bottom: -1
        default: 0
        }
    }

    /// `inset(n)` is written only on an edge against the same attribute, where Masonry and SnapKit agree.
    func insetFits(_ member: LayoutAttribute, target: AppTarget) -> Bool {
        guard Self.side(member) != 0 else { return false }
        switch target {
        case .view, .superview, .safeArea: return true
        default: return false
        }
    }

    // MARK: Constants from the ground truth

    /// Sets a dependent, inequality or soft chain's constant from the receiver's settled frame: exact for an
    /// equality; for an inequality rounded to an integer and moved by a slack on the side that keeps it true.
    /// A view or anchor target may move to another of the block's views or anchors (see below), preferring one
    /// the block has not `written` with this attribute yet.
    mutating func completeConstant(of chain: inout AppChain, frame: AppFrame,
                                           avoiding written: [(AppAttribute, AppTarget)],
                                           context: AppBlockContext, plan: AppLayoutPlan) {
        let member = chain.attribute.single!
        let value = frame.value(of: member)
        func gap(_ target: AppTarget) -> Rational {
            difference(value, product(chain.multiplier ?? .one, targetValue(target, for: member, context: context, plan: plan)))
        }
        // Code relates a view to what it lines up with: among the block's views and anchors of the kind drawn,
        // the one nearest the truth (an alignment, a small gap) rather than a far one.
        var candidates = [chain.target]
        let others = [context.primary, context.secondary].compactMap { $0 }
        switch chain.target {
        case .view: candidates += others.map { .view($0) }
        case .anchor: candidates += others.flatMap { o in Self.anchorOptions(for: member).map { .anchor(o, $0) } }
        default: break
        }
        let attribute = chain.attribute
        let unwritten = candidates.filter { c in !written.contains { $0.0 == attribute && $0.1 == c } }
        var best: Rational?
        for candidate in unwritten.isEmpty ? candidates : unwritten {
            let size = gap(candidate).magnitudeValue
            if best.map({ size < $0 }) ?? true { (chain.target, best) = (candidate, size) }
        }
        let exact = gap(chain.target)
        let slack = Rational(AppDistribution.inequalitySlack.draw(&rng))
        switch chain.relation {
        case .equal: express(exact, in: &chain, member: member)
        case .lessOrEqual: express(sum(exact.ceilingValue, slack), in: &chain, member: member)
        case .greaterOrEqual:
            var bound = difference(exact.floorValue, slack)
            // A size bound below zero reads oddly; zero still holds.
            if member.kind == .size, chain.target.kind == .number || chain.target.kind == .computed, bound < .zero { bound = .zero }
            express(bound, in: &chain, member: member)
        }
    }

    /// Writes `constant` into the chain: as its value target's number, else as an offset or inset (or nothing for 0).
    mutating func express(_ constant: Rational, in chain: inout AppChain, member: LayoutAttribute) {
        switch chain.target.kind {
        case .number: chain.target = .number(.scalar(constant))
        case .computed: chain.target = .computed(.scalar(constant))
        default:
            let side = Self.side(member)
            let insetAllowed = insetFits(member, target: chain.target) && (product(Rational(side), constant) > .zero)
            if constant.isZero {
                // `offset(0)` where both the modifier and the constant shares ask for it, else nothing.
                let writesOffset = modifiers.draw(&rng) { $0 == .none || $0 == .offset } == .offset
                chain.modifier = writesOffset && constants.draw(&rng) == .zero ? .offset(.zero) : .none
            } else if insetAllowed, modifiers.draw(&rng, allowed: { $0 == .offset || $0 == .inset }) == .inset {
                chain.modifier = .inset(product(Rational(side), constant))
            } else {
                chain.modifier = .offset(constant)
            }
            chain.withFiller = chain.modifier != .none && rng.chance(Self.withFillerShare)
        }
    }
}
