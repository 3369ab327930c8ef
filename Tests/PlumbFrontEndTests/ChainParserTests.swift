import Testing
import PlumbSystem
@testable import PlumbFrontEnd
@testable import PlumbText

/// Shared set-up for the chain parser tests (namespaced so it cannot clash with other test files).
enum ChainParserFixture {
    static let views: Set<String> = [
        "root", "green", "red", "v", "card", "label", "redView", "greenView", "blueView",
    ]
    static let padding = EdgeInsets(top: 15, left: 10, bottom: 15, right: 10)
    static let parser = ChainParser(
        knownViews: views,
        constants: ["gap": 10, "half": Rational(floatLiteral: 0.5)],
        valueConstants: ["padding": .insets(padding), "offsetPoint": .point(Point(x: 3, y: 4))],
        file: "test.layout"
    )

    static func location(_ column: Int = 1, line: Int = 1) -> PlumbFrontEnd.SourceLocation {
        PlumbFrontEnd.SourceLocation(file: "test.layout", line: line, column: column)
    }

    static func chain(
        _ attributes: [AttributeSelector], _ relation: Relation? = nil, _ target: ConstraintTarget? = nil,
        modifiers: [ConstantValue] = [], before: Int = 0, multiplier: MultiplierModifier? = nil,
        priority: Priority? = nil, key: String? = nil
    ) -> ConstraintChain {
        ConstraintChain(attributes: attributes, relation: relation, target: target, constantModifiers: modifiers,
                        modifiersBeforeRelation: before, multiplier: multiplier, priority: priority, key: key,
                        location: location())
    }

    static func single(_ attributes: LayoutAttribute...) -> [AttributeSelector] { attributes.map { .single($0) } }
    static func view(_ id: String, _ attribute: LayoutAttribute? = nil) -> ConstraintTarget { .item(.view(id), attribute) }
    static let root = ChainParser.rootViewID

    static func rational(_ text: String) -> Rational {
        (try? Rational(parsing: text)) ?? .zero
    }
}

/// One line and the chain it must give.
struct ChainCase: Sendable, CustomTestStringConvertible {
    let text: String
    let expected: ConstraintChain
    init(_ text: String, _ expected: ConstraintChain) {
        self.text = text
        self.expected = expected
    }
    var testDescription: String { text }
}

private typealias F = ChainParserFixture

// MARK: - Attributes, relations, targets

private let chainParserAttributeCases: [ChainCase] = [
    ChainCase("make.left.right.top.bottom.leading.trailing.width.height.centerX.centerY.equalTo(v)",
              F.chain(F.single(.left, .right, .top, .bottom, .leading, .trailing, .width, .height, .centerX, .centerY),
                      .equal, F.view("v"))),
    ChainCase("make.baseline.lastBaseline.firstBaseline.equalTo(v);",
              F.chain(F.single(.lastBaseline, .lastBaseline, .firstBaseline), .equal, F.view("v"))),
    ChainCase("make.leftMargin.rightMargin.topMargin.bottomMargin.leadingMargin.trailingMargin.equalTo(v)",
              F.chain(F.single(.leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin),
                      .equal, F.view("v"))),
    ChainCase("make.centerXWithinMargins.centerYWithinMargins.equalTo(v)",
              F.chain(F.single(.centerXWithinMargins, .centerYWithinMargins), .equal, F.view("v"))),
    ChainCase("make.edges.size.center.margins.horizontalEdges.verticalEdges.equalTo(v)",
              F.chain([.composite(.edges), .composite(.size), .composite(.center), .composite(.margins),
                       .composite(.horizontalEdges), .composite(.verticalEdges)], .equal, F.view("v"))),
    ChainCase("make.directionalEdges.directionalHorizontalEdges.directionalVerticalEdges.directionalMargins.centerWithinMargins.equalTo(v)",
              F.chain([.composite(.directionalEdges), .composite(.directionalHorizontalEdges),
                       .composite(.directionalVerticalEdges), .composite(.directionalMargins),
                       .composite(.centerWithinMargins)], .equal, F.view("v"))),
    // Call order, duplicates kept.
    ChainCase("make.right.left.left.equalTo(v)", F.chain(F.single(.right, .left, .left), .equal, F.view("v"))),
    // Masonry's attribute mask: NSLayoutAttribute order, not call order.
    ChainCase("make.attributes(MASAttributeWidth | MASAttributeLeft).equalTo(v)",
              F.chain(F.single(.left, .width), .equal, F.view("v"))),
    ChainCase("make.attributes(MASAttributeLeftMargin | MASAttributeRightMargin | MASAttributeTopMargin | MASAttributeBottomMargin).equalTo(v)",
              F.chain(F.single(.leftMargin, .rightMargin, .topMargin, .bottomMargin), .equal, F.view("v"))),
    // MASAttributeBaseline == MASAttributeLastBaseline (bit 11): two identical children.
    ChainCase("make.attributes(MASAttributeBaseline).equalTo(v)",
              F.chain(F.single(.lastBaseline, .lastBaseline), .equal, F.view("v"))),
    ChainCase("make.attributes((MASAttributeTop | MASAttributeFirstBaseline) | MASAttributeLastBaseline).equalTo(v)",
              F.chain(F.single(.top, .lastBaseline, .firstBaseline, .lastBaseline), .equal, F.view("v"))),
    ChainCase("make.attributes(MASAttributeLeft | MASAttributeLeft).equalTo(v)",
              F.chain(F.single(.left), .equal, F.view("v"))),
    // No relation: Masonry installs `==` with no target; every modifier counts as before the relation.
    ChainCase("make.width;", F.chain(F.single(.width))),
    ChainCase("make.top.and.left.offset(10)", F.chain(F.single(.top, .left), modifiers: [.number(10)], before: 1)),
    ChainCase("$0.top.equalToSuperview()", F.chain(F.single(.top), .equal, .item(.superview, nil))),
]

