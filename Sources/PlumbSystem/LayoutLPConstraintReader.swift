/// Reads single layout-lp/1 constraint objects against the variables of one system: the form plumb-solver/1's
/// `add` steps carry (docs/solver-protocol.md), read by the same rules as a document's `constraints`.
public struct LayoutLPConstraintReader {
    private let ids: NameIndex

    /// - Complexity: O(variables), once; each read then costs O(the constraint's size).
    public init(variables: [String]) {
        var ids = NameIndex(capacity: variables.count)
        for name in variables { _ = ids.insert(name) }
        self.ids = ids
    }

    /// The variable of `name`, if the system lists it.
    public func variable(named name: String) -> VariableID? { ids.id(of: name).map(VariableID.init) }

    /// One constraint object (its JSON text); `source` prefixes error messages, which give line, column and path.
    public func constraint(_ bytes: [UInt8], source: String) throws(InterchangeError) -> LinearConstraint {
        let document = InterchangeDocument(bytes: bytes, source: source)
        return try LinearSystem.readConstraint(try document.root(), ids: ids)
    }
}
