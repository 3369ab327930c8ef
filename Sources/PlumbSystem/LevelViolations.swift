extension LinearSystem {
    /// Each priority level's total violation at `value`: every constraint's, and every edit's last suggestion (a
    /// soft `variable == suggestion` at the edit's priority), as the exact back end's levels count them. The
    /// totals are exact when every value they read is exact (`.exact`), in floating point otherwise.
    ///
    /// This is the one place where a level's total is summed: the judge reads every back end's and every external
    /// program's answer through it, and so does the differential fuzzer.
    ///
    /// - Complexity: O(t + s), for t terms over all constraints and s suggestions over all rounds.
    public func levelViolations(at value: (VariableID) -> LayoutResult.Value) -> [Priority: LayoutResult.Value] {
        var lastSuggestion: [VariableID: Rational] = [:]
        for round in suggestionRounds { for s in round { lastSuggestion[s.variable] = s.value } }
        let suggested = edits.compactMap { edit in lastSuggestion[edit.variable].map { (edit, $0) } }
        if let exact = exactLevelViolations(suggested, at: value) { return exact.mapValues { .exact($0) } }
        var sums: [Priority: Double] = [:]
        for c in constraints { sums[c.priority, default: 0] += c.violation(at: { value($0).doubleValue }) }
        for (edit, target) in suggested {
            sums[edit.priority, default: 0] += abs(value(edit.variable).doubleValue - target.doubleValue)
        }
        return sums.mapValues { .float($0) }
    }

    /// The exact totals, or nil as soon as a value read is not a narrow exact one (or a sum outgrows `Rational`).
    private func exactLevelViolations(_ suggested: [(Edit, Rational)], at value: (VariableID) -> LayoutResult.Value)
        -> [Priority: Rational]? {
        var allExact = true
        func exactValue(_ variable: VariableID) -> Rational {
            if case .exact(let r) = value(variable) { return r }
            allExact = false
            return .zero
        }
        var sums: [Priority: Rational] = [:]
        do throws(NumberError) {
            for c in constraints {
                let v = try c.violation(at: { exactValue($0) })
                guard allExact else { return nil }
                sums[c.priority] = try (sums[c.priority] ?? .zero) + v
            }
            for (edit, target) in suggested {
                let d = try exactValue(edit.variable) - target
                guard allExact else { return nil }
                sums[edit.priority] = try (sums[edit.priority] ?? .zero) + (d.signum < 0 ? -d : d)
            }
        } catch {
            return nil
        }
        return sums
    }
}
