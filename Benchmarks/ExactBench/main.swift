// ExactBench: runs layout-lp/1 files through the exact back end (and its GMP-only twin, and any other back end of
// the build by name, from PlumbBackEnds) via SystemRunner.
//
//   ExactBench [--solver exact|exact-gmp|exact-pivot|cassowary|both|all|A,B] (both: the two exact ones; all: and cassowary) [--repeats N] [--rounds all|changed|none] [--no-rounds] [--no-ambiguity]
//              [--mode screened|exhaustive] [--check] [--json OUTDIR] FILE...
//   ExactBench --lifecycle FAMILY-SIZE[,...] [--solver A,B] [--repeats N] [--samples]   (the harness's lifecycle
//              workload: median and quartiles per operation kind; --samples prints every sample too)
//
// Prints one line per file and solver: status, median build+solve seconds over N fresh solvers, the suggestion
// rounds' total (--no-rounds drops the rounds, for profiling build+solve alone), the ambiguity query's time, and (with --check) the exact level-by-level violations.
import ExactBackend
import PlumbBackEnds
import PlumbSolver
import PlumbBatch
import PlumbHarness
import PlumbSystem
#if canImport(Glibc)
import Glibc
import PlumbFiles
#endif

var solverNames = ["exact"]
var solverGiven = false
var repeats = 3
var roundValues = SystemRunner.RoundValues.changed
var ambiguity = true
var check = false
var dropRounds = false
var mode = AmbiguityMode.screened
var jsonDir: String?
var files: [String] = []
var lifecycleSpecs: [String] = []
var arguments = Array(CommandLine.arguments.dropFirst())
while !arguments.isEmpty {
    let a = arguments.removeFirst()
    switch a {
    case "--solver":
        solverGiven = true
        let s = arguments.removeFirst()
        solverNames = s == "both" ? ["exact", "exact-gmp"] : s == "all" ? ["exact", "exact-gmp", "cassowary"]
            : s.split(separator: ",").map(String.init)
    case "--repeats": repeats = Int(arguments.removeFirst()) ?? 3
    case "--rounds": roundValues = SystemRunner.RoundValues(rawValue: arguments.removeFirst()) ?? .changed
    case "--no-ambiguity": ambiguity = false
    case "--no-rounds": dropRounds = true
    case "--mode": mode = AmbiguityMode(rawValue: arguments.removeFirst()) ?? .screened
    case "--check": check = true
    case "--stats", "--memcheck", "--verify-rounds", "--samples", "--system-heap": break
    case "--json": jsonDir = arguments.removeFirst()
    case "--lifecycle": lifecycleSpecs += arguments.removeFirst().split(separator: ",").map(String.init)
    default: files.append(a)
    }
}
// Timed under `bench`'s heap policy (the process keeps what it frees), unless asked otherwise: with glibc's defaults a
// 1,000-view app layout's exact build paid about 1,900 page faults a run, and ran twice as long as under `bench`.
if !CommandLine.arguments.contains("--system-heap") { HeapPolicy.apply() }

func fmt(_ x: Double) -> String {
    // nanoseconds: a small layout's build+solve takes a few microseconds
    let nano = Int((x * 1e9).rounded())
    let frac = String(nano % 1_000_000_000)
    return "\(nano / 1_000_000_000)." + String(repeating: "0", count: 9 - frac.count) + frac
}

/// The solver a `--solver` name stands for: the exact back end's variants by their names here, any other back end of
/// the build by its own (cassowary, relaxation, ...). Nil, after saying which names there are, for an unknown one.
func solverType(named name: String) -> (any LayoutSolver.Type)? {
    switch name {
    case "exact": return ExactSolver.self
    case "exact-proposed": return ProposedExactSolver.self   // what `bench` names exact: Cassowary proposes
    case "exact-gmp": return ExactGMPOnlySolver.self
    case "exact-pivot": return ExactPivotingSolver.self
    default:
        if let other = PlumbBackEnds.named(name) { return other }
        let own = ["exact", "exact-proposed", "exact-gmp", "exact-pivot"]
        let known = own + PlumbBackEnds.all.map { $0.name }.filter { !own.contains($0) }
        print("\(name): no such back end in this build (known: \(known.joined(separator: ", ")))")
        return nil
    }
}

