import Testing
import PlumbSystem
@testable import PlumbFrontEnd

/// Masonry's distribution (reference §3), checked against its closed forms: the hand-derived frames must
/// satisfy every lowered row exactly.
@Suite struct Distribution {
    func setUp(_ count: Int, container: (Rational, Rational, Rational, Rational)) throws -> (ViewTree, View, [View]) {
        let tree = ViewTree(size: Size(width: 375, height: 667))
        let g = try tree.addView("g", in: tree.root)
        let views = try (0..<count).map { try tree.addView("d\($0)", in: g) }
        return (tree, g, views)
    }

    @Test func fixedItemLengthInAContainerAwayFromTheOrigin() throws {
        // Reference §0.3: G at x = 100, width 300; three items of 40, lead 10, tail 10 ⇒ left 10, 130, 250 in G.
        let (tree, _, views) = try setUp(3, container: (100, 0, 300, 100))
        try tree.distribute(views, along: .horizontal, .fixedItemLength(40), leadSpacing: 10, tailSpacing: 10)
        var frames: [String: (Rational, Rational, Rational, Rational)] = ["g": (100, 0, 300, 100)]
        for (i, x) in [10, 130, 250].enumerated() { frames["d\(i)"] = (Rational(x), 0, 40, 0) }
        let at = values(frames, in: tree)
        for id in tree.constraintOrder where tree.constraints[id]!.resolved != nil {
            #expect(try tree.constraints[id]!.linear.violation(at: at) == .zero, "\(tree.constraints[id]!.linear.label ?? "")")
        }
        // The naive lowering (no (1 − m)·X_G shift) would put the middle item at 80: make sure that fails.
        frames["d1"] = (80, 0, 40, 0)
        let wrong = values(frames, in: tree)
        #expect(tree.constraintOrder.contains { id in ((try? tree.constraints[id]!.linear.violation(at: wrong)) ?? .zero) != .zero })
    }

    @Test func fixedSpacingCountsAndClosedForm() throws {
        // Masonry example Distribute, case 0: H, spacing 20, lead 5, tail 5 in 375 ⇒ w = 76.25, x = 5 + i·96.25.
        let (tree, g, views) = try setUp(4, container: (0, 0, 375, 667))
        let groups = try tree.distribute(views, along: .horizontal, .fixedSpacing(20), leadSpacing: 5, tailSpacing: 5)
        // Per view 1, 2, 2, 3 constraints (spec), grouped per chain.
        #expect(views.map { tree.dslConstraints(of: $0).count } == [1, 2, 2, 3])
        #expect(groups.count == 1 + 2 + 2 + 3)
        var frames: [String: (Rational, Rational, Rational, Rational)] = [g.id: (0, 0, 375, 667)]
        for i in 0..<4 { frames["d\(i)"] = (try r("5") + Rational(i) * r("96.25"), 0, r("76.25"), 0) }
        let at = values(frames, in: tree)
        for id in tree.constraintOrder where tree.constraints[id]!.resolved != nil {
            #expect(try tree.constraints[id]!.linear.violation(at: at) == .zero)
        }
    }

    @Test func verticalFixedItemLength() throws {
        // Case 3: V, length 30, lead 30, tail 200 in 667 ⇒ gap 317/3, y = 30 + i·(30 + 317/3).
        let (tree, g, views) = try setUp(4, container: (0, 0, 375, 667))
        try tree.distribute(views, along: .vertical, .fixedItemLength(30), leadSpacing: 30, tailSpacing: 200)
        #expect(views.map { tree.dslConstraints(of: $0).count } == [2, 2, 2, 2])
        var frames: [String: (Rational, Rational, Rational, Rational)] = [g.id: (0, 0, 375, 667)]
        for i in 0..<4 { frames["d\(i)"] = (0, try r("30") + Rational(i) * (r("30") + r("317/3")), 0, 30) }
        let at = values(frames, in: tree)
        for id in tree.constraintOrder where tree.constraints[id]!.resolved != nil {
            #expect(try tree.constraints[id]!.linear.violation(at: at) == .zero)
        }
    }

    @Test func tooFewViews() throws {
        let (tree, _, views) = try setUp(1, container: (0, 0, 1, 1))
        #expect(throws: LayoutError.self) {
            try tree.distribute(views, along: .horizontal, .fixedSpacing(1), leadSpacing: 0, tailSpacing: 0)
        }
    }
}
