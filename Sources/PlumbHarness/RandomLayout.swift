import PlumbSystem
import PlumbCorpus

/// A random layout in the corpus text format, kept as parts so that it can be shrunk: views, and steps whose chains
/// are Masonry text with their numbers and the views they name held apart.
public struct RandomLayout: Sendable, Equatable {
    public struct ViewSpec: Sendable, Equatable {
        /// The index of the superview, or nil for the root.
        public var parent: Int?
        public var intrinsic: (width: Int, height: Int)?
        public var hugging: (horizontal: Int, vertical: Int)?
        public var compression: (horizontal: Int, vertical: Int)?

        public static func == (a: ViewSpec, b: ViewSpec) -> Bool {
            a.parent == b.parent && a.intrinsic?.width == b.intrinsic?.width && a.intrinsic?.height == b.intrinsic?.height
                && a.hugging?.horizontal == b.hugging?.horizontal && a.hugging?.vertical == b.hugging?.vertical
                && a.compression?.horizontal == b.compression?.horizontal && a.compression?.vertical == b.compression?.vertical
        }
    }

    /// One chain: text pieces with numbers between them, and the views it names.
    public struct Chain: Sendable, Equatable {
        public enum Part: Sendable, Equatable {
            case text(String)
            case number(Rational)
            case view(Int)
        }
        public var parts: [Part]

        public var views: [Int] { parts.compactMap { if case .view(let v) = $0 { v } else { nil } } }
    }

    public enum BlockKind: String, Sendable { case make, update, remake }

    public enum Step: Sendable, Equatable {
        case block(BlockKind, view: Int, chains: [Chain])
        case resize(width: Int, height: Int)
        case edit(view: Int, component: String, priority: Int)
        case suggest(view: Int, component: String, value: Rational)
        case remove(view: Int)
        case expect

        var views: [Int] {
            switch self {
            case .block(_, let view, let chains): [view] + chains.flatMap(\.views)
            case .edit(let view, _, _), .suggest(let view, _, _), .remove(let view): [view]
            case .resize, .expect: []
            }
        }
    }

    public var width: Int
    public var height: Int
    public var rightToLeft: Bool
    public var views: [ViewSpec]
    public var steps: [Step]

    /// The layout as a corpus file.
    public func text(name: String, header: [String] = []) -> String {
        var lines = header.map { "# " + $0 }
        lines.append("layout \(name)")
        lines.append("tags fuzz")
        lines.append("dialect masonry")
        lines.append("root \(width) \(height)" + (rightToLeft ? " rtl" : ""))
        for (i, view) in views.enumerated() {
            var line = "view v\(i)"
            if let p = view.parent { line += " in v\(p)" }
            if let s = view.intrinsic { line += " intrinsic \(s.width) \(s.height)" }
            if let h = view.hugging { line += " hugging \(h.horizontal) \(h.vertical)" }
            if let c = view.compression { line += " compression \(c.horizontal) \(c.vertical)" }
            lines.append(line)
        }
        for step in steps {
            switch step {
            case .block(let kind, let view, let chains):
                lines.append("\(kind.rawValue) v\(view) {")
                for chain in chains { lines.append("    " + Self.render(chain) + ";") }
                lines.append("}")
            case .resize(let w, let h): lines.append("resize \(w) \(h)")
            case .edit(let view, let component, let priority): lines.append("edit v\(view).\(component) \(priority)")
            case .suggest(let view, let component, let value): lines.append("suggest v\(view).\(component) \(Self.decimal(value))")
            case .remove(let view): lines.append("remove v\(view)")
            case .expect: lines += ["expect {", "}"]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func render(_ chain: Chain) -> String {
        chain.parts.map { part -> String in
            switch part {
            case .text(let s): s
            case .number(let r): decimal(r)
            case .view(let v): "v\(v)"
            }
        }.joined()
    }

    /// Numbers are generated as integers or halves, which print exactly as decimals.
    static func decimal(_ r: Rational) -> String {
        if r.denominator == 1 { return r.numerator.description }
        return r.doubleValue.description
    }
}

extension RandomLayout {
    /// A random layout with 1 to `size` views, deterministic from the generator's state: random parents, intrinsic
    /// sizes and priorities; chains drawn from Masonry's grammar (single and composite attributes, anchors, views,
    /// the superview and numbers as targets, the three relations, offsets, insets, multipliers, divisors and
    /// priorities including near-equal ones); then updates, remakes, removals, resizes, edits and suggestions.
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
                let component = ["x", "y", "width", "height"][rng.next(4)]
                layout.steps.append(.edit(view: v, component: component, priority: [999, 750, 500, 1][rng.next(4)]))
                layout.steps.append(.suggest(view: v, component: component, value: Rational(rng.next(401) - 100)))
            }
            layout.steps.append(.expect)
        }
        return layout
    }

