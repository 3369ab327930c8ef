/// A place in a text as a person finds it: 1-based line and column.
///
/// Lines are separated by `\n`; columns count Unicode scalars, not bytes.
public struct JSONPosition: Hashable, Sendable, CustomStringConvertible {
    public let line: Int
    public let column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The position of the byte at `offset` in the UTF-8 text `bytes` (offsets past the end mean the end).
    public init(offset: Int, in bytes: [UInt8]) {
        var line = 1
        var column = 1
        for byte in bytes.prefix(max(0, offset)) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        self.init(line: line, column: column)
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}
