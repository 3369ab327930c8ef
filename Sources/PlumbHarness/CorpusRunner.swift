import PlumbSystem
import PlumbSolver
import PlumbFrontEnd
import PlumbCorpus

/// Plays corpus layouts through a back end and observes it at every expectation.
///
/// Plumb's own back ends run behind a `LayoutEngine`, so make, update, remake, remove, constant changes and
/// suggestions reach them incrementally, as in an app; external programs get the layout-lp/1 form of the
/// state at each expectation.
public struct CorpusRunner {
    /// The exact back end used to check that a named conflict set is irreducible, when there is one.
    public let oracle: (any LayoutSolver.Type)?

    public init(oracle: (any LayoutSolver.Type)? = nil) { self.oracle = oracle }

    /// One observation per expectation of `entry`, in order; a failure to run at all is the layout's error.
    public func observe(_ entry: CorpusEntry, with backEnd: BackEnd) -> Result<[Observation], RunFailure> {
        switch backEnd {
        case .native(let type): return observeNative(entry, solver: type.init())
        case .external: return observeExternal(entry, backEnd: backEnd)
        }
    }

    func observeNative(_ entry: CorpusEntry, solver: any LayoutSolver) -> Result<[Observation], RunFailure> {
        let tree: ViewTree
        do { tree = try entry.script.makeTree() } catch { return .failure(.layout(error.description)) }
        let engine = LayoutEngine(tree: tree, solver: solver)
        let player = LayoutPlayer(script: entry.script, tree: tree, engine: engine)
        var observations: [Observation] = []
        for (step, location) in entry.script.steps {
            do {
                try player.perform(step, at: location)
            } catch {
                return .failure(.layout(error.description))
            }
            guard case .expect = step else { continue }
            do {
                let unsatisfied = try engine.layout()
                var observed = observation(engine: engine, tree: tree, unsatisfied: unsatisfied)
                if let oracle, let first = unsatisfied.first, let others = first.conflictsWith {
                    let named = Set(others + [first.constraint])
                    let rows = tree.constraintOrder.compactMap { tree.constraints[$0]?.linear }.filter { named.contains($0.label ?? "") }
                    observed.conflictIrreducible = rows.count == named.count && isIrreducibleConflict(rows, oracle: oracle)
                }
                observations.append(observed)
            } catch .unsupported(let why) {
                return .failure(.unsupported(why))
            } catch {
                return .failure(.solver(error.description))
            }
        }
        return .success(observations)
    }

    func observation(engine: LayoutEngine, tree: ViewTree, unsatisfied: [UnsatisfiedConstraint]) -> Observation {
        var frames: [String: Frame] = [:]
        for view in tree.views where !view.isRoot { frames[view.id] = engine.frame(of: view) }
        var ambiguous: [String: [FrameComponent: (min: SolvedValue, max: SolvedValue)]]?
        if let ranges = try? engine.ambiguity(), let detector = engine.solver as? any AmbiguityDetecting {
            var table: [String: [FrameComponent: (min: SolvedValue, max: SolvedValue)]] = [:]
            var byVariable: [Int: (View, FrameComponent)] = [:]
            for view in tree.views {
                for component in FrameComponent.allCases { byVariable[view.variable(component).index] = (view, component) }
            }
            let rangeOf = Dictionary(ranges.map { ($0.variable.index, ($0.minimum, $0.maximum)) }, uniquingKeysWith: { a, _ in a })
            for range in ranges {
                guard let (view, component) = byVariable[range.variable.index] else { continue }
                if view.superview != nil && (component == .x || component == .y) { continue }
                table[view.id, default: [:]][component] = (range.minimum, range.maximum)
            }
            // x and y are relative to the superview, as frames are: the range of child − parent on the optimal face.
            let scratch = VariableID(tree.views.map { $0.variable(.height).index }.max().map { $0 + 3 } ?? 0)
            for view in tree.views {
                guard let parent = view.superview else { continue }
                for component in [FrameComponent.x, .y] {
                    let child = view.variable(component), origin = parent.variable(component)
                    switch (rangeOf[child.index], rangeOf[origin.index]) {
                    case (nil, nil):
                        break
                    case (let c?, nil):
                        let shift = engine.solver.value(of: origin)
                        table[view.id, default: [:]][component] = (ObservationMath.subtract(c.0, shift), ObservationMath.subtract(c.1, shift))
                    case (nil, let p?):
                        let value = engine.solver.value(of: child)
                        table[view.id, default: [:]][component] = (ObservationMath.subtract(value, p.1), ObservationMath.subtract(value, p.0))
                    case (_?, _?):
                        if let r = Self.differenceRange(child, origin, scratch: scratch, solver: engine.solver, detector: detector) {
                            table[view.id, default: [:]][component] = r
                        }
                    }
                }
            }
            ambiguous = table
        }
        return Observation(frames: frames, unsatisfied: unsatisfied, ambiguous: ambiguous,
                           levelViolations: engine.levelViolations(), converged: engine.lastReport.converged,
                           approximate: engine.lastReport.approximate,
                           message: tree.namingConstraints(in: engine.lastReport.message))
    }

