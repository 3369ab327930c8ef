import Testing
import PlumbSystem

/// x == 10 (required), x <= 5 at 250, y >= 1/3 at 250, and v edited at 750 with 204 then 300 suggested. Totals
/// derived by hand at x = 10, y = 0, v = 0: required 0; at 250 |10 − 5| + |0 − 1/3| = 16/3; at 750 |0 − 300| = 300
/// (the last suggestion holds, not the first).
@Suite struct LevelViolationsTests {
    func system() throws -> LinearSystem {
        var pinned = LinearExpression(VariableID(0))
        try pinned.add(constant: Rational(-10))
        var atMost = LinearExpression(VariableID(0))
        try atMost.add(constant: Rational(-5))
        var atLeast = LinearExpression(VariableID(1))
        try atLeast.add(constant: try Rational(-1, 3))
        return LinearSystem(
            variables: ["x", "y", "v"],
            constraints: [LinearConstraint(pinned, .equal), LinearConstraint(atMost, .lessOrEqual, priority: 250),
                          LinearConstraint(atLeast, .greaterOrEqual, priority: 250)],
            edits: [.init(variable: VariableID(2), priority: 750)],
            suggestionRounds: [[.init(variable: VariableID(2), value: 204)], [.init(variable: VariableID(2), value: 300)]])
    }

    @Test func exactValuesGiveExactTotals() throws {
        let totals = try system().levelViolations { .exact($0.index == 0 ? 10 : 0) }
        #expect(totals[.required] == .exact(0))
        #expect(totals[250] == .exact(try Rational(16, 3)))
        #expect(totals[750] == .exact(300))
    }

    @Test func oneFloatingValueMakesEveryTotalFloating() throws {
        let totals = try system().levelViolations { $0.index == 0 ? .float(10) : .exact(0) }
        guard case .float(let low)? = totals[250], case .float(let edit)? = totals[750] else {
            Issue.record("expected floating totals, got \(totals)")
            return
        }
        #expect(abs(low - 16.0 / 3) < 1e-12)
        #expect(edit == 300)
    }

    @Test func anEditWithoutASuggestionCountsNothing() throws {
        var s = try system()
        s.suggestionRounds = []
        let totals = s.levelViolations { .exact($0.index == 0 ? 10 : 0) }
        #expect(totals[750] == nil)
        #expect(totals[250] == .exact(try Rational(16, 3)))
    }
}
