import Testing
import PlumbSystem
import PlumbText
import PlumbFrontEnd
import PlumbBackEnds
@testable import PlumbHarness

/// A conflict that hides behind a default: every guessed number is tried again at a second value.
@Suite struct GuessedValuesChecking {
    /// `guide.leading == guide.leading + urlBarMargin`: true at 0 (the default), false at any other margin.
    static let hidden = """
    layout hidden
    root 100 100
    view guide
    [guide mas_makeConstraints:^(MASConstraintMaker *make) {
        make.top.left.equalTo(@0);
        make.size.equalTo(@10);
    }];
    [guide mas_makeConstraints:^(MASConstraintMaker *make) {
        make.leading.equalTo(guide.mas_leading).offset(urlBarMargin);
        make.width.equalTo(guide.mas_height).multipliedBy(scale);
    }];
    """

    @Test(arguments: ["exact", "cassowary"])
    func aConflictBehindADefaultIsNamed(_ name: String) throws {
        let type = try #require(PlumbBackEnds.all.first { $0.name == name })
        let finding = GuessedValues.check(text: Self.hidden, file: "hidden.layout", bindings: ParameterBindings(), solver: type)
        // urlBarMargin alone conflicts at 10; scale alone (width == 2 × height against both 10) conflicts at 2 as well
        guard case .hiddenConflict(let names, let defaults, let values, let conflict) = finding else {
            Issue.record("no hidden conflict found: \(String(describing: finding))")
            return
        }
        #expect(names == ["urlBarMargin", "scale"] && defaults == ["0", "1"] && values == ["10", "2"])
        #expect(conflict == ["guide.leading == guide.leading + 10"])
        #expect(finding!.description.contains("conflicts when urlBarMargin ≠ 0 and scale ≠ 1"))
    }

    @Test func boundValuesAreNotGuessesAndAConflictThatNeedsTheGuessIsSaidSo() throws {
        // both bound to what the app gives: nothing guessed, nothing to say
        let bound = ParameterBindings(["urlBarMargin": "0", "scale": "1"])
        #expect(GuessedValues.check(text: Self.hidden, file: "h.layout", bindings: bound, solver: ProposedExactSolver.self) == nil)
        // a conflict only at the default: b.left == a.right + gap and b.left == a.right + 10 hold together only at
        // gap = 10, which is the second value tried, so the conflict at the default 0 depends on the guess
        let needs = """
        layout needs
        root 100 100
        view a
        view b
        [a mas_makeConstraints:^(MASConstraintMaker *make) { make.top.left.equalTo(@0); make.size.equalTo(@10); }];
        [b mas_makeConstraints:^(MASConstraintMaker *make) {
            make.left.equalTo(a.mas_right).offset(gap);
            make.left.equalTo(a.mas_right).offset(10);
            make.top.equalTo(@0); make.size.equalTo(@10);
        }];
        """
        #expect(GuessedValues.check(text: needs, file: "n.layout", bindings: ParameterBindings(), solver: ProposedExactSolver.self)
                == .conflictDependsOnGuesses(names: ["gap"]))
    }

    @Test func secondValuesAreDistinctAndNonDegenerate() {
        let at = SourceLocation(file: "f", line: 1, column: 1)
        let uses = [ParameterUse(name: "a", role: .number, location: at, isBound: false),
                    ParameterUse(name: "k", role: .factor, location: at, isBound: false),
                    ParameterUse(name: "a", role: .number, location: at, isBound: false),
                    ParameterUse(name: "b", role: .number, location: at, isBound: false),
                    ParameterUse(name: "c", role: .number, location: at, isBound: true),
                    ParameterUse(name: "p", role: .priority, location: at, isBound: false)]
        let seconds = GuessedValues.secondValues(uses)
        #expect(seconds.map(\.name) == ["a", "k", "b"] && seconds.map(\.second) == ["10", "2", "11"])
        #expect(seconds.map(\.taken) == ["0", "1", "0"])
    }
}