    /// Horizontal attributes come in two families that Auto Layout does not mix (left/right and leading/trailing);
    /// a chain mixes them now and then on purpose, to check that the front end refuses it.
    static let horizontal = ["left", "right", "centerX", "leftMargin", "rightMargin", "centerXWithinMargins"]
    static let directional = ["leading", "trailing", "leadingMargin", "trailingMargin", "centerX"]
    static let vertical = ["top", "bottom", "centerY", "topMargin", "bottomMargin", "centerYWithinMargins"]
    static let sizes = ["width", "height"]
    static let priorities = ["999", "998", "751", "750", "749", "501", "500", "250", "10", "1"]

    static func randomChain(_ v: Int, _ count: Int, _ rng: inout SplitMix64) -> Chain {
        var parts: [Chain.Part] = []
        func text(_ s: String) { parts.append(.text(s)) }
        func number(_ low: Int, _ high: Int) {
            let n = low + rng.next(high - low + 1)
            parts.append(.number(rng.next(4) == 0 ? Rational(floatLiteral: Double(2 * n + 1) / 2) : Rational(n)))
        }
        func target(_ suffix: String?) {
            let other = rng.next(count + 1)
            if other == count || other == v {
                text("superview" + (suffix.map { ".mas_" + $0 } ?? ""))
            } else {
                parts.append(.view(other))
                if let suffix { text(".mas_" + suffix) }
            }
        }
        let relation = ["equalTo", "equalTo", "greaterThanOrEqualTo", "lessThanOrEqualTo"][rng.next(4)]
        switch rng.next(10) {
        case 0, 1, 2:
            // A location against an anchor on the same axis, or the same attribute of a view.
            let axis = [horizontal, directional, vertical][rng.next(3)]
            let attribute = axis[rng.next(axis.count)]
            text("make.\(attribute).\(relation)(")
            let targets = rng.next(20) == 0 ? horizontal + directional : axis
            target(rng.next(2) == 0 ? targets[rng.next(targets.count)] : nil)
            text(")")
            if rng.next(2) == 0 { text(".offset("); number(-40, 40); text(")") }
            if rng.next(6) == 0 { text(".multipliedBy("); number(1, 3); text(")") }
        case 3, 4:
            // A size against another size (width ↔ height is legal), with a multiplier or divisor.
            let attribute = sizes[rng.next(2)]
            text("make.\(attribute).\(relation)(")
            target(rng.next(2) == 0 ? sizes[rng.next(2)] : nil)
            text(")")
            switch rng.next(4) {
            case 0: text(".multipliedBy("); number(1, 4); text(")")
            case 1: text(".dividedBy("); parts.append(.number(Rational(2 + rng.next(3)))); text(")")
            case 2: text(".offset("); number(-30, 30); text(")")
            default: break
            }
        case 5:
            // A size against a number.
            text("make.\(sizes[rng.next(2)]).\(relation)(@"); number(0, 200); text(")")
        case 6:
            // A location against a number: the superview's same attribute plus that number.
            let axis = [horizontal, directional, vertical][rng.next(3)]
            text("make.\(axis[rng.next(2)]).\(relation)(@"); number(-20, 100); text(")")
        case 7:
            // Composites.
            switch rng.next(3) {
            case 0:
                text("make.edges.\(relation)("); target(nil); text(").insets(UIEdgeInsetsMake(")
                number(0, 20); text(", "); number(0, 20); text(", "); number(0, 20); text(", "); number(0, 20); text("))")
            case 1:
                text("make.size.\(relation)("); target(nil); text(").sizeOffset(CGSizeMake(")
                number(-20, 20); text(", "); number(-20, 20); text("))")
            default:
                text("make.center.\(relation)("); target(nil); text(").centerOffset(CGPointMake(")
                number(-20, 20); text(", "); number(-20, 20); text("))")
            }
        default:
            // Attributes chained on one axis, with an inset.
            let pair = ["left.right", "leading.trailing", "top.and.bottom"][rng.next(3)]
            text("make.\(pair).\(relation)("); target(nil); text(").inset("); number(0, 20); text(")")
        }
        switch rng.next(4) {
        case 0: text(".priority(\(priorities[rng.next(priorities.count)]))")
        case 1: text([".priorityHigh()", ".priorityLow()", ".priorityMedium()"][rng.next(3)])
        default: break
        }
        return Chain(parts: parts)
    }
}

