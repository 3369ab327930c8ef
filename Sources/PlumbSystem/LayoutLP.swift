/// layout-lp/1: the neutral JSON form of a `LinearSystem` (specified in docs/interchange.md).
///
/// Reading is strict about everything the format defines and ignores keys it does not know (`derivation`, notes):
/// - `format` must be `"layout-lp/1"`; `variables` (unique names) and `constraints` are required; `name`, `edits`
///   and `suggestions` are optional. An optional key written as `null` counts as absent.
/// - A constraint needs `terms` (variable name → number), `constant`, `relation` (`==`, `<=`, `>=`) and `priority`;
///   `label` is optional. `constant` is required (not defaulted) so that a misspelt key cannot silently mean 0.
/// - Numbers are exact: strings such as `"-8"`, `"0.5"`, `"1/3"`, or JSON numbers read exactly from their lexeme.
///   A priority is such a number in (0, 1000]; an edit's priority must be below 1000.
/// - Every variable named in terms, edits and suggestions must be listed in `variables`; a suggestion must name an
///   edit variable; a variable may be an edit variable only once. Names are compared as exact sequences of Unicode
///   scalars (`ExactName`), as JSON compares strings.
/// Terms are merged through `LinearExpression`, so zero coefficients are dropped.
extension LinearSystem {
    /// The `format` value of layout-lp/1 documents.
    public static let layoutLPFormat = "layout-lp/1"

    /// Reads a layout-lp/1 document; `source` (a file name) prefixes error messages.
    public init(layoutLP bytes: [UInt8], source: String) throws(InterchangeError) {
        let document = InterchangeDocument(bytes: bytes, source: source)
        let top = try document.root().object()

        let format = try top.required("format")
        guard try format.string() == LinearSystem.layoutLPFormat else {
            throw format.error("expected \"\(LinearSystem.layoutLPFormat)\", found \(InterchangeDocument.show(try format.string()))")
        }
        let name = try top["name"]?.string() ?? ""

        var variables: [String] = []
        // Names are keyed by their exact Unicode scalars: "é" as U+00E9 and as e + U+0301 are two variables.
        let listed = try top.required("variables")
        var ids = NameIndex(capacity: listed.elementCount)
        for entry in try listed.elements() {
            let variable = try entry.string()
            if let first = ids.insert(variable) {
                throw entry.error("variable \(InterchangeDocument.show(variable)) is listed twice (first at variables[\(first)])")
            }
        }
        variables = ids.names

        var constraints: [LinearConstraint] = []
        for entry in try top.required("constraints").elements() {
            constraints.append(try LinearSystem.readConstraint(entry, ids: ids))
        }

        var edits: [Edit] = []
        var editIndex: [VariableID: Int] = [:]
        for entry in try top["edits"]?.array() ?? [] {
            let edit = try entry.object()
            let variableValue = try edit.required("variable")
            let editName = try variableValue.string()
            guard let variable = ids.id(of: editName).map(VariableID.init) else {
                throw variableValue.error(LinearSystem.unknownVariable(editName))
            }
            if let first = editIndex[variable] {
                throw variableValue.error("\(InterchangeDocument.show(editName)) is already an edit variable (edits[\(first)])")
            }
            let priorityValue = try edit.required("priority")
            let priority = try LinearSystem.readPriority(priorityValue)
            if priority.isRequired {
                throw priorityValue.error("edit variables cannot be required: an edit's priority must be below 1000")
            }
            editIndex[variable] = edits.count
            edits.append(Edit(variable: variable, priority: priority))
        }

        var rounds: [[Suggestion]] = []
        for entry in try top["suggestions"]?.array() ?? [] {
            var round: [Suggestion] = []
            for member in try entry.object().entries {
                guard let variable = ids.id(of: member.key).map(VariableID.init) else {
                    throw member.keyError(LinearSystem.unknownVariableKey)
                }
                guard editIndex[variable] != nil else {
                    throw member.keyError("not an edit variable: list it in \"edits\" to suggest values for it")
                }
                round.append(Suggestion(variable: variable, value: try member.value.exactNumber()))
            }
            rounds.append(round)
        }

        self.init(name: name, variables: variables, constraints: constraints, edits: edits, suggestionRounds: rounds)
    }

