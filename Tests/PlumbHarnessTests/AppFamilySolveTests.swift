import Testing
import PlumbSystem
import PlumbSolver
import PlumbFrontEnd
import PlumbCorpus
import PlumbBackEnds

/// The app family is feasible by construction; the exact back end, which knows nothing of how it was built,
/// confirms it: every small layout and screens of 10 to 500 views lay out with no unsatisfied required constraint.
/// (The 500-view screen dominates the time in a debug build.)
@Suite struct AppFamilySolve {
    func exactEngine(_ layout: GeneratedLayout) throws -> LayoutEngine {
        let exact = try #require(PlumbBackEnds.named("exact"))
        return LayoutEngine(tree: layout.tree, solver: exact.init())
    }

    @Test func everySmallLayoutSolvesWithNoUnsatisfiedRequiredConstraint() throws {
        for layout in AppFamily.smallLayouts(count: 2_000, seed: 1) {
            let unsatisfied = try exactEngine(layout).layout()
            #expect(unsatisfied.isEmpty, "\(layout.name): \(unsatisfied.map(\.constraint))")
        }
    }

    @Test(arguments: [(10, 1), (10, 2), (10, 3), (100, 1), (100, 2), (500, 1)] as [(Int, UInt64)])
    func screensSolveWithNoUnsatisfiedRequiredConstraint(_ size: Int, _ seed: UInt64) throws {
        let layout = try Family.app.generate(size: size, seed: seed)
        let unsatisfied = try exactEngine(layout).layout()
        #expect(unsatisfied.isEmpty, "\(layout.name) seed \(seed): \(unsatisfied.map(\.constraint))")
    }
}
