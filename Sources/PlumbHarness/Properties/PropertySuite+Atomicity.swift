import PlumbSystem
import PlumbSolver
import PlumbBatch

/// Failure atomicity: after a call the solver refused, its answers equal those of a solver that never saw the call.
extension PropertySuite {
    /// The probe's calls on one layout: three the solver must refuse, each to be followed by a solve (a required row
    /// that contradicts one of the layout's, the removal of a constraint it does not have, a suggestion for a
    /// variable that is not an edit variable), and one more change after them (a suggestion, or the removal of the
    /// last constraint). Nil when the layout has no required equality to contradict.
    struct RefusedCalls {
        var calls: [Workload.Step]
        var change: Workload.Step

        init?(_ system: LinearSystem) {
            guard let k = system.constraints.firstIndex(where: { $0.priority.isRequired && $0.relation == .equal }),
                  !system.variables.isEmpty else { return nil }
            let n = system.constraints.count
            calls = [.add(ConstraintID(n), PropertySuite.contradiction(of: system.constraints[k], label: "contradiction")),
                     .remove(ConstraintID(n + 1000))]
            let editable = Set(system.edits.map(\.variable))
            if let plain = system.variables.indices.map({ VariableID($0) }).first(where: { !editable.contains($0) }) {
                calls.append(.suggest(plain, Rational(123)))
            }
            change = system.edits.first.map { .suggest($0.variable, Rational(40)) } ?? .remove(ConstraintID(n - 1))
        }
    }

    /// On each layout, in this process: the layout built on two solvers; the refused calls made on one (each
    /// followed by a solve); the values of both compared, then again after one more change made on both.
    public func atomicity(_ type: any LayoutSolver.Type, _ layouts: [LinearSystem]) -> PropertyFindings.Atomicity {
        var finding = PropertyFindings.Atomicity()
        for system in layouts {
            guard let probe = RefusedCalls(system) else { continue }
            finding.sequences += 1
            let witness = type.init(), touched = type.init()
            var refusedAll = true
            var phase = "build"
            do {
                try SystemRunner.build(system, into: witness)
                try SystemRunner.build(system, into: touched)
                _ = try witness.solve()
                _ = try touched.solve()
                phase = "refused calls"
                for call in probe.calls {
                    // refused at the call, or (a back end that defers rows to the solve) at the solve after it
                    let atCall = try WorkloadPlayer.performCountingRefusals(.mayFail(call), on: touched)
                    let atSolve = try WorkloadPlayer.performCountingRefusals(.mayFail(.solve), on: touched)
                    if !atCall && !atSolve { refusedAll = false }
                }
                phase = "compare"
                var moved = Self.firstDifference(system, Self.values(touched, system), Self.values(witness, system)) { $0 == $1 }
                phase = "one more change"
                for solver in [witness, touched] {
                    try WorkloadPlayer.perform(probe.change, on: solver)
                    _ = try solver.solve()
                }
                moved = moved ?? Self.firstDifference(system, Self.values(touched, system), Self.values(witness, system)) { $0 == $1 }
                finding.record(system.name, refusedAll: refusedAll, moved: moved)
            } catch {
                finding.note("\(system.name): \(phase): \(error)")
            }
        }
        return finding
    }

    /// The same probe for a program speaking plumb-solver/1, through steps marked `may_fail` (docs/solver-protocol.md):
    /// four runs per layout (the refused calls, then the change; each without the refused calls), each answering
    /// the values after its last operation. Values are compared within the conformance tolerance (they cross the
    /// protocol as decimal numbers). Nil when the program's hello does not claim `may_fail`.
    public func atomicity(_ program: ExternalSolver, _ layouts: [LinearSystem]) -> PropertyFindings.Atomicity? {
        guard (try? program.start()) != nil, program.hello?.mayFail == true else { return nil }
        var finding = PropertyFindings.Atomicity()
        for system in layouts {
            guard let probe = RefusedCalls(system) else { continue }
            finding.sequences += 1
            let refusing = Workload.Operation(kind: .update, steps: probe.calls.flatMap { [.mayFail($0), .mayFail(.solve)] })
            let change = Workload.Operation(kind: .update, steps: [probe.change, .solve])
            do {
                func values(_ operations: [Workload.Operation]) throws(ExternalSolver.Failure)
                    -> (values: [String: Double], refused: [(operation: Int, step: Int)]) {
                    try program.load(Workload(system: system, operations: operations))
                    let answer = try program.runListingRefusals(operations: operations.count, values: true)
                    return (answer.values, answer.refused)
                }
                let touched = try values([refusing]), witness = try values([])
                let touchedAfter = try values([refusing, change]), witnessAfter = try values([change])
                // a call is refused when it or the solve after it (steps 2g and 2g + 1) was
                let refusedSteps = Set(touched.refused.filter { $0.operation == 0 }.map { $0.step / 2 })
                let refusedAll = refusedSteps.count == probe.calls.count
                let moved = difference(touched.values, witness.values) ?? difference(touchedAfter.values, witnessAfter.values)
                finding.record(system.name, refusedAll: refusedAll, moved: moved)
            } catch where error.kind == .unsupported {
                finding.sequences -= 1   // a layout the program does not take probes nothing
            } catch {
                finding.note("\(system.name): \(error)")
            }
        }
        return finding
    }

    /// The first variable (by name) whose value differs beyond the conformance tolerance between an answer after
    /// refused calls and one without them, as "NAME A against B"; nil when they agree.
    private func difference(_ touched: [String: Double], _ witness: [String: Double]) -> String? {
        for name in Set(touched.keys).union(witness.keys).sorted() {
            guard let a = touched[name], let b = witness[name] else { return "\(name) answered in one run only" }
            if !policy.agree(.float(a), .float(b)) { return "\(name) \(a) against \(b)" }
        }
        return nil
    }

    /// The first variable whose values differ (`same` false), as "NAME A against B".
    static func firstDifference(_ system: LinearSystem, _ touched: [SolvedValue], _ witness: [SolvedValue],
                                same: (SolvedValue, SolvedValue) -> Bool) -> String? {
        for v in system.variables.indices where !same(touched[v], witness[v]) {
            return "\(system.variables[v]) \(touched[v].doubleValue) against \(witness[v].doubleValue)"
        }
        return nil
    }

    static func values(_ solver: any LayoutSolver, _ system: LinearSystem) -> [SolvedValue] {
        system.variables.indices.map { solver.value(of: VariableID($0)) }
    }
}

extension PropertyFindings.Atomicity {
    /// One probed sequence's verdict; `moved`: the first value that differs from a solver that never saw the calls.
    mutating func record(_ name: String, refusedAll: Bool, moved: String?) {
        if !refusedAll { accepted += 1 }
        if moved == nil && refusedAll {
            atomic += 1
        } else if refusedAll {
            note(name + ": values differ after refused calls (" + (moved ?? "") + ", without them)")
        } else {
            note(name + ": a call that should be refused was taken" + (moved.map { " (\($0), without it)" } ?? ""))
        }
    }

    /// Keeps the first few failures' descriptions.
    mutating func note(_ failure: String) {
        if failures.count < 5 { failures.append(failure) }
    }
}
