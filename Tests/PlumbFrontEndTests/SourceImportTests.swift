import Testing
import PlumbSystem
@testable import PlumbFrontEnd
@testable import PlumbText
@testable import PlumbImport
import PlumbFiles

/// `bench import` on source files written for these tests in the style of real apps (`Fixtures/RealCode`, whose
/// `MANIFEST.md` lists, counted by hand, every block, view and superview the code shows).
@Suite struct SourceImporting {
    static let folder = "/" + #filePath.split(separator: "/").dropLast().joined(separator: "/") + "/Fixtures/RealCode"

    func imported(_ name: String) throws -> SourceImport.Outcome {
        let bytes = try readFile(atPath: SourceImporting.folder + "/" + name)
        return SourceImport(file: name, source: String(decoding: bytes, as: UTF8.self)).run()
    }

    @Test(arguments: [("ProfileViewController.m", 18, 18), ("FeedCell.swift", 15, 15),
                      ("CheckoutViewController.swift", 15, 15), ("SettingsCell.m", 7, 7),
                      ("Unreadable.swift", 4, 3), ("Unreadable.m", 5, 4)])
    func everyBlockIsReadOrReported(_ file: String, _ blocks: Int, _ read: Int) throws {
        let outcome = try imported(file)
        #expect(outcome.blocks == blocks)
        #expect(outcome.readBlocks == read)
        #expect(outcome.skipped.count == blocks - read, "\(outcome.skipped)")
        _ = try importedTree(outcome)   // reads back and plays
    }

    @Test func theHierarchyIsTheOneTheCodeBuilds() throws {
        let profile = try importedTree(try imported("ProfileViewController.m"))
        for (view, parent) in [("coverView", "root"), ("avatarView", "headerView"), ("titleLabel", "headerView"),
                               ("followersLabel", "statsView"), ("messageButton", "bottomBar"), ("line", "root"),
                               ("errorView", "root"), ("badgeView", "headerView")] {
            #expect(profile.view(view)?.superview?.id == parent, "\(view)")
        }
        #expect(profile.views.count == 17)   // 16 views and the root
        let checkout = try importedTree(try imported("CheckoutViewController.swift"))
        for (view, parent) in [("contentView", "scrollView"), ("addressTitleLabel", "addressCard"),
                               ("summaryView", "contentView"), ("payButton", "payBar"), ("loadingView", "root")] {
            #expect(checkout.view(view)?.superview?.id == parent, "\(view)")
        }
        // a cell: its views go into its content view; `self` is the cell, a view of its own here because a block
        // constrains it (the action bar's height)
        let feed = try importedTree(try imported("FeedCell.swift"))
        #expect(feed.view("card")?.superview?.id == "contentView")
        #expect(feed.view("avatarView")?.superview?.id == "card")
        // the action bar is a type of its own in the file: its views are its own, in its own view
        #expect(feed.view("FeedActionBar_buttons_0")?.superview?.id == "FeedActionBar")
        #expect(feed.view("buttons_0") == nil)
        #expect(feed.view("item_stack")?.superview?.id == "card")
        // a local `view` (the root's name in a controller) is the method's own
        #expect(feed.view("addPressedOverlay_view")?.superview?.id == "contentView")
    }

    @Test func theFilesNumbersAreKnownAndTheRestAreParameters() throws {
        let outcome = try imported("ProfileViewController.m")
        #expect(outcome.layout.contains("let kMargin = 15\n"))
        #expect(outcome.layout.contains("let kAvatarSize = 64\n"))
        let unbound = Set(outcome.parameterUses.filter { !$0.isBound }.map(\.name))
        #expect(unbound == ["CGRectGetHeight(self.view.bounds)", "@available(iOS 11.0, *)", "self.style.margin",
                            "self.bioLabel.font.lineHeight", "kScale(12)", "SCREEN_WIDTH", "isCompact",
                            "self.view.frame.size.width", "[self barHeight]", "profile.isFollowing", "collapsed"])
        // locations are the source file's (the manifest's lines)
        let kScale = try #require(outcome.parameterUses.first { $0.name == "kScale(12)" })
        #expect(kScale.location.file == "ProfileViewController.m" && kScale.location.line == 181)
        let feed = try imported("FeedCell.swift")
        #expect(feed.layout.contains("param Layout.avatarSize = 44\n"))
        #expect(Set(feed.parameterUses.filter { !$0.isBound }.map(\.name))
                == ["Metrics.padding", "theme.insets.top", "style", "CGFloat.rowHeight", "isExpanded", "highlighted",
                    "image.size.height", "image.size.width"])
        #expect(try imported("CheckoutViewController.swift").parameterUses.filter { !$0.isBound }.map(\.name)
                == ["isCouponVisible", "isCouponVisible"])
    }

    @Test func whatIsLeftOutIsNamedWithItsLineAndReason() throws {
        let swift = try imported("Unreadable.swift")
        #expect(swift.skipped.map(\.location.line) == [29])
        #expect(swift.skipped[0].reason.contains("hands the maker to a helper method"))
        #expect(swift.layout.contains("#   closeButton.snp.makeConstraints"))   // left out as a comment
        // a block in a loop is read as one pass, with a note
        #expect(swift.notes.map(\.location.line) == [42])
        #expect(swift.notes[0].reason.contains("inside a 'for' loop: read as one pass"))
        let objc = try imported("Unreadable.m")
        #expect(objc.skipped.map(\.location.line) == [35])
        #expect(objc.skipped[0].reason.contains("hands the maker to a helper method"))
        #expect(objc.notes.map(\.location.line) == [47])
        // the block written in a variable of the same method is read at its call
        #expect(objc.layout.contains("[self.backgroundView mas_makeConstraints:^(MASConstraintMaker *make) {"))
        // a block in a property, not in the file's text at the call, is left out
        let held = SourceImport(file: "Held.m", source: """
        - (void)rotate {
            [self.card mas_remakeConstraints:self.landscapeBlock];
        }
        """).run()
        #expect(held.blocks == 1 && held.readBlocks == 0)
        #expect(held.skipped.first?.reason.contains("not written at the call") == true)
    }

    @Test func aBlockThatFailsWhenPlayedIsLeftOut() throws {
        let source = """
        class Card: UIView {
            func setup() {
                addSubview(title)
                title.snp.makeConstraints { make in
                    make.top.left.equalToSuperview().offset(8)
                }
                title.snp.updateConstraints { make in
                    make.width.equalTo(10)
                }
            }
        }
        """
        let outcome = SourceImport(file: "Card.swift", source: source).run()
        #expect(outcome.blocks == 2 && outcome.readBlocks == 1)
        #expect(outcome.skipped.first?.location.line == 7)
        #expect(outcome.skipped.first?.reason.contains("updated constraint could not find an existing matching constraint to update") == true)
        let tree = try importedTree(outcome)
        // a view's file: `self` is a view of its own in the root; SnapKit's chained attributes in its bit order
        #expect(tree.view("title")?.superview?.id == "selfView")
        #expect(tree.dslConstraints(of: tree.view("title")!).map { $0.linear.withLabel(nil) }
                == [row("title.x - selfView.x - 8 == 0", in: tree), row("title.y - selfView.y - 8 == 0", in: tree)])
    }

    @Test func aFileWithoutBlocksImportsNothing() {
        let outcome = SourceImport(file: "Empty.m", source: "// [v mas_makeConstraints:^(MASConstraintMaker *make) {}];\n").run()
        #expect(outcome.blocks == 0 && outcome.readBlocks == 0 && outcome.skipped.isEmpty)
    }
}
