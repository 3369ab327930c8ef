import Testing
import PlumbSystem
import PlumbSolver
@testable import CassowaryBackend

/// Removing required equalities and changing their constants without rebuilding: the work is pinned (rows touched,
/// rebuilds), never the time. Variables: the root is 0 (x), 1 (y), 2 (w), 3 (h); view i is 4 + 4i + (0, 1, 2, 3).
@Suite("Removal and constant changes in proportion to what they touch")
struct RemovalTests {
    static func x(_ i: Int) -> Int { 4 + 4 * i }
    static func y(_ i: Int) -> Int { 5 + 4 * i }
    static func w(_ i: Int) -> Int { 6 + 4 * i }
    static func h(_ i: Int) -> Int { 7 + 4 * i }

    /// The root pinned at (0, 0, 375, 667) (ids 0...3) and `n` views tied to it, as `make.left.top` with offsets and
    /// a fixed size: x = root.x + 8 + i % 7, y = root.y + i, w = 100, h = 20 (ids 10 + 4i ...).
    static func independent(_ n: Int) throws -> CassowarySolver {
        let s = try rootPinned(width: 375)
        for i in 0..<n {
            for (k, c) in made(i, left: 8 + i % 7, top: i).enumerated() { try s.add(c, 10 + 4 * i + k) }
        }
        _ = try s.solve()
        return s
    }

    /// A solver with the root pinned at (0, 0, width, 667) (ids 0...3).
    static func rootPinned(width: Int) throws -> CassowarySolver {
        let s = CassowarySolver()
        for (v, value) in [0, 0, width, 667].enumerated() { try s.add(pin(v, value), v) }
        return s
    }

    static func made(_ i: Int, left: Int, top: Int) -> [LinearConstraint] {
        [constraint([(x(i), 1), (0, -1)], -left, .equal), constraint([(y(i), 1), (1, -1)], -top, .equal),
         pin(w(i), 100), pin(h(i), 20)]
    }

    /// Everything a removal or an add can cost: row substitutions, the cells they visit, column entries, pivots.
    static func work(_ s: CassowarySolver) -> [Int] {
        let w = s.counters
        return [w.substitutions, w.substitutedCells, w.columnVisits, s.counters.pivots, s.counters.rebuilds]
    }

    /// Remakes view `i` (its four constraints out, four new ones in, solve) and answers the work it took.
    static func remake(_ s: CassowarySolver, view i: Int, left: Int, top: Int, ids: Int) throws -> [Int] {
        let before = work(s)
        for k in 0..<4 { try s.remove(10 + 4 * i + k) }
        for (k, c) in made(i, left: left, top: top).enumerated() { try s.add(c, ids + k) }
        _ = try s.solve()
        return zip(work(s), before).map { $0 - $1 }
    }

    @Test("a remake on an independent layout does the same work at 100 and 3,000 views, and no rebuild")
    func remakeWorkIsBoundedAsTheLayoutGrows() throws {
        var costs: [[Int]] = []
        for n in [100, 3000] {
            let s = try Self.independent(n)
            let i = n / 2
            let cost = try Self.remake(s, view: i, left: 30, top: 7, ids: 1_000_000)
            #expect(cost[4] == 0, "no rebuild at \(n) views")
            #expect(s.val(Self.x(i)) == 30 && s.val(Self.y(i)) == 7 && s.val(Self.w(i)) == 100 && s.val(Self.h(i)) == 20)
            // its neighbours did not move
            #expect(s.val(Self.x(i + 1)) == Double(8 + (i + 1) % 7) && s.val(Self.y(i - 1)) == Double(i - 1))
            costs.append(cost)
        }
        #expect(costs[0] == costs[1], "work of one remake at 100 and 3,000 views: \(costs)")
        #expect(costs[1][1] + costs[1][2] < 64, "cells and column entries of one remake: \(costs[1])")
    }

