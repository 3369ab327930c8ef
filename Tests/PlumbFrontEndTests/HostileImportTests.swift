import Testing
import PlumbSystem
@testable import PlumbFrontEnd
@testable import PlumbText
@testable import PlumbImport

/// Hostile round 3 against `bench import`, on files written for these tests: each case either reads as the app means
/// it or is left out with its line and reason, never read as something else; and the reading stays linear in the file.
@Suite struct HostileImport {
    /// Swift names may be any letters: the block of `图标` constrains `图标`, not the controller's view.
    @Test func aUnicodeReceiverIsItsOwnView() throws {
        let source = """
        final class AvatarViewController: UIViewController {
            let 图标 = UIImageView()
            let caption = UILabel()
            override func viewDidLoad() {
                view.addSubview(图标)
                view.addSubview(caption)
                图标.snp.makeConstraints { make in
                    make.top.left.equalToSuperview().offset(12)
                }
                caption.snp.makeConstraints { make in
                    make.left.equalTo(图标.snp.right).offset(4)
                }
            }
        }
        """
        let outcome = SourceImport(file: "Avatar.swift", source: source).run()
        #expect(outcome.blocks == 2 && outcome.readBlocks == 2, "\(outcome.skipped)")
        let tree = try importedTree(outcome)
        let icon = try #require(tree.view("图标"))
        #expect(icon.superview === tree.root)
        // SnapKit's bit order: left before top; the caption's left is the icon's right plus 4
        #expect(tree.dslConstraints(of: icon).map { $0.linear.withLabel(nil) }
                == [row("图标.x - root.x - 12 == 0", in: tree), row("图标.y - root.y - 12 == 0", in: tree)])
        #expect(tree.dslConstraints(of: tree.view("caption")!).map { $0.linear.withLabel(nil) }
                == [row("caption.x - 图标.x - 图标.w - 4 == 0", in: tree)])
    }

    /// C macros expand where they are used: `kGap` names `kBase`, defined below it; the `let`s come in dependency
    /// order, so kGap is 10 + 6 = 16, not 0 + 6.
    @Test func aDefineThatUsesOneDefinedLaterKeepsItsValue() throws {
        let source = """
        #define kGap (kBase + 6)
        #define kBase 10
        @implementation ListViewController
        - (void)viewDidLoad {
            [self.view addSubview:self.list];
            [self.list mas_makeConstraints:^(MASConstraintMaker *make) {
                make.top.equalTo(self.view).offset(kGap);
            }];
        }
        @end
        """
        let outcome = SourceImport(file: "List.m", source: source).run()
        #expect(outcome.readBlocks == 1, "\(outcome.skipped)")
        let lets = outcome.layout.split(separator: "\n").filter { $0.hasPrefix("let ") }
        #expect(lets == ["let kBase = 10", "let kGap = (kBase + 6)"])
        let tree = try importedTree(outcome)
        #expect(tree.dslConstraints(of: tree.view("list")!).map { $0.linear.withLabel(nil) }
                == [row("list.y - root.y - 16 == 0", in: tree)])
    }

    @Test func dependencyOrderPutsEachNameAfterWhatItNames() {
        let order = ImportWriter.dependencyOrder([("c", "b * 2"), ("b", "a + 1"), ("a", "5"), ("x", "y"), ("y", "x")])
        #expect(order.firstIndex(of: 2)! < order.firstIndex(of: 1)! && order.firstIndex(of: 1)! < order.firstIndex(of: 0)!)
        #expect(Set(order) == Set(0..<5), "a cycle keeps both, once each")
    }

    /// A block in a function-like macro is read at each use, with the argument for the parameter; not as a view
    /// named after the parameter.
    @Test func aBlockInAMacroIsReadWhereTheMacroIsUsed() throws {
        let source = """
        #define PIN_TOP(v, gap) [v mas_makeConstraints:^(MASConstraintMaker *make) { make.top.equalTo(self.view).offset(gap); }]
        @implementation PanelViewController
        - (void)viewDidLoad {
            [self.view addSubview:self.header];
            [self.view addSubview:self.footer];
            PIN_TOP(self.header, 8);
            PIN_TOP(self.footer, 30);
        }
        @end
        """
        let outcome = SourceImport(file: "Panel.m", source: source).run()
        #expect(outcome.blocks == 2 && outcome.readBlocks == 2, "\(outcome.skipped)")
        let tree = try importedTree(outcome)
        #expect(tree.view("v") == nil, "no view is made of the macro's parameter")
        #expect(tree.dslConstraints(of: tree.view("header")!).map { $0.linear.withLabel(nil) }
                == [row("header.y - root.y - 8 == 0", in: tree)])
        #expect(tree.dslConstraints(of: tree.view("footer")!).map { $0.linear.withLabel(nil) }
                == [row("footer.y - root.y - 30 == 0", in: tree)])
    }

    /// An unclosed block, an unclosed comment and a NUL character: each named with its line, the rest read.
    @Test func whatCannotBeReadIsNamedWithItsLine() throws {
        // the `}` on the last line closes the second block: the first one's `{` has no match
        let unclosed = """
        @implementation A
        - (void)viewDidLoad {
            [self.view addSubview:self.a];
            [self.a mas_updateConstraints:^(MASConstraintMaker *make) {
                make.top.equalTo(self.view).offset(4);
            [self.a mas_makeConstraints:^(MASConstraintMaker *make) {
                make.top.equalTo(self.view);
            }];
        """
        let outcome = SourceImport(file: "A.m", source: unclosed).run()
        #expect(outcome.blocks == 2 && outcome.readBlocks == 1, "\(outcome.skipped)")
        #expect(outcome.skipped.contains { $0.location.line == 4 && $0.reason.contains("never closed") }, "\(outcome.skipped)")

        let comment = "@implementation B\n- (void)viewDidLoad {\n    [self.view addSubview:self.b];\n    /* unfinished\n"
            + "    [self.b mas_makeConstraints:^(MASConstraintMaker *make) { make.top.equalTo(self.view); }];\n}\n@end\n"
        let commented = SourceImport(file: "B.m", source: comment).run()
        #expect(commented.skipped.contains { $0.location.line == 4 && $0.reason.contains("never closed") }, "\(commented.skipped)")

        let nul = "@implementation C\n- (void)viewDidLoad {\n    [self.view addSubview:self.c];\n"
            + "    [self.c mas_makeConstraints:^(MASConstraintMaker *make) {\n        make.top.equalTo(self.view);\u{0}\n    }];\n"
            + "    [self.c mas_makeConstraints:^(MASConstraintMaker *make) {\n        make.left.equalTo(self.view);\n    }];\n}\n@end\n"
        let nulled = SourceImport(file: "C.m", source: nul).run()
        #expect(nulled.blocks == 2 && nulled.readBlocks == 1, "\(nulled.skipped)")
        #expect(nulled.skipped.contains { $0.reason.contains("NUL character at 5:") }, "\(nulled.skipped)")
        #expect(nulled.layout.contains("make.left.equalTo(self.view)"))
    }

    /// The brace tables the scan keeps agree with matching by a scan, on balanced and unbalanced text.
    @Test func braceTablesAgreeWithAScan() {
        for source in ["a { b { c } d } e {", "}} { { } ", "{ /* } */ { } }", "x"] {
            let scan = SourceScan(source)
            for (i, c) in scan.masked.enumerated() where c == "{" {
                #expect(scan.matchingBrace(i) == scan.scannedMatchingBrace(i), "\(source) at \(i)")
            }
        }
    }

    /// Thousands of blocks, unclosed calls and refused calls: the scan does work in proportion to the file, not to
    /// the file per block. (A work bound, not a time: the scan looks each pattern up once, and every `addSubview(`
    /// left open reads at most `longestArgument` characters.)
    @Test func manyCallsAreScannedOnce() {
        let unclosed = String(repeating: "    view.addSubview(\n", count: 2_000)
        let scan = SourceScan("class V: UIView {\n func f() {\n" + unclosed + " }\n}\n")
        #expect(scan.additions.isEmpty, "an addSubview left open adds nothing")
        let refused = String(repeating: "    [self.a mas_makeConstraints:fill];\n", count: 2_000)
        var refusing = SourceScan("@implementation V\n- (void)f {\n" + refused + "}\n@end\n")
        #expect(refusing.refusals.count == 2_000)
        // the four ways of writing `fill = ^...` were each searched for once, in a table kept for the 2,000 calls
        #expect(refusing.patternEnds.keys.filter { $0.contains("fill") }.count == 4, "\(refusing.patternEnds.keys.sorted())")
        #expect(refusing.occurrenceEnds(of: " fill =").isEmpty)
    }

    /// The structure at scale: 2,000 nested `if`s around a block are 2,000 conditions, listed once each; 1,000
    /// methods that each declare their own `label` are 1,000 views; a laminar index finds what holds an offset
    /// without scanning every range.
    @Test func deepBranchesAndManyMethodsStayLinear() throws {
        let depth = 2_000
        let nested = "@implementation Deep\n- (void)f {\n" + String(repeating: "if (a) {\n", count: depth)
            + "[x mas_makeConstraints:^(MASConstraintMaker *make) { make.top.equalTo(@1); }];\n"
            + String(repeating: "}\n", count: depth) + "}\n@end\n"
        let deep = SourceImport(file: "Deep.m", source: nested).run()
        #expect(deep.readBlocks == 1, "\(deep.skipped.prefix(3))")
        let conditions = deep.parameterUses.filter { $0.role == .condition }
        #expect(conditions.count == depth && Set(conditions.map(\.location.line)).count == depth)
        #expect(ParameterUse.unboundWarning(deep.parameterUses)?.contains("(\(depth) uses)") == true)

        let methods = 1_000
        var swift = "final class Many: UIView {\n"
        for k in 0..<methods {
            swift += "    func f\(k)() {\n        let label = UILabel()\n        addSubview(label)\n"
                + "        label.snp.makeConstraints { make in make.top.equalTo(\(k)) }\n    }\n"
        }
        swift += "}\n"
        let many = SourceImport(file: "Many.swift", source: swift).run()
        #expect(many.readBlocks == methods)
        let tree = try importedTree(many)
        #expect(tree.view("f0_label") != nil && tree.view("f999_label") != nil && tree.view("label") == nil)

        let index = LaminarIndex([0..<100, 10..<20, 12..<15, 30..<40, 50..<60, 55..<56, 200..<300])
        #expect(index.containing(13) == [2, 1, 0])
        #expect(index.containing(25) == [0])
        #expect(index.containing(55) == [5, 4, 0])
        #expect(index.containing(150).isEmpty && index.containing(299) == [6])
    }
}
