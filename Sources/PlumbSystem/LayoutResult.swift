/// What a solver answered for one layout-lp/1 system: the layout-result/1 document (specified in docs/interchange.md).
public struct LayoutResult: Hashable, Sendable {
    /// How the solve ended.
    public enum Status: String, Hashable, Sendable, CaseIterable {
        case ok
        /// The required constraints conflict; `conflict` names them.
        case infeasible
        /// The solver cannot take this system; `message` says why.
        case unsupported
        case error
        /// An iterative solver stopped before converging.
        case notConverged = "not_converged"
        /// Converged, but the solver does not vouch that each priority level's total violation is the least possible.
        case approximate
    }

    /// A variable's value: exact (within 128-bit fractions, or wider as digits), or as a floating-point back end
    /// computed it.
    ///
    /// Floats compare by value, except that all NaNs are equal to each other (so a result equals its round trip);
    /// wide values by their digits (see `WideRational`).
    public enum Value: Hashable, Sendable {
        case exact(Rational)
        /// An exact value too wide for `Rational`.
        case wide(WideRational)
        case float(Double)

        public static func == (lhs: Value, rhs: Value) -> Bool {
            switch (lhs, rhs) {
            case let (.exact(left), .exact(right)): return left == right
            case let (.wide(left), .wide(right)): return left == right
            case let (.float(left), .float(right)): return left == right || (left.isNaN && right.isNaN)
            default: return false
            }
        }

        public func hash(into hasher: inout Hasher) {
            switch self {
            case .exact(let value):
                hasher.combine(0)
                hasher.combine(value)
            case .wide(let value):
                hasher.combine(2)
                hasher.combine(value)
            case .float(let value):
                hasher.combine(1)
                if value.isNaN { hasher.combine(Double.nan.bitPattern) } else { hasher.combine(value) }
            }
        }
    }

    /// One variable's value.
    public struct NamedValue: Hashable, Sendable {
        public var name: String
        public var value: Value
        public init(name: String, value: Value) {
            self.name = name
            self.value = value
        }
    }

    /// The range a variable takes on the optimal face, when the optimum does not fix it.
    public struct AmbiguousRange: Hashable, Sendable {
        public var name: String
        public var min: Value
        public var max: Value
        public init(name: String, min: Value, max: Value) {
            self.name = name
            self.min = min
            self.max = max
        }
    }

    /// Seconds measured inside the solver process.
    public struct Timing: Hashable, Sendable {
        /// Building the system and the initial solve (`build_solve_s`).
        public var buildSolveSeconds: Double?
        /// How many suggestion rounds were timed (`edit_rounds`).
        public var editRounds: Int?
        /// All suggestion rounds together (`edit_total_s`).
        public var editTotalSeconds: Double?
        public init(buildSolveSeconds: Double? = nil, editRounds: Int? = nil, editTotalSeconds: Double? = nil) {
            self.buildSolveSeconds = buildSolveSeconds
            self.editRounds = editRounds
            self.editTotalSeconds = editTotalSeconds
        }
    }

    /// For `infeasible`: what the screen shows after recovery, as Auto Layout recovers, breaking a constraint and
    /// laying out the rest. The rule: the constraints are added in the system's order, and each required one whose
    /// addition conflicts with those already in is broken (left out); the rest are solved, with the edits and the
    /// suggestion rounds.
    public struct Recovery: Hashable, Sendable {
        /// Labels (or `#index`) of the constraints broken, in the order they were met.
        public var broken: [String]
        /// Every variable after the initial solve of the rest, in order.
        public var values: [NamedValue]
        /// The values after each suggestion round, one entry per round.
        public var rounds: [[NamedValue]]
        public init(broken: [String], values: [NamedValue], rounds: [[NamedValue]] = []) {
            self.broken = broken
            self.values = values
            self.rounds = rounds
        }
    }

    /// The solver's name, e.g. `cassowary` or `kiwi`.
    public var solver: String
    public var status: Status
    /// Every variable after the initial solve, in order.
    public var values: [NamedValue]
    /// The values after each suggestion round's re-solve, one entry per round, in order.
    public var rounds: [[NamedValue]]
    /// For `infeasible`: labels or indices of the conflicting constraints.
    public var conflict: [String]
    /// Variables whose optimal value is not unique, with their range, where the solver can tell.
    public var ambiguous: [AmbiguousRange]
    public var timing: Timing?
    /// Free text: why a solve failed, or the solver's version.
    public var message: String
    /// For `infeasible`, where the solver gives it: the layout after breaking what conflicts (see `Recovery`).
    public var recovery: Recovery? = nil

    public init(solver: String = "", status: Status = .ok, values: [NamedValue] = [], rounds: [[NamedValue]] = [],
                conflict: [String] = [], ambiguous: [AmbiguousRange] = [], timing: Timing? = nil, message: String = "") {
        self.solver = solver
        self.status = status
        self.values = values
        self.rounds = rounds
        self.conflict = conflict
        self.ambiguous = ambiguous
        self.timing = timing
        self.message = message
    }
}

extension LayoutResult.Value: CustomStringConvertible {
    /// The value as a `Double` (for display and for comparing back ends).
    public var doubleValue: Double {
        switch self {
        case .exact(let r): return r.doubleValue
        case .wide(let w): return w.doubleValue
        case .float(let d): return d
        }
    }

    /// `self − other`: exact when both are exact and the difference fits, in floating point otherwise.
    public func subtracting(_ other: LayoutResult.Value) -> LayoutResult.Value {
        if case .exact(let a) = self, case .exact(let b) = other, let d = try? a - b { return .exact(d) }
        return .float(doubleValue - other.doubleValue)
    }

    public var description: String {
        switch self {
        case .exact(let r): return r.description
        case .wide(let w): return w.description
        case .float(let d): return "\(d)"
        }
    }
}
