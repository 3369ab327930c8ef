import PlumbSystem
import PlumbSolver
import PlumbFrontEnd

/// Plays a `LayoutScript` step by step on a tree, keeping its named constraint references; with an engine,
/// edits and suggestions reach the back end too.
public final class LayoutPlayer {
    public let script: LayoutScript
    public let tree: ViewTree
    /// The back end, when the script is being solved (nil when only lowering).
    public let engine: LayoutEngine?
    /// Kept references by name (`topConstraint`), as the blocks made them.
    public private(set) var references: [String: ConstraintGroup] = [:]
    /// Edit variables added so far and suggestion rounds played, for a layout-lp/1 export.
    public private(set) var edits: [LinearSystem.Edit] = []
    public private(set) var suggestionRounds: [[LinearSystem.Suggestion]] = []

    public init(script: LayoutScript, tree: ViewTree, engine: LayoutEngine? = nil) {
        self.script = script
        self.tree = tree
        self.engine = engine
    }

    /// Performs one step. Expectations are not checked here (the harness does); solver errors from edits are
    /// reported as `LayoutError`s at the step.
    public func perform(_ step: LayoutScript.Step, at location: SourceLocation) throws(LayoutError) {
        do throws(LayoutError) {
            switch step {
            case .block(let block):
                for view in try script.lookUp(block.receivers, in: tree) {
                    let groups: [ConstraintGroup]
                    switch block.kind {
                    case .make: groups = try tree.makeConstraints(block.chains, for: view)
                    case .update: groups = try tree.updateConstraints(block.chains, for: view)
                    case .remake: groups = try tree.remakeConstraints(block.chains, for: view)
                    case .prepare:
                        groups = try tree.makeConstraints(block.chains, for: view)
                        for group in groups { group.deactivate() }
                    }
                    for (index, name) in block.names where index < groups.count { references[name] = groups[index] }
                }
            case .removeConstraints(let id):
                tree.removeConstraints(of: try script.lookUp([id], in: tree)[0])
            case .removeFromSuperview(let id):
                tree.removeFromSuperview(try script.lookUp([id], in: tree)[0])
            case .setProperties(let id, let properties):
                script.apply(properties, to: try script.lookUp([id], in: tree)[0])
            case .distribute(let ids, let axis, let mode, let lead, let tail):
                try tree.distribute(try script.lookUp(ids, in: tree), along: axis, mode, leadSpacing: lead, tailSpacing: tail,
                                    at: location)
            case .resizeRoot(let size):
                tree.rootSize = size
            case .changeConstant(let name, let modifier):
                try reference(name).update(modifier)
            case .setActive(let name, let active):
                if active { try reference(name).activate() } else { try reference(name).deactivate() }
            case .addEdit(let id, let component, let priority):
                let view = try script.lookUp([id], in: tree)[0]
                guard !priority.isRequired, priority.isValid else {
                    throw LayoutError(.unsupported("an edit variable needs a priority in (0, 1000), not \(priority)"))
                }
                guard !edits.contains(where: { $0.variable == view.variable(component) }) else {
                    throw LayoutError(.unsupported("\(id).\(component.rawValue) is already an edit variable (`unedit \(id).\(component.rawValue)` first to change its priority)"))
                }
                edits.append(LinearSystem.Edit(variable: view.variable(component), priority: priority))
                try solverCall { (engine) throws(SolverError) in try engine.addEditVariable(view, component, priority: priority) }
            case .removeEdit(let id, let component):
                let view = try script.lookUp([id], in: tree)[0]
                guard edits.contains(where: { $0.variable == view.variable(component) }) else {
                    throw LayoutError(.unsupported("\(id).\(component.rawValue) is not an edit variable"))
                }
                edits.removeAll { $0.variable == view.variable(component) }
                try solverCall { (engine) throws(SolverError) in try engine.removeEditVariable(view, component) }
            case .suggest(let values):
                var round: [LinearSystem.Suggestion] = []
                for (id, component, value) in values {
                    let view = try script.lookUp([id], in: tree)[0]
                    guard edits.contains(where: { $0.variable == view.variable(component) }) else {
                        throw LayoutError(.unsupported("\(id).\(component.rawValue) is not an edit variable: add `edit \(id).\(component.rawValue) PRIORITY` before suggesting values for it"))
                    }
                    round.append(LinearSystem.Suggestion(variable: view.variable(component), value: value))
                    try solverCall { (engine) throws(SolverError) in try engine.suggest(value, for: view, component) }
                }
                suggestionRounds.append(round)
            case .expect:
                break
            case .failing(let inner, let fragment):
                do {
                    try perform(inner, at: location)
                } catch {
                    guard error.message.contains(fragment) else {
                        throw LayoutError(.unsupported("expected an error containing \"\(fragment)\", got: \(error.message)"), at: location)
                    }
                    return
                }
                throw LayoutError(.unsupported("expected an error containing \"\(fragment)\", but the step succeeded"), at: location)
            }
        } catch {
            throw error.located(at: location)
        }
    }

    /// The tree's constraints with the edits and suggestion rounds played so far, as one linear system.
    ///
    /// layout-lp/1 cannot say that an edit was removed, so the rounds keep only the suggestions for variables
    /// that are still edit variables (a round left empty is kept, so that round numbers still match).
    /// `refused`: constraints to leave out (see `ViewTree.linearSystem(name:leavingOut:)`).
    public func linearSystem(leavingOut refused: Set<Int> = []) -> LinearSystem {
        var system = tree.linearSystem(name: script.name, leavingOut: refused)
        system.edits = edits
        let editable = Set(edits.map(\.variable))
        system.suggestionRounds = suggestionRounds.map { $0.filter { editable.contains($0.variable) } }
        return system
    }

    private func reference(_ name: String) throws(LayoutError) -> ConstraintGroup {
        guard let group = references[name] else {
            throw LayoutError(.unsupported("no kept constraint named '\(name.excerpt)': keep one with `\(name.excerpt) = make....` in a block"))
        }
        return group
    }

    private func solverCall(_ body: (LayoutEngine) throws(SolverError) -> Void) throws(LayoutError) {
        guard let engine else { return }
        do { try body(engine) } catch { throw LayoutError(.unsupported("the back end refused: \(error)")) }
    }
}
