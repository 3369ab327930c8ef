// cassowary-bench: runs layout-lp/1 files through the Cassowary back end (via SystemRunner) and prints
// one JSON line per file with in-process timings, comparable with `peers/kiwi/adapter.py --time FILE`.
//
//   cassowary-bench FILE.json... [--repeat R] [--passes P] [--values] [--cpu] [--memory] [--stats] [--no-rounds]
//
// build_solve_s: median over P passes of SystemRunner's median over R fresh builds (add every constraint and
// edit variable, then solve()); edit_total_s: median over P passes of the suggestion rounds (suggest + solve()).
// --values prints the values after the last round; --cpu adds the same timings on the thread CPU clock (steadier on
// a shared machine); --with-creation adds create_build_solve_s (making and freeing the solver inside the clock too)
// and reset_build_solve_s (one solver reused: reset() inside the clock);
// --memory adds the bytes a built solver holds (malloc in use after minus before); --stats adds
// tableau size, pivot counts and the build's work (build_work: substitutions, the cells they visited and, of those,
// external_row_cells, the ones in rows solved for a variable, which no pivot reads); --no-rounds drops the suggestion rounds; --removes K times removing K required
// equalities (evenly spaced in file order, each followed by solve(), on one built solver) and K soft constraints. Peak RSS is the whole process's
// (parsed file included; the largest file dominates when several are given). read_s: reading the file's bytes into a
// LinearSystem (layout-lp/1 parsing, once, cold).
import PlumbSystem
import PlumbSolver
import PlumbBatch
import CassowaryBackend
#if canImport(Glibc)
import Glibc
import PlumbFiles
#endif

func readFile(_ path: String) -> [UInt8]? { readFileBytes(atPath: path) }

/// CPU seconds of this thread (less sensitive than wall time to other processes on a shared machine).
func threadCPUSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// Build+solve and the suggestion rounds, timed with the thread CPU clock: (median build, median round total).
func cpuTimes(_ system: LinearSystem, repeats: Int) -> (Double, Double) {
    var builds: [Double] = [], rounds: [Double] = []
    for _ in 0..<max(1, repeats) {
        let solver = CassowarySolver()
        let t0 = threadCPUSeconds()
        try? SystemRunner.build(system, into: solver)
        _ = try? solver.solve()
        let t1 = threadCPUSeconds()
        for round in system.suggestionRounds {
            for sg in round { try? solver.suggest(sg.value, for: sg.variable) }
            _ = try? solver.solve()
        }
        let t2 = threadCPUSeconds()
        builds.append(t1 - t0)
        rounds.append(t2 - t1)
    }
    return (median(builds), median(rounds))
}

/// Bytes a built and solved solver holds (its own accounting of every buffer's capacity).
func solverBytes(_ system: LinearSystem) -> Int {
    let solver = CassowarySolver()
    try? SystemRunner.build(system, into: solver)
    _ = try? solver.solve()
    return solver.footprintBytes
}

func peakRSSMegabytes() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_maxrss) / 1024
}

var files: [String] = []
var repeats = 3
var passes = 3
var printValues = false
var stats = false
var noRounds = false
var cpu = false
var memory = false
var removes = 0
/// --with-creation: also time making the solver (CassowarySolver() inside the clock), median over repeat*passes.
var withCreation = false
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
    switch a {
    case "--repeat": repeats = Int(args.popFirst() ?? "3") ?? 3
    case "--passes": passes = Int(args.popFirst() ?? "3") ?? 3
    case "--values": printValues = true
    case "--stats": stats = true
    case "--no-rounds": noRounds = true
    case "--cpu": cpu = true
    case "--memory": memory = true
    case "--with-creation": withCreation = true
    case "--removes": removes = Int(args.popFirst() ?? "0") ?? 0
    case "-h", "--help":
        print("usage: cassowary-bench FILE.json... [--repeat R] [--passes P] [--values]")
        exit(0)
    default: files.append(a)
    }
}

