import PlumbSystem

/// A root of fixed size, its views, and the constraints installed on them.
///
/// Every change (make, update, remake, remove, a property or root-size change) is recorded as a
/// `TreeChange`, so that a `LayoutEngine` applies it to its solver incrementally instead of rebuilding.
public final class ViewTree {
    /// The root view; its frame is `(0, 0, rootSize)`. It is always the first of `views`.
    public var root: View { views[0] }
    /// Which library's meaning chains have.
    public var dialect: Dialect
    /// The root's size; changing it changes two constants in place.
    public var rootSize: Size { didSet { rootSizeChanged() } }
    /// Every view in creation order, the root first.
    public private(set) var views: [View] = []
    private var viewsByID: [String: View] = [:]

    /// Installed constraints by id; ids grow in installation order.
    public private(set) var constraints: [Int: InstalledConstraint] = [:]
    /// Installed constraint ids in installation order.
    public var constraintOrder: [Int] { constraints.keys.sorted() }
    private var nextConstraintID = 0
    private var nextGroupID = 0
    private var rootFrameIDs: [Int] = []
    /// Content-size constraints per view: [width hugging, width compression, height hugging, height compression].
    private var contentSizeIDs: [String: [Int]] = [:]
    private var pendingChanges: [TreeChange] = []
    /// DSL constraint ids by the views their items belong to.
    private var constraintsByOwner: [String: [Int]] = [:]

    /// A tree whose root is `rootID`, `size` large, laid out in `direction`.
    public init(rootID: String = "root", size: Size, direction: LayoutDirection = .leftToRight, dialect: Dialect = .masonry) {
        self.dialect = dialect
        self.rootSize = size
        let root = View(id: rootID, tree: self, firstVariable: 0)
        root.direction = direction
        views = [root]
        root.layoutMargins = .zero
        viewsByID[rootID] = root
        let labels = ["\(rootID).left == 0", "\(rootID).top == 0", "\(rootID).width == \(size.width)", "\(rootID).height == \(size.height)"]
        let rows: [(VariableID, Rational)] = [(root.x, .zero), (root.y, .zero), (root.widthVariable, -size.width), (root.heightVariable, -size.height)]
        for (row, label) in zip(rows, labels) {
            var e = LinearExpression(row.0)
            try? e.add(constant: row.1)
            rootFrameIDs.append(install(LinearConstraint(e, .equal, label: label), resolved: nil, origin: .rootFrame))
        }
    }

    deinit {
        // Release the hierarchy flat: a deep chain of subviews would otherwise be freed recursively and can
        // overflow the stack (a million nested views).
        for view in views { view.subviews.removeAll() }
    }

    /// The view with `id`, if any.
    public func view(_ id: String) -> View? { viewsByID[id] }

    /// Adds a view under `superview` (nil: not in the hierarchy yet); a scroll view gets content-size variables.
    @discardableResult
    public func addView(_ id: String, in superview: View?, isScrollView: Bool = false) throws(LayoutError) -> View {
        guard viewsByID[id] == nil else { throw LayoutError(.duplicateView(id)) }
        let last = views[views.count - 1]
        let view = View(id: id, tree: self, firstVariable: last.firstVariable + last.variableCount, isScrollView: isScrollView)
        views.append(view)
        viewsByID[id] = view
        if let superview {
            view.superview = superview
            superview.subviews.append(view)
        }
        view.refreshInheritedState()
        return view
    }

    /// Moves `view` under `superview`; a view cannot become its own ancestor.
    public func setSuperview(_ superview: View?, of view: View) throws(LayoutError) {
        if let superview, superview.isDescendant(of: view) { throw LayoutError(.cyclicParent(view.id)) }
        guard !view.isRoot else { throw LayoutError(.unsupported("the root cannot be given a superview")) }
        view.superview?.subviews.removeAll { $0 === view }
        view.superview = superview
        superview?.subviews.append(view)
        view.refreshInheritedState()
        relowerConstraints(touching: view)
    }

