import PlumbSystem
import PlumbSolver
@testable import CassowaryBackend

/// `Σ coefficient·variable + constant RELATION 0 @ priority`, variables by index.
func constraint(_ terms: [(Int, Int)], _ constant: Int, _ relation: Relation,
                _ priority: Priority = .required) -> LinearConstraint {
    var e = LinearExpression(constant: Rational(constant))
    for (v, c) in terms { try! e.add(VariableID(v), Rational(c)) }
    return LinearConstraint(e, relation, priority: priority)
}

/// `variable == value` at `priority`.
func pin(_ v: Int, _ value: Int, _ priority: Priority = .required) -> LinearConstraint {
    constraint([(v, 1)], -value, .equal, priority)
}

extension CassowarySolver {
    func val(_ v: Int) -> Double { value(of: VariableID(v)).doubleValue }
    func add(_ c: LinearConstraint, _ id: Int) throws(SolverError) { try add(c, id: ConstraintID(id)) }
    func remove(_ id: Int) throws(SolverError) { try remove(ConstraintID(id)) }
    @discardableResult func solved() -> CassowarySolver { _ = try! solve(); return self }
    func edit(_ v: Int, _ p: Priority) throws(SolverError) { try addEditVariable(VariableID(v), priority: p) }
    func suggest(_ v: Int, _ value: Int) throws(SolverError) { try suggest(Rational(value), for: VariableID(v)) }
    /// The bit patterns of the first `n` variables.
    func bits(_ n: Int) -> [UInt64] { (0..<n).map { val($0).bitPattern } }
}

func near(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool { abs(a - b) <= tol * max(1, abs(b)) }

/// The error a call throws, or nil.
func thrown(_ body: () throws(SolverError) -> Void) -> SolverError? {
    do { try body(); return nil } catch { return error }
}

/// Draws for the tests (SplitMix64: no system randomness in tests).
extension SplitMix64 {
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
}
