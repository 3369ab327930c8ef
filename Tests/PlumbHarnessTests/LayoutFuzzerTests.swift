import Testing
import PlumbSystem
import PlumbSolver
import PlumbFrontEnd
import PlumbText
import PlumbCorpus
import PlumbBackEnds
@testable import PlumbHarness

/// Set off by any coefficient of ±2 (a multiplier); hits variable 5, v0's y in a random layout (the root has
/// 0...3, v0 4...7).
final class TwiceBlindSolver: PlantedBugSolver {
    override class var name: String { "twice-blind" }
    override class func triggers(_ c: LinearConstraint) -> Bool { c.terms.contains { abs($0.coefficient.doubleValue) == 2 } }
    override class var victim: VariableID { VariableID(5) }
}

@Suite struct LayoutFuzzing {
    let exact = PlumbBackEnds.named("exact")!

    @Test func layoutsAreDeterministicFromTheSeedAndParse() throws {
        let fuzzer = LayoutFuzzer(reference: exact, backEnds: [])
        #expect(fuzzer.randomLayout(seed: 3, index: 5) == fuzzer.randomLayout(seed: 3, index: 5))
        #expect(fuzzer.randomLayout(seed: 3, index: 5) != fuzzer.randomLayout(seed: 4, index: 5))
        var parsed = 0
        for index in 0..<50 {
            let text = fuzzer.randomLayout(seed: 1, index: index).text(name: "t")
            if (try? LayoutFile(file: "t.layout", name: "t").parse(text)) != nil { parsed += 1 }
        }
        // Chains are drawn to be grammatical; a few mix attribute families on purpose.
        #expect(parsed >= 45)
    }

    /// A random layout's text is the writer's: read back, it plays step by step to the systems its script does.
    @Test func randomLayoutsReadBackAsBuilt() throws {
        let fuzzer = LayoutFuzzer(reference: exact, backEnds: [])
        var compared = 0
        for index in 0..<200 {
            let layout = fuzzer.randomLayout(seed: 9, index: index)
            let built = layout.script(name: "t")
            let read = try LayoutFile(file: "t.layout", name: "t").parse(layout.text(name: "t"))
            func states(_ script: LayoutScript) throws -> [String] {
                let player = LayoutPlayer(script: script, tree: try script.makeTree())
                var states: [String] = []
                for (step, location) in script.steps {
                    do { try player.perform(step, at: location) } catch { return states + ["error: " + error.message] }
                    states.append(player.linearSystem().canonicalText)
                }
                return states
            }
            let expected = try states(built)
            #expect(try states(read) == expected, "\(layout.text(name: "t"))")
            if expected.last?.hasPrefix("error") == false { compared += 1 }
        }
        #expect(compared >= 150)
    }

    @Test func aPlantedBugIsFoundThroughTheFrontEndAndShrunk() throws {
        let fuzzer = LayoutFuzzer(reference: exact, backEnds: [TwiceBlindSolver.self], size: 5)
        let summary = fuzzer.run(seed: 21, count: 200)
        let finding = try #require(summary.findings.first)
        #expect(finding.shrunk.weight < finding.original.weight)
        guard case .differs = fuzzer.compare(finding.shrunk, TwiceBlindSolver.self) else {
            Issue.record("the shrunk layout no longer disagrees:\n\(finding.shrunk.text(name: "s"))")
            return
        }
        // The trigger survives shrinking: only a multiplier makes a coefficient ±2 here (2 on a size, or a position
        // multiplier of 3 or 1 in a common ancestor's space). The shrunk layout is small, and minimal as the shrinker
        // promises: no simplification of it disagrees any more.
        let text = finding.shrunk.text(name: "s")
        #expect(text.contains("multipliedBy("), "\(text)")
        let chains = finding.shrunk.steps.reduce(0) { if case .block(_, _, let c) = $1 { $0 + c.count } else { $0 } }
        #expect(chains <= 2, "\(text)")
        #expect(finding.shrunk.steps.filter { $0 == .expect }.count == 1, "\(text)")
        for candidate in finding.shrunk.simplifications() {
            if case .differs = fuzzer.compare(candidate, TwiceBlindSolver.self) {
                Issue.record("a simpler layout still disagrees:\n\(candidate.text(name: "s"))")
            }
        }
    }