    @Test("the first constant change of an equality with a variable of its own costs what later ones cost")
    func firstConstantChangeIsIncremental() throws {
        let s = try Self.independent(1000)
        let id = ConstraintID(10 + 4 * 500)   // view 500's left: x = root.x + 8 + 500 % 7
        var costs: [[Int]] = []
        for offset in [40, 41, 42] {
            let before = Self.work(s)
            try s.setConstant(Rational(-offset), of: id)
            _ = try s.solve()
            costs.append(zip(Self.work(s), before).map { $0 - $1 })
            #expect(s.val(Self.x(500)) == Double(offset))
        }
        #expect(costs.allSatisfy { $0 == costs[0] } && costs[0][4] == 0, "\(costs)")
        // a basic own variable: its row's constant moves, nothing else is visited
        #expect(costs[0][0] == 0 && costs[0][3] == 0, "\(costs)")
    }

    @Test("a view pinned by its edges comes out whatever the order of its removals: the waiting ones peel off")
    func edgesPeelInAnyOrder() throws {
        let s = try Self.independent(10)
        // view 10: left, right, top and bottom 10 from the root's edges: x = 10, w = 355, y = 10, h = 647
        let i = 10
        let edges = { (inset: Int) -> [LinearConstraint] in
            [constraint([(Self.x(i), 1), (0, -1)], -inset, .equal),
             constraint([(Self.x(i), 1), (Self.w(i), 1), (0, -1), (2, -1)], inset, .equal),
             constraint([(Self.y(i), 1), (1, -1)], -inset, .equal),
             constraint([(Self.y(i), 1), (Self.h(i), 1), (1, -1), (3, -1)], inset, .equal)]
        }
        for (k, c) in edges(10).enumerated() { try s.add(c, 500 + k) }
        #expect(s.val(Self.x(i)) == 10 && s.val(Self.w(i)) == 355 && s.val(Self.y(i)) == 10 && s.val(Self.h(i)) == 647)
        // left before right: x is shared by both until right (whose w is its own) has gone
        for k in 0..<4 { try s.remove(500 + k) }
        for (k, c) in edges(20).enumerated() { try s.add(c, 600 + k) }
        _ = try s.solve()
        #expect(s.counters.rebuilds == 0)
        #expect(s.val(Self.x(i)) == 20 && s.val(Self.w(i)) == 335 && s.val(Self.y(i)) == 20 && s.val(Self.h(i)) == 627)
        #expect(s.invariantReport().isEmpty)
    }

    @Test("an equality whose variables all stay shared is removed through its recovered marker, without a rebuild")
    func sharedVariablesRecoverTheirMarker() throws {
        // a row: v0.x = 0, v_{k}.x = v_{k-1}.x + v_{k-1}.w + 8, every w = 50
        let s = CassowarySolver()
        let n = 5
        for k in 0..<n {
            try s.add(pin(Self.w(k), 50), 100 + k)
            if k == 0 { try s.add(pin(Self.x(0), 0), 0) } else {
                try s.add(constraint([(Self.x(k), 1), (Self.x(k - 1), -1), (Self.w(k - 1), -1)], -8, .equal), k)
            }
        }
        #expect(s.val(Self.x(4)) == 4 * 58)
        // view 2's left names x1, w1 and x2, each also named by a constraint that stays
        try s.remove(2)
        try s.add(pin(Self.x(2), 300), 50)
        _ = try s.solve()
        #expect(s.counters.rebuilds == 0 && s.counters.markersRecovered == 1)
        #expect(s.val(Self.x(1)) == 58 && s.val(Self.x(2)) == 300 && s.val(Self.x(3)) == 358 && s.val(Self.x(4)) == 416)
        // a batch: view 4's two constraints (x4 is its own once view 4's left and width both go)
        try s.remove(4)
        try s.remove(104)
        _ = try s.solve()
        #expect(s.counters.rebuilds == 0)
        #expect(s.val(Self.x(3)) == 358 && s.invariantReport().isEmpty)
    }
}
