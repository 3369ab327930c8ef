import PlumbSystem
import PlumbFrontEnd

extension AppLayoutGenerator {
    /// The target kinds a composite (`edges`, `size`, `center`) can take now: each of its rows must fix a degree
    /// still free (a composite's modifier sets several constants at once, so none can be computed alone), and
    /// the sizes it gives must stay positive. Empty when the composite does not fit. Cost: O(1).
    func feasibleKinds(for composite: AppAttribute, axes: AppReceiverAxes, context: AppBlockContext,
                       plan: AppLayoutPlan) -> [AppTargetKind] {
        guard Self.isFree(composite, axes) else { return [] }
        var kinds: [AppTargetKind] = [.superview, .safeArea]
        if context.primary != nil { kinds.append(.view) }
        if composite == .size { kinds.append(.number) }
        return kinds.filter { kind in
            // A literal size is drawn positive; the others are checked with no constant.
            guard let target = itemTarget(kind, context: context) else { return true }
            return sizesStayPositive(AppChain(attribute: composite, relation: .equal, target: target), axes: axes,
                                     context: context, plan: plan)
        }
    }

    /// Whether every row of a composite would fix a degree still free (edges: both axes untouched).
    static func isFree(_ composite: AppAttribute, _ axes: AppReceiverAxes) -> Bool {
        if composite == .edges { return axes.horizontal.equations.isEmpty && axes.vertical.equations.isEmpty }
        return composite.members.allSatisfy { member in
            let (a, b) = AppAxisEquation.coefficients(of: member)
            return axes[member.axis].isIndependent(a: a, b: b)
        }
    }

    /// A composite chain with one of `kinds`; its rows fix free degrees of `axes`.
    mutating func makeComposite(_ composite: AppAttribute, kinds: [AppTargetKind], axes: inout AppReceiverAxes,
                                context: AppBlockContext, plan: AppLayoutPlan) -> AppChain {
        let kind = targets.draw(&rng) { kinds.contains($0) } ?? kinds[0]
        let target = itemTarget(kind, context: context)
            ?? .number(.size(width: Rational(AppDistribution.sizeValues.draw(&rng)),
                             height: Rational(AppDistribution.sizeValues.draw(&rng))))
        var chain = AppChain(attribute: composite, relation: .equal, target: target)
        chain.alternateSpelling = rng.chance(Self.alternateSpellingShare)
        if composite == .edges {
            switch modifiers.draw(&rng, allowed: { $0 == .none || $0 == .inset || $0 == .insets }) ?? .none {
            case .inset:
                chain.modifier = .inset(Rational(AppDistribution.offsetMagnitudes.draw(&rng)))
            case .insets:
                // Real insets repeat: (vertical, horizontal, vertical, horizontal), the vertical 0 half the time.
                let vertical = rng.chance(0.5) ? Rational.zero : Rational(AppDistribution.offsetMagnitudes.draw(&rng))
                let horizontal = Rational(AppDistribution.offsetMagnitudes.draw(&rng))
                chain.modifier = .insets(AppInsets(top: vertical, left: horizontal, bottom: vertical, right: horizontal))
            default:
                break
            }
            if !sizesStayPositive(chain, axes: axes, context: context, plan: plan) { chain.modifier = .none }
            chain.withFiller = chain.modifier != .none && rng.chance(Self.withFillerShare)
        }
        for (axis, equation) in equations(of: chain, context: context, plan: plan) { axes[axis].add(equation) }
        return chain
    }

    /// The view, superview or safe-area target of a kind; nil for a number.
    private func itemTarget(_ kind: AppTargetKind, context: AppBlockContext) -> AppTarget? {
        switch kind {
        case .view: context.primary.map { .view($0) }
        case .superview: .superview
        case .safeArea: .safeArea
        default: nil
        }
    }

    /// The rows of a required equality chain as axis equations, in member order.
    func equations(of chain: AppChain, context: AppBlockContext,
                   plan: AppLayoutPlan) -> [(LayoutAttribute.Axis, AppAxisEquation)] {
        chain.attribute.members.map { member in
            let (a, b) = AppAxisEquation.coefficients(of: member)
            let base = product(chain.multiplier ?? .one, targetValue(chain.target, for: member, context: context, plan: plan))
            return (member.axis, AppAxisEquation(a: a, b: b, r: sum(base, rowConstant(of: chain, for: member))))
        }
    }

    /// Whether adding the chain's rows keeps every size they fix at least `minimumSize`.
    private func sizesStayPositive(_ chain: AppChain, axes: AppReceiverAxes, context: AppBlockContext,
                                   plan: AppLayoutPlan) -> Bool {
        var trial = axes
        for (axis, equation) in equations(of: chain, context: context, plan: plan) {
            if let size = trial[axis].impliedSize(adding: equation), size < Self.minimumSize { return false }
            trial[axis].add(equation)
        }
        return true
    }
}
