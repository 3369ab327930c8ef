import Testing
import PlumbSystem
@testable import PlumbFrontEnd

/// Every constraint Auto Layout (or the DSL) rejects gives a `LayoutError` naming what and where, never a trap.
@Suite struct InvalidConstraints {
    func error(_ body: () throws -> Void) -> LayoutError? {
        do { try body() } catch let e as LayoutError { return e } catch { Issue.record("unexpected \(error)") }
        return nil
    }

    @Test func noCommonAncestorNamesTheItemsAndTheLine() throws {
        let (tree, _, v, _) = fixture()
        let detached = try tree.addView("detached", in: nil)
        let line = #line + 1
        let e = error { try v.makeConstraints { make in make.left.equalTo(detached) } }
        #expect(e?.kind == .noCommonAncestor("v", "detached"))
        #expect(e?.location?.line == line)
        #expect(e?.location?.file.hasSuffix("InvalidConstraintTests.swift") == true)
        #expect(e?.constraint == "v.left == detached.left")
        #expect(tree.dslConstraints(of: v).isEmpty)
    }

    @Test func aFailingBlockInstallsNothing() throws {
        let (tree, _, v, o) = fixture()
        _ = tree.takeChanges()
        _ = error {
            try v.makeConstraints { make in
                make.left.equalTo(o)
                make.width.equalTo(o).dividedBy(0)
            }
        }
        #expect(tree.takeChanges().isEmpty)
    }

    @Test func pairingsTheTypesCannotCatch() throws {
        let (tree, _, v, _) = fixture()
        let cases: [(ConstraintChain, LayoutError.Kind)] = [
            (chain([.single(.top)], .equal, .item(.view("o"), .height)), .locationToSize(.top, .height)),
            (chain([.single(.left)], .equal, .item(.view("o"), .top)), .acrossAxes(.left, .top)),
            (chain([.single(.leading)], .equal, .item(.view("o"), .left)), .directionalMixedWithAbsolute(.leading, .left)),
            (chain([.single(.rightMargin)], .equal, .item(.view("o"), .trailing)), .directionalMixedWithAbsolute(.rightMargin, .trailing)),
            (chain([.single(.left)], .equal, .item(.view("o"), nil), multiplier: .multipliedBy(0)), .locationEqualToConstant(.left)),
            (chain([.single(.width)], .equal, .item(.view("o"), nil), multiplier: .dividedBy(0)), .divisionByZero),
            (chain([.single(.width)], .equal, .item(.view("nope"), nil)), .unknownView("nope")),
            (chain([.single(.width)], .equal, .value(.number(1)), priority: 0), .priorityOutOfRange(0)),
            (chain([.single(.width)], .equal, .value(.number(1)), priority: 1001), .priorityOutOfRange(1001)),
            (chain([.single(.width)], .equal, .value(.number(1)), priority: -5), .priorityOutOfRange(-5)),
            (chain([], .equal, .value(.number(1))), .noAttributes),
        ]
        for (c, kind) in cases {
            #expect(error { try tree.makeConstraints([c], for: v) }?.kind == kind)
        }
    }

    @Test func aLocationConstantNeedsASuperview() throws {
        let (tree, _, _, _) = fixture()
        let e = error { try tree.root.makeConstraints { make in make.left.equalTo(10) } }
        #expect(e?.kind == .missingSuperview("root"))
        // A resolved location with no second item is "a location equal to a constant".
        let bare = ResolvedConstraint(firstItem: .view("root"), firstAttribute: .top, relation: .equal, secondItem: nil, secondAttribute: nil)
        #expect(error { _ = try tree.lower(bare) }?.kind == .locationEqualToConstant(.top))
    }

    @Test func arithmeticOutOfRangeIsAnError() throws {
        let (tree, _, v, o) = fixture()
        v.lastBaselineFromBottom = try Rational(parsing: "1e38")
        let e = error { try v.makeConstraints { make in make.baseline.equalTo(o).offset(try! Rational(parsing: "1.5e38")) } }
        guard case .number(.outOfRange)? = e?.kind else {
            Issue.record("expected an out-of-range error, got \(String(describing: e))")
            return
        }
        #expect(tree.dslConstraints(of: v).isEmpty)
    }

    @Test func dialectSpecificTargets() throws {
        let (sTree, _, sv, _) = fixture(.snapkit)
        #expect(error { try sTree.makeConstraints([chain([.single(.width)], .equal, .array([.value(.number(1))]))], for: sv) }?.kind
                == .unsupportedTarget("an array of targets is Masonry's; SnapKit takes one target per constraint"))
        let (mTree, _, mv, _) = fixture(.masonry)
        let e = error { try mTree.makeConstraints([chain([.composite(.edges)], .equal, .items(.view("o"), .edges))], for: mv) }
        guard case .unsupportedTarget? = e?.kind else { Issue.record("expected unsupportedTarget"); return }
    }

    @Test func treeErrors() throws {
        let (tree, c, v, _) = fixture()
        #expect(error { try tree.addView("v", in: c) }?.kind == .duplicateView("v"))
        #expect(error { try tree.setSuperview(v, of: c) }?.kind == .cyclicParent("c"))
        #expect(error { try tree.setSuperview(c, of: c) }?.kind == .cyclicParent("c"))
    }

    @Test func errorsReadWell() {
        let e = LayoutError(.acrossAxes(.left, .top), constraint: "v.left == o.top", at: SourceLocation(file: "a.layout", line: 3, column: 7))
        #expect(e.description == "a.layout:3:7: error: constraint improperly relates anchors of incompatible types: left is on the horizontal axis and top on the vertical axis [in `v.left == o.top`]")
    }

    @Test func floatInputsThatAreNotFiniteAreRejected() {
        #expect(throws: NumberError.notFinite("nan")) { try Rational(shortestDecimalOf: .nan) }
        #expect(throws: NumberError.notFinite("inf")) { try Rational(shortestDecimalOf: .infinity) }
        #expect(Rational(floatLiteral: 0.1) == (try! Rational(1, 10)))
    }
}
