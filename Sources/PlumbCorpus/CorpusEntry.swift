import PlumbSystem
import PlumbFrontEnd

/// One layout file of the corpus, parsed.
public struct CorpusEntry: Sendable {
    /// The path relative to the corpus folder (`masonry/basic.layout`).
    public let path: String
    public let script: LayoutScript

    public init(path: String, script: LayoutScript) {
        self.path = path
        self.script = script
    }

    public var name: String { script.name }
    public var tags: [String] { script.tags }

    /// The expectations in order, with the index of the step each follows.
    public var expectations: [(afterStep: Int, expectation: LayoutExpectation)] {
        script.steps.enumerated().compactMap { index, entry in
            if case .expect(let e) = entry.step { return (index, e) } else { return nil }
        }
    }

    /// Whether the name, a tag or the path contains `pattern` (case-insensitive).
    public func matches(_ pattern: String) -> Bool {
        let p = pattern.lowercased()
        return name.lowercased().contains(p) || path.lowercased().contains(p) || tags.contains { $0.lowercased().contains(p) }
    }
}
