import PlumbSystem
import PlumbSolver
import PlumbBatch
import PlumbCorpus

/// Memory under churn: a view remade, or one constraint removed and added back, again and again on one solver, with
/// the program's resident memory read from the operating system at 10³, 10⁴, 10⁵ and 10⁶ cycles.
extension PropertySuite {
    /// One churn: a layout and the operation played on it again and again (each cycle leaves the solver's
    /// constraints as they were: the same constraints, under the same ids).
    public struct ChurnWorkload {
        public var name: String
        public var workload: Workload
    }

    /// The churns probed: on a grid of about `smallViews` views and on one of about `largeViews` (the nearest
    /// squares; a grid has two priority levels, so every peer can take it), a view in the middle of the tree remade
    /// (its own constraints removed and made again, then a solve), and its first constraint removed (solve) and added
    /// back (solve). Each is played once on `verifier` before any solver sees it.
    public static func churnWorkloads(smallViews: Int = 9, largeViews: Int = 1000,
                                      verifier: any LayoutSolver.Type) throws(LifecycleError) -> [ChurnWorkload] {
        var made: [ChurnWorkload] = []
        for size in [smallViews, largeViews] {
            let layout: GeneratedLayout
            do { layout = try Family.grid.generate(size: size, rounds: 0) } catch {
                throw LifecycleError("the grid of \(size) views cannot be made: \(error)")
            }
            var system = layout.linearSystem()
            system.suggestionRounds = []
            let byView = layout.constraintsMadeByEachView()
            let start = byView.count / 2
            guard let own = (0..<byView.count).lazy.map({ byView[(start + $0) % byView.count] }).first(where: { !$0.isEmpty }) else {
                throw LifecycleError("\(layout.name) has no view with constraints of its own")
            }
            let ids = own.map { ConstraintID($0) }
            let remake = Workload.Operation(kind: .remake, steps: ids.map { .remove($0) } + ids.map { .add($0, system.constraints[$0.index]) } + [.solve])
            let one = ids[0]
            let removeAdd = Workload.Operation(kind: .removeAdd, steps: [.remove(one), .solve, .add(one, system.constraints[one.index]), .solve])
            let label = "grid of \(byView.count) views"
            for (what, operation) in [("a view remade", remake), ("a constraint removed and added back", removeAdd)] {
                let workload = Workload(system: system, operations: [operation, operation])
                do { _ = try WorkloadPlayer.run(workload, on: verifier.init()) } catch {
                    throw LifecycleError("the churn \(what) on \(label) fails on \(verifier.name): \(error)")
                }
                made.append(ChurnWorkload(name: "\(what), \(label)", workload: Workload(system: system, operations: [operation])))
            }
        }
        return made
    }

    /// Cycles played first to learn a churn's pace.
    static let paceCycles = 10

    /// Each churn on `program`, in a process started for it: the solver built and a few cycles played for the pace, then cycles up to each
    /// checkpoint while the churn's time budget lasts (a checkpoint whose projected time would overrun the budget is
    /// not started), the program's resident memory read after each. Nil when the program does not answer `churn`.
    public func churn(_ program: ExternalSolver, _ churns: [ChurnWorkload]) -> PropertyFindings.Churn? {
        guard (try? program.start()) != nil, program.hello?.churn == true else { return nil }
        var finding = PropertyFindings.Churn()
        let restore = program.timeLimit
        program.timeLimit = max(restore, 4 * churnBudget)
        defer { program.timeLimit = restore }
        for churn in churns {
            program.stop()   // (a fresh process: what an earlier churn left does not count)
            var series = PropertyFindings.Churn.Series(name: churn.name)
            do {
                try program.load(churn.workload)
                // the pace, from a few cycles: no checkpoint is started that would overrun the budget
                var (done, spent) = try program.churn(cycles: Self.paceCycles)
                var perCycle = spent / Double(done)
                for target in churnCheckpoints where target > done {
                    let more = target - done
                    if spent + perCycle * Double(more) > churnBudget { break }
                    let (total, seconds) = try program.churn(cycles: more)
                    guard total == target else { throw ExternalSolver.Failure(kind: .error, description: "answered \(total) cycles so far; \(target) were played") }
                    guard let bytes = program.residentBytes else { throw ExternalSolver.Failure(kind: .error, description: "its resident memory cannot be read") }
                    spent += seconds
                    perCycle = seconds / Double(more)
                    done = target
                    series.cycles.append(target)
                    series.bytes.append(bytes)
                }
            } catch let failure as ExternalSolver.Failure where failure.kind == .unsupported {
                series.unsupported = failure.description
            } catch {
                series.failure = "\(error)"
            }
            finding.series.append(series)
        }
        program.stop()
        return finding
    }
}