for path in files {
    guard let bytes = readFile(path) else { print("{\"file\": \"\(path)\", \"error\": \"unreadable\"}"); continue }
    var system: LinearSystem
    let readStart = monotonicSeconds()
    do { system = try LinearSystem(layoutLP: bytes, source: path) } catch {
        print("{\"file\": \"\(path)\", \"error\": \"\(error)\"}")
        continue
    }
    let readSeconds = monotonicSeconds() - readStart
    if noRounds { system.suggestionRounds = [] }
    var builds: [Double] = []
    var editTotals: [Double] = []
    var last: LayoutResult? = nil
    // warm-up pass (not counted)
    _ = SystemRunner(repeats: 1, roundValues: .none, reportAmbiguity: false).run(system, solver: CassowarySolver.self)
    for _ in 0..<max(1, passes) {
        let result = SystemRunner(repeats: repeats, roundValues: printValues ? .all : .none, reportAmbiguity: false)
            .run(system, solver: CassowarySolver.self)
        if let t = result.timing {
            builds.append(t.buildSolveSeconds ?? 0)
            editTotals.append(t.editTotalSeconds ?? 0)
        }
        last = result
    }
    let rounds = system.suggestionRounds.count
    let edit = median(editTotals)
    var line = "{\"name\": \"\(system.name)\", \"n_constraints\": \(system.constraints.count), "
        + "\"n_variables\": \(system.variables.count), \"status\": \"\(last?.status.rawValue ?? "none")\", "
        + "\"build_solve_s\": \(median(builds)), \"per_constraint_us\": \(median(builds) / Double(max(1, system.constraints.count)) * 1e6), "
        + "\"edit_rounds\": \(rounds), \"edit_total_s\": \(edit), \"per_edit_us\": \(rounds > 0 ? edit / Double(rounds) * 1e6 : 0), "
        + "\"repeat\": \(repeats), \"passes\": \(passes), \"max_rss_mb\": \(peakRSSMegabytes()), \"read_s\": \(readSeconds)"
    if printValues, let last {
        let values = (last.rounds.last ?? last.values).map { "\"\($0.name)\": \($0.value.doubleValue)" }
        line += ", \"values\": {" + values.joined(separator: ", ") + "}"
    }
    if memory {
        let bytes = solverBytes(system)
        if stats {
            let solver = CassowarySolver()
            try? SystemRunner.build(system, into: solver)
            _ = try? solver.solve()
            line += ", \"footprint\": {" + solver.footprintBreakdown.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
        }
        line += ", \"solver_bytes\": \(bytes), \"solver_bytes_per_constraint\": \(Double(bytes) / Double(max(1, system.constraints.count)))"
    }
    if withCreation {
        var times: [Double] = [], resets: [Double] = []
        for _ in 0..<(repeats * passes) {
            let t0 = monotonicSeconds()
            do {
                // made, built, solved and freed inside the clock, as an app making a solver per layout pays
                let solver = CassowarySolver()
                try? SystemRunner.build(system, into: solver)
                _ = try? solver.solve()
            }
            times.append(monotonicSeconds() - t0)
        }
        let reused = CassowarySolver()
        try? SystemRunner.build(system, into: reused)
        for _ in 0..<(repeats * passes) {
            let t0 = monotonicSeconds()
            reused.reset()
            try? SystemRunner.build(system, into: reused)
            _ = try? reused.solve()
            resets.append(monotonicSeconds() - t0)
        }
        line += ", \"create_build_solve_s\": \(median(times)), \"reset_build_solve_s\": \(median(resets))"
    }
    if cpu {
        let (b, e) = cpuTimes(system, repeats: repeats * passes)
        line += ", \"cpu_build_solve_s\": \(b), \"cpu_per_constraint_us\": \(b / Double(max(1, system.constraints.count)) * 1e6), \"cpu_per_edit_us\": \(rounds > 0 ? e / Double(rounds) * 1e6 : 0)"
    }
    if stats {
        let solver = CassowarySolver()
        try? SystemRunner.build(system, into: solver)
        _ = try? solver.solve()
        let st = solver.counters
        let w = solver.counters
        line += ", \"build_work\": {\"substitutions\": \(w.substitutions), \"cells\": \(w.substitutedCells), \"external_row_cells\": \(w.externalRowCells), \"column_visits\": \(w.columnVisits), \"raised_subjects\": \(w.raisedSubjects), \"phase_one_adds\": \(w.phaseOneAdds)}"
        var roundTimes: [Double] = []
        for round in system.suggestionRounds {
            let t0 = monotonicSeconds()
            for sg in round { try? solver.suggest(sg.value, for: sg.variable) }
            _ = try? solver.solve()
            roundTimes.append(monotonicSeconds() - t0)
            if roundTimes.count == 1 { line += ", \"first_round_pivots\": \(solver.counters.pivots - st.pivots)" }
        }
        line += ", \"first_round_s\": \(roundTimes.first ?? 0), \"median_round_s\": \(median(roundTimes))"
        let after = solver.counters
        line += ", \"round_pivots\": \(after.pivots - st.pivots), \"dual_pivots\": \(solver.counters.dualPivots)"
        line += ", \"tableau\": {\"rows\": \(st.rows), \"cells\": \(st.cells), \"longest_row\": \(st.longestRow), \"symbols\": \(st.symbols), \"pivots\": \(st.pivots)}"
    }
    if removes > 0 {
        // required equalities drop their marker (a removal recovers it, or rebuilds the tableau); soft ones keep their error symbols
        let required = system.constraints.indices.filter {
            system.constraints[$0].priority.isRequired && system.constraints[$0].relation == .equal
        }
        let soft = system.constraints.indices.filter { !system.constraints[$0].priority.isRequired }
        func pick(_ ids: [Int]) -> [Int] {
            ids.isEmpty ? [] : (0..<min(removes, ids.count)).map { ids[(2 * $0 + 1) * ids.count / (2 * min(removes, ids.count))] }
        }
        let solver = CassowarySolver()
        try? SystemRunner.build(system, into: solver)
        _ = try? solver.solve()
        var requiredTimes: [Double] = [], softTimes: [Double] = []
        for (ids, into) in [(pick(required), 0), (pick(soft), 1)] {
            for id in ids {
                let t0 = threadCPUSeconds()
                try? solver.remove(ConstraintID(id))
                _ = try? solver.solve()
                let t = threadCPUSeconds() - t0
                if into == 0 { requiredTimes.append(t) } else { softTimes.append(t) }
            }
        }
        line += ", \"cpu_remove_required_s\": \(median(requiredTimes)), \"cpu_remove_soft_s\": \(median(softTimes))"
    }
    if let message = last?.message, !message.isEmpty { line += ", \"message\": \"\(message)\"" }
    print(line + "}")
}