    /// This system as a layout-lp/1 document.
    ///
    /// Numbers are written as exact strings (`Rational.description`: `"-8"`, `"1/3"`). A priority is written as a
    /// JSON number when it has a finite decimal expansion (`750`, `999.5`) and otherwise as an exact string
    /// (`"2000/3"`); the reader accepts both, so the round trip is exact. `name`, `edits` and `suggestions` are
    /// always written; `label` only when present. A system that is not well formed (duplicate variable names,
    /// priorities outside (0, 1000], a variable index outside `variables`, written as `#index`) is written as it
    /// is, and reading it back reports the problem.
    public func layoutLPJSON(pretty: Bool = true) -> String {
        var top: [JSONMember] = [
            JSONMember("format", .string(LinearSystem.layoutLPFormat)),
            JSONMember("name", .string(name)),
            JSONMember("variables", .array(variables.map { .string($0) })),
        ]
        var constraintValues: [JSONValue] = []
        constraintValues.reserveCapacity(constraints.count)
        for constraint in constraints { constraintValues.append(constraintJSON(constraint)) }
        top.append(JSONMember("constraints", .array(constraintValues)))
        top.append(JSONMember("edits", .array(edits.map { edit in
            .object([
                JSONMember("variable", .string(variableName(edit.variable))),
                JSONMember("priority", LinearSystem.priorityJSON(edit.priority)),
            ])
        })))
        top.append(JSONMember("suggestions", .array(suggestionRounds.map { round in
            .object(round.map { JSONMember(variableName($0.variable), .string($0.value.description)) })
        })))
        return JSONWriter.write(.object(top), pretty: pretty)
    }

    /// One constraint as a layout-lp/1 constraint object, its variables named by this system (the form the
    /// solver protocol's `add` steps carry).
    public func constraintJSON(_ constraint: LinearConstraint) -> JSONValue {
        var members: [JSONMember] = [
            JSONMember("terms", .object(constraint.terms.map { term in
                JSONMember(variableName(term.variable), .string(term.coefficient.description))
            })),
            JSONMember("constant", .string(constraint.constant.description)),
            JSONMember("relation", .string(constraint.relation.rawValue)),
            JSONMember("priority", LinearSystem.priorityJSON(constraint.priority)),
        ]
        if let label = constraint.label { members.append(JSONMember("label", .string(label))) }
        return .object(members)
    }

    // MARK: Reading helpers

    static func readConstraint(_ entry: InterchangeValue, ids: NameIndex) throws(InterchangeError)
        -> LinearConstraint {
        let constraint = try entry.object()
        let constantValue = try constraint.required("constant")
        let constant = try constantValue.exactNumber()
        // The parser refuses a repeated key and names are distinct, so every term names a different variable.
        let termObject = try constraint.required("terms").object()
        var terms: [LinearTerm] = []
        terms.reserveCapacity(termObject.members.count)
        // Terms often name variables in the order they were listed: the one after the last term's is tried first
        // (a comparison of two names), which keeps a long row's look-ups in order through memory.
        var previous = -1
        for member in termObject.entries {
            let id: Int
            if previous + 1 < ids.count, ids.isName(member.key, at: previous + 1) {
                id = previous + 1
            } else {
                guard let found = ids.id(of: member.key) else { throw member.keyError(unknownVariableKey) }
                id = found
            }
            previous = id
            terms.append(LinearTerm(VariableID(id), try member.value.exactNumber()))
        }
        let expression = LinearExpression(distinctTerms: terms, constant: constant)
        let relationValue = try constraint.required("relation")
        let relationText = try relationValue.string()
        guard let relation = Relation(rawValue: relationText) else {
            throw relationValue.error("relation must be \"==\", \"<=\" or \">=\", found \(InterchangeDocument.show(relationText))")
        }
        let priority = try readPriority(try constraint.required("priority"))
        let label = try constraint["label"]?.string()
        return LinearConstraint(expression, relation, priority: priority, label: label)
    }

    /// A priority: an exact number in (0, 1000].
    private static func readPriority(_ value: InterchangeValue) throws(InterchangeError) -> Priority {
        switch value.node.content {
        case .number, .string: break
        default: throw value.error("expected a priority (a number in (0, 1000]), found \(value.node.kindDescription)")
        }
        let priority = Priority(try value.exactNumber())
        guard priority.isValid else {
            throw value.error("priority must be in (0, 1000] (1000 = required), found \(priority.value)")
        }
        return priority
    }

    private static func unknownVariable(_ name: String) -> String {
        "unknown variable \(InterchangeDocument.show(name)): it is not listed in \"variables\""
    }

    /// The same for a key, which the error's path already names (a name is echoed once).
    private static let unknownVariableKey = "unknown variable: this key is not listed in \"variables\""

    // MARK: Writing helpers

    /// The name of `variable`, or `#index` when the index is outside `variables`.
    private func variableName(_ variable: VariableID) -> String {
        variables.indices.contains(variable.index) ? variables[variable.index] : variable.description
    }

    /// A JSON number when the priority has a finite decimal expansion, else its exact string.
    private static func priorityJSON(_ priority: Priority) -> JSONValue {
        if let decimal = priority.value.terminatingDecimal { return .number(decimal) }
        return .string(priority.value.description)
    }
}
