import PlumbSystem

/// Turns a written chain into `NSLayoutConstraint`-form constraints under a dialect's rules: which attributes,
/// which second item and attribute, which constant.
struct ChainResolver {
    let tree: ViewTree
    let dialect: Dialect

    func resolve(_ chain: ConstraintChain, receiver: View) throws(LayoutError) -> [ResolvedConstraint] {
        let location = chain.location
        guard !chain.attributes.isEmpty else { throw LayoutError(.noAttributes, at: location) }
        guard let relation = chain.relation ?? (dialect == .masonry ? .equal : nil) else {
            return []  // SnapKit drops a description with no relation.
        }
        let attributes = dialect.expand(chain.attributes)
        let multiplier = try resolveMultiplier(chain.multiplier, at: location)
        let priority = chain.priority ?? .required
        guard priority.isValid else { throw LayoutError(.priorityOutOfRange(priority), at: location) }
        let indexChildren = attributes.count > 1 || chain.attributes.contains {
            if case .composite = $0 { return true } else { return false }
        }

        var result: [ResolvedConstraint] = []
        for (i, attribute) in attributes.enumerated() {
            var key = chain.key
            if dialect == .masonry, indexChildren, let k = key { key = "\(k)[\(i)]" }
            try appendConstraints(for: attribute, target: chain.target, chain: chain, relation: relation,
                                  multiplier: multiplier, priority: priority, key: key,
                                  allAttributes: attributes, receiver: receiver, into: &result)
        }
        return result
    }

    private func appendConstraints(for attribute: LayoutAttribute, target: ConstraintTarget?, chain: ConstraintChain,
                                   relation: Relation, multiplier: Rational, priority: Priority, key: String?,
                                   allAttributes: [LayoutAttribute], receiver: View,
                                   into result: inout [ResolvedConstraint]) throws(LayoutError) {
        let location = chain.location
        var secondItem: ResolvedItem?
        var secondAttribute: LayoutAttribute?
        var valueModifier: ConstantValue?

        switch target {
        case .array(let elements):
            guard dialect == .masonry else {
                throw LayoutError(.unsupportedTarget("an array of targets is Masonry's; SnapKit takes one target per constraint"), at: location)
            }
            for (j, element) in elements.enumerated() {
                let elementKey = key.map { "\($0)[\(j)]" }
                try appendConstraints(for: attribute, target: element, chain: chain, relation: relation,
                                      multiplier: multiplier, priority: priority, key: elementKey,
                                      allAttributes: allAttributes, receiver: receiver, into: &result)
            }
            return
        case .item(let reference, let explicitAttribute):
            secondItem = try resolveItem(reference, receiver: receiver, at: location)
            secondAttribute = explicitAttribute ?? attribute
        case .items(let reference, let composite):
            guard dialect == .snapkit else {
                throw LayoutError(.unsupportedTarget("a multi-attribute target (\(composite.rawValue)) is SnapKit's; in Masonry name the view"), at: location)
            }
            secondItem = try resolveItem(reference, receiver: receiver, at: location)
            secondAttribute = try mapMultiAttributeTarget(attribute, makerAttributes: allAttributes,
                                                          target: composite, at: location)
        case .value(let modifier):
            valueModifier = modifier
            fallthrough
        case nil:
            if attribute.kind == .location {
                guard let superview = receiver.superview else {
                    throw LayoutError(.missingSuperview(receiver.id), at: location)
                }
                secondItem = .view(superview.id)
                secondAttribute = dialect.superviewAttribute(forConstantOn: attribute)
            }
        }

        var modifiers = chain.constantModifiers
        if let valueModifier {
            modifiers.insert(valueModifier, at: min(chain.modifiersBeforeRelation, modifiers.count))
        }
        let constant: Rational
        do {
            constant = try dialect.constant(from: modifiers, first: attribute, second: secondAttribute,
                                            direction: tree.root.effectiveDirection)
        } catch {
            throw LayoutError(.number(error), at: location)
        }
        result.append(ResolvedConstraint(
            firstItem: .view(receiver.id), firstAttribute: attribute, relation: relation,
            secondItem: secondItem, secondAttribute: secondAttribute, multiplier: multiplier,
            constant: constant, priority: priority, key: key, location: location))
    }

    private func resolveMultiplier(_ modifier: MultiplierModifier?, at location: SourceLocation) throws(LayoutError) -> Rational {
        switch modifier {
        case nil: return .one
        case .multipliedBy(let m): return m
        case .dividedBy(let d):
            guard !d.isZero else { throw LayoutError(.divisionByZero, at: location) }
            do { return try d.reciprocal() } catch { throw LayoutError(.number(error), at: location) }
        }
    }

    func resolveItem(_ reference: ItemReference, receiver: View, at location: SourceLocation?) throws(LayoutError) -> ResolvedItem {
        switch reference {
        case .view(let id):
            guard tree.view(id) != nil else { throw LayoutError(.unknownView(id), at: location) }
            return .view(id)
        case .superview:
            guard let superview = receiver.superview else { throw LayoutError(.missingSuperview(receiver.id), at: location) }
            return .view(superview.id)
        case .safeArea(let id):
            guard tree.view(id) != nil else { throw LayoutError(.unknownView(id), at: location) }
            return .safeArea(id)
        case .topLayoutGuide:
            return .topLayoutGuide
        case .bottomLayoutGuide:
            return .bottomLayoutGuide
        }
    }

    /// SnapKit accepts a multi-attribute target only with the maker's own attributes, or edges ↔ margins.
    private func mapMultiAttributeTarget(_ attribute: LayoutAttribute, makerAttributes: [LayoutAttribute],
                                         target: CompositeAttribute, at location: SourceLocation) throws(LayoutError) -> LayoutAttribute {
        let maker = Set(makerAttributes)
        let members = Set(target.members)
        if maker == members { return attribute }
        let crossed = Set(makerAttributes.compactMap(\.marginCounterpart))
        if crossed.count == maker.count, crossed == members, let mapped = attribute.marginCounterpart {
            return mapped
        }
        throw LayoutError(.nonIdenticalMultiAttributeTarget, at: location)
    }
}
