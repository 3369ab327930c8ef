import Testing
import PlumbSystem
import PlumbCorpus
@testable import PlumbHarness

/// kiwi's enaml-like benchmark as a corpus scenario with its own uses, and the report's section on a binding's cost.
@Suite struct ScenarioAndBinding {
    static func timing(_ workload: String, _ backEnd: String, build: [Double], rounds: Int = 6, edits: [Double] = [],
                       suite: RunResults.Timing.Suite = .corpus) -> RunResults.Timing {
        .init(suite: suite, workload: workload, family: "corpus", size: 9, constraints: 108, backEnd: backEnd, status: .ok,
              buildSolve: build, editRounds: rounds, editTotal: edits)
    }

    @Test func theEnamlLikeUsesReadTheScenarioOnly() {
        let scenario = Self.timing(Use.enamlLikeLayout, "cassowary", build: [3e-6, 1e-6, 2e-6], edits: [6e-6, 12e-6, 9e-6])
        #expect(scenario.median(for: .enamlLikeBuild) == 2e-6)
        #expect(scenario.median(for: .enamlLikeResize)! - 1.5e-6 < 1e-18)   // median total 9 µs over 6 sizes
        #expect(scenario.median(for: .corpus) == 2e-6)                          // it is a corpus layout like any other
        let other = Self.timing("screen-login-form", "cassowary", build: [1e-6], edits: [1e-6])
        #expect(other.median(for: .enamlLikeBuild) == nil && other.median(for: .enamlLikeResize) == nil)
        let scaled = Self.timing(Use.enamlLikeLayout, "cassowary", build: [1e-6], edits: [1e-6], suite: .scaling)
        #expect(scaled.median(for: .enamlLikeBuild) == nil)
    }

    @Test func theScenarioIsInTheCorpusWithTheBenchmarksShape() throws {
        let corpus = try Corpus(root: try #require(Corpus.defaultRoot()))
        let entry = try #require(corpus.entries.first { $0.name == Use.enamlLikeLayout })
        let system = try entry.script.lowered()
        // The shape of kiwi's benchmark: about 110 rows, two strong edits (width, height), six window sizes.
        #expect((100...115).contains(system.constraints.count))
        #expect(system.edits.map(\.priority) == [Priority(750), Priority(750)])
        let sizes = system.suggestionRounds.map { $0.map(\.value.description) }
        #expect(sizes == [["400", "600"], ["600", "400"], ["800", "1200"], ["1200", "800"], ["400", "800"], ["800", "400"]])
        // Three soft levels, so a peer that keeps three apart takes it.
        #expect(Set(system.constraints.map(\.priority)).filter { !$0.isRequired }.count == 3)
    }

    @Test func theBindingsCostIsTheRatioToTheNativeCallsWorkloadByWorkload() {
        var results = ResultsFiles.sample()
        results.timings = [
            Self.timing("a", "kiwi", build: [4e-6]), Self.timing("a", "kiwi-native", build: [1e-6]),
            Self.timing("b", "kiwi", build: [9e-6]), Self.timing("b", "kiwi-native", build: [1e-6]),
            Self.timing("c", "kiwi", build: [9e-6]),                       // no native figure: left out
            Self.timing("a", "cassowary", build: [5e-7]),
        ]
        let report = Report(results: results)
        #expect(report.bindingPairs.map(\.binding) == ["kiwi"])
        #expect(report.bindingRatios(.corpus, binding: "kiwi", native: "kiwi-native").sorted() == [4, 9])
        let md = report.markdown(chartFiles: [])
        #expect(md.contains("## What a binding costs"))
        #expect(md.contains("| kiwi | kiwi-native | corpus layouts | 6.00× |"))         // √(4 · 9)
        var alone = results
        alone.timings.removeAll { $0.backEnd == "kiwi-native" }
        #expect(!Report(results: alone).markdown(chartFiles: []).contains("What a binding costs"))
    }
}
