import PlumbSystem
import PlumbSolver

/// A workload as plumb-solver/1's `load` carries it (docs/solver-protocol.md): written for external programs, read by
/// `bench serve`.
extension Workload {
    /// The `workload` object of a plumb-solver/1 `load` request, on one line.
    /// - Complexity: O(size of the system and the operations).
    public func protocolJSON() -> String {
        var text = "{\"system\":" + system.layoutLPJSON(pretty: false) + ",\"operations\":["
        for (i, operation) in operations.enumerated() {
            if i > 0 { text += "," }
            text += JSONWriter.write(.object([JSONMember("kind", .string(operation.kind.rawValue)),
                                              JSONMember("steps", .array(operation.steps.map { .object(stepMembers($0)) }))]), pretty: false)
        }
        return text + "]}"
    }

    /// The members of one step's object.
    private func stepMembers(_ step: Step) -> [JSONMember] {
        switch step {
        case .add(let id, let constraint):
            [JSONMember("add", .number("\(id.index)")), JSONMember("constraint", system.constraintJSON(constraint))]
        case .remove(let id):
            [JSONMember("remove", .number("\(id.index)"))]
        case .setConstant(let id, let constant):
            [JSONMember("set_constant", .number("\(id.index)")), JSONMember("constant", .string(constant.description))]
        case .suggest(let variable, let value):
            [JSONMember("suggest", .string(system.variables[variable.index])), JSONMember("value", .string(value.description))]
        case .solve:
            [JSONMember("solve", .bool(true))]
        case .mayFail(let inner):
            stepMembers(inner) + [JSONMember("may_fail", .bool(true))]
        }
    }

    /// The largest constraint id a step may carry.
    static let largestID = 1 << 40

    /// Reads the `workload` object of a `load` request, checking each step as a program must: an `add` under an id
    /// not in use, a `remove` or `set_constant` of an id in use, a `suggest` of an edit variable. A step marked
    /// `"may_fail": true` is exempt (it is there to be refused): its id or variable need only be well formed, and an
    /// id it adds is not in use after it.
    /// - Complexity: O(size of the workload), plus O(variables) once for the constraint reader.
    public init(protocolJSON workload: JSONValue) throws(WorkloadReadError) {
        guard let body = workload["system"], case .object = body else {
            throw WorkloadReadError("workload: expected an object with \"system\" (layout-lp/1) and \"operations\"")
        }
        let system: LinearSystem
        do { system = try LinearSystem(layoutLP: Array(JSONWriter.write(body, pretty: false).utf8), source: "workload.system") } catch {
            throw WorkloadReadError("\(error)")
        }
        let reader = LayoutLPConstraintReader(variables: system.variables)
        let editable = Set(system.edits.map(\.variable))
        var inUse = Set(system.constraints.indices)
        var operations: [Operation] = []
        for (k, entry) in (workload["operations"]?.arrayValue ?? []).enumerated() {
            let at = "operations[\(k)]"
            guard let kindName = entry["kind"]?.stringValue, let kind = Kind(rawValue: kindName) else {
                throw WorkloadReadError("\(at).kind must be one of \(Kind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            guard let list = entry["steps"]?.arrayValue else { throw WorkloadReadError("\(at).steps must be an array") }
            var steps: [Step] = []
            for (j, value) in list.enumerated() {
                steps.append(try Self.step(value, at: "\(at).steps[\(j)]", system: system, reader: reader,
                                           editable: editable, inUse: &inUse))
            }
            operations.append(Operation(kind: kind, steps: steps))
        }
        self.init(system: system, operations: operations)
    }

    private static func step(_ value: JSONValue, at: String, system: LinearSystem, reader: LayoutLPConstraintReader,
                             editable: Set<VariableID>, inUse: inout Set<Int>) throws(WorkloadReadError) -> Step {
        guard case .object(let members) = value else { throw WorkloadReadError("\(at): expected a step object") }
        let kinds = ["add", "remove", "set_constant", "suggest", "solve"].filter { value[$0] != nil }
        guard kinds.count == 1, let kind = kinds.first else {
            throw WorkloadReadError("\(at): a step has exactly one of add, remove, set_constant, suggest, solve (keys: "
                + members.map(\.key).joined(separator: ", ") + ")")
        }
        var mayFail = false
        if let flag = value["may_fail"] {
            guard let b = flag.boolValue else { throw WorkloadReadError("\(at).may_fail must be true or false") }
            mayFail = b
        }
        func id() throws(WorkloadReadError) -> Int {
            guard let lexeme = value[kind]?.numberLexeme, let n = Int(lexeme), n >= 0, n <= largestID else {
                throw WorkloadReadError("\(at).\(kind) must be a constraint id (a whole number from 0 to \(largestID))")
            }
            return n
        }
        func number(_ key: String) throws(WorkloadReadError) -> Rational {
            guard let text = value[key]?.stringValue ?? value[key]?.numberLexeme, let r = try? Rational(parsing: text) else {
                throw WorkloadReadError("\(at).\(key) must be an exact number, as \"-12\" or \"1/3\"")
            }
            return r
        }
        let step: Step
        switch kind {
        case "solve":
            guard value["solve"]?.boolValue == true else { throw WorkloadReadError("\(at): a solve step is {\"solve\": true}") }
            step = .solve
        case "suggest":
            guard let name = value["suggest"]?.stringValue, let variable = reader.variable(named: name) else {
                throw WorkloadReadError("\(at).suggest must name a variable of the system")
            }
            guard mayFail || editable.contains(variable) else { throw WorkloadReadError("\(at): \(name) is not an edit variable of the system") }
            step = .suggest(variable, try number("value"))
        case "add":
            let n = try id()
            guard !inUse.contains(n) else { throw WorkloadReadError("\(at): id \(n) is already in use") }
            guard let object = value["constraint"] else { throw WorkloadReadError("\(at): an add step needs \"constraint\"") }
            let constraint: LinearConstraint
            do { constraint = try reader.constraint(Array(JSONWriter.write(object, pretty: false).utf8), source: "\(at).constraint") } catch {
                throw WorkloadReadError("\(error)")
            }
            if !mayFail { inUse.insert(n) }
            step = .add(ConstraintID(n), constraint)
        default:
            let n = try id()
            guard mayFail || inUse.contains(n) else { throw WorkloadReadError("\(at): unknown id \(n) (no constraint in use has it)") }
            if kind == "remove" {
                inUse.remove(n)
                step = .remove(ConstraintID(n))
            } else {
                step = .setConstant(ConstraintID(n), try number("constant"))
            }
        }
        return mayFail ? .mayFail(step) : step
    }
}

/// A `load` request's workload that cannot be read: what and where.
public struct WorkloadReadError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}
