import Testing
import PlumbSystem
@testable import PlumbFrontEnd
@testable import PlumbText
import PlumbFiles

/// The README's examples must work as written (its Swift example is built as a user's package would build it, and
/// its output compared, by scripts/readme-example in CI; this suite checks the text syntax and a tour of the DSL).
@Suite struct Readme {
    @Test func aTourOfTheDSLCompilesAndLowers() throws {
        let tree = ViewTree(size: Size(width: 375, height: 667))
        let superview = tree.root
        let view1 = try tree.addView("view1", in: superview)
        let label = try tree.addView("label", in: superview)
        label.intrinsicWidth = 66
        label.intrinsicHeight = 30

        let padding = EdgeInsets(10)
        try view1.makeConstraints { make in
            make.top.equalTo(superview.top).with.offset(padding.top)
            make.left.equalTo(superview.left).with.offset(padding.left)
            make.bottom.equalTo(superview.bottom).with.offset(-padding.bottom)
            make.right.equalTo(superview.right).with.offset(-padding.right)
        }
        let spelled = Set(tree.dslConstraints(of: view1).map { $0.linear.withLabel(nil) })
        try view1.remakeConstraints { make in
            make.edges.equalTo(superview).with.insets(padding)
        }
        #expect(Set(tree.dslConstraints(of: view1).map { $0.linear.withLabel(nil) }) == spelled)
        try label.makeConstraints { make in
            make.left.greaterThanOrEqualTo(view1.left).priorityLow()
            make.top.equalTo(view1.top).priority(600)
            make.width.greaterThanOrEqualTo(200)
            make.width.lessThanOrEqualTo(400)
            make.size.equalTo(superview).sizeOffset(Size(width: 100, height: -50))
            make.center.equalTo(superview).centerOffset(Point(x: -5, y: 10))
            make.left.right.and.bottom.equalToSuperview()
            make.height.equalTo([view1, superview])
            make.width.equalTo(view1.height).multipliedBy(0.5).priority(.high).labeled("aspect")
        }
        #expect(tree.dslConstraints(of: label).count == 14)
        var top: ConstraintReference?
        try view1.updateConstraints { make in top = make.top.equalTo(superview.top).offset(10).constraint }
        try top?.group?.update(offset: 20)
        #expect(tree.dslConstraints(of: view1).contains { $0.linear.withLabel(nil) == row("view1.y - root.y - 20 == 0", in: tree) })
        #expect(tree.dslConstraints(of: view1).count == 4)
    }

    @Test func theTextSyntaxExampleParsesAndBuilds() throws {
        let readme = try readmeText()
        guard let section = readme.firstRange(of: "## The text syntax"),
              let open = readme[section.upperBound...].firstRange(of: "```\n"),
              let close = readme[open.upperBound...].firstRange(of: "```") else {
            Issue.record("README has no text syntax example")
            return
        }
        let example = String(readme[open.upperBound..<close.lowerBound])
        let script = try LayoutFile(file: "README.md", name: "readme").parse(example)
        #expect(script.name == "basic")
        let tree = try script.build()
        #expect(tree.rootSize == Size(width: 320, height: 480))
        #expect(tree.view("label")?.intrinsicWidth == 80)
    }

    func readmeText() throws -> String {
        let path = "/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/") + "/README.md"
        guard let bytes = readFileBytes(atPath: path) else { throw LayoutError(.unsupported("README.md not found")) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