private let chainParserRelationCases: [ChainCase] = [
    ChainCase("make.left.equalTo(v)", F.chain(F.single(.left), .equal, F.view("v"))),
    ChainCase("make.left.mas_equalTo(v)", F.chain(F.single(.left), .equal, F.view("v"))),
    ChainCase("make.left.greaterThanOrEqualTo(v)", F.chain(F.single(.left), .greaterOrEqual, F.view("v"))),
    ChainCase("make.left.mas_greaterThanOrEqualTo(v)", F.chain(F.single(.left), .greaterOrEqual, F.view("v"))),
    ChainCase("make.left.lessThanOrEqualTo(v)", F.chain(F.single(.left), .lessOrEqual, F.view("v"))),
    ChainCase("make.left.mas_lessThanOrEqualTo(v)", F.chain(F.single(.left), .lessOrEqual, F.view("v"))),
    ChainCase("make.left.equalToSuperview()", F.chain(F.single(.left), .equal, .item(.superview, nil))),
    ChainCase("make.left.lessThanOrEqualToSuperview()", F.chain(F.single(.left), .lessOrEqual, .item(.superview, nil))),
    ChainCase("make.left.greaterThanOrEqualToSuperview()", F.chain(F.single(.left), .greaterOrEqual, .item(.superview, nil))),
]

