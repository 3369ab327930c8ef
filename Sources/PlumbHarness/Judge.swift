import PlumbSystem
import PlumbSolver
import PlumbFrontEnd
import PlumbCorpus

/// The outcome of judging one expectation.
public struct Verdict: Sendable {
    public enum Outcome: String, Sendable, Comparable {
        case pass
        case fail
        /// The back end cannot take the layout (e.g. too many priority levels).
        case unsupported
        /// An iterative back end stopped before converging.
        case notConverged = "not converged"

        public static func < (a: Outcome, b: Outcome) -> Bool { a.rank < b.rank }
        var rank: Int {
            switch self {
            case .pass: 0
            case .unsupported: 1
            case .notConverged: 2
            case .fail: 3
            }
        }
    }

    public var outcome: Outcome
    /// Why it did not pass, one per rule broken.
    public var differences: [Difference]
    /// The largest difference from an expected frame component.
    public var maxError: Double

    /// Each difference's whole line.
    public var reasons: [String] { differences.map(\.text) }
}

/// Applies the conformance rules of `ConformancePolicy` to an observation.
public struct Judge: Sendable {
    public let policy: ConformancePolicy

    public init(policy: ConformancePolicy = .standard) { self.policy = policy }

    /// Judges `observation` by `capabilities` against `expectation`; `reference` is the exact back end's
    /// observation at the same point, when it ran (its level optima judge the others'). Whether a named conflict
    /// set is irreducible comes with the observation (`Observation.conflictIrreducible`).
    public func judge(_ observation: Observation, against expectation: LayoutExpectation, capabilities: SolverCapabilities,
                      reference: Observation? = nil) -> Verdict {
        var differences: [Difference] = []
        var maxError = 0.0
        if let conflict = expectation.conflict {
            guard let first = observation.unsatisfied.first else {
                if observation.declared.dropsUnsatisfiable && observation.converged {
                    let text = "expected unsatisfiable (\(conflict.joined(separator: "; "))) but it dropped a required constraint "
                        + "without an error, as it declares it does, and answered with a layout"
                    return Verdict(outcome: .fail, differences: [Difference(.droppedRequired, subject: "", summary: "dropped a required constraint (declared)",
                                                                           text: text)], maxError: 0)
                }
                let text = "expected unsatisfiable (\(conflict.joined(separator: "; "))) but the back end reported a layout"
                    + (observation.converged ? "" : " without converging: \(observation.message)")
                let summary = "unsatisfiable, answered with a layout" + (observation.converged ? "" : " (not converged)")
                return Verdict(outcome: observation.converged ? .fail : .notConverged,
                               differences: [Difference(.missedConflict, subject: "", summary: summary, text: text)],
                               maxError: 0)
            }
            if capabilities.explainsConflicts {
                let named = (first.conflictsWith ?? []) + [first.constraint]
                if first.conflictsWith == nil {
                    differences.append(Difference(.conflictExplanation, subject: first.constraint, summary: "no conflicting set named",
                                                  text: "claims to explain conflicts but named none for \(first.constraint)"))
                } else if observation.conflictIrreducible == false {
                    differences.append(Difference(.conflictExplanation, subject: first.constraint,
                                                  summary: "set of \(named.count) not irreducible",
                                                  text: "the conflicting set it named is not irreducible: \(named.joined(separator: "; "))"))
                }
            }
            return Verdict(outcome: differences.isEmpty ? .pass : .fail, differences: differences, maxError: 0)
        }
        if !observation.unsatisfied.isEmpty {
            return Verdict(outcome: .fail, differences: observation.unsatisfied.map {
                Difference(.refused, subject: $0.constraint, summary: "reported unsatisfiable", text: "reported unsatisfiable: \($0.constraint)")
            }, maxError: 0)
        }
        if !observation.converged {
            return Verdict(outcome: .notConverged, differences: [Difference(
                .notConverged, subject: "", summary: ReadableNumbers.roundingDecimals(in: Difference.firstClause(of: observation.message)),
                text: "did not converge: \(observation.message)")], maxError: 0)
        }
        for expected in expectation.frames {
            guard let frame = observation.frames[expected.view] else {
                differences.append(Difference(.missingFrame, subject: expected.view, summary: "no frame", text: "no frame for \(expected.view)"))
                continue
            }
            for component in FrameComponent.allCases {
                guard let want = expected.value(component) else { continue }
                let got = frame.value(component)
                let error = policy.error(got, want)
                maxError = Swift.max(maxError, error)
                if !policy.matches(got, want, onGrid: observation.declared.resolution) {
                    differences.append(Difference(
                        .frame, subject: "\(expected.view).\(component.rawValue)",
                        summary: "\(ReadableNumbers.format(got)), expected \(want)", gap: error,
                        text: "\(expected.view).\(component.rawValue) = \(got), expected \(want) (\(expected.location))"))
                }
            }
        }
        if capabilities.detectsAmbiguity {
            let reported = observation.ambiguous ?? [:]
            for range in expectation.ambiguous {
                let subject = "\(range.view).\(range.component.rawValue)"
                guard let (low, high) = reported[range.view]?[range.component] else {
                    differences.append(Difference(.unreportedAmbiguity, subject: subject, summary: "ambiguous, not reported so",
                                                  text: "\(subject) is ambiguous but was not reported so"))
                    continue
                }
                // An exact back end's range must be the hand-derived one (nil bounds are infinite).
                guard capabilities.exact else { continue }
                func same(_ got: SolvedValue, _ want: Rational?, _ infinity: Double) -> Bool {
                    guard let want else { return got.doubleValue == infinity }
                    return policy.matches(got, want)
                }
                if !same(low, range.minimum, -.infinity) || !same(high, range.maximum, .infinity) {
                    let expectedRange = "[\(range.minimum.map(\.description) ?? "-inf"), \(range.maximum.map(\.description) ?? "inf")]"
                    differences.append(Difference(
                        .ambiguityRange, subject: subject,
                        summary: "[\(ReadableNumbers.format(low)), \(ReadableNumbers.format(high))], expected \(expectedRange)",
                        text: "\(subject) ranges over [\(low), \(high)], expected \(expectedRange) (\(range.location))"))
                }
            }
        }
        if let reference {
            for (priority, optimum) in reference.levelViolations.sorted(by: { $0.key > $1.key }) where !priority.isRequired {
                let mine = observation.levelViolations[priority] ?? .exact(.zero)
                if !policy.agree(mine, optimum, within: observation.declared.roundingAllowance[priority] ?? 0) {
                    differences.append(Difference(
                        .levelTotal, subject: "level \(priority)",
                        summary: "total \(ReadableNumbers.format(mine)), optimum \(ReadableNumbers.format(optimum))",
                        gap: abs(mine.doubleValue - optimum.doubleValue),
                        text: "level \(priority) violation \(mine), the exact optimum is \(optimum)"))
                }
            }
        }
        if let required = observation.levelViolations[.required],
           required.doubleValue > policy.allowance(0) + (observation.declared.roundingAllowance[.required] ?? 0) {
            differences.append(Difference(.requiredViolated, subject: "required", summary: "violated by \(ReadableNumbers.format(required.doubleValue)) in total",
                                          gap: required.doubleValue, text: "required constraints violated by \(required) in total"))
        }
        if observation.approximate && !differences.isEmpty {
            differences.insert(Difference(.approximate, subject: "", summary: "labelled approximate",
                                          text: "the back end labelled this answer approximate: \(observation.message)"), at: 0)
        }
        return Verdict(outcome: differences.isEmpty ? .pass : .fail, differences: differences, maxError: maxError)
    }
}
