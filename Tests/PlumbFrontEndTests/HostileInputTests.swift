import Testing
import PlumbSystem
@testable import PlumbFrontEnd
@testable import PlumbText

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

    /// `if`s nested far past the reader's limit: an error at the statement that goes past it, naming the limit,
    /// not a stack overflow; the chain inside the limit still counts as read (the 64th level's `make.width`).
    @Test func deeplyNestedBranchesStopAtTheStatedDepth() throws {
        func nested(_ depth: Int) -> String {
            "root 375 667\nview a\n[a mas_makeConstraints:^(MASConstraintMaker *make) {\n"
                + String(repeating: "if (c) {", count: depth) + "make.width.equalTo(@10);"
                + String(repeating: "}", count: depth) + "\n}];\n"
        }
        let limit = BlockBodyReader.maximumNesting
        #expect(syntaxError(nested(limit)) == nil, "\(limit) levels are read")
        for depth in [limit + 1, 5_000] {
            let error = try #require(syntaxError(nested(depth)))
            #expect(error.message.contains("nested too deeply") && error.message.contains("\(limit)"), "\(error.message)")
            #expect(error.location.line == 4)
        }
    }

    /// A chain naming thousands of attributes is an error at the first one past the limit, not that many constraints.
    @Test func aChainOfThousandsOfAttributesIsAnError() throws {
        let limit = ChainParser.mostAttributes
        let ok = "root 10 10\nview a\nmake a {\n make" + String(repeating: ".left", count: limit) + ".equalTo(superview);\n}\n"
        #expect(syntaxError(ok) == nil)
        let long = "root 10 10\nview a\nmake a {\n make" + String(repeating: ".left", count: 5_000) + ".equalTo(superview);\n}\n"
        let error = try #require(syntaxError(long))
        #expect(error.message.contains("more than \(limit) attributes") && error.location.line == 4, "\(error.message)")
    }

    /// A `param` line binds wherever it is in the file (here below the block that uses it); a name bound twice to
    /// different values is an error naming both lines; `parameters { a = 1; b = 2 }` reads on one line.
    @Test func parameterLinesBindWhereverTheyAre() throws {
        let below = "root 100 100\nview a\nmake a {\n make.left.equalTo(superview).offset(gap);\n}\nparam gap = 9\n"
        let script = try LayoutFile(file: "p.layout", name: "p").parse(below)
        let uses = script.parameterUses.filter { $0.name == "gap" }
        #expect(uses.count == 1 && uses[0].isBound && uses[0].taken == "9", "\(uses)")
        let twice = try #require(syntaxError("root 100 100\nparam gap = 5\nparam gap = 7\nview a\n"))
        #expect(twice.location.line == 3 && twice.message.contains("line 2") && twice.message.contains("bound twice"),
                "\(twice.message)")
        #expect(syntaxError("root 100 100\nparam gap = 5\nparam gap = 5\n") == nil, "the same value twice is no conflict")
        let oneLine = try LayoutFile(file: "q.layout", name: "q")
            .parse("root 100 100\nparameters { gap = 3; pad = 4 }\nview a\nmake a {\n make.left.equalTo(superview).offset(gap);\n make.top.equalTo(superview).offset(pad);\n}\n")
        #expect(Set(oneLine.parameterUses.filter(\.isBound).map(\.taken)) == ["3", "4"])
    }

    /// A binding from outside that the layout never reads (a typo) is named by a warning.
    @Test func anUnusedBindingIsNamed() throws {
        let script = try LayoutFile(file: "p.layout", name: "p", parameters: ParameterBindings(["gpa": "9"]))
            .parse("root 100 100\nview a\nmake a {\n make.left.equalTo(superview).offset(gap);\n}\n")
        let warning = try #require(ParameterUse.unusedWarning(ParameterBindings(["gpa": "9"]), script.parameterUses))
        #expect(warning.contains("'gpa'") && warning.contains("gap"), "\(warning)")
        #expect(ParameterUse.unusedWarning(ParameterBindings(["gap": "9"]), script.parameterUses) == nil)
    }

    /// The syntax error reading `text`, or nil.
    func syntaxError(_ text: String) -> TextSyntaxError? {
        do {
            _ = try LayoutFile(file: "h.layout", name: "h").parse(text)
            return nil
        } catch {
            return error
        }
    }

    /// A huge number or name is echoed once, cut to an excerpt, wherever it appears.
    @Test func hugeInputIsEchoedOnceAsAnExcerpt() throws {
        let digits = String(repeating: "9", count: 1_000_000)
        let excerpt = String(repeating: "9", count: Excerpt.limit) + "…"
        for text in ["root \(digits) 10", "root 10 10\nlet x = \(digits)",
                     "root 10 10\nview a\nmake a {\n  make.width.equalTo(@\(digits));\n}"] {
            let error = try #require(syntaxError(text))
            #expect(error.message.count < 200)
            #expect(error.message == "'\(excerpt)' cannot be kept exactly: Plumb's exact numbers are fractions of 128-bit integers")
        }
        let name = String(repeating: "b", count: 1_000_000)
        for text in ["root 10 10\nview a\nmake a {\n  make.width.equalTo(\(name));\n}", "root 10 10\n\(name) x",
                     "root 10 10\nview \(name)\nview \(name)", "root 10 10\nview a\nremove \(name)"] {
            let error = try #require(syntaxError(text))
            #expect(error.message.count < 400, "\(error.message.prefix(100))")
            #expect(error.message.contains(String(repeating: "b", count: Excerpt.limit) + "…"))
        }
    }

    /// Distribution with fewer than two views names the column of the statement, in both spellings.
    @Test func distributingOneViewNamesLineAndColumn() throws {
        for (statement, column) in [("  distribute a horizontal spacing 20 lead 5 tail 5", 3),
                                    ("    [@[a] mas_distributeViewsAlongAxis:MASAxisTypeHorizontal withFixedSpacing:20 leadSpacing:5 tailSpacing:5];", 5)] {
            let script = try LayoutFile(file: "d.layout", name: "d").parse("root 100 100\nview a\n" + statement)
            do {
                _ = try script.lowered()
                Issue.record("one view was distributed")
            } catch {
                #expect(error.location == SourceLocation(file: "d.layout", line: 3, column: column))
                #expect(error.description.hasPrefix("d.layout:3:\(column): error: distribution needs at least two views"))
            }
        }
    }
}
