import PlumbSystem

/// Random systems whose rows are nearly multiples of one another: the shape that makes a floating-point simplex
/// answer wrongly while every number stays inside its stated range (the hostile probe's W1–W5).
///
/// Each system has 2–5 variables. One to that many *base* rows have small integer coefficients (−5 to 5); one to
/// three more rows are each a base row times a small integer (±1, ±2, ±3), with one coefficient moved by a decimal
/// `±d·10⁻ᵉ` (`e` from 3 to 11, so the moved row is independent of its base, exactly, but only by that much). Every
/// row has a constant of its own (−50 to 50), a relation drawn from =, ≤ and ≥, and a priority that is required
/// half the time, else 750, 500 or 250. Each variable then gets a soft anchor (`v` =, ≤ or ≥ a constant from −50
/// to 50) at 500, 250 or 100.
/// The exact answers are often far from the constants (1e3 … 1e12): the rows meet where the perturbation lets them.
/// Every number is an exact decimal, so the exact back end sees what was written, and a floating-point one sees
/// its nearest `Double`.
public struct NearDependentSystems: Sendable {
    public init() {}

    /// Case `index` of `seed` (deterministic).
    public func system(seed: UInt64, index: Int) -> LinearSystem {
        var rng = SplitMix64(seed: (seed ^ 0x4E44_5345_4544) &* 0x9E37_79B9 &+ UInt64(index))
        let size = 2 + rng.next(4)
        let variables = (0..<size).map { "v\($0)" }
        let priorities: [Priority] = [.required, .required, .required, 750, 500, 250]
        let relations: [Relation] = [.equal, .lessOrEqual, .greaterOrEqual]
        var bases: [[Int]] = []
        for _ in 0..<(1 + rng.next(size)) {
            var row = (0..<size).map { _ in rng.next(3) == 0 ? 0 : rng.next(11) - 5 }
            if row.allSatisfy({ $0 == 0 }) { row[rng.next(size)] = 1 + rng.next(3) }
            bases.append(row)
        }
        var constraints: [LinearConstraint] = []
        func add(_ coefficients: [Rational], constant: Int, _ label: String) {
            var e = LinearExpression(constant: Rational(constant))
            for (v, a) in coefficients.enumerated() where a != .zero { try? e.add(VariableID(v), a) }
            let relation = relations[rng.next(relations.count)]
            let priority = priorities[rng.next(priorities.count)]
            constraints.append(LinearConstraint(e, relation, priority: priority, label: label))
        }
        for (b, base) in bases.enumerated() {
            add(base.map { Rational($0) }, constant: rng.next(101) - 50, "base \(b)")
        }
        let derived = 1 + rng.next(3)
        for d in 0..<derived {
            let base = bases[rng.next(bases.count)]
            let factor = [1, -1, 2, -2, 3, -3][rng.next(6)]
            var coefficients = base.map { Rational($0 * factor) }
            let nonZero = coefficients.indices.filter { coefficients[$0] != .zero }
            let moved = nonZero.isEmpty ? rng.next(size) : nonZero[rng.next(nonZero.count)]
            coefficients[moved] = (try? coefficients[moved] + perturbation(&rng)) ?? coefficients[moved]
            add(coefficients, constant: rng.next(101) - 50, "near base, moved")
            _ = d
        }
        for v in 0..<size {
            var e = LinearExpression(VariableID(v))
            try? e.add(constant: Rational(rng.next(101) - 50))
            let relation = relations[rng.next(relations.count)]
            constraints.append(LinearConstraint(e, relation, priority: [500, 250, 100][rng.next(3)], label: "anchor v\(v)"))
        }
        return LinearSystem(name: "near-dependent-\(seed)-\(index)", variables: variables, constraints: constraints)
    }

    /// `±d·10⁻ᵉ` with `d` in 1...9 and `e` in 3...11, exactly.
    func perturbation(_ rng: inout SplitMix64) -> Rational {
        let digit = 1 + rng.next(9)
        let exponent = 3 + rng.next(9)
        var power: Int128 = 1
        for _ in 0..<exponent { power *= 10 }
        let sign = rng.next(2) == 0 ? 1 : -1
        return (try? Rational(Int128(sign * digit), power)) ?? .one
    }
}
