import PlumbSolver
import CassowaryBackend
import ExactBackend
import RelaxationBackend

/// Every back end of this build, for tools that run them all (the `bench` command, the micro-benchmarks).
/// An app embeds one back end's product instead.
public enum PlumbBackEnds {
    /// The back ends, the fastest first.
    public static var all: [any LayoutSolver.Type] {
        [CassowarySolver.self, ExactSolver.self, RelaxationSolver.self]
    }

    /// The relaxation back end's earlier schemes under names of their own, so that a run with
    /// `--solver relaxation-textbook ...` shows what each step of the default scheme buys.
    public static var variants: [any LayoutSolver.Type] {
        [TextbookRelaxationSolver.self, HierarchicalRelaxationSolver.self, OverRelaxedRelaxationSolver.self]
    }

    /// The back end (or variant) with this name, if the build has it.
    public static func named(_ name: String) -> (any LayoutSolver.Type)? {
        (all + variants).first { $0.name == name }
    }
}
