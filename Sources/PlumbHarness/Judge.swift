import PlumbSystem
import PlumbSolver
import PlumbFrontEnd

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
    /// Why it did not pass, one line per rule broken.
    public var reasons: [String]
    /// The largest difference from an expected frame component.
    public var maxError: Double
}

/// Applies the conformance rules of `ConformancePolicy` to an observation.
public struct Judge: Sendable {
    public let policy: ConformancePolicy

    public init(policy: ConformancePolicy = .standard) { self.policy = policy }

    /// Judges `observation` by `capabilities` against `expectation`; `reference` is the exact back end's
    /// observation at the same point, when it ran; `isIrreducible` checks a named conflict set, when an oracle exists.
    public func judge(_ observation: Observation, against expectation: LayoutExpectation, capabilities: SolverCapabilities,
                      reference: Observation? = nil) -> Verdict {
        var reasons: [String] = []
        var maxError = 0.0
        if let conflict = expectation.conflict {
            guard let first = observation.unsatisfied.first else {
                return Verdict(outcome: observation.converged ? .fail : .notConverged,
                               reasons: ["expected unsatisfiable (\(conflict.joined(separator: "; "))) but the back end reported a layout"
                                         + (observation.converged ? "" : " without converging: \(observation.message)")],
                               maxError: 0)
            }
            if capabilities.explainsConflicts {
                let named = (first.conflictsWith ?? []) + [first.constraint]
                if first.conflictsWith == nil {
                    reasons.append("claims to explain conflicts but named none for \(first.constraint)")
                } else if observation.conflictIrreducible == false {
                    reasons.append("the conflicting set it named is not irreducible: \(named.joined(separator: "; "))")
                }
            }
            return Verdict(outcome: reasons.isEmpty ? .pass : .fail, reasons: reasons, maxError: 0)
        }
        if !observation.unsatisfied.isEmpty {
            return Verdict(outcome: .fail, reasons: observation.unsatisfied.map { "reported unsatisfiable: \($0.constraint)" }, maxError: 0)
        }
        if !observation.converged {
            return Verdict(outcome: .notConverged, reasons: ["did not converge: \(observation.message)"], maxError: 0)
        }
        for expected in expectation.frames {
            guard let frame = observation.frames[expected.view] else {
                reasons.append("no frame for \(expected.view)")
                continue
            }
            for component in FrameComponent.allCases {
                guard let want = expected.value(component) else { continue }
                let got = frame.value(component)
                let error = policy.error(got, want)
                maxError = Swift.max(maxError, error)
                if !policy.matches(got, want) {
                    reasons.append("\(expected.view).\(component.rawValue) = \(got), expected \(want) (\(expected.location))")
                }
            }
        }
        if capabilities.detectsAmbiguity {
            let reported = observation.ambiguous ?? [:]
            for range in expectation.ambiguous {
                guard let (low, high) = reported[range.view]?[range.component] else {
                    reasons.append("\(range.view).\(range.component.rawValue) is ambiguous but was not reported so")
                    continue
                }
                // An exact back end's range must be the hand-derived one (nil bounds are infinite).
                guard capabilities.exact else { continue }
                func same(_ got: SolvedValue, _ want: Rational?, _ infinity: Double) -> Bool {
                    guard let want else { return got.doubleValue == infinity }
                    return policy.matches(got, want)
                }
                if !same(low, range.minimum, -.infinity) || !same(high, range.maximum, .infinity) {
                    reasons.append("\(range.view).\(range.component.rawValue) ranges over [\(low), \(high)], expected [\(range.minimum.map(\.description) ?? "-inf"), \(range.maximum.map(\.description) ?? "inf")] (\(range.location))")
                }
            }
        }
        if let reference {
            for (priority, optimum) in reference.levelViolations where !priority.isRequired {
                let mine = observation.levelViolations[priority] ?? .exact(.zero)
                if !policy.agree(mine, optimum) {
                    reasons.append("level \(priority) violation \(mine), the exact optimum is \(optimum)")
                }
            }
        }
        if let required = observation.levelViolations[.required], required.doubleValue > policy.allowance(0) {
            reasons.append("required constraints violated by \(required) in total")
        }
        if observation.approximate && !reasons.isEmpty {
            reasons.insert("the back end labelled this answer approximate: \(observation.message)", at: 0)
        }
        return Verdict(outcome: reasons.isEmpty ? .pass : .fail, reasons: reasons, maxError: maxError)
    }
}
