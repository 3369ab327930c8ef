import PlumbSystem
import PlumbSolver

/// A system's constraints in storage the harness owns, handed to a solver one at a time without being copied: what
/// every timed build adds them through.
///
/// Passing `system.constraints[i]` to a solver copies the constraint first (the compiler cannot prove that the call
/// leaves the array's storage alone), and the copy retains and then releases its terms and its label: two atomic
/// reference-count pairs per add, which were a tenth of a small layout's build+solve on the Cassowary back end. An
/// app hands over a constraint it holds and pays none of that, and neither does a peer's adapter, whose constraint
/// objects are built before its clock starts. So here each constraint is moved out of this storage into a local,
/// lent to the solver, and moved back: its bits are copied, no reference is counted.
///
/// Made before the clock starts (it copies the array once: one retain per constraint, given back when it is freed),
/// then lent to as many solvers as wanted.
public final class LentConstraints {
    private let base: UnsafeMutablePointer<LinearConstraint>
    /// How many constraints there are.
    public let count: Int

    /// A copy of `constraints`.
    /// - Complexity: O(n), one allocation.
    public init(_ constraints: [LinearConstraint]) {
        count = constraints.count
        base = .allocate(capacity: max(1, count))
        constraints.withUnsafeBufferPointer { source in
            if let start = source.baseAddress { base.initialize(from: start, count: count) }
        }
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Adds every constraint to `solver` in order, the i-th under id i, stopping at the first error (which is
    /// rethrown; every constraint is back in place either way).
    /// - Complexity: the solver's adds; nothing is copied, retained or allocated here.
    public func add(to solver: any LayoutSolver) throws(SolverError) {
        for index in 0..<count {
            let constraint = (base + index).move()
            defer { (base + index).initialize(to: constraint) }
            try solver.add(constraint, id: ConstraintID(index))
        }
    }
}