private let chainParserTargetCases: [ChainCase] = [
    ChainCase("make.top.equalTo(superview)", F.chain(F.single(.top), .equal, .item(.superview, nil))),
    ChainCase("make.top.equalTo(self)", F.chain(F.single(.top), .equal, F.view(F.root))),
    ChainCase("make.top.equalTo(self.view)", F.chain(F.single(.top), .equal, F.view(F.root))),
    ChainCase("make.top.equalTo(view)", F.chain(F.single(.top), .equal, F.view(F.root))),
    ChainCase("make.top.equalTo(self.green)", F.chain(F.single(.top), .equal, F.view("green"))),
    ChainCase("make.top.equalTo(v.mas_bottom)", F.chain(F.single(.top), .equal, F.view("v", .bottom))),
    ChainCase("make.top.equalTo(v.bottom)", F.chain(F.single(.top), .equal, F.view("v", .bottom))),
    ChainCase("make.top.equalTo(v.snp.bottom)", F.chain(F.single(.top), .equal, F.view("v", .bottom))),
    ChainCase("make.top.equalTo(v.mas_baseline)", F.chain(F.single(.top), .equal, F.view("v", .lastBaseline))),
    ChainCase("make.top.equalTo(self.view.mas_centerY)", F.chain(F.single(.top), .equal, F.view(F.root, .centerY))),
    ChainCase("make.top.equalTo(superview.mas_top)", F.chain(F.single(.top), .equal, .item(.superview, .top))),
    ChainCase("make.top.equalTo(v.mas_attribute(NSLayoutAttributeCenterYWithinMargins))",
              F.chain(F.single(.top), .equal, F.view("v", .centerYWithinMargins))),
    ChainCase("make.edges.equalTo(v.snp.edges)", F.chain([.composite(.edges)], .equal, .items(.view("v"), .edges))),
    ChainCase("make.edges.equalTo(v.snp.margins)", F.chain([.composite(.edges)], .equal, .items(.view("v"), .margins))),
    ChainCase("make.size.equalTo(superview.snp.size)", F.chain([.composite(.size)], .equal, .items(.superview, .size))),
    // Safe area.
    ChainCase("make.edges.equalTo(v.mas_safeAreaLayoutGuide)", F.chain([.composite(.edges)], .equal, .item(.safeArea("v"), nil))),
    ChainCase("make.edges.equalTo(self.view.mas_safeAreaLayoutGuide)", F.chain([.composite(.edges)], .equal, .item(.safeArea(F.root), nil))),
    ChainCase("make.edges.equalTo(v.safeAreaLayoutGuide)", F.chain([.composite(.edges)], .equal, .item(.safeArea("v"), nil))),
    ChainCase("make.top.equalTo(view.safeAreaLayoutGuide.snp.top)", F.chain(F.single(.top), .equal, .item(.safeArea(F.root), .top))),
    ChainCase("make.top.equalTo(self.view.safeAreaLayoutGuide.snp.bottom)", F.chain(F.single(.top), .equal, .item(.safeArea(F.root), .bottom))),
    ChainCase("make.edges.equalTo(card.safeAreaLayoutGuide.snp.edges)", F.chain([.composite(.edges)], .equal, .items(.safeArea("card"), .edges))),
    // Legacy guides.
    ChainCase("make.top.equalTo(self.mas_topLayoutGuide)", F.chain(F.single(.top), .equal, .item(.topLayoutGuide, .bottom))),
    ChainCase("make.top.equalTo(self.mas_topLayoutGuideBottom)", F.chain(F.single(.top), .equal, .item(.topLayoutGuide, .bottom))),
    ChainCase("make.top.equalTo(self.mas_topLayoutGuideTop)", F.chain(F.single(.top), .equal, .item(.topLayoutGuide, .top))),
    ChainCase("make.bottom.equalTo(self.mas_bottomLayoutGuide)", F.chain(F.single(.bottom), .equal, .item(.bottomLayoutGuide, .top))),
    ChainCase("make.bottom.equalTo(self.mas_bottomLayoutGuideTop)", F.chain(F.single(.bottom), .equal, .item(.bottomLayoutGuide, .top))),
    ChainCase("make.bottom.equalTo(self.mas_bottomLayoutGuideBottom)", F.chain(F.single(.bottom), .equal, .item(.bottomLayoutGuide, .bottom))),
    ChainCase("make.top.equalTo(topLayoutGuide.snp.bottom)", F.chain(F.single(.top), .equal, .item(.topLayoutGuide, .bottom))),
    ChainCase("make.top.equalTo(self.topLayoutGuide.snp.top)", F.chain(F.single(.top), .equal, .item(.topLayoutGuide, .top))),
    ChainCase("make.bottom.equalTo(bottomLayoutGuide.snp.top)", F.chain(F.single(.bottom), .equal, .item(.bottomLayoutGuide, .top))),
    ChainCase("make.height.equalTo(self.bottomLayoutGuide.snp.height)", F.chain(F.single(.height), .equal, .item(.bottomLayoutGuide, .height))),
]

private let chainParserSafeAreaSuffixCases: [ChainCase] = [
    ("Top", LayoutAttribute.top), ("Bottom", .bottom), ("Left", .left), ("Right", .right), ("Leading", .leading),
    ("Trailing", .trailing), ("Width", .width), ("Height", .height), ("CenterX", .centerX), ("CenterY", .centerY),
].map { suffix, attribute in
    ChainCase("make.left.equalTo(v.mas_safeAreaLayoutGuide\(suffix))",
              F.chain(F.single(.left), .equal, .item(.safeArea("v"), attribute)))
}

