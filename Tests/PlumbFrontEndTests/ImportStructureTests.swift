import Testing
import PlumbSystem
@testable import PlumbFrontEnd
@testable import PlumbText
@testable import PlumbImport

/// `bench import` follows a file's structure, not its text order: locals per method, each type's views apart,
/// blocks in the order the app runs them, branches around whole blocks as conditions. Every fixture is written for
/// the test; expected rows are derived by hand from the fixture's numbers.
@Suite struct ImportStructure {
    /// The rows a view's own blocks made, without labels.
    func rows(of id: String, in tree: ViewTree) throws -> [LinearConstraint] {
        let view = try #require(tree.view(id), "no view \(id)")
        return tree.dslConstraints(of: view).map { $0.linear.withLabel(nil) }
    }

    func tree(_ outcome: SourceImport.Outcome, _ bindings: [String: String] = [:]) throws -> ViewTree {
        try LayoutFile(file: "imported.layout", name: "imported", parameters: ParameterBindings(bindings))
            .parse(outcome.layout).build()
    }

    // MARK: Locals per method

    /// Two methods each make their own `myLabel`: two views (read as one, `top == 160` and `top == 190` conflict).
    @Test func sameNamedLocalsInTwoMethodsAreTwoViews() throws {
        let source = """
        @implementation ProfileViewController
        - (void)showHeader {
            UILabel *myLabel = [UILabel new];
            [self.view addSubview:myLabel];
            [myLabel mas_makeConstraints:^(MASConstraintMaker *make) {
                make.top.equalTo(self.view).offset(160);
            }];
        }

        - (void)showFooter {
            UILabel *myLabel = [[UILabel alloc] init];
            [self.view addSubview:myLabel];
            [myLabel mas_makeConstraints:^(MASConstraintMaker *make) {
                make.top.equalTo(self.view).offset(190);
            }];
        }
        @end
        """
        let outcome = SourceImport(file: "ProfileViewController.m", source: source).run()
        #expect(outcome.readBlocks == 2, "\(outcome.skipped)")
        let t = try tree(outcome)
        #expect(t.view("myLabel") == nil)
        #expect(try rows(of: "showHeader_myLabel", in: t) == [row("showHeader_myLabel.y - root.y - 160 == 0", in: t)])
        #expect(try rows(of: "showFooter_myLabel", in: t) == [row("showFooter_myLabel.y - root.y - 190 == 0", in: t)])
        #expect(t.view("showFooter_myLabel")?.superview?.id == "root")
    }

    /// The same in Swift (swift-syntax's scopes), where a local only one method declares keeps its name, and a
    /// local `view` (the controller's own view by that name) is the method's.
    @Test func swiftLocalsArePerMethod() throws {
        let source = """
        final class SettingsViewController: UIViewController {
            func showBanner() {
                let label = UILabel()
                view.addSubview(label)
                label.snp.makeConstraints { make in
                    make.top.equalToSuperview().offset(20)
                }
            }
            func showToast() {
                let label = UILabel()
                let badge = UIView()
                view.addSubview(label)
                view.addSubview(badge)
                label.snp.makeConstraints { make in
                    make.top.equalToSuperview().offset(600)
                }
                badge.snp.makeConstraints { make in
                    make.width.equalTo(12)
                }
            }
            func decorate(_ view: UIView) {
                view.snp.makeConstraints { make in
                    make.height.equalTo(44)
                }
            }
        }
        """
        let outcome = SourceImport(file: "SettingsViewController.swift", source: source).run()
        #expect(outcome.readBlocks == 4, "\(outcome.skipped)")
        let t = try tree(outcome)
        #expect(try rows(of: "showBanner_label", in: t) == [row("showBanner_label.y - root.y - 20 == 0", in: t)])
        #expect(try rows(of: "showToast_label", in: t) == [row("showToast_label.y - root.y - 600 == 0", in: t)])
        #expect(try rows(of: "badge", in: t) == [row("badge.w - 12 == 0", in: t)])
        // the parameter `view` is not the screen: the root keeps its size, the parameter's view is 44 high
        #expect(try rows(of: "decorate_view", in: t) == [row("decorate_view.h - 44 == 0", in: t)])
        #expect(t.root.id == "root" && t.dslConstraints(of: t.root).isEmpty)
    }

