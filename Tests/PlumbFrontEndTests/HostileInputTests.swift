import Testing
import PlumbSystem
@testable import PlumbFrontEnd

@Suite struct HostileInput {
    @Test func aVeryDeepTreeLowersAndIsFreedWithoutExhaustingTheStack() throws {
        var rows = 0
        do {
            let tree = ViewTree(size: Size(width: 320, height: 480))
            var parent = tree.root
            for i in 0..<200_000 { parent = try tree.addView("v\(i)", in: parent) }
            #expect(parent.depth == 200_000)
            try parent.makeConstraints { make in make.edges.equalToSuperview().insets(EdgeInsets(1)) }
            rows = tree.linearSystem().constraints.count
        }
        #expect(rows == 4 + 4)
    }

    @Test func aViewCannotBecomeItsOwnAncestorThroughAFile() {
        #expect(throws: TextSyntaxError.self) {
            _ = try LayoutFile(file: "c.layout", name: "c").parse("root 10 10\nview a in b\nview b in a")
        }
    }

    @Test func emptyAndWhitespaceFilesAreErrors() {
        for text in ["", "   \n\n  ", "# only a comment"] {
            #expect(throws: TextSyntaxError.self) { _ = try LayoutFile(file: "e.layout", name: "e").parse(text) }
        }
    }

    @Test func hugeAndTinyNumbersAreErrorsNotTraps() {
        let digits = String(repeating: "9", count: 1_000_000)
        for bad in ["root \(digits) 10", "root 1e308 10", "root 1/0 10", "root nan 10", "root 10 -inf"] {
            #expect(throws: TextSyntaxError.self) { _ = try LayoutFile(file: "n.layout", name: "n").parse(bad) }
        }
    }
}
