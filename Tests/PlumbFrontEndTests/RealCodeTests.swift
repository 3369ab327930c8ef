import Testing
import PlumbSystem
@testable import PlumbFrontEnd
@testable import PlumbText

/// Code as apps write it, read by the layout file reader: expected rows are written by hand from each line's meaning
/// (a view's `x`, `y`, `w`, `h` in root coordinates; the root is 300 × 600).
@Suite struct RealCodeReading {
    func script(_ body: String, views: String = "view card\nview title in card\nview icon in card",
                dialect: String = "snapkit", bindings: [String: String] = [:]) throws(TextSyntaxError) -> LayoutScript {
        try LayoutFile(file: "r.layout", name: "r", parameters: ParameterBindings(bindings))
            .parse("dialect \(dialect)\nroot 300 600\n\(views)\n\(body)")
    }

    /// The rows the file installs for `view`, in order, without labels.
    func installed(_ view: String, _ body: String, views: String = "view card\nview title in card\nview icon in card",
                   dialect: String = "snapkit", bindings: [String: String] = [:]) throws -> ([LinearConstraint], ViewTree) {
        let tree = try script(body, views: views, dialect: dialect, bindings: bindings).build()
        return (tree.dslConstraints(of: tree.view(view)!).map { $0.linear.withLabel(nil) }, tree)
    }

    func failure(_ body: String, views: String = "view card\nview title in card\nview icon in card") -> TextSyntaxError? {
        do { _ = try script(body, views: views) } catch { return error }
        return nil
    }

    // MARK: Parameters

