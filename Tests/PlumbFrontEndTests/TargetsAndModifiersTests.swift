import Testing
import PlumbSystem
@testable import PlumbFrontEnd

/// Reference §0.6 and §1.4–1.7, rows derived by hand. v's superview is c.
@Suite struct TargetsAndModifiers {
    @Test func numbersAreRelativeToTheSuperviewOnLocationsAndAbsoluteOnSizes() throws {
        let (tree, _, v, _) = fixture()
        let groups = try v.makeConstraints { make in
            make.left.equalTo(10)
            make.right.equalTo(-20)
            make.width.equalTo(100).priorityLow()
            make.baseline.equalTo(10)
        }
        #expect(rows(groups, tree) == [
            row("v.x - c.x - 10 == 0", in: tree),
            row("v.x + v.w - c.x - c.w + 20 == 0", in: tree),
            row("v.w - 100 == 0 @250", in: tree),
            // A baseline constant is relative to the superview's baseline: c's bottom (c has none).
            row("v.y + v.h - 5 - c.y - c.h - 10 == 0", in: tree),
        ])
    }

    @Test func viewTargetsTakeTheSameAttribute() throws {
        let (tree, c, v, o) = fixture()
        let groups = try v.makeConstraints { make in
            make.top.greaterThanOrEqualTo(c).offset(10)
            make.left.equalTo(o.right).offset(8)
            make.height.equalToSuperview()
        }
        #expect(rows(groups, tree) == [
            row("v.y - c.y - 10 >= 0", in: tree),
            row("v.x - o.x - o.w - 8 == 0", in: tree),
            row("v.h - c.h == 0", in: tree),
        ])
    }

    @Test func edgesWithInsetsFlipRightAndBottom() throws {
        let (tree, c, v, _) = fixture()
        let groups = try v.makeConstraints { make in
            make.edges.equalTo(c).insets(EdgeInsets(top: 5, left: 10, bottom: 15, right: 20))
        }
        // Masonry emits edges as left, right, top, bottom.
        #expect(rows(groups, tree) == [
            row("v.x - c.x - 10 == 0", in: tree),
            row("v.x + v.w - c.x - c.w + 20 == 0", in: tree),
            row("v.y - c.y - 5 == 0", in: tree),
            row("v.y + v.h - c.y - c.h + 15 == 0", in: tree),
        ])
    }

    @Test(arguments: Dialect.allCases)
    func offsetOnEdgesShiftsEveryEdge(_ dialect: Dialect) throws {
        let (tree, c, v, _) = fixture(dialect)
        let groups = try v.makeConstraints { make in make.edges.equalTo(c).offset(10) }
        let expected = [
            "v.x - c.x - 10 == 0", "v.x + v.w - c.x - c.w - 10 == 0",
            "v.y - c.y - 10 == 0", "v.y + v.h - c.y - c.h - 10 == 0",
        ].map { row($0, in: tree) }
        // Masonry: left, right, top, bottom; SnapKit: left, top, right, bottom.
        let order = dialect == .masonry ? [0, 1, 2, 3] : [0, 2, 1, 3]
        #expect(rows(groups, tree) == order.map { expected[$0] })
    }

    /// Every kind of target goes through the one relation funnel: a number held in a variable (1/3, not a
    /// rounded double), a guide, an array of numbers (one row each) and of views; `inset(5)` is insets of 5 on
    /// every side, as `insets(EdgeInsets(5, 5, 5, 5))` is. Rows derived by hand; v's superview is c.
    @Test func everyTargetKindRelatesThroughOneFunnel() throws {
        let (tree, c, v, o) = fixture()
        let third = try Rational(1, 3)
        let groups = try v.makeConstraints { make in
            make.width.equalTo(third)
            make.top.greaterThanOrEqualTo(c.safeArea)
            make.height.lessThanOrEqualTo([Rational(40), Rational(30)])
            make.centerY.equalTo([o, c])
            make.left.equalTo(c).inset(5)
            make.right.equalTo(c).insets(EdgeInsets(top: 5, left: 5, bottom: 5, right: 5))
        }
        #expect(rows(groups, tree) == [
            row("v.w - 1/3 == 0", in: tree),
            row("v.y - c.y >= 0", in: tree),
            row("v.h - 40 <= 0", in: tree),
            row("v.h - 30 <= 0", in: tree),
            row("v.y + 1/2*v.h - o.y - 1/2*o.h == 0", in: tree),
            row("v.y + 1/2*v.h - c.y - 1/2*c.h == 0", in: tree),
            row("v.x - c.x - 5 == 0", in: tree),
            row("v.x + v.w - c.x - c.w + 5 == 0", in: tree),
        ])
    }

    @Test func sizePointAndInsetValues() throws {
        let (tree, _, v, _) = fixture()
        let groups = try v.makeConstraints { make in
            make.size.equalTo(Size(width: 50, height: 100))
            make.center.equalTo(Point(x: 0, y: 50))
            make.left.right.equalTo(EdgeInsets(top: 0, left: 7, bottom: 0, right: 9))
        }
        #expect(rows(groups, tree) == [
            row("v.w - 50 == 0", in: tree),
            row("v.h - 100 == 0", in: tree),
            row("v.x + 1/2*v.w - c.x - 1/2*c.w == 0", in: tree),
            row("v.y + 1/2*v.h - c.y - 1/2*c.h - 50 == 0", in: tree),
            row("v.x - c.x - 7 == 0", in: tree),
            row("v.x + v.w - c.x - c.w + 9 == 0", in: tree),
        ])
    }

    @Test func snapKitCentersAConstantOnTheSuperviewsLeftAndTop() throws {
        let (tree, _, v, _) = fixture(.snapkit)
        let groups = try v.makeConstraints { make in
            make.center.equalTo(Point(x: 0, y: 50))
            make.centerX.equalTo(50)
        }
        #expect(rows(groups, tree) == [
            row("v.x + 1/2*v.w - c.x == 0", in: tree),
            row("v.y + 1/2*v.h - c.y - 50 == 0", in: tree),
            row("v.x + 1/2*v.w - c.x - 50 == 0", in: tree),
        ])
    }

    @Test func masonryKeysInsetsOnTheFirstAttributeSnapKitOnTheTarget() throws {
        let (mTree, _, mv, mo) = fixture(.masonry)
        let m = try mv.makeConstraints { make in
            make.top.equalTo(mo.bottom).inset(10)
            make.width.equalToSuperview().inset(10)
        }
        #expect(rows(m, mTree) == [row("v.y - o.y - o.h - 10 == 0", in: mTree), row("v.w - c.w == 0", in: mTree)])
        let (sTree, _, sv, so) = fixture(.snapkit)
        let s = try sv.makeConstraints { make in
            make.top.equalTo(so.bottom).inset(10)
            make.width.equalToSuperview().inset(10)
        }
        #expect(rows(s, sTree) == [row("v.y - o.y - o.h + 10 == 0", in: sTree), row("v.w - c.w + 20 == 0", in: sTree)])
    }

    @Test func snapKitInsetTable() throws {
        let (tree, _, v, _) = fixture(.snapkit)
        let e = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        let groups = try v.makeConstraints { make in
            make.centerX.equalToSuperview().inset(e)
            make.centerY.equalToSuperview().inset(e)
            make.height.equalToSuperview().inset(e)
            make.lastBaseline.equalToSuperview().inset(e)
            make.trailing.equalToSuperview().inset(DirectionalEdgeInsets(top: 0, leading: 5, bottom: 0, trailing: 6))
        }
        #expect(rows(groups, tree) == [
            row("v.x + 1/2*v.w - c.x - 1/2*c.w + 1 == 0", in: tree),   // (l − r)/2 = −1
            row("v.y + 1/2*v.h - c.y - 1/2*c.h + 1 == 0", in: tree),   // (t − b)/2 = −1
            row("v.h - c.h + 4 == 0", in: tree),                      // −(t + b)
            row("v.y + v.h - 5 - c.y - c.h + 3 == 0", in: tree),      // −b
            row("v.x + v.w - c.x - c.w + 6 == 0", in: tree),          // −trailing
        ])
    }

    @Test func snapKitLeadingInsetsFollowTheInterfaceDirection() throws {
        let (tree, _, v, _) = fixture(.snapkit, .rightToLeft)
        let groups = try v.makeConstraints { make in make.leading.equalToSuperview().inset(EdgeInsets(top: 0, left: 3, bottom: 0, right: 7)) }
        // RTL: leading takes the right inset (+7), and is mirrored about c.
        #expect(rows(groups, tree) == [row("- v.x - v.w + c.x + c.w - 7 == 0", in: tree)])
    }

    @Test func multipliersAreExact() throws {
        let (tree, c, v, _) = fixture()
        let groups = try v.makeConstraints { make in
            make.width.equalTo(c).dividedBy(3)
            make.height.equalTo(c).multipliedBy(0.1)
        }
        #expect(rows(groups, tree) == [row("v.w - 1/3*c.w == 0", in: tree), row("v.h - 1/10*c.h == 0", in: tree)])
    }

    @Test func priorities() throws {
        let (tree, _, v, _) = fixture()
        let groups = try v.makeConstraints { make in
            make.width.equalTo(1).priority(.required)
            make.width.equalTo(2).priorityHigh()
            make.width.equalTo(3).priorityMedium()
            make.width.equalTo(4).priority(.fittingSize)
            make.width.equalTo(5).priority(Priority.high.advanced(by: 1))
            make.width.equalTo(6).priority(999.5)
        }
        #expect(rows(groups, tree).map(\.priority) == [1000, 750, 500, 50, 751, Priority(r("1999/2"))])
    }

    @Test func arraysMakeOneConstraintPerElementWithIndexedKeys() throws {
        let (tree, c, v, o) = fixture()
        let groups = try v.makeConstraints { make in
            make.left.equalTo([.item(o), 100, .anchor(o.right)]).key("L")
            make.height.equalTo([o, c])
        }
        #expect(rows(groups, tree) == [
            row("v.x - o.x == 0", in: tree),
            row("v.x - c.x - 100 == 0", in: tree),
            row("v.x - o.x - o.w == 0", in: tree),
            row("v.h - o.h == 0", in: tree),
            row("v.h - c.h == 0", in: tree),
        ])
        #expect(groups[0].members.map(\.key) == ["L[0]", "L[1]", "L[2]"])
    }

    @Test func keysAndLabels() throws {
        let (mTree, mc, mv, _) = fixture(.masonry)
        let m = try mv.makeConstraints { make in make.size.equalTo(mc).key("S") }
        #expect(m[0].members.map(\.key) == ["S[0]", "S[1]"])
        #expect(mTree.constraints[m[0].ids[0]]!.linear.label == "v.width == c.width [S[0]]")
        let (sTree, sc, sv, _) = fixture(.snapkit)
        defer { withExtendedLifetime(sTree) {} }
        let s = try sv.makeConstraints { make in make.size.equalTo(sc).labeled("S") }
        #expect(s[0].members.map(\.key) == ["S", "S"])
    }

    @Test func labelsReadLikeMasonrysDebugDescription() throws {
        let (tree, c, v, _) = fixture()
        let groups = try v.makeConstraints { make in
            make.height.greaterThanOrEqualTo(5000).key("ConstantConstraint")
            make.bottom.equalTo(c).offset(-10).priorityLow()
            make.left.equalTo(c.right).multipliedBy(0.5).offset(20)
        }
        #expect(groups.flatMap(\.ids).map { tree.constraints[$0]!.linear.label } == [
            "v.height >= 5000 [ConstantConstraint]",
            "v.bottom == c.bottom - 10 ^low",
            "v.left == c.right * 1/2 + 20",
        ])
    }

    @Test func chainsDifferByDialect() throws {
        let (mTree, _, mv, _) = fixture(.masonry)
        let m = try mTree.makeConstraints([
            chain([.single(.top), .single(.left), .single(.left)], .equal, .item(.view("o"), nil)),
            chain([.single(.width)], nil),  // Masonry: a bare `make.width;` installs width == 0
        ], for: mv)
        #expect(rows(m, mTree) == [
            row("v.y - o.y == 0", in: mTree), row("v.x - o.x == 0", in: mTree), row("v.x - o.x == 0", in: mTree),
            row("v.w == 0", in: mTree),
        ])
        let (sTree, _, sv, _) = fixture(.snapkit)
        let s = try sTree.makeConstraints([
            chain([.single(.top), .single(.left), .single(.left)], .equal, .item(.view("o"), nil)),
            chain([.single(.width)], nil),  // SnapKit drops a description with no relation
        ], for: sv)
        #expect(rows(s, sTree) == [row("v.x - o.x == 0", in: sTree), row("v.y - o.y == 0", in: sTree)])
    }

    @Test func masonryRelationlessChainWithOffsetIsRelativeToTheSuperview() throws {
        // README: make.top.and.left.offset(10)
        let (tree, _, v, _) = fixture()
        let groups = try tree.makeConstraints([chain([.single(.top), .single(.left)], nil, modifiers: [.number(10)])], for: v)
        #expect(rows(groups, tree) == [row("v.y - c.y - 10 == 0", in: tree), row("v.x - c.x - 10 == 0", in: tree)])
    }

    @Test func masonryModifiersBeforeTheRelationAndTheLastWriteWins() throws {
        let (tree, _, v, _) = fixture()
        var c1 = chain([.single(.top)], .equal, .value(.number(20)), modifiers: [.number(10)])
        c1.modifiersBeforeRelation = 1   // make.top.offset(10).equalTo(@20): the value comes later and wins
        let c2 = chain([.single(.width)], .equal, .value(.number(100)), modifiers: [.number(10)])  // equalTo(100).offset(10)
        let groups = try tree.makeConstraints([c1, c2], for: v)
        #expect(rows(groups, tree) == [row("v.y - c.y - 20 == 0", in: tree), row("v.w - 10 == 0", in: tree)])
    }

    @Test func snapKitMultiAttributeTargets() throws {
        let (tree, _, v, _) = fixture(.snapkit)
        // edges → margins maps attribute by attribute (SnapKit emits left, top, right, bottom).
        let groups = try tree.makeConstraints([chain([.composite(.edges)], .equal, .items(.view("o"), .margins))], for: v)
        #expect(rows(groups, tree) == [
            row("v.x - o.x - 8 == 0", in: tree), row("v.y - o.y - 8 == 0", in: tree),
            row("v.x + v.w - o.x - o.w + 8 == 0", in: tree), row("v.y + v.h - o.y - o.h + 8 == 0", in: tree),
        ])
        // Any other mismatch is an error, as in SnapKit ("Cannot constrain to multiple non identical attributes").
        #expect(throws: LayoutError(.nonIdenticalMultiAttributeTarget, at: SourceLocation(file: "test", line: 1))) {
            try tree.makeConstraints([chain([.composite(.horizontalEdges)], .equal, .items(.view("o"), .margins))], for: v)
        }
    }

    @Test func intrinsicSizeBecomesHuggingAndCompression() throws {
        let (tree, _, v, _) = fixture()
        v.intrinsicWidth = 66
        v.intrinsicHeight = 30
        v.huggingPriority = AxisPriorities(horizontal: 251, vertical: .low)
        let content = tree.constraintOrder.map { tree.constraints[$0]! }.filter { $0.origin == .contentSize("v") }.map { $0.linear.withLabel(nil) }
        #expect(content == [
            row("v.w - 66 <= 0 @251", in: tree), row("v.w - 66 >= 0 @750", in: tree),
            row("v.h - 30 <= 0 @250", in: tree), row("v.h - 30 >= 0 @750", in: tree),
        ])
        v.intrinsicWidth = 70   // a new size is a constant change, not new rows
        _ = tree.takeChanges()
        v.intrinsicWidth = 71
        #expect(tree.takeChanges() == [.constantChanged(content.isEmpty ? -1 : tree.constraintOrder.first { tree.constraints[$0]!.origin == .contentSize("v") }!),
                                       .constantChanged(tree.constraintOrder.filter { tree.constraints[$0]!.origin == .contentSize("v") }[1])])
    }
}
