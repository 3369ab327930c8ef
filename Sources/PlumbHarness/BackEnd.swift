import PlumbSystem
import PlumbSolver
import PlumbBatch

/// A back end the harness runs: one of Plumb's, or an external program speaking plumb-solver/1.
public enum BackEnd: Sendable {
    case native(any LayoutSolver.Type)
    /// `--external NAME=COMMAND`: one process serves the whole run (docs/solver-protocol.md).
    case external(ExternalSolver)

    /// An external program under `name`.
    public static func external(name: String, command: String, timeLimit: Double = ExternalSolver.defaultRequestLimit) -> BackEnd {
        .external(ExternalSolver(name: name, command: command, timeLimit: timeLimit))
    }

    /// Whether `name` may name a back end: ASCII letters, digits, `-` and `_`, at most 64 of them. A name becomes a
    /// file name (baselines, charts) and a column of the report: no path, markup or line break can enter through it.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    public var name: String {
        switch self {
        case .native(let type): type.name
        case .external(let program): program.name
        }
    }

    /// What it claims. An external program's claims come from its hello line (it is started to read them); one
    /// that cannot start claims nothing beyond floating-point answers.
    public var capabilities: SolverCapabilities {
        switch self {
        case .native(let type):
            return type.capabilities
        case .external(let program):
            let hello = (try? program.start()).flatMap { program.hello }
            return SolverCapabilities(exact: hello?.exact ?? false, strictPriorities: hello?.strictPriorities ?? false,
                                      incremental: (hello?.remove ?? false) && (hello?.setConstant ?? false),
                                      explainsConflicts: false, detectsAmbiguity: false)
        }
    }

    /// Solves a whole system (constraints, edits, rounds) once, for its answer.
    public func solve(_ system: LinearSystem, roundValues: SystemRunner.RoundValues = .all) -> LayoutResult {
        switch self {
        case .native(let type):
            return SystemRunner(repeats: 1, roundValues: roundValues).run(system, solver: type)
        case .external(let program):
            return program.solve(system)
        }
    }
}