// MARK: - Values

private let chainParserValueCases: [ChainCase] = [
    ChainCase("make.width.equalTo(10)", F.chain(F.single(.width), .equal, .value(.number(10)))),
    ChainCase("make.width.equalTo(-20)", F.chain(F.single(.width), .equal, .value(.number(-20)))),
    ChainCase("make.width.equalTo(0.5)", F.chain(F.single(.width), .equal, .value(.number(F.rational("1/2"))))),
    ChainCase("make.width.equalTo(@10)", F.chain(F.single(.width), .equal, .value(.number(10)))),
    ChainCase("make.width.equalTo(@(10))", F.chain(F.single(.width), .equal, .value(.number(10)))),
    ChainCase("make.width.equalTo(@(-gap))", F.chain(F.single(.width), .equal, .value(.number(-10)))),
    ChainCase("make.width.equalTo(@-10)", F.chain(F.single(.width), .equal, .value(.number(-10)))),
    ChainCase("make.width.equalTo(10.0)", F.chain(F.single(.width), .equal, .value(.number(10)))),
    ChainCase("make.width.equalTo(CGFloat(10))", F.chain(F.single(.width), .equal, .value(.number(10)))),
    ChainCase("make.width.equalTo((CGFloat)10)", F.chain(F.single(.width), .equal, .value(.number(10)))),
    ChainCase("make.width.equalTo(10.f)", F.chain(F.single(.width), .equal, .value(.number(10)))),
    ChainCase("make.width.equalTo(@0.25f)", F.chain(F.single(.width), .equal, .value(.number(F.rational("1/4"))))),
    ChainCase("make.width.equalTo(gap * 2 + 1)", F.chain(F.single(.width), .equal, .value(.number(21)))),
    ChainCase("make.width.equalTo(-(gap - 4) / 3)", F.chain(F.single(.width), .equal, .value(.number(-2)))),
    ChainCase("make.width.equalTo(1 / 3)", F.chain(F.single(.width), .equal, .value(.number(F.rational("1/3"))))),
    ChainCase("make.width.equalTo(2 - -half)", F.chain(F.single(.width), .equal, .value(.number(F.rational("5/2"))))),
    ChainCase("make.width.equalTo(1e2)", F.chain(F.single(.width), .equal, .value(.number(100)))),
    ChainCase("make.top.equalTo(padding.top * 2)", F.chain(F.single(.top), .equal, .value(.number(30)))),
    ChainCase("make.center.equalTo(CGPointMake(0, 50))", F.chain([.composite(.center)], .equal, .value(.point(Point(x: 0, y: 50))))),
    ChainCase("make.center.equalTo(CGPoint(x: 0, y: 50))", F.chain([.composite(.center)], .equal, .value(.point(Point(x: 0, y: 50))))),
    ChainCase("make.center.equalTo(@(CGPointMake(1, 2)))", F.chain([.composite(.center)], .equal, .value(.point(Point(x: 1, y: 2))))),
    ChainCase("make.center.equalTo(CGPointZero)", F.chain([.composite(.center)], .equal, .value(.point(.zero)))),
    ChainCase("make.center.equalTo(CGPoint.zero)", F.chain([.composite(.center)], .equal, .value(.point(.zero)))),
    ChainCase("make.center.equalTo(offsetPoint)", F.chain([.composite(.center)], .equal, .value(.point(Point(x: 3, y: 4))))),
    ChainCase("make.size.equalTo(CGSizeMake(200, 100))", F.chain([.composite(.size)], .equal, .value(.size(Size(width: 200, height: 100))))),
    ChainCase("make.size.equalTo(CGSize(width: 100, height: 100))", F.chain([.composite(.size)], .equal, .value(.size(Size(width: 100, height: 100))))),
    ChainCase("make.size.equalTo(CGSizeZero)", F.chain([.composite(.size)], .equal, .value(.size(.zero)))),
    ChainCase("make.edges.mas_equalTo(UIEdgeInsetsMake(10, 0, 10, 0))",
              F.chain([.composite(.edges)], .equal, .value(.insets(EdgeInsets(top: 10, left: 0, bottom: 10, right: 0))))),
    ChainCase("make.edges.equalTo(UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))",
              F.chain([.composite(.edges)], .equal, .value(.insets(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))))),
    ChainCase("make.edges.equalTo(UIEdgeInsetsZero)", F.chain([.composite(.edges)], .equal, .value(.insets(.zero)))),
    ChainCase("make.edges.equalTo(NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))",
              F.chain([.composite(.edges)], .equal,
                      .value(.directionalInsets(DirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))))),
    // Arrays.
    ChainCase("make.height.equalTo(@[redView, blueView])",
              F.chain(F.single(.height), .equal, .array([F.view("redView"), F.view("blueView")]))),
    ChainCase("make.left.equalTo(@[greenView, @100, blueView.mas_right])",
              F.chain(F.single(.left), .equal, .array([F.view("greenView"), .value(.number(100)), F.view("blueView", .right)]))),
    ChainCase("make.left.equalTo(@[ superview, CGPointMake(1, 2), ])",
              F.chain(F.single(.left), .equal, .array([.item(.superview, nil), .value(.point(Point(x: 1, y: 2)))]))),
    ChainCase("make.left.equalTo(@[])", F.chain(F.single(.left), .equal, .array([]))),
]

