import PlumbSolver
import PlumbCorpus

/// What one command runs, decided once where it is made: the back ends, the exact back end that judges them (the
/// oracle), the verifier of lifecycle workloads, the filter, what is run and the limits. `bench run`, `bench check`
/// and `bench solve --check` each build one and hand it to a `Harness`.
public struct RunPlan: Sendable {
    public var backEnds: [BackEnd]
    /// The exact back end whose optima and conflict checks judge the others (the first one that claims exactness).
    public var oracle: (any LayoutSolver.Type)?
    /// A fast back end that checks each lifecycle workload before any solver is timed on it: the first floating-point
    /// one that keeps priorities strict and changes incrementally, else the oracle (chosen by what each claims).
    public var verifier: (any LayoutSolver.Type)?
    /// Only layouts and families whose name or tag contains this.
    public var filter: String?
    /// How every workload is timed, on every back end alike.
    public var timing = TimingPolicy()
    /// Timed runs per workload (the policy's repeats).
    public var repeats: Int {
        get { timing.repeats }
        set { timing.repeats = newValue }
    }
    /// Seconds one workload may take on one back end (corpus, small, scaling and lifecycle alike). In a family's
    /// growth it also stops a back end: after a size whose run took over a third of it or failed, and before a
    /// size predicted to take longer than it per run. Setting it raises an external program's request limit to three
    /// times it where that is more (a timed request runs many repeats).
    public var budget: Double {
        get { timing.budget }
        set {
            timing.budget = newValue
            for case .external(let program) in backEnds { program.timeLimit = max(program.timeLimit, 3 * newValue) }
        }
    }
    /// Generated families and sizes.
    public var families: [Family] = Family.allCases
    public var sizes: [Int] = [10, 100, 1000, 10_000, 100_000]
    /// Sizes of the lifecycle workloads (update, remake, remove-add, resize) per family.
    public var lifecycleSizes: [Int] = [100, 1000, 10_000]
    public var lifecycle = LifecyclePlan()
    /// Whether corpus layouts are timed as well as judged.
    public var timeCorpus = true
    public var policy = ConformancePolicy.standard

    /// A plan for `backEnds`, with the oracle and the verifier chosen among `available` (this build's back ends) by
    /// their capabilities, never by name; without `available`, among the native back ends in `backEnds`.
    public init(backEnds: [BackEnd], available: [any LayoutSolver.Type] = []) {
        self.backEnds = backEnds
        var native: [any LayoutSolver.Type] = []
        for case .native(let type) in backEnds { native.append(type) }
        let candidates = available.isEmpty ? native : available
        oracle = candidates.first { $0.capabilities.exact }
        verifier = candidates.first {
            !$0.capabilities.exact && $0.capabilities.strictPriorities && $0.capabilities.incremental
        } ?? oracle
    }

    /// The corpus layouts the filter keeps.
    public func selected(_ corpus: Corpus) -> [CorpusEntry] {
        corpus.entries.filter { filter.map($0.matches) ?? true }
    }
}
