import Testing
import PlumbSystem
import PlumbSolver
import PlumbBatch
import PlumbCorpus
import PlumbBackEnds
@testable import PlumbHarness
import PlumbFiles

/// Every layout-lp/1 reproducer `bench fuzz` left in corpus/regressions/ stays fixed: the exact back end's answer
/// keeps every required row exactly, and every other back end agrees with it as the fuzzer judges (a
/// relaxation answer labelled not converged or approximate is no claim, so it passes).
@Suite struct RegressionReplay {
    static func files() -> [String] {
        guard let root = Corpus.defaultRoot() else { return [] }
        return Corpus.files(under: root + "/regressions", suffix: ".json").map { root + "/regressions/" + $0 }
    }

    @Test func thereAreReproducersToReplay() {
        #expect(!Self.files().isEmpty)
    }

    @Test(arguments: files())
    func reproducerStaysFixed(_ path: String) throws {
        let bytes = try #require(readFileBytes(atPath: path))
        let system = try LinearSystem(layoutLP: bytes, source: path)
        let exact = try #require(PlumbBackEnds.named("exact"))
        let result = SystemRunner(roundValues: .none).run(system, solver: exact)
        #expect(result.status == .ok, "\(result.message)")
        let values = Dictionary(uniqueKeysWithValues: result.values.map { ($0.name, $0.value) })
        for c in system.constraints where c.priority.isRequired {
            let violation = try c.violation(at: { (v: VariableID) -> Rational in
                guard case .exact(let r)? = values[system.variables[v.index]] else { return .zero }
                return r
            })
            #expect(violation == .zero, "\(c.label ?? "?") is violated by \(violation)")
        }
        let fuzzer = DifferentialFuzzer(reference: exact, backEnds: [])
        for type in PlumbBackEnds.all where !type.capabilities.exact {
            if case .differs(let why) = fuzzer.disagreement(system, type) { Issue.record("\(type.name): \(why)") }
        }
    }
}
