/// Where the exact core's answer stands between calls: one state instead of four flags that had to agree.
///
/// - `changed` → `solve()` → `optimal` (the engine solved it) or `certified` (a certificate vouched for a proposed
///   basis without building the tableau);
/// - `certified` → a suggestion the proposer behind the certificate takes (`ExactSolverCore.liveProposer`) →
///   `suggestedSinceCertificate` → `solve()`, any other change or query → `materialize()` at the proposer's new
///   basis → `optimal(stale: true)`;
/// - `certified` → any other change or query → `materialize()` → `optimal`;
/// - `optimal` → a suggestion that keeps the optimum → `optimal(stale: true)`; any other change → `changed`.
enum AnswerState {
    /// Something changed since the last `solve()`: the engine's values are no answer. `proposal` is a basis the
    /// certificate path already had from the proposer and could not use, kept so that the engine's path in the
    /// same `solve()` does not ask for it again.
    case changed(proposal: ProposedBasis?)
    /// The last `solve()` was answered by a certificate: `solution` is its answer, and the rows still wait outside
    /// the engine; `materialize()` puts them in at `basis` before anything else touches the engine.
    case certified(ProposedBasis, levels: Int)
    /// A certified answer, then suggested values that the proposer still holding the certified rows took: the rows
    /// still wait outside the engine, and `materialize()` puts them in at the proposer's basis for the changed system
    /// (the engine pivots from there only if that basis is not exactly optimal), not at the certified one.
    case suggestedSinceCertificate
    /// The engine holds the optimal face of the last solve (level fixings in place). `stale`: a suggestion moved
    /// basic values and kept the optimum, and `solution` is not read again yet.
    case optimal(stale: Bool)
}
