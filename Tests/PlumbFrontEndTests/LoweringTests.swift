import Testing
import PlumbSystem
@testable import PlumbFrontEnd
@testable import PlumbText

/// root (375×667) ⊃ c ⊃ {v, o}; v has margins (t 1, l 2, b 3, r 4) and baselines 12 from the top, 5 from the bottom.
func fixture(_ dialect: Dialect = .masonry, _ direction: LayoutDirection = .leftToRight) -> (ViewTree, View, View, View) {
    let tree = ViewTree(size: Size(width: 375, height: 667), direction: direction, dialect: dialect)
    let c = try! tree.addView("c", in: tree.root)
    let v = try! tree.addView("v", in: c)
    let o = try! tree.addView("o", in: c)
    v.layoutMargins = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
    v.firstBaselineFromTop = 12
    v.lastBaselineFromBottom = 5
    return (tree, c, v, o)
}

/// Each attribute of v, hand-derived: its expression, and the target used (x-axis absolute → o.left,
/// directional → o.centerX, y-axis → o.top).
let attributeRows: [(LayoutAttribute, String)] = [
    (.left, "v.x - o.x == 0"),
    (.right, "v.x + v.w - o.x == 0"),
    (.centerX, "v.x + 1/2*v.w - o.x == 0"),
    (.leftMargin, "v.x + 2 - o.x == 0"),
    (.rightMargin, "v.x + v.w - 4 - o.x == 0"),
    (.centerXWithinMargins, "v.x + 1/2*v.w - 1 - o.x == 0"),
    (.leading, "v.x - o.x - 1/2*o.w == 0"),
    (.trailing, "v.x + v.w - o.x - 1/2*o.w == 0"),
    (.leadingMargin, "v.x + 2 - o.x - 1/2*o.w == 0"),
    (.trailingMargin, "v.x + v.w - 4 - o.x - 1/2*o.w == 0"),
    (.top, "v.y - o.y == 0"),
    (.bottom, "v.y + v.h - o.y == 0"),
    (.centerY, "v.y + 1/2*v.h - o.y == 0"),
    (.lastBaseline, "v.y + v.h - 5 - o.y == 0"),
    (.firstBaseline, "v.y + 12 - o.y == 0"),
    (.topMargin, "v.y + 1 - o.y == 0"),
    (.bottomMargin, "v.y + v.h - 3 - o.y == 0"),
    (.centerYWithinMargins, "v.y + 1/2*v.h - 1 - o.y == 0"),
]

/// Under right-to-left the directional ones are mirrored about c: W + X − E(v) − (W + X − E(o.centerX)).
let rtlDirectionalRows: [LayoutAttribute: String] = [
    .leading: "- v.x - v.w + o.x + 1/2*o.w == 0",
    .trailing: "- v.x + o.x + 1/2*o.w == 0",
    .leadingMargin: "- v.x - v.w + 4 + o.x + 1/2*o.w == 0",
    .trailingMargin: "- v.x - 2 + o.x + 1/2*o.w == 0",
]

func chain(_ attributes: [AttributeSelector], _ relation: Relation? = .equal, _ target: ConstraintTarget? = nil,
           modifiers: [ConstantValue] = [], multiplier: MultiplierModifier? = nil, priority: Priority? = nil,
           key: String? = nil, line: Int = 1) -> ConstraintChain {
    ConstraintChain(attributes: attributes, relation: relation, target: target, constantModifiers: modifiers,
                    multiplier: multiplier, priority: priority, key: key, location: SourceLocation(file: "test", line: line))
}

func targetFor(_ a: LayoutAttribute) -> ConstraintTarget {
    if a.axis == .vertical { return .item(.view("o"), .top) }
    return .item(.view("o"), a.isDirectional ? .centerX : .left)
}

@Suite struct AttributeLowering {
    @Test(arguments: attributeRows)
    func leftToRight(_ attribute: LayoutAttribute, _ expected: String) throws {
        let (tree, _, v, _) = fixture()
        let groups = try tree.makeConstraints([chain([.single(attribute)], .equal, targetFor(attribute))], for: v)
        #expect(rows(groups, tree) == [row(expected, in: tree)])
    }

