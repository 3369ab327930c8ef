import Testing
import PlumbSystem
@testable import PlumbFrontEnd

/// make / update / remake / remove and kept references (reference §1.10).
@Suite struct Lifecycle {
    @Test func masonryUpdateChangesOnlyTheConstantOfAMatch() throws {
        let (tree, _, v, o) = fixture()
        let made = try v.makeConstraints { make in make.left.equalTo(o).offset(10) }
        _ = tree.takeChanges()
        let updated = try v.updateConstraints { make in make.left.equalTo(o).offset(20) }
        #expect(updated[0].ids == made[0].ids)
        #expect(tree.takeChanges() == [.constantChanged(made[0].ids[0])])
        #expect(tree.constraints[made[0].ids[0]]!.linear.withLabel(nil) == row("v.x - o.x - 20 == 0", in: tree))
    }

    @Test func masonryUpdateWithoutAMatchAddsAConstraint() throws {
        let (tree, _, v, o) = fixture()
        try v.makeConstraints { make in make.left.equalTo(o).offset(10) }
        // A different relation, priority or target is no match: Masonry silently adds.
        try v.updateConstraints { make in make.left.equalTo(o).offset(20).priorityHigh() }
        try v.updateConstraints { make in make.right.equalTo(o).offset(20) }
        #expect(tree.dslConstraints(of: v).count == 3)
    }

