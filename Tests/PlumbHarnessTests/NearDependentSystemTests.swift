import Testing
import PlumbSystem
import PlumbSolver
import PlumbBatch
import PlumbBackEnds
@testable import PlumbHarness

/// Rows that are nearly multiples of others, every number inside the Cassowary back end's stated range (the hostile
/// round 3 findings W1–W5, as systems of my own of the same shape). The rule of `IllConditionedSystems`: ok only when
/// right, otherwise approximate; a conflict only when it is one, otherwise declined as ill-conditioned.
@Suite struct NearDependentSystemTests {
    typealias Row = IllConditionedSystems.Row
    static func q(_ text: String) -> Rational { IllConditionedSystems.q(text) }

    /// x − 3y − 5 = 0 (required), 3x − 9.0000003y + 5 = 0 @750, y = −19 @250. The first gives x = 3y + 5; the second
    /// then reads 9y + 15 − 9.0000003y + 5 = 0, so 3·10⁻⁷·y = 20: y = 2·10⁸/3, x = 2·10⁸ + 5 (the @250 row is given up).
    /// 9.0000003 is not a `Double`: its rounding, divided by the 3·10⁻⁷ left of the cancellation, moves y by about
    /// 0.1, more than the tolerance (0.067): floating point answered that as ok.
    @Test func valuesThroughACancelledCoefficient() throws {
        let result = try IllConditionedSystems.run(["x", "y"], [
            ([(0, 1), (1, -3)], -5, .equal, .required),
            ([(0, 3), (1, Self.q("-9.0000003"))], 5, .equal, 750),
            ([(1, 1)], 19, .equal, 250),
        ])
        IllConditionedSystems.expectVouchedOrLabelled(result, ["x": 200_000_005, "y": 200_000_000.0 / 3], "W1")
        #expect(result.status != .ok || abs((HostileSystems.value(result, "y") ?? 0) - 200_000_000.0 / 3) < 0.067)
    }

    /// v0 − 2v1 − 4 ≥ 0, v0 + 3v1 − 34 ≤ 0 (required); v0 + 2.99999999993·v1 − 36 = 0 @750; v0 + 49 = 0 @500;
    /// v1 − 32 ≤ 0 @250. The @750 row holds exactly when v0 = 36 − 2.99999999993·v1, and then the second required row
    /// reads 36 + 7·10⁻¹¹·v1 ≤ 34: v1 ≤ −2·10¹¹/7. Level 500 wants v0 as small as it can be, v0 = 36 − 2.99999999993·v1
    /// falls as v1 rises: v1 = −2·10¹¹/7, v0 = 36 + (6·10¹¹ − 14)/7 = 600000000238/7. A floating-point simplex that takes
    /// 7·10⁻¹¹ for round-off stops at v0 = 16, v1 = 6 with the @750 row violated by 2 and calls that ok.
    @Test func anOptimumBeyondASlopeTheToleranceDiscards() throws {
        let result = try IllConditionedSystems.run(["v0", "v1"], [
            ([(0, 1), (1, -2)], -4, .greaterOrEqual, .required),
            ([(0, 1), (1, 3)], -34, .lessOrEqual, .required),
            ([(0, 1), (1, Self.q("2.99999999993"))], -36, .equal, 750),
            ([(0, 1)], 49, .equal, 500),
            ([(1, 1)], -32, .lessOrEqual, 250),
        ])
        IllConditionedSystems.expectVouchedOrLabelled(result, ["v0": 600_000_000_238.0 / 7, "v1": -200_000_000_000.0 / 7], "W3")
    }

