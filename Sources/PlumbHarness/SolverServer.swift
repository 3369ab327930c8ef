import PlumbSystem
import PlumbSolver
import PlumbBatch

/// One of Plumb's back ends as a plumb-solver/1 program (`bench serve`): the hello line, and the answer to each
/// request line. It answers `solve`, `load`, `run` (one run per request, with `"values"`, steps marked `may_fail`)
/// and `churn`; the property suite probes Plumb's back ends through it in processes of their own, as it probes peers.
public final class SolverServer {
    public let type: any LayoutSolver.Type
    /// The workload of the last `load`, and why there is none.
    private var workload: Workload?
    private var whyNone = "no workload loaded"
    /// The solver `churn` plays the loaded workload on, kept between `churn` requests, and its cycles so far.
    private var churning: (solver: any LayoutSolver, cycles: Int)?

    public init(type: any LayoutSolver.Type) { self.type = type }

    /// The hello line (docs/solver-protocol.md): levels kept apart without limit for a back end with strict
    /// priorities, exactness as the back end's capabilities say.
    public var hello: String {
        let c = type.capabilities
        return "{\"protocol\":\"plumb-solver/1\",\"solver\":\(JSONWriter.quoted(type.name)),\"version\":\"plumb\","
            + "\"supports\":{\"levels\":\(c.strictPriorities ? "null" : "3"),\"strict_priorities\":\(c.strictPriorities),"
            + "\"exact\":\(c.exact),\"edits\":true,\"remove\":true,\"set_constant\":true,\"may_fail\":true,\"churn\":true}}"
    }

    /// What to do with one request line: answer it, or end (`quit`).
    public enum Reply: Equatable {
        case answer(String)
        case quit
    }

    /// The reply to one request line (never a trap: a line that is not a request gets an error answer).
    public func reply(to line: String) -> Reply {
        let request: JSONValue
        do { request = try JSONParser(maxDepth: 256, maxNumberLength: 4096).parse(Array(line.utf8)) } catch {
            return .answer(Self.status(id: "null", "error", "not JSON: \(error)"))
        }
        let id = request["id"]?.numberLexeme ?? "null"
        switch request["op"]?.stringValue {
        case "quit":
            return .quit
        case "solve":
            guard let body = request["system"] else { return .answer(Self.status(id: id, "error", "`solve` needs a \"system\"")) }
            do {
                let system = try LinearSystem(layoutLP: Array(JSONWriter.write(body, pretty: false).utf8), source: "request \(id)")
                let result = SystemRunner(repeats: 1).run(system, solver: type)
                return .answer("{\"id\":\(id),\"result\":\(result.layoutResultJSON(pretty: false))}")
            } catch {
                return .answer(Self.status(id: id, "error", "\(error)"))
            }
        case "load":
            workload = nil
            churning = nil
            guard let body = request["workload"] else {
                whyNone = "the last load had no workload"
                return .answer(Self.status(id: id, "error", "`load` needs a \"workload\""))
            }
            do {
                workload = try Workload(protocolJSON: body)
                return .answer(Self.status(id: id, "ok"))
            } catch {
                whyNone = "the last load failed (\(error))"
                return .answer(Self.status(id: id, "error", error.description))
            }
        case "run":
            guard let workload else { return .answer(Self.status(id: id, "error", "run: " + whyNone)) }
            guard request["repeat"] == nil else { return .answer(Self.status(id: id, "error", "run: this program does not take \"repeat\"")) }
            return .answer(run(workload, id: id, values: request["values"]?.boolValue == true))
        case "churn":
            guard let workload else { return .answer(Self.status(id: id, "error", "churn: " + whyNone)) }
            guard let lexeme = request["cycles"]?.numberLexeme, let cycles = Int(lexeme), (0...Self.mostCycles).contains(cycles) else {
                return .answer(Self.status(id: id, "error", "churn: \"cycles\" must be a whole number from 0 to \(Self.mostCycles)"))
            }
            return .answer(churn(workload, id: id, cycles: cycles))
        case let op:
            let what = op.map { "`\($0)`" } ?? "a request without op"
            return .answer(Self.status(id: id, "unsupported", "bench serve answers solve, load, run, churn and quit, not \(what)"))
        }
    }

