import PlumbSystem
import PlumbSolver
import PlumbBatch
import PlumbFrontEnd
import PlumbText
import PlumbCorpus

/// Random layouts through the front end (text, parser, view tree, lowering, the incremental engine) and several
/// back ends, each judged against the exact one at every expectation; a disagreement is shrunk to a small corpus
/// layout. Deterministic from the seed.
///
/// At each expectation it compares what the back end reported unsatisfiable, every frame component the exact back
/// end finds unique, and every priority level's total violation, with `ConformancePolicy`. Answers a back end
/// labelled not converged or approximate are counted apart, as in `DifferentialFuzzer`.
public struct LayoutFuzzer {
    public typealias Summary = FuzzSummary<RandomLayout>

    public let reference: any LayoutSolver.Type
    public let backEnds: [any LayoutSolver.Type]
    public let policy: ConformancePolicy
    /// The most views a random layout has.
    public let size: Int

    public init(reference: any LayoutSolver.Type, backEnds: [any LayoutSolver.Type], size: Int = 6,
                policy: ConformancePolicy = .standard) {
        self.reference = reference
        self.backEnds = backEnds
        self.size = max(1, size)
        self.policy = policy
    }

    public func randomLayout(seed: UInt64, index: Int) -> RandomLayout {
        var rng = SplitMix64(seed: seed &* 0xD1B5_4A32_D192_ED03 &+ UInt64(index))
        return RandomLayout.random(size: size, rng: &rng)
    }

    /// Runs layouts `first..<first + count` of `seed`, stopping early after `timeLimit` seconds; a case that takes
    /// longer than `caseTimeLimit` seconds is a finding (see `FuzzSummary.run`), and `step` hears of every step.
    public func run(seed: UInt64, from first: Int = 0, count: Int, timeLimit: Double = .infinity,
                    caseTimeLimit: Double = .infinity, step: (FuzzStep) -> Void = { _ in },
                    progress: (Int, Summary) -> Void = { _, _ in }) -> Summary {
        Summary.run(seed: seed, from: first, count: count, timeLimit: timeLimit, caseTimeLimit: caseTimeLimit,
                    reference: reference.name, backEnds: backEnds,
                    make: { randomLayout(seed: seed, index: $0) }, prepare: { observeOrExplain($0, reference) },
                    compare: { layout, type, exact in compare(layout, type, exact: exact) },
                    shrink: { shrink($0, $1, until: $2) }, step: step, progress: progress)
    }

    /// The observations at every expectation, or nil when the front end rejects the layout.
    func observe(_ layout: RandomLayout, _ type: any LayoutSolver.Type) -> [Observation]? {
        try? observeOrExplain(layout, type).get()
    }

    /// The observations, or the front end's error message.
    public func observeOrExplain(_ layout: RandomLayout, _ type: any LayoutSolver.Type) -> Result<[Observation], RunFailure> {
        let entry: CorpusEntry
        do {
            let script = try LayoutFile(file: "fuzz.layout", name: "fuzz").parse(layout.text(name: "fuzz"))
            entry = try CorpusEntry(path: "fuzz.layout", script: script)
        } catch {
            return .failure(.layout(error.description))
        }
        return CorpusRunner().observe(entry, with: .native(type))
    }

    func compare(_ layout: RandomLayout, _ type: any LayoutSolver.Type, exact: [Observation]? = nil) -> FuzzComparison {
        guard let exact = exact ?? observe(layout, reference) else { return .agree }
        guard let mine = observe(layout, type) else { return .differs("the layout failed on this back end but not on the exact one") }
        if mine.contains(where: { !$0.converged }) { return .notConverged }
        let reason = difference(mine, exact)
        if mine.contains(where: \.approximate) { return .approximate(wrong: reason != nil) }
        return reason.map { .differs($0) } ?? .agree
    }

    /// The first way `mine` differs from the exact observations, if any.
    func difference(_ mine: [Observation], _ exact: [Observation]) -> String? {
        guard mine.count == exact.count else { return "\(mine.count) expectations observed, the exact back end \(exact.count)" }
        for (k, (o, e)) in zip(mine, exact).enumerated() {
            let point = "expectation \(k + 1)"
            let a = o.unsatisfied.map(\.constraint).sorted(), b = e.unsatisfied.map(\.constraint).sorted()
            guard a == b else {
                return "\(point): unsatisfiable [\(a.joined(separator: "; "))], the exact back end [\(b.joined(separator: "; "))]"
            }
            for (priority, optimum) in e.levelViolations.sorted(by: { $0.key > $1.key }) {
                let got = o.levelViolations[priority] ?? .exact(.zero)
                if !policy.agree(got, optimum) { return "\(point): level \(priority) violation \(got), the exact optimum is \(optimum)" }
            }
            for (view, frame) in e.frames.sorted(by: { $0.key < $1.key }) {
                for component in FrameComponent.allCases where e.ambiguous?[view]?[component] == nil {
                    let want = frame.value(component)
                    let got = o.frames[view]?.value(component) ?? .float(.nan)
                    if !policy.agree(got, want) { return "\(point): \(view).\(component.rawValue) = \(got), the exact value is \(want)" }
                }
            }
        }
        return nil
    }

    /// Applies `RandomLayout.simplifications()` while the disagreement persists, until none does or `deadline`
    /// (`monotonicSeconds()`) has passed.
    public func shrink(_ layout: RandomLayout, _ type: any LayoutSolver.Type, until deadline: Double = .infinity) -> RandomLayout {
        var current = layout
        var progress = true
        while progress {
            progress = false
            for candidate in current.simplifications() {
                if monotonicSeconds() > deadline { return current }
                if case .differs = compare(candidate, type) {
                    current = candidate
                    progress = true
                    break
                }
            }
        }
        return current
    }
}
