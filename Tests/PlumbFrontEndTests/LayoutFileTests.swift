import Testing
import PlumbSystem
@testable import PlumbFrontEnd
@testable import PlumbText

@Suite struct LayoutFileReading {
    func parse(_ text: String) throws(TextSyntaxError) -> LayoutScript {
        try LayoutFile(file: "t.layout", name: "t").parse(text)
    }

    func failure(_ text: String) -> TextSyntaxError? {
        do { _ = try parse(text) } catch { return error }
        return nil
    }

    @Test func declarationsAndProperties() throws {
        let script = try parse("""
        layout card
        dialect snapkit
        root 320x480 rtl
        set root safearea 20 0 34 0
        view card margins 1 2 3 4 direction ltr
        view label in card intrinsic 66 - hugging 251 250 compression 750 749 baseline 12 5
        """)
        #expect(script.name == "card")
        #expect(script.dialect == .snapkit)
        #expect(script.rootSize == Size(width: 320, height: 480))
        #expect(script.direction == .rightToLeft)
        let tree = try script.build()
        let label = tree.view("label")!
        #expect(label.superview?.id == "card")
        #expect(label.intrinsicWidth == 66 && label.intrinsicHeight == nil)
        #expect(label.huggingPriority == AxisPriorities(horizontal: 251, vertical: 250))
        #expect(label.compressionResistance == AxisPriorities(horizontal: 750, vertical: 749))
        #expect(label.firstBaselineFromTop == 12 && label.lastBaselineFromBottom == 5)
        #expect(tree.view("card")!.layoutMargins == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(tree.view("card")!.direction == .leftToRight)
        #expect(tree.root.safeAreaInsets == EdgeInsets(top: 20, left: 0, bottom: 34, right: 0))
        #expect(label.effectiveDirection == .leftToRight)
    }

    @Test func blockSpellingsAndSteps() throws {
        let script = try parse("""
        root 375 667
        view a
        view b
        make a {
          make.left.top.equalTo(superview).offset(10); make.size.equalTo(CGSizeMake(50, 50))
        }
        b.snp.makeConstraints { make in
          make.left.equalTo(a.snp.right).offset(8)
        }
        [@[a, b] mas_updateConstraints:^(MASConstraintMaker *make) {
          make.top.equalTo(superview).offset(20);
        }];
        remake b {
        }
        distribute a b horizontal spacing 10 lead 5 tail 5
        [@[a, b] mas_distributeViewsAlongAxis:MASAxisTypeVertical withFixedItemLength:30 leadSpacing:5 tailSpacing:5];
        resize 320 480
        remove a
        [b removeFromSuperview];
        """)
        #expect(script.steps.count == 9)
        let tree = try script.build()
        #expect(tree.rootSize == Size(width: 320, height: 480))
        #expect(tree.dslConstraints(of: tree.view("a")!).isEmpty)
        #expect(tree.view("b")!.superview == nil)
    }

    @Test func playingAScriptStepByStep() throws {
        let script = try parse("""
        root 100 100
        view a
        make a {
          make.width.equalTo(10);
        }
        update a {
          make.width.equalTo(20);
        }
        """)
        let tree = try script.makeTree()
        let player = LayoutPlayer(script: script, tree: tree)
        try player.perform(script.steps[0].step, at: script.steps[0].location)
        #expect(tree.dslConstraints(of: tree.view("a")!).map { $0.linear.withLabel(nil) } == [row("a.w - 10 == 0", in: tree)])
        try player.perform(script.steps[1].step, at: script.steps[1].location)
        #expect(tree.dslConstraints(of: tree.view("a")!).map { $0.linear.withLabel(nil) } == [row("a.w - 20 == 0", in: tree)])
    }

    @Test func malformedFilesNameLineAndColumn() {
        let cases: [(String, Int, Int, String)] = [
            ("view a", 1, 1, "declare the root first"),
            ("root 10", 1, 1, "expected `root WIDTH HEIGHT"),
            ("root 10 10\nview a in nowhere", 2, 1, "unknown parent 'nowhere'"),
            ("root 10 10\nview a\nview a", 3, 1, "declared twice"),
            ("root 10 10\nview a intrinsic 5", 2, 1, "`intrinsic` takes 2 values"),
            ("root 10 10\nview a wobble 5", 2, 1, "unknown view property 'wobble'"),
            ("root 10 10\nview a\nmake a {\n  make.left.equalTo(b);\n}", 4, 21, "unknown view 'b'"),
            ("root 10 10\nview a\nmake a {\n  make.left.equalTo(superview)", 3, 1, "never closed"),
            ("root 10 10\nfrobnicate", 2, 1, "unexpected 'frobnicate'"),
            ("root 10 10\nview a hugging 0 250", 2, 1, "hugging priorities must be in (0, 1000]"),
            ("root 1e999 10", 1, 1, "cannot be kept exactly"),
            ("", 1, 1, "declares no root"),
        ]
        for (text, line, column, fragment) in cases {
            let e = failure(text)
            #expect(e?.location.line == line, "\(text)")
            #expect(e?.location.column == column, "\(text): \(String(describing: e))")
            #expect(e?.message.contains(fragment) == true, "\(String(describing: e)) should mention \(fragment)")
        }
    }