    /// Takes `view` and its subviews out of the hierarchy, removing every constraint that names any of them
    /// (`removeFromSuperview`).
    public func removeFromSuperview(_ view: View) {
        guard !view.isRoot else { return }
        var removed = Set<String>()
        var stack = [view]
        while let v = stack.popLast() {
            removed.insert(v.id)
            stack.append(contentsOf: v.subviews)
        }
        for id in constraintOrder {
            guard let c = constraints[id], let r = c.resolved else { continue }
            if removed.contains(ownerID(of: r.firstItem)) || r.secondItem.map({ removed.contains(ownerID(of: $0)) }) == true {
                uninstall(id)
            }
        }
        view.superview?.subviews.removeAll { $0 === view }
        view.superview = nil
        view.refreshInheritedState()
    }

    /// The variable names: `id.x`, `id.y`, `id.w`, `id.h` per view in creation order, then `id.contentW`,
    /// `id.contentH` for a scroll view.
    public var variableNames: [String] {
        views.flatMap(\.variableNames)
    }

    /// The installed constraints as one linear system, in installation order, leaving out the constraints whose
    /// ids are in `refused` (those a `LayoutEngine` could not add: not in force).
    public func linearSystem(name: String = "", leavingOut refused: Set<Int> = []) -> LinearSystem {
        LinearSystem(name: name, variables: variableNames,
                     constraints: constraintOrder.compactMap { refused.contains($0) ? nil : constraints[$0]?.linear })
    }

    /// The constraints made through the DSL whose receiver is `view`, oldest first.
    public func dslConstraints(of view: View) -> [InstalledConstraint] {
        (constraintsByOwner[view.id] ?? []).sorted().compactMap { constraints[$0] }.filter {
            if case .dsl(let receiver, _) = $0.origin { return receiver == view.id } else { return false }
        }
    }

    /// Changes since the last call, in order.
    public func takeChanges() -> [TreeChange] {
        defer { pendingChanges.removeAll() }
        return pendingChanges
    }

    // MARK: - Installing

    func newGroupID() -> Int {
        nextGroupID += 1
        return nextGroupID
    }

    @discardableResult
    func install(_ linear: LinearConstraint, resolved: ResolvedConstraint?, origin: InstalledConstraint.Origin) -> Int {
        let id = nextConstraintID
        nextConstraintID += 1
        constraints[id] = InstalledConstraint(id: id, linear: linear, resolved: resolved, origin: origin)
        if let resolved {
            constraintsByOwner[ownerID(of: resolved.firstItem), default: []].append(id)
            if let second = resolved.secondItem, ownerID(of: second) != ownerID(of: resolved.firstItem) {
                constraintsByOwner[ownerID(of: second), default: []].append(id)
            }
        }
        pendingChanges.append(.added(id))
        return id
    }

    func uninstall(_ id: Int) {
        guard let removed = constraints.removeValue(forKey: id) else { return }
        if let resolved = removed.resolved {
            for item in [resolved.firstItem] + (resolved.secondItem.map { [$0] } ?? []) {
                constraintsByOwner[ownerID(of: item)]?.removeAll { $0 == id }
            }
        }
        pendingChanges.append(.removed(id))
    }

    /// Gives an installed DSL constraint a new constant (re-lowered, changed in place).
    func changeConstant(of id: Int, to constant: Rational) throws(LayoutError) {
        guard let installed = constraints[id], let resolved = installed.resolved else { return }
        let updated = resolved.withConstant(constant)
        let linear = try lower(updated)
        constraints[id] = InstalledConstraint(id: id, linear: linear, resolved: updated, origin: installed.origin)
        pendingChanges.append(.constantChanged(id))
    }

    private func rootSizeChanged() {
        guard rootFrameIDs.count == 4 else { return }
        setSystemConstant(rootFrameIDs[2], -rootSize.width, label: "\(root.id).width == \(rootSize.width)")
        setSystemConstant(rootFrameIDs[3], -rootSize.height, label: "\(root.id).height == \(rootSize.height)")
    }

    private func setSystemConstant(_ id: Int, _ constant: Rational, label: String) {
        guard let installed = constraints[id] else { return }
        constraints[id] = InstalledConstraint(id: id, linear: installed.linear.withConstant(constant).withLabel(label),
                                              resolved: nil, origin: installed.origin)
        pendingChanges.append(.constantChanged(id))
    }

    // MARK: - View properties

    func viewPropertiesChanged(_ view: View) {
        guard viewsByID[view.id] === view else { return }  // still initialising
        updateContentSizeConstraints(of: view)
        relowerConstraints(touching: view)
    }

