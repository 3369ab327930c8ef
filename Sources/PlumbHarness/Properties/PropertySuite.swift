import PlumbSystem
import PlumbSolver
import PlumbBatch

/// The properties embedders leave a solver over, measured for one back end at a time (docs/properties.md): does it
/// return on systems made to stall pivoting, does it give the same values in every process and under every order of
/// insertion, does it explain a conflict with an infeasible and irreducible set, is it unchanged by a call it refused,
/// and does its answer round to the same pixels as the exact one.
///
/// The exact back end (`reference`) is the judge: it says which frame values are unique, what they are, and whether
/// a named set of constraints conflicts. Deterministic from `seed`.
public struct PropertySuite {
    public let reference: any LayoutSolver.Type
    /// Seconds each solver gets per termination case.
    public var bound: Double = 2
    /// Insertion orders tried per layout, beside the original one.
    public var permutations = 4
    /// Fresh processes per workload for an external program.
    public var processes = 3
    public var seed: UInt64 = 0x5052_4F50
    /// Seconds of cycles each churn may take (memory under churn): a checkpoint whose projected time would overrun
    /// it is not started.
    public var churnBudget: Double = 3
    /// Cycles after which resident memory is read.
    public var churnCheckpoints = [100, 1_000, 10_000, 100_000, 1_000_000]
    public var policy: ConformancePolicy = .standard

    public init(reference: any LayoutSolver.Type) { self.reference = reference }

    /// The layouts the suite probes: feasible systems (determinism, rounding, atomicity) and infeasible ones
    /// (conflict explanations), with the exact back end's answer for each feasible one.
    public struct Inputs {
        public var layouts: [(system: LinearSystem, exact: LayoutResult)]
        public var conflicts: [LinearSystem]
        /// The churns for memory under churn (empty: not probed).
        public var churns: [ChurnWorkload] = []
    }

