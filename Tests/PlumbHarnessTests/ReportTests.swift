import Testing
import PlumbSystem
import PlumbSolver
import PlumbFrontEnd
import PlumbText
@testable import PlumbHarness

@Suite struct ReadableNumberTests {
    @Test func noMoreDigitsThanTheToleranceTells() {
        #expect(ReadableNumbers.format(4.000000000360458) == "4")
        #expect(ReadableNumbers.format(142.74999999907396) == "142.75")
        #expect(ReadableNumbers.format(65.08883223209753) == "65.088832")
        #expect(ReadableNumbers.format(-0.5) == "-0.5")
        #expect(ReadableNumbers.format(0.0000015) == "0.000002")
        #expect(ReadableNumbers.format(5.82e-11) == "5.82e-11")
        #expect(ReadableNumbers.format(2.5e12) == "2.5e12")
        #expect(ReadableNumbers.format(.exact(try! Rational(1, 3))) == "1/3", "an exact value keeps every digit")
    }

    @Test func longDecimalsInAMessageAreRoundedAndNothingElse() {
        let message = "level 999 is violated by 4.000000000360458; 25 sweeps (textbook); residual 1.2345678901e-9, c5 at 0.25, v1.5"
        #expect(ReadableNumbers.roundingDecimals(in: message)
                == "level 999 is violated by 4; 25 sweeps (textbook); residual 1.23e-9, c5 at 0.25, v1.5")
        #expect(ReadableNumbers.roundingDecimals(in: "1/3 and 120.04545397098167.") == "1/3 and 120.045454.")
    }
}

@Suite struct ReportDifferences {
    let judge = Judge()

    @Test func aWrongFrameIsAFrameDifferenceWithItsGap() throws {
        let e = try expectation(pinned)
        let o = Observation(frames: ["a": frame(10, 20, 50, 31.000000000123), "b": frame(5, 1.0 / 3, 0.1, 2)])
        let d = judge.judge(o, against: e, capabilities: floating).differences
        #expect(d.count == 1)
        #expect(d.first?.kind == .frame)
        #expect(d.first?.subject == "a.height")
        #expect(d.first?.summary == "31, expected 30")
        #expect(abs((d.first?.gap ?? 0) - 1) < 1e-9)
    }

    @Test func levelTotalsAreListedFromTheHighestLevelDown() throws {
        let e = try expectation(pinned)
        let o = Observation(frames: ["a": frame(10, 20, 50, 30), "b": frame(5, 1.0 / 3, 0.1, 2)],
                            levelViolations: [.required: .float(0), .low: .float(12), .high: .float(3), .medium: .float(7.5)],
                            approximate: true, message: "approximate: a compromise")
        let reference = Observation(levelViolations: [.required: .exact(0), .low: .exact(10), .high: .exact(1), .medium: .exact(7)])
        let d = judge.judge(o, against: e, capabilities: floating, reference: reference).differences
        #expect(d.map(\.kind) == [.approximate, .levelTotal, .levelTotal, .levelTotal])
        #expect(d.dropFirst().map(\.subject) == ["level 750", "level 500", "level 250"])
        #expect(d.dropFirst().map(\.gap) == [2, 0.5, 2])
        #expect(d[3].summary == "total 12, optimum 10")
    }

    @Test func typedDifferencesSurviveTheResultsFile() throws {
        var results = ResultsFiles.sample()
        results.conformance[0].outcome = .fail
        results.conformance[0].differences = [
            Difference(.approximate, subject: "", summary: "labelled approximate", text: "the back end labelled this answer approximate: x"),
            Difference(.frame, subject: "a.x", summary: "11, expected 10", gap: 1, text: "a.x = 11.0, expected 10 (t.layout:3:1)"),
        ]
        let read = try RunResults(json: Array(results.json().utf8), source: "memory")
        #expect(read.conformance == results.conformance)
    }

    @Test func anOlderResultsLineGetsItsKindFromTheJudgesWording() {
        #expect(Difference.untyped("level 250 violation 12.0, the exact optimum is 10").kind == .levelTotal)
        #expect(Difference.untyped("a.x = 11.0, expected 10 (t.layout:3:1)").kind == .frame)
        #expect(Difference.untyped("did not converge: not converged: sweep cap (20000) reached").summary == "sweep cap (20000) reached")
        #expect(Difference.untyped("a.width is ambiguous but was not reported so").kind == .unreportedAmbiguity)
        #expect(Difference.untyped("the solver crashed").kind == .error)
    }
}

@Suite struct ReportPages {
    /// A run where cassowary passes and `relaxation` misses a frame by 2.5 (labelled approximate) on one layout.
    static func run() -> RunResults {
        var results = ResultsFiles.sample()
        results.conformance.append(.init(
            layout: "card", backEnd: "relaxation", expectation: 1, line: 31, outcome: .fail,
            differences: [
                Difference(.approximate, subject: "", summary: "labelled approximate",
                           text: "the back end labelled this answer approximate: level 750 is violated by 4.000000000360458"),
                Difference(.frame, subject: "card.width", summary: "12.5, expected 10", gap: 2.5,
                           text: "card.width = 12.500000000001, expected 10 (card.layout:31:3)"),
                Difference(.levelTotal, subject: "level 750", summary: "total 4, optimum 0", gap: 4,
                           text: "level 750 violation 4.000000000360458, the exact optimum is 0"),
            ], maxError: 2.5))
        results.conformance.append(.init(layout: "card", backEnd: "kiwi", expectation: 0, line: 20, outcome: .unsupported,
                                         differences: [.untyped("4 distinct non-required priority levels [999, 600, 500, 250]; "
                                                                + "kiwi keeps at most three apart", kind: .unsupported)],
                                         maxError: 0))
        return results
    }

