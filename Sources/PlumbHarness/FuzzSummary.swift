import PlumbSolver

/// How one back end's answer to one fuzz case compares with the exact back end's.
public enum FuzzComparison: Equatable, Sendable {
    case agree
    /// The back end said it did not converge: no claim to judge.
    case notConverged
    /// The back end labelled its answer approximate (`SolveReport.approximate`); `wrong` when it differs anyway.
    case approximate(wrong: Bool)
    /// An answer the back end labelled converged that differs: a finding.
    case differs(String)
}

/// What a fuzz run found, over cases of one kind (a layout-lp/1 system, a random layout).
public struct FuzzSummary<Case: Sendable>: Sendable {
    /// One disagreement, shrunk.
    public struct Finding: Sendable {
        public let seed: UInt64
        public let caseIndex: Int
        public let backEnd: String
        /// What differs (status, a level's total, a unique value or frame).
        public let reason: String
        public let original: Case
        public let shrunk: Case
    }

    public var cases = 0
    /// Cases the front end refused (the same for every back end, so nothing to compare), with the first messages.
    public var rejected = 0
    public var rejections: [String] = []
    public var findings: [Finding] = []
    /// Cases a back end answered "not converged", counted apart from wrong answers.
    public var notConverged: [String: Int] = [:]
    /// Cases a back end answered "approximate", and how many of those differ from the exact optimum.
    public var approximate: [String: (answers: Int, wrong: Int)] = [:]
    public var seconds = 0.0

    /// Plays cases `first..<first + count` of `seed` through `backEnds`, stopping after `timeLimit` seconds: `make` builds case
    /// `index`; `compare` judges one back end on it (given what `prepare` computed once per case, or the reason
    /// the case was refused); a disagreement is shrunk by `shrink`.
    static func run<Prepared>(seed: UInt64, from first: Int, count: Int, timeLimit: Double, backEnds: [any LayoutSolver.Type],
                              make: (Int) -> Case, prepare: (Case) -> Result<Prepared, RunFailure>,
                              compare: (Case, any LayoutSolver.Type, Prepared) -> FuzzComparison,
                              shrink: (Case, any LayoutSolver.Type) -> Case,
                              progress: (Int, FuzzSummary) -> Void) -> FuzzSummary {
        var summary = FuzzSummary()
        let start = monotonicSeconds()
        for index in first..<(first + count) {
            if monotonicSeconds() - start > timeLimit { break }
            let item = make(index)
            summary.cases += 1
            switch prepare(item) {
            case .failure(let failure):
                summary.rejected += 1
                if summary.rejections.count < 5 { summary.rejections.append("case \(index): \(failure)") }
            case .success(let prepared):
                for type in backEnds {
                    switch compare(item, type, prepared) {
                    case .agree: break
                    case .notConverged: summary.notConverged[type.name, default: 0] += 1
                    case .approximate(let wrong):
                        let (answers, wrongs) = summary.approximate[type.name] ?? (0, 0)
                        summary.approximate[type.name] = (answers + 1, wrongs + (wrong ? 1 : 0))
                    case .differs(let reason):
                        summary.findings.append(Finding(seed: seed, caseIndex: index, backEnd: type.name, reason: reason,
                                                        original: item, shrunk: shrink(item, type)))
                    }
                }
            }
            if index % 100 == 0 { progress(index, summary) }
        }
        summary.seconds = monotonicSeconds() - start
        return summary
    }
}
