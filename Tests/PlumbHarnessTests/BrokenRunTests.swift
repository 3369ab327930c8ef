import Testing
import PlumbSystem
import PlumbSolver
@testable import PlumbHarness

/// Hostile round 3: results files and programs that report broken runs. A comparison sees what a run lost, a results
/// file with impossible figures is refused with the field named, and a report on extreme but valid figures is written.
@Suite struct BrokenRunTests {
    static func timing(_ backEnd: String, _ workload: String = "chain-1000", status: TimingStatus = .ok,
                       build: [Double] = [0.001, 0.0011, 0.0012], lifecycle: [Workload.Kind: [Double]] = [:]) -> RunResults.Timing {
        .init(suite: .scaling, workload: workload, family: "chain", size: 1000, constraints: 4004, backEnd: backEnd, status: status,
              buildSolve: build, editRounds: 0, editTotal: [], lifecycle: lifecycle)
    }

    static func run(_ timings: [RunResults.Timing]) -> RunResults {
        var results = ResultsFiles.sample()
        results.timings = timings
        return results
    }

    @Test func aWorkloadTheNewRunDidNotTimeIsARegression() {
        let old = Self.run([Self.timing("cassowary"), Self.timing("exact"), Self.timing("exact", "grid-1024")])
        // exact lost one workload entirely and failed the other
        let new = Self.run([Self.timing("cassowary"), Self.timing("exact", status: .error("`exact` crashed"), build: [])])
        let lost = Comparison(old: old, new: new).regressions.filter { $0.kind == .timingLost }
        #expect(lost.count == 2, "\(lost)")
        #expect(Set(lost.map(\.workload)) == ["chain-1000", "grid-1024"])
        #expect(lost.allSatisfy { $0.backEnd == "exact" })
        // the same runs again: nothing lost
        #expect(Comparison(old: old, new: old).regressions.isEmpty)
    }

    @Test func aLifecycleFigureTheNewRunLacksIsARegression() {
        let old = Self.run([Self.timing("cassowary", lifecycle: [.remake: [1e-4, 1.1e-4]])])
        let new = Self.run([Self.timing("cassowary", lifecycle: [:])])
        let lost = Comparison(old: old, new: new).regressions
        #expect(lost.count == 1 && lost.first?.kind == .timingLost && lost.first?.detail.hasPrefix("remake") == true, "\(lost)")
    }

    /// The text of `results` with `from` replaced by `to` once, read back.
    static func reread(_ results: RunResults, replacing from: String, with to: String) throws(ResultsError) -> RunResults {
        let text = results.json()
        precondition(text.contains(from), "the results file has no \(from)")
        return try RunResults(json: Array(text.replacing(from, with: to, maxReplacements: 1).utf8), source: "forged.json")
    }

    /// Expects `results` with `from` replaced by `to` to be refused, with an error that mentions `field`.
    static func expectRefused(_ results: RunResults, replacing from: String, with to: String, mentioning field: String) {
        do {
            _ = try reread(results, replacing: from, with: to)
            Issue.record("\(to) in place of \(from) was read")
        } catch {
            #expect(error.description.contains(field) && error.description.contains("forged.json"), "\(error)")
        }
    }

    @Test func impossibleFiguresInAResultsFileAreRefusedByField() throws {
        var results = Self.run([Self.timing("cassowary", build: [0.25])])
        results.machineState = MachineState(load: 0.5, calibration: 0.125)
        _ = try Self.reread(results, replacing: "0.25", with: "0.25")   // the file as written reads
        for forged in ["\"nan\"", "-1", "1e300"] {
            Self.expectRefused(results, replacing: "0.25", with: forged, mentioning: "build_solve_s")
        }
        for forged in ["\"inf\"", "0", "-0.125"] {
            Self.expectRefused(results, replacing: "0.125", with: forged, mentioning: "calibration_s")
        }
    }

    /// Lifecycle figures are keyed by the operation's kind: they survive the file as the strings they always were, and
    /// a kind the harness does not know is refused with its field.
    @Test func lifecycleKindsAreTypedAndKeepTheirStrings() throws {
        let results = Self.run([Self.timing("cassowary", lifecycle: [.removeAdd: [0.5], .remake: [0.25]])])
        let text = results.json()
        #expect(text.contains("\"remove-add\"") && text.contains("\"remake\""))
        let read = try RunResults(json: Array(text.utf8), source: "typed.json")
        #expect(read.timings[0].lifecycle == [.removeAdd: [0.5], .remake: [0.25]])
        Self.expectRefused(results, replacing: "\"remake\"", with: "\"remodel\"", mentioning: "lifecycle_s.remodel")
    }

    /// The build configuration is one of two: a file saying anything else is refused, not read as a debug build.
    @Test func theBuildConfigurationIsTyped() throws {
        let results = Self.run([Self.timing("cassowary")])
        #expect(results.configuration == .release)
        #expect(try RunResults(json: Array(results.json().utf8), source: "r.json").configuration == .release)
        Self.expectRefused(results, replacing: "\"release\"", with: "\"relaese\"", mentioning: "configuration is relaese")
    }

    @Test func aReportOnExtremeButValidFiguresIsWritten() throws {
        var results = Self.run([Self.timing("cassowary", build: [1e-7]), Self.timing("slow", build: [86_000])])
        results.conformance[0].maxError = .infinity   // a peer that answered NaN: an infinite error
        let report = Report(results: results)
        let markdown = report.markdown(chartFiles: [])
        #expect(markdown.contains("∞"), "the infinite error is shown as such")
        let chart = try #require(Charts(results: results).usesChart())
        #expect(chart.contains("10^12×"), "the axis stops at 12 decades")
        #expect(!chart.contains("nan") && !chart.contains("inf"))
        #expect(!report.terminalSummary().isEmpty)
    }

    @Test func aSolversMessageCannotAddMarkupToTheMarkdownReport() {
        let message = "<script>alert(1)</script></table>\n# heading\n| a | b |\n`code`"
        let document = ReportDocument(title: "t", blocks: [.bullets([message]), .paragraph(message),
                                                             .table(.init(headers: ["x"], rows: [[message]], numeric: []))])
        let lines = document.markdown().split(separator: "\n")
        #expect(!lines.contains { $0.hasPrefix("# heading") || $0.hasPrefix("#heading") }, "a heading got in")
        #expect(!document.markdown().contains("<script"), "raw HTML got in")
        #expect(lines.filter { $0.hasPrefix("|") }.count == 3, "a cell broke the table: \(lines)")
    }

    @Test func backEndNamesAreWordsOfTheirOwn() {
        for good in ["kiwi", "kiwi-native", "my_solver2"] { #expect(BackEnd.isValidName(good), "\(good)") }
        for bad in ["", "../../pwned", "a b", "x/y", "kiwi\n# heading", "é", String(repeating: "a", count: 65)] {
            #expect(!BackEnd.isValidName(bad), "\(bad)")
        }
    }
}
