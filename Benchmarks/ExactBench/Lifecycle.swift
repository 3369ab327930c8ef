// `ExactBench --lifecycle FAMILY-SIZE[,FAMILY-SIZE...]`: the harness's lifecycle workload (update, remake,
// remove-add, resize; `PlumbHarness.LifecyclePlan`) on the chosen back ends, with a per-step breakdown of each
// operation kind, so that a profile of one kind can be read beside its total. The harness's `bench run` times the
// same workload; this driver exists to look inside one back end's operations.
import CassowaryBackend
import ExactBackend
import PlumbBackEnds
import PlumbBatch
import PlumbCorpus
import PlumbHarness
import PlumbSolver
import PlumbSystem

/// Median, and the spread as (25th, 75th) percentile, of `xs` (not empty).
func quartiles(_ xs: [Double]) -> (median: Double, low: Double, high: Double) {
    let s = xs.sorted()
    return (s[s.count / 2], s[s.count / 4], s[(3 * s.count) / 4])
}

/// `verbose`: every sample too, in order (frame by frame, run after run).
func runLifecycle(_ spec: String, solvers: [any LayoutSolver.Type], repeats: Int, verbose: Bool) {
    guard let dash = spec.lastIndex(of: "-"), let family = Family(rawValue: String(spec[..<dash])),
          let size = Int(spec[spec.index(after: dash)...]) else {
        print("\(spec): expected FAMILY-SIZE, FAMILY one of \(Family.allCases.map(\.rawValue).joined(separator: ", "))")
        return
    }
    let workload: Workload
    do {
        let layout = try family.generate(size: size, rounds: LifecyclePlan().frames)
        workload = try LifecyclePlan().workload(for: layout, verifier: PlumbBackEnds.named("cassowary")!)
    } catch {
        print("\(spec): \(error)")
        return
    }
    for type in solvers {
        var byKind: [Workload.Kind: [Double]] = [:]
        var builds: [Double] = []
        // One warm-up run, then `repeats` timed ones, each on a fresh solver.
        for run in 0...repeats {
            do {
                let sample = try WorkloadPlayer.run(workload, on: type.init())
                guard run > 0 else { continue }
                builds.append(sample.buildSolve)
                for (operation, seconds) in zip(workload.operations, sample.operations) {
                    byKind[operation.kind, default: []].append(seconds)
                }
            } catch {
                print("\(spec) solver=\(type.name): \(error)")
                break
            }
        }
        guard !builds.isEmpty else { continue }
        if verbose { slowSteps(workload, on: type) }
        var line = "\(spec) solver=\(type.name) build_solve_ms=\(fmt(quartiles(builds).median * 1000))"
        for kind in byKind.keys.sorted() {
            let q = quartiles(byKind[kind]!)
            line += " \(kind.rawValue)_us=\(fmt(q.median * 1e6)) [\(fmt(q.low * 1e6))–\(fmt(q.high * 1e6))]"
        }
        print(line)
        if verbose {
            for kind in byKind.keys.sorted() {
                print("  \(kind.rawValue): " + byKind[kind]!.map { fmt($0 * 1e6) }.joined(separator: " "))
            }
        }
    }
}

/// Plays the workload once more, step by step, and prints every step that took over a millisecond (a tenth of one
/// on the Cassowary back end) with the solver's counters: what makes an operation slow.
func slowSteps(_ workload: Workload, on type: any LayoutSolver.Type) {
    // (the Cassowary back end's steps are a hundred times shorter: a tenth of a millisecond is slow there)
    let slowStep = type == CassowarySolver.self ? 1e-4 : 1e-3
    let solver = type.init()
    do {
        for (index, constraint) in workload.system.constraints.enumerated() { try solver.add(constraint, id: ConstraintID(index)) }
        for edit in workload.system.edits { try solver.addEditVariable(edit.variable, priority: edit.priority) }
        _ = try solver.solve()
        for round in workload.system.suggestionRounds {
            for suggestion in round { try solver.suggest(suggestion.value, for: suggestion.variable) }
            _ = try solver.solve()
        }
        for (n, operation) in workload.operations.enumerated() {
            for (k, step) in operation.steps.enumerated() {
                let t0 = monotonicSeconds()
                try WorkloadPlayer.perform(step, on: solver)
                let t = monotonicSeconds() - t0
                if t > slowStep {
                    print("  slow: operation \(n) (\(operation.kind.rawValue)) step \(k) \(step): \(fmt(t * 1e3)) ms"
                        + ((solver as? ExactSolver).map { " [\($0.counters)]" } ?? "")
                        + ((solver as? CassowarySolver).map { " [\(counters($0))]" } ?? ""))
                }
            }
        }
    } catch {
        print("  slow steps: \(error)")
    }
}

/// The Cassowary back end's counters so far, on one line.
func counters(_ s: CassowarySolver) -> String {
    let work = s.counters, table = s.counters
    return "pivots \(table.pivots), dual pivots \(s.counters.dualPivots), substitutions \(work.substitutions), cells \(work.substitutedCells), "
        + "column visits \(work.columnVisits), rows \(table.rows), markers recovered \(s.counters.markersRecovered), "
        + "region solves \(s.counters.regionSolves), rebuilds \(s.counters.rebuilds)"
}