// MARK: - Modifiers

private let chainParserModifierCases: [ChainCase] = [
    ChainCase("make.left.equalTo(v).offset(10)", F.chain(F.single(.left), .equal, F.view("v"), modifiers: [.number(10)])),
    ChainCase("make.left.equalTo(v).mas_offset(-5)", F.chain(F.single(.left), .equal, F.view("v"), modifiers: [.number(-5)])),
    ChainCase("make.center.equalTo(v).mas_offset(CGPointMake(1, 2))",
              F.chain([.composite(.center)], .equal, F.view("v"), modifiers: [.point(Point(x: 1, y: 2))])),
    ChainCase("make.size.equalTo(v).mas_offset(CGSizeMake(1, 2))",
              F.chain([.composite(.size)], .equal, F.view("v"), modifiers: [.size(Size(width: 1, height: 2))])),
    ChainCase("make.edges.equalTo(v).mas_offset(UIEdgeInsetsMake(1, 2, 3, 4))",
              F.chain([.composite(.edges)], .equal, F.view("v"), modifiers: [.insets(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))])),
    ChainCase("make.edges.equalToSuperview().inset(20)",
              F.chain([.composite(.edges)], .equal, .item(.superview, nil), modifiers: [.insets(EdgeInsets(20))])),
    ChainCase("make.edges.equalToSuperview().inset(UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))",
              F.chain([.composite(.edges)], .equal, .item(.superview, nil), modifiers: [.insets(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))])),
    ChainCase("make.edges.equalToSuperview().inset(NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))",
              F.chain([.composite(.edges)], .equal, .item(.superview, nil),
                      modifiers: [.directionalInsets(DirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))])),
    ChainCase("make.edges.equalTo(view).inset(.zero)",
              F.chain([.composite(.edges)], .equal, F.view(F.root), modifiers: [.insets(.zero)])),
    ChainCase("make.edges.equalTo(v).insets(UIEdgeInsetsMake(5, 10, 15, 20))",
              F.chain([.composite(.edges)], .equal, F.view("v"), modifiers: [.insets(EdgeInsets(top: 5, left: 10, bottom: 15, right: 20))])),
    ChainCase("make.width.height.equalTo(v).sizeOffset(CGSizeMake(-40, -40))",
              F.chain(F.single(.width, .height), .equal, F.view("v"), modifiers: [.size(Size(width: -40, height: -40))])),
    ChainCase("make.center.equalTo(v).centerOffset(CGPointMake(-1, 2))",
              F.chain([.composite(.center)], .equal, F.view("v"), modifiers: [.point(Point(x: -1, y: 2))])),
    ChainCase("make.left.equalTo(v).valueOffset(@10)", F.chain(F.single(.left), .equal, F.view("v"), modifiers: [.number(10)])),
    ChainCase("make.size.equalTo(v).valueOffset(@(CGSizeMake(1, 2)))",
              F.chain([.composite(.size)], .equal, F.view("v"), modifiers: [.size(Size(width: 1, height: 2))])),
    ChainCase("make.width.equalTo(v).multipliedBy(0.5)", F.chain(F.single(.width), .equal, F.view("v"), multiplier: .multipliedBy(F.rational("1/2")))),
    ChainCase("make.width.equalTo(v).dividedBy(3)", F.chain(F.single(.width), .equal, F.view("v"), multiplier: .dividedBy(3))),
    // dividedBy(0) is the resolver's to reject.
    ChainCase("make.width.equalTo(v).dividedBy(0)", F.chain(F.single(.width), .equal, F.view("v"), multiplier: .dividedBy(0))),
    ChainCase("make.width.equalTo(v).multipliedBy(2).dividedBy(4)", F.chain(F.single(.width), .equal, F.view("v"), multiplier: .dividedBy(4))),
    // Modifiers around the relation.
    ChainCase("make.left.offset(10).equalTo(v)", F.chain(F.single(.left), .equal, F.view("v"), modifiers: [.number(10)], before: 1)),
    ChainCase("make.left.offset(10).equalTo(@20).offset(5)",
              F.chain(F.single(.left), .equal, .value(.number(20)), modifiers: [.number(10), .number(5)], before: 1)),
    // Same relation again with a value: only the constant is set again.
    ChainCase("make.width.equalTo(@10).equalTo(@20)", F.chain(F.single(.width), .equal, .value(.number(10)), modifiers: [.number(20)])),
    ChainCase("make.width.equalTo(v).equalTo(CGSizeMake(1, 2))",
              F.chain(F.single(.width), .equal, F.view("v"), modifiers: [.size(Size(width: 1, height: 2))])),
    // Fillers anywhere, `.constraint` at the end.
    ChainCase("make.with.left.and.right.with.equalTo(v).and.with.offset(1).with.constraint;",
              F.chain(F.single(.left, .right), .equal, F.view("v"), modifiers: [.number(1)])),
]