    // MARK: Types apart

    /// A cell and a badge view in one file, each with its `title`: the file's own type (named like the file) keeps
    /// its names; the other's views are under its name, its `self` the view `BadgeView`.
    @Test func twoClassesInOneFileKeepTheirViewsApart() throws {
        let source = """
        final class BadgeView: UIView {
            let title = UILabel()
            override init(frame: CGRect) {
                super.init(frame: frame)
                addSubview(title)
                title.snp.makeConstraints { make in
                    make.left.equalToSuperview().offset(4)
                }
                snp.makeConstraints { make in
                    make.height.equalTo(24)
                }
            }
        }

        final class ProfileCell: UITableViewCell {
            let title = UILabel()
            override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
                super.init(style: style, reuseIdentifier: reuseIdentifier)
                contentView.addSubview(title)
                title.snp.makeConstraints { make in
                    make.left.equalToSuperview().offset(16)
                }
            }
        }
        """
        let outcome = SourceImport(file: "ProfileCell.swift", source: source).run()
        #expect(outcome.readBlocks == 3, "\(outcome.skipped)")
        let t = try tree(outcome)
        #expect(t.view("title")?.superview?.id == "contentView")
        #expect(try rows(of: "title", in: t) == [row("title.x - contentView.x - 16 == 0", in: t)])
        #expect(t.view("BadgeView_title")?.superview?.id == "BadgeView")
        #expect(try rows(of: "BadgeView_title", in: t) == [row("BadgeView_title.x - BadgeView.x - 4 == 0", in: t)])
        #expect(try rows(of: "BadgeView", in: t) == [row("BadgeView.h - 24 == 0", in: t)])
    }

