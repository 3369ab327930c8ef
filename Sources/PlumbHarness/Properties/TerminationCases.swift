import PlumbSystem

/// Systems made to stall simplex pivoting, each a prioritized layout-lp/1 system a solver must answer within the
/// property suite's bound: the textbook cycling examples with their objective as a soft row, degenerate layouts
/// (every ratio test a tie), the runaway system the fuzz found, and a generated degenerate family.
///
/// An objective `minimise c·x` is written as the soft row `c·x + M ≤ 0` at one priority below required, with `M`
/// larger than any value `c·x` can reach: its violation is `c·x + M`, so minimising it minimises `c·x`.
public enum TerminationCases {
    /// One case: its name (the property table and the report name it) and its system.
    public struct Case: Sendable {
        public let name: String
        public let system: LinearSystem
    }

    /// Every case, in a fixed order.
    public static func all() -> [Case] {
        var cases = [beale(), kuhn(), redundantEqualities(count: 40), tiedRatios(count: 30), equalWidthChain(count: 200),
                     Case(name: "fuzz-runaway", system: fuzzRunaway())]
        var rng = SplitMix64(seed: 0x7E4D_1A7E)
        for k in 0..<12 { cases.append(Case(name: "degenerate-\(k + 1)", system: degenerate(&rng, index: k))) }
        return cases
    }

    /// Beale (1955): the first example on which the simplex method with Dantzig's rule cycles. minimise
    /// −3/4 x4 + 20 x5 − 1/2 x6 + 6 x7 subject to 1/4 x4 − 8 x5 − x6 + 9 x7 ≤ 0, 1/2 x4 − 12 x5 − 1/2 x6 + 3 x7 ≤ 0,
    /// x6 ≤ 1, x ≥ 0 (the zero start is degenerate: both first rows are tight).
    public static func beale() -> Case {
        let (a, b, c, d) = (VariableID(0), VariableID(1), VariableID(2), VariableID(3))
        let names = ["x4", "x5", "x6", "x7"]
        var rows = nonNegative(names)
        rows.append(row([(a, q(1, 4)), (b, -8), (c, -1), (d, 9)], 0, .lessOrEqual, .required, "beale row 1"))
        rows.append(row([(a, q(1, 2)), (b, -12), (c, q(-1, 2)), (d, 3)], 0, .lessOrEqual, .required, "beale row 2"))
        rows.append(row([(c, 1)], -1, .lessOrEqual, .required, "beale x6 <= 1"))
        rows.append(row([(a, q(-3, 4)), (b, 20), (c, q(-1, 2)), (d, 6)], 1000, .lessOrEqual, Priority(999), "beale objective"))
        return Case(name: "beale", system: LinearSystem(name: "beale", variables: names, constraints: rows))
    }

    /// Kuhn's example (in Balinski and Tucker, 1969), which cycles under the textbook rule: minimise
    /// −2 x1 − 3 x2 + x3 + 12 x4 subject to −2 x1 − 9 x2 + x3 + 9 x4 ≤ 0, 1/3 x1 + x2 − 1/3 x3 − 2 x4 ≤ 0,
    /// 2 x1 + 3 x2 − x3 − 12 x4 ≤ 2, x ≥ 0.
    public static func kuhn() -> Case {
        let (a, b, c, d) = (VariableID(0), VariableID(1), VariableID(2), VariableID(3))
        let names = ["x1", "x2", "x3", "x4"]
        var rows = nonNegative(names)
        rows.append(row([(a, -2), (b, -9), (c, 1), (d, 9)], 0, .lessOrEqual, .required, "kuhn row 1"))
        rows.append(row([(a, q(1, 3)), (b, 1), (c, q(-1, 3)), (d, -2)], 0, .lessOrEqual, .required, "kuhn row 2"))
        rows.append(row([(a, 2), (b, 3), (c, -1), (d, -12)], -2, .lessOrEqual, .required, "kuhn row 3"))
        rows.append(row([(a, -2), (b, -3), (c, 1), (d, 12)], 1000, .lessOrEqual, Priority(999), "kuhn objective"))
        return Case(name: "kuhn", system: LinearSystem(name: "kuhn", variables: names, constraints: rows))
    }

