import PlumbSystem
import PlumbSolver
import PlumbBatch
import PlumbFrontEnd
import PlumbCorpus

/// What an app does to a laid-out screen, frame after frame, as solver calls: the lifecycle workload.
///
/// Each frame updates the constants of `updatedViews` views (a constraint each, set one point further and back
/// on the next frame), remakes `remadeViews` views (their constraints removed and made again), takes one view
/// out with every constraint that names it and puts it back, and resizes the root through its edit variable. The
/// views are spread evenly over the tree. The calls are the ones `LayoutEngine` makes for `updateConstraints`,
/// `remakeConstraints` and `removeFromSuperview`, so every solver replays what the front end would send.
public struct LifecyclePlan: Sendable {
    public var frames = 6
    public var updatedViews = 3
    public var remadeViews = 1

    public init() {}

    /// The lifecycle of `layout`: its system (initial solve, no suggestion rounds) and the frames' operations.
    ///
    /// `verifier` (a fast back end) checks that each constant change keeps the required constraints satisfiable,
    /// so that no solver is asked to do something infeasible; a constraint whose change would conflict (a
    /// redundant equality) is passed over for the view's next one.
    /// - Complexity: O(constraints + terms) to index the layout, plus the verifier's cost of one build and a
    ///   constant change per candidate, and of playing the whole lifecycle once on a fresh verifier.
    public func workload(for layout: GeneratedLayout, verifier: any LayoutSolver.Type) throws(LifecycleError) -> Workload {
        var system = layout.linearSystem()
        let rounds = system.suggestionRounds
        system.suggestionRounds = []
        let tree = layout.tree
        let views = Array(tree.views.dropFirst())
        guard !views.isEmpty else { throw LifecycleError("\(layout.name) has no view to change") }
        // The constraints naming each view's variables, and those each view's own blocks made.
        var viewOfVariable = [Int](repeating: -1, count: system.variables.count)
        for (v, view) in views.enumerated() {
            for offset in 0..<4 { viewOfVariable[view.firstVariable + offset] = v }
            if let w = view.contentWidthVariable, let h = view.contentHeightVariable {
                viewOfVariable[w.index] = v
                viewOfVariable[h.index] = v
            }
        }
        var naming = [[Int]](repeating: [], count: views.count)
        for (i, constraint) in system.constraints.enumerated() {
            var seen: [Int] = []
            for term in constraint.terms {
                let v = viewOfVariable[term.variable.index]
                if v >= 0, !seen.contains(v) { seen.append(v); naming[v].append(i) }
            }
        }
        let made = layout.constraintsMadeByEachView()

        let verifying = verifier.init()
        do {
            try SystemRunner.build(system, into: verifying)
            _ = try verifying.solve()
        } catch {
            throw LifecycleError("\(layout.name) does not solve on \(verifier.name): \(error)")
        }
        var constants = system.constraints.map(\.constant)
        var live = system.constraints.indices.map { ConstraintID($0) }
        var nextID = system.constraints.count
        let slots = updatedViews + remadeViews + 1
        func spread(_ frame: Int, _ slot: Int) -> Int { ((frame * slots + slot) * views.count) / (frames * slots) }

        // The constraints each pair of frames moves and moves back: one per view, checked by the verifier.
        var moved: [[Int]] = []
        for pair in 0..<((frames + 1) / 2) {
            var chosen: [Int] = []
            var v = spread(2 * pair, 0)
            var tried = 0
            while chosen.count < updatedViews && tried < views.count {
                defer { v = (v + 1) % views.count; tried += 1 }
                for i in made[v] where !chosen.contains(i) {
                    guard let shifted = try? constants[i] + Rational(1) else { continue }
                    guard (try? verifying.setConstant(shifted, of: live[i])) != nil else { continue }
                    let fits = (try? verifying.solve()) != nil
                    try? verifying.setConstant(constants[i], of: live[i])
                    _ = try? verifying.solve()
                    if fits { chosen.append(i); break }
                }
            }
            moved.append(chosen)
        }

        var operations: [Workload.Operation] = []
        let rootWidth = tree.root.widthVariable
        for frame in 0..<frames {
            // update: a constant a point further on even frames, back on odd ones.
            var steps: [Workload.Step] = []
            for i in moved[frame / 2] {
                let value = frame % 2 == 0 ? (try? constants[i] + Rational(1)) ?? constants[i] : system.constraints[i].constant
                constants[i] = value
                steps.append(.setConstant(live[i], value))
            }
            operations.append(.init(kind: .update, steps: steps + [.solve]))
            // remake: the view's own constraints out, the same constraints in (under new ids).
            steps = []
            for slot in 0..<remadeViews {
                let v = spread(frame, updatedViews + slot)
                for i in made[v] { steps.append(.remove(live[i])) }
                for i in made[v] {
                    live[i] = ConstraintID(nextID)
                    nextID += 1
                    steps.append(.add(live[i], system.constraints[i].withConstant(constants[i])))
                }
            }
            operations.append(.init(kind: .remake, steps: steps + [.solve]))
            // remove-add: every constraint naming the view out (solve), then back (solve).
            let v = spread(frame, slots - 1)
            steps = naming[v].map { .remove(live[$0]) } + [.solve]
            for i in naming[v] {
                live[i] = ConstraintID(nextID)
                nextID += 1
                steps.append(.add(live[i], system.constraints[i].withConstant(constants[i])))
            }
            operations.append(.init(kind: .removeAdd, steps: steps + [.solve]))
            // resize: the next width of the family's resize animation.
            if let width = rounds.isEmpty ? nil : rounds[frame % rounds.count].first?.value {
                operations.append(.init(kind: .resize, steps: [.suggest(rootWidth, width), .solve]))
            }
        }
        var workload = Workload(system: system, operations: operations)
        workload.system.name = layout.name
        // The whole lifecycle once on the verifier: no solver is timed on a workload that fails.
        do {
            _ = try WorkloadPlayer.run(workload, on: verifier.init())
        } catch {
            throw LifecycleError("the lifecycle of \(layout.name) fails on \(verifier.name): \(error)")
        }
        return workload
    }
}

/// A layout whose lifecycle cannot be built.
public struct LifecycleError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}
