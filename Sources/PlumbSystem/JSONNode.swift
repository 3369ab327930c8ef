/// A parsed JSON value that remembers where each part of it was written, for error messages.
public struct JSONNode: Sendable {
    /// The value itself, with located children.
    public enum Content: Sendable {
        case null
        case bool(Bool)
        /// A number exactly as written.
        case number(String)
        case string(String)
        case array([JSONNode])
        case object([Member])
    }

    /// One `"key": value` member, with the offset of its key.
    public struct Member: Sendable {
        public let key: String
        /// Byte offset of the key's opening quote.
        public let keyOffset: Int
        public let value: JSONNode

        public init(key: String, keyOffset: Int, value: JSONNode) {
            self.key = key
            self.keyOffset = keyOffset
            self.value = value
        }
    }

    public let content: Content
    /// Byte offset of the value's first character.
    public let offset: Int

    public init(content: Content, offset: Int) {
        self.content = content
        self.offset = offset
    }

    /// The member named `key`, if this is an object that has one.
    public func member(_ key: String) -> Member? {
        guard case .object(let members) = content else { return nil }
        return members.last { $0.key == key }
    }

    /// The value without locations.
    public var value: JSONValue {
        switch content {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let lexeme): return .number(lexeme)
        case .string(let text): return .string(text)
        case .array(let elements): return .array(elements.map(\.value))
        case .object(let members): return .object(members.map { JSONMember($0.key, $0.value.value) })
        }
    }

    /// "an object", "a string", "null", ...: what this is, for messages.
    public var kindDescription: String {
        switch content {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let lexeme): return "the number \(lexeme.count > 40 ? String(lexeme.prefix(40)) + "…" : lexeme)"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
