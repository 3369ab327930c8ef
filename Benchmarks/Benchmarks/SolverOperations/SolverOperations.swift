import Benchmark
import PlumbSystem
import PlumbSolver
import PlumbCorpus
import PlumbBackEnds
import PlumbBatch

/// Each back end's single operations on a built chain of 1,000 views: add and remove a constraint, change a
/// constant in place, suggest a value and re-solve. Wall-clock figures are for reading; nothing is gated on
/// them (this machine's noise would fail any threshold); allocation counts are stable and may be gated.
let benchmarks: @Sendable () -> Void = {
    let system = (try? Family.chain.generate(size: 1000).linearSystem()) ?? LinearSystem()
    let rootWidth = VariableID(2)
    let extra = LinearConstraint(LinearExpression(VariableID(6)), .greaterOrEqual, priority: .low, label: "v0.w >= 0")
    let configuration = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3))

    for type in PlumbBackEnds.all {
        func built() -> (any LayoutSolver)? {
            let solver = type.init()
            do {
                try SystemRunner.build(system, into: solver)
                _ = try solver.solve()
                return solver
            } catch {
                return nil
            }
        }

        Benchmark("\(type.name): add and remove one constraint (chain-1000)", configuration: configuration) { benchmark in
            guard let solver = built() else { return }
            benchmark.startMeasurement()
            for i in benchmark.scaledIterations {
                let id = ConstraintID(1_000_000 + i)
                try? solver.add(extra, id: id)
                try? solver.remove(id)
            }
        }

        Benchmark("\(type.name): change a constant and solve (chain-1000)", configuration: configuration) { benchmark in
            guard let solver = built() else { return }
            let stay = system.constraints.firstIndex { $0.terms == [LinearTerm(rootWidth, 1)] } ?? 0
            benchmark.startMeasurement()
            for i in benchmark.scaledIterations {
                try? solver.setConstant(Rational(-60_000 + i % 100), of: ConstraintID(stay))
                blackHole(try? solver.solve())
            }
        }

        Benchmark("\(type.name): suggest and re-solve (chain-1000)", configuration: configuration) { benchmark in
            guard let solver = built() else { return }
            benchmark.startMeasurement()
            for i in benchmark.scaledIterations {
                try? solver.suggest(Rational(59_000 + i % 200), for: rootWidth)
                blackHole(try? solver.solve())
            }
        }
    }
}
