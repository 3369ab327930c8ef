import Testing
import PlumbSystem
import PlumbBatch
import PlumbText
@testable import PlumbImport
import PlumbBackEnds
@testable import PlumbHarness

/// A cell's file imported and solved: its frames are undetermined because its size comes from outside the file, and
/// `--root` lays it out at a size. The cell is written for this test.
@Suite struct UndeterminedValuesReporting {
    static let cell = """
    final class PriceCell: UITableViewCell {
        let title = UILabel()
        let price = UILabel()
        func setUp() {
            contentView.addSubview(title)
            contentView.addSubview(price)
            title.snp.makeConstraints { make in
                make.left.top.equalToSuperview().offset(12)
                make.bottom.equalToSuperview().offset(-12)
                make.right.lessThanOrEqualTo(price.snp.left).offset(-8)
            }
            price.snp.makeConstraints { make in
                make.right.equalToSuperview().offset(-12)
                make.centerY.equalTo(title)
                make.width.equalTo(60)
            }
        }
    }
    """

    func solve(_ text: String) throws -> LayoutResult {
        let system = try LayoutFile(file: "cell.layout", name: "cell").parse(text).lowered()
        return SystemRunner().run(system, solver: ProposedExactSolver.self)
    }

    @Test func aCellsFramesAreUndeterminedUntilItIsGivenASize() throws {
        let layout = SourceImport(file: "PriceCell.swift", source: Self.cell).run().layout
        let open = try solve(layout)
        #expect(open.status == .ok)
        let warning = try #require(UndeterminedValues.warning(open, text: layout))
        #expect(warning.contains("selfView, the view the file describes, takes its size from outside the file"))
        #expect(warning.contains("--root"))
        #expect(Set(open.ambiguous.map(\.name)).isSuperset(of: ["selfView.w", "selfView.h", "title.x", "price.x"]))

        let sized = LayoutFileSizing.sized(layout, try #require(LayoutFileSizing.size("375x44")))
        let result = try solve(sized)
        func value(_ name: String) -> Double? { result.values.first { $0.name == name }?.value.doubleValue }
        // by hand: the cell fills 375 × 44; the title 12 in from the left, top and bottom (44 − 24 = 20 high); the
        // price 12 in from the right (x = 375 − 12 − 60 = 303), 60 wide
        #expect([value("selfView.w"), value("selfView.h"), value("title.x"), value("title.y"), value("title.h"),
                 value("price.x"), value("price.w")] == [375, 44, 12, 12, 20, 303, 60])
        // what stays open is what the file leaves open: the title's width (at most 303 − 8 − 12 = 283), the price's
        // height, and so its top (centred on the title's centre, 22)
        #expect(Set(result.ambiguous.map(\.name)) == ["title.w", "price.y", "price.h"])
        let rest = try #require(UndeterminedValues.warning(result, text: sized))
        #expect(!rest.contains("--root"))
    }

    @Test func theSizeIsTwoNumbers() {
        #expect(LayoutFileSizing.size("375x44").map { [$0.width, $0.height] } == [Rational(375), Rational(44)])
        #expect(LayoutFileSizing.size("320.5×1/2").map { [$0.width.description, $0.height.description] } == ["641/2", "1/2"])
        for bad in ["375", "x44", "375x44x2", "wide x tall", "-1x5"] { #expect(LayoutFileSizing.size(bad) == nil, "\(bad)") }
        // a view controller's file: the root takes the size, nothing is added
        let screen = "layout s\nroot 375 812 rtl\nview a\n"
        #expect(LayoutFileSizing.sized(screen, (Rational(320), Rational(480))) == "layout s\nroot 320 480 rtl\nview a\n")
    }
}
