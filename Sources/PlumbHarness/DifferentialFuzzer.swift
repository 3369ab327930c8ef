import PlumbSystem
import PlumbSolver
import PlumbBatch
import PlumbCorpus

/// Random prioritized systems through several back ends, each judged against the exact one; a disagreement is
/// shrunk (constraints dropped while it persists) to a small reproducer. Deterministic from the seed.
///
/// Answers are classified by what the back end claimed: a wrong answer it labelled converged is a finding; one it
/// labelled approximate (`SolveReport.approximate`) or not converged, or a case a floating-point back end declined
/// as ill-conditioned, is counted apart, since it did not claim to be right.
public struct DifferentialFuzzer {
    public typealias Summary = FuzzSummary<LinearSystem>
    public typealias Comparison = FuzzComparison

    public let reference: any LayoutSolver.Type
    public let backEnds: [any LayoutSolver.Type]
    public let policy: ConformancePolicy
    /// Variables per random system (at least 2; near-dependent systems choose their own, 2 to 5).
    public let size: Int
    /// Which random systems: general ones, or rows nearly multiples of others (`NearDependentSystems`).
    public let shape: Shape

    /// The kinds of random system.
    public enum Shape: Sendable {
        /// Small integer coefficients, every relation, several priority levels (`randomSystem`).
        case general
        /// Rows that are small multiples of others moved by `10⁻³ … 10⁻¹¹` (`NearDependentSystems`).
        case nearDependent
    }

    public init(reference: any LayoutSolver.Type, backEnds: [any LayoutSolver.Type], size: Int = 6,
                shape: Shape = .general, policy: ConformancePolicy = .standard) {
        self.reference = reference
        self.backEnds = backEnds
        self.size = max(2, size)
        self.shape = shape
        self.policy = policy
    }

    /// Case `index` of `seed` in this fuzzer's shape.
    public func system(seed: UInt64, index: Int) -> LinearSystem {
        switch shape {
        case .general: randomSystem(seed: seed, index: index)
        case .nearDependent: NearDependentSystems().system(seed: seed, index: index)
        }
    }

    /// Runs cases `first..<first + count` of `seed`, stopping early after `timeLimit` seconds; a case that takes
    /// longer than `caseTimeLimit` seconds is a finding (see `FuzzSummary.run`), and `step` hears of every step.
    public func run(seed: UInt64, from first: Int = 0, count: Int, timeLimit: Double = .infinity,
                    caseTimeLimit: Double = .infinity, step: (FuzzStep) -> Void = { _ in },
                    progress: (Int, Summary) -> Void = { _, _ in }) -> Summary {
        Summary.run(seed: seed, from: first, count: count, timeLimit: timeLimit, caseTimeLimit: caseTimeLimit,
                    reference: reference.name, backEnds: backEnds,
                    make: { system(seed: seed, index: $0) }, prepare: { .success($0) },
                    compare: { system, type, _ in disagreement(system, type) },
                    shrink: { shrink($0, $1, until: $2) }, step: step, progress: progress)
    }

    /// Whether `type` answers `system` as the reference does (status, every level's optimum, unique values).
    func disagreement(_ system: LinearSystem, _ type: any LayoutSolver.Type) -> Comparison {
        let exact = SystemRunner(roundValues: .none).run(system, solver: reference)
        var other = SystemRunner(roundValues: .none).run(system, solver: type)
        if other.status == .notConverged { return .notConverged }
        // a floating-point back end that says it cannot take the system (ill-conditioned) made no claim; the exact
        // back end never declines what it answered
        if other.status == .unsupported && !type.capabilities.exact && exact.status != .unsupported { return .declined }
        if other.status == .approximate {
            other.status = .ok
            if case .differs = compare(system, exact, other) { return .approximate(wrong: true) }
            return .approximate(wrong: false)
        }
        return compare(system, exact, other)
    }

