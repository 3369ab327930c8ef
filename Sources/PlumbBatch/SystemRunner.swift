import PlumbSystem
import PlumbSolver

/// Runs a whole linear system (constraints, edits, suggestion rounds) through a back end and reports
/// layout-result/1, with in-process timing.
public struct SystemRunner {
    /// Which values to report after each suggestion round.
    public enum RoundValues: String, Sendable, CaseIterable {
        /// Every variable after every round.
        case all
        /// Only the variables suggested in that round and the variables whose value changed in it.
        case changed
        /// None (timing only).
        case none
    }

    public var repeats: Int
    public var roundValues: RoundValues
    /// Whether to ask a back end that detects ambiguity for the ambiguous variables after the initial solve.
    public var reportAmbiguity: Bool

    public init(repeats: Int = 1, roundValues: RoundValues = .all, reportAmbiguity: Bool = true) {
        self.repeats = max(1, repeats)
        self.roundValues = roundValues
        self.reportAmbiguity = reportAmbiguity
    }

    /// Builds and solves `system` on `repeats` fresh solvers (median time), then plays the suggestion rounds on the last.
    public func run(_ system: LinearSystem, solver type: any LayoutSolver.Type) -> LayoutResult {
        var result = LayoutResult(solver: type.name)
        var buildTimes: [Double] = []
        var solver: (any LayoutSolver)?
        let constraints = LentConstraints(system.constraints)
        do {
            for run in 0..<repeats {
                let fresh = type.init()
                let start = monotonicSeconds()
                try SystemRunner.build(constraints, edits: system.edits, into: fresh)
                let report = try fresh.solve()
                buildTimes.append(monotonicSeconds() - start)
                // only the last is kept: each run's solver is freed before the next is made, as an app's would be
                if run == repeats - 1 { solver = fresh }
                if !report.converged {
                    result.status = .notConverged
                    result.message = report.message
                } else if report.approximate {
                    result.status = .approximate
                    result.message = report.message
                }
            }
        } catch {
            var failed = SystemRunner.failure(error, system: system, result: result)
            if failed.status == .infeasible, let recovery = SystemRunner.recovery(system, solver: type) {
                failed.recovery = recovery
                failed.message += "; recovered as Auto Layout does, breaking " + recovery.broken.joined(separator: ", ")
                    + " and laying out the rest (see recovery)"
            }
            return failed
        }
        guard let solver else { return result }
        let variables = system.variables.indices.map { VariableID($0) }
        let floating = !type.capabilities.exact
        if floating, result.status == .ok, let off = SystemRunner.worstRequiredResidual(system, solver) {
            result.status = .approximate
            result.message = off
        }
        var last = variables.map { solver.value(of: $0) }
        result.values = zip(system.variables, last).map { LayoutResult.NamedValue(name: $0.0, value: $0.1) }
        if reportAmbiguity, let detector = solver as? any AmbiguityDetecting {
            do {
                // Every variable of the system: one no constraint mentions is ambiguous too, over (−∞, ∞).
                result.ambiguous = try detector.ambiguousVariables(among: variables).map {
                    LayoutResult.AmbiguousRange(name: system.variables[$0.variable.index], min: $0.minimum, max: $0.maximum)
                }
            } catch {
                return SystemRunner.failure(error, system: system, result: result)
            }
        }
        var editTime = 0.0
        do {
            for round in system.suggestionRounds {
                let start = monotonicSeconds()
                for suggestion in round { try solver.suggest(suggestion.value, for: suggestion.variable) }
                let report = try solver.solve()
                editTime += monotonicSeconds() - start
                if !report.converged, result.status == .ok || result.status == .approximate {
                    result.status = .notConverged
                    result.message = report.message
                } else if report.approximate, result.status == .ok {
                    result.status = .approximate
                    result.message = report.message
                } else if floating, result.status == .ok, let off = SystemRunner.worstRequiredResidual(system, solver) {
                    result.status = .approximate
                    result.message = "after suggestion round \(result.rounds.count + 1): " + off
                }
                switch roundValues {
                case .none:
                    result.rounds.append([])
                case .all:
                    last = variables.map { solver.value(of: $0) }
                    result.rounds.append(zip(system.variables, last).map { LayoutResult.NamedValue(name: $0.0, value: $0.1) })
                case .changed:
                    var entries: [LayoutResult.NamedValue] = []
                    let edited = Set(round.map(\.variable.index))
                    for v in variables {
                        let value = solver.value(of: v)
                        if value != last[v.index] || edited.contains(v.index) {
                            entries.append(LayoutResult.NamedValue(name: system.variables[v.index], value: value))
                        }
                        last[v.index] = value
                    }
                    result.rounds.append(entries)
                }
            }
        } catch {
            return SystemRunner.failure(error, system: system, result: result)
        }
        result.timing = LayoutResult.Timing(buildSolveSeconds: median(buildTimes),
                                            editRounds: system.suggestionRounds.count, editTotalSeconds: editTime)
        return result
    }

    /// Adds every constraint (id = its index) and every edit variable.
    public static func build(_ system: LinearSystem, into solver: any LayoutSolver) throws(SolverError) {
        try build(LentConstraints(system.constraints), edits: system.edits, into: solver)
    }

