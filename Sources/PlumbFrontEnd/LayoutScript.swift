import PlumbSystem

/// A layout as a data file describes it: a root, views, and steps in order, as Masonry code does them.
/// `LayoutFile` reads one from text; `apply` plays it on a fresh `ViewTree`.
public struct LayoutScript: Sendable {
    /// A view as declared (`view ID in PARENT ...`).
    public struct ViewDeclaration: Sendable {
        public var id: String
        public var parent: String?
        public var properties: [ViewProperty]
        public var location: SourceLocation
    }

    /// One settable property of a view.
    public enum ViewProperty: Hashable, Sendable {
        case intrinsicSize(width: Rational?, height: Rational?)
        case hugging(horizontal: Priority, vertical: Priority)
        case compressionResistance(horizontal: Priority, vertical: Priority)
        case margins(EdgeInsets)
        case safeArea(EdgeInsets)
        case baselines(firstFromTop: Rational?, lastFromBottom: Rational?)
        case direction(LayoutDirection?)
    }

    /// One step of the layout's life.
    public enum Step: Sendable {
        case make([String], [ConstraintChain])
        case update([String], [ConstraintChain])
        case remake([String], [ConstraintChain])
        /// `removeConstraints()`.
        case removeConstraints(String)
        case removeFromSuperview(String)
        case setProperties(String, [ViewProperty])
        case distribute([String], LayoutAttribute.Axis, DistributionMode, lead: Rational, tail: Rational)
        case resizeRoot(Size)
    }

    public var name: String
    public var dialect: Dialect
    public var rootSize: Size
    public var direction: LayoutDirection
    public var rootProperties: [ViewProperty]
    public var views: [ViewDeclaration]
    public var steps: [(step: Step, location: SourceLocation)]

    public init(name: String, dialect: Dialect = .masonry, rootSize: Size, direction: LayoutDirection = .leftToRight) {
        self.name = name
        self.dialect = dialect
        self.rootSize = rootSize
        self.direction = direction
        self.rootProperties = []
        self.views = []
        self.steps = []
    }

    /// A tree with the declared views, before any step.
    public func makeTree() throws(LayoutError) -> ViewTree {
        let tree = ViewTree(size: rootSize, direction: direction, dialect: dialect)
        apply(rootProperties, to: tree.root)
        for declaration in views {
            do throws(LayoutError) {
                var parent: View? = tree.root
                if let parentID = declaration.parent {
                    guard let p = tree.view(parentID) else { throw LayoutError(.unknownView(parentID)) }
                    parent = p
                }
                let view = try tree.addView(declaration.id, in: parent)
                apply(declaration.properties, to: view)
            } catch {
                throw error.located(at: declaration.location)
            }
        }
        return tree
    }

    /// Plays every step on `tree`.
    public func play(on tree: ViewTree) throws(LayoutError) {
        for (step, location) in steps { try perform(step, on: tree, at: location) }
    }

    /// Plays one step.
    public func perform(_ step: Step, on tree: ViewTree, at location: SourceLocation) throws(LayoutError) {
        do throws(LayoutError) {
            switch step {
            case .make(let ids, let chains):
                for view in try lookUp(ids, in: tree) { try tree.makeConstraints(chains, for: view) }
            case .update(let ids, let chains):
                for view in try lookUp(ids, in: tree) { try tree.updateConstraints(chains, for: view) }
            case .remake(let ids, let chains):
                for view in try lookUp(ids, in: tree) { try tree.remakeConstraints(chains, for: view) }
            case .removeConstraints(let id):
                tree.removeConstraints(of: try lookUp([id], in: tree)[0])
            case .removeFromSuperview(let id):
                tree.removeFromSuperview(try lookUp([id], in: tree)[0])
            case .setProperties(let id, let properties):
                apply(properties, to: try lookUp([id], in: tree)[0])
            case .distribute(let ids, let axis, let mode, let lead, let tail):
                try tree.distribute(try lookUp(ids, in: tree), along: axis, mode, leadSpacing: lead, tailSpacing: tail,
                                    file: location.file, line: location.line)
            case .resizeRoot(let size):
                tree.rootSize = size
            }
        } catch {
            throw error.located(at: location)
        }
    }

    /// A tree with every step played.
    public func build() throws(LayoutError) -> ViewTree {
        let tree = try makeTree()
        try play(on: tree)
        return tree
    }

    private func lookUp(_ ids: [String], in tree: ViewTree) throws(LayoutError) -> [View] {
        try ids.map { (id) throws(LayoutError) -> View in
            guard let view = tree.view(id) else { throw LayoutError(.unknownView(id)) }
            return view
        }
    }

    private func apply(_ properties: [ViewProperty], to view: View) {
        for property in properties {
            switch property {
            case .intrinsicSize(let w, let h):
                view.intrinsicWidth = w
                view.intrinsicHeight = h
            case .hugging(let h, let v):
                view.huggingPriority = AxisPriorities(horizontal: h, vertical: v)
            case .compressionResistance(let h, let v):
                view.compressionResistance = AxisPriorities(horizontal: h, vertical: v)
            case .margins(let m):
                view.layoutMargins = m
            case .safeArea(let s):
                view.safeAreaInsets = s
            case .baselines(let first, let last):
                view.firstBaselineFromTop = first
                view.lastBaselineFromBottom = last
            case .direction(let d):
                view.direction = d
            }
        }
    }
}

extension LayoutError {
    /// The error with `location` filled in where it had none.
    func located(at location: SourceLocation) -> LayoutError {
        self.location == nil ? LayoutError(kind, constraint: constraint, at: location) : self
    }
}
