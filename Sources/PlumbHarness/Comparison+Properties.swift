extension Comparison {
    /// The properties that got worse (or better) per solver measured in both runs: each figure as the count of
    /// cases that failed it, so that more is worse. A property the old run measured and the new one did not, for a
    /// solver the new run did measure, is worse too; a new run that measured no property at all is noted.
    static func propertyChanges(old: RunResults, new: RunResults) -> (changes: [Change], notes: [String]) {
        guard !old.properties.isEmpty else { return ([], []) }
        guard !new.properties.isEmpty else { return ([], ["the new run measured no properties (--no-properties or a filtered run)"]) }
        var changes: [Change] = []
        let before = Dictionary(old.properties.map { ($0.solver, $0) }, uniquingKeysWith: { a, _ in a })
        for now in new.properties {
            guard let was = before[now.solver] else { continue }
            for ((name, failedBefore), (_, failedNow)) in zip(failures(was), failures(now)) {
                guard let failedBefore else { continue }
                guard let failedNow else {
                    changes.append(Change(kind: .propertyWorse, workload: name, backEnd: now.solver, detail: "not measured in the new run"))
                    continue
                }
                guard failedNow != failedBefore else { continue }
                let kind: Change.Kind = failedNow > failedBefore ? .propertyWorse : .propertyBetter
                changes.append(Change(kind: kind, workload: name, backEnd: now.solver, detail: "\(failedBefore) → \(failedNow) failing"))
            }
        }
        return (changes, [])
    }

    /// Each property's figure as a count of failing cases (nil when not probed).
    static func failures(_ f: PropertyFindings) -> [(name: String, failed: Int?)] {
        [("termination", f.termination.map { $0.cases - $0.answered }),
         ("same in every process", f.processes.map { $0.workloads - $0.identical }),
         ("insertion order", f.permutations.map(\.wrong)),
         ("conflict explanations", f.conflicts.map { ($0.systems - $0.reported) + ($0.reported - $0.namedSets) + ($0.namedSets - $0.infeasible) + ($0.infeasible - $0.irreducible) }),
         ("after a refused call", f.atomicity.map { $0.sequences - $0.atomic }),
         ("memory under churn", f.churn.map { $0.growing + $0.series.filter { $0.failure != nil }.count }),
         ("pixel rounding", f.rounding.map(\.acrossOffBoundary))]
    }
}