    /// The most cycles one `churn` request may ask for.
    public static let mostCycles = 10_000_000

    /// One run on a fresh solver, timed as `WorkloadPlayer` times it; a refused `mayFail` step is listed and the run
    /// goes on.
    private func run(_ workload: Workload, id: String, values: Bool) -> String {
        let solver = type.init()
        let system = workload.system
        var refused: [String] = []
        var at = "the build"
        do {
            let start = monotonicSeconds()
            try SystemRunner.build(system, into: solver)
            _ = try solver.solve()
            let built = monotonicSeconds()
            for (k, round) in system.suggestionRounds.enumerated() {
                at = "suggestions[\(k)]"
                for suggestion in round { try solver.suggest(suggestion.value, for: suggestion.variable) }
                _ = try solver.solve()
            }
            let edited = monotonicSeconds()
            var times: [String] = []
            for (k, operation) in workload.operations.enumerated() {
                let t0 = monotonicSeconds()
                for (j, step) in operation.steps.enumerated() {
                    at = "operations[\(k)].steps[\(j)]"
                    if try WorkloadPlayer.performCountingRefusals(step, on: solver) { refused.append("[\(k),\(j)]") }
                }
                times.append("\(monotonicSeconds() - t0)")
            }
            var answer = "{\"id\":\(id),\"status\":\"ok\",\"build_solve_s\":\(built - start),\"edit_total_s\":\(edited - built),"
                + "\"operations\":[\(times.joined(separator: ","))],\"refused\":[\(refused.joined(separator: ","))]"
            if values {
                let members = system.variables.indices.map { v in
                    JSONMember(system.variables[v], Self.json(solver.value(of: VariableID(v))))
                }
                answer += ",\"values\":" + JSONWriter.write(.object(members), pretty: false)
            }
            return answer + "}"
        } catch {
            return Self.status(id: id, error.isConflict ? "infeasible" : "error", "\(at): \(error)")
        }
    }

    /// `cycles` more cycles of the loaded workload's operations on the churn solver (built and solved at the first
    /// `churn` after a load).
    private func churn(_ workload: Workload, id: String, cycles: Int) -> String {
        do {
            if churning == nil {
                let solver = type.init()
                try SystemRunner.build(workload.system, into: solver)
                _ = try solver.solve()
                churning = (solver, 0)
            }
            guard let solver = churning?.solver else { return Self.status(id: id, "error", "churn: no solver") }
            let start = monotonicSeconds()
            for _ in 0..<cycles {
                for operation in workload.operations {
                    for step in operation.steps { _ = try WorkloadPlayer.performCountingRefusals(step, on: solver) }
                }
            }
            let seconds = monotonicSeconds() - start
            churning?.cycles += cycles
            return "{\"id\":\(id),\"status\":\"ok\",\"cycles\":\(churning?.cycles ?? 0),\"seconds\":\(seconds)}"
        } catch {
            churning = nil
            return Self.status(id: id, error.isConflict ? "infeasible" : "error", "churn: \(error)")
        }
    }

    private static func status(id: String, _ status: String, _ message: String? = nil) -> String {
        "{\"id\":\(id),\"status\":\"\(status)\"" + (message.map { ",\"message\":" + JSONWriter.quoted($0) } ?? "") + "}"
    }

    /// A value as the protocol writes it: an exact one as a string (`"1/3"`), a floating-point one as a number.
    private static func json(_ value: SolvedValue) -> JSONValue {
        if case .exact(let r) = value { return .string(r.description) }
        let d = value.doubleValue
        return d.isFinite ? .number("\(d)") : .null
    }
}

extension SolverError {
    /// Whether the solver refused a required constraint that cannot hold with the others.
    var isConflict: Bool { if case .unsatisfiable = self { true } else { false } }
}
