/// How `RelaxationSolver` iterates. Each scheme adds one step to the one before it, so the benchmark can
/// show what each step buys.
public enum RelaxationScheme: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The baseline, Sketchpad-style: one sweep visits every constraint, in increasing priority (required
    /// last), and projects each violated one onto its boundary; soft constraints are damped by
    /// `textbookSoftFactor` (0.5). There is no hierarchy: the answer is a weighted compromise of all levels.
    case textbook
    /// Level by level, highest priority first. Each level is swept together with the hard set (the required
    /// constraints plus the levels already done, frozen), the hard set always after the level so that it is
    /// re-projected last; when the level conflicts with the hard set the sweeps settle into a limit cycle,
    /// and the hard set alone is then swept until it holds. The level is then frozen (see
    /// `RelaxationSolver`). Plain Kaczmarz projections (ω = 1).
    case hierarchical
    /// `hierarchical` plus over-relaxation (SOR) of the hard set's equalities with
    /// `RelaxationSolver.overRelaxation` (default 1.2), in runs without soft rows only (see
    /// `RelaxationSolver`), dropping back to ω = 1 if the moves keep growing. On the generated families it
    /// measures the same as `hierarchical`: few runs qualify. Young's optimal-ω estimate does not help
    /// either: rows such as a star of equal widths are not consistently ordered, and an adaptive ω driven by
    /// it went to 1.95 and made chains slower; ω above about 1.4 slowed every family measured.
    case overRelaxed
    /// `overRelaxed` plus propagation of known values (ThingLab's one-pass ordering): an equality of the hard
    /// set with one unknown variable left fixes that variable, repeatedly; fixed variables are then left out
    /// of every projection. Each level is first tried *as if required* (propagated and swept with the hard
    /// set); only if that settles into a limit cycle (the level conflicts with the levels above) does the
    /// level fall back to the `overRelaxed` treatment. Only the part of the system that propagation cannot
    /// settle (cycles such as a chain of equal widths between two fixed edges) is relaxed. The default.
    case propagating

    /// The scheme `RelaxationSolver()` uses.
    public static let best: RelaxationScheme = .propagating

    public var description: String { rawValue }

    /// Whether the scheme solves level by level with frozen higher levels.
    var isHierarchical: Bool { self != .textbook }
    /// Whether the hard set is over-relaxed.
    var overRelaxes: Bool { self == .overRelaxed || self == .propagating }
    /// Whether each level is first tried as if required.
    var triesLevelsAsRequired: Bool { self == .propagating }
    /// Whether known values are propagated before relaxing.
    var propagates: Bool { self == .propagating }

    /// The damping of soft projections in `.textbook` (the value the reference measurements used).
    public static let textbookSoftFactor = 0.5
}
