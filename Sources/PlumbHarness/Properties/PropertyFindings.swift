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

    /// Memory under churn: per churn (a layout and an operation played again and again), the program's resident
    /// bytes at each checkpoint of cycles, the slope over the last interval, and whether it grew.
    public struct Churn: Sendable, Equatable {
        public struct Series: Sendable, Equatable {
            public var name: String
            /// Cycles played at each checkpoint, and the resident bytes then.
            public var cycles: [Int] = []
            public var bytes: [Int] = []
            /// Why the series stopped early, if it did: the program failed, or it cannot take the churn's system.
            public var failure: String?
            public var unsupported: String?

            public init(name: String) { self.name = name }

            /// Growth over the last interval, from the checkpoint before the last to the last (what came before, the
            /// solver warming up to its working size, is left out; a leak grows in every interval, the last the
            /// longest); nil with fewer than two checkpoints.
            public var growth: Int? { cycles.count >= 2 ? bytes[bytes.count - 1] - bytes[bytes.count - 2] : nil }
            /// Bytes per cycle over the last interval.
            public var slope: Double? { growth.map { Double($0) / Double(interval) } }
            /// Growth of at least `Churn.growthLimit` bytes.
            public var grows: Bool { (growth ?? 0) >= Churn.growthLimit }
            /// The smallest slope the series could have told from noise: the growth limit over the last interval.
            public var floor: Double? { cycles.count >= 2 ? Double(Churn.growthLimit) / Double(interval) : nil }
            private var interval: Int { cycles[cycles.count - 1] - cycles[cycles.count - 2] }
        }

        /// Resident growth over the last interval taken for a leak (allocators and the operating system move resident
        /// memory by pages and arenas, a few hundred kilobytes at a time, on a flat program).
        public static let growthLimit = 1 << 20

        public var series: [Series] = []
        /// Series that grew, and series that gave a verdict (two checkpoints, no failure).
        public var growing: Int { series.filter(\.grows).count }
        public var measured: Int { series.filter { $0.growth != nil && $0.failure == nil && $0.unsupported == nil }.count }
        public var holds: Bool { growing == 0 && series.allSatisfy { $0.failure == nil } }
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
    public var churn: Churn?

    public init(solver: String) { self.solver = solver }

    /// The properties the solver fails, by name, for the recommendation.
    public var failed: [String] {
        var names: [String] = []
        if termination?.holds == false { names.append("termination") }
        if processes?.holds == false { names.append("determinism across processes") }
        if permutations?.holds == false { names.append("determinism under insertion order") }
        if conflicts?.holds == false { names.append("conflict explanations") }
        if atomicity?.holds == false { names.append("failure atomicity") }
        if churn?.holds == false { names.append("memory under churn") }
        if rounding?.holds == false { names.append("pixel rounding") }
        return names
    }
}
