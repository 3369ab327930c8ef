import PlumbSystem
import PlumbFrontEnd
import PlumbText

extension RandomLayout {
    /// A random layout with 1 to `size` views, deterministic from the generator's state: random parents, intrinsic
    /// sizes and priorities; chains drawn from Masonry's grammar (single and composite attributes, anchors, views,
    /// the superview and numbers as targets, the three relations, offsets, insets, multipliers, divisors and
    /// priorities including near-equal ones, in more than one spelling); then updates, remakes, removals, resizes,
    /// edits and suggestions.
    public static func random(size: Int, rng: inout SplitMix64) -> RandomLayout {
        let count = 1 + rng.next(max(1, size))
        var views: [ViewSpec] = []
        for i in 0..<count {
            var spec = ViewSpec(parent: i == 0 || rng.next(3) == 0 ? nil : rng.next(i))
            if rng.next(3) == 0 {
                spec.intrinsic = (10 * (1 + rng.next(12)), 10 * (1 + rng.next(6)))
                if rng.next(2) == 0 { spec.hugging = ([250, 251, 750][rng.next(3)], [250, 251, 750][rng.next(3)]) }
                if rng.next(2) == 0 { spec.compression = ([749, 750, 1000][rng.next(3)], [749, 750, 1000][rng.next(3)]) }
            }
            views.append(spec)
        }
        var layout = RandomLayout(width: 200 + 10 * rng.next(30), height: 300 + 10 * rng.next(30),
                                  rightToLeft: rng.next(5) == 0, views: views, steps: [])
        for v in 0..<count where rng.next(5) != 0 {
            layout.steps.append(.block(.make, view: v, chains: (0..<(1 + rng.next(4))).map { _ in randomChain(v, count, &rng) }))
        }
        layout.steps.append(.expect)
        for _ in 0..<rng.next(4) {
            let v = rng.next(count)
            switch rng.next(6) {
            case 0: layout.steps.append(.block(.update, view: v, chains: [randomChain(v, count, &rng)]))
            case 1: layout.steps.append(.block(.remake, view: v, chains: (0..<(1 + rng.next(3))).map { _ in randomChain(v, count, &rng) }))
            case 2: layout.steps.append(.remove(view: v))
            case 3: layout.steps.append(.resize(width: 150 + 10 * rng.next(40), height: 200 + 10 * rng.next(40)))
            default:
                let component = FrameComponent.allCases[rng.next(4)]
                layout.steps.append(.edit(view: v, component: component, priority: [999, 750, 500, 1][rng.next(4)]))
                layout.steps.append(.suggest(view: v, component: component, value: Rational(rng.next(401) - 100)))
            }
            layout.steps.append(.expect)
        }
        return layout
    }

    /// Horizontal attributes come in two families that Auto Layout does not mix (left/right and leading/trailing);
    /// a chain mixes them now and then on purpose, to check that the front end refuses it.
    static let horizontal: [LayoutAttribute] = [.left, .right, .centerX, .leftMargin, .rightMargin, .centerXWithinMargins]
    static let directional: [LayoutAttribute] = [.leading, .trailing, .leadingMargin, .trailingMargin, .centerX]
    static let vertical: [LayoutAttribute] = [.top, .bottom, .centerY, .topMargin, .bottomMargin, .centerYWithinMargins]
    static let sizes: [LayoutAttribute] = [.width, .height]
    static let priorities = [999, 998, 751, 750, 749, 501, 500, 250, 10, 1]

    static func randomChain(_ v: Int, _ count: Int, _ rng: inout SplitMix64) -> Chain {
        func number(_ low: Int, _ high: Int) -> Rational {
            let n = low + rng.next(high - low + 1)
            guard rng.next(4) == 0 else { return Rational(n) }
            return (try? Rational(Int128(2 * n + 1), 2)) ?? Rational(n)   // a half, which prints exactly
        }
        func target(_ attribute: LayoutAttribute?) -> ConstraintTarget {
            let other = rng.next(count + 1)
            return .item(other == count || other == v ? .superview : .view(id(other)), attribute)
        }
        func pick<T>(_ choices: [T]) -> T { choices[rng.next(choices.count)] }
        var spelling = ChainSpelling(alternate: false, filler: rng.next(8) == 0)
        let relation = pick([Relation.equal, .equal, .greaterOrEqual, .lessOrEqual])
        var chain = ConstraintChain(attributes: [], relation: relation, location: location)
        switch rng.next(10) {
        case 0, 1, 2:
            // A location against an anchor on the same axis, or the same attribute of a view.
            let axis = pick([horizontal, directional, vertical])
            chain.attributes = [.single(pick(axis))]
            let targets = rng.next(20) == 0 ? horizontal + directional : axis
            chain.target = target(rng.next(2) == 0 ? pick(targets) : nil)
            if rng.next(2) == 0 { chain.constantModifiers = [.number(number(-40, 40))] }
            if rng.next(6) == 0 { chain.multiplier = .multipliedBy(number(1, 3)) }
        case 3, 4:
            // A size against another size (width ↔ height is legal), with a multiplier or divisor.
            chain.attributes = [.single(pick(sizes))]
            chain.target = target(rng.next(2) == 0 ? pick(sizes) : nil)
            switch rng.next(4) {
            case 0: chain.multiplier = .multipliedBy(number(1, 4))
            case 1: chain.multiplier = .dividedBy(Rational(2 + rng.next(3)))
            case 2: chain.constantModifiers = [.number(number(-30, 30))]
            default: break
            }
        case 5:
            // A size against a number.
            chain.attributes = [.single(pick(sizes))]
            chain.target = .value(.number(number(0, 200)))
            spelling.alternate = rng.next(3) == 0
        case 6:
            // A location against a number: the superview's same attribute plus that number.
            chain.attributes = [.single(pick([horizontal, directional, vertical])[rng.next(2)])]
            chain.target = .value(.number(number(-20, 100)))
            spelling.alternate = rng.next(3) == 0
        case 7:
            // Composites.
            chain.target = target(nil)
            switch rng.next(3) {
            case 0:
                chain.attributes = [.composite(.edges)]
                chain.constantModifiers = [.insets(EdgeInsets(top: number(0, 20), left: number(0, 20),
                                                              bottom: number(0, 20), right: number(0, 20)))]
                spelling.insetShorthand = false
            case 1:
                chain.attributes = [.composite(.size)]
                chain.constantModifiers = [.size(Size(width: number(-20, 20), height: number(-20, 20)))]
            default:
                chain.attributes = [.composite(.center)]
                chain.constantModifiers = [.point(Point(x: number(-20, 20), y: number(-20, 20)))]
            }
        default:
            // Attributes chained on one axis, with an inset.
            chain.attributes = pick([[.left, .right], [.leading, .trailing], [.top, .bottom]]).map { .single($0) }
            chain.target = target(nil)
            chain.constantModifiers = [.insets(EdgeInsets(number(0, 20)))]
        }
        switch rng.next(4) {
        case 0: chain.priority = Priority(Rational(pick(priorities)))
        case 1:
            chain.priority = pick([Priority.high, .low, .medium])
            spelling.alternate = true
        default: break
        }
        return Chain(chain: chain, spelling: spelling)
    }
}