    @Test(arguments: attributeRows)
    func rightToLeft(_ attribute: LayoutAttribute, _ ltr: String) throws {
        let (tree, _, v, _) = fixture(.masonry, .rightToLeft)
        let groups = try tree.makeConstraints([chain([.single(attribute)], .equal, targetFor(attribute))], for: v)
        let expected = rtlDirectionalRows[attribute] ?? ltr
        #expect(rows(groups, tree) == [row(expected, in: tree)])
    }

    @Test func sizes() throws {
        let (tree, _, v, o) = fixture()
        let groups = try v.makeConstraints { make in
            make.width.equalTo(o.height).multipliedBy(3)
            make.height.lessThanOrEqualTo(o.height).offset(-5)
        }
        #expect(rows(groups, tree) == [row("v.w - 3*o.h == 0", in: tree), row("v.h - o.h + 5 <= 0", in: tree)])
    }

    @Test func positionMultiplierIsEvaluatedInTheCommonAncestor() throws {
        let (tree, c, v, o) = fixture()
        let groups = try v.makeConstraints { make in
            make.centerX.equalTo(c).multipliedBy(0.5)          // reference §0.6: centre at a quarter of c's width
            make.left.equalTo(o.left).multipliedBy(0.5).offset(10)
        }
        #expect(rows(groups, tree) == [
            row("v.x + 1/2*v.w - c.x - 1/4*c.w == 0", in: tree),
            row("v.x - 1/2*o.x - 1/2*c.x - 10 == 0", in: tree),
        ])
    }

    @Test func positionMultiplierUnderRightToLeftIsMirrored() throws {
        let (tree, _, v, o) = fixture(.masonry, .rightToLeft)
        let groups = try v.makeConstraints { make in make.leading.equalTo(o.leading).multipliedBy(0.5) }
        // (c.w + c.x − v.x − v.w) − ½(c.w + c.x − o.x − o.w)
        #expect(rows(groups, tree) == [row("1/2*c.w + 1/2*c.x - v.x - v.w + 1/2*o.x + 1/2*o.w == 0", in: tree)])
    }

    @Test func inequalitiesKeepTheirSenseWhenMirrored() throws {
        let (tree, _, v, _) = fixture(.masonry, .rightToLeft)
        let groups = try v.makeConstraints { make in make.leading.greaterThanOrEqualToSuperview().offset(10) }
        // leading ≥ superview.leading + 10 reads: the right edge is at least 10 inside c's right edge.
        #expect(rows(groups, tree) == [row("- v.x - v.w + c.x + c.w - 10 >= 0", in: tree)])
    }

    @Test func directionIsInheritedAndCanBeOverridden() throws {
        let (tree, c, v, _) = fixture()
        c.direction = .rightToLeft
        #expect(v.effectiveDirection == .rightToLeft)
        v.direction = .leftToRight
        let groups = try v.makeConstraints { make in make.leading.equalToSuperview() }
        #expect(rows(groups, tree) == [row("v.x - c.x == 0", in: tree)])
    }

    @Test func safeAreaAndLegacyGuides() throws {
        let (tree, c, v, _) = fixture()
        c.safeAreaInsets = EdgeInsets(top: 20, left: 0, bottom: 34, right: 0)
        tree.root.safeAreaInsets = EdgeInsets(top: 64, left: 0, bottom: 10, right: 0)
        let groups = try v.makeConstraints { make in
            make.top.equalTo(c.safeArea.top)
            make.bottom.equalTo(c.safeArea)
            make.left.equalTo(LegacyLayoutGuide.top.left)
        }
        let groups2 = try v.makeConstraints { make in
            make.top.equalTo(LegacyLayoutGuide.top.bottom)
            make.bottom.equalTo(LegacyLayoutGuide.bottom.top)
        }
        #expect(rows(groups + groups2, tree) == [
            row("v.y - c.y - 20 == 0", in: tree),
            row("v.y + v.h - c.y - c.h + 34 == 0", in: tree),
            row("v.x - root.x == 0", in: tree),
            row("v.y - root.y - 64 == 0", in: tree),
            row("v.y + v.h - root.y - root.h + 10 == 0", in: tree),
        ])
    }
}

