import PlumbFrontEnd

/// A mistake in a text layout file: where it is and what was found instead of what was expected.
///
/// `description` reads like a compiler diagnostic, `file:line:column: error: message`, so editors can jump to it.
public struct TextSyntaxError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The offending token (1-based line and column).
    public let location: SourceLocation
    /// What was found and what was expected, e.g. "expected ')' after the argument of equalTo, found ';'".
    public let message: String

    /// Further errors found in the same file after this one (the reader goes on after an error in a block or a
    /// statement, so that three typos take one run), in file order.
    public var more: [TextSyntaxError] = []

    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }

    public var description: String {
        ([self] + more).map { "\($0.location): error: \($0.message)" }.joined(separator: "\n")
    }
}
