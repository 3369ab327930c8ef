import PlumbSystem
import PlumbSolver
import PlumbBackEnds

/// The Cassowary back end behind a class of the tests' own: subclasses count or corrupt what passes through.
class ForwardingSolver: LayoutSolver {
    class var name: String { "forwarding" }
    class var capabilities: SolverCapabilities { PlumbBackEnds.named("cassowary")!.capabilities }
    var inner = PlumbBackEnds.named("cassowary")!.init()
    required init() {}
    func add(_ c: LinearConstraint, id: ConstraintID) throws(SolverError) { try inner.add(c, id: id) }
    func remove(_ id: ConstraintID) throws(SolverError) { try inner.remove(id) }
    func setConstant(_ c: Rational, of id: ConstraintID) throws(SolverError) { try inner.setConstant(c, of: id) }
    func addEditVariable(_ v: VariableID, priority: Priority) throws(SolverError) { try inner.addEditVariable(v, priority: priority) }
    func removeEditVariable(_ v: VariableID) throws(SolverError) { try inner.removeEditVariable(v) }
    func suggest(_ value: Rational, for v: VariableID) throws(SolverError) { try inner.suggest(value, for: v) }
    func solve() throws(SolverError) -> SolveReport { try inner.solve() }
    func value(of v: VariableID) -> SolvedValue { inner.value(of: v) }
    /// A fresh inner solver (what `BasisProposing.reset()` asks of a proposer).
    func reset() { inner = type(of: inner).init() }
}
