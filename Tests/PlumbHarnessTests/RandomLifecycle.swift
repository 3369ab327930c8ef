import PlumbSystem
import PlumbSolver

/// The random lifecycle the back ends' lifecycle tests play on one solver, step by step: removals in batches of one to
/// four (as a remake or a view taken out sends them), constraints taken out coming back under new ids (sometimes with
/// another constant), constant changes, and edits with suggestions (edits added on first use, sometimes taken away).
/// It keeps what is live, so that a test can solve the same constraints from scratch and compare.
struct RandomLifecycle {
    private var g: SplitMix64
    private(set) var live: [Int: LinearConstraint] = [:]
    private var out: [Int: LinearConstraint] = [:]
    private var nextID: Int
    private let variableCount: Int
    private(set) var removals = 0
    private(set) var constantChanges = 0
    /// The priority of each edited variable, the suggestions made since the last solve, and those a solve took.
    private var edited: [Int: Priority] = [:]
    private var waiting: [Int: Int] = [:]
    private var inEffect: [Int: Int] = [:]

    /// What a step came to.
    enum Outcome {
        /// Done (a refused change included: see `refusedFeasible`).
        case done
        /// An edit variable went away: nothing to compare before the next step.
        case editRemoved
    }
    /// The refused changes the reference found feasible (each a description): a test expects none.
    private(set) var refusedFeasible: [String] = []

    /// Adds `system`'s constraints to `solver` and solves.
    init(_ system: LinearSystem, seed: UInt64, on solver: any LayoutSolver) throws {
        g = SplitMix64(seed: seed)
        for (i, c) in system.constraints.enumerated() {
            try solver.add(c, id: ConstraintID(i))
            live[i] = c
        }
        _ = try solver.solve()
        nextID = system.constraints.count
        variableCount = system.variables.count
    }

    /// A coin from the lifecycle's own generator (to decide, say, whether to solve after a step).
    mutating func coin() -> Bool { g.int(0...1) == 0 }

    /// One random step on `solver`; `feasible` judges, for a refused change, whether the required constraints it
    /// would have left are feasible (they must not be).
    mutating func step(on solver: any LayoutSolver, feasible: ([LinearConstraint]) -> Bool) throws -> Outcome {
        switch g.int(0...11) {
        case 10, 11:
            let v = g.int(0...(variableCount - 1))
            if edited[v] == nil {
                let priority = [Priority(250), Priority(500), Priority(999)][g.int(0...2)]
                try solver.addEditVariable(VariableID(v), priority: priority)
                edited[v] = priority
            } else if g.int(0...3) == 0 {
                try solver.removeEditVariable(VariableID(v))
                edited[v] = nil
                waiting[v] = nil
                inEffect[v] = nil
                return .editRemoved
            }
            let value = g.int(-50...400)
            try solver.suggest(Rational(value), for: VariableID(v))
            waiting[v] = value
        case 0...3:
            for _ in 0..<g.int(1...4) where !live.isEmpty {
                let id = live.keys.sorted()[g.int(0...(live.count - 1))]
                try solver.remove(ConstraintID(id))
                out[id] = live.removeValue(forKey: id)
                removals += 1
            }
        case 4...6:
            guard let id = out.keys.sorted().first else { break }
            var c = out.removeValue(forKey: id)!
            if g.int(0...1) == 0 { c = c.withConstant(try c.constant + Rational(g.int(-3...3))) }
            do {
                try solver.add(c, id: ConstraintID(nextID))
                live[nextID] = c
            } catch {
                guard case .unsatisfiable = error else { throw error }
                if feasible(Array(live.values) + [c]) { refusedFeasible.append("add \(c)") }
            }
            nextID += 1
        default:
            guard !live.isEmpty else { break }
            let id = live.keys.sorted()[g.int(0...(live.count - 1))]
            let changed = live[id]!.withConstant(try live[id]!.constant + Rational(g.int(-5...5)))
            do {
                try solver.setConstant(changed.constant, of: ConstraintID(id))
                live[id] = changed
                constantChanges += 1
            } catch {
                guard case .unsatisfiable = error else { throw error }
                if feasible(live.map { $0.key == id ? changed : $0.value }) {
                    refusedFeasible.append("constant of \(id): \(changed) (was \(live[id]!)), \(error)")
                }
            }
        }
        return .done
    }

    /// Solves: the suggestions made so far take effect.
    mutating func solve(_ solver: any LayoutSolver) throws {
        _ = try solver.solve()
        inEffect.merge(waiting) { $1 }
        waiting.removeAll()
    }

    /// The live constraints, then each suggestion in effect as a soft pin at its edit's priority: what a fresh solve
    /// of the solver's state takes.
    var constraints: [LinearConstraint] {
        live.keys.sorted().map { live[$0]! } + inEffect.keys.sorted().map {
            var e = LinearExpression(VariableID($0))
            try! e.add(constant: Rational(-inEffect[$0]!))
            return LinearConstraint(e, .equal, priority: edited[$0]!)
        }
    }
}

extension SplitMix64 {
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }
}