    /// Adds every constraint of `constraints` (id = its index), then every edit variable: a timed build (the
    /// constraints are lent, not copied: see `LentConstraints`).
    public static func build(_ constraints: LentConstraints, edits: [LinearSystem.Edit],
                             into solver: any LayoutSolver) throws(SolverError) {
        try constraints.add(to: solver)
        for edit in edits { try solver.addEditVariable(edit.variable, priority: edit.priority) }
    }

    /// Relative residual above which a floating-point answer is not vouched for: a required row off by more than
    /// this share of its own magnitude (the sum of its terms' and constant's absolute values at the answer) ...
    public static let residualTolerance = 1e-7
    /// ... and by more than this much in absolute terms (round-off around values that should be 0 stays below it).
    public static let residualFloor = 1e-12

    /// Checks a floating-point answer against the system's own required rows, in `Double`: nil when every one holds
    /// within `residualTolerance` of its magnitude, else which is off the most and by how much. A solver that lost
    /// precision (near-dependent rows, huge cancellations, stale values) says ok; this says otherwise.
    /// - Complexity: O(terms of the required constraints).
    public static func worstRequiredResidual(_ system: LinearSystem, _ solver: any LayoutSolver) -> String? {
        let values = system.variables.indices.map { solver.value(of: VariableID($0)).doubleValue }
        let value = { (v: VariableID) in v.index < values.count ? values[v.index] : 0 }
        var worst: (index: Int, off: Double, relative: Double)? = nil
        for (k, c) in system.constraints.enumerated() where c.priority.isRequired {
            let off = c.violation(at: value)
            let magnitude = c.terms.reduce(abs(c.constant.doubleValue)) { $0 + abs($1.coefficient.doubleValue * value($1.variable)) }
            // relative to the row's own magnitude, not to 1: a row of values around 1e-10 off by 1e-10 is half wrong,
            // and a multiplier of 1e6 further down the chain makes that 100 points
            let relative = off.isFinite ? (magnitude > 0 ? off / magnitude : (off > 0 ? .infinity : 0)) : .infinity
            if off > residualFloor && relative > residualTolerance && relative > (worst?.relative ?? 0) { worst = (k, off, relative) }
        }
        guard let worst else { return nil }
        let label = system.constraints[worst.index].label ?? "#\(worst.index)"
        return "the answer cannot be vouched for: required constraint \(label) is off by \(worst.off) at it "
            + "(\(worst.relative) of its magnitude; floating-point round-off or an ill-conditioned system)"
    }

    /// What the screen shows after a conflict, as Auto Layout recovers (`LayoutResult.Recovery`): the constraints
    /// added in order on a fresh solver, each required one whose addition the solver refuses broken (left out) and
    /// the rest kept, then the edits, a solve, and the suggestion rounds. Nil when something else fails (the back
    /// end cannot take the system, or a solve does not converge).
    /// - Complexity: one build and solve of the system, plus the rounds.
    public static func recovery(_ system: LinearSystem, solver type: any LayoutSolver.Type) -> LayoutResult.Recovery? {
        let solver = type.init()
        var broken: [String] = []
        let named = { (solver: any LayoutSolver) in
            system.variables.indices.map { LayoutResult.NamedValue(name: system.variables[$0], value: solver.value(of: VariableID($0))) }
        }
        do throws(SolverError) {
            for (i, constraint) in system.constraints.enumerated() {
                do {
                    try solver.add(constraint, id: ConstraintID(i))
                } catch .unsatisfiable(let id, _) where id == ConstraintID(i) {
                    broken.append(constraint.label ?? "#\(i)")
                }
            }
            for edit in system.edits { try solver.addEditVariable(edit.variable, priority: edit.priority) }
            guard try solver.solve().converged else { return nil }
            let values = named(solver)
            var rounds: [[LayoutResult.NamedValue]] = []
            for round in system.suggestionRounds {
                for suggestion in round { try solver.suggest(suggestion.value, for: suggestion.variable) }
                guard try solver.solve().converged else { return nil }
                rounds.append(named(solver))
            }
            return LayoutResult.Recovery(broken: broken, values: values, rounds: rounds)
        } catch {
            return nil
        }
    }

    static func failure(_ error: any Error, system: LinearSystem, result: LayoutResult) -> LayoutResult {
        var result = result
        let label = { (id: ConstraintID) -> String in
            system.constraints.indices.contains(id.index) ? (system.constraints[id.index].label ?? "#\(id.index)") : "#\(id.index)"
        }
        switch error as? SolverError {
        case .unsatisfiable(let id, let others)?:
            result.status = .infeasible
            result.conflict = ((others ?? []) + [id]).sorted().map(label)
            result.message = "required constraint \(label(id)) cannot be satisfied"
                + (others.map { $0.isEmpty ? "" : "; it conflicts with " + $0.map(label).joined(separator: ", ") } ?? "")
        case .unsupported(let why)?, .illConditioned(let why)?:
            // ill-conditioned is no verdict either: the back end cannot take this system reliably (the exact one can)
            result.status = .unsupported
            result.message = why
        default:
            result.status = .error
            result.message = "\(error)"
        }
        result.values = []
        result.rounds = []
        return result
    }
}
