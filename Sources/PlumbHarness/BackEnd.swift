import PlumbSystem
import PlumbSolver

/// A back end the harness runs: one of Plumb's, or an external program speaking layout-lp/1 → layout-result/1.
public enum BackEnd: Sendable {
    case native(any LayoutSolver.Type)
    /// `--external NAME=COMMAND`: the command reads layout-lp/1 on standard input, writes layout-result/1.
    case external(name: String, command: String)

    public var name: String {
        switch self {
        case .native(let type): type.name
        case .external(let name, _): name
        }
    }

    /// What it claims; an external program claims nothing beyond floating-point answers.
    public var capabilities: SolverCapabilities {
        switch self {
        case .native(let type): type.capabilities
        case .external: SolverCapabilities(exact: false, strictPriorities: false, incremental: false,
                                           explainsConflicts: false, detectsAmbiguity: false)
        }
    }

    /// Solves a whole system (constraints, edits, rounds) once, with in-process timing.
    /// `timeLimit` stops an external program that runs longer (Plumb's own back ends bound themselves).
    public func solve(_ system: LinearSystem, roundValues: SystemRunner.RoundValues = .all, timeLimit: Double = 600) -> LayoutResult {
        switch self {
        case .native(let type):
            return SystemRunner(repeats: 1, roundValues: roundValues).run(system, solver: type)
        case .external(let name, let command):
            return ExternalSolver(name: name, command: command, timeLimit: timeLimit).solve(system)
        }
    }
}
