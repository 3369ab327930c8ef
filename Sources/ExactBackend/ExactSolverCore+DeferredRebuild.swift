import PlumbSolver
import PlumbSystem

/// Rebuilds left until the engine is needed, so that a run of changes costs one.
///
/// A removal or constant change of a required equality whose marker column was dropped needs that column back (a
/// walk over its dependents, or a region solve) or the required rows rebuilt. A removal cannot make the others
/// infeasible; nor can a constant change while the required rows are linearly independent: `A x = b` then has a
/// solution for every `b`, which meets every row as an equality (so every inequality too). Each required row's
/// independence is read when it goes into the engine: it names a nonbasic layout column once the basic ones are
/// substituted (`SimplexEngine.lastRowWasIndependent`); one that does not is counted in `dependentRequired` until it
/// is removed or a rebuild finds it independent. While that count is 0, such a change tries the recovery and,
/// failing, goes to the table only and marks the engine stale (`engineIsStale`); the next operation that needs the
/// engine (a required add, a change that needs a verdict, a solve) rebuilds it once (`refreshEngine()`). A removal
/// whose recovery fails is put off the same way. After a region solve that failed (a chain's, whose region is the
/// whole chain), the next deferrable ones get a budget of about a rebuild's work instead of several.
///
/// Chains are such systems: an update that moved three gaps cost a chain of 200 views a failed region solve and a
/// rebuild each (1.7 ms, three builds' time); it now costs one rebuild at the solve (0.8 ms).
extension ExactSolverCore {
    /// Rebuilds a stale engine from the table (its required rows; the soft ones and the edits then wait for the
    /// next solve). - Complexity: a rebuild when stale, O(1) otherwise.
    func refreshEngine() {
        guard engineIsStale else { return }
        engineIsStale = false
        let rebuilt = rebuild()
        precondition(rebuilt, "ExactSolver: the table's required constraints are feasible")
    }
}
