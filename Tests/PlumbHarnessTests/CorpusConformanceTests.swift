import Testing
import PlumbSystem
import PlumbSolver
import PlumbCorpus
import PlumbBackEnds
@testable import PlumbHarness

/// The corpus through every back end of this build: no layout pinned as passing in results/baseline/NAME.txt
/// may stop passing (what `bench check` does, as a test).
@Suite struct CorpusConformance {
    static let checkout = "/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/")

    @Test(arguments: PlumbBackEnds.all.map { $0.name })
    func noLossAgainstThePinnedBaseline(_ name: String) throws {
        let type = try #require(PlumbBackEnds.named(name))
        let corpus = try Corpus(root: CorpusConformance.checkout + "/corpus")
        var options = RunPlan(backEnds: [.native(type)])
        options.oracle = PlumbBackEnds.all.first { $0.capabilities.exact }
        options.timeCorpus = false
        var results = RunResults(date: "", machine: "", configuration: .debug, commit: "", policy: .standard)
        Harness(plan: options).run(corpus, into: &results)
        let outcomes = results.layoutOutcomes()[name] ?? [:]
        #expect(outcomes.count == corpus.entries.count)
        guard let bytes = Corpus.read(CorpusConformance.checkout + "/results/baseline/\(name).txt") else {
            Issue.record("no pinned baseline for \(name): run `swift run bench check --update-baseline`")
            return
        }
        let baseline = Baseline(backEnd: name, text: String(decoding: bytes, as: UTF8.self))
        #expect(!baseline.passing.isEmpty)
        let lost = baseline.losses(in: results, corpus: Set(corpus.entries.map(\.name)))
        #expect(lost.isEmpty, "\(lost.map { $0.message(backEnd: name, file: "results/baseline/\(name).txt") })")
    }
}
