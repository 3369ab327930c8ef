import PlumbSystem

/// Why a solver refused a call. The solver is left exactly as before the call.
public enum SolverError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A required constraint cannot hold together with the others; `conflictsWith` lists the required
    /// constraints it conflicts with, when the back end can tell (nil when it cannot).
    case unsatisfiable(ConstraintID, conflictsWith: [ConstraintID]?)
    case duplicateConstraint(ConstraintID)
    case unknownConstraint(ConstraintID)
    case duplicateEditVariable(VariableID)
    case unknownEditVariable(VariableID)
    /// A priority outside (0, 1000], or a required edit variable.
    case invalidPriority(Priority, String)
    /// The back end cannot take this system (for example, too many priority levels); says why.
    case unsupported(String)
    /// An exact computation left the representable range.
    case arithmetic(NumberError)
    /// A floating-point back end cannot vouch for its verdict on this system: round-off may have decided it (nearly
    /// dependent rows, amplified error); says where. The exact back end decides such systems.
    case illConditioned(String)

    public var description: String {
        switch self {
        case .unsatisfiable(let id, let others):
            if let others, !others.isEmpty {
                return "required constraint \(id) cannot be satisfied; it conflicts with \(others.map(\.description).joined(separator: ", "))"
            }
            return "required constraint \(id) cannot be satisfied together with the required constraints already added"
        case .duplicateConstraint(let id): return "constraint \(id) was already added"
        case .unknownConstraint(let id): return "constraint \(id) is not in the solver"
        case .duplicateEditVariable(let v): return "variable \(v) is already an edit variable"
        case .unknownEditVariable(let v): return "variable \(v) is not an edit variable"
        case .invalidPriority(let p, let why): return "priority \(p) is invalid: \(why)"
        case .unsupported(let why): return "unsupported: \(why)"
        case .arithmetic(let e): return e.description
        case .illConditioned(let why): return why
        }
    }
}
