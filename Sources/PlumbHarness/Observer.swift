import PlumbSystem
import PlumbSolver
import PlumbFrontEnd

/// Reads one answer the same way whatever produced it (one of Plumb's back ends behind a `LayoutEngine`, an
/// external program, a batch solve for a drawing): frames through the view tree's own variables, level totals
/// through `LinearSystem.levelViolations(at:)` over the rows in force, ambiguity through the back end's detector.
/// Nothing is added to the solver under test.
struct Observer {
    /// The views and their variables.
    let tree: ViewTree
    /// The rows in force when the answer was given (refused constraints left out), with the edits and suggestions.
    let system: LinearSystem
    /// The answer: every variable's value.
    let value: (VariableID) -> SolvedValue

    /// An observer of a layout solved in one batch, whose answer names its variables (layout-result/1's values);
    /// a variable the answer leaves out reads as NaN.
    init(tree: ViewTree, system: LinearSystem, answer: [LayoutResult.NamedValue]) {
        var byName: [String: SolvedValue] = [:]
        for entry in answer { byName[entry.name] = entry.value }
        let values = system.variables.map { byName[$0] ?? .float(.nan) }
        self.init(tree: tree, system: system) { $0.index < values.count ? values[$0.index] : .float(.nan) }
    }

    init(tree: ViewTree, system: LinearSystem, value: @escaping (VariableID) -> SolvedValue) {
        self.tree = tree
        self.system = system
        self.value = value
    }

    /// Every view's frame but the root's, relative to its superview (in root coordinates when it has none).
    func frames() -> [String: Frame] {
        var frames: [String: Frame] = [:]
        for view in tree.views where !view.isRoot { frames[view.id] = frame(of: view) }
        return frames
    }

    /// `view`'s frame relative to its superview.
    func frame(of view: View) -> Frame {
        let x = value(view.x), y = value(view.y)
        let width = value(view.widthVariable), height = value(view.heightVariable)
        guard let parent = view.superview else { return Frame(x: x, y: y, width: width, height: height) }
        return Frame(x: x.subtracting(value(parent.x)), y: y.subtracting(value(parent.y)), width: width, height: height)
    }

    /// `view`'s frame in root coordinates, as numbers to draw.
    func rootFrame(of view: View) -> (x: Double, y: Double, width: Double, height: Double) {
        (value(view.x).doubleValue, value(view.y).doubleValue,
         value(view.widthVariable).doubleValue, value(view.heightVariable).doubleValue)
    }

    /// Each priority level's total violation of the rows in force.
    func levelViolations() -> [Priority: SolvedValue] { system.levelViolations(at: value) }

    /// The frame components the optimal face leaves free, with their ranges, relative to the superview as frames
    /// are (a child's `x` ranges as `child.x − parent.x`, asked of the detector as one expression); nil when the
    /// detector cannot say.
    func ambiguity(of detector: any AmbiguityDetecting) -> [String: [FrameComponent: (min: SolvedValue, max: SolvedValue)]]? {
        let variables = tree.views.flatMap { view in FrameComponent.allCases.map { view.variable($0) } }
        guard let ranges = try? detector.ambiguousVariables(among: variables) else { return nil }
        let free = Set(ranges.map(\.variable))
        let rangeOf = Dictionary(ranges.map { ($0.variable, ($0.minimum, $0.maximum)) }, uniquingKeysWith: { a, _ in a })
        var table: [String: [FrameComponent: (min: SolvedValue, max: SolvedValue)]] = [:]
        for view in tree.views {
            for component in FrameComponent.allCases {
                let variable = view.variable(component)
                guard let parent = view.superview, component == .x || component == .y else {
                    if let range = rangeOf[variable] { table[view.id, default: [:]][component] = range }
                    continue
                }
                let origin = parent.variable(component)
                guard free.contains(variable) || free.contains(origin) else { continue }
                var offset = LinearExpression(variable)
                do { try offset.add(origin, -1) } catch { continue }
                guard let range = try? detector.range(of: offset), range.minimum != range.maximum else { continue }
                table[view.id, default: [:]][component] = (range.minimum, range.maximum)
            }
        }
        return table
    }
}
