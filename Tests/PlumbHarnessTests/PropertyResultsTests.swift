import Testing
import PlumbSystem
@testable import PlumbHarness

/// The property figures in results files, reports and comparisons.
@Suite struct PropertyResults {
    static func findings(wrong: Int = 0, stopped: [String] = []) -> PropertyFindings {
        var f = PropertyFindings(solver: "cassowary")
        f.termination = .init(answered: 18 - stopped.count, cases: 18, stopped: stopped, bound: 2)
        f.processes = .init(identical: 8, workloads: 8, processes: 3)
        f.permutations = .init(layouts: 170, permutations: 4, wrong: wrong, wrongExamples: wrong > 0 ? ["a: x = 1, exactly 2"] : [],
                               ambiguousLayouts: 19, jumps: 4)
        f.conflicts = .init(systems: 28, reported: 28, namedSets: 28, infeasible: 28, irreducible: 27)
        f.atomicity = .init(sequences: 30, atomic: 30, accepted: 0, failures: [])
        f.rounding = .init(values: 9693, across: 2, acrossOffBoundary: 0)
        return f
    }

    static func results(_ findings: [PropertyFindings]) -> RunResults {
        var r = RunResults(date: "2026-11-28T00:00:00Z", machine: "m", configuration: .release, commit: "c", policy: .standard)
        r.properties = findings
        return r
    }

    @Test func aResultsFileKeepsEveryFigure() throws {
        var relaxation = PropertyFindings(solver: "relaxation")
        relaxation.rounding = .init(values: 10, across: 3, acrossOffBoundary: 1)
        let written = Self.results([Self.findings(wrong: 2, stopped: ["beale"]), relaxation])
        let read = try RunResults(json: Array(written.json(pretty: false).utf8), source: "test")
        #expect(read.properties == written.properties)
        #expect(read.properties[1].termination == nil && read.properties[1].rounding?.acrossOffBoundary == 1)
        // older files have none; a negative count is refused with its place
        let old = try RunResults(json: Array(Self.results([]).json().utf8), source: "old")
        #expect(old.properties.isEmpty)
        // a file written before `accepted` was counted reads it as 0
        let older = written.json(pretty: false).replacing(",\"accepted\":0", with: "")
        #expect(older != written.json(pretty: false))
        #expect(try RunResults(json: Array(older.utf8), source: "older").properties == written.properties)
        let forged = written.json(pretty: false).replacing("\"wrong\":2", with: "\"wrong\":-2")
        #expect(throws: ResultsError.self) { try RunResults(json: Array(forged.utf8), source: "forged") }
    }

    @Test func theReportShowsTheTableAndNamesWhatFails() {
        let report = Report(results: Self.results([Self.findings(), Self.findings(wrong: 3)]))
        let markdown = report.document().markdown()
        #expect(markdown.contains("## Properties"))
        #expect(markdown.contains("| cassowary | answers 18/18 within 2 s |"))
        #expect(markdown.contains("3 WRONG of 170 layouts × 5 orders"))
        #expect(markdown.contains("names a set 28/28, infeasible 28/28, irreducible 27/28"))
        #expect(report.recommendations().contains { $0.contains("fails determinism under insertion order") })
        #expect(report.terminalSummary().contains("cassowary: fails conflict explanations, determinism under insertion order")
                || report.terminalSummary().contains("fails determinism under insertion order"))
    }

    @Test func aRefusedCallTakenIsToldFromOneThatLeftAMark() {
        var f = Self.findings()
        f.atomicity = .init(sequences: 30, atomic: 0, accepted: 30, failures: [])
        #expect(PropertyTable.cells(f)[5] == "TOOK a call to refuse in 30/30")
        f.atomicity = .init(sequences: 30, atomic: 20, accepted: 4, failures: [])
        #expect(PropertyTable.cells(f)[5] == "TOOK a call to refuse in 4/30; CHANGED in 6/30")
        f.atomicity = .init(sequences: 30, atomic: 30, accepted: 0, failures: [])
        #expect(PropertyTable.cells(f)[5] == "unchanged in 30/30")
    }

    @Test func compareReportsAPropertyThatGotWorse() {
        let old = Self.results([Self.findings()])
        let worse = Comparison(old: old, new: Self.results([Self.findings(wrong: 1, stopped: ["kuhn"])]))
        #expect(worse.regressions.map(\.workload).sorted() == ["insertion order", "termination"])
        #expect(worse.regressions.allSatisfy { $0.kind == .propertyWorse && $0.backEnd == "cassowary" })
        let better = Comparison(old: Self.results([Self.findings(wrong: 1)]), new: old)
        #expect(better.regressions.isEmpty && better.changes.contains { $0.kind == .propertyBetter })
        var unprobed = Self.findings()
        unprobed.rounding = nil
        #expect(Comparison(old: old, new: Self.results([unprobed])).regressions.map(\.workload) == ["pixel rounding"])
        #expect(Comparison(old: old, new: Self.results([])).summary.contains { $0.contains("measured no properties") })
    }
}
