import PlumbSystem
import PlumbFrontEnd

/// A layout as a data file describes it: a root, views, and steps in order, as Masonry code does them.
/// `LayoutFile` reads one from text; `build()` and `played()` play it on a fresh `ViewTree`, `play(on:)` on a given one.
public struct LayoutScript: Sendable {
    /// A view as declared (`view ID in PARENT ...`).
    public struct ViewDeclaration: Sendable {
        public var id: String
        public var parent: String?
        public var properties: [ViewProperty]
        /// A scroll view (`view ID scrollview`): its edges attach to its content area for views inside it.
        public var isScrollView: Bool = false
        public var location: SourceLocation

        public init(id: String, parent: String? = nil, properties: [ViewProperty] = [], isScrollView: Bool = false,
                    location: SourceLocation) {
            self.id = id
            self.parent = parent
            self.properties = properties
            self.isScrollView = isScrollView
            self.location = location
        }
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

    /// Which Masonry call a block is; `prepare` is SnapKit's `prepareConstraints` (made, not installed, until a
    /// kept reference is activated).
    public enum BlockKind: String, Sendable { case make, update, remake, prepare }

    /// A block of chains for some receivers; `names` gives kept references (`self.top = make.top...`) by chain index.
    public struct Block: Sendable {
        public var kind: BlockKind
        public var receivers: [String]
        public var chains: [ConstraintChain]
        public var names: [Int: String]

        public init(kind: BlockKind, receivers: [String], chains: [ConstraintChain], names: [Int: String] = [:]) {
            self.kind = kind
            self.receivers = receivers
            self.chains = chains
            self.names = names
        }
    }

    /// One step of the layout's life.
    public indirect enum Step: Sendable {
        case block(Block)
        /// `removeConstraints()`.
        case removeConstraints(String)
        case removeFromSuperview(String)
        case setProperties(String, [ViewProperty])
        case distribute([String], LayoutAttribute.Axis, DistributionMode, lead: Rational, tail: Rational)
        case resizeRoot(Size)
        /// A constant change on a kept reference (`topConstraint.offset = 20`, `update(inset:)`).
        case changeConstant(reference: String, ConstantValue)
        /// `[reference uninstall]` / `deactivate()` (false) or `install` / `activate()` (true).
        case setActive(reference: String, Bool)
        /// Makes a frame component editable at a priority below 1000.
        case addEdit(view: String, FrameComponent, Priority)
        case removeEdit(view: String, FrameComponent)
        /// One round of suggestions (root-coordinate values), then a solve.
        case suggest([(view: String, component: FrameComponent, value: Rational)])
        /// A point where the layout is to be looked at (what it must look like is the corpus's business).
        case expect(Checkpoint)
        /// A step that must be rejected with an error whose message contains the text, changing nothing
        /// (`expect error "..."` after it).
        case failing(Step, String)
    }

    public var name: String
    /// Where `layout NAME` gave the name (nil: the layout is named after its file).
    public var nameLocation: SourceLocation?
    /// Where the layout comes from (`Masonry example: Basic`).
    public var source: String?
    /// Features, size class and other labels for filtering.
    public var tags: [String] = []
    public var dialect: Dialect
    public var rootSize: Size
    public var direction: LayoutDirection
    public var rootProperties: [ViewProperty]
    public var views: [ViewDeclaration]
    public var steps: [(step: Step, location: SourceLocation)]
    /// Every place the file's code uses a value it does not give (a parameter), in file order
    /// (`ParameterUse.unboundWarning` lists the unbound ones).
    public var parameterUses: [ParameterUse] = []
    /// Views the code names that the file does not declare (each added in the root, or where an `addSubview` puts
    /// it); `UndeclaredView.warning` lists them.
    public var undeclaredViews: [UndeclaredView] = []

    public init(name: String, dialect: Dialect = .masonry, rootSize: Size, direction: LayoutDirection = .leftToRight) {
        self.name = name
        self.source = nil
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
                let view = try tree.addView(declaration.id, in: parent, isScrollView: declaration.isScrollView)
                apply(declaration.properties, to: view)
            } catch {
                throw error.located(at: declaration.location)
            }
        }
        return tree
    }

    /// Plays every step on `tree` (edits, suggestions and expectations are left to a `LayoutPlayer` with an engine).
    public func play(on tree: ViewTree) throws(LayoutError) {
        let player = LayoutPlayer(script: self, tree: tree)
        for (step, location) in steps { try player.perform(step, at: location) }
    }

    /// A player (without an engine) that has played every step on a new tree: its `tree` and `linearSystem()`
    /// are the layout's final state.
    public func played() throws(LayoutError) -> LayoutPlayer {
        let player = LayoutPlayer(script: self, tree: try makeTree())
        for (step, location) in steps { try player.perform(step, at: location) }
        return player
    }

    /// The layout after every step, with its edits and suggestion rounds, as one linear system (layout-lp/1's model).
    public func lowered() throws(LayoutError) -> LinearSystem { try played().linearSystem() }

    /// A tree with every step played.
    public func build() throws(LayoutError) -> ViewTree {
        let tree = try makeTree()
        try play(on: tree)
        return tree
    }

    func lookUp(_ ids: [String], in tree: ViewTree) throws(LayoutError) -> [View] {
        try ids.map { (id) throws(LayoutError) -> View in
            guard let view = tree.view(id) else { throw LayoutError(.unknownView(id)) }
            return view
        }
    }

    func apply(_ properties: [ViewProperty], to view: View) {
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
