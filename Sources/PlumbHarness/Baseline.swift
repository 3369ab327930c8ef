import PlumbSystem

/// Which corpus layouts pass on a back end, pinned in results/baseline/NAME.txt, one name per line.
public struct Baseline: Sendable, Equatable {
    /// A pinned layout that `bench check` counts as lost.
    public enum Loss: Equatable, Sendable {
        /// The layout was played and did not pass.
        case noLongerPasses(String)
        /// The baseline names a layout the corpus does not have (renamed, deleted, or a damaged line).
        case notInCorpus(String)

        /// What `bench check` prints for it; `file` is the baseline's path. Names are shown as excerpts, with
        /// unprintable characters escaped.
        public func message(backEnd: String, file: String) -> String {
            switch self {
            case .noLongerPasses(let layout):
                return "conformance loss: \(layout.excerpt) no longer passes on \(backEnd)"
            case .notInCorpus(let layout):
                return "\(file): baseline names '\(layout.excerpt)', which is not in the corpus: remove it or restore the layout"
            }
        }
    }

    public let backEnd: String
    public let passing: Set<String>

    public init(backEnd: String, passing: Set<String>) {
        self.backEnd = backEnd
        self.passing = passing
    }

    /// Reads the file's text: one name per line (LF, CRLF or CR), `#` comments and blank lines skipped.
    public init(backEnd: String, text: String) {
        self.backEnd = backEnd
        self.passing = Set(text.split(whereSeparator: \.isNewline).map { String($0).filter { !$0.isWhitespace } }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") })
    }

    public var text: String {
        "# Corpus layouts that pass on \(backEnd); `bench check` fails when one of them stops passing.\n"
            + passing.sorted().joined(separator: "\n") + "\n"
    }

    /// The pinned layouts lost in `results`, in name order: those not in `corpus` (every layout name of the
    /// corpus), and those played that did not pass. `played` is the layouts the run played (nil: every one of
    /// the corpus); a layout a filter left out is not judged.
    public func losses(in results: RunResults, corpus: Set<String>, played: Set<String>? = nil) -> [Loss] {
        let outcomes = results.layoutOutcomes()[backEnd] ?? [:]
        return passing.sorted().compactMap { layout in
            guard corpus.contains(layout) else { return .notInCorpus(layout) }
            guard played?.contains(layout) ?? true else { return nil }
            return outcomes[layout] == .pass ? nil : .noLongerPasses(layout)
        }
    }
}
