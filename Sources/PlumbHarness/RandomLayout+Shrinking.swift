import PlumbSystem
import PlumbFrontEnd

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
                for (p, r) in chains[k].chain.numbers.enumerated() {
                    for simpler in Self.simpler(r) {
                        var t = self
                        var c = chains
                        c[k].chain = c[k].chain.replacingNumber(p, with: simpler)
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
                    var renamed = chain
                    renamed.chain.target = chain.chain.target.map { RandomLayout.renaming($0) { id in
                        RandomLayout.index(of: id).map { RandomLayout.id(shift($0)) } ?? id
                    } }
                    return renamed
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

extension RandomLayout {
    /// `target` with every view id renamed by `rename`.
    static func renaming(_ target: ConstraintTarget, _ rename: (String) -> String) -> ConstraintTarget {
        switch target {
        case .item(.view(let id), let a): .item(.view(rename(id)), a)
        case .item(.safeArea(let id), let a): .item(.safeArea(rename(id)), a)
        case .items(.view(let id), let c): .items(.view(rename(id)), c)
        case .items(.safeArea(let id), let c): .items(.safeArea(rename(id)), c)
        case .array(let elements): .array(elements.map { renaming($0, rename) })
        case .item, .items, .value: target
        }
    }
}

extension ConstraintChain {
    /// The numbers the chain writes, in a fixed order: its value target's, its constant modifiers', its multiplier.
    var numbers: [Rational] {
        var found: [Rational] = []
        _ = mappingNumbers { found.append($0); return $0 }
        return found
    }

    /// The chain with number `index` of `numbers` replaced by `value`.
    func replacingNumber(_ index: Int, with value: Rational) -> ConstraintChain {
        var k = 0
        return mappingNumbers { r in
            defer { k += 1 }
            return k == index ? value : r
        }
    }

    /// The chain with `transform` applied to each of its numbers in order.
    func mappingNumbers(_ transform: (Rational) -> Rational) -> ConstraintChain {
        func mapped(_ value: ConstantValue) -> ConstantValue {
            switch value {
            case .number(let n): .number(transform(n))
            case .point(let p): .point(Point(x: transform(p.x), y: transform(p.y)))
            case .size(let s): .size(Size(width: transform(s.width), height: transform(s.height)))
            case .insets(let e):
                .insets(EdgeInsets(top: transform(e.top), left: transform(e.left), bottom: transform(e.bottom), right: transform(e.right)))
            case .directionalInsets(let e):
                .directionalInsets(DirectionalEdgeInsets(top: transform(e.top), leading: transform(e.leading),
                                                         bottom: transform(e.bottom), trailing: transform(e.trailing)))
            }
        }
        func mapped(_ target: ConstraintTarget) -> ConstraintTarget {
            switch target {
            case .value(let v): .value(mapped(v))
            case .array(let elements): .array(elements.map(mapped))
            case .item, .items: target
            }
        }
        var chain = self
        chain.target = target.map(mapped)
        chain.constantModifiers = constantModifiers.map(mapped)
        switch multiplier {
        case .multipliedBy(let m)?: chain.multiplier = .multipliedBy(transform(m))
        case .dividedBy(let d)?: chain.multiplier = .dividedBy(transform(d))
        case nil: break
        }
        return chain
    }
}