    /// x + y ≤ 0 and x + (1 + 10⁻¹⁰)·y − 1 = 0, required; y = 0 @1. Subtracting, 10⁻¹⁰·y − 1 = −(x + y) ≥ 0: y ≥ 10¹⁰.
    /// Feasible: y = 10¹⁰ (as close to 0 as it may be), x = 1 − (1 + 10⁻¹⁰)·10¹⁰ = −10¹⁰. Never "infeasible".
    @Test func aFeasibleSystemIsNeverCalledInfeasible() throws {
        let result = try IllConditionedSystems.run(["x", "y"], [
            ([(0, 1), (1, 1)], 0, .lessOrEqual, .required),
            ([(0, 1), (1, Self.q("1.0000000001"))], -1, .equal, .required),
            ([(1, 1)], 0, .equal, 1),
        ])
        switch result.status {
        case .unsupported:
            #expect(result.message.contains("cannot be vouched for"), "\(result.message)")
        default:
            IllConditionedSystems.expectVouchedOrLabelled(result, ["x": -1e10, "y": 1e10], "W5")
        }
    }

    /// 4x + 19 = 0 and −8.000000007x − 38 = 0, required: the first gives x = −4.75, and then the second reads
    /// 8.000000007·4.75 − 38 = 3.325·10⁻⁸ ≠ 0: infeasible. Its residual is below the tolerance the back end keeps for
    /// a redundant row (10⁻⁸ of the constants' scale), but far above round-off: not a redundancy to take silently.
    @Test func anInconsistencyBelowTheToleranceIsNotOk() throws {
        let result = try IllConditionedSystems.run(["x"], [
            ([(0, 4)], 19, .equal, .required),
            ([(0, Self.q("-8.000000007"))], -38, .equal, .required),
        ])
        #expect(result.status != .ok, "an infeasible system answered ok: \(result.values)")
    }