    func compare(_ system: LinearSystem, _ exact: LayoutResult, _ other: LayoutResult) -> Comparison {
        guard exact.status == other.status else {
            return .differs("status \(other.status.rawValue), the exact back end says \(exact.status.rawValue)")
        }
        guard exact.status == .ok else { return .agree }
        // Keyed by exact names, as layout-lp/1 compares them; a name answered twice keeps its first value.
        let e = Dictionary(exact.values.map { (ExactName($0.name), $0.value) }, uniquingKeysWith: { a, _ in a })
        let o = Dictionary(other.values.map { (ExactName($0.name), $0.value) }, uniquingKeysWith: { a, _ in a })
        // a variable an answer leaves out reads as 0, as a solver reports a variable no row mentions
        let value = { (table: [ExactName: SolvedValue], v: VariableID) in table[ExactName(system.variables[v.index])] ?? .exact(.zero) }
        let optimum = system.levelViolations { value(e, $0) }, mine = system.levelViolations { value(o, $0) }
        for (priority, best) in optimum.sorted(by: { $0.key > $1.key }) {
            let total = mine[priority] ?? .exact(.zero)
            if !policy.agree(best, total) { return .differs("level \(priority): violation \(total), the exact optimum is \(best)") }
        }
        let ambiguous = Set(exact.ambiguous.map { ExactName($0.name) })
        for (name, v) in e where !ambiguous.contains(name) {
            guard let mine = o[name], policy.agree(mine, v) else {
                return .differs("\(name.text.excerpt) = \(o[name].map(\.description) ?? "nothing"), the exact value is \(v)")
            }
        }
        return .agree
    }

    /// Drops constraints one at a time while the disagreement persists, then makes numbers simpler (constants
    /// toward 0, coefficients toward ±1) while it still persists; stops with what it has at `deadline`
    /// (`monotonicSeconds()`).
    public func shrink(_ system: LinearSystem, _ type: any LayoutSolver.Type, until deadline: Double = .infinity) -> LinearSystem {
        var current = system
        var index = 0
        while index < current.constraints.count {
            if monotonicSeconds() > deadline { return current }
            var trial = current
            trial.constraints.remove(at: index)
            if case .differs = disagreement(trial, type) { current = trial } else { index += 1 }
        }
        var progress = true
        while progress {
            progress = false
            for trial in Self.simplerNumbers(current) {
                if monotonicSeconds() > deadline { return current }
                if case .differs = disagreement(trial, type) {
                    current = trial
                    progress = true
                    break
                }
            }
        }
        return current
    }

    /// Variants of `system` with one number made simpler: a constant set to 0 or halved toward 0, a coefficient
    /// set to its sign.
    static func simplerNumbers(_ system: LinearSystem) -> [LinearSystem] {
        var out: [LinearSystem] = []
        for (k, c) in system.constraints.enumerated() {
            if c.constant != .zero {
                let half = Rational(Int(c.constant.numerator / c.constant.denominator / 2))
                for simpler in [Rational.zero, half] where simpler != c.constant {
                    var t = system
                    t.constraints[k] = c.withConstant(simpler)
                    out.append(t)
                }
            }
            for term in c.terms where abs(term.coefficient.doubleValue) != 1 {
                var e = LinearExpression(constant: c.constant)
                for other in c.terms {
                    let coefficient = other.variable == term.variable ? Rational(other.coefficient < .zero ? -1 : 1) : other.coefficient
                    try? e.add(other.variable, coefficient)
                }
                var t = system
                t.constraints[k] = LinearConstraint(e, c.relation, priority: c.priority, label: c.label)
                out.append(t)
            }
        }
        return out
    }

    /// A random system: small integer coefficients, `==`/`<=`/`>=`, required rows and soft rows at priorities
    /// drawn from a few levels including near-equal ones (999, 998, 501, 500, 250, 10).
    public func randomSystem(seed: UInt64, index: Int) -> LinearSystem {
        var rng = SplitMix64(seed: seed &* 0x9E37_79B9 &+ UInt64(index))
        let variables = (0..<size).map { "x\($0)" }
        let priorities: [Priority] = [.required, .required, 999, 998, 750, 501, 500, 250, 10]
        var constraints: [LinearConstraint] = []
        let rows = size + rng.next(2 * size)
        for r in 0..<rows {
            var e = LinearExpression(constant: Rational(rng.next(201) - 100))
            for _ in 0..<(1 + rng.next(3)) {
                let coefficient = [1, -1, 2, -2, 3][rng.next(5)]
                try? e.add(VariableID(rng.next(size)), Rational(coefficient))
            }
            let relation: Relation = [.equal, .equal, .lessOrEqual, .greaterOrEqual][rng.next(4)]
            let priority = priorities[rng.next(priorities.count)]
            constraints.append(LinearConstraint(e, relation, priority: priority, label: "r\(r)"))
        }
        // Every variable softly anchored, so that most systems have a unique optimum.
        for v in 0..<size {
            var e = LinearExpression(VariableID(v))
            try? e.add(constant: Rational(-rng.next(100)))
            constraints.append(LinearConstraint(e, .equal, priority: 1, label: "stay x\(v)"))
        }
        return LinearSystem(name: "fuzz-\(seed)-\(index)", variables: variables, constraints: constraints)
    }
}