func readFile(_ path: String) -> [UInt8]? { readFileBytes(atPath: path) }

/// Exact check of a result: every required constraint holds; the sum of violations per level.
func levelViolations(_ system: LinearSystem, _ values: [LayoutResult.NamedValue]) -> String {
    var exact: [Rational] = []
    for v in values {
        guard case .exact(let r) = v.value else { return "non-exact value" }
        exact.append(r)
    }
    var sums: [Priority: Rational] = [:]
    do {
        for c in system.constraints {
            let violation = try c.violation(at: { exact[$0.index] })
            sums[c.priority] = try (sums[c.priority] ?? .zero) + violation
        }
    } catch { return "overflow: \(error)" }
    return sums.sorted { $0.key > $1.key }.map { "\($0.key):\($0.value)" }.joined(separator: " ")
}

if !lifecycleSpecs.isEmpty {
    // the back ends and their variants as this build composes them (one list: `PlumbBackEnds`)
    let types = solverNames.compactMap(solverType(named:))
    let verbose = CommandLine.arguments.contains("--samples")
    for spec in lifecycleSpecs { runLifecycle(spec, solvers: types, repeats: repeats, verbose: verbose) }
    exit(0)
}

if CommandLine.arguments.contains("--memcheck") {
    let systems = files.compactMap { file -> LinearSystem? in
        guard let bytes = readFile(file) else { return nil }
        return try? LinearSystem(layoutLP: bytes, source: file)
    }
    exit(runMemcheck(systems) ? 0 : 1)
}

for file in files {
    guard let bytes = readFile(file) else { print("\(file): cannot read"); continue }
    var system: LinearSystem
    do { system = try LinearSystem(layoutLP: bytes, source: file) } catch { print("\(error)"); continue }
    if dropRounds { system.suggestionRounds = [] }
    if CommandLine.arguments.contains("--stats") {
        // The counters of `exact-proposed` (Cassowary proposing, what `bench` runs as exact), or of `exact-pivot` or
        // `exact` (the floating-point copy of its own tableau proposing) when that is the first --solver.
        let solver: ExactSolver = solverNames.first == "exact-pivot" ? ExactPivotingSolver()
            : solverGiven && solverNames.first == "exact" ? ExactSolver() : ProposedExactSolver()
        do {
            let t0 = monotonicSeconds()
            try SystemRunner.build(system, into: solver)
            let t1 = monotonicSeconds()
            let report = try solver.solve()
            let t2 = monotonicSeconds()
            let firstStatistics = solver.counters
            var roundIterations = 0
            let t3 = monotonicSeconds()
            for round in system.suggestionRounds {
                for suggestion in round { try solver.suggest(suggestion.value, for: suggestion.variable) }
                roundIterations += try solver.solve().iterations ?? 0
            }
            let t4 = monotonicSeconds()
            print("stats: rounds \(system.suggestionRounds.count) in \(fmt(t4 - t3)) s, \(roundIterations) iterations (after them: \(solver.counters))")
            print("stats: build \(fmt(t1 - t0)) s (\(firstStatistics)), solve \(fmt(t2 - t1)) s, \(report.iterations ?? 0) iterations, \(report.message)")
        } catch { print("stats: \(error)") }
    }
    if CommandLine.arguments.contains("--verify-rounds") {
        print("verify-rounds: \(verifyRounds(system))")
    }
    for name in solverNames {
        guard name != "none" else { continue }   // only --stats / --verify-rounds
        guard let type = solverType(named: name) else { continue }
        var runner = SystemRunner(repeats: repeats, roundValues: roundValues, reportAmbiguity: false)
        runner.repeats = repeats
        var result = runner.run(system, solver: type)
        var ambiguityTime = 0.0
        if ambiguity && result.status == .ok && type.capabilities.detectsAmbiguity {
            // Time the ambiguity query separately on a fresh solve.
            let solver = ExactSolver()
            solver.ambiguityMode = mode
            do {
                try SystemRunner.build(system, into: solver)
                _ = try solver.solve()
                let start = monotonicSeconds()
                let ranges = try solver.ambiguousVariables(among: nil)
                ambiguityTime = monotonicSeconds() - start
                result.ambiguous = ranges.map {
                    LayoutResult.AmbiguousRange(name: system.variables[$0.variable.index], min: $0.minimum, max: $0.maximum)
                }
            } catch { print("ambiguity: \(error)") }
        }
        let t = result.timing
        let name = system.name.isEmpty ? file : system.name
        var line = "\(name) solver=\(type.name) status=\(result.status.rawValue)"
        line += " vars=\(system.variables.count) constraints=\(system.constraints.count)"
        if let b = t?.buildSolveSeconds { line += " build_solve_s=\(fmt(b))" }
        if let e = t?.editTotalSeconds { line += " edit_rounds=\(t?.editRounds ?? 0) edit_total_s=\(fmt(e))" }
        if ambiguity { line += " ambiguous=\(result.ambiguous.count) ambiguity_s=\(fmt(ambiguityTime))" }
        if !result.conflict.isEmpty { line += " conflict=\(result.conflict)" }
        if !result.message.isEmpty && result.status != .ok { line += " message=\(result.message)" }
        print(line)
        if check && result.status == .ok {
            print("  levels: \(levelViolations(system, result.values))")
        }
        if let jsonDir {
            let base = file.split(separator: "/").last.map(String.init) ?? "out.json"
            let path = jsonDir + "/" + (base.hasSuffix(".json") ? String(base.dropLast(5)) : base) + ".\(type.name).result.json"
            if let f = fopen(path, "wb") {
                let text = result.layoutResultJSON(pretty: true)
                fputs(text, f)
                fclose(f)
            }
        }
    }
}