private let chainParserPriorityCases: [ChainCase] = [
    ("priority(750)", Priority(750)), ("priority(.high)", .high), ("priority(.low)", .low),
    ("priority(.medium)", .medium), ("priority(.required)", .required), ("priority(999.5)", Priority(F.rational("1999/2"))),
    ("priority(MASLayoutPriorityDefaultLow + 1)", Priority(251)), ("priority(MASLayoutPriorityRequired)", .required),
    ("priority(MASLayoutPriorityDefaultHigh)", .high), ("priority(MASLayoutPriorityDefaultMedium)", .medium),
    ("priority(MASLayoutPriorityFittingSizeLevel)", .fittingSize), ("priority(UILayoutPriorityDefaultLow - 1)", Priority(249)),
    ("priority(UILayoutPriority(rawValue: 750))", .high), ("priority(UILayoutPriority(300))", Priority(300)),
    ("priority(UILayoutPriority.defaultLow)", .low), ("priority(ConstraintPriority.high)", .high),
    ("priority(.high.advanced(by: 1))", Priority(751)), ("priority(.defaultHigh)", .high),
    ("priority(gap * 10)", Priority(100)), ("priority(1001)", Priority(1001)), ("priority(-1)", Priority(-1)),
    ("priority(.init(rawValue: 740))", Priority(740)), ("priority(ConstraintPriority(10))", Priority(10)),
    ("priority(UILayoutPriority.init(rawValue: 5))", Priority(5)), ("priority(UILayoutPriority.defaultHigh.advanced(by: -1))", Priority(749)),
    ("priority(.required.rawValue - 1)", Priority(999)), ("priority(UILayoutPriorityFittingSizeLevel)", .fittingSize),
    ("priorityHigh()", .high), ("priorityLow()", .low), ("priorityMedium()", .medium), ("priorityRequired()", .required),
    ("priority(1).priority(2)", Priority(2)),
].map { modifier, priority in
    ChainCase("make.width.equalTo(v).\(modifier)", F.chain(F.single(.width), .equal, F.view("v"), priority: priority))
}

