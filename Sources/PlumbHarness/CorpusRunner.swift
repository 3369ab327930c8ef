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
        if let ranges = try? engine.ambiguity() {
            var table: [String: [FrameComponent: (min: SolvedValue, max: SolvedValue)]] = [:]
            var byVariable: [Int: (View, FrameComponent)] = [:]
            for view in tree.views {
                for component in FrameComponent.allCases { byVariable[view.variable(component).index] = (view, component) }
            }
            let ambiguousVariables = Set(ranges.map(\.variable.index))
            for range in ranges {
                guard let (view, component) = byVariable[range.variable.index] else { continue }
                var low = range.minimum, high = range.maximum
                // x and y are reported relative to the superview, as frames are, when the superview's origin is fixed.
                if let parent = view.superview, component == .x || component == .y {
                    let origin = parent.variable(component)
                    if !ambiguousVariables.contains(origin.index) {
                        let shift = engine.solver.value(of: origin)
                        low = ObservationMath.subtract(low, shift)
                        high = ObservationMath.subtract(high, shift)
                    }
                }
                table[view.id, default: [:]][component] = (low, high)
            }
            ambiguous = table
        }
        return Observation(frames: frames, unsatisfied: unsatisfied, ambiguous: ambiguous,
                           levelViolations: engine.levelViolations(), converged: engine.lastReport.converged,
                           approximate: engine.lastReport.approximate, message: engine.lastReport.message)
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
                var levels: [Priority: SolvedValue] = [:]
                var sums: [Priority: Double] = [:]
                for c in system.constraints { sums[c.priority, default: 0] += c.violation(at: { value($0).doubleValue }) }
                for (p, v) in sums { levels[p] = .float(v) }
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
enum ObservationMath {
    static func subtract(_ a: SolvedValue, _ b: SolvedValue) -> SolvedValue {
        if case .exact(let x) = a, case .exact(let y) = b, let d = try? x - y { return .exact(d) }
        return .float(a.doubleValue - b.doubleValue)
    }
}
