// `ExactBench --memcheck`: the unit tests' scenarios without the test framework, for valgrind (whose 3.19 dies on
// the swift-testing bundle at start-up). Every check must hold; the exit status says whether all did.
import ExactBackend
import PlumbBackEnds
import PlumbSolver
import PlumbBatch
import PlumbSystem

nonisolated(unsafe) private var failures = 0

private func check(_ condition: Bool, _ what: String) {
    if !condition {
        failures += 1
        print("memcheck FAILED: \(what)")
    }
}

private func q(_ text: String) -> ExactRational { try! ExactRational(parsing: text) }
private func r(_ text: String) -> Rational { try! Rational(parsing: text) }

private func c(_ terms: [(Int, String)], _ constant: String, _ relation: Relation,
               _ priority: Priority = .required) -> LinearConstraint {
    var e = LinearExpression(constant: r(constant))
    for (i, coefficient) in terms { try! e.add(VariableID(i), r(coefficient)) }
    return LinearConstraint(e, relation, priority: priority)
}

private func arithmetic() {
    var sum = ExactRational.zero
    for _ in 0..<10 { sum += q("0.1") }
    check(sum == .one, "0.1 ten times")
    check(q("1/3") + q("1/7") == q("10/21"), "1/3 + 1/7")
    let max = ExactRational(Int(Int64.max))
    let over = max + .one
    check(!over.isInline && (over - .one).isInline, "overflow to GMP and back")
    let square = max * max
    check(square / max == max, "square / max")
    check((-max - .one).description == "-9223372036854775808", "Int64.min")
    let big = q("123456789012345678901234567891/7")
    check(q(big.description) == big && big.hashValue == q("246913578024691357802469135782/14").hashValue, "big round trip")
    check(ExactRational(try! Rational(Int128(1) << 100, 3)).plumbRational == (try! Rational(Int128(1) << 100, 3)), "Int128")
    for bad in ["", "1.2.3", "1/", "abc", "1/0"] { check(ExactRational(bad) == nil, "malformed \(bad)") }
    var values: Set<ExactRational> = []
    for k in 1...200 { values.insert(ExactRational(Int64(k), 7) * q("9223372036854775807") / ExactRational(Int64(k), 7)) }
    check(values.count == 1, "hash of equal big values")
    var product = ExactRational.one
    for _ in 0..<40 { product = product * q("1000000007/3") }
    for _ in 0..<40 { product = product / q("1000000007/3") }
    check(product == .one && product.isInline, "long product back to one")
}

private func solver() throws {
    // Conflicts (probes, deletion filter), refusal and reuse of the id.
    let s = ProposedExactSolver()
    try s.add(c([(0, "1")], "-10", .greaterOrEqual), id: ConstraintID(0))
    try s.add(c([(1, "1"), (0, "-1")], "-5", .greaterOrEqual), id: ConstraintID(1))
    try s.add(c([(2, "1")], "-3", .equal), id: ConstraintID(2))
    try s.add(c([(1, "1")], "0", .equal, .low), id: ConstraintID(3))
    _ = try s.solve()
    do {
        try s.add(c([(1, "1")], "-12", .lessOrEqual), id: ConstraintID(4))
        check(false, "conflict not refused")
    } catch {
        check(error == .unsatisfiable(ConstraintID(4), conflictsWith: [ConstraintID(0), ConstraintID(1)]), "conflict \(error)")
    }
    _ = try s.solve()
    check(s.value(of: VariableID(1)) == .exact(15), "after refusal")
    // Edits, constant changes (including a rebuild), removals, ambiguity.
    try s.addEditVariable(VariableID(5), priority: 999)
    try s.add(c([(6, "1"), (5, "-1/3")], "0", .equal), id: ConstraintID(5))
    for k in 0..<20 {
        try s.suggest(Rational(k), for: VariableID(5))
        _ = try s.solve()
        check(s.value(of: VariableID(6)) == .exact(try! Rational(Int128(k), 3)), "edit round \(k)")
    }
    try s.setConstant(-4, of: ConstraintID(2))
    try s.setConstant(1, of: ConstraintID(5))
    _ = try s.solve()
    check(s.value(of: VariableID(2)) == .exact(4), "constant change")
    try s.add(c([(1, "1")], "-20", .lessOrEqual), id: ConstraintID(8))
    do {
        try s.setConstant(-100, of: ConstraintID(0))
        check(false, "infeasible constant change not refused")
    } catch {}
    try s.add(c([(7, "1")], "0", .equal, .low), id: ConstraintID(6))
    try s.add(c([(7, "1")], "-10", .equal, .low), id: ConstraintID(7))
    _ = try s.solve()
    let ambiguous = try s.ambiguousVariables(among: nil)
    check(ambiguous.contains(AmbiguousVariable(variable: VariableID(7), minimum: .exact(0), maximum: .exact(10))), "tie")
    try s.remove(ConstraintID(2))
    try s.remove(ConstraintID(1))
    try s.remove(ConstraintID(6))
    try s.removeEditVariable(VariableID(5))
    _ = try s.solve()
    // Large numbers through GMP inside the solver.
    let g = ProposedExactSolver()
    try g.add(c([(0, "4611686018427387904")], "-1", .equal), id: ConstraintID(0))
    try g.add(c([(1, "4611686018427387904"), (0, "-1")], "0", .equal), id: ConstraintID(1))
    _ = try g.solve()
    check(g.value(of: VariableID(1)) == .exact(try! Rational(1, Int128(1) << 124)), "2^-124")
    // The GMP-only twin.
    let h = ProposedExactGMPOnlySolver()
    try h.add(c([(0, "1/3")], "-1", .equal), id: ConstraintID(0))
    try h.add(c([(0, "1")], "0", .equal, .low), id: ConstraintID(1))
    _ = try h.solve()
    check(h.value(of: VariableID(0)) == .exact(3), "gmp twin")
}

/// Runs the scenarios (and the given workloads through SystemRunner); true when every check held.
func runMemcheck(_ systems: [LinearSystem]) -> Bool {
    arithmetic()
    do { try solver() } catch { check(false, "unexpected \(error)") }
    for system in systems {
        for type in [ProposedExactSolver.self, ProposedExactGMPOnlySolver.self] as [any LayoutSolver.Type] {
            let result = SystemRunner(repeats: 1).run(system, solver: type)
            check(result.status == .ok || result.status == .infeasible, "\(system.name) \(type.name): \(result.status)")
        }
    }
    print("memcheck: \(failures == 0 ? "all checks held" : "\(failures) failed")")
    return failures == 0
}
