import PlumbSystem
import PlumbFrontEnd

// What a chain lowers to, in the generator's own terms (for the ground truth), and the shares it counts toward.
extension AppLayoutGenerator {
    /// The value the receiver's attribute is related to, before the multiplier and constant (root coordinates).
    func targetValue(_ target: AppTarget, for member: LayoutAttribute, context: AppBlockContext, plan: AppLayoutPlan) -> Rational {
        switch target {
        case .view(let i): return plan.views[i].frame!.value(of: member)
        case .anchor(let i, let attribute): return plan.views[i].frame!.value(of: attribute)
        case .superview: return context.parentFrame.value(of: member)
        case .safeArea: return context.guideFrame.value(of: member)
        case .number, .computed:
            // A number on a size is absolute; on a location it is relative to the superview (SnapKit: a centre's
            // number to its left or top edge).
            guard member.kind == .location else { return .zero }
            var attribute = member
            if context.dialect == .snapkit, member == .centerX { attribute = .left }
            if context.dialect == .snapkit, member == .centerY { attribute = .top }
            return context.parentFrame.value(of: attribute)
        }
    }

    /// The constant one row of the chain lowers with (the family writes only modifiers both dialects agree on).
    func rowConstant(of chain: AppChain, for member: LayoutAttribute) -> Rational {
        switch chain.target {
        case .number(let value), .computed(let value):
            switch value {
            case .scalar(let v): return v
            case .size(let width, let height): return member == .width ? width : height
            }
        default: break
        }
        switch chain.modifier {
        case .none: return .zero
        case .offset(let c): return c
        case .inset(let n): return Self.side(member) < 0 ? -n : n
        case .insets(let e):
            switch member {
            case .left, .leading: return e.left
            case .right, .trailing: return -e.right
            case .top: return e.top
            case .bottom: return -e.bottom
            default: return .zero
            }
        }
    }

    mutating func record(_ chain: AppChain) {
        attributes.record(chain.attribute)
        relations.record(chain.relation)
        priorities.record(chain.priority)
        targets.record(chain.target.kind)
        modifiers.record(chain.modifier.kind)
        multipliers.record(chain.multiplier != nil)
        constants.record(Self.constantClass(of: chain))
    }

    /// The class of the constant a chain writes: its number, or its modifier's value (zero when none).
    static func constantClass(of chain: AppChain) -> AppConstantClass {
        func of(_ values: [Rational]) -> AppConstantClass {
            if values.allSatisfy(\.isZero) { return .zero }
            return values.allSatisfy(\.isInteger) ? .integer : .fraction
        }
        switch chain.target {
        case .number(.scalar(let v)), .computed(.scalar(let v)): return of([v])
        case .number(.size(let w, let h)), .computed(.size(let w, let h)): return of([w, h])
        default: break
        }
        switch chain.modifier {
        case .none: return .zero
        case .offset(let c), .inset(let c): return of([c])
        case .insets(let e): return of([e.top, e.left, e.bottom, e.right])
        }
    }
}
