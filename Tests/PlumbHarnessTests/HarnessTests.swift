import Testing
import PlumbSystem
import PlumbSolver
import PlumbBatch
import PlumbBackEnds
import PlumbFrontEnd
import PlumbText
import PlumbCorpus
@testable import PlumbHarness

let fixtures = "/" + #filePath.split(separator: "/").dropLast().joined(separator: "/") + "/Fixtures"

func entry(_ text: String) throws -> CorpusEntry {
    try CorpusEntry(path: "t.layout", script: try LayoutFile(file: "t.layout", name: "t").parse(text))
}

let pinned = """
layout pinned
root 100 100
view a
view b in a
make a {
  make.left.equalTo(10); make.top.equalTo(20); make.width.equalTo(50); make.height.equalTo(30);
}
make b {
  make.left.equalTo(5); make.top.equalTo(1/3); make.width.equalTo(0.1); make.height.equalTo(2);
}
expect {
  a 10 20 50 30
  b 5 1/3 1/10 2
}
"""

func expectation(_ text: String) throws -> LayoutExpectation {
    let e = try entry(text)
    return e.expectations[0].expectation
}

func frame(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Frame {
    Frame(x: .float(x), y: .float(y), width: .float(w), height: .float(h))
}

let floating = SolverCapabilities(exact: false, strictPriorities: true, incremental: true, explainsConflicts: true, detectsAmbiguity: false)
let exactly = SolverCapabilities(exact: true, strictPriorities: true, incremental: false, explainsConflicts: true, detectsAmbiguity: true)

@Suite struct ConformanceJudge {
    let judge = Judge()

    @Test func aMatchingLayoutPassesWithinTheTolerance() throws {
        let e = try expectation(pinned)
        let o = Observation(frames: ["a": frame(10, 20, 50, 30), "b": frame(5, 1.0 / 3 + 1e-12, 0.1, 2)])
        let v = judge.judge(o, against: e, capabilities: floating)
        #expect(v.outcome == .pass)
        #expect(v.maxError < 1e-11)
    }

    @Test func exactBackEndsMustMatchExactly() throws {
        let e = try expectation(pinned)
        let near = Frame(x: .exact(5), y: .exact(try Rational(parsing: "0.3333333333333333")), width: .exact(try Rational(1, 10)), height: .exact(2))
        let o = Observation(frames: ["a": Frame(x: .exact(10), y: .exact(20), width: .exact(50), height: .exact(30)), "b": near])
        #expect(judge.judge(o, against: e, capabilities: exactly).outcome == .fail)
    }

    @Test func aWrongFrameFailsAndSaysWhere() throws {
        let e = try expectation(pinned)
        let o = Observation(frames: ["a": frame(10, 20, 50, 31), "b": frame(5, 1.0 / 3, 0.1, 2)])
        let v = judge.judge(o, against: e, capabilities: floating)
        #expect(v.outcome == .fail)
        #expect(v.reasons == ["a.height = 31.0, expected 30 (t.layout:12:3)"])
        #expect(v.maxError == 1)
    }

    @Test func requiredViolationsAndLevelOptimaAreRules() throws {
        let e = try expectation(pinned)
        var o = Observation(frames: ["a": frame(10, 20, 50, 30), "b": frame(5, 1.0 / 3, 0.1, 2)],
                            levelViolations: [.required: .float(0.5)])
        #expect(judge.judge(o, against: e, capabilities: floating).reasons.contains { $0.contains("required constraints violated") })
        o.levelViolations = [.required: .float(0), .low: .float(12)]
        let reference = Observation(levelViolations: [.required: .exact(0), .low: .exact(10)])
        let v = judge.judge(o, against: e, capabilities: floating, reference: reference)
        #expect(v.outcome == .fail)
        #expect(v.reasons == ["level 250 violation 12.0, the exact optimum is 10"])
    }

    @Test func ambiguityIsNotComparedButMustBeReportedByADetector() throws {
        let e = try expectation("""
        root 100 100
        view a
        make a {
          make.left.top.equalTo(0); make.height.equalTo(10); make.width.lessThanOrEqualTo(50);
        }
        expect {
          a 0 0 ? 10
          ambiguous a.width -inf 50
        }
        """)
        let o = Observation(frames: ["a": frame(0, 0, 17, 10)])
        #expect(judge.judge(o, against: e, capabilities: floating).outcome == .pass)
        #expect(judge.judge(o, against: e, capabilities: exactly).reasons == ["a.width is ambiguous but was not reported so"])
        var reported = o
        reported.ambiguous = ["a": [.width: (min: .float(-.infinity), max: .exact(50))]]
        #expect(judge.judge(reported, against: e, capabilities: exactly).outcome == .pass)
        // An exact back end must give the hand-derived range itself.
        reported.ambiguous = ["a": [.width: (min: .exact(0), max: .exact(50))]]
        #expect(judge.judge(reported, against: e, capabilities: exactly).reasons.first?.contains("ranges over [0, 50], expected [-inf, 50]") == true)
    }

    @Test func conflicts() throws {
        let e = try expectation("""
        root 100 100
        view a
        make a {
          make.width.equalTo(10); make.width.equalTo(20);
        }
        expect unsatisfiable {
          "a.width == 10"
        }
        """)
        let feasible = Observation(frames: ["a": frame(0, 0, 10, 0)])
        #expect(judge.judge(feasible, against: e, capabilities: floating).outcome == .fail)
        let unexplained = Observation(unsatisfied: [UnsatisfiedConstraint(constraint: "a.width == 20", conflictsWith: nil, location: nil)])
        #expect(judge.judge(unexplained, against: e, capabilities: floating).outcome == .fail)
        #expect(judge.judge(unexplained, against: e, capabilities: SolverCapabilities(exact: false, strictPriorities: false, incremental: false, explainsConflicts: false, detectsAmbiguity: false)).outcome == .pass)
        var explained = Observation(unsatisfied: [UnsatisfiedConstraint(constraint: "a.width == 20", conflictsWith: ["a.width == 10"], location: nil)])
        #expect(judge.judge(explained, against: e, capabilities: floating).outcome == .pass)
        explained.conflictIrreducible = false
        #expect(judge.judge(explained, against: e, capabilities: floating).outcome == .fail)
    }

    @Test func notConvergedIsItsOwnOutcome() throws {
        let e = try expectation(pinned)
        let o = Observation(frames: [:], converged: false, message: "60000 sweeps")
        #expect(judge.judge(o, against: e, capabilities: floating).outcome == .notConverged)
    }
}

@Suite struct HarnessStatistics {
    @Test func summary() {
        let s = Summary([5, 1, 3, 2, 4])!
        #expect(s.median == 3 && s.minimum == 1 && s.maximum == 5 && s.lowerQuartile == 2 && s.upperQuartile == 4)
        #expect(Summary([1, 2, 3, 4])!.median == 2.5)
        #expect(Summary([]) == nil)
        #expect(Summary([.nan]) == nil)
    }

    @Test func ratiosNeedTheWholeRangeBeyondTheThreshold() {
        let fast = Summary([1.0, 1.1, 0.9, 1.0, 1.05])!
        let slow = Summary([2.0, 2.1, 1.9, 2.05, 2.0])!
        let r = SpeedRatio(fast, slow)!
        #expect(abs(r.ratio - 2) < 1e-12)
        #expect(r.isSignificant(threshold: 1.2))
        let noisy = Summary([1.0, 3.0, 0.5, 2.0, 1.1])!
        #expect(!SpeedRatio(noisy, slow)!.isSignificant(threshold: 1.2))
    }

    @Test func growthExponents() {
        let cubic = [10.0, 100, 1000].map { (n: $0, seconds: 2e-9 * $0 * $0 * $0) }
        #expect(abs(growthExponent(cubic)! - 3) < 1e-9)
        let linear = [1000.0, 10_000, 100_000].map { (n: $0, seconds: 1e-6 * $0) }
        #expect(abs(growthExponent(linear)! - 1) < 1e-9)
        #expect(growthExponent([(n: 10, seconds: 1)]) == nil)
    }
}

@Suite struct ResultsFiles {
    static func sample(_ outcome: Verdict.Outcome = .pass, build: [Double] = [0.001, 0.0012, 0.0011]) -> RunResults {
        RunResults(date: "2026-11-22T00:00:00Z", machine: "test", configuration: .release, commit: "abc", policy: .standard,
                   conformance: [.init(layout: "pinned", backEnd: "cassowary", expectation: 0, line: 12, outcome: outcome,
                                       differences: outcome == .pass ? [] : [.untyped("a.x = 11, expected 10", kind: .frame)], maxError: outcome == .pass ? 0 : 1)],
                   timings: [.init(suite: .scaling, workload: "chain-1000", family: "chain", size: 1000, constraints: 4004, backEnd: "cassowary",
                                   status: .ok, buildSolve: build, editRounds: 60, editTotal: [0.01, 0.011, 0.012])])
    }

    @Test func jsonRoundTrip() throws {
        let results = ResultsFiles.sample(.fail)
        let read = try RunResults(json: Array(results.json().utf8), source: "memory")
        #expect(read == results)
        #expect(throws: ResultsError.self) { try RunResults(json: Array("{\"format\": \"other\"}".utf8), source: "x") }
    }

    @Test func manySamplesAreKeptAsOrderStatisticsWithTheirMedian() throws {
        // 201 runs of 1 µs … 201 µs, shuffled: the file keeps 25 of them, least to greatest, with the median
        var build = (1...201).map { Double($0) * 1e-6 }
        build = build.enumerated().sorted { ($0.offset * 37) % 201 < ($1.offset * 37) % 201 }.map(\.element)
        let read = try RunResults(json: Array(ResultsFiles.sample(build: build).json().utf8), source: "memory")
        let kept = read.timings[0].buildSolve
        #expect(kept.count == RunResults.storedSamples)
        #expect(kept == kept.sorted() && kept.first == build.min() && kept.last == build.max())
        #expect(median(kept) == median(build), "the median of the kept samples is the median of the runs")
        #expect(read.timings[0].editTotal == [0.01, 0.011, 0.012], "a few samples are kept as they are")
    }

    @Test func compareFindsRegressionsAndIgnoresNoise() {
        let old = ResultsFiles.sample()
        #expect(Comparison(old: old, new: ResultsFiles.sample(build: [0.00105, 0.0011, 0.00115])).regressions.isEmpty)
        let slower = Comparison(old: old, new: ResultsFiles.sample(build: [0.003, 0.0031, 0.0029]))
        #expect(slower.regressions.map(\.kind) == [.slower])
        let lost = Comparison(old: old, new: ResultsFiles.sample(.fail))
        #expect(lost.regressions.map(\.kind) == [.conformanceLoss])
        #expect(Comparison(old: ResultsFiles.sample(.fail), new: old).changes.map(\.kind) == [.conformanceGain])
    }

    @Test func compareCountsWhatTheNewRunLacksAsLost() {
        let old = ResultsFiles.sample()
        // A new run without the layout, and one with no conformance at all: both lose `pinned` on cassowary.
        var empty = old
        empty.conformance = []
        let none = Comparison(old: old, new: empty).regressions
        #expect(none.map(\.kind) == [.conformanceLoss])
        #expect(none.first?.detail.contains("no conformance results for cassowary") == true)
        var other = old
        other.conformance[0].layout = "other"
        let missing = Comparison(old: old, new: other).regressions
        #expect(missing.map(\.workload) == ["pinned"])
        #expect(missing.first?.detail == "pass → missing from the new run")
    }

    @Test func baselines() {
        let baseline = Baseline(backEnd: "cassowary", text: "# comment\npinned\nother\n")
        #expect(baseline.passing == ["pinned", "other"])
        #expect(baseline.losses(in: ResultsFiles.sample(), corpus: ["pinned", "other"]) == [.noLongerPasses("other")])
        #expect(Baseline(backEnd: "cassowary", text: baseline.text) == baseline)
        #expect(Baseline(backEnd: "cassowary", text: "# comment\r\npinned\r\nother\r\n") == baseline)
    }

    /// A baseline entry the corpus does not have is reported as such (still a loss), not as "no longer passes", and
    /// a name with unprintable bytes is shown escaped; a layout a filter left out is not judged.
    @Test func baselineEntriesOutsideTheCorpusAndUnprintableNames() {
        let baseline = Baseline(backEnd: "cassowary", text: "pinned\nre\u{0}named\nfiltered\n")
        let losses = baseline.losses(in: ResultsFiles.sample(), corpus: ["pinned", "filtered"], played: ["pinned"])
        #expect(losses == [.notInCorpus("re\u{0}named")])
        let message = losses[0].message(backEnd: "cassowary", file: "results/baseline/cassowary.txt")
        #expect(message == #"results/baseline/cassowary.txt: baseline names 're\u{0}named', which is not in the corpus: remove it or restore the layout"#)
        #expect(!message.unicodeScalars.contains { $0.value < 0x20 })
        #expect(Baseline.Loss.noLongerPasses("a\u{7}b").message(backEnd: "exact", file: "f")
                == #"conformance loss: a\u{7}b no longer passes on exact"#)
    }

    @Test func reportRecommendsPerUseFromFigures() throws {
        var results = ResultsFiles.sample()
        results.timings.append(.init(suite: .scaling, workload: "chain-1000", family: "chain", size: 1000, constraints: 4004, backEnd: "kiwi",
                                     status: .ok, buildSolve: [80, 81, 82], editRounds: 60, editTotal: [1, 1, 1]))
        // The lifecycle of one screen: kiwi remakes in 0.05 ms, cassowary in 1.4 ms (28 times as long); updates are equal.
        for (name, remake) in [("cassowary", 0.0014), ("kiwi", 0.00005)] {
            results.timings.append(.init(suite: .lifecycle, workload: "independent-100", family: "independent", size: 100,
                                         constraints: 404, backEnd: name, status: .ok, buildSolve: [0.001, 0.001, 0.001],
                                         editRounds: 0, editTotal: [0, 0, 0],
                                         lifecycle: [.remake: [remake, remake, remake], .update: [0.00002, 0.00002, 0.00002]]))
        }
        results.conformance.append(.init(layout: "pinned", backEnd: "kiwi", expectation: 0, line: 12, outcome: .pass, differences: [], maxError: 0))
        let lines = Report(results: results).recommendations()
        // Uses in order: update, remake, resize, large builds.
        #expect(lines[0].hasPrefix("**Update constants: "))
        #expect(lines[1].hasPrefix("**Remake a view: kiwi**"))
        #expect(lines[1].contains("cassowary 28.0× [28.0–28.0]"))
        #expect(lines[2].hasPrefix("**Resize (per round): cassowary**"))
        #expect(lines[3].hasPrefix("**Large one-shot builds: cassowary**"))
        let losses = Report(results: results).losses()
        #expect(losses.map(\.backEnd) == ["cassowary", "kiwi"])
        #expect(losses[0].uses == ["remake a view (28.0× kiwi)"])
        #expect(losses[1].uses.first?.hasPrefix("resize (per round)") == true)
        #expect(!losses.flatMap(\.uses).contains { $0.hasPrefix("update constants") })
        let md = Report(results: results).markdown(chartFiles: ["scaling-chain.svg"])
        #expect(md.contains("## Which back end to embed"))
        #expect(md.contains("## How it was timed"))
        #expect(md.contains("### independent"))
        #expect(Charts(results: results).scalingCharts().map(\.0) == ["scaling-chain.svg"])
        // The leaderboard chart puts kiwi's remake at 28× cassowary's time: a dot per back end and use, named.
        let chart = try #require(Charts(results: results).usesChart())
        #expect(chart.contains("<title>cassowary: 28.0×</title>"))
        #expect(chart.components(separatedBy: "<circle").count - 1 == 2 * 4 + 2, "two back ends on four uses, and the legend")
        #expect(md.contains("### Remake a view: seconds per operation"))
        // The lifecycle record does not count as a scaling point.
        #expect(results.scalingPoints()["independent"] == nil)
    }

    @Test func lifecycleFiguresRoundTripAndCompare() throws {
        var results = ResultsFiles.sample()
        results.timings.append(.init(suite: .lifecycle, workload: "chain-1000", family: "chain", size: 1000, constraints: 4004,
                                     backEnd: "cassowary", status: .ok, buildSolve: [0.001, 0.001, 0.001], editRounds: 0,
                                     editTotal: [0, 0, 0], lifecycle: [.remake: [0.001, 0.0011, 0.0012]]))
        results.timing.repeats = 3
        var read = try RunResults(json: Array(results.json().utf8), source: "memory")
        // no suggestion rounds, no edit figure: the runs' zeros are not written
        #expect(read.timings[1].editTotal.isEmpty)
        read.timings[1].editTotal = [0, 0, 0]
        #expect(read == results)
        var slower = results
        slower.timings[1].lifecycle[.remake] = [0.003, 0.0031, 0.0032]
        let changes = Comparison(old: results, new: slower).regressions
        #expect(changes.count == 1)
        #expect(changes.first?.workload == "chain-1000 lifecycle")
        #expect(changes.first?.detail.hasPrefix("remake") == true)
    }
}

@Suite struct ScalingBudget {
    @Test func theNextSizeIsPredictedFromTheGrowthSoFar() {
        let harness = Harness(plan: RunPlan(backEnds: []))
        // 0.01 s → 0.8 s from 100 to 1,000 views is growth n^1.9: 10,000 views would take about 64 s.
        let predicted = harness.predict([(100, 0.01), (1000, 0.8)], at: 10_000)!
        #expect(predicted > 60 && predicted < 70)
        // Sub-linear history is extrapolated linearly at least.
        #expect(harness.predict([(100, 1), (1000, 2)], at: 10_000) == 20)
        #expect(harness.predict([], at: 10) == nil)
    }
}

@Suite struct ChartFileNames {
    @Test func aFamilyNameCannotLeaveTheOutputFolder() {
        var results = ResultsFiles.sample()
        results.timings[0].family = "../../escaped"
        let names = Charts(results: results).scalingCharts().map(\.0)
        #expect(names == ["scaling-______escaped.svg"])
        #expect(names.allSatisfy { !$0.contains("/") })
    }
}

@Suite struct FrameRenderingVerdicts {
    typealias Frame = (x: Double, y: Double, width: Double, height: Double)
    func answer(_ name: String, _ frames: [String: Frame], _ note: String? = nil) -> FrameRendering.Answer {
        .init(backEnd: name, frames: frames, note: note)
    }

    @Test func agreementIsClaimedOnlyWhenEveryBackEndDrewFrames() {
        let a: Frame = (0, 0, 100, 20), b: Frame = (0, 0, 100, 30)
        let none = FrameRendering(title: "t", rootWidth: 320, rootHeight: 480, answers: [
            answer("cassowary", [:], "infeasible: required constraint c1 cannot be satisfied"),
            answer("exact", [:], "infeasible: required constraint c1 cannot be satisfied"),
            answer("relaxation", [:], "not_converged: capped at 20,000 sweeps")])
        #expect(none.verdict.hasPrefix("No back end drew frames: cassowary (infeasible"))
        #expect(!none.verdict.contains("agree"))
        #expect(none.svg().contains("No back end drew frames"))
        let partial = FrameRendering(title: "t", rootWidth: 320, rootHeight: 480, answers: [
            answer("cassowary", ["v": a]), answer("exact", ["v": a]), answer("relaxation", [:], "not_converged: capped")])
        #expect(partial.verdict == "The 2 back ends that drew frames agree. Without frames: relaxation (not_converged: capped).")
        let all = FrameRendering(title: "t", rootWidth: 320, rootHeight: 480, answers: [answer("cassowary", ["v": a]), answer("exact", ["v": a])])
        #expect(all.verdict == "All back ends agree.")
        let differ = FrameRendering(title: "t", rootWidth: 320, rootHeight: 480, answers: [answer("cassowary", ["v": a]), answer("exact", ["v": b])])
        #expect(differ.verdict == "Disagree (dashed): v.")
    }

    @Test func theLegendFitsTheCanvas() throws {
        let note = "not_converged: " + String(repeating: "a long reason ", count: 12)
        let svg = FrameRendering(title: "t", rootWidth: 100, rootHeight: 100, answers: [answer("relaxation", [:], note)]).svg()
        // the canvas is at least as wide as the legend line at 7 px a character, plus its margins
        let width = try #require(svg.firstRange(of: "width=\"").map { svg[$0.upperBound...].prefix { $0 != "\"" } }.flatMap { Double($0) })
        #expect(width >= 7 * Double("relaxation — ".count + note.count))
    }
}

@Suite struct ComparingMachines {
    @Test func aSlowerMachineIsNotASlowerCommit() throws {
        var old = ResultsFiles.sample(build: [0.001, 0.0011, 0.0012])
        old.machineState = MachineState(load: 0.5, calibration: 0.010)
        var new = ResultsFiles.sample(build: [0.002, 0.0022, 0.0024])   // twice the time ...
        new.machineState = MachineState(load: 1.9, calibration: 0.020)  // ... on a machine that ran the loop twice as slow
        let adjusted = Comparison(old: old, new: new)
        #expect(adjusted.machineFactor == 2)
        #expect(adjusted.regressions.isEmpty)
        #expect(adjusted.summary.contains { $0.contains("calibration loop ran 2") && $0.contains("slower") && $0.contains("load 0.5") })
        #expect(adjusted.summary.contains { $0.hasPrefix("cassowary: 1") && $0.contains("machine-adjusted") })
        // the machine state survives the results file
        let read = try RunResults(json: Array(new.json().utf8), source: "memory")
        #expect(read.machineState == new.machineState)
        // without calibrations the same figures are a regression, and the summary says it cannot tell why
        let plain = Comparison(old: ResultsFiles.sample(build: [0.001, 0.0011, 0.0012]),
                               new: ResultsFiles.sample(build: [0.002, 0.0022, 0.0024]))
        #expect(plain.machineFactor == 1)
        #expect(plain.regressions.count == 1)
        #expect(plain.summary.first?.contains("no machine calibration") == true)
        #expect(plain.summary.contains { $0.hasPrefix("cassowary: 0.5") })
    }

    @Test func theSummarySaysWhichBackEndsARunLacks() {
        let old = ResultsFiles.sample()
        var new = ResultsFiles.sample()
        new.timings = new.timings.map { t in
            var t = t
            t.backEnd = "exact"
            return t
        }
        let summary = Comparison(old: old, new: new).summary
        #expect(summary.contains("the old run lacks exact"))
        #expect(!summary.contains { $0.hasPrefix("the new run lacks") }, "cassowary still has conformance results in the new run")
    }

    @Test func theCalibrationMeasuresSomething() {
        let seconds = MachineState.calibrate()
        #expect(seconds > 0 && seconds < 5)
        if let load = MachineState.loadAverage() { #expect(load >= 0) }
    }
}

@Suite struct ProgressLines {
    @Test func aLineSaysDoneOfTotalAndTheTimeLeftAtThePaceSoFar() {
        let p = HarnessProgress(phase: "corpus", done: 45, total: 333, detail: "masonry-basic · exact")
        // 45 steps in 9 s: 288 left at 0.2 s each
        #expect(p.line(elapsed: 12.34, phaseElapsed: 9) == "[12.3 s] corpus 45/333, about 58 s left · masonry-basic · exact")
        #expect(HarnessProgress(phase: "scaling chain", done: 2, total: 30, detail: "").line(elapsed: 100, phaseElapsed: 60)
                == "[100.0 s] scaling chain 2/30, about 14 min left")
        // no estimate before a step is done or a second has passed
        #expect(HarnessProgress(phase: "corpus", done: 0, total: 10, detail: "").secondsLeft(phaseElapsed: 5) == nil)
        #expect(HarnessProgress(phase: "corpus", done: 3, total: 10, detail: "").secondsLeft(phaseElapsed: 0.5) == nil)
    }

    @Test func theCorpusPhaseCountsEveryLayoutOnEveryBackEnd() throws {
        final class Seen: @unchecked Sendable { var steps: [HarnessProgress] = [] }
        let seen = Seen()
        var options = RunPlan(backEnds: [.native(try #require(PlumbBackEnds.named("cassowary"))),
                                                 .native(try #require(PlumbBackEnds.named("exact")))])
        options.filter = "masonry-basic"
        options.timeCorpus = false
        let corpus = try Corpus(root: try #require(Corpus.defaultRoot()))
        let entries = corpus.entries.filter { $0.matches("masonry-basic") }
        var results = RunResults(date: "", machine: "", configuration: .debug, commit: "", policy: .standard)
        Harness(plan: options) { seen.steps.append($0) }.run(corpus, into: &results)
        #expect(!entries.isEmpty)
        #expect(seen.steps.map(\.done) == Array(0..<(2 * entries.count)))
        #expect(seen.steps.allSatisfy { $0.phase == "corpus" && $0.total == 2 * entries.count })
    }
}