    /// Each priority level's total violation at `value`: every constraint's, and every edit's last suggestion (a soft
    /// equality `variable == value` at the edit's priority), as the exact back end counts them.
    static func levelTotals(of system: LinearSystem, at value: (VariableID) -> Double) -> [Priority: SolvedValue] {
        var sums: [Priority: Double] = [:]
        for c in system.constraints { sums[c.priority, default: 0] += c.violation(at: value) }
        var suggested: [VariableID: Rational] = [:]
        for round in system.suggestionRounds { for s in round { suggested[s.variable] = s.value } }
        for edit in system.edits {
            guard let target = suggested[edit.variable] else { continue }
            sums[edit.priority, default: 0] += abs(value(edit.variable) - target.doubleValue)
        }
        return sums.mapValues { .float($0) }
    }

    func observeExternal(_ entry: CorpusEntry, backEnd: BackEnd) -> Result<[Observation], RunFailure> {
        let tree: ViewTree
        do { tree = try entry.script.makeTree() } catch { return .failure(.layout(error.description)) }
        let player = LayoutPlayer(script: entry.script, tree: tree)
        var observations: [Observation] = []
        for (step, location) in entry.script.steps {
            do { try player.perform(step, at: location) } catch { return .failure(.layout(error.description)) }
            guard case .expect = step else { continue }
            let system = player.linearSystem()
            let result = backEnd.solve(system, roundValues: .all)
            switch result.status {
            case .ok, .notConverged, .approximate:
                let final = result.rounds.last ?? result.values
                var values: [String: SolvedValue] = [:]
                for entry in final { values[entry.name] = entry.value }
                let value = { (v: VariableID) -> SolvedValue in values[system.variables[v.index]] ?? .float(.nan) }
                var frames: [String: Frame] = [:]
                for view in tree.views where !view.isRoot {
                    let parent = view.superview
                    let rel = { (a: SolvedValue, p: VariableID?) -> SolvedValue in
                        guard let p else { return a }
                        return .float(a.doubleValue - value(p).doubleValue)
                    }
                    frames[view.id] = Frame(x: rel(value(view.x), parent?.x), y: rel(value(view.y), parent?.y),
                                            width: value(view.widthVariable), height: value(view.heightVariable))
                }
                let levels = Self.levelTotals(of: system) { value($0).doubleValue }
                observations.append(Observation(frames: frames, levelViolations: levels,
                                                converged: result.status != .notConverged,
                                                approximate: result.status == .approximate, message: result.message))
            case .infeasible:
                observations.append(Observation(unsatisfied: [UnsatisfiedConstraint(constraint: result.conflict.last ?? "?",
                                                                                    conflictsWith: Array(result.conflict.dropLast()),
                                                                                    location: nil)]))
            case .unsupported:
                return .failure(.unsupported(result.message))
            case .error:
                return .failure(.solver(result.message))
            }
        }
        return .success(observations)
    }
}

/// Why a layout could not be run on a back end at all.
public enum RunFailure: Error, Sendable, CustomStringConvertible {
    /// The layout file itself fails (a front-end error; `bench audit` finds these).
    case layout(String)
    /// The back end cannot take the layout.
    case unsupported(String)
    /// The back end failed.
    case solver(String)

    public var description: String {
        switch self {
        case .layout(let m): "layout error: \(m)"
        case .unsupported(let m): m
        case .solver(let m): "solver error: \(m)"
        }
    }
}

/// Arithmetic on solved values that stays exact when both sides are.
extension CorpusRunner {
    /// The range of `a − b` on the optimal face when both are ambiguous (nil when the difference is unique): a
    /// scratch variable tied to the difference by a required row, asked about, then removed again.
    static func differenceRange(_ a: VariableID, _ b: VariableID, scratch: VariableID, solver: any LayoutSolver,
                                detector: any AmbiguityDetecting) -> (min: SolvedValue, max: SolvedValue)? {
        var e = LinearExpression(scratch)
        do {
            try e.add(a, -1)
            try e.add(b, 1)
        } catch { return nil }
        let id = ConstraintID(Int.max - 1)
        do { try solver.add(LinearConstraint(e, .equal, priority: .required), id: id) } catch { return nil }
        defer {
            try? solver.remove(id)
            _ = try? solver.solve()
        }
        guard (try? solver.solve()) != nil, let found = try? detector.ambiguousVariables(among: [scratch]) else { return nil }
        return found.first.map { ($0.minimum, $0.maximum) }
    }
}

enum ObservationMath {
    static func subtract(_ a: SolvedValue, _ b: SolvedValue) -> SolvedValue {
        if case .exact(let x) = a, case .exact(let y) = b, let d = try? x - y { return .exact(d) }
        return .float(a.doubleValue - b.doubleValue)
    }
}
