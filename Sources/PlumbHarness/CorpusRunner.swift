import PlumbSystem
import PlumbSolver
import PlumbFrontEnd
import PlumbText
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

    /// The oracle's play of one layout, made once and used twice: its observations are the reference every back
    /// end is judged against, and the oracle's own answer when it is among the back ends judged.
    public struct OracleRun {
        let oracle: (any LayoutSolver.Type)?
        let played: Result<[Observation], RunFailure>?

        /// The reference observations, one per expectation (nil without an oracle, or when it could not play).
        public var reference: [Observation]? {
            if case .success(let observed)? = played { return observed }
            return nil
        }
    }

    /// Plays `entry` on the oracle, when there is one.
    public func oracleRun(_ entry: CorpusEntry) -> OracleRun {
        OracleRun(oracle: oracle, played: oracle.map { observe(entry, with: .native($0)) })
    }

    /// `observe(_:with:)`, except that the oracle's observations are taken from `run` instead of playing it again.
    public func observe(_ entry: CorpusEntry, with backEnd: BackEnd, besides run: OracleRun) -> Result<[Observation], RunFailure> {
        if case .native(let type) = backEnd, let oracle = run.oracle, let played = run.played,
           ObjectIdentifier(type) == ObjectIdentifier(oracle) {
            return played
        }
        return observe(entry, with: backEnd)
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
                var observed = observation(engine: engine, player: player, unsatisfied: unsatisfied)
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

    func observation(engine: LayoutEngine, player: LayoutPlayer, unsatisfied: [UnsatisfiedConstraint]) -> Observation {
        let tree = engine.tree
        // the rows in force: a refused constraint counts in no level
        let system = player.linearSystem(leavingOut: Set(engine.refusedConstraints))
        let observer = Observer(tree: tree, system: system) { engine.solver.value(of: $0) }
        return Observation(frames: observer.frames(), unsatisfied: unsatisfied,
                           ambiguous: (engine.solver as? any AmbiguityDetecting).flatMap { observer.ambiguity(of: $0) },
                           levelViolations: observer.levelViolations(), converged: engine.lastReport.converged,
                           approximate: engine.lastReport.approximate,
                           message: tree.namingConstraints(in: engine.lastReport.message))
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
                let observer = Observer(tree: tree, system: system, answer: result.rounds.last ?? result.values)
                var observed = Observation(frames: observer.frames(), levelViolations: observer.levelViolations(),
                                           converged: result.status != .notConverged,
                                           approximate: result.status == .approximate, message: result.message)
                if case .external(let program) = backEnd, let hello = program.hello {
                    observed.declared = DeclaredSemantics(resolution: hello.resolution, dropsUnsatisfiable: hello.dropsUnsatisfiable,
                                                          system: system)
                }
                observations.append(observed)
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