    @Test func aFailureIsOneShortRowAndItsDetailsAreApart() {
        let md = Report(results: Self.run()).markdown(chartFiles: [])
        let row = md.split(separator: "\n").first { $0.hasPrefix("| `card` | relaxation |") }
        #expect(row == "| `card` | relaxation | 31 | fail | `card.width`: 12.5, expected 10 (labelled approximate); 1 more | 4 |")
        // The full account is collapsed under the table, its numbers rounded.
        let details = md.range(of: "<details><summary>Every failure in full (1)</summary>")
        #expect(details != nil)
        #expect(md.contains("card.width = 12.5, expected 10 (card.layout:31:3); level 750 violation 4, the exact optimum is 0"))
        #expect(!md.contains("4.000000000360458"))
        #expect(md.contains("kiwi does not take 1 layout, 4 distinct non-required priority levels; kiwi keeps at most three apart"))
        // The verdict comes before the figures, the method last.
        let order = ["## Which back end to embed", "## Conformance", "## Scaling", "## How it was timed", "## Conformance rules"]
        let positions = order.compactMap { md.range(of: $0)?.lowerBound }
        #expect(positions.count == order.count && positions == positions.sorted())
    }

    @Test func theHTMLPageIsOneFileWithItsChartsAndEscapedText() {
        var results = Self.run()
        results.conformance[1].differences[1].summary = "<b>12.5</b> & 10"
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect width=\"10\" height=\"10\"/></svg>"
        let html = Report(results: results).document(charts: [(file: "scaling-chain.svg", svg: svg)]).html()
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains(svg), "the chart is inline, not linked")
        #expect(!html.contains("<img"), "nothing is fetched")
        #expect(html.contains("&lt;b&gt;12.5&lt;/b&gt; &amp; 10"), "text from a back end is escaped")
        #expect(!html.contains("<b>12.5</b>"))
        #expect(html.contains("<code>card.width</code>"))
        #expect(html.contains("<a href=\"#which-back-end-to-embed\">"))
        #expect(html.contains("<h2 id=\"which-back-end-to-embed\">"))
        // Tables: as many in the page as in the Markdown.
        let md = Report(results: results).markdown(chartFiles: ["scaling-chain.svg"])
        let markdownTables = md.split(separator: "\n").filter { $0.hasPrefix("|---") }.count
        #expect(html.components(separatedBy: "<table>").count - 1 == markdownTables)
    }

    @Test func numericColumnsAreRightAligned() {
        let doc = ReportDocument(title: "t", blocks: [.table(.init(headers: ["name", "time"], rows: [["a|b", "1 ms"]], numeric: [1]))])
        #expect(doc.markdown() == "# t\n\n| name | time |\n|---|---:|\n| a\\|b | 1 ms |\n")
    }
}

@Suite struct ConstraintNamesInMessages {
    @Test func aBackEndsConstraintIdReadsAsTheConstraintWritten() throws {
        let script = try LayoutFile(file: "c.layout", name: "c").parse("""
        root 100 100
        view v
        make v {
          make.left.equalTo(10);
          make.width.equalTo(500);
        }
        """)
        let tree = try script.makeTree()
        let player = LayoutPlayer(script: script, tree: tree)
        for (step, location) in script.steps { try player.perform(step, at: location) }
        let width = try #require(tree.constraints.first { $0.value.resolved?.description == "v.width == 500" }?.key)
        let message = "constraint c\(width) is violated by 145.0; constraint c999 is not in the tree"
        #expect(tree.namingConstraints(in: message)
                == "constraint c\(width) `v.width == 500` (line 5) is violated by 145.0; constraint c999 is not in the tree")
    }
}

#if canImport(Glibc)
import Glibc
#endif

@Suite struct TimingStatusText {
    @Test func everyStatusReadsBackFromItsText() {
        let all: [TimingStatus] = [.ok, .overBudget, .notRun("no lifecycle"), .unsupported("edits"),
                                   .infeasible("row 3"), .error("exit 1: boom")]
        for status in all { #expect(TimingStatus(text: status.description) == status) }
        #expect(TimingStatus(text: "something an older run wrote") == .error("something an older run wrote"))
        #expect(TimingStatus.unsupported("edit variables (suggest)").brief == "unsupported")
        #expect(TimingStatus.error(String(repeating: "x", count: 60)).brief == "error: " + String(repeating: "x", count: 47) + "…")
        #expect(TimingStatus.ok.isOK && !TimingStatus.overBudget.isOK)
    }
}
