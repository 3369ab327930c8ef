/// A name compared as its exact sequence of Unicode scalars, as JSON and most languages compare strings.
///
/// Swift's `String ==` is canonical equivalence: "é" as U+00E9 equals "e" + U+0301. Interchange files name
/// variables in JSON, where those are two different strings, so dictionaries of names use this key instead: two
/// names are the same only when their UTF-8 bytes are.
public struct ExactName: Hashable, Sendable, CustomStringConvertible {
    public let text: String

    public init(_ text: String) { self.text = text }

    public static func == (a: ExactName, b: ExactName) -> Bool {
        a.text.utf8.elementsEqual(b.text.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        var text = self.text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    public var description: String { text }
}