/// `v.A == c.A × 1/2` for every location attribute, v inside c: `E_v − ½·E_c − ½·X_c == 0` (c's margins are 8).
let halfMultiplierRows: [(LayoutAttribute, String)] = [
    (.left, "v.x - c.x == 0"),
    (.right, "v.x + v.w - c.x - 1/2*c.w == 0"),
    (.centerX, "v.x + 1/2*v.w - c.x - 1/4*c.w == 0"),
    (.leftMargin, "v.x + 2 - c.x - 4 == 0"),
    (.rightMargin, "v.x + v.w - 4 - c.x - 1/2*c.w + 4 == 0"),
    (.centerXWithinMargins, "v.x + 1/2*v.w - 1 - c.x - 1/4*c.w == 0"),
    (.leading, "v.x - c.x == 0"),
    (.trailing, "v.x + v.w - c.x - 1/2*c.w == 0"),
    (.leadingMargin, "v.x + 2 - c.x - 4 == 0"),
    (.trailingMargin, "v.x + v.w - 4 - c.x - 1/2*c.w + 4 == 0"),
    (.top, "v.y - c.y == 0"),
    (.bottom, "v.y + v.h - c.y - 1/2*c.h == 0"),
    (.centerY, "v.y + 1/2*v.h - c.y - 1/4*c.h == 0"),
    (.lastBaseline, "v.y + v.h - 5 - c.y - 1/2*c.h == 0"),
    (.firstBaseline, "v.y + 12 - c.y == 0"),
    (.topMargin, "v.y + 1 - c.y - 4 == 0"),
    (.bottomMargin, "v.y + v.h - 3 - c.y - 1/2*c.h + 4 == 0"),
    (.centerYWithinMargins, "v.y + 1/2*v.h - 1 - c.y - 1/4*c.h == 0"),
]

@Suite struct PositionMultipliers {
    @Test(arguments: halfMultiplierRows)
    func everyLocationAttributeInANestedView(_ attribute: LayoutAttribute, _ expected: String) throws {
        let (tree, _, v, _) = fixture()
        let groups = try tree.makeConstraints([chain([.single(attribute)], .equal, .item(.superview, nil), multiplier: .multipliedBy(r("1/2")))], for: v)
        #expect(rows(groups, tree) == [row(expected, in: tree)])
    }

    @Test func aLoweredLayoutRoundTripsThroughLayoutLPExactly() throws {
        let (tree, c, v, o) = fixture()
        o.intrinsicWidth = r("66.5")
        try v.makeConstraints { make in
            make.centerX.equalTo(c).dividedBy(3).offset(0.1)
            make.width.equalTo(o).multipliedBy(r("1/7")).priority(Priority(r("999.5")))
            make.top.equalTo(o.bottom).offset(-8).priorityLow()
        }
        let system = tree.linearSystem(name: "round-trip")
        let read = try LinearSystem(layoutLP: Array(system.layoutLPJSON().utf8), source: "memory")
        #expect(read == system)
        #expect(read.constraints.contains { $0.terms.contains { $0.coefficient == r("1/7") || $0.coefficient == r("-1/7") } })
    }
}

@Suite struct ScrollViews {
    @Test func edgesAttachToTheContentAreaAndSizesToTheFrame() throws {
        // Masonry example UIScrollView: the content view's edges define contentSize; its width is the frame's.
        let script = try LayoutFile(file: "s.layout", name: "s").parse("""
        root 375 667
        view scroll scrollview
        view content in scroll
        make scroll {
          make.edges.equalTo(superview);
        }
        make content {
          make.edges.equalTo(scroll);
          make.width.equalTo(scroll);
          make.centerX.equalTo(scroll);
        }
        """)
        let tree = try script.build()
        #expect(tree.variableNames.contains("scroll.contentW"))
        let content = tree.dslConstraints(of: tree.view("content")!).map { $0.linear.withLabel(nil) }
        #expect(content == [
            row("content.x - scroll.x == 0", in: tree),
            row("content.x + content.w - scroll.x - scroll.contentW == 0", in: tree),
            row("content.y - scroll.y == 0", in: tree),
            row("content.y + content.h - scroll.y - scroll.contentH == 0", in: tree),
            row("content.w - scroll.w == 0", in: tree),
            row("content.x + 1/2*content.w - scroll.x - 1/2*scroll.w == 0", in: tree),
        ])
        // The scroll view's own edges, against its superview, are its frame.
        let outer = tree.dslConstraints(of: tree.view("scroll")!).map { $0.linear.withLabel(nil) }
        #expect(outer[1] == row("scroll.x + scroll.w - root.x - root.w == 0", in: tree))
    }
}
