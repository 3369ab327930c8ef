/// Why a JSON text could not be parsed, and where.
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 1-based line of the offending place.
    public let line: Int
    /// 1-based column, in Unicode scalars.
    public let column: Int
    /// Byte offset of the offending place in the input.
    public let offset: Int
    /// The value being read when the problem was found.
    public let path: JSONPath
    /// What is wrong.
    public let message: String

    public init(line: Int, column: Int, offset: Int, path: JSONPath, message: String) {
        self.line = line
        self.column = column
        self.offset = offset
        self.path = path
        self.message = message
    }

    /// `line:column: path: message`.
    public var description: String {
        path.isEmpty ? "\(line):\(column): \(message)" : "\(line):\(column): \(path): \(message)"
    }
}
