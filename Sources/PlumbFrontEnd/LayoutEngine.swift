import PlumbSystem
import PlumbSolver

/// A view's frame relative to its superview, as the back end solved it.
public struct Frame: Hashable, Sendable, CustomStringConvertible {
    public let x: SolvedValue
    public let y: SolvedValue
    public let width: SolvedValue
    public let height: SolvedValue

    public init(x: SolvedValue, y: SolvedValue, width: SolvedValue, height: SolvedValue) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var description: String { "(\(x), \(y), \(width), \(height))" }
}

/// One of a view's four variables.
public enum FrameComponent: String, Hashable, Sendable, CaseIterable {
    case x, y, width, height
}

/// A required constraint the back end could not add, with the constraints it conflicts with.
public struct UnsatisfiedConstraint: Hashable, Sendable {
    /// The constraint, in Masonry's debug form.
    public let constraint: String
    /// The installed constraints it conflicts with, when the back end can tell.
    public let conflictsWith: [String]?
    public let location: SourceLocation?

    public init(constraint: String, conflictsWith: [String]?, location: SourceLocation?) {
        self.constraint = constraint
        self.conflictsWith = conflictsWith
        self.location = location
    }
}

/// Ties a view tree to one back end: every tree change reaches the solver incrementally (adds, removes,
/// constant changes), never as a rebuild.
public final class LayoutEngine {
    public let tree: ViewTree
    public let solver: any LayoutSolver
    private var inSolver = Set<Int>()
    /// What the back end said about its last solve.
    public private(set) var lastReport = SolveReport()
    /// Required constraints the solver refused, retried at every `layout()` until they fit or are removed.
    private var refused: [Int: [ConstraintID]?] = [:]

    /// The tree ids of the required constraints the last `layout()` could not add (not in force; retried at
    /// every `layout()` until they fit or are removed), in id order.
    public var refusedConstraints: [Int] { refused.keys.sorted() }

    public init(tree: ViewTree, solver: any LayoutSolver) {
        self.tree = tree
        self.solver = solver
    }

    /// Applies the tree's changes and solves. Constraints that cannot be satisfied are reported, not thrown:
    /// the rest of the layout is still solved, as Auto Layout breaks a constraint and carries on.
    @discardableResult
    public func layout() throws(SolverError) -> [UnsatisfiedConstraint] {
        for change in tree.takeChanges() {
            switch change {
            case .added(let id):
                try add(id)
            case .removed(let id):
                refused[id] = nil
                if inSolver.remove(id) != nil { try solver.remove(ConstraintID(id)) }
            case .constantChanged(let id):
                guard let installed = tree.constraints[id] else { continue }
                if inSolver.contains(id) {
                    do {
                        try solver.setConstant(installed.linear.constant, of: ConstraintID(id))
                    } catch .unsatisfiable(_, let others) {
                        try solver.remove(ConstraintID(id))
                        inSolver.remove(id)
                        refused[id] = .some(others)
                    }
                }
            case .replaced(let id):
                if inSolver.remove(id) != nil { try solver.remove(ConstraintID(id)) }
                refused[id] = nil
                try add(id)
            }
        }
        for id in refused.keys.sorted() {
            refused[id] = nil
            try add(id)
        }
        lastReport = try solver.solve()
        return refused.keys.sorted().compactMap { id in
            guard let installed = tree.constraints[id] else { return nil }
            let others = refused[id].flatMap { $0 }?.compactMap { tree.constraints[$0.index]?.linear.label ?? "c\($0.index)" }
            return UnsatisfiedConstraint(constraint: installed.linear.label ?? "c\(id)", conflictsWith: others,
                                         location: installed.resolved?.location)
        }
    }

    private func add(_ id: Int) throws(SolverError) {
        guard let installed = tree.constraints[id], !inSolver.contains(id) else { return }
        do {
            try solver.add(installed.linear, id: ConstraintID(id))
            inSolver.insert(id)
        } catch .unsatisfiable(_, let others) {
            refused[id] = .some(others)
        }
    }

    /// Lets `component` of `view` be suggested values at `priority` (a drag, an animation).
    public func addEditVariable(_ view: View, _ component: FrameComponent, priority: Priority) throws(SolverError) {
        try solver.addEditVariable(view.variable(component), priority: priority)
    }

    /// Stops editing `component` of `view`.
    public func removeEditVariable(_ view: View, _ component: FrameComponent) throws(SolverError) {
        try solver.removeEditVariable(view.variable(component))
    }

    /// Suggests a root-coordinate value for an edit variable; takes effect at the next `layout()`.
    public func suggest(_ value: Rational, for view: View, _ component: FrameComponent) throws(SolverError) {
        try solver.suggest(value, for: view.variable(component))
    }

    /// The frame of `view` relative to its superview, from the last `layout()`.
    public func frame(of view: View) -> Frame {
        let x = solver.value(of: view.x)
        let y = solver.value(of: view.y)
        guard let superview = view.superview else {
            return Frame(x: x, y: y, width: solver.value(of: view.widthVariable), height: solver.value(of: view.heightVariable))
        }
        return Frame(x: x.subtracting(solver.value(of: superview.x)), y: y.subtracting(solver.value(of: superview.y)),
                     width: solver.value(of: view.widthVariable), height: solver.value(of: view.heightVariable))
    }
}
