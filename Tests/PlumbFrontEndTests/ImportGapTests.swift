import Testing
import PlumbSystem
@testable import PlumbFrontEnd
@testable import PlumbText

/// Smaller gaps of `bench import` that real apps' files showed, each on a fixture written for the test.
@Suite struct ImportGaps {
    func tree(_ outcome: SourceImport.Outcome) throws -> ViewTree {
        try LayoutFile(file: "imported.layout", name: "imported").parse(outcome.layout).build()
    }

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
        let tree = try tree(outcome)
        let title = try #require(tree.view("title"))
        #expect(tree.dslConstraints(of: title).map { $0.linear.withLabel(nil) } == [row("title.x - selfView.x - 9 == 0", in: tree)])
    }
}
