import PlumbSystem
import PlumbSolver
import PlumbBatch

extension PropertySuite {
    // MARK: Conflict explanations

    /// Each infeasible system: is it reported infeasible, does the solver name a set (more than the one constraint
    /// it refused, unless that one is infeasible alone), is the set infeasible, is it irreducible. The exact back end
    /// decides both on the named constraints alone.
    public func conflicts(_ backEnd: BackEnd, _ systems: [LinearSystem]) -> PropertyFindings.Conflicts {
        var finding = PropertyFindings.Conflicts()
        for system in systems {
            finding.systems += 1
            let result = backEnd.solve(system, roundValues: .none)
            guard result.status == .infeasible else { continue }
            finding.reported += 1
            var byLabel: [String: Int] = [:]
            for (k, c) in system.constraints.enumerated() { byLabel[c.label ?? "#\(k)", default: k] = k }
            let named = Set(result.conflict.compactMap { byLabel[$0] }).sorted()
            guard !named.isEmpty, named.count == result.conflict.count else { continue }
            let infeasible = !feasible(system, keeping: named)
            if named.count > 1 || infeasible { finding.namedSets += 1 }
            guard infeasible else { continue }
            finding.infeasible += 1
            if named.allSatisfy({ dropped in feasible(system, keeping: named.filter { $0 != dropped }) }) { finding.irreducible += 1 }
        }
        return finding
    }

    /// Whether the constraints of `system` at `indices`, alone and all required, can hold together (exact back end).
    func feasible(_ system: LinearSystem, keeping indices: [Int]) -> Bool {
        var subsystem = LinearSystem(name: system.name + " (subset)", variables: system.variables)
        subsystem.constraints = indices.map { system.constraints[$0].withPriority(.required) }
        return SystemRunner(repeats: 1, roundValues: .none, reportAmbiguity: false).run(subsystem, solver: reference).status != .infeasible
    }

    // MARK: Pixel rounding

    /// Every value the exact back end finds unique, rounded to the pixel grid at scales 1, 2 and 3 (half away from
    /// zero) as the solver gave it and as it is exactly.
    public func rounding(_ backEnd: BackEnd, _ layouts: [(system: LinearSystem, exact: LayoutResult)]) -> PropertyFindings.Rounding {
        var finding = PropertyFindings.Rounding()
        for (system, exact) in layouts {
            let result = backEnd.solve(system, roundValues: .none)
            guard result.status == .ok else { continue }   // (an answer the solver does not vouch for is not judged)
            let ambiguous = Set(exact.ambiguous.map(\.name))
            let values = Dictionary(result.values.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
            for named in exact.values where !ambiguous.contains(named.name) {
                guard case .exact(let e) = named.value, let v = values[named.name] else { continue }
                for scale in 1...3 {
                    finding.values += 1
                    guard let (pixel, onBoundary) = Self.pixel(e, scale: scale) else { continue }
                    if Self.pixel(v, scale: scale) != pixel {
                        finding.across += 1
                        if !onBoundary { finding.acrossOffBoundary += 1 }
                    }
                }
            }
        }
        return finding
    }

    /// The pixel an exact value rounds to at `scale` (half away from zero), and whether it sits exactly half way.
    static func pixel(_ value: Rational, scale: Int) -> (pixel: Int128, onBoundary: Bool)? {
        guard let scaled = try? value * Rational(scale) else { return nil }
        let magnitude = scaled.numerator.magnitude
        let d = scaled.denominator.magnitude
        let (whole, rest) = magnitude.quotientAndRemainder(dividingBy: d)
        let up = 2 * rest >= d
        let pixel = Int128(whole + (up ? 1 : 0))
        return (scaled.numerator < 0 ? -pixel : pixel, 2 * rest == d)
    }

    /// The pixel a solved value rounds to at `scale`.
    static func pixel(_ value: SolvedValue, scale: Int) -> Int128 {
        if case .exact(let r) = value, let (p, _) = pixel(r, scale: scale) { return p }
        let scaled = (value.doubleValue * Double(scale)).rounded(.toNearestOrAwayFromZero)
        guard scaled.isFinite, abs(scaled) < 1e30 else { return Int128.max }
        return Int128(scaled)
    }
}
