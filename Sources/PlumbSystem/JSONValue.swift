/// A JSON value.
///
/// Numbers keep their exact lexeme (`-0.125`, `1e3`), so nothing is lost between the text and a `Rational`;
/// objects keep their members in order.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number exactly as written; read it with `Rational(parsing:)` (exact) or `Double(_:)`.
    case number(String)
    case string(String)
    case array([JSONValue])
    /// An object, its members in the order written.
    case object([JSONMember])
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Hashable, Sendable {
    public let key: String
    public let value: JSONValue

    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}

extension JSONValue {
    /// The value of the member named `key` if this is an object that has one (the last such member if a
    /// hand-built object repeats a key; `JSONParser` rejects repeated keys).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The string, if this is a string.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The number's lexeme, if this is a number.
    public var numberLexeme: String? {
        if case .number(let lexeme) = self { return lexeme }
        return nil
    }

    /// The Boolean, if this is `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// The elements, if this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The members, if this is an object.
    public var objectMembers: [JSONMember]? {
        if case .object(let members) = self { return members }
        return nil
    }
}