    @Test func semanticErrorsCarryTheFileLine() throws {
        let script = try parse("root 10 10\nview a\nview b\nmake a {\n  make.left.equalTo(b.mas_top);\n}")
        do {
            _ = try script.build()
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .acrossAxes(.left, .top))
            #expect(error.location?.line == 5)
            #expect(error.location?.file == "t.layout")
        }
    }
}

@Suite struct CorpusSyntax {
    static let animated = """
    layout animated
    source "Masonry example: Basic Animated"
    tags masonry-example update insets size:small
    root 375 667
    view green
    [green mas_makeConstraints:^(MASConstraintMaker *make) {
        self.edges = make.edges.equalTo(superview).insets(UIEdgeInsetsMake(10, 10, 10, 10)).priorityLow();
        make.width.equalTo(@100);
    }];
    expect {
        # the low-priority edges give way to the required width
        green 10 10 100 647      # left holds, right is 265 short: both at 250, left wins? no: a tie
        ambiguous green.x 10 265
    }
    edges.insets = UIEdgeInsetsMake(100, 100, 100, 100);
    [edges uninstall];
    edges.activate()
    edges.update(offset: 5)
    edit green.x 999
    edit green.y 999
    suggest green.x 20 green.y 30
    unedit green.x
    unedit green.y
    expect unsatisfiable {
        "green.width == 100"
    }
    """

    @Test func expectationsKeptReferencesAndEdits() throws {
        let script = try LayoutFile(file: "a.layout", name: "a").parse(CorpusSyntax.animated)
        #expect(script.source == "Masonry example: Basic Animated")
        #expect(script.tags == ["masonry-example", "update", "insets", "size:small"])
        guard case .block(let block) = script.steps[0].step else { Issue.record("first step is a block"); return }
        #expect(block.names == [0: "edges"])
        // An expectation is kept as written, with the scope its names and numbers are read in (the corpus reads it).
        guard case .expect(let e) = script.steps[1].step else { Issue.record("second step is an expectation"); return }
        #expect(e.kind == .frames && e.location.line == 10)
        #expect(e.lines.map(\.text) == ["", "green 10 10 100 647", "ambiguous green.x 10 265"])
        #expect(e.lines[0].comment == "the low-priority edges give way to the required width")
        #expect(e.lines[1].comment.hasPrefix("left holds") && e.lines[1].location.line == 12 && e.lines[1].location.column == 5)
        #expect(try e.viewID("self.green", line: 12, column: 5) == "green")
        #expect(try e.number("(20 + 1) / 2", line: 12) == Rational(21, 2))
        #expect(throws: TextSyntaxError.self) { try e.viewID("grene", line: 12, column: 5) }
        guard case .changeConstant("edges", .insets(EdgeInsets(100))) = script.steps[2].step else { Issue.record("insets change"); return }
        guard case .setActive("edges", false) = script.steps[3].step else { Issue.record("uninstall"); return }
        guard case .setActive("edges", true) = script.steps[4].step else { Issue.record("activate"); return }
        guard case .changeConstant("edges", .number(5)) = script.steps[5].step else { Issue.record("update(offset:)"); return }
        guard case .addEdit("green", .x, 999) = script.steps[6].step else { Issue.record("edit"); return }
        guard case .suggest(let values) = script.steps[8].step, values.count == 2, values[1].value == 30 else { Issue.record("suggest"); return }
        guard case .expect(let u) = script.steps[11].step else { Issue.record("unsatisfiable expectation"); return }
        #expect(u.kind == .unsatisfiable && u.lines.map(\.text) == ["\"green.width == 100\""])

        // Playing it: the kept reference changes constants in place; the export carries edits and rounds.
        let system = try script.lowered()
        #expect(system.edits.isEmpty)   // the edits were removed again
        #expect(system.suggestionRounds.count == 1)
        #expect(system.constraints.contains { $0.label == "green.left == root.left + 5 ^low" })
    }
}