    /// Case 1176 of fuzz seed 2, shrunk (session 26). Required: 10.00000000002·v0 − 4v1 + 8v2 − 6v3 + 10v4 − 1 ≥ 0,
    /// which is −2·B − 1 + 2·10⁻¹¹·v0 ≥ 0 for B = −5v0 + 2v1 − 4v2 + 3v3 − 5v4, the left side of `B ≥ 0 @750`. So B ≥ 0
    /// needs 2·10⁻¹¹·v0 ≥ 1 + 2B ≥ 1: v0 ≥ 5·10¹⁰. Then v0 = 5·10¹⁰, v1 = 1.25·10¹¹, v2 = v3 = v4 = 0 gives B = 0, the
    /// required row 500000000001 − 1 − 5·10¹¹ = 0, and meets every other row (`5v0 + 2v1 + 3v2 ≥ 0 @750`, and at 500
    /// `−4v2 + 3v3 − 4v4 = 0`, `v0 + 4v2 + 2v3 ≥ 0`, `v0 + 2v2 + v3 ≥ 0`): level 750's optimum is 0. Floating point,
    /// assembling the required row, cancels v0's cell to 2·10⁻¹¹ of terms of magnitude 930 (the substituted rows were
    /// scaled up): 31 times the cells' estimated round-off, which the back end took for round-off at an allowance of 32,
    /// answering ok with level 750 violated by 0.5. Ok only with level 750 met; otherwise labelled or declined.
    @Test func aCancellationJustAboveRoundOffIsNoticed() throws {
        let result = try IllConditionedSystems.run(["v0", "v1", "v2", "v3", "v4"], [
            ([(2, -4), (3, 3), (4, -4)], 0, .equal, 500),
            ([(0, -5), (1, 2), (2, -4), (3, 3), (4, -5)], 0, .greaterOrEqual, 750),
            ([(0, -1), (2, -4), (3, -2)], 0, .lessOrEqual, 500),
            ([(0, -5), (1, -2), (2, -3)], 0, .lessOrEqual, 750),
            ([(0, -1), (2, -2), (3, -1)], 0, .lessOrEqual, 500),
            ([(0, Self.q("500000000001/50000000000")), (1, -4), (2, 8), (3, -6), (4, 10)], -1, .greaterOrEqual,
             .required),
        ])
        switch result.status {
        case .ok:
            let v = (0..<5).map { HostileSystems.value(result, "v\($0)") ?? .nan }
            let b = -5 * v[0] + 2 * v[1] - 4 * v[2] + 3 * v[3] - 5 * v[4], other = 5 * v[0] + 2 * v[1] + 3 * v[2]
            let level750 = Swift.max(0, -b) + Swift.max(0, -other)
            let scale = v.map(abs).max() ?? 0
            #expect(level750 <= 1e-6 + 1e-9 * scale, "ok with level 750 violated by \(level750): \(v)")
        case .approximate, .unsupported:
            #expect(result.message.contains("ill-conditioned") || result.message.contains("cannot be vouched for"),
                    "\(result.message)")
        default:
            Issue.record("\(result.status) \(result.message) on a feasible system")
        }
    }

    /// The generator: deterministic, and each system has a row that is a small multiple of another but for one
    /// coefficient moved by a power of ten between 10⁻³ and 10⁻¹¹.
    @Test func theGeneratorMakesNearlyDependentRows() {
        let generator = NearDependentSystems()
        #expect(generator.system(seed: 3, index: 7) == generator.system(seed: 3, index: 7))
        #expect(generator.system(seed: 3, index: 7) != generator.system(seed: 4, index: 7))
        for index in 0..<50 {
            let system = generator.system(seed: 9, index: index)
            #expect((2...5).contains(system.variables.count))
            let moved = system.constraints.filter { $0.label == "near base, moved" }
            #expect(!moved.isEmpty)
            for row in moved {
                // some coefficient is not an integer, and its distance to the nearest integer is 10⁻³ … 10⁻¹¹ (times a digit)
                let fractions = row.terms.compactMap { term -> Double? in
                    let c = term.coefficient
                    guard !c.isInteger else { return nil }
                    let d = c.doubleValue
                    return abs(d - d.rounded())
                }
                #expect(fractions.count == 1, "\(row.terms)")
                if let f = fractions.first { #expect(f >= 1e-11 * 0.99 && f <= 9e-3 * 1.01, "\(f)") }
            }
        }
    }

    /// Case 85 of seed 5525008107510306344 (CI's seed at 54d01a6): a phase 1 pivot on a coefficient that nearly
    /// dependent rows left tiny put a slack 0.175 below zero. The answer is labelled approximate (a precision loss is
    /// recorded), and the debug invariant check, which skips feasibility once round-off was reported, no longer traps
    /// on it: this test runs in a debug build and would crash there.
    @Test func aTinyPivotsInfeasibleRowIsALabelledLossNotATrap() throws {
        let exact = try #require(PlumbBackEnds.all.first { $0.capabilities.exact })
        let cassowary = try #require(PlumbBackEnds.named("cassowary"))
        let fuzzer = DifferentialFuzzer(reference: exact, backEnds: [cassowary], shape: .nearDependent)
        let summary = fuzzer.run(seed: 5_525_008_107_510_306_344, from: 85, count: 1)
        #expect(summary.cases == 1 && summary.findings.isEmpty)
        #expect(summary.approximate["cassowary"]?.answers == 1, "\(summary.approximate)")
    }

    /// A few hundred near-dependent systems through the Cassowary back end, judged against the exact one: no answer
    /// wrong and labelled ok, no feasible system called infeasible. (Before the watch on discarded quantities, about 2%
    /// of such systems were; see `NearDependentSystems`.)
    @Test func noWrongOkOnNearDependentSystems() throws {
        let exact = try #require(PlumbBackEnds.all.first { $0.capabilities.exact })
        let cassowary = try #require(PlumbBackEnds.named("cassowary"))
        let fuzzer = DifferentialFuzzer(reference: exact, backEnds: [cassowary], shape: .nearDependent)
        let summary = fuzzer.run(seed: 17, count: 400)
        #expect(summary.cases == 400)
        #expect(summary.findings.isEmpty, "\(summary.findings.map { "\($0.caseIndex): \($0.reason)" })")
    }
}
