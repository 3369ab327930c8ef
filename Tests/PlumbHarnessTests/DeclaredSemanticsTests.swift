import Testing
import PlumbSystem
import PlumbSolver
import PlumbFrontEnd
import PlumbCorpus
@testable import PlumbHarness

/// What a program declares of its answers in its hello (`resolution`, `drops_unsatisfiable`), as the judge allows
/// for it: whole pixels within half a pixel, a silently dropped required constraint named as such.
@Suite(.serialized) struct DeclaredSemanticsJudging {
    /// `b` sits at a third of a point and is a tenth wide: rounded to whole pixels they are 0, within half a pixel.
    func verdict(_ layout: String, flags: String) throws -> Verdict {
        let e = try entry(layout)
        let backEnd = BackEnd.external(name: "pixels", command: protocolSolver(flags))
        guard case .success(let observations) = CorpusRunner().observe(e, with: backEnd) else {
            Issue.record("the fixture did not run with \(flags)")
            return Verdict(outcome: .fail, differences: [], maxError: 0)
        }
        return Judge().judge(observations[0], against: e.expectations[0].expectation, capabilities: backEnd.capabilities)
    }

    @Test func wholePixelsAreRightWithinHalfAPixelOnlyWhenDeclared() throws {
        // Rounded and declared: b.y 0 for 1/3, b.width 0 for 1/10, each within half a pixel; the required rows
        // rounding breaks stay within the allowance (1 × the sum of their coefficients' magnitudes).
        #expect(try verdict(pinned, flags: "--round --declare-pixels").outcome == .pass)
        // Rounded but not declared: the same answer is wrong, by the third of a point.
        let undeclared = try verdict(pinned, flags: "--round")
        #expect(undeclared.outcome == .fail)
        #expect(undeclared.differences.contains { $0.kind == .frame && $0.subject == "b.y" })
        // Declared, but a whole pixel off (b.x one more before rounding): wrong.
        let off = try verdict(pinned, flags: "--round --declare-pixels --wrong-var b.x")
        #expect(off.outcome == .fail)
        #expect(off.differences.map(\.subject) == ["b.x"])
    }

    static let conflicted = """
    layout conflicted
    root 100 100
    view a
    make a {
      make.left.equalTo(10); make.top.equalTo(20); make.width.equalTo(50); make.height.equalTo(30);
    }
    make a {
      make.width.equalTo(60);
    }
    expect unsatisfiable {
      "a.width == 60"
    }
    """

    @Test func aDroppedRequiredConstraintIsNamedSoWhenDeclared() throws {
        // The fixture finds the conflict: infeasible, as expected.
        #expect(try verdict(Self.conflicted, flags: "").outcome == .pass)
        // It drops the failing row and answers frames, saying in its hello that it does: a wrong answer, named.
        let declared = try verdict(Self.conflicted, flags: "--drops --declare-drops")
        #expect(declared.outcome == .fail)
        #expect(declared.differences.map(\.kind) == [.droppedRequired])
        #expect(declared.differences[0].text.contains("dropped a required constraint"))
        // The same answer without the declaration is a missed conflict.
        let undeclared = try verdict(Self.conflicted, flags: "--drops")
        #expect(undeclared.differences.map(\.kind) == [.missedConflict])
        // Both kinds read back from a results line written by this judge.
        #expect(Difference.untyped(declared.differences[0].text).kind == .droppedRequired)
        #expect(Difference.untyped(undeclared.differences[0].text).kind == .missedConflict)
    }

    @Test func theHelloDeclaresAPositiveResolution() throws {
        func hello(_ supports: String) throws(ExternalSolver.Failure) -> ExternalSolver.Hello {
            try ExternalSolver.readHello(Array("{\"protocol\": \"plumb-solver/1\", \"supports\": {\(supports)}}".utf8))
        }
        #expect(try hello("\"resolution\": 1, \"drops_unsatisfiable\": true").resolution == 1)
        #expect(try hello("\"resolution\": 0.5").resolution == 0.5)
        #expect(try hello("\"drops_unsatisfiable\": true").dropsUnsatisfiable)
        #expect(try hello("").resolution == nil)
        #expect(try !hello("").dropsUnsatisfiable)
        for bad in ["0", "-1", "1e400"] {
            #expect(throws: ExternalSolver.Failure.self) { try hello("\"resolution\": \(bad)") }
        }
    }

    @Test func theRoundingAllowanceIsTheStepTimesEachLevelsCoefficients() throws {
        let system = try pinnedSystem()  // required rows with coefficients 1; 1, 1; 1, 2, 1
        let declared = PlumbHarness.DeclaredSemantics(resolution: 0.5, dropsUnsatisfiable: false, system: system)
        #expect(declared.roundingAllowance == [.required: 0.5 * (1 + 2 + 4)])
        #expect(PlumbHarness.DeclaredSemantics(resolution: nil, dropsUnsatisfiable: true, system: system).roundingAllowance.isEmpty)
    }

    @Test func theDeclarationsAreKeptInTheResultsAndShownInTheReport() throws {
        var hello = ExternalSolver.Hello(solver: "gtk", version: "4.8.3", levels: 3, strictPriorities: false, exact: false,
                                         edits: true, remove: true, setConstant: true)
        #expect(!hello.declaration.contains("pixels"))
        hello.resolution = 1
        hello.dropsUnsatisfiable = true
        #expect(hello.declaration == "gtk 4.8.3: floating point, weighted priorities, at most 3 priority levels, edits, removal, "
                + "constant changes, whole pixels, drops a required constraint it cannot satisfy, silently")
        var results = ResultsFiles.sample()
        results.declarations = ["cassowary": hello.declaration]
        let read = try RunResults(json: Array(results.json().utf8), source: "memory")
        #expect(read.declarations == results.declarations)
        #expect(Report(results: read).markdown(chartFiles: []).contains("- cassowary: gtk 4.8.3: floating point"))
    }
}