    @Test func snapKitUpdateWithoutAMatchIsAnErrorAndChangesNothing() throws {
        let (tree, _, v, o) = fixture(.snapkit)
        try v.makeConstraints { make in make.left.equalTo(o).offset(10) }
        _ = tree.takeChanges()
        #expect(throws: LayoutError.self) {
            try v.updateConstraints { make in
                make.left.equalTo(o).offset(30)      // would match...
                make.right.equalTo(o).offset(20)     // ...but this one has no match, so nothing happens
            }
        }
        #expect(tree.takeChanges().isEmpty)
        #expect(tree.dslConstraints(of: v).map { $0.linear.withLabel(nil) } == [row("v.x - o.x - 10 == 0", in: tree)])
    }

    @Test func snapKitUpdateOnAViewWithNoConstraintsMakesThem() throws {
        let (tree, _, v, o) = fixture(.snapkit)
        try v.updateConstraints { make in make.left.equalTo(o).offset(10) }
        #expect(tree.dslConstraints(of: v).count == 1)
    }

    @Test func remakeRemovesOnlyWhatTheViewMade() throws {
        let (tree, _, v, o) = fixture()
        try v.makeConstraints { make in make.left.top.equalToSuperview() }
        try o.makeConstraints { make in make.left.equalTo(v.right) }  // v is the second item here: it survives
        try v.remakeConstraints { make in make.width.equalTo(10) }
        #expect(tree.dslConstraints(of: v).map { $0.linear.withLabel(nil) } == [row("v.w - 10 == 0", in: tree)])
        #expect(tree.dslConstraints(of: o).count == 1)
    }

    @Test func removeConstraints() throws {
        let (tree, _, v, _) = fixture()
        try v.makeConstraints { make in make.edges.equalToSuperview() }
        _ = tree.takeChanges()
        v.removeConstraints()
        #expect(tree.dslConstraints(of: v).isEmpty)
        #expect(tree.takeChanges().count == 4)
    }

    @Test func removeFromSuperviewDropsEveryConstraintNamingTheSubtree() throws {
        let (tree, c, v, o) = fixture()
        let inner = try tree.addView("inner", in: o)
        try v.makeConstraints { make in make.left.equalTo(inner) }
        try o.makeConstraints { make in make.top.equalTo(c) }
        try c.makeConstraints { make in make.edges.equalToSuperview() }
        tree.removeFromSuperview(o)
        #expect(tree.dslConstraints(of: v).isEmpty)
        #expect(tree.dslConstraints(of: o).isEmpty)
        #expect(tree.dslConstraints(of: c).count == 4)
        #expect(o.superview == nil)
    }

    @Test func keptReferencesChangeConstantsInPlaceByDialect() throws {
        // Masonry's Animated example: `constraint.insets = (p, p, p, p)` on every kept constraint.
        let (tree, c, v, o) = fixture()
        var edges: ConstraintReference?
        var gap: ConstraintReference?
        try v.makeConstraints { make in
            edges = make.edges.equalTo(c).insets(EdgeInsets(10)).priorityLow().constraint
            gap = make.left.equalTo(o.right).offset(10).constraint
        }
        _ = tree.takeChanges()
        try edges?.group?.update(insets: EdgeInsets(100))
        try gap?.group?.update(insets: EdgeInsets(100))   // keyed on the first attribute: left gets +100
        #expect(tree.takeChanges().count == 5)
        #expect(tree.dslConstraints(of: v).map { $0.linear.withLabel(nil) } == [
            row("v.x - c.x - 100 == 0 @250", in: tree),
            row("v.x + v.w - c.x - c.w + 100 == 0 @250", in: tree),
            row("v.y - c.y - 100 == 0 @250", in: tree),
            row("v.y + v.h - c.y - c.h + 100 == 0 @250", in: tree),
            row("v.x - o.x - o.w - 100 == 0", in: tree),
        ])
        // Masonry's insets leave a width unchanged; SnapKit's update(inset:) reads the target attribute.
        let (sTree, _, sv, so) = fixture(.snapkit)
        let s = try sv.makeConstraints { make in make.width.equalTo(so).offset(5) }
        try s[0].update(inset: 10)
        #expect(sTree.dslConstraints(of: sv).map { $0.linear.withLabel(nil) } == [row("v.w - o.w + 20 == 0", in: sTree)])
    }

    @Test func deactivateAndActivate() throws {
        let (tree, _, v, _) = fixture()
        let groups = try v.makeConstraints { make in make.size.equalTo(Size(width: 1, height: 2)) }
        groups[0].deactivate()
        #expect(tree.dslConstraints(of: v).isEmpty)
        try groups[0].activate()
        #expect(tree.dslConstraints(of: v).map { $0.linear.withLabel(nil) } == [row("v.w - 1 == 0", in: tree), row("v.h - 2 == 0", in: tree)])
    }

    @Test func marginChangesAreConstantChanges() throws {
        let (tree, _, v, o) = fixture()
        let made = try v.makeConstraints { make in make.leftMargin.equalTo(o) }
        _ = tree.takeChanges()
        v.layoutMargins = EdgeInsets(top: 0, left: 20, bottom: 0, right: 0)
        #expect(tree.takeChanges() == [.constantChanged(made[0].ids[0])])
        #expect(tree.constraints[made[0].ids[0]]!.linear.withLabel(nil) == row("v.x + 20 - o.x - 8 == 0", in: tree))
    }

    @Test func directionChangesReplaceRows() throws {
        let (tree, _, v, _) = fixture()
        let made = try v.makeConstraints { make in make.leading.equalToSuperview() }
        _ = tree.takeChanges()
        tree.root.direction = .rightToLeft
        #expect(tree.takeChanges() == [.replaced(made[0].ids[0])])
        #expect(tree.constraints[made[0].ids[0]]!.linear.withLabel(nil) == row("- v.x - v.w + c.x + c.w == 0", in: tree))
    }

    @Test func rootResizeIsAConstantChange() throws {
        let (tree, _, _, _) = fixture()
        _ = tree.takeChanges()
        tree.rootSize = Size(width: 320, height: 480)
        let changes = tree.takeChanges()
        #expect(changes.count == 2)
        #expect(changes.allSatisfy { if case .constantChanged = $0 { true } else { false } })
        let rootRows = tree.constraintOrder.prefix(4).map { tree.constraints[$0]!.linear.withLabel(nil) }
        #expect(rootRows == ["root.x == 0", "root.y == 0", "root.w - 320 == 0", "root.h - 480 == 0"].map { row($0, in: tree) })
    }
}