extension RandomLayout {
    /// Smaller variants, most reducing first: a step, a chain, a view's properties, a view, a number made simpler.
    /// Each keeps the layout well formed (every named view exists, the last step is an expectation).
    func simplifications() -> [RandomLayout] {
        var out: [RandomLayout] = []
        for i in steps.indices where !(steps[i] == .expect && i == steps.count - 1) {
            var t = self
            t.steps.remove(at: i)
            out.append(t)
        }
        for i in steps.indices {
            guard case .block(let kind, let view, let chains) = steps[i], chains.count > 1 else { continue }
            for k in chains.indices {
                var t = self
                var fewer = chains
                fewer.remove(at: k)
                t.steps[i] = .block(kind, view: view, chains: fewer)
                out.append(t)
            }
        }
        for v in views.indices.reversed() {
            let named = steps.contains { $0.views.contains(v) } || views.contains { $0.parent == v }
            if !named && views.count > 1 { out.append(removingView(v)) }
            if views[v].intrinsic != nil {
                var t = self
                t.views[v] = ViewSpec(parent: views[v].parent)
                out.append(t)
            }
            if let parent = views[v].parent {
                var t = self
                t.views[v].parent = views[parent].parent
                out.append(t)
            }
        }
        for i in steps.indices {
            guard case .block(let kind, let view, let chains) = steps[i] else { continue }
            for k in chains.indices {
                for (p, part) in chains[k].parts.enumerated() {
                    guard case .number(let r) = part else { continue }
                    for simpler in Self.simpler(r) {
                        var t = self
                        var c = chains
                        c[k].parts[p] = .number(simpler)
                        t.steps[i] = .block(kind, view: view, chains: c)
                        out.append(t)
                    }
                }
            }
        }
        return out
    }

    /// Candidates simpler than `r`: 0, then 1, then the integer toward zero, then half of it.
    static func simpler(_ r: Rational) -> [Rational] {
        var candidates: [Rational] = []
        let whole = Int(r.numerator / r.denominator)
        for c in [Rational(0), Rational(1), Rational(whole), Rational(whole / 2)]
        where abs(c.doubleValue) < abs(r.doubleValue) || (c.denominator == 1 && r.denominator != 1) {
            if !candidates.contains(c) && c != r { candidates.append(c) }
        }
        return candidates
    }

    /// The layout without view `v` (which nothing names); later views are renumbered.
    func removingView(_ v: Int) -> RandomLayout {
        var t = self
        t.views.remove(at: v)
        let shift = { (i: Int) in i > v ? i - 1 : i }
        for i in t.views.indices { t.views[i].parent = t.views[i].parent.map(shift) }
        t.steps = t.steps.map { step in
            switch step {
            case .block(let kind, let view, let chains):
                return .block(kind, view: shift(view), chains: chains.map { chain in
                    Chain(parts: chain.parts.map { if case .view(let w) = $0 { .view(shift(w)) } else { $0 } })
                })
            case .edit(let view, let c, let p): return .edit(view: shift(view), component: c, priority: p)
            case .suggest(let view, let c, let value): return .suggest(view: shift(view), component: c, value: value)
            case .remove(let view): return .remove(view: shift(view))
            case .resize, .expect: return step
            }
        }
        return t
    }

    /// A rough size for reports: views plus chains plus other steps.
    public var weight: Int {
        views.count + steps.reduce(0) { total, step in
            if case .block(_, _, let chains) = step { return total + chains.count }
            return total + 1
        }
    }
}