    /// Objective-C: a header view's `@implementation` above the controller's, both with `self.titleLabel`.
    @Test func twoImplementationsInOneFileKeepTheirViewsApart() throws {
        let source = """
        @interface ProfileHeaderView : UIView
        @property (nonatomic, strong) UILabel *titleLabel;
        @end

        @implementation ProfileHeaderView
        - (void)layout {
            [self addSubview:self.titleLabel];
            [self.titleLabel mas_makeConstraints:^(MASConstraintMaker *make) {
                make.top.equalTo(self).offset(8);
            }];
        }
        @end

        @implementation ProfileViewController
        - (void)viewDidLoad {
            [self.view addSubview:self.titleLabel];
            [self.titleLabel mas_makeConstraints:^(MASConstraintMaker *make) {
                make.top.equalTo(self.view).offset(100);
            }];
        }
        @end
        """
        let outcome = SourceImport(file: "ProfileViewController.m", source: source).run()
        #expect(outcome.readBlocks == 2, "\(outcome.skipped)")
        let t = try tree(outcome)
        #expect(try rows(of: "titleLabel", in: t) == [row("titleLabel.y - root.y - 100 == 0", in: t)])
        #expect(t.view("ProfileHeaderView_titleLabel")?.superview?.id == "ProfileHeaderView")
        #expect(try rows(of: "ProfileHeaderView_titleLabel", in: t)
                == [row("ProfileHeaderView_titleLabel.y - ProfileHeaderView.y - 8 == 0", in: t)])
    }

    // MARK: The order the app runs blocks in

    /// An update written above its view's lazy getter, whose make runs at the view's first use: the make plays
    /// first, the update changes its constant (played in file order, the update adds `width == 40`, the make
    /// `width == 30`: a conflict).
    @Test func anUpdateAboveTheMakeInALazyGetterPlaysAfterIt() throws {
        let source = """
        final class CardViewController: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                view.addSubview(badge)
                badge.snp.updateConstraints { make in
                    make.width.equalTo(40)
                }
            }

            private lazy var badge: UIView = {
                let v = UIView()
                v.snp.makeConstraints { make in
                    make.width.equalTo(30)
                    make.height.equalTo(30)
                }
                return v
            }()
        }
        """
        let outcome = SourceImport(file: "CardViewController.swift", source: source).run()
        #expect(outcome.readBlocks == 2, "\(outcome.skipped)")
        let t = try tree(outcome)
        #expect(try rows(of: "badge", in: t) == [row("badge.w - 40 == 0", in: t), row("badge.h - 30 == 0", in: t)])
        #expect(t.view("v") == nil)
    }

    /// Objective-C: the getter's `if (!_badge)` is no configuration (it holds at first use), and an update with
    /// no make before it follows the first make of its view.
    @Test func anObjectiveCGetterAndAnUpdateBeforeItsMake() throws {
        let source = """
        @implementation CardViewController
        - (void)viewDidLoad {
            [self.view addSubview:self.badge];
            [self.badge mas_updateConstraints:^(MASConstraintMaker *make) {
                make.width.mas_equalTo(40);
            }];
            [self.card mas_updateConstraints:^(MASConstraintMaker *make) {
                make.height.mas_equalTo(90);
            }];
            [self.card mas_makeConstraints:^(MASConstraintMaker *make) {
                make.height.mas_equalTo(60);
            }];
        }

        - (UIView *)badge {
            if (!_badge) {
                _badge = [UIView new];
                [_badge mas_makeConstraints:^(MASConstraintMaker *make) {
                    make.width.mas_equalTo(30);
                }];
            }
            return _badge;
        }
        @end
        """
        let outcome = SourceImport(file: "CardViewController.m", source: source).run()
        #expect(outcome.readBlocks == 4, "\(outcome.skipped)")
        #expect(!outcome.parameterUses.contains { $0.role == .condition }, "\(outcome.parameterUses)")
        let t = try tree(outcome)
        #expect(try rows(of: "badge", in: t) == [row("badge.w - 40 == 0", in: t)])
        #expect(try rows(of: "card", in: t) == [row("card.h - 90 == 0", in: t)])
    }

    // MARK: Branches around whole blocks

    /// `if`/`else` around whole blocks: one branch per configuration, chosen by the condition (true unless bound).
    @Test func anIfElseAroundWholeBlocksIsACondition() throws {
        let source = """
        @implementation CardViewController
        - (void)viewDidLoad {
            [self.view addSubview:self.card];
            if (self.isCompact) {
                [self.card mas_makeConstraints:^(MASConstraintMaker *make) {
                    make.height.mas_equalTo(100);
                }];
            } else {
                [self.card mas_makeConstraints:^(MASConstraintMaker *make) {
                    make.height.mas_equalTo(200);
                }];
            }
        }
        @end
        """
        let outcome = SourceImport(file: "CardViewController.m", source: source).run()
        #expect(outcome.readBlocks == 2, "\(outcome.skipped)")
        let use = try #require(outcome.parameterUses.first { $0.role == .condition })
        #expect(use.name == "self.isCompact" && use.location.line == 4 && use.location.column == 9)
        let compact = try tree(outcome)
        #expect(try rows(of: "card", in: compact) == [row("card.h - 100 == 0", in: compact)])
        let regular = try tree(outcome, ["self.isCompact": "false"])
        #expect(try rows(of: "card", in: regular) == [row("card.h - 200 == 0", in: regular)])
    }

    /// A controller whose `viewDidLoad` makes `card`'s height in an `if` chain: `conditions[k]` (nil: the final
    /// `else`) guards `heights[k]`.
    func branchingController(_ name: String, conditions: [String?], heights: [Int]) -> String {
        var chain = ""
        for (k, condition) in conditions.enumerated() {
            let head = k == 0 ? "        if \(condition!) {" : condition.map { "        } else if \($0) {" } ?? "        } else {"
            chain += head + "\n            card.snp.makeConstraints { make in\n                make.height.equalTo(\(heights[k]))\n            }\n"
        }
        return """
        final class \(name): UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                view.addSubview(card)
        \(chain)        }
            }
        }
        """
    }

    /// Swift: `if` / `else if` / `else`, each branch under the conditions before it.
    @Test func anElseIfChainChoosesOneBranch() throws {
        let compact = "traitCollection.horizontalSizeClass == .compact"
        let source = branchingController("CardViewController", conditions: [compact, "isWide", nil], heights: [100, 200, 300])
        let outcome = SourceImport(file: "CardViewController.swift", source: source).run()
        #expect(outcome.readBlocks == 3, "\(outcome.skipped)")
        for (bindings, height) in [([:], 100), ([compact: "false"], 200), ([compact: "false", "isWide": "false"], 300),
                                   ([compact: "true", "isWide": "false"], 100)] as [([String: String], Int)] {
            let t = try tree(outcome, bindings)
            #expect(try rows(of: "card", in: t) == [row("card.h - \(height) == 0", in: t)], "\(bindings)")
        }
    }

    /// A negated condition that is no getter's test of its own view is a condition like any other (`if !isSignal`).
    @Test func aNegatedConditionOutsideAGetterIsACondition() throws {
        let source = branchingController("CallViewController", conditions: ["!isSignal", nil], heights: [100, 200])
        let outcome = SourceImport(file: "CallViewController.swift", source: source).run()
        let t = try tree(outcome)
        #expect(try rows(of: "card", in: t) == [row("card.h - 100 == 0", in: t)])
        let signal = try tree(outcome, ["isSignal": "true"])
        #expect(try rows(of: "card", in: signal) == [row("card.h - 200 == 0", in: signal)])
    }

    /// A `switch` around whole blocks: one case per configuration, the subject bound to a case's label (unbound:
    /// the first case), `default` for any other value; Swift and Objective-C (a case's braces, `break`).
    @Test func aSwitchAroundWholeBlocksTakesOneCase() throws {
        func block(_ height: Int, swift: Bool) -> String {
            swift ? "badge.snp.makeConstraints { make in make.height.equalTo(\(height)) }"
                : "[self.badge mas_makeConstraints:^(MASConstraintMaker *make) { make.height.mas_equalTo(\(height)); }];"
        }
        let swift = """
        final class StyleCell: UITableViewCell {
            func configure(style: Style) {
                contentView.addSubview(badge)
                switch style {
                case .compact:
                    \(block(20, swift: true))
                case .regular, .wide:
                    \(block(40, swift: true))
                default:
                    \(block(60, swift: true))
                }
            }
        }
        """
        let objc = """
        @implementation StyleCell
        - (void)configure {
            [self.contentView addSubview:self.badge];
            switch (self.style) {
                case StyleCompact:
                    \(block(20, swift: false))
                    break;
                case StyleRegular: {
                    \(block(40, swift: false))
                    break;
                }
                default:
                    \(block(60, swift: false))
            }
        }
        @end
        """
        for (file, source, subject, second) in [("StyleCell.swift", swift, "style", ".wide"),
                                                 ("StyleCell.m", objc, "self.style", "StyleRegular")] {
            let outcome = SourceImport(file: file, source: source).run()
            #expect(outcome.readBlocks == 3, "\(outcome.skipped)")
            #expect(outcome.parameterUses.contains { $0.name == subject && $0.role == .choice && $0.location.line == 4 })
            for (binding, height) in [(nil, 20), (second, 40), ("other", 60)] as [(String?, Int)] {
                let t = try tree(outcome, binding.map { [subject: $0] } ?? [:])
                #expect(try rows(of: "badge", in: t) == [row("badge.h - \(height) == 0", in: t)], "\(file) \(binding ?? "unbound")")
            }
        }
    }

    /// Compile-time branches (`#if`/`#elseif`/`#else` in Swift, `#if`/`#else` in Objective-C) around whole blocks
    /// are conditions too, one clause per configuration; an include guard is none.
    @Test func compileTimeBranchesAreConditions() throws {
        func height(_ h: Int) -> String { "badge.snp.makeConstraints { make in make.height.equalTo(\(h)) }" }
        let swift = """
        final class CfgView: UIView {
            func setUp() {
                addSubview(badge)
                #if targetEnvironment(macCatalyst)
                \(height(20))
                #elseif os(tvOS)
                \(height(30))
                #else
                \(height(40))
                #endif
            }
        }
        """
        let catalyst = "targetEnvironment(macCatalyst)"
        let outcome = SourceImport(file: "CfgView.swift", source: swift).run()
        #expect(outcome.readBlocks == 3, "\(outcome.skipped)")
        for (bindings, h) in [([:], 20), ([catalyst: "false"], 30), ([catalyst: "false", "os(tvOS)": "false"], 40)]
            as [([String: String], Int)] {
            let t = try tree(outcome, bindings)
            #expect(try rows(of: "badge", in: t) == [row("badge.h - \(h) == 0", in: t)], "\(bindings)")
        }
        let objc = """
        #ifndef CFG_VIEW_H
        #define CFG_VIEW_H
        #endif
        @implementation CfgView
        - (void)setUp {
            [self addSubview:self.badge];
        #if TARGET_OS_MACCATALYST
            [self.badge mas_makeConstraints:^(MASConstraintMaker *make) { make.height.mas_equalTo(20); }];
        #else
            [self.badge mas_makeConstraints:^(MASConstraintMaker *make) { make.height.mas_equalTo(40); }];
        #endif
        }
        @end
        """
        let m = SourceImport(file: "CfgView.m", source: objc).run()
        #expect(m.readBlocks == 2, "\(m.skipped)")
        #expect(Set(m.parameterUses.filter { $0.role == .condition }.map(\.name)) == ["TARGET_OS_MACCATALYST"])
        for (bindings, h) in [([:], 20), (["TARGET_OS_MACCATALYST": "false"], 40)] as [([String: String], Int)] {
            let t = try tree(m, bindings)
            #expect(try rows(of: "badge", in: t) == [row("badge.h - \(h) == 0", in: t)], "\(bindings)")
        }
    }

    // MARK: Locals that are a property's view

    /// The local a property's closure returns is that property's view; a local other than the one it returns is a
    /// view of its own (read as the property, its constraints would tie the property to itself); a local that holds
    /// the property of its name (`self.tableView = tableView`, `if let header = header`) is that property.
    @Test func localsThatAreAPropertysView() throws {
        let source = """
        final class ChatCell: UITableViewCell {
            private let bubble: UIView = {
                let v = UIView()
                let label = UILabel()
                v.addSubview(label)
                label.snp.makeConstraints { make in
                    make.edges.equalTo(v).inset(8)
                }
                return v
            }()
            func setUpHeader() {
                if let header = header {
                    header.snp.makeConstraints { make in
                        make.height.equalTo(40)
                    }
                }
            }
            func setUpFooter() {
                if let header = self.header {
                    header.snp.makeConstraints { make in
                        make.width.equalTo(300)
                    }
                }
            }
        }
        """
        let outcome = SourceImport(file: "ChatCell.swift", source: source).run()
        #expect(outcome.readBlocks == 3, "\(outcome.skipped)")
        let t = try tree(outcome)
        #expect(t.view("v") == nil && t.view("label")?.superview?.id == "bubble")
        #expect(try rows(of: "label", in: t).count == 4)
        #expect(try rows(of: "label", in: t).contains(row("label.x - bubble.x - 8 == 0", in: t)))
        #expect(try rows(of: "header", in: t) == [row("header.h - 40 == 0", in: t), row("header.w - 300 == 0", in: t)])

        let objc = """
        @implementation SettingsViewController
        - (void)setTableView {
            UITableView *tableView = [UITableView new];
            self.tableView = tableView;
            [self.view addSubview:tableView];
            [tableView mas_makeConstraints:^(MASConstraintMaker *make) {
                make.edges.equalTo(self.view);
            }];
        }
        - (void)addButton {
            UITableView *tableView = self.tableView;
            [tableView addSubview:self.button];
            [self.button mas_makeConstraints:^(MASConstraintMaker *make) {
                make.top.equalTo(tableView).offset(10);
            }];
        }
        @end
        """
        let settings = try tree(SourceImport(file: "SettingsViewController.m", source: objc).run())
        #expect(settings.view("button")?.superview?.id == "tableView")
        #expect(settings.view("setTableView_tableView") == nil && settings.view("addButton_tableView") == nil)
    }

    // MARK: Constraints the app switches off

    /// A kept constraint switched off outside the block (`c.deactivate()`, `[self.c uninstall]`) is switched off in
    /// the layout too: two constraints made, one kept active (played with both, they conflict).
    @Test func aConstraintSwitchedOffAfterItsBlockIsOff() throws {
        let source = """
        final class StatusCell: UITableViewCell {
            var withIcon: Constraint?
            var withoutIcon: Constraint?
            func setUp() {
                contentView.addSubview(title)
                contentView.addSubview(icon)
                title.snp.makeConstraints {
                    withIcon = $0.left.equalTo(icon.snp.right).offset(8).constraint
                    withoutIcon = $0.left.equalTo(contentView).offset(16).constraint
                }
                withIcon?.deactivate()
                icon.snp.makeConstraints { make in
                    make.left.equalTo(contentView).offset(4)
                    make.width.equalTo(20)
                }
            }
        }
        """
        let outcome = SourceImport(file: "StatusCell.swift", source: source).run()
        #expect(outcome.readBlocks == 2, "\(outcome.skipped)")
        #expect(outcome.layout.contains("withIcon.deactivate()"))
        let t = try tree(outcome)
        let active = t.dslConstraints(of: try #require(t.view("title"))).map { $0.linear.withLabel(nil) }
        #expect(active == [row("title.x - contentView.x - 16 == 0", in: t)])

        let objc = """
        @implementation BannerView
        - (void)setUp {
            [self addSubview:self.title];
            [self.title mas_makeConstraints:^(MASConstraintMaker *make) {
                self.compactTop = make.top.equalTo(self).offset(4);
                make.top.equalTo(self).offset(12).priorityLow();
            }];
            [self.compactTop uninstall];
        }
        @end
        """
        let banner = try tree(SourceImport(file: "BannerView.m", source: objc).run())
        let kept = banner.dslConstraints(of: try #require(banner.view("title")))
        #expect(kept.count == 1 && kept[0].linear.priority < .required)
    }

    // MARK: A child controller's view

    /// A controller that constrains its own `view` is a child's: its view is a view of its own in the root, not the
    /// screen (fixed at the screen's size, `height == 300` would conflict).
    @Test func aControllerThatConstrainsItsViewIsAChilds() throws {
        let source = """
        final class PlayerViewController: UIViewController {
            private let controls = UIView()
            override func viewDidLoad() {
                super.viewDidLoad()
                view.snp.makeConstraints { make in
                    make.height.equalTo(300)
                }
                view.addSubview(controls)
                controls.snp.makeConstraints { make in
                    make.edges.equalToSuperview()
                }
            }
        }
        """
        let outcome = SourceImport(file: "PlayerViewController.swift", source: source).run()
        #expect(outcome.readBlocks == 2, "\(outcome.skipped)")
        let t = try tree(outcome)
        #expect(try rows(of: "selfView", in: t) == [row("selfView.h - 300 == 0", in: t)])
        #expect(t.view("controls")?.superview?.id == "selfView")
    }
}

/// The readers of a file's structure, on their own.
@Suite struct SourceStructureReaders {
    func offset(of needle: String, in source: String) -> Int {
        let chars = Array(source)
        let n = Array(needle)
        return (0...(chars.count - n.count)).first { Array(chars[$0..<($0 + n.count)]) == n }!
    }

    @Test func objectiveCMethodsLocalsAndBranches() {
        let source = """
        @interface Card : UIView
        @property (nonatomic, strong) UILabel *title;
        @end
        @implementation Card {
            UIView *_line;
        }
        - (void)configureWith:(Model *)model compact:(BOOL)compact {
            UILabel *caption = [UILabel new];
            if (compact) [self shrink];
            else if (model.isWide) { [self widen]; }
            else { [self plain]; }
        }
        - (UIView *)badge {
            if (!_badge) { _badge = [UIView new]; }
            return _badge;
        }
        @end
        """
        let scan = SourceScan(source, isSwift: false)
        let s = scan.structure
        #expect(s.types.map(\.name) == ["Card"])
        #expect(s.types[0].superclass == "UIView" && s.types[0].properties == ["title", "line"])
        #expect(s.methods.map(\.name) == ["configureWith", "badge"])
        #expect(Set(s.methods[0].locals.keys) == ["model", "compact", "caption"])
        #expect(s.methods[0].lazyView == nil && s.methods[1].lazyView == "badge")
        let plain = offset(of: "[self plain]", in: source)
        #expect(s.conditions(at: plain).map(\.description) == ["not (compact)", "not (model.isWide)"])
        #expect(s.conditions(at: offset(of: "[self shrink]", in: source)).map(\.description) == ["compact"])
        #expect(s.method(at: plain) == 0 && s.type(at: plain) == 0)
        #expect(s.method(at: offset(of: "@interface", in: source)) == nil)
    }

    @Test func swiftTypesMethodsLocalsAndBranches() {
        let source = """
        final class Card: UIView {
            let title = UILabel()
            lazy var badge: UIView = { let v = UIView(); return v }()
            func configure(with model: Model) {
                let caption = UILabel()
                [caption].forEach { item in addSubview(item) }
                if let wide = model.wide, wide {
                    plain()
                } else {
                    shrink()
                }
            }
        }
        extension Card {
            func reset() { if flag { clear() } }
        }
        """
        let s = SourceScan(source, isSwift: true).structure
        #expect(s.types.map(\.name) == ["Card", "Card"])
        #expect(s.types[0].superclass == "UIView" && s.types[0].properties == ["title", "badge"])
        #expect(s.methods.map(\.name) == ["badge", "configure", "reset"])
        #expect(s.methods[0].lazyView == "badge" && s.methods[0].locals.keys.sorted() == ["v"])
        #expect(Set(s.methods[1].locals.keys) == ["model", "caption", "item", "wide"])
        #expect(s.conditions(at: offset(of: "shrink()", in: source)).map(\.description) == ["not (let wide = model.wide, wide)"])
        #expect(s.conditions(at: offset(of: "clear()", in: source)).map(\.description) == ["flag"])
        #expect(s.type(at: offset(of: "clear()", in: source)) == 1)
    }
}

/// `if CONDITION {` ... `} else {` ... `}` around a layout file's statements.
@Suite struct LayoutFileBranches {
    let file = """
    root 100 100
    view a
    if compact {
    make a {
        make.width.equalTo(10)
    }
    } else if wide {
    make a {
        make.width.equalTo(20)
    }
    } else {
    make a {
        make.width.equalTo(30)
    }
    }
    """

    @Test func theFirstBranchWhoseConditionHoldsIsPlayed() throws {
        for (bindings, width) in [([:], 10), (["compact": "false"], 20), (["compact": "false", "wide": "false"], 30),
                                  (["wide": "false"], 10)] as [([String: String], Int)] {
            let t = try LayoutFile(file: "b.layout", name: "b", parameters: ParameterBindings(bindings)).parse(file).build()
            let a = try #require(t.view("a"))
            #expect(t.dslConstraints(of: a).map { $0.linear.withLabel(nil) } == [row("a.w - \(width) == 0", in: t)], "\(bindings)")
        }
        let script = try LayoutFile(file: "b.layout", name: "b").parse(file)
        #expect(script.parameterUses.filter { $0.role == .condition }.map(\.name) == ["compact", "wide"])
    }

    @Test func aSwitchTakesTheBoundCaseElseTheFirst() throws {
        let text = """
        root 100 100
        view a
        switch style {
        case .compact:
        make a {
            make.width.equalTo(10)
        }
        case .regular, .wide:
        make a {
            make.width.equalTo(20)
        }
        default:
        make a {
            make.width.equalTo(30)
        }
        }
        """
        for (bindings, width) in [([:], 10), (["style": ".wide"], 20), (["style": "regular"], 20), (["style": ".tall"], 30)]
            as [([String: String], Int)] {
            let t = try LayoutFile(file: "s.layout", name: "s", parameters: ParameterBindings(bindings)).parse(text).build()
            let a = try #require(t.view("a"))
            #expect(t.dslConstraints(of: a).map { $0.linear.withLabel(nil) } == [row("a.w - \(width) == 0", in: t)], "\(bindings)")
        }
    }

    @Test func anUnclosedIfOrAStrayBraceIsAnError() {
        func message(_ text: String) -> String {
            do {
                _ = try LayoutFile(file: "b.layout", name: "b").parse(text)
                return ""
            } catch {
                return "\(error)"
            }
        }
        #expect(message("root 10 10\nif compact {\n") .contains("b.layout:2:1: error: this 'if' is never closed"))
        #expect(message("root 10 10\n}\n").contains("b.layout:2:1: error: this '}' closes nothing"))
        #expect(message("root 10 10\nif compact {\n} otherwise {\n}\n").contains("expected `}`, `} else {` or `} else if CONDITION {`"))
        #expect(message("root 10 10\nif compact {\n}\n").isEmpty)
        let bound = (try? LayoutFile(file: "b.layout", name: "b", parameters: ParameterBindings(["compact": "maybe"]))
            .parse("root 10 10\nif compact {\n}\n")) == nil
        #expect(bound)
    }
}
