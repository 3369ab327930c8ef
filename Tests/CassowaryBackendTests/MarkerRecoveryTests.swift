import Testing
import PlumbSystem
import PlumbSolver
@testable import CassowaryBackend

/// Removing required equalities none of whose variables is their own, and changing their constants, through a
/// recovered marker column: no rebuild, work in proportion to what depends on the equality (pinned as counts, never
/// time), and values derived by hand. Variables as in `RemovalTests`: the root is 0...3, view i is 4 + 4i + 0...3.
@Suite("Recovered marker columns")
struct MarkerRecoveryTests {
    typealias V = RemovalTests

    /// The root pinned at (0, 0, W, 667) and a row of `n` views of width 50, each 8 after the previous
    /// (`x0 = root.x + 8`, `x_i = x_{i-1} + w_{i-1} + 8`): ids 0...3 for the root, 10 + i for the links, 100_000 + i
    /// for the widths. `extra` unrelated views follow (independent, tied to the root).
    static func chain(_ n: Int, extra: Int = 0) throws -> CassowarySolver {
        let s = try V.rootPinned(width: 10_000_000)
        for i in 0..<n {
            try s.add(pin(V.w(i), 50), 100_000 + i)
            if i == 0 {
                try s.add(constraint([(V.x(0), 1), (0, -1)], -8, .equal), 10)
            } else {
                try s.add(constraint([(V.x(i), 1), (V.x(i - 1), -1), (V.w(i - 1), -1)], -8, .equal), 10 + i)
            }
        }
        for j in 0..<extra {
            for (k, c) in V.made(n + j, left: 3, top: j).enumerated() { try s.add(c, 200_000 + 4 * j + k) }
        }
        _ = try s.solve()
        return s
    }

    @Test("removing a link near the end of a chain does the same work at 100 and 1,500 views, with no rebuild")
    func chainLinkRemovalIsLocal() throws {
        var costs: [[Int]] = []
        for n in [100, 1500] {
            let s = try Self.chain(n)
            let i = n - 3
            let before = V.work(s)
            try s.remove(10 + i)                               // view i's left link goes
            try s.add(pin(V.x(i), 5), 9_000_000)                      // and view i is placed at 5
            _ = try s.solve()
            costs.append(zip(V.work(s), before).map { $0 - $1 })
            #expect(s.counters.rebuilds == 0 && s.counters.markersRecovered == 1)
            // hand-derived: views before i stay at 8 + 58 k; i and the two after it follow from 5
            #expect(s.val(V.x(i - 1)) == Double(8 + 58 * (i - 1)))
            #expect(s.val(V.x(i)) == 5 && s.val(V.x(i + 1)) == 63 && s.val(V.x(i + 2)) == 121)
            #expect(s.invariantReport().isEmpty)
        }
        #expect(costs[0] == costs[1], "work of one link removal at 100 and 1,500 views: \(costs)")
    }

    @Test("the first constant change of a chain link costs about what later ones cost, with no rebuild")
    func firstConstantChangeOfASharedEquality() throws {
        let s = try Self.chain(1000)
        let i = 997
        var costs: [[Int]] = []
        for gap in [20, 21, 22] {
            let before = V.work(s)
            try s.setConstant(Rational(-gap), of: ConstraintID(10 + i))
            _ = try s.solve()
            costs.append(zip(V.work(s), before).map { $0 - $1 })
            // x_{i} = x_{i-1} + 50 + gap, and the two after it keep their gaps of 8
            let xi = Double(8 + 58 * (i - 1) + 50 + gap)
            #expect(s.val(V.x(i)) == xi && s.val(V.x(i + 1)) == xi + 58 && s.val(V.x(i + 2)) == xi + 116)
        }
        #expect(s.counters.rebuilds == 0 && s.counters.markersRecovered == 1)
        // the first change recovers the column (cells of the rows that depend on the link: three views' x), the
        // later ones reuse it; none walks the chain before the link
        #expect(costs[0][1] + costs[0][2] < 64, "\(costs)")
        #expect(costs[1] == costs[2], "\(costs)")
        #expect(s.invariantReport().isEmpty)
    }

    /// A row of `n` views with one width between the root's edges 8 in (Masonry's distribution): `x0 = 8`,
    /// `x_i = x_{i-1} + w_{i-1} + 8`, `w_i = w_0`, `x_{n-1} + w_{n-1} = W - 8`; ids 10 + i, 1000 + i and 2000.
    static func distributed(_ n: Int, width: Int) throws -> CassowarySolver {
        let s = try V.rootPinned(width: width)
        for i in 0..<n {
            if i == 0 {
                try s.add(constraint([(V.x(0), 1), (0, -1)], -8, .equal), 10)
            } else {
                try s.add(constraint([(V.x(i), 1), (V.x(i - 1), -1), (V.w(i - 1), -1)], -8, .equal), 10 + i)
                try s.add(constraint([(V.w(i), 1), (V.w(0), -1)], 0, .equal), 1000 + i)
            }
        }
        try s.add(constraint([(V.x(n - 1), 1), (V.w(n - 1), 1), (0, -1), (2, -1)], 8, .equal), 2000)
        _ = try s.solve()
        return s
    }

