import PlumbSystem
import PlumbFrontEnd
import PlumbText

/// One layout file of the corpus, parsed.
public struct CorpusEntry: Sendable {
    /// The path relative to the corpus folder (`masonry/basic.layout`).
    public let path: String
    public let script: LayoutScript
    /// The expectations in order, with the index of the step each follows.
    public let expectations: [(afterStep: Int, expectation: LayoutExpectation)]

    /// The entry of `script`, its `expect` blocks read as expectations (an error names the line and column).
    public init(path: String, script: LayoutScript) throws(TextSyntaxError) {
        self.path = path
        self.script = script
        var expectations: [(afterStep: Int, expectation: LayoutExpectation)] = []
        for (index, entry) in script.steps.enumerated() {
            if case .expect(let checkpoint) = entry.step {
                expectations.append((index, try LayoutExpectation(reading: checkpoint)))
            }
        }
        self.expectations = expectations
    }

    public var name: String { script.name }
    public var tags: [String] { script.tags }

    /// Whether the name, a tag or the path contains `pattern` (case-insensitive).
    public func matches(_ pattern: String) -> Bool {
        let p = pattern.lowercased()
        return name.lowercased().contains(p) || path.lowercased().contains(p) || tags.contains { $0.lowercased().contains(p) }
    }
}