    @Test func unknownValuesAreParametersWithDefaults() throws {
        let body = """
        title.snp.makeConstraints { make in
            make.top.equalTo(card).offset(theme.insets.top + 4)
            make.width.equalTo(card).multipliedBy(scale)
            make.height.equalTo(kScale(12)).priority(self.rowPriority)
        }
        """
        let (rows, tree) = try installed("title", body)
        // theme.insets.top → 0, so top = card.top + 4; scale → 1; kScale(12), a call with one number → 12;
        // self.rowPriority → 750
        #expect(rows == [row("title.y - card.y - 4 == 0", in: tree),
                         row("title.w - card.w == 0", in: tree),
                         row("title.h - 12 == 0 @750", in: tree)])
        let uses = try script(body).parameterUses
        #expect(uses.map(\.name) == ["theme.insets.top", "scale", "kScale(12)", "self.rowPriority"])
        #expect(uses.map(\.role) == [.number, .factor, .number, .priority])
        #expect(uses.allSatisfy { !$0.isBound })
        #expect(uses.map(\.taken) == ["0", "1", "12", "750"])
        #expect(uses[0].location.line == 7 && uses[0].location.column == 35)
    }

    @Test func bindingsComeFromTheCommandLineThenTheFile() throws {
        let body = """
        param theme.insets.top = 12
        param scale = 1/2
        title.snp.makeConstraints { make in
            make.top.equalTo(card).offset(theme.insets.top + 4)
            make.width.equalTo(card).multipliedBy(scale)
        }
        """
        var (rows, tree) = try installed("title", body)
        #expect(rows == [row("title.y - card.y - 16 == 0", in: tree), row("title.w - 1/2*card.w == 0", in: tree)])
        // the command line wins over the file's line; whitespace in a name reads as one space
        (rows, tree) = try installed("title", body, bindings: ["theme.insets.top": "0.1", "scale": "3"])
        #expect(rows == [row("title.y - card.y - 41/10 == 0", in: tree), row("title.w - 3*card.w == 0", in: tree)])
        #expect(try script(body).parameterUses.allSatisfy(\.isBound))
    }

    @Test func theWarningListsEveryUnboundNameOnce() throws {
        let uses = try script("""
        title.snp.makeConstraints { make in
            make.left.equalTo(Metrics.padding)
            make.right.equalTo(card).offset(-Metrics.padding)
            make.top.equalTo(card).offset(isCompact ? 4 : 8)
        }
        """).parameterUses
        let warning = try #require(ParameterUse.unboundWarning(uses))
        #expect(warning.hasPrefix("warning: 2 values the code names but does not give took their default"))
        #expect(warning.contains("  Metrics.padding = 0   used at r.layout:7:23, r.layout:8:38"))
        #expect(warning.contains("  isCompact = true   used at r.layout:9:35"))
        #expect(ParameterUse.unboundWarning([]) == nil)
    }

    @Test func aBoundValueMustReadAsWhatItBinds() {
        let body = "title.snp.makeConstraints { make in\n    make.left.equalTo(Metrics.padding)\n}"
        do throws(TextSyntaxError) {
            _ = try script(body, bindings: ["Metrics.padding": "wide"])
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("'Metrics.padding' is bound to 'wide': expected a number"))
            #expect(error.location.line == 7)
        }
        #expect((try? script("param isCompact = maybe\ntitle.snp.makeConstraints { make in\n    make.left.equalTo(isCompact ? 1 : 2)\n}")) == nil)
    }

    @Test func defaultsReadTheNameAndThePlace() throws {
        let (rows, tree) = try installed("title", """
        title.snp.makeConstraints { make in
            make.width.equalTo(SCREEN_WIDTH * 0.5)
            make.height.equalTo([UIScreen mainScreen].bounds.size.height - 100)
            make.left.equalTo(8 * SIZE)
            make.top.equalTo(1 / scale)
        }
        """)
        // a screen size is the root's (300 × 600); what multiplies or divides is 1
        #expect(rows == [row("title.w - 150 == 0", in: tree), row("title.h - 500 == 0", in: tree),
                         row("title.x - card.x - 8 == 0", in: tree), row("title.y - card.y - 1 == 0", in: tree)])
        #expect(ChainParser.screenAxis(of: "kScreen_W") == .horizontal)
        #expect(ChainParser.screenAxis(of: "self.view.frame.size.height") == .vertical)
        #expect(ChainParser.screenAxis(of: "CGRectGetWidth(self.view.bounds)") == .horizontal)
        #expect(ChainParser.screenAxis(of: "kScreenScale") == nil && ChainParser.screenAxis(of: "cellHeight") == nil)
    }

    @Test func numbersOfTheFilesOwnStatementsStayNumbers() {
        for text in ["root SCREEN_WIDTH 600", "root 300 600\nview a intrinsic kWidth 10"] {
            #expect(throws: TextSyntaxError.self) { _ = try LayoutFile(file: "n.layout", name: "n").parse(text) }
        }
    }

    // MARK: Statements in blocks

    @Test func chainsOverSeveralLinesAndDeclarations() throws {
        let (rows, tree) = try installed("title", """
        [self.title mas_makeConstraints:^(MASConstraintMaker *make) {
            CGFloat gap = 8;
            static const CGFloat kSide = .5f;
            make.left.equalTo(self.card.mas_left)
                .offset(gap * 2);
            make.top.equalTo(self.card)   // the card's top
                .with.offset(5.f);
            make.width.mas_equalTo(kSide * 100);
        }];
        """, dialect: "masonry")
        #expect(rows == [row("title.x - card.x - 16 == 0", in: tree), row("title.y - card.y - 5 == 0", in: tree),
                         row("title.w - 50 == 0", in: tree)])
    }

    @Test func conditionalsTakeTheirFirstBranchUnlessBound() throws {
        let body = """
        title.snp.makeConstraints { make in
            let inset: CGFloat = 12
            if isExpanded {
                make.top.equalTo(card).offset(inset)
            } else if isCompact {
                make.top.equalTo(card).offset(2)
            } else {
                make.top.equalTo(card)
            }
            switch style {
            case .compact:
                make.height.equalTo(20)
            case .regular, .large:
                make.height.equalTo(40)
            default:
                break
            }
            if (!hidesIcon) { make.width.equalTo(1) }
        }
        """
        var (rows, tree) = try installed("title", body)
        #expect(rows == [row("title.y - card.y - 12 == 0", in: tree), row("title.h - 20 == 0", in: tree),
                         row("title.w - 1 == 0", in: tree)])
        (rows, tree) = try installed("title", body, bindings: ["isExpanded": "false", "style": ".large", "hidesIcon": "true"])
        #expect(rows == [row("title.y - card.y - 2 == 0", in: tree), row("title.h - 40 == 0", in: tree)])
        (rows, tree) = try installed("title", body, bindings: ["isExpanded": "no", "isCompact": "0", "style": "other"])
        #expect(rows == [row("title.y - card.y == 0", in: tree), row("title.w - 1 == 0", in: tree)])
        let uses = try script(body).parameterUses
        #expect(uses.filter { $0.role == .condition }.map(\.name) == ["isExpanded", "hidesIcon"])
        #expect(uses.filter { $0.role == .choice }.map(\.name) == ["style"])
    }

    @Test func oneReadingOfConditionsInBlocksAndTernaries() throws {
        let body = """
        title.snp.makeConstraints { make in
            make.top.equalTo(card).offset(!isCompact ? 4 : 8)
            if (!isCompact) { make.width.equalTo(1) }
        }
        """
        // unbound: the first branch either way; bound to true: `!isCompact` fails in both places
        var (rows, tree) = try installed("title", body)
        #expect(rows == [row("title.y - card.y - 4 == 0", in: tree), row("title.w - 1 == 0", in: tree)])
        (rows, tree) = try installed("title", body, bindings: ["isCompact": "true"])
        #expect(rows == [row("title.y - card.y - 8 == 0", in: tree)])
        #expect(ParameterBindings(["a": "no"]).condition("((a))") == ("a", false, true, nil))
        #expect(ParameterBindings().condition("(a) || (b)").name == "(a) || (b)")
    }

    @Test func aSwitchBoundToNoCaseIsAnError() {
        let body = "title.snp.makeConstraints { make in\n    switch style {\n    case .a: make.top.equalTo(1)\n    }\n}"
        #expect((try? script(body, bindings: ["style": ".b"])) == nil)
        #expect((try? script(body, bindings: ["style": ".a"])) != nil)
    }

    @Test func receiversAndTargetsAsAppsWriteThem() throws {
        let views = "view card\nview title in card\nview icon in card\nview buttons_0 in card"
        let (rows, tree) = try installed("icon", """
        __weak typeof(self) wsf = self;
        self?.icon.snp.makeConstraints { (m: ConstraintMaker) -> Void in
            m.left.equalTo(wsf.title.snp.right)
            m.top.equalTo(title!.superview!.snp.top)
            m.width.equalTo(buttons[0]!)
            m.height.equalTo(title.snp_height).dividedBy(2)
        }
        buttons[0].snp_makeConstraints { $0.size.equalTo(CGSize(width: 4, height: 6)) }
        """, views: views)
        #expect(rows == [row("icon.x - title.x - title.w == 0", in: tree), row("icon.y - card.y == 0", in: tree),
                         row("icon.w - buttons_0.w == 0", in: tree), row("icon.h - 1/2*title.h == 0", in: tree)])
        #expect(tree.dslConstraints(of: tree.view("buttons_0")!).map { $0.linear.withLabel(nil) }
                == [row("buttons_0.w - 4 == 0", in: tree), row("buttons_0.h - 6 == 0", in: tree)])
    }

    @Test func prioritiesAndFunctionsOfNumbers() throws {
        let (rows, tree) = try installed("title", """
        title.snp.makeConstraints { make in
            make.width.equalTo(MAX(10, 3 * 4)).priority(ConstraintPriority.low.value + 1)
            make.height.equalTo(fmin(30, 20.0)).priority(.high)
            make.left.equalTo([self sideInset])
        }
        """)
        #expect(rows == [row("title.w - 12 == 0 @251", in: tree), row("title.h - 20 == 0 @750", in: tree),
                         row("title.x - card.x == 0", in: tree)])
    }

    @Test func aLocalViewNamedViewIsNotTheRoot() throws {
        let views = "view card\nview view in card"
        let (rows, tree) = try installed("view", "view.snp.makeConstraints { $0.edges.equalTo(card) }", views: views)
        #expect(rows.count == 4)
        #expect(rows[0] == row("view.x - card.x == 0", in: tree))   // SnapKit's edges: left, top, right, bottom
    }

    @Test func selfIsAViewWhenTheFileSaysSo() throws {
        let views = "view panel\nview badge in panel\nself panel"
        let (rows, tree) = try installed("panel", """
        snp.makeConstraints { make in
            make.height.greaterThanOrEqualTo(44)
            make.left.equalTo(view)
        }
        badge.snp.makeConstraints { make in make.top.equalTo(self) }
        """, views: views)
        #expect(rows == [row("panel.h - 44 >= 0", in: tree), row("panel.x - root.x == 0", in: tree)])
        #expect(tree.dslConstraints(of: tree.view("badge")!).map { $0.linear.withLabel(nil) } == [row("badge.y - panel.y == 0", in: tree)])
    }

    @Test func viewsTheCodeMakesAreTakenWhereItAddsThem() throws {
        let script = try script("""
        UIView *line = [UIView new];
        [self.card addSubview:line];
        card.addSubview(badge)
        [line mas_makeConstraints:^(MASConstraintMaker *make) {
            make.top.equalTo(footerView.mas_bottom);
            make.height.mas_equalTo(1);
        }];
        [self.view layoutIfNeeded];
        """, dialect: "masonry")
        let tree = try script.build()
        #expect(tree.view("line")?.superview?.id == "card")
        #expect(tree.view("badge")?.superview?.id == "card")
        #expect(tree.view("footerView")?.superview?.id == "root")
        #expect(script.undeclaredViews.map(\.id) == ["line", "badge", "footerView"])
        #expect(script.undeclaredViews.map(\.location.line) == [6, 8, 10])
        let warning = try #require(UndeclaredView.warning(script.undeclaredViews))
        #expect(warning.hasPrefix("warning: 3 views the file names without declaring them were added"))
        #expect(tree.dslConstraints(of: tree.view("line")!).map { $0.linear.withLabel(nil) }
                == [row("line.y - footerView.y - footerView.h == 0", in: tree), row("line.h - 1 == 0", in: tree)])
    }

    @Test func preparedConstraintsWaitForActivation() throws {
        let body = """
        title.snp.prepareConstraints { make in
            self.top = make.top.equalTo(card).offset(3).constraint
        }
        """
        var (rows, tree) = try installed("title", body)
        #expect(rows.isEmpty)
        (rows, tree) = try installed("title", body + "\ntop.isActive = true")
        #expect(rows == [row("title.y - card.y - 3 == 0", in: tree)])
        (rows, tree) = try installed("title", body + "\ntop.isActive = true\ntop.isActive = false")
        #expect(rows.isEmpty)
    }

    @Test func aReferenceKeptThroughANameForSelfKeepsItsConstraint() throws {
        // `strongSelf.c = make...` keeps the constraint as `self.c = make...` does: in force, and found by its name later
        for owner in ["self", "strongSelf", "weakSelf"] {
            let body = """
            __weak typeof(self) weakSelf = self;
            [title mas_makeConstraints:^(MASConstraintMaker *make) {
                __strong typeof(weakSelf) strongSelf = weakSelf;
                \(owner).bottomConstraint = make.bottom.equalTo(card).offset(-8);
                make.left.equalTo(card);
            }];
            [self.bottomConstraint uninstall];
            """
            let (rows, tree) = try installed("title", body, dialect: "masonry")
            #expect(rows == [row("title.x - card.x == 0", in: tree)], "\(owner): the kept bottom constraint, switched off")
            let (kept, keptTree) = try installed("title", String(body.split(separator: "\n").dropLast().joined(separator: "\n")),
                                                 dialect: "masonry")
            #expect(kept == [row("title.y + title.h - card.y - card.h + 8 == 0", in: keptTree), row("title.x - card.x == 0", in: keptTree)],
                    "\(owner): kept, and in force")
        }
    }

    @Test func guidesAndBoxedValues() throws {
        let (rows, tree) = try installed("title", """
        [self.title mas_makeConstraints:^(MASConstraintMaker *make) {
            make.center.mas_equalTo([NSValue valueWithCGPoint:CGPointMake(2, 3)]);
        }];
        title.snp.makeConstraints { make in
            make.leading.equalTo(card.layoutMarginsGuide.snp.leading)
            make.top.equalTo(card.layoutMarginsGuide.snp.top)
        }
        """, views: "view card margins 4 5 6 7\nview title in card", dialect: "snapkit")
        // the second block adds to the first (make): centers offset (2, 3) from the card's, then the margins
        #expect(rows.count == 4)
        #expect(rows[2] == row("title.x - card.x - 5 == 0", in: tree))
        #expect(rows[3] == row("title.y - card.y - 4 == 0", in: tree))
    }

    @Test func objectsReferencesAndLiteralsAsCodeDeclaresThem() throws {
        let (rows, tree) = try installed("title", """
        let guide = UILayoutGuide()
        card.addLayoutGuide(guide)
        var top: Constraint? = nil
        CGPoint point = CGPointMake(3, 4);
        title.snp.makeConstraints { make in
            top = make.top.equalTo(guide.snp.bottom).constraint
            make.left.equalTo(card).inset((MASEdgeInsets){1, 2, 3, 4})
            make.centerY.equalTo(card).offset([NSValue value:&point withObjCType:@encode(CGPoint)].y)
        }
        top?.deactivate()
        """)
        #expect(tree.view("guide")?.superview?.id == "card")
        // top deactivated; left inset by the insets' left (2); the point's y is 4
        #expect(rows == [row("title.x - card.x - 2 == 0", in: tree),
                         row("title.y + 1/2*title.h - card.y - 1/2*card.h - 4 == 0", in: tree)])
    }

    @Test func objectiveCAsAppsWriteIt() throws {
        let (rows, tree) = try installed("title", """
        [self.title mas_makeConstraints:^(MASConstraintMaker* m)
        {
            CGFloat h = 10;
            h += 5;
            self.flag = NO;
            m.left.equalTo(self->_card.mas_left).offset(h);
            if (compact) {
                m.top.mas_equalTo(1);
            }
            else {
                m.top.mas_equalTo(2);
            }
            isWide ? m.width.mas_equalTo(@kWide(30)) : m.width.mas_equalTo(10);
            UIView *anchor = self.icon ?: self.card;
            m.height.equalTo(anchor.mas_height);
        }];
        """, dialect: "masonry")
        // h = 15; the first branches; @kWide(30) is 30 (a call with one number); the alias names the icon
        #expect(rows == [row("title.x - card.x - 15 == 0", in: tree), row("title.y - card.y - 1 == 0", in: tree),
                         row("title.w - 30 == 0", in: tree), row("title.h - icon.h == 0", in: tree)])
    }

    @Test func swiftAsAppsWriteIt() throws {
        let views = "view card\nview title in card\nview icon in card"
        let (rows, tree) = try installed("title", """
        card.addSubviews(title, icon)
        title.snp.makeConstraints { make in
            constraints.append(make.top.equalTo(icon.snp.bottom).constraint)
            self.leftConstraint = make.left.equalTo(icon).constraint
            leftConstraint?.deactivate()
            make.width.equalTo(snp.width).dividedBy(2)
        }
        """, views: views)
        // the left constraint was made and switched off in the block; `snp` alone is self's (the root here)
        #expect(rows == [row("title.y - icon.y - icon.h == 0", in: tree), row("title.w - 1/2*root.w == 0", in: tree)])
    }

    @Test func namesInArithmeticAndMacrosAroundChains() throws {
        let (rows, tree) = try installed("title", """
        [self.title mas_makeConstraints:^(MASConstraintMaker *make)
        {
            make.left.mas_equalTo(widthbtn * 2);
            make.top.mas_equalTo(@(INDEX_ROW_HEIGHT_CELL));
            SAVE_C(make.width.mas_equalTo(self.card.width - 10));
            [make.bottom.mas_equalTo(self.card) setOffset:-4];
            [self.card setNeedsDisplay];
            if (compact)
            {
                make.height.mas_equalTo(MAXFLOAT);
            }
            else
            {
                make.height.mas_equalTo(1);
            }
        }];
        icon.snp.makeConstraints {
            (make) -> Void in
            make.top.equalTo((title?.snp.bottom)!)
        }
        """, dialect: "masonry")
        // numbers all: widthbtn is 1 where it multiplies, the macro 0, card.width a number's member 0 (a frame
        // category's), MAXFLOAT a size no screen has
        #expect(rows == [row("title.x - card.x - 2 == 0", in: tree), row("title.y - card.y == 0", in: tree),
                         row("title.w + 10 == 0", in: tree), row("title.y + title.h - card.y - card.h + 4 == 0", in: tree),
                         row("title.h - 1000000 == 0", in: tree)])
        #expect(tree.dslConstraints(of: tree.view("icon")!).map { $0.linear.withLabel(nil) }
                == [row("icon.y - title.y - title.h == 0", in: tree)])
    }

    @Test func aTrailingDotNumberAndAPairingMessage() throws {
        let (rows, tree) = try installed("title", """
        [self.title mas_makeConstraints:^(MASConstraintMaker *make) {
            make.width.equalTo(self.card).multipliedBy(1./4);
        }];
        """, dialect: "masonry")
        #expect(rows == [row("title.w - 1/4*card.w == 0", in: tree)])
        // a size paired with a location: the message says which is which
        do {
            _ = try script("[self.title mas_makeConstraints:^(MASConstraintMaker *make) {\n    make.width.equalTo(self.card.mas_top);\n}];",
                           dialect: "masonry").build()
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("width is a size and top a location"))
        }
    }

    // MARK: What is not read

    @Test func unreadableStatementsAreErrorsAndTheRestIsRead() throws {
        let e = try #require(failure("""
        title.snp.makeConstraints { make in
            make.top.equalTo(card)
            for b in buttons { make.left.equalTo(b) }
            self.pin(make)
            view.layoutIfNeeded()
            make.left.equalTo(titel)
        }
        icon.snp.makeConstraints { make in
            make.top.equalTo(card.snp.bottom
        }
        """))
        let all = [e] + e.more
        // (line 10, `view.layoutIfNeeded()`, does not use the maker: it makes no constraint and is passed over)
        #expect(all.map(\.location.line) == [8, 9, 11, 14])
        #expect(all[0].message.hasPrefix("a 'for' loop inside a constraint block is not read"))
        #expect(all[1].message.contains("hands the maker to a helper method"))
        #expect(all[2].message.contains("unknown view 'titel'") && all[2].message.contains("title"))
        #expect(all[3].message.hasPrefix("expected ')' after the argument of equalTo"))
    }

    @Test func typosOfDeclaredNamesStayErrors() {
        // a near miss of a declared view or constant is reported, not taken for an unknown value
        let e = failure("let padding = 8\ntitle.snp.makeConstraints { make in\n    make.left.equalTo(crd)\n    make.top.equalTo(card).offset(paddng)\n}")
        #expect(e?.message.contains("unknown view 'crd'") == true)
        #expect(e?.more.first?.message.contains("did you mean 'padding'?") == true)
    }

    @Test func aHugeUnknownNameIsRefusedWithAnExcerpt() {
        let name = String(repeating: "q", count: 5000)
        let e = failure("title.snp.makeConstraints { make in\n    make.left.equalTo(\(name))\n}")
        #expect(e?.message.contains("too long (5000 characters)") == true)
        #expect((e?.message.count ?? 0) < 400)
    }
}
