import Testing
import PlumbSystem
@testable import PlumbFrontEnd
@testable import PlumbText

/// The Masonry README's examples, written in its own Objective-C spelling in layout files. Rows are derived by
/// hand; frames a person derives are checked by substituting them into every lowered row.
@Suite struct MasonryReadme {
    static let header = """
    root 375 667
    let padding = UIEdgeInsetsMake(10, 10, 10, 10)
    view view1
    view view2
    view view3
    view label
    view titleLabel
    view button1
    view otherView

    """

    func build(_ body: String) throws -> (ViewTree, [LinearConstraint]) {
        let script = try LayoutFile(file: "README.layout", name: "readme").parse(MasonryReadme.header + body)
        let tree = try script.build()
        let rows = tree.constraintOrder.compactMap { tree.constraints[$0] }.filter { $0.resolved != nil }.map { $0.linear.withLabel(nil) }
        return (tree, rows)
    }

    @Test func paddingWithFourEdgesOrOneInsets() throws {
        let (t1, spelled) = try build("""
        [view1 mas_makeConstraints:^(MASConstraintMaker *make) {
            make.top.equalTo(superview.mas_top).with.offset(padding.top); //with is an optional semantic filler
            make.left.equalTo(superview.mas_left).with.offset(padding.left);
            make.bottom.equalTo(superview.mas_bottom).with.offset(-padding.bottom);
            make.right.equalTo(superview.mas_right).with.offset(-padding.right);
        }];
        """)
        let (_, composite) = try build("""
        [view1 mas_makeConstraints:^(MASConstraintMaker *make) {
            make.edges.equalTo(superview).with.insets(padding);
        }];
        """)
        #expect(spelled == [
            row("view1.y - root.y - 10 == 0", in: t1),
            row("view1.x - root.x - 10 == 0", in: t1),
            row("view1.y + view1.h - root.y - root.h + 10 == 0", in: t1),
            row("view1.x + view1.w - root.x - root.w + 10 == 0", in: t1),
        ])
        #expect(Set(composite) == Set(spelled))
        // A person's frame: (10, 10, 355, 647) holds every row; one point off does not.
        #expect(violations(t1, at: values(["view1": (10, 10, 355, 647)], in: t1))[.required] == .zero)
        #expect(violations(t1, at: values(["view1": (10, 11, 355, 647)], in: t1))[.required] != .zero)
    }

    @Test func relationsAndTargets() throws {
        let (t, rows) = try build("""
        [view1 mas_makeConstraints:^(MASConstraintMaker *make) {
            make.centerX.lessThanOrEqualTo(view2.mas_left);
            make.left.greaterThanOrEqualTo(label);
            make.left.greaterThanOrEqualTo(label.mas_left);
            make.width.greaterThanOrEqualTo(@200);
            make.width.lessThanOrEqualTo(@400)
            make.left.lessThanOrEqualTo(@10)
        }];
        """)
        #expect(rows == [
            row("view1.x + 1/2*view1.w - view2.x <= 0", in: t),
            row("view1.x - label.x >= 0", in: t),
            row("view1.x - label.x >= 0", in: t),
            row("view1.w - 200 >= 0", in: t),
            row("view1.w - 400 <= 0", in: t),
            row("view1.x - root.x - 10 <= 0", in: t),
        ])
    }

    @Test func autoboxing() throws {
        let (t, rows) = try build("""
        [view1 mas_makeConstraints:^(MASConstraintMaker *make) {
            make.top.mas_equalTo(42);
            make.height.mas_equalTo(20);
            make.size.mas_equalTo(CGSizeMake(50, 100));
            make.edges.mas_equalTo(UIEdgeInsetsMake(10, 0, 10, 0));
            make.left.mas_equalTo(view).mas_offset(UIEdgeInsetsMake(10, 0, 10, 0));
        }];
        """)
        #expect(rows == [
            row("view1.y - root.y - 42 == 0", in: t),
            row("view1.h - 20 == 0", in: t),
            row("view1.w - 50 == 0", in: t),
            row("view1.h - 100 == 0", in: t),
            row("view1.x - root.x == 0", in: t),
            row("view1.x + view1.w - root.x - root.w == 0", in: t),
            row("view1.y - root.y - 10 == 0", in: t),
            row("view1.y + view1.h - root.y - root.h + 10 == 0", in: t),
            row("view1.x - root.x == 0", in: t),
        ])
    }

    @Test func arraysAndPriorities() throws {
        let (t, rows) = try build("""
        [label mas_makeConstraints:^(MASConstraintMaker *make) {
            make.height.equalTo(@[view1.mas_height, view2.mas_height]);
            make.height.equalTo(@[view1, view2]);
            make.left.equalTo(@[view1, @100, view3.right]);
            make.left.greaterThanOrEqualTo(view1.mas_left).with.priorityLow();
            make.top.equalTo(view1.mas_top).with.priority(600);
        }];
        """)
        #expect(rows == [
            row("label.h - view1.h == 0", in: t), row("label.h - view2.h == 0", in: t),
            row("label.h - view1.h == 0", in: t), row("label.h - view2.h == 0", in: t),
            row("label.x - view1.x == 0", in: t), row("label.x - root.x - 100 == 0", in: t),
            row("label.x - view3.x - view3.w == 0", in: t),
            row("label.x - view1.x >= 0 @250", in: t),
            row("label.y - view1.y == 0 @600", in: t),
        ])
    }

    @Test func composition() throws {
        let (t, rows) = try build("""
        [view1 mas_makeConstraints:^(MASConstraintMaker *make) {
            make.size.greaterThanOrEqualTo(titleLabel)
            make.size.equalTo(superview).sizeOffset(CGSizeMake(100, -50))
            make.center.equalTo(superview).centerOffset(CGPointMake(-5, 10))
        }];
        [view2 mas_makeConstraints:^(MASConstraintMaker *make) {
            make.left.right.and.bottom.equalTo(superview);
            make.top.equalTo(otherView);
        }];
        """)
        #expect(rows == [
            row("view1.w - titleLabel.w >= 0", in: t), row("view1.h - titleLabel.h >= 0", in: t),
            row("view1.w - root.w - 100 == 0", in: t), row("view1.h - root.h + 50 == 0", in: t),
            row("view1.x + 1/2*view1.w - root.x - 1/2*root.w + 5 == 0", in: t),
            row("view1.y + 1/2*view1.h - root.y - 1/2*root.h - 10 == 0", in: t),
            row("view2.x - root.x == 0", in: t), row("view2.x + view2.w - root.x - root.w == 0", in: t),
            row("view2.y + view2.h - root.y - root.h == 0", in: t), row("view2.y - otherView.y == 0", in: t),
        ])
        // 475 × 617 centred 5 left of and 10 below the middle: (−55, 35).
        let frames: [String: (Rational, Rational, Rational, Rational)] = [
            "view1": (-55, 35, 475, 617), "titleLabel": (0, 0, 10, 10), "view2": (0, 0, 375, 667), "otherView": (0, 0, 1, 1),
        ]
        #expect(violations(t, at: values(frames, in: t))[.required] == .zero)
    }

    @Test func updateTheGrowingButton() throws {
        // With a plain view the button is s × s, s = 100 · 1.3^k, capped by the superview (reference §5.1 #2).
        let text = """
        [view1 mas_updateConstraints:^(MASConstraintMaker *make) {
            make.center.equalTo(self);
            make.width.equalTo(@(100)).priorityLow();
            make.height.equalTo(@(100)).priorityLow();
            make.width.lessThanOrEqualTo(self);
            make.height.lessThanOrEqualTo(self);
        }];
        [view1 mas_updateConstraints:^(MASConstraintMaker *make) {
            make.center.equalTo(self);
            make.width.equalTo(@(130)).priorityLow();
            make.height.equalTo(@(130)).priorityLow();
            make.width.lessThanOrEqualTo(self);
            make.height.lessThanOrEqualTo(self);
        }];
        """
        let (t, rows) = try build(text)
        // Every constraint matched on the second pass: still 6, with the new constants.
        #expect(rows.count == 6)
        #expect(rows.contains(row("view1.w - 130 == 0 @250", in: t)))
        let at = values(["view1": (122.5, 268.5, 130, 130)], in: t)
        let v = violations(t, at: at)
        #expect(v[.required] == .zero && v[.low] == .zero)
    }

    @Test func remakeMovesTheButton() throws {
        let (t, rows) = try build("""
        [view1 mas_remakeConstraints:^(MASConstraintMaker *make) {
            make.size.equalTo(CGSizeMake(100, 100));
            make.top.and.left.offset(10);
        }];
        [view1 mas_remakeConstraints:^(MASConstraintMaker *make) {
            make.size.equalTo(CGSizeMake(100, 100));
            make.bottom.and.right.offset(-10);
        }];
        """)
        #expect(rows == [
            row("view1.w - 100 == 0", in: t), row("view1.h - 100 == 0", in: t),
            row("view1.y + view1.h - root.y - root.h + 10 == 0", in: t),
            row("view1.x + view1.w - root.x - root.w + 10 == 0", in: t),
        ])
        #expect(violations(t, at: values(["view1": (265, 557, 100, 100)], in: t))[.required] == .zero)
    }
}
