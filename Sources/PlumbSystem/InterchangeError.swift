/// Why a layout-lp/1 or layout-result/1 document could not be read: where, and what is wrong.
public struct InterchangeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file name or other label the caller gave for the document.
    public let source: String
    /// 1-based line of the offending value.
    public let line: Int
    /// 1-based column, in Unicode scalars.
    public let column: Int
    /// The JSON path of the offending value, e.g. `constraints[3].terms["v0.x"]`; empty for the top level.
    public let path: String
    /// What is wrong.
    public let message: String

    public init(source: String, line: Int, column: Int, path: String, message: String) {
        self.source = source
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    /// `source:line:column: path: message`.
    public var description: String {
        path.isEmpty ? "\(source):\(line):\(column): \(message)" : "\(source):\(line):\(column): \(path): \(message)"
    }
}