    @Test("a gap in a distributed row (a cycle of shared widths) changes and goes without a rebuild")
    func distributedRowThroughTheRegionSolve() throws {
        // 5 views in 8 + 5 w + 4·8 + 8 = 368: w = 64, x_i = 8 + 72 i
        let s = try Self.distributed(5, width: 368)
        #expect(s.val(V.w(3)) == 64 && s.val(V.x(4)) == 296)
        // the third gap becomes 28: 5 w = 368 - 68, w = 60; x = 8, 76, 164 (76 + 60 + 28), 232, 300
        try s.setConstant(-28, of: ConstraintID(12))
        _ = try s.solve()
        #expect(s.counters.rebuilds == 0 && s.counters.markersRecovered == 1)
        #expect(near(s.val(V.w(4)), 60) && near(s.val(V.x(2)), 164) && near(s.val(V.x(4)), 300))
        // the link goes and view 2 is pinned at 150 instead: left part 8, 8 + w + 8; right part from 150 at w + 8
        // apart to 368 - 8: 150 + 3 w + 16 = 360, w = 194 / 3
        try s.remove(12)
        try s.add(pin(V.x(2), 150), 3000)
        _ = try s.solve()
        // the link kept the marker its constant change recovered
        #expect(s.counters.rebuilds == 0 && s.counters.markersRecovered == 1)
        #expect(near(s.val(V.w(0)), 194.0 / 3) && near(s.val(V.x(1)), 16 + 194.0 / 3) && near(s.val(V.x(4)), 150 + 2 * (8 + 194.0 / 3)))
        #expect(s.invariantReport().isEmpty)
    }

    @Test("gaps of a 40-view distributed row change through region solves that leave their storage at rest and grow it only once")
    func regionSolvesReuseTheirStorage() throws {
        // 40 views of width 100 with gaps of 8: W = 40 · 100 + 41 · 8 = 4328
        let s = try Self.distributed(40, width: 4328)
        #expect(s.val(V.w(0)) == 100 && s.val(V.x(39)) == 8 + 39 * 108)
        func recoveryBytes() -> Int { s.footprintBreakdown.first { $0.0 == "marker recovery" }!.1 }
        var bytes: [Int] = []
        // links 5, 17 and 30 get 40, 80 and 120 more: 40 w = 4000 - 240, w = 94, and view j moves right by the extra
        // of the links up to it
        for (link, extra) in [(5, 40), (17, 80), (30, 120)] {
            let solvesBefore = s.counters.regionSolves
            try s.setConstant(Rational(-(8 + extra)), of: ConstraintID(10 + link))
            _ = try s.solve()
            #expect(s.counters.regionSolves == solvesBefore + 1, "link \(link): the cycle needs the region solve")
            #expect(s.invariantReport().isEmpty, "link \(link): \(s.invariantReport())")
            bytes.append(recoveryBytes())
        }
        #expect(s.counters.rebuilds == 0 && s.counters.markersRecovered == 3)
        func x(_ j: Int) -> Double {
            8 + Double(j) * 102 + (j >= 5 ? 40 : 0) + (j >= 17 ? 80 : 0) + (j >= 30 ? 120 : 0)
        }
        #expect(near(s.val(V.w(39)), 94))
        for j in [0, 4, 5, 16, 17, 29, 30, 39] { #expect(near(s.val(V.x(j)), x(j)), "view \(j)") }
        // the second and third solves close the same region as the first: they grow nothing
        #expect(bytes[1] == bytes[0] && bytes[2] == bytes[0], "\(bytes)")
    }

    @Test("an equality the others imply goes without a change, and a new constant for it is refused as a conflict")
    func impliedEquality() throws {
        let s = try Self.chain(4)
        // x3 - x0 = 3 · 58, implied by the links and widths
        try s.add(constraint([(V.x(3), 1), (V.x(0), -1)], -174, .equal), 77)
        let values = s.bits(20)
        let error = thrown { () throws(SolverError) in try s.setConstant(Rational(-175), of: ConstraintID(77)) }
        guard case .unsatisfiable(let id, _) = error else {
            Issue.record("expected a conflict, got \(String(describing: error))")
            return
        }
        #expect(id == ConstraintID(77) && s.bits(20) == values)
        try s.remove(77)
        // `0 == 0` names nothing: the others imply it too
        try s.add(constraint([], 0, .equal), 79)
        try s.remove(79)
        #expect(s.bits(20) == values && s.counters.rebuilds == 0)
        // the links imply it: removing any one link (shared variables only) is then a recovery, not a rebuild
        try s.remove(12)
        try s.add(pin(V.x(2), 500), 78)
        _ = try s.solve()
        #expect(s.counters.rebuilds == 0 && s.val(V.x(3)) == 558 && s.val(V.x(1)) == 66)
        #expect(s.invariantReport().isEmpty)
    }
}
