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