    /// Hugging (`<=`) and compression resistance (`>=`) toward the intrinsic size, per axis that has one.
    private func updateContentSizeConstraints(of view: View) {
        var wanted: [(LinearConstraint, InstalledConstraint.Origin)] = []
        let axes: [(Rational?, VariableID, String, Priority, Priority)] = [
            (view.intrinsicWidth, view.widthVariable, "width", view.huggingPriority.horizontal, view.compressionResistance.horizontal),
            (view.intrinsicHeight, view.heightVariable, "height", view.huggingPriority.vertical, view.compressionResistance.vertical),
        ]
        for (size, variable, name, hugging, compression) in axes {
            guard let size else { continue }
            var e = LinearExpression(variable)
            try? e.add(constant: -size)
            wanted.append((LinearConstraint(e, .lessOrEqual, priority: hugging,
                                            label: "\(view.id).\(name) <= \(size) ^\(ResolvedConstraint.priorityName(hugging)) [content hugging]"),
                           .contentSize(view.id)))
            wanted.append((LinearConstraint(e, .greaterOrEqual, priority: compression,
                                            label: "\(view.id).\(name) >= \(size) ^\(ResolvedConstraint.priorityName(compression)) [compression resistance]"),
                           .contentSize(view.id)))
        }
        let existing = contentSizeIDs[view.id] ?? []
        if existing.count == wanted.count,
           zip(existing, wanted).allSatisfy({ id, w in
               guard let old = constraints[id]?.linear else { return false }
               return old.terms == w.0.terms && old.relation == w.0.relation && old.priority == w.0.priority
           }) {
            for (id, w) in zip(existing, wanted) where constraints[id]?.linear != w.0 {
                constraints[id] = InstalledConstraint(id: id, linear: w.0, resolved: nil, origin: w.1)
                pendingChanges.append(.constantChanged(id))
            }
            return
        }
        for id in existing { uninstall(id) }
        contentSizeIDs[view.id] = wanted.map { install($0.0, resolved: nil, origin: $0.1) }
    }

    /// Re-lowers the DSL constraints naming `view` or a view under it, after geometry inputs changed (nil: all):
    /// a constant change where only the constant moved, otherwise a replacement.
    private func relowerConstraints(touching view: View?) {
        var ids: [Int]
        if let view {
            var subtree = Set<String>()
            var stack = [view]
            while let v = stack.popLast() {
                subtree.insert(v.id)
                stack.append(contentsOf: v.subviews)
            }
            ids = subtree.flatMap { constraintsByOwner[$0] ?? [] }
            ids = Array(Set(ids)).sorted()
        } else {
            ids = constraintOrder
        }
        for id in ids {
            guard let installed = constraints[id], let resolved = installed.resolved else { continue }
            guard let linear = try? lower(resolved), linear != installed.linear else { continue }
            let sameShape = linear.terms == installed.linear.terms && linear.relation == installed.linear.relation
            constraints[id] = InstalledConstraint(id: id, linear: linear, resolved: resolved, origin: installed.origin)
            pendingChanges.append(sameShape ? .constantChanged(id) : .replaced(id))
        }
    }

    /// The id of the view that owns an item (a guide's owner; the root for the legacy guides).
    func ownerID(of item: ResolvedItem) -> String {
        switch item {
        case .view(let id), .safeArea(let id): id
        case .topLayoutGuide, .bottomLayoutGuide: root.id
        }
    }
}

/// A constraint in a tree: its lowered row, its `NSLayoutConstraint` form when it came from the DSL, and why it exists.
public struct InstalledConstraint: Hashable, Sendable {
    /// Why a constraint is in the tree.
    public enum Origin: Hashable, Sendable {
        /// The root's fixed frame.
        case rootFrame
        /// Hugging or compression resistance of a view.
        case contentSize(String)
        /// Made through the DSL with `receiver` as first item, in one chain (`group`).
        case dsl(receiver: String, group: Int)
    }
    public let id: Int
    public let linear: LinearConstraint
    public let resolved: ResolvedConstraint?
    public let origin: Origin
}

/// One change to a tree's constraints, for a layout engine to apply to its solver.
public enum TreeChange: Hashable, Sendable {
    case added(Int)
    case removed(Int)
    case constantChanged(Int)
    /// The row changed beyond its constant (a direction or hierarchy change): remove and add.
    case replaced(Int)
}

