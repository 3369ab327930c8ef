import PlumbSystem
import PlumbSolver
import PlumbBatch

/// One of Plumb's back ends as a plumb-solver/1 program (`bench serve`): the hello line, and the answer to each
/// request line. It answers `solve`; other requests are answered `unsupported`.
public struct SolverServer {
    public let type: any LayoutSolver.Type

    public init(type: any LayoutSolver.Type) { self.type = type }

    /// The hello line (docs/solver-protocol.md): levels kept apart without limit for a back end with strict
    /// priorities, exactness as the back end's capabilities say.
    public var hello: String {
        let c = type.capabilities
        return "{\"protocol\":\"plumb-solver/1\",\"solver\":\(JSONWriter.quoted(type.name)),\"version\":\"plumb\","
            + "\"supports\":{\"levels\":\(c.strictPriorities ? "null" : "3"),\"strict_priorities\":\(c.strictPriorities),"
            + "\"exact\":\(c.exact),\"edits\":true,\"remove\":true,\"set_constant\":true}}"
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
            return .answer("{\"id\":null,\"status\":\"error\",\"message\":\(JSONWriter.quoted("not JSON: \(error)"))}")
        }
        let id = request["id"]?.numberLexeme ?? "null"
        switch request["op"]?.stringValue {
        case "quit":
            return .quit
        case "solve":
            guard let body = request["system"] else {
                return .answer("{\"id\":\(id),\"status\":\"error\",\"message\":\"`solve` needs a \\\"system\\\"\"}")
            }
            do {
                let system = try LinearSystem(layoutLP: Array(JSONWriter.write(body, pretty: false).utf8), source: "request \(id)")
                let result = SystemRunner(repeats: 1).run(system, solver: type)
                return .answer("{\"id\":\(id),\"result\":\(result.layoutResultJSON(pretty: false))}")
            } catch {
                return .answer("{\"id\":\(id),\"status\":\"error\",\"message\":\(JSONWriter.quoted("\(error)"))}")
            }
        case let op:
            let what = op.map { "`\($0)`" } ?? "a request without op"
            return .answer("{\"id\":\(id),\"status\":\"unsupported\",\"message\":\(JSONWriter.quoted("bench serve answers solve and quit, not \(what)"))}")
        }
    }
}
