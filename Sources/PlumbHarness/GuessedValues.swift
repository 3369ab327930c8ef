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
        case hiddenConflict(names: [String], defaults: [String], values: [String], conflict: [String])
        /// Infeasible with the defaults, feasible at the second values: the conflict depends on the guesses.
        case conflictDependsOnGuesses(names: [String])

        public var description: String {
            switch self {
            case .hiddenConflict(let names, let defaults, let values, let conflict):
                let guesses = zip(names, values).map { "\($0.0) = \($0.1)" }.joined(separator: ", ")
                let away = zip(names, defaults).map { "\($0.0) ≠ \($0.1)" }.joined(separator: " and ")
                return "warning: the layout conflicts when \(away) (tried \(guesses)): "
                    + conflict.joined(separator: "; ") + ". With the defaults it solves, so the conflict hides behind them: "
                    + "bind the app's values with --param 'NAME=VALUE' to see which holds"
            case .conflictDependsOnGuesses(let names):
                return "warning: the conflict depends on values the import guessed (" + names.joined(separator: ", ")
                    + "): at other values the layout solves; bind the app's values with --param 'NAME=VALUE'"
            }
        }
    }

    /// A value the code names but does not give: the default it took and the second value it is tried at.
    public struct Guess: Sendable, Equatable {
        public var name: String
        public var taken: String
        public var second: String
    }

    /// The second value of each unbound number (`10`, `11`, ... in order of first use) and factor (`2`, `3`, ...).
    /// - Complexity: O(uses).
    public static func secondValues(_ uses: [ParameterUse]) -> [Guess] {
        var seen = Set<String>(), result: [Guess] = []
        var numbers = 0, factors = 0
        for use in uses where !use.isBound && !seen.contains(use.name) {
            switch use.role {
            case .number:
                result.append(Guess(name: use.name, taken: use.taken, second: "\(10 + numbers)"))
                numbers += 1
            case .factor:
                result.append(Guess(name: use.name, taken: use.taken, second: "\(2 + factors)"))
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
        func solve(_ guesses: [Guess]) -> LayoutResult? {
            var b = bindings
            for guess in guesses { b[guess.name] = guess.second }
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
            // each guess alone, solved once: those that conflict by themselves, with the first one's conflict
            let alone = seconds.compactMap { guess in solve([guess]).flatMap { $0.status == .infeasible ? (guess, $0.conflict) : nil } }
            let named = alone.isEmpty ? seconds : alone.map(\.0)
            return .hiddenConflict(names: named.map(\.name), defaults: named.map(\.taken), values: named.map(\.second),
                                   conflict: alone.first?.1 ?? moved.conflict)
        case (true, false):
            return .conflictDependsOnGuesses(names: seconds.map(\.name))
        default:
            return nil
        }
    }
}