    @Test func cassowaryAgreesWithExactOnRandomLayouts() {
        let cassowary = PlumbBackEnds.named("cassowary")!
        let summary = LayoutFuzzer(reference: exact, backEnds: [cassowary]).run(seed: 77, count: 150)
        #expect(summary.cases == 150)
        #expect(summary.rejected < 15, "\(summary.rejections)")
        #expect(summary.findings.isEmpty, "\(summary.findings.map { "\($0.caseIndex): \($0.reason)\n\($0.shrunk.text(name: "s"))" })")
    }

    @Test func shrinkingMakesNumbersSimpler() {
        #expect(RandomLayout.simpler(Rational(floatLiteral: 12.5)) == [0, 1, 12, 6])
        #expect(RandomLayout.simpler(Rational(7)) == [0, 1, 3])
        #expect(RandomLayout.simpler(Rational(1)).isEmpty == false)
        #expect(RandomLayout.simpler(Rational(0)).isEmpty)
    }

    /// Found by the layout fuzzer: a view pinned in root coordinates inside a superview nothing places. Its
    /// absolute x is unique (the suggestion), but its x relative to the superview ranges with the superview.
    @Test func aRelativeOriginIsAmbiguousWhenOnlyTheSuperviewMoves() throws {
        let text = """
        root 390 370
        view v0
        view v1 in v0 intrinsic 90 10
        make v1 {
            make.right.equalTo(@0);
        }
        edit v1.x 999
        suggest v1.x -93
        expect {
        }
        """
        let script = try LayoutFile(file: "t.layout", name: "t").parse(text)
        let observed = try CorpusRunner().observe(try CorpusEntry(path: "t.layout", script: script), with: .native(exact)).get()
        let ambiguous = try #require(observed.first?.ambiguous)
        // By hand: v0.x is free, so v1's relative x = −93 − v0.x takes every value; its width (90) is unique.
        let range = try #require(ambiguous["v1"]?[.x])
        #expect(range.min.doubleValue == -.infinity && range.max.doubleValue == .infinity)
        #expect(ambiguous["v1"]?[.width] == nil)
    }

    /// The converse: both origins move, but together (v1.left == v0.left + 10 required), so the relative x is
    /// unique (10) and not reported, while v0.x itself is (−∞, ∞).
    @Test func aRelativeOriginIsUniqueWhenItMovesWithItsSuperview() throws {
        let text = """
        root 390 370
        view v0
        view v1 in v0
        make v1 {
            make.left.equalTo(superview).offset(10);
            make.width.height.equalTo(@20);
            make.top.equalTo(superview);
        }
        expect {
        }
        """
        let script = try LayoutFile(file: "t.layout", name: "t").parse(text)
        let observed = try CorpusRunner().observe(try CorpusEntry(path: "t.layout", script: script), with: .native(exact)).get()
        let ambiguous = try #require(observed.first?.ambiguous)
        #expect(ambiguous["v1"]?[.x] == nil)
        #expect(ambiguous["v1"]?[.y] == nil)
        #expect(observed.first?.frames["v1"]?.x == .exact(10))
        let v0x = try #require(ambiguous["v0"]?[.x])
        #expect(v0x.min.doubleValue == -.infinity && v0x.max.doubleValue == .infinity)
    }

    /// Found by the layout fuzzer: a suggestion counts in its level's total. Level 750 holds top == 0, bottom == 550
    /// and the suggestion y == 204; by hand the least total is 204 (any y in [0, 204], height 550 − y), and both
    /// back ends reach it, wherever on that face they land.
    @Test(arguments: ["exact", "cassowary"])
    func aSuggestionCountsInItsLevel(_ name: String) throws {
        let text = """
        root 390 550
        view v0
        make v0 {
            make.top.and.bottom.equalTo(superview).inset(0).priorityHigh();
        }
        edit v0.y 750
        suggest v0.y 204
        expect {
        }
        """
        let script = try LayoutFile(file: "t.layout", name: "t").parse(text)
        let type = try #require(PlumbBackEnds.named(name))
        let observed = try CorpusRunner().observe(try CorpusEntry(path: "t.layout", script: script), with: .native(type)).get()
        let total = try #require(observed.first?.levelViolations[750])
        #expect(abs(total.doubleValue - 204) <= 1e-9, "\(name): \(total)")
    }
}
