import Testing
import PlumbSystem
import PlumbSolver
import RelaxationBackend

let levelSchemes: [RelaxationScheme] = [.hierarchical, .overRelaxed, .propagating]

@Suite("Priorities")
struct PriorityTests {
    /// x + y == 100 required, x == 70 @750, y == 50 @500: the strong level takes x = 70, so y = 30 (the
    /// medium level is violated by 20, and only it).
    @Test("Two levels against a required sum", arguments: levelSchemes)
    func twoLevels(scheme: RelaxationScheme) throws {
        let s = try solver(scheme, [row([(0, 1), (1, 1)], -100, .equal), bound(0, .equal, 70, .high), bound(1, .equal, 50, .medium)])
        let report = try s.solve()
        #expect(report.converged, "\(report.message)")
        #expect(close(s.double(0), 70) && close(s.double(1), 30))
        #expect(s.lastResiduals.map(\.violation)[1] < 1e-6 && close(s.lastResiduals[2].violation, 20))
    }

    @Test("The textbook sweep compromises across the two levels instead")
    func twoLevelsTextbook() throws {
        let s = try solver(.textbook, [row([(0, 1), (1, 1)], -100, .equal), bound(0, .equal, 70, .high), bound(1, .equal, 50, .medium)])
        _ = try s.solve()
        #expect(close(s.double(0) + s.double(1), 100))
        #expect(s.double(0) < 69)
    }

    /// One strong x == 0 against three medium x == 10: lexicographically 0, however many medium rows.
    @Test("One strong constraint beats three medium ones", arguments: levelSchemes)
    func strongBeatsMany(scheme: RelaxationScheme) throws {
        let s = try solver(scheme, [bound(0, .equal, 10, .medium), bound(0, .equal, 10, .medium), bound(0, .equal, 10, .medium),
                                    bound(0, .equal, 0, .high)])
        let report = try s.solve()
        #expect(report.converged)
        #expect(close(s.double(0), 0))
    }

    /// Sweeps in increasing priority, soft steps damped by 1/2: each sweep maps x to x/8 + 52.5 (weak:
    /// (x + 60)/2, medium: halfway to 80, strong: halfway to 50), whose fixed point is 60.
    static let threeLevels = [bound(0, .lessOrEqual, 50, .high), bound(0, .greaterOrEqual, 80, .medium), bound(0, .equal, 60, .low)]

    @Test("Three levels: textbook settles on 60 (and says it converged, with the strong level violated by 10)")
    func threeLevelsTextbook() throws {
        let s = try solver(.textbook, Self.threeLevels)
        let report = try s.solve()
        #expect(report.converged)
        #expect(close(s.double(0), 60))
        #expect(s.lastResiduals.map(\.priority) == [.required, .high, .medium, .low])
        #expect(close(s.lastResiduals[1].violation, 10))  // the strong level gave way
    }

    @Test("Three levels: level by level gives the lexicographic 50", arguments: levelSchemes)
    func threeLevels(scheme: RelaxationScheme) throws {
        let s = try solver(scheme, Self.threeLevels)
        let report = try s.solve()
        #expect(report.converged, "\(report.message)")
        #expect(close(s.double(0), 50))
        #expect(s.lastResiduals[1].violation < 1e-6 && close(s.lastResiduals[2].violation, 30))
    }

    /// A lower level would like to undo a frozen violation: x == 10 @750 and x == 0 @500 conflict with
    /// x >= 20 required (x = 20, the strong row violated by 10); y == x @250 and y == 100 @250 pull x up, but
    /// may only trade within their own level (y anywhere in [20, 100]), never move x.
    @Test("A lower level cannot undo a higher one", arguments: levelSchemes)
    func noUndo(scheme: RelaxationScheme) throws {
        let s = try solver(scheme, [bound(0, .greaterOrEqual, 20), bound(0, .equal, 10, .high), bound(0, .equal, 0, .medium),
                                    row([(1, 1), (0, -1)], 0, .equal, .low), bound(1, .equal, 100, .low)])
        let report = try s.solve()
        #expect(report.converged, "\(report.message)")
        #expect(close(s.double(0), 20))
    }

    @Test("Edits are a level of their own: the edit (999) beats the stay (250)", arguments: RelaxationScheme.allCases)
    func editBeatsStay(scheme: RelaxationScheme) throws {
        let s = try solver(scheme, [bound(0, .equal, 320, .low)])
        try s.addEditVariable(VariableID(0), priority: 999)
        #expect(try s.solve().converged)
        #expect(close(s.double(0), 320))
        try s.suggest(300, for: VariableID(0))
        _ = try s.solve()
        if scheme == .textbook {
            #expect(s.double(0) > 300.5)  // the weighted compromise: no hierarchy
        } else {
            #expect(close(s.double(0), 300))
        }
    }
}
