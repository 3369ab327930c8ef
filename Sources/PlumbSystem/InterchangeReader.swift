/// A JSON document being read by an interchange codec: it parses the bytes and turns every problem into an
/// `InterchangeError` that names the source, line, column and JSON path.
struct InterchangeDocument {
    let bytes: [UInt8]
    let source: String

    /// The longest text accepted as an exact number (matching the parser's limit on number lexemes).
    static let maxNumberText = 1000

    /// Parses the document.
    func root() throws(InterchangeError) -> InterchangeValue {
        let node: JSONNode
        do throws(JSONError) {
            node = try JSONParser(maxNumberLength: InterchangeDocument.maxNumberText).parseNode(bytes)
        } catch {
            throw InterchangeError(source: source, line: error.line, column: error.column,
                                   path: error.path.description, message: error.message)
        }
        return InterchangeValue(document: self, node: node, containerPath: JSONPath(), step: nil)
    }

    func error(_ message: String, offset: Int, path: JSONPath) -> InterchangeError {
        let position = JSONPosition(offset: offset, in: bytes)
        return InterchangeError(source: source, line: position.line, column: position.column,
                                path: path.description, message: message)
    }

    /// `text` quoted for a message, shortened if long.
    static func show(_ text: String) -> String { Excerpt.quoted(text) }
}

/// A value inside an interchange document, with its path, read with located errors.
///
/// The path is kept as the container's path and this value's step in it, and put together only when asked (for an
/// error, or for a child's): the elements of a 1,000,000-member object share one container path instead of each
/// allocating its own.
struct InterchangeValue {
    let document: InterchangeDocument
    let node: JSONNode
    private let containerPath: JSONPath
    private let step: JSONPath.Component?

    init(document: InterchangeDocument, node: JSONNode, containerPath: JSONPath, step: JSONPath.Component?) {
        self.document = document
        self.node = node
        self.containerPath = containerPath
        self.step = step
    }

    /// Where this value sits in the document.
    var path: JSONPath {
        guard let step else { return containerPath }
        var path = containerPath
        path.components.append(step)
        return path
    }

    /// An error located at this value.
    func error(_ message: String) -> InterchangeError {
        document.error(message, offset: node.offset, path: path)
    }

    var isNull: Bool {
        if case .null = node.content { return true }
        return false
    }

    func string() throws(InterchangeError) -> String {
        guard case .string(let text) = node.content else { throw error("expected a string, found \(node.kindDescription)") }
        return text
    }

    func array() throws(InterchangeError) -> [InterchangeValue] {
        guard case .array(let elements) = node.content else {
            throw error("expected an array, found \(node.kindDescription)")
        }
        let here = path
        var values: [InterchangeValue] = []
        values.reserveCapacity(elements.count)
        for (position, element) in elements.enumerated() {
            values.append(InterchangeValue(document: document, node: element, containerPath: here, step: .index(position)))
        }
        return values
    }

    /// How many elements an array has (0 for anything else): a capacity to reserve.
    var elementCount: Int {
        if case .array(let elements) = node.content { return elements.count }
        return 0
    }

    /// The elements of an array, each made when reached (no array of a million values is built).
    func elements() throws(InterchangeError) -> LazyMapSequence<EnumeratedSequence<[JSONNode]>, InterchangeValue> {
        guard case .array(let elements) = node.content else {
            throw error("expected an array, found \(node.kindDescription)")
        }
        let document = document, here = path
        return elements.enumerated().lazy.map { position, element in
            InterchangeValue(document: document, node: element, containerPath: here, step: .index(position))
        }
    }

    func object() throws(InterchangeError) -> InterchangeObject {
        guard case .object(let members) = node.content else {
            throw error("expected an object, found \(node.kindDescription)")
        }
        return InterchangeObject(value: self, members: members)
    }

    /// An exact number: a string such as `"-8"`, `"0.5"` or `"1/3"`, or a JSON number read from its lexeme.
    func exactNumber() throws(InterchangeError) -> Rational {
        let text: String
        switch node.content {
        case .string(let string): text = string
        case .number(let lexeme): text = lexeme
        default:
            throw error("expected an exact number (a string such as \"-8\", \"0.5\" or \"1/3\", or a JSON number), "
                        + "found \(node.kindDescription)")
        }
        guard text.utf8.count <= InterchangeDocument.maxNumberText else {
            throw error("number text is \(text.utf8.count) characters long; the limit is \(InterchangeDocument.maxNumberText)")
        }
        do throws(NumberError) {
            return try Rational(parsing: text)
        } catch {
            throw self.error(error.description)
        }
    }

    /// A JSON number read as the nearest `Double`; it must be within `Double`'s range.
    func float() throws(InterchangeError) -> Double {
        guard case .number(let lexeme) = node.content else {
            throw error("expected a number, found \(node.kindDescription)")
        }
        guard let value = Double(lexeme), value.isFinite else {
            throw error("the number \(lexeme) is out of the range of a 64-bit float")
        }
        return value
    }

    /// A JSON number that is a non-negative integer fitting `Int`.
    func count() throws(InterchangeError) -> Int {
        guard case .number(let lexeme) = node.content else {
            throw error("expected a whole number, found \(node.kindDescription)")
        }
        guard let exact = try? Rational(parsing: lexeme), exact.isInteger, exact.signum >= 0,
              let value = Int(exactly: exact.numerator) else {
            throw error("expected a whole number from 0 to \(Int.max), found \(lexeme)")
        }
        return value
    }
}

/// One member of an object being read.
struct InterchangeMember {
    let key: String
    let keyOffset: Int
    let value: InterchangeValue

    /// An error located at the member's key; its path ends with the key, so the message need not repeat it.
    func keyError(_ message: String) -> InterchangeError {
        value.document.error(message, offset: keyOffset, path: value.path)
    }
}

/// An object being read: members by key or in order.
struct InterchangeObject {
    let value: InterchangeValue
    let members: [JSONNode.Member]

    /// The member `key`, or nil when it is absent or `null` (so optional keys may be written as `null`).
    subscript(key: String) -> InterchangeValue? {
        guard let member = members.last(where: { $0.key == key }) else { return nil }
        if case .null = member.value.content { return nil }
        return InterchangeValue(document: value.document, node: member.value, containerPath: value.path, step: .key(key))
    }

    /// The member `key`; an error when it is absent or `null`.
    func required(_ key: String) throws(InterchangeError) -> InterchangeValue {
        guard let member = self[key] else { throw value.error("missing \(JSONWriter.quoted(key))") }
        return member
    }

    /// The members in order, each made when reached (an object of a million terms allocates no array of them).
    var entries: LazyMapSequence<[JSONNode.Member], InterchangeMember> {
        let document = value.document, here = value.path
        return members.lazy.map { member in
            InterchangeMember(key: member.key, keyOffset: member.keyOffset,
                              value: InterchangeValue(document: document, node: member.value, containerPath: here,
                                                      step: .key(member.key)))
        }
    }
}
