import PlumbSystem

extension ExternalSolver {
    /// The system every program is asked first: `x == 10` and `y == x + 5`, both required: x = 10, y = 15. Any solver
    /// takes it (no priority levels, no edits).
    static func preflightSystem() -> LinearSystem {
        var x = LinearExpression(VariableID(0))
        var y = LinearExpression(VariableID(1))
        // constants of a few digits: these additions cannot overflow
        try! x.add(constant: Rational(-10))
        try! y.add(VariableID(0), Rational(-1))
        try! y.add(constant: Rational(-5))
        return LinearSystem(name: "preflight", variables: ["x", "y"], constraints: [
            LinearConstraint(x, .equal), LinearConstraint(y, .equal),
        ])
    }

    /// Starts the program and has it solve `preflightSystem()` before any workload. A program that cannot start,
    /// breaks the protocol, fails or answers wrongly stops the run here with what went wrong, instead of failing
    /// every layout one by one.
    ///
    /// - Complexity: one start and one `solve` exchange.
    public func preflight() throws(Failure) {
        try start()
        let result = solve(Self.preflightSystem())
        let values = Dictionary(result.values.map { ($0.name, $0.value.doubleValue) }, uniquingKeysWith: { a, _ in a })
        switch result.status {
        case .ok, .approximate:
            guard let x = values["x"], let y = values["y"], abs(x - 10) < 1e-6, abs(y - 15) < 1e-6 else {
                throw Failure(kind: .error, description: "`\(name)` answered the first system (x == 10, y == x + 5) with "
                              + "x = \(values["x"].map { "\($0)" } ?? "nothing"), y = "
                              + "\(values["y"].map { "\($0)" } ?? "nothing"); expected x = 10, y = 15")
            }
        default:
            throw Failure(kind: .error, description: "`\(name)` could not solve the first system (x == 10, y == x + 5): "
                          + result.status.rawValue + (result.message.isEmpty ? "" : ": " + result.message))
        }
    }
}
