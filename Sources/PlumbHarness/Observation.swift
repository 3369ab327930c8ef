import PlumbSystem
import PlumbSolver
import PlumbFrontEnd

/// What one back end produced at one expectation point of a corpus layout.
public struct Observation: Sendable {
    /// Frames relative to the superview, by view id.
    public var frames: [String: Frame]
    /// Required constraints the back end could not add, with what it named as conflicting.
    public var unsatisfied: [UnsatisfiedConstraint]
    /// Ambiguous frame components with their ranges (relative frame), when the back end detects ambiguity.
    public var ambiguous: [String: [FrameComponent: (min: SolvedValue, max: SolvedValue)]]?
    /// Total violation per priority level.
    public var levelViolations: [Priority: SolvedValue]
    /// False when an iterative back end stopped early.
    public var converged: Bool
    /// True when the back end converged but does not vouch for the level optima (`SolveReport.approximate`).
    public var approximate: Bool
    public var message: String
    /// For an unsatisfiable layout: whether the set the back end named is an irreducible conflict (nil: unchecked).
    public var conflictIrreducible: Bool?
    /// What the back end declared about its answers (a program's hello), for the judge.
    public var declared = DeclaredSemantics()

    public init(frames: [String: Frame] = [:], unsatisfied: [UnsatisfiedConstraint] = [],
                ambiguous: [String: [FrameComponent: (min: SolvedValue, max: SolvedValue)]]? = nil,
                levelViolations: [Priority: SolvedValue] = [:], converged: Bool = true, approximate: Bool = false,
                message: String = "") {
        self.frames = frames
        self.unsatisfied = unsatisfied
        self.ambiguous = ambiguous
        self.levelViolations = levelViolations
        self.converged = converged
        self.approximate = approximate
        self.message = message
    }
}

/// What a back end says of its own answers that the judge must allow for: values on a grid (whole pixels), and
/// required constraints it cannot satisfy dropped without an error. Nothing is allowed for a back end that declares
/// nothing.
public struct DeclaredSemantics: Sendable, Equatable {
    /// The grid the values lie on (1: whole pixels); nil for continuous values.
    public var resolution: Double?
    /// How far rounding to the grid can move each level's total violation: the resolution times the sum of the level's
    /// coefficients' magnitudes (a row moves by at most that when each of its variables moves by one step).
    public var roundingAllowance: [Priority: Double] = [:]
    /// It drops a required constraint it cannot satisfy, silently.
    public var dropsUnsatisfiable = false

    public init(resolution: Double? = nil, roundingAllowance: [Priority: Double] = [:], dropsUnsatisfiable: Bool = false) {
        self.resolution = resolution
        self.roundingAllowance = roundingAllowance
        self.dropsUnsatisfiable = dropsUnsatisfiable
    }

    /// The declarations of a program's hello for answers to `system`.
    /// - Complexity: O(terms) when a resolution is declared, O(1) otherwise.
    public init(resolution: Double?, dropsUnsatisfiable: Bool, system: LinearSystem) {
        self.init(resolution: resolution, dropsUnsatisfiable: dropsUnsatisfiable)
        guard let resolution else { return }
        for c in system.constraints {
            let weight = c.terms.reduce(0.0) { $0 + abs($1.coefficient.doubleValue) }
            roundingAllowance[c.priority, default: 0] += resolution * weight
        }
        for edit in system.edits { roundingAllowance[edit.priority, default: 0] += resolution }
    }
}

extension Frame {
    /// One component.
    public func value(_ component: FrameComponent) -> SolvedValue {
        switch component {
        case .x: x
        case .y: y
        case .width: width
        case .height: height
        }
    }
}