if CommandLine.arguments.contains("--iterations") {}


/// Level sums (required first, then each priority) of `values`, counting each suggested edit as `var == value`.
func levelSums(_ system: LinearSystem, _ values: [Rational], edits: [VariableID: Rational]) throws -> [Priority: Rational] {
    var sums: [Priority: Rational] = [:]
    for c in system.constraints {
        sums[c.priority] = try (sums[c.priority] ?? .zero) + c.violation(at: { values[$0.index] })
    }
    for edit in system.edits {
        guard let target = edits[edit.variable] else { continue }
        let d = try values[edit.variable.index] - target
        sums[edit.priority] = try (sums[edit.priority] ?? .zero) + (d.signum < 0 ? -d : d)
    }
    return sums
}

/// Plays the suggestion rounds on one warm solver and, for each round, solves the same state from scratch on a
/// fresh solver: the level sums must agree exactly (values may differ where the optimum is not unique).
func verifyRounds(_ system: LinearSystem) -> String {
    do {
        let warm = ExactSolver()
        try SystemRunner.build(system, into: warm)
        _ = try warm.solve()
        var suggested: [VariableID: Rational] = [:]
        func exactValues(_ s: ExactSolver) -> [Rational] {
            system.variables.indices.map { i -> Rational in
                if case .exact(let r) = s.value(of: VariableID(i)) { return r }
                return .zero
            }
        }
        for (k, round) in system.suggestionRounds.enumerated() {
            for suggestion in round {
                try warm.suggest(suggestion.value, for: suggestion.variable)
                suggested[suggestion.variable] = suggestion.value
            }
            _ = try warm.solve()
            let cold = ExactSolver()
            try SystemRunner.build(system, into: cold)
            for (variable, value) in suggested { try cold.suggest(value, for: variable) }
            _ = try cold.solve()
            let a = try levelSums(system, exactValues(warm), edits: suggested)
            let b = try levelSums(system, exactValues(cold), edits: suggested)
            if a != b { return "round \(k): warm \(a) != cold \(b)" }
        }
        return "\(system.suggestionRounds.count) rounds agree"
    } catch {
        return "error \(error)"
    }
}