@Suite struct OneLineBlocksAndShorthand {
    @Test func blocksOnOneLineAndMasonryShorthand() throws {
        let script = try LayoutFile(file: "o.layout", name: "o").parse("""
        root 100 100
        view a
        view b
        [a mas_makeConstraints:^(MASConstraintMaker *make) { make.top.equalTo(superview); make.width.equalTo(@10); }];
        b.snp.makeConstraints { make in make.left.equalTo(a.snp.right).offset(8) }
        [b makeConstraints:^(MASConstraintMaker *make) {
            make.height.equalTo(a);
        }];
        """)
        #expect(script.steps.count == 3)
        guard case .block(let first) = script.steps[0].step, case .block(let second) = script.steps[1].step else {
            Issue.record("expected three blocks")
            return
        }
        #expect(first.chains.count == 2 && first.receivers == ["a"])
        #expect(second.chains.count == 1 && second.receivers == ["b"])
        #expect(second.chains[0].location.column == 33)
        let tree = try script.build()
        #expect(tree.dslConstraints(of: tree.view("b")!).count == 2)
    }

    @Test func exportKeepsOnlySuggestionsForLiveEdits() throws {
        let script = try LayoutFile(file: "e.layout", name: "e").parse("""
        root 100 100
        view a
        make a {
          make.edges.equalTo(superview).priorityLow();
        }
        edit a.x 999
        edit a.y 999
        suggest a.x 5 a.y 6
        unedit a.x
        suggest a.y 7
        """)
        let system = try script.lowered()
        #expect(system.edits.count == 1)
        #expect(system.suggestionRounds.map(\.count) == [1, 1])
        let reread = try LinearSystem(layoutLP: Array(system.layoutLPJSON().utf8), source: "e")
        #expect(reread == system)
    }

    /// Edit misuse is named by view and component at its line (the five lines before the steps are the header).
    @Test(arguments: [
        ("edit a.x 999\nedit a.x 500", 7, "a.x is already an edit variable"),
        ("suggest a.y 3", 6, "a.y is not an edit variable: add `edit a.y PRIORITY`"),
        ("edit a.x 999\nunedit a.x\nunedit a.x", 8, "a.x is not an edit variable"),
    ])
    func editMisuseIsNamed(_ steps: String, _ line: Int, _ message: String) throws {
        let script = try LayoutFile(file: "e.layout", name: "e").parse("root 100 100\nview a\nmake a {\n  make.edges.equalTo(superview).priorityLow();\n}\n" + steps)
        #expect(throws: LayoutError.self) { _ = try script.lowered() }
        do {
            _ = try script.lowered()
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
            #expect(error.description.hasPrefix("e.layout:\(line):"), "\(error.description)")
        }
    }
}

@Suite struct ExpectedErrors {
    @Test func aFailingStepIsExpectedAndChangesNothing() throws {
        let script = try LayoutFile(file: "x.layout", name: "x").parse("""
        dialect snapkit
        root 100 100
        view a
        a.snp.makeConstraints { make in
          make.width.equalTo(10)
        }
        a.snp.updateConstraints { make in
          make.height.equalTo(10)
        }
        expect error "could not find an existing matching constraint"
        expect {
          a ? ? 10 ?
          ambiguous a.x -inf inf
          ambiguous a.y -inf inf
          ambiguous a.height -inf inf
        }
        """)
        let tree = try script.build()
        #expect(tree.dslConstraints(of: tree.view("a")!).count == 1)
        let wrong = try LayoutFile(file: "y.layout", name: "y").parse("root 100 100\nview a\nmake a {\n make.width.equalTo(10);\n}\nexpect error \"no common ancestor\"")
        #expect(throws: LayoutError.self) { try wrong.build() }
    }
}

@Suite struct ReadingPastAnError {
    @Test func threeTyposAreReportedInOneRun() throws {
        let text = """
        layout typos
        root 320 480
        view a
        view b
        [a mas_makeConstraints:^(MASConstraintMaker *make) {
            make.top.left.equalTo(superview);
            make.heigth.equalTo(@40);
            make.width.equalTo(@100);
        }];
        [b mas_makeConstraints:^(MASConstraintMaker *make) {
            make.top.equalTo(a.mas_bottom);
            make.widht.equalTo(a);
        }];
        view a
        """
        do {
            _ = try LayoutFile(file: "typos.layout", name: "typos").parse(text)
            Issue.record("a file with three errors was read")
        } catch {
            let all = [error] + error.more
            #expect(all.map(\.location.line) == [7, 12, 14])
            #expect(all[0].message.contains("did you mean 'height'"))
            #expect(all[1].message.contains("did you mean 'width'"))
            #expect(all[2].message.contains("view 'a' is declared twice"))
            #expect(error.description.split(separator: "\n").count == 3)
        }
    }

    @Test func aBlockWhoseHeaderFailsIsSkippedNotReadAsStatements() throws {
        let text = """
        layout skip
        root 320 480
        view a
        [ab mas_makeConstraints:^(MASConstraintMaker *make) {
            make.top.equalTo(superview);
        }];
        view a
        """
        do {
            _ = try LayoutFile(file: "skip.layout", name: "skip").parse(text)
            Issue.record("read")
        } catch {
            // the block's own line is not reported as an unknown statement: the header's error, then the repeat
            #expect(([error] + error.more).map(\.location.line) == [4, 7])
        }
    }
}
