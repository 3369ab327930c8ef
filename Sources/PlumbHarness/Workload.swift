import PlumbSystem
import PlumbSolver
import PlumbBatch

/// What one timed run does, the same for every solver: build and solve a system, play its suggestion rounds, then
/// each operation an app performs between frames (update constants, remake a view, remove a view and add it back,
/// resize). Sent to external programs as plumb-solver/1's `load` (docs/solver-protocol.md).
public struct Workload: Sendable {
    /// A use an operation stands for; the report gives each its own figures.
    public enum Kind: String, Sendable, CaseIterable, Comparable {
        /// Constants of a few views' constraints change in place (Masonry's `updateConstraints`, an animation).
        case update
        /// A view's constraints are removed and made again (`remakeConstraints`).
        case remake
        /// A view leaves the hierarchy with every constraint naming it, then comes back (`removeFromSuperview`).
        case removeAdd = "remove-add"
        /// The root gets a new width through its edit variable (window resize, rotation).
        case resize

        public static func < (a: Kind, b: Kind) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// One solver call inside an operation.
    public enum Step: Sendable {
        case add(ConstraintID, LinearConstraint)
        case remove(ConstraintID)
        case setConstant(ConstraintID, Rational)
        case suggest(VariableID, Rational)
        case solve
        /// A call the solver may refuse (a contradicting required row, an unknown removal, a suggestion for a variable
        /// that is not editable, or the solve after one): a refusal is counted, the run goes on, and the solver must
        /// be as it was before the call (the property suite's failure atomicity).
        indirect case mayFail(Step)
    }

    /// What an app does between two frames; its steps end with a solve.
    public struct Operation: Sendable {
        public var kind: Kind
        public var steps: [Step]

        public init(kind: Kind, steps: [Step]) {
            self.kind = kind
            self.steps = steps
        }
    }

    public var system: LinearSystem
    public var operations: [Operation]

    public init(system: LinearSystem, operations: [Operation] = []) {
        self.system = system
        self.operations = operations
    }

    /// The kinds of operation present, in `Kind` order.
    public var kinds: [Kind] { Array(Set(operations.map(\.kind))).sorted() }
}

/// The figures of one timed run of a workload.
public struct RunSample: Sendable, Equatable {
    /// Seconds to add every constraint and edit variable and solve.
    public var buildSolve: Double
    /// Seconds for all suggestion rounds.
    public var editTotal: Double
    /// Seconds per operation, in the workload's order.
    public var operations: [Double]

    public init(buildSolve: Double, editTotal: Double, operations: [Double]) {
        self.buildSolve = buildSolve
        self.editTotal = editTotal
        self.operations = operations
    }

    /// Seconds the whole run took by its own clock.
    public var total: Double { buildSolve + editTotal + operations.reduce(0, +) }
}

/// Plays a workload on one of Plumb's back ends, timing the same steps an external program times.
public enum WorkloadPlayer {
    /// One run on `solver`, which must be fresh. The system's constraints are lent to it from `constraints` (see
    /// `LentConstraints`; made here, before the clock starts, when not given).
    /// - Complexity: the solver's cost of the calls; the clock is read once around each timed part.
    public static func run(_ workload: Workload, on solver: any LayoutSolver,
                           constraints lent: LentConstraints? = nil) throws(SolverError) -> RunSample {
        let system = workload.system
        let constraints = lent ?? LentConstraints(system.constraints)
        let start = monotonicSeconds()
        try SystemRunner.build(constraints, edits: system.edits, into: solver)
        _ = try solver.solve()
        let built = monotonicSeconds()
        for round in system.suggestionRounds {
            for suggestion in round { try solver.suggest(suggestion.value, for: suggestion.variable) }
            _ = try solver.solve()
        }
        let edited = monotonicSeconds()
        var times: [Double] = []
        times.reserveCapacity(workload.operations.count)
        for operation in workload.operations {
            let t0 = monotonicSeconds()
            for step in operation.steps { try perform(step, on: solver) }
            times.append(monotonicSeconds() - t0)
        }
        return RunSample(buildSolve: built - start, editTotal: edited - built, operations: times)
    }

    /// One step's solver call (untimed).
    @inline(__always)
    public static func perform(_ step: Workload.Step, on solver: any LayoutSolver) throws(SolverError) {
        switch step {
        case .add(let id, let constraint): try solver.add(constraint, id: id)
        case .remove(let id): try solver.remove(id)
        case .setConstant(let id, let constant): try solver.setConstant(constant, of: id)
        case .suggest(let variable, let value): try solver.suggest(value, for: variable)
        case .solve: _ = try solver.solve()
        case .mayFail(let inner): try perform(inner, on: solver)
        }
    }

    /// One step's solver call, a refusal of a `mayFail` step caught: whether it was refused.
    public static func performCountingRefusals(_ step: Workload.Step, on solver: any LayoutSolver) throws(SolverError) -> Bool {
        guard case .mayFail(let inner) = step else {
            try perform(step, on: solver)
            return false
        }
        do { try perform(inner, on: solver) } catch { return true }
        return false
    }
}
