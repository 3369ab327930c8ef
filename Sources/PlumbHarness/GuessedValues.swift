import PlumbSystem
import PlumbSolver
import PlumbBatch
import PlumbText

/// Whether a layout's verdict hides behind a guessed value. A value the code names but does not give takes a
/// default (0 for a number, 1 for a factor: `ParameterRole`), and a conflict can hide behind it: `guide.leading ==
/// guide.leading + urlBarMargin` holds at 0 and at no other margin. So every guessed number is tried again at a
/// second, non-degenerate value, and the verdicts are compared.
public struct GuessedValues: Sendable {
    /// What the second try found.
    public enum Finding: Sendable, Equatable, CustomStringConvertible {
        /// Feasible with the defaults, infeasible when these guesses take their second values (each alone, or all
        /// together when no single one does it): the conflict `conflict` hides behind the defaults.
        case hiddenConflict(names: [String], values: [String], conflict: [String])
        /// Infeasible with the defaults, feasible at the second values: the conflict depends on the guesses.
        case conflictDependsOnGuesses(names: [String])

        public var description: String {
            switch self {
            case .hiddenConflict(let names, let values, let conflict):
                let guesses = zip(names, values).map { "\($0.0) = \($0.1)" }.joined(separator: ", ")
                let defaults = names.map { "\($0) ≠ 0" }.joined(separator: " and ")
                return "warning: the layout conflicts when \(defaults) (tried \(guesses)): "
                    + conflict.joined(separator: "; ") + ". With the defaults it solves, so the conflict hides behind them: "
                    + "bind the app's values with --param 'NAME=VALUE' to see which holds"
            case .conflictDependsOnGuesses(let names):
                return "warning: the conflict depends on values the import guessed (" + names.joined(separator: ", ")
                    + "): at other values the layout solves; bind the app's values with --param 'NAME=VALUE'"
            }
        }
    }

    /// The second value of each unbound number (`10`, `11`, ... in order of first use) and factor (`2`, `3`, ...).
    /// - Complexity: O(uses).
    public static func secondValues(_ uses: [ParameterUse]) -> [(name: String, value: String)] {
        var seen = Set<String>(), result: [(name: String, value: String)] = []
        var numbers = 0, factors = 0
        for use in uses where !use.isBound && !seen.contains(use.name) {
            switch use.role {
            case .number:
                result.append((use.name, "\(10 + numbers)"))
                numbers += 1
            case .factor:
                result.append((use.name, "\(2 + factors)"))
                factors += 1
            case .priority, .condition, .choice:
                continue
            }
            seen.insert(use.name)
        }
        return result
    }

    /// Solves the layout `text` (read with `bindings`) on `type` with the guesses at their defaults and at their
    /// second values, and says what differs; nil when nothing does (or nothing was guessed).
    /// - Complexity: one solve with the defaults, one with every second value, and, when those differ, one per
    ///   guessed number.
    public static func check(text: String, file: String, bindings: ParameterBindings,
                             solver type: any LayoutSolver.Type) -> Finding? {
        func solve(_ extra: [(name: String, value: String)]) -> LayoutResult? {
            var b = bindings
            for (name, value) in extra { b[name] = value }
            guard let script = try? LayoutFile(file: file, name: "guessed", parameters: b).parse(text),
                  let system = try? script.lowered() else { return nil }
            return SystemRunner(repeats: 1, roundValues: .none, reportAmbiguity: false).run(system, solver: type)
        }
        guard let script = try? LayoutFile(file: file, name: "guessed", parameters: bindings).parse(text) else { return nil }
        let seconds = secondValues(script.parameterUses)
        guard !seconds.isEmpty, let base = solve([]), let moved = solve(seconds) else { return nil }
        let baseInfeasible = base.status == .infeasible, movedInfeasible = moved.status == .infeasible
        switch (baseInfeasible, movedInfeasible) {
        case (false, true):
            let alone = seconds.filter { solve([$0])?.status == .infeasible }
            let named = alone.isEmpty ? seconds : alone
            let conflict = alone.first.flatMap { solve([$0])?.conflict } ?? moved.conflict
            return .hiddenConflict(names: named.map(\.name), values: named.map(\.value), conflict: conflict)
        case (true, false):
            return .conflictDependsOnGuesses(names: seconds.map(\.name))
        default:
            return nil
        }
    }
}
