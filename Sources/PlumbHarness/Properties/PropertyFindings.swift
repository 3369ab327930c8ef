import PlumbSystem

/// What the property suite measured for one solver: one figure per property, nil where the property was not
/// probed (the solver cannot take the probe, or the run left it out).
public struct PropertyFindings: Sendable, Equatable {
    /// Termination: cases answered (or refused with an error) within the bound, of all cases; the cases stopped at
    /// the bound by name.
    public struct Termination: Sendable, Equatable {
        public var answered = 0
        public var cases = 0
        public var stopped: [String] = []
        public var bound: Double = 0
        public var holds: Bool { answered == cases }
    }

    /// Determinism across fresh processes: workloads whose values were bit-identical in every process.
    public struct Processes: Sendable, Equatable {
        public var identical = 0
        public var workloads = 0
        public var processes = 0
        public var holds: Bool { identical == workloads }
    }

    /// Determinism under permuted insertion orders: wrong values on attributes the exact back end finds unique
    /// (each a wrong answer), and layouts whose ambiguous frames move with the order.
    public struct Permutations: Sendable, Equatable {
        public var layouts = 0
        public var permutations = 0
        /// Layouts with a value that differs from the exact unique one under some order.
        public var wrong = 0
        public var wrongExamples: [String] = []
        /// Layouts with ambiguous attributes, and those whose ambiguous values moved with the order.
        public var ambiguousLayouts = 0
        public var jumps = 0
        public var holds: Bool { wrong == 0 }
    }

    /// Conflict explanations on infeasible systems.
    public struct Conflicts: Sendable, Equatable {
        public var systems = 0
        /// Systems the solver reported infeasible.
        public var reported = 0
        /// Of those, the ones where it named more than the refused constraint (a set), whose set is infeasible, and
        /// whose set is irreducible (every proper subset feasible).
        public var namedSets = 0
        public var infeasible = 0
        public var irreducible = 0
        public var holds: Bool { reported == systems && namedSets == reported && infeasible == reported && irreducible == reported }
    }

    /// Failure atomicity: after a refused call, later answers equal those of a solver that never saw it.
    public struct Atomicity: Sendable, Equatable {
        public var sequences = 0
        public var atomic = 0
        /// Sequences where the solver took a call it should have refused (a contradicting required row, an unknown
        /// removal, a suggestion for a variable that is not editable).
        public var accepted = 0
        public var failures: [String] = []
        public var holds: Bool { atomic == sequences }
    }

    /// Pixel rounding at scales 1, 2 and 3: frame values whose rounded pixel differs from the exact value's, and of
    /// those the ones where the exact value does not itself sit on a rounding boundary (the app-visible jumps).
    public struct Rounding: Sendable, Equatable {
        public var values = 0
        public var across = 0
        public var acrossOffBoundary = 0
        public var holds: Bool { acrossOffBoundary == 0 }
    }

    public var solver: String
    public var termination: Termination?
    public var processes: Processes?
    public var permutations: Permutations?
    public var conflicts: Conflicts?
    public var atomicity: Atomicity?
    public var rounding: Rounding?

    public init(solver: String) { self.solver = solver }

    /// The properties the solver fails, by name, for the recommendation.
    public var failed: [String] {
        var names: [String] = []
        if termination?.holds == false { names.append("termination") }
        if processes?.holds == false { names.append("determinism across processes") }
        if permutations?.holds == false { names.append("determinism under insertion order") }
        if conflicts?.holds == false { names.append("conflict explanations") }
        if atomicity?.holds == false { names.append("failure atomicity") }
        if rounding?.holds == false { names.append("pixel rounding") }
        return names
    }
}
