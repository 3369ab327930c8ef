import PlumbSystem

extension LinearSystem {
    /// The system as text without its rows' labels (which say where a row was written): two layouts spelled
    /// differently that mean the same give the same text. Variables, rows in order, edits, suggestion rounds.
    public var canonicalText: String {
        var lines = [variables.joined(separator: " ")]
        for c in constraints {
            let terms = c.terms.map { "\($0.coefficient)*\(variables[$0.variable.index])" }.joined(separator: " + ")
            lines.append("\(terms) + \(c.constant) \(c.relation) 0 @\(c.priority.value)")
        }
        lines += edits.map { "edit \(variables[$0.variable.index]) @\($0.priority.value)" }
        lines += suggestionRounds.map { $0.map { "\(variables[$0.variable.index])=\($0.value)" }.joined(separator: ",") }
        return lines.joined(separator: "\n")
    }
}
