import PlumbSystem

extension ViewTree {
    /// Resolves and lowers chains for `view` without installing anything (so a failing block installs nothing).
    func prepare(_ chains: [ConstraintChain], for view: View) throws(LayoutError) -> [[(ResolvedConstraint, LinearConstraint)]] {
        let resolver = ChainResolver(tree: self, dialect: dialect)
        var prepared: [[(ResolvedConstraint, LinearConstraint)]] = []
        for chain in chains {
            var group: [(ResolvedConstraint, LinearConstraint)] = []
            for resolved in try resolver.resolve(chain, receiver: view) {
                group.append((resolved, try lower(resolved)))
            }
            prepared.append(group)
        }
        return prepared
    }

    private func installGroups(_ prepared: [[(ResolvedConstraint, LinearConstraint)]], for view: View) -> [ConstraintGroup] {
        prepared.map { group in
            let groupID = newGroupID()
            let ids = group.map { install($0.1, resolved: $0.0, origin: .dsl(receiver: view.id, group: groupID)) }
            return ConstraintGroup(tree: self, ids: ids, members: group.map(\.0), receiver: view.id)
        }
    }

    /// `makeConstraints`: installs every chain; repeated calls add (duplicates and conflicts included).
    @discardableResult
    public func makeConstraints(_ chains: [ConstraintChain], for view: View) throws(LayoutError) -> [ConstraintGroup] {
        installGroups(try prepare(chains, for: view), for: view)
    }

    /// `updateConstraints`: a constraint that matches an installed one (same items, attributes, relation,
    /// multiplier and priority) only changes its constant. Masonry adds the rest; SnapKit rejects the whole
    /// update if any constraint has no match, unless the view had no constraints yet (then it makes them).
    @discardableResult
    public func updateConstraints(_ chains: [ConstraintChain], for view: View) throws(LayoutError) -> [ConstraintGroup] {
        let prepared = try prepare(chains, for: view)
        let existing = dslConstraints(of: view).reversed()  // newest first, first hit wins
        if dialect == .snapkit && existing.isEmpty { return installGroups(prepared, for: view) }
        var plan: [[(ResolvedConstraint, LinearConstraint, Int?)]] = []
        for group in prepared {
            var planned: [(ResolvedConstraint, LinearConstraint, Int?)] = []
            for (resolved, linear) in group {
                let match = existing.first { $0.resolved?.matchesForUpdate(resolved) == true }?.id
                if match == nil && dialect == .snapkit {
                    throw LayoutError(.updateWithoutMatch, constraint: resolved.description, at: resolved.location)
                }
                planned.append((resolved, linear, match))
            }
            plan.append(planned)
        }
        var groups: [ConstraintGroup] = []
        for planned in plan {
            let groupID = newGroupID()
            var ids: [Int] = []
            for (resolved, linear, match) in planned {
                if let match {
                    // Lowering already succeeded for this constant, so this cannot fail.
                    try changeConstant(of: match, to: resolved.constant)
                    ids.append(match)
                } else {
                    ids.append(install(linear, resolved: resolved, origin: .dsl(receiver: view.id, group: groupID)))
                }
            }
            groups.append(ConstraintGroup(tree: self, ids: ids, members: planned.map(\.0), receiver: view.id))
        }
        return groups
    }

    /// `remakeConstraints`: removes the constraints `view` made (as first item), then makes these.
    @discardableResult
    public func remakeConstraints(_ chains: [ConstraintChain], for view: View) throws(LayoutError) -> [ConstraintGroup] {
        let prepared = try prepare(chains, for: view)
        removeConstraints(of: view)
        return installGroups(prepared, for: view)
    }

    /// Removes every constraint `view` made through the DSL (SnapKit's `removeConstraints()`).
    public func removeConstraints(of view: View) {
        for installed in dslConstraints(of: view) { uninstall(installed.id) }
    }

    /// The constant a kept constraint gets from a modifier applied later (Masonry `constraint.offset = …`,
    /// SnapKit `update(offset:)`), under this tree's dialect.
    func constant(afterApplying modifier: ConstantValue, to resolved: ResolvedConstraint) throws(NumberError) -> Rational {
        try dialect.constant(from: [modifier], first: resolved.firstAttribute, second: resolved.secondAttribute,
                             startingAt: resolved.constant, direction: root.effectiveDirection)
    }
}

/// The constraints one chain made, kept to change their constant later or to switch them off and on
/// (Masonry's kept `MASConstraint`, SnapKit's `Constraint`).
public final class ConstraintGroup {
    weak var tree: ViewTree?
    /// Installed ids while active.
    public private(set) var ids: [Int]
    /// The constraints as currently set.
    public private(set) var members: [ResolvedConstraint]
    let receiver: String
    public private(set) var isActive = true

    init(tree: ViewTree, ids: [Int], members: [ResolvedConstraint], receiver: String) {
        self.tree = tree
        self.ids = ids
        self.members = members
        self.receiver = receiver
    }

    /// Applies a constant modifier to every member, as the dialect reads it (a change in place).
    public func update(_ modifier: ConstantValue) throws(LayoutError) {
        let tree = try liveTree()
        var updated: [ResolvedConstraint] = []
        for member in members {
            do {
                updated.append(member.withConstant(try tree.constant(afterApplying: modifier, to: member)))
            } catch {
                throw LayoutError(.number(error), constraint: member.description, at: member.location)
            }
        }
        for member in updated { _ = try tree.lower(member) }  // validate before changing anything
        if isActive {
            for (id, member) in zip(ids, updated) { try tree.changeConstant(of: id, to: member.constant) }
        }
        members = updated
    }

    private func liveTree() throws(LayoutError) -> ViewTree {
        guard let tree else { throw LayoutError(.unsupported("the constraints outlived their tree: keep the ViewTree alive")) }
        return tree
    }

    public func update(offset: Rational) throws(LayoutError) { try update(.number(offset)) }
    public func update(inset: Rational) throws(LayoutError) { try update(.insets(EdgeInsets(inset))) }
    public func update(insets: EdgeInsets) throws(LayoutError) { try update(.insets(insets)) }
    public func update(sizeOffset: Size) throws(LayoutError) { try update(.size(sizeOffset)) }
    public func update(centerOffset: Point) throws(LayoutError) { try update(.point(centerOffset)) }

    /// Removes the members from the tree (`uninstall`, `deactivate()`).
    public func deactivate() {
        guard isActive else { return }
        for id in ids { tree?.uninstall(id) }
        isActive = false
    }

    /// Installs the members again (`activate()`).
    public func activate() throws(LayoutError) {
        guard !isActive else { return }
        let tree = try liveTree()
        let linears = try members.map { (m) throws(LayoutError) -> LinearConstraint in try tree.lower(m) }
        let groupID = tree.newGroupID()
        ids = zip(members, linears).map { tree.install($0.1, resolved: $0.0, origin: .dsl(receiver: receiver, group: groupID)) }
        isActive = true
    }
}
