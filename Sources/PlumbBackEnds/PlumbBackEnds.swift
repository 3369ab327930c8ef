import PlumbSolver
import CassowaryBackend
import ExactBackend
import RelaxationBackend

/// Every back end of this build, for tools that run them all (the `bench` command, the micro-benchmarks).
/// An app embeds one back end's product instead.
public enum PlumbBackEnds {
    /// The back ends, the fastest first.
    public static var all: [any LayoutSolver.Type] {
        [CassowarySolver.self, ProposedExactSolver.self, RelaxationSolver.self]
    }

    /// The relaxation back end's earlier schemes under names of their own, so that a run with
    /// `--solver relaxation-textbook ...` shows what each step of the default scheme buys.
    public static var variants: [any LayoutSolver.Type] {
        [TextbookRelaxationSolver.self, HierarchicalRelaxationSolver.self, OverRelaxedRelaxationSolver.self,
         ProposedExactGMPOnlySolver.self, ExactPivotingSolver.self]
    }

    /// The back end (or variant) with this name, if the build has it.
    public static func named(_ name: String) -> (any LayoutSolver.Type)? {
        (all + variants).first { $0.name == name }
    }
}

/// The exact back end as this build composes it: the Cassowary back end proposes its bases (through
/// `BasisProposing`), which the exact engine certifies or pivots on from. Named `exact`. (The `PlumbExact` product alone
/// links no other back end: there a floating-point copy of its own tableau proposes.)
public final class ProposedExactSolver: ExactSolver {
    override public class var defaultProposer: (any BasisProposing.Type)? { CassowarySolver.self }
}

/// `exact-gmp` (every number a heap GMP rational, to measure what the inline fast path buys), with the same proposer
/// as `exact`.
public final class ProposedExactGMPOnlySolver: ExactGMPOnlySolver {
    override public class var defaultProposer: (any BasisProposing.Type)? { CassowarySolver.self }
}