    /// Solves each system once with the exact back end (with its ambiguity report): the ones it answers are the
    /// layouts, the infeasible ones the conflicts; the first `generatedConflicts` layouts each also give a conflict,
    /// a copy with one required equality contradicted.
    public func inputs(_ systems: [LinearSystem], generatedConflicts: Int = 20) -> Inputs {
        var kept: [(LinearSystem, LayoutResult)] = []
        var conflicts: [LinearSystem] = []
        for system in systems {
            let exact = SystemRunner(repeats: 1, roundValues: .none).run(system, solver: reference)
            if exact.status == .ok { kept.append((system, exact)) }
            if exact.status == .infeasible { conflicts.append(system) }
        }
        for (system, _) in kept.prefix(generatedConflicts) {
            guard let k = system.constraints.firstIndex(where: { $0.priority.isRequired && $0.relation == .equal }) else { continue }
            let original = system.constraints[k]
            var contradicted = system
            contradicted.constraints.append(Self.contradiction(of: original, label: "contradiction of \(original.label ?? "#\(k)")"))
            contradicted.name = system.name + " (contradicted)"
            conflicts.append(contradicted)
        }
        return Inputs(layouts: kept, conflicts: conflicts)
    }

    /// A required equality that contradicts `equality` (the same terms, its constant moved by 7).
    static func contradiction(of equality: LinearConstraint, label: String) -> LinearConstraint {
        equality.withConstant((try? equality.constant + Rational(7)) ?? equality.constant).withLabel(label)
    }

    /// Every property for `backEnd`. Processes and memory under churn are probed for external programs only (a back
    /// end inside this process shares it with the harness); failure atomicity in this process for a back end here,
    /// through steps marked `may_fail` for a program.
    public func findings(for backEnd: BackEnd, inputs: Inputs) -> PropertyFindings {
        var findings = PropertyFindings(solver: backEnd.name)
        findings.termination = termination(backEnd)
        if case .external(let program) = backEnd {
            findings.processes = processes(program, inputs.layouts.prefix(8).map(\.system))
        }
        findings.permutations = permutations(backEnd, inputs.layouts)
        findings.conflicts = conflicts(backEnd, inputs.conflicts)
        let sequences = inputs.layouts.prefix(30).map(\.system)
        switch backEnd {
        case .native(let type): findings.atomicity = atomicity(type, sequences)
        case .external(let program): findings.atomicity = atomicity(program, sequences)
        }
        findings.rounding = rounding(backEnd, inputs.layouts)
        if case .external(let program) = backEnd, !inputs.churns.isEmpty { findings.churn = churn(program, inputs.churns) }
        return findings
    }

    // MARK: Termination

    /// Each termination case within `bound` seconds: an external program past it is stopped (and started again for
    /// the next case); a back end in this process cannot be stopped, so one that returns after the bound counts as
    /// stopped there.
    public func termination(_ backEnd: BackEnd) -> PropertyFindings.Termination {
        var finding = PropertyFindings.Termination(bound: bound)
        var restore: Double?
        if case .external(let program) = backEnd {
            restore = program.timeLimit
            program.timeLimit = bound
        }
        defer { if case .external(let program) = backEnd, let restore { program.timeLimit = restore } }
        for testCase in TerminationCases.all() {
            finding.cases += 1
            if case .external(let program) = backEnd { program.forgiveTimeouts() }
            let start = monotonicSeconds()
            _ = backEnd.solve(testCase.system, roundValues: .none)
            // (a program past the bound was stopped at it: its answer is the error saying so)
            if monotonicSeconds() - start <= bound {
                finding.answered += 1
            } else {
                finding.stopped.append(testCase.name)
            }
        }
        return finding
    }

    // MARK: Determinism

    /// Each workload solved in `processes` fresh processes: the values must be bit-identical.
    public func processes(_ program: ExternalSolver, _ workloads: [LinearSystem]) -> PropertyFindings.Processes {
        var finding = PropertyFindings.Processes(processes: processes)
        for system in workloads {
            var answers: [[LayoutResult.NamedValue]] = []
            for _ in 0..<processes {
                program.stop()
                let result = program.solve(system)
                answers.append(result.status == .ok || result.status == .approximate ? result.values : [])
            }
            guard !answers[0].isEmpty else { continue }
            finding.workloads += 1
            if answers.allSatisfy({ $0 == answers[0] }) { finding.identical += 1 }
        }
        return finding
    }

    /// Each layout with its constraints (and edit variables) added in `permutations` seeded orders besides its own.
    public func permutations(_ backEnd: BackEnd, _ layouts: [(system: LinearSystem, exact: LayoutResult)]) -> PropertyFindings.Permutations {
        var finding = PropertyFindings.Permutations(permutations: permutations)
        var rng = SplitMix64(seed: seed)
        for (system, exact) in layouts {
            let ambiguous = Set(exact.ambiguous.map(\.name))
            let unique = Dictionary(exact.values.filter { !ambiguous.contains($0.name) }.map { ($0.name, $0.value) },
                                    uniquingKeysWith: { a, _ in a })
            var first: [String: SolvedValue]?
            var wrong: String?
            var moved = false
            var answered = false
            for k in 0...permutations {
                let permuted = k == 0 ? system : Self.permuted(system, &rng)
                let result = backEnd.solve(permuted, roundValues: .none)
                guard result.status == .ok else { continue }   // (an answer the solver does not vouch for is not judged)
                answered = true
                let values = Dictionary(result.values.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
                for (name, expected) in unique {
                    guard case .exact(let e) = expected else { continue }
                    if let v = values[name], !policy.matches(v, e) {
                        wrong = wrong ?? "\(system.name): \(name) = \(v.doubleValue) in order \(k), exactly \(e)"
                    }
                }
                if let first {
                    for name in ambiguous {
                        if let a = first[name], let b = values[name], !policy.agree(a, b) { moved = true }
                    }
                } else {
                    first = values
                }
            }
            guard answered else { continue }
            finding.layouts += 1
            if let wrong {
                finding.wrong += 1
                if finding.wrongExamples.count < 5 { finding.wrongExamples.append(wrong) }
            }
            if !ambiguous.isEmpty {
                finding.ambiguousLayouts += 1
                if moved { finding.jumps += 1 }
            }
        }
        return finding
    }

    /// `system` with its constraints in a seeded random order (each keeping its label) and its edit variables too.
    static func permuted(_ system: LinearSystem, _ rng: inout SplitMix64) -> LinearSystem {
        var copy = system
        copy.constraints = shuffled(system.constraints, &rng)
        copy.edits = shuffled(system.edits, &rng)
        return copy
    }

    static func shuffled<T>(_ items: [T], _ rng: inout SplitMix64) -> [T] {
        var items = items
        guard items.count > 1 else { return items }
        for i in stride(from: items.count - 1, to: 0, by: -1) { items.swapAt(i, rng.next(i + 1)) }
        return items
    }
}