private let chainParserKeyCases: [ChainCase] = [
    ("key(@\"ConflictingConstraint\")", "ConflictingConstraint"), ("key(@340954)", "340954"),
    ("key(\"name\")", "name"), ("labeled(\"name\")", "name"), ("key(@\"a\\\"b\")", "a\"b"),
    ("key(self.view)", "self.view"), ("key(@(1 + 2))", "@(1 + 2)"), ("key(@-7)", "-7"),
].map { modifier, key in
    ChainCase("make.width.equalTo(v).\(modifier)", F.chain(F.single(.width), .equal, F.view("v"), key: key))
}

// MARK: - The README and example lines

private let chainParserReadmeCases: [ChainCase] = [
    ChainCase("make.top.equalTo(superview.mas_top).with.offset(padding.top); //with is an optional semantic filler",
              F.chain(F.single(.top), .equal, .item(.superview, .top), modifiers: [.number(15)])),
    ChainCase("make.edges.equalTo(superview).with.insets(padding);",
              F.chain([.composite(.edges)], .equal, .item(.superview, nil), modifiers: [.insets(F.padding)])),
    ChainCase("make.width.equalTo(@200).priorityLow();", F.chain(F.single(.width), .equal, .value(.number(200)), priority: .low)),
    ChainCase("make.width.equalTo(card.snp.width).multipliedBy(0.5).priority(.high)",
              F.chain(F.single(.width), .equal, F.view("card", .width), multiplier: .multipliedBy(F.rational("1/2")), priority: .high)),
    ChainCase("make.width.height.equalTo(self.mas_width);", F.chain(F.single(.width, .height), .equal, F.view(F.root, .width))),
    ChainCase("make.width.and.height.lessThanOrEqualTo(self);", F.chain(F.single(.width, .height), .lessOrEqual, F.view(F.root))),
    ChainCase("make.top.greaterThanOrEqualTo(superview.top).offset(padding.top);",
              F.chain(F.single(.top), .greaterOrEqual, .item(.superview, .top), modifiers: [.number(15)])),
    ChainCase("make.edges.equalTo(@1).key(@\"ConflictingConstraint\"); // composite constraint keys",
              F.chain([.composite(.edges)], .equal, .value(.number(1)), key: "ConflictingConstraint")),
    ChainCase("make.height.equalTo(self.redView.mas_height).key(@340954).priority(MASLayoutPriorityDefaultLow + 1)",
              F.chain(F.single(.height), .equal, F.view("redView", .height), priority: Priority(251), key: "340954")),
    ChainCase("make.centerX.equalTo(@0);", F.chain(F.single(.centerX), .equal, .value(.number(0)))),
    ChainCase("make.bottom.equalTo(blueView.mas_top).offset(-padding.bottom);",
              F.chain(F.single(.bottom), .equal, F.view("blueView", .top), modifiers: [.number(-15)])),
    ChainCase("make.top.equalTo(self.mas_topLayoutGuide);", F.chain(F.single(.top), .equal, .item(.topLayoutGuide, .bottom))),
    ChainCase("make.edges.equalTo(view).inset(UIEdgeInsets.zero)",
              F.chain([.composite(.edges)], .equal, F.view(F.root), modifiers: [.insets(.zero)])),
    ChainCase("make.size.equalTo(CGSize(width: 200, height: 20))",
              F.chain([.composite(.size)], .equal, .value(.size(Size(width: 200, height: 20))))),
    ChainCase("make.left.equalTo(view).offset(20) /* trailing */ ;",
              F.chain(F.single(.left), .equal, F.view(F.root), modifiers: [.number(20)])),
]

@Suite("ChainParser: spellings")
struct ChainParserSpellingTests {
    func check(_ c: ChainCase) throws {
        let parsed = try F.parser.parse(c.text, line: 1)
        #expect(parsed == c.expected, "\(c.text)")
    }

    @Test(arguments: chainParserAttributeCases) func attributes(_ c: ChainCase) throws { try check(c) }
    @Test(arguments: chainParserRelationCases) func relations(_ c: ChainCase) throws { try check(c) }
    @Test(arguments: chainParserTargetCases + chainParserSafeAreaSuffixCases) func targets(_ c: ChainCase) throws { try check(c) }
    @Test(arguments: chainParserValueCases) func values(_ c: ChainCase) throws { try check(c) }
    @Test(arguments: chainParserModifierCases) func modifiers(_ c: ChainCase) throws { try check(c) }
    @Test(arguments: chainParserPriorityCases) func priorities(_ c: ChainCase) throws { try check(c) }
    @Test(arguments: chainParserKeyCases) func keys(_ c: ChainCase) throws { try check(c) }
    @Test(arguments: chainParserReadmeCases) func readme(_ c: ChainCase) throws { try check(c) }

