import Testing
import PlumbSystem
@testable import PlumbFrontEnd
@testable import PlumbText
@testable import PlumbImport

/// Smaller gaps of `bench import` that real apps' files showed, each on a fixture written for the test.
@Suite struct ImportGaps {
    /// `makeConstraints() { make in`: a trailing closure after empty parentheses is the block, read like the others
    /// (the view file's own view is `selfView`, the title in it; the update replaces the make's offset).
    @Test func aClosureAfterEmptyParenthesesIsRead() throws {
        let source = """
        final class BadgeView: UIView {
            let title = UILabel()
            func setUp() {
                addSubview(title)
                title.snp.makeConstraints() { make in
                    make.left.equalToSuperview().offset(6)
                }
                title.snp.updateConstraints () { make in
                    make.left.equalToSuperview().offset(9)
                }
            }
        }
        """
        let outcome = SourceImport(file: "BadgeView.swift", source: source).run()
        #expect(outcome.blocks == 2 && outcome.readBlocks == 2, "\(outcome.skipped)")
        let tree = try importedTree(outcome)
        let title = try #require(tree.view("title"))
        #expect(tree.dslConstraints(of: title).map { $0.linear.withLabel(nil) } == [row("title.x - selfView.x - 9 == 0", in: tree)])
    }

    /// A view's file that names `self.viewModel` or `contentView.addSubview` is no view controller's: `self` is a
    /// view of its own (`selfView`), not the screen; a controller's file is one, by its class, whatever it names.
    @Test func aViewsFileIsNotTakenForAViewControllersByItsText() throws {
        func isController(_ source: String) -> Bool { SourceScan(source).isViewController }
        let viewFile = """
        @implementation ProfileHeaderView
        - (void)bind {
            self.nameLabel.text = self.viewModel.name;
            [self.contentView addSubview:self.nameLabel];
            [headerView.addSubview:self.nameLabel];
        }
        @end
        """
        #expect(!isController(viewFile))
        #expect(!isController("final class FeedCell: UITableViewCell {\n    func bind() { title.text = self.viewModel.title }\n}"))
        #expect(isController("class ProfileViewController: BaseViewController {\n    func setUp() { self.viewModel.load() }\n}"))
        #expect(isController("@implementation SettingsController\n- (void)viewDidLoad { [super viewDidLoad]; }\n@end"))
        #expect(isController("final class Screen: UIViewController {}"))
        // with no class declared, whole names decide: `self.view` is the controller's view, `self.viewModel` is not
        #expect(isController("[self.view addSubview:self.card];"))
        #expect(!isController("self.viewModel.reload()\ncontentView.addSubview(card)"))

        let source = """
        final class BadgeView: UIView {
            let title = UILabel()
            func setUp() {
                addSubview(title)
                title.text = self.viewModel.title
                title.snp.makeConstraints { make in
                    make.left.equalToSuperview().offset(6)
                }
            }
        }
        """
        let tree = try importedTree(SourceImport(file: "BadgeView.swift", source: source).run())
        #expect(tree.view("title")?.superview?.id == "selfView")
    }

    /// `_host.view` (the instance variable behind `self.host`) names the view the file declares for `self.host.view`
    /// (`host_view`), not a value defaulting to 0.
    @Test func anInstanceVariablesViewNamesTheDeclaredView() throws {
        let source = """
        @implementation HostViewController
        - (void)viewDidLoad {
            [self.view addSubview:self.host.view];
            [self.host.view mas_makeConstraints:^(MASConstraintMaker *make) {
                make.left.right.bottom.equalTo(self.view);
                make.height.equalTo(@200);
            }];
            [self.view addSubview:self.banner];
            [self.banner mas_makeConstraints:^(MASConstraintMaker *make) {
                make.left.right.equalTo(self.view);
                make.bottom.equalTo(_host.view.mas_top);
                make.height.equalTo(@40);
            }];
        }
        @end
        """
        let outcome = SourceImport(file: "HostViewController.m", source: source).run()
        #expect(outcome.readBlocks == 2)
        let tree = try importedTree(outcome)
        let banner = try #require(tree.view("banner"))
        #expect(tree.dslConstraints(of: banner).map { $0.linear.withLabel(nil) }.contains(
            row("banner.y + banner.h - host_view.y == 0", in: tree)))
    }

    /// `.insets(edge)` with a named `UIEdgeInsets` the file does not give: each side a parameter of its own
    /// (`edge.top`, ...), bindable, 0 unbound; it was read as one number (and `insets` takes none).
    @Test func aNamedInsetsIsAParameterPerSide() throws {
        let source = """
        final class CardView: UIView {
            let content = UIView()
            func setUp(edge: UIEdgeInsets) {
                addSubview(content)
                content.snp.makeConstraints { make in
                    make.edges.equalToSuperview().insets(edge)
                }
            }
        }
        """
        let outcome = SourceImport(file: "CardView.swift", source: source).run()
        #expect(outcome.readBlocks == 1, "\(outcome.skipped)")
        #expect(Set(outcome.parameterUses.map(\.name)) == ["edge.top", "edge.left", "edge.bottom", "edge.right"])
        let bindings = ParameterBindings(["edge.top": "4", "edge.left": "8", "edge.bottom": "12", "edge.right": "16"])
        let tree = try LayoutFile(file: "imported.layout", name: "imported", parameters: bindings).parse(outcome.layout).build()
        let content = try #require(tree.view("content"))
        let rows = tree.dslConstraints(of: content).map { $0.linear.withLabel(nil) }
        #expect(rows.count == 4)
        for expected in ["content.y - selfView.y - 4 == 0", "content.x - selfView.x - 8 == 0",
                         "content.y + content.h - selfView.y - selfView.h + 12 == 0",
                         "content.x + content.w - selfView.x - selfView.w + 16 == 0"] {
            #expect(rows.contains(row(expected, in: tree)), "\(expected)")
        }
    }
}