    /// `count` views whose left edges all pass through one point, each tied to it and to every other (redundant
    /// required equalities), with soft wishes pulling each away: every pivot a degenerate one.
    public static func redundantEqualities(count: Int) -> Case {
        var rows: [LinearConstraint] = [row([(VariableID(0), 1)], 0, .equal, .required, "p at 0")]
        for i in 1...count {
            rows.append(row([(VariableID(i), 1), (VariableID(0), -1)], 0, .equal, .required, "x\(i) = p"))
            if i > 1 { rows.append(row([(VariableID(i), 1), (VariableID(i - 1), -1)], 0, .equal, .required, "x\(i) = x\(i - 1)")) }
            rows.append(row([(VariableID(i), 1)], Rational(-i), .equal, Priority(250), "x\(i) wishes \(i)"))
        }
        let names = ["p"] + (1...count).map { "x\($0)" }
        return Case(name: "redundant-equalities", system: LinearSystem(name: "redundant-equalities", variables: names, constraints: rows))
    }

    /// `count` views in a row of width 0, each between 0 and 0, each wishing for width 10 at the same priority:
    /// every ratio test ties at 0.
    public static func tiedRatios(count: Int) -> Case {
        var rows: [LinearConstraint] = []
        for i in 0..<count {
            rows.append(row([(VariableID(i), 1)], 0, .greaterOrEqual, .required, "w\(i) >= 0"))
            rows.append(row([(VariableID(i), 1)], -10, .equal, Priority(500), "w\(i) wishes 10"))
        }
        rows.append(row((0..<count).map { (VariableID($0), Rational.one) }, 0, .lessOrEqual, .required, "the row fits in 0"))
        return Case(name: "tied-ratios", system: LinearSystem(name: "tied-ratios", variables: (0..<count).map { "w\($0)" }, constraints: rows))
    }

    /// A chain of `count` equal widths filling 1,000 points, each also wishing for another width at one priority.
    public static func equalWidthChain(count: Int) -> Case {
        var rows: [LinearConstraint] = []
        for i in 1..<count {
            rows.append(row([(VariableID(i), 1), (VariableID(i - 1), -1)], 0, .equal, .required, "w\(i) = w\(i - 1)"))
        }
        for i in 0..<count { rows.append(row([(VariableID(i), 1)], Rational(-(i % 7)), .equal, Priority(250), "w\(i) wishes \(i % 7)")) }
        rows.append(row((0..<count).map { (VariableID($0), Rational.one) }, -1000, .equal, .required, "the widths fill 1000"))
        return Case(name: "equal-width-chain", system: LinearSystem(name: "equal-width-chain", variables: (0..<count).map { "w\($0)" }, constraints: rows))
    }

    /// The near-dependent system on which the fuzz found Cassowary drifting to values in the millions (seed
    /// 2416030208382542141, case 1401).
    public static func fuzzRunaway() -> LinearSystem {
        var system = NearDependentSystems().system(seed: 2_416_030_208_382_542_141, index: 1401)
        system.name = "fuzz-runaway"
        return system
    }

    /// A small system of rows with coefficients −1, 0 and 1 and constants 0 (so that many rows are tight at once and
    /// dependent), mixed relations and priorities.
    static func degenerate(_ rng: inout SplitMix64, index: Int) -> LinearSystem {
        let size = 4 + rng.next(5)
        let priorities: [Priority] = [.required, .required, 750, 500, 250]
        let relations: [Relation] = [.equal, .lessOrEqual, .greaterOrEqual]
        let names = (0..<size).map { "v\($0)" }
        var rows = nonNegative(names)
        for k in 0..<(2 * size) {
            var terms: [(VariableID, Rational)] = []
            for v in 0..<size where rng.next(3) != 0 { terms.append((VariableID(v), Rational(rng.next(3) - 1))) }
            terms.removeAll { $0.1.isZero }
            if terms.isEmpty { terms = [(VariableID(rng.next(size)), .one)] }
            let constant = rng.next(4) == 0 ? Rational(-(1 + rng.next(3))) : .zero
            rows.append(row(terms, constant, relations[rng.next(3)], priorities[rng.next(priorities.count)], "row \(k)"))
        }
        return LinearSystem(name: "degenerate-\(index + 1)", variables: names, constraints: rows)
    }

    static func nonNegative(_ names: [String]) -> [LinearConstraint] {
        names.indices.map { row([(VariableID($0), 1)], 0, .greaterOrEqual, .required, "\(names[$0]) >= 0") }
    }

    static func row(_ terms: [(VariableID, Rational)], _ constant: Rational, _ relation: Relation, _ priority: Priority,
                    _ label: String) -> LinearConstraint {
        var e = LinearExpression(constant: constant)
        for (v, a) in terms { try? e.add(v, a) }
        return LinearConstraint(e, relation, priority: priority, label: label)
    }

    /// `n / d`, for the textbook fractions above (nonzero literal denominators).
    static func q(_ n: Int, _ d: Int) -> Rational { (try? Rational(Int128(n), Int128(d))) ?? .zero }
}
