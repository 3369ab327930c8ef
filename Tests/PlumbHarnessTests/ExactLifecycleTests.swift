import PlumbTestSupport
import Testing
import PlumbSystem
import PlumbSolver
import PlumbBatch
import PlumbCorpus
@testable import ExactBackend
import PlumbBackEnds

/// Long lifecycles on one exact solver (removals in batches, re-adds, constant changes, edits and suggestions), each
/// step compared with a fresh solve of the constraints then live by the exact back end without its floating-point
/// proposer (`exact-pivot`: no certificate, no kept state): the level sums must agree exactly. The solver under test
/// recovers dropped marker columns and keeps its level prices through every change; debug builds check each
/// recovered column against the original rows and each kept price row against one priced from scratch.
@Suite struct ExactLifecycles {

    @Test("random lifecycles on generated layouts agree exactly with a fresh exact solve after every step",
          arguments: [(Family.independent, 1), (.nested, 2), (.grid, 3), (.app, 4), (.chain, 5), (.random, 6), (.app, 7)])
    func lifecyclesAgreeWithFreshSolves(family: Family, seed: Int) throws {
        let s = ProposedExactSolver()
        guard let lifecycle = try play(family, seed: seed, steps: 250, on: s) else { return }
        #expect(lifecycle.removals > 60 && lifecycle.constantChanges > 15,
                "seed \(seed): \(lifecycle.removals) removals, \(lifecycle.constantChanges) constant changes")
        #expect(s.counters.abandonedWarmStarts == 0, "seed \(seed): a warm start on a small layout passed its bound")
        let counts = s.counters
        let regionSolves = (s.core as? ExactSolverCore<ExactRational>)?.engine.recovery.regionSolves ?? 0
        #expect(counts.markersRecovered > 0, "seed \(seed): no marker recovered")
        // A grid's rows and columns are cycles of equalities (one shared width between two fixed edges): only the
        // region solve closes them.
        #expect(family != .grid || regionSolves > 0, "seed \(seed): no region solve")
        // Only an equality the others imply sends a removal back to a rebuild (none of these lifecycles has one: the
        // walk or the region solve recovered every marker; before either existed, each such removal rebuilt).
        #expect(counts.rebuilds == 0, "seed \(seed): \(counts.rebuilds) rebuilds")
    }

    /// Plays `steps` random lifecycle steps on `solver` (a layout of `family` with 10 views), comparing each solve with
    /// a fresh `exact-pivot` solve; nil after the first disagreement (recorded as a failed expectation).
    func play(_ family: Family, seed: Int, steps: Int, on s: ExactSolver) throws -> RandomLifecycle? {
        let system = try family.generate(size: 10, seed: UInt64(seed), rounds: 0).linearSystem()
        var lifecycle = try RandomLifecycle(system, seed: UInt64(seed) &* 7_919 &+ 11, on: s)
        for step in 0..<steps {
            _ = try lifecycle.step(on: s, feasible: feasible)
            #expect(lifecycle.refusedFeasible.isEmpty, "seed \(seed) step \(step): refused \(lifecycle.refusedFeasible)")
            try lifecycle.solve(s)
            let constraints = lifecycle.constraints
            let reference = ExactPivotingSolver()
            for (k, c) in constraints.enumerated() { try reference.add(c, id: ConstraintID(k)) }
            _ = try reference.solve()
            let ours = try exactLevelSums(constraints, at: exactValues(of: s))
            let theirs = try exactLevelSums(constraints, at: exactValues(of: reference))
            #expect(ours.required == .zero, "seed \(seed) step \(step): a required constraint is violated by \(ours.required)")
            #expect(ours.levels == theirs.levels, "seed \(seed) step \(step): levels \(ours.levels) against \(theirs.levels)")
            if ours.levels != theirs.levels || ours.required != .zero { return nil }
        }
        return lifecycle
    }

    /// A warm start that passes its bound (rows rewritten) is given up for a rebuild from the constraint table and a
    /// solve with the proposer's basis: with the bound lowered to one row, nearly every solve after a change takes
    /// that path, and each answer must still be the optimum, and the solver usable for the next change.
    @Test("a warm start past its bound rebuilds, and the answers still agree with a fresh exact solve",
          arguments: [(Family.random, 8), (.app, 9), (.grid, 10)])
    func warmStartsPastTheirBoundRebuild(family: Family, seed: Int) throws {
        let s = ProposedExactSolver()
        s.warmStartBound = (perLiveRow: 0, floor: 1)
        guard try play(family, seed: seed, steps: 120, on: s) != nil else { return }
        #expect(s.counters.abandonedWarmStarts > 10, "seed \(seed): \(s.counters.abandonedWarmStarts) warm starts given up")
        // the rebuilds for the bound are not counted as rebuilds for a marker
        #expect(s.counters.rebuilds == 0, "seed \(seed): \(s.counters.rebuilds) rebuilds")
    }

    func feasible(_ constraints: [LinearConstraint]) -> Bool {
        let reference = ExactPivotingSolver()
        for (k, c) in constraints.enumerated() where c.priority.isRequired {
            if (try? reference.add(c, id: ConstraintID(k))) == nil { return false }
        }
        return true
    }

    /// The work of a removal from an independent layout does not grow with the layout: the marker walk visits the
    /// view's own rows, and the eliminations rewrite as many rows, at 20 views as at 320.
    @Test("removing a view's equality from an independent layout touches the same rows at any size")
    func removalWorkIsBoundedOnIndependentLayouts() throws {
        var work: [(walked: Int, rewritten: Int)] = []
        for size in [20, 80, 320] {
            let system = try Family.independent.generate(size: size, rounds: 0).linearSystem()
            let s = ProposedExactSolver()
            try SystemRunner.build(system, into: s)
            _ = try s.solve()
            // a first removal pays for the marker walk's index, and the first change for the engine's soft rows
            try s.remove(ConstraintID(4))
            _ = try s.solve()
            let core = try #require(s.core as? ExactSolverCore<ExactRational>)
            let walkedBefore = core.engine.recovery.rowsWalked, rewrittenBefore = core.engine.statColumn
            let middle = (system.constraints.count / 2) & ~3     // the first constraint of a view in the middle
            try s.remove(ConstraintID(middle))
            _ = try s.solve()
            work.append((core.engine.recovery.rowsWalked - walkedBefore, core.engine.statColumn - rewrittenBefore))
            #expect(s.counters.rebuilds == 0)
            #expect(s.counters.markersRecovered == 2)
        }
        #expect(work[0].walked > 0 && work.allSatisfy { $0.walked == work[0].walked }, "rows walked: \(work)")
        #expect(work.allSatisfy { $0.rewritten == work[0].rewritten }, "rows rewritten: \(work)")
    }

    /// In the chain family every width equals the first view's and the last view ends 8 points inside the window, so
    /// a link (a view's left edge 8 after the previous view's right edge) closes a cycle through the shared width.
    /// Its marker walk leaves the cycle through the window's width, which only rows with a marker name; ranked by how
    /// many rows name them, it went down the chain to the last width and then to the first view's, which the link
    /// names: a dead end, a region solve over the whole chain, and a rebuild of the tableau at every change.
    /// Widening one gap by a point takes it from all N widths: w = (W − 8(N + 1) − 1) / N with W = 60N + 8, that is
    /// 52 − 1/N, and the views from the link on move one point more.
    @Test("a chain link's constant changes without a region solve or a rebuild, to the frames derived by hand")
    func chainLinkChangesWithoutRebuilding() throws {
        for n in [20, 80, 320] {
            let layout = try Family.chain.generate(size: n, rounds: 0)
            let system = layout.linearSystem()
            let views = Array(layout.tree.views.dropFirst())
            let k = n / 2
            let x = { (i: Int) in VariableID(views[i].firstVariable) }
            let width = { (i: Int) in VariableID(views[i].firstVariable + 2) }
            // the link of view k: x_k − x_(k−1) − w_(k−1) + c = 0 (in either sign)
            let link = try #require(system.constraints.firstIndex { c in
                c.priority.isRequired && c.relation == .equal && c.terms.count == 3
                    && Set(c.terms.map(\.variable)) == [x(k), x(k - 1), width(k - 1)]
            })
            let a = try #require(system.constraints[link].terms.first { $0.variable == x(k) }).coefficient
            let s = ProposedExactSolver()
            try SystemRunner.build(system, into: s)
            _ = try s.solve()
            // gap = −c / a; one point more: c − a
            try s.setConstant(try system.constraints[link].constant - a, of: ConstraintID(link))
            _ = try s.solve()
            let core = try #require(s.core as? ExactSolverCore<ExactRational>)
            #expect(core.engine.recovery.regionSolves == 0, "\(n) views: \(core.engine.recovery.regionSolves) region solves")
            #expect(s.counters.rebuilds == 0 && s.counters.markersRecovered == 1, "\(n) views: \(s.counters)")
            let w = try Rational(52) - Rational(1, Int128(n))
            let values = exactValues(of: s)
            for i in [0, k - 1, k, n - 1] {
                #expect(values(width(i)) == w, "\(n) views: width of v\(i)")
                let step: Rational = try w + Rational(8)
                let before: Rational = try Rational(i) * step
                let expected: Rational = try Rational(8) + before + (i >= k ? Rational(1) : Rational.zero)
                #expect(values(x(i)) == expected, "\(n) views: x of v\(i)")
            }
        }
    }
}