    @Test func zeroPointOneIsExactlyOneTenth() throws {
        let parsed = try F.parser.parse("make.left.offset(0.1)", line: 1)
        guard case .number(let value)? = parsed.constantModifiers.first else {
            Issue.record("expected an offset, got \(parsed.constantModifiers)")
            return
        }
        #expect(value.numerator == 1)
        #expect(value.denominator == 10)
    }

    @Test func locationIsTheMakeToken() throws {
        let parsed = try F.parser.parse("    make.left.equalTo(v)", line: 12, column: 3)
        #expect(parsed.location == PlumbFrontEnd.SourceLocation(file: "test.layout", line: 12, column: 7))
    }

    @Test func substringInput() throws {
        let line = "let x = 1; make.top.equalTo(red)"
        guard let start = line.firstIndex(of: "m") else { return }
        let parsed = try F.parser.parse(line[start...], line: 2, column: 12)
        #expect(parsed.attributes == [.single(.top)])
        #expect(parsed.target == .item(.view("red"), nil))
        #expect(parsed.location.column == 12)
    }

    @Test func keywordsBeatViewNamesAndConstantsBeatViews() throws {
        let parser = ChainParser(knownViews: ["superview", "view", "gap"], constants: ["gap": 3], file: "k")
        let a = try parser.parse("make.left.equalTo(superview)", line: 1)
        #expect(a.target == .item(.superview, nil))
        let b = try parser.parse("make.left.equalTo(view)", line: 1)
        #expect(b.target == .item(.view("root"), nil))
        let c = try parser.parse("make.left.equalTo(gap)", line: 1)
        #expect(c.target == .value(.number(3)))
    }
}

@Suite("ChainParser: numbers and constants")
struct ChainParserNumberTests {
    @Test(arguments: [
        ("10", "10"), ("-0.125", "-1/8"), ("1/3", "1/3"), ("(1 + 2) * 3", "9"), ("gap / 4", "5/2"),
        ("-gap", "-10"), ("CGFloat(2.5)", "5/2"), ("@12;", "12"), ("padding.left + padding.right", "20"),
        ("0.1 + 0.2", "3/10"), ("+4", "4"), ("2 * -3", "-6"), ("half", "1/2"),
    ])
    func numbers(_ text: String, _ expected: String) throws {
        #expect(try F.parser.parseNumber(text, line: 1) == F.rational(expected))
    }

    @Test func constants() throws {
        #expect(try F.parser.parseConstant("UIEdgeInsetsMake(10, 10, 10, 10)", line: 1) == .insets(EdgeInsets(10)))
        #expect(try F.parser.parseConstant("CGPointMake(1, -2);", line: 1) == .point(Point(x: 1, y: -2)))
        #expect(try F.parser.parseConstant("CGSize(width: 1, height: 2)", line: 1) == .size(Size(width: 1, height: 2)))
        #expect(try F.parser.parseConstant("NSDirectionalEdgeInsetsZero", line: 1) == .directionalInsets(.zero))
        #expect(try F.parser.parseConstant("gap * 2", line: 1) == .number(20))
    }

    @Test(arguments: [
        ("", 1, "expected a value, found end of line"),
        ("10 10", 4, "expected end of line after the value, found '10'"),
        ("v", 1, "expected a number for the value, found a view"),
        ("paddng", 1, "unknown constant 'paddng' (known constants: gap, half, offsetPoint, padding); did you mean 'padding'?"),
        ("MASLayoutPriorityDefaultLow", 1, "'MASLayoutPriorityDefaultLow' is a priority and can only be used in priority(...)"),
        ("CGPointMake(1, 2)", 1, "expected a number for the value, found a CGPoint"),
        ("5 / (2 - 2)", 3, "5 / 0 divides by zero"),
    ])
    func numberErrors(_ text: String, _ column: Int, _ message: String) {
        #expect(throws: TextSyntaxError(location: F.location(column, line: 4), message: message)) {
            try F.parser.parseNumber(text, line: 4)
        }
    }
}
