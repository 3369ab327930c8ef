/// A mistake in a text layout file: where it is and what was found instead of what was expected.
///
/// `description` reads like a compiler diagnostic, `file:line:column: error: message`, so editors can jump to it.
public struct TextSyntaxError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The offending token (1-based line and column).
    public let location: SourceLocation
    /// What was found and what was expected, e.g. "expected ')' after the argument of equalTo, found ';'".
    public let message: String

    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { "\(location): error: \(message)" }
}
