import PlumbSystem
import PlumbFrontEnd

/// A point in a layout file where the layout is to be looked at: `expect { … }` or `expect unsatisfiable { … }`.
///
/// The front end plays nothing here and judges nothing. It keeps the block as written (each line's text, the
/// comment beside it, and where it stands) and the scope the file's names and numbers are read in at that point,
/// so that whoever checks the layout reads the rows the way the file reads everything else. The corpus reads them
/// as an expectation (`LayoutExpectation` in PlumbCorpus).
public struct Checkpoint: Sendable {
    /// What the block lists.
    public enum Kind: Sendable {
        /// Frames and ranges (`expect {`).
        case frames
        /// The labels of a conflicting set of required constraints (`expect unsatisfiable {`).
        case unsatisfiable
    }

    /// One line of the block, without its comment (a line with only a comment has empty text).
    public struct Line: Sendable {
        /// The text, trimmed.
        public let text: Substring
        /// The comment beside it (the derivation a corpus file writes), without the comment mark.
        public let comment: String
        /// Where the text starts (1-based line and column).
        public let location: SourceLocation
    }

    public let kind: Kind
    /// Where `expect` stands.
    public let location: SourceLocation
    /// The lines between the braces, in order.
    public let lines: [Line]
    /// The names and numbers in scope where the block stands.
    let scope: ChainParser

    init(kind: Kind, location: SourceLocation, lines: [Line], scope: ChainParser) {
        self.kind = kind
        self.location = location
        self.lines = lines
        self.scope = scope
    }

    /// A checkpoint with no lines (`expect {` `}`), for layouts built in code: whoever checks it compares back ends
    /// with each other there.
    public init(kind: Kind = .frames, location: SourceLocation) {
        self.init(kind: kind, location: location, lines: [], scope: ChainParser(knownViews: [], file: location.file))
    }

    /// The view `word` names, as the file names views at this point (or an error that lists the known ones).
    public func viewID(_ word: Substring, line: Int, column: Int) throws(TextSyntaxError) -> String {
        try scope.viewID(word, line: line, column: column)
    }

    /// A number as the file reads one at this point: exact, its `let` constants known, nothing left as a parameter.
    public func number(_ text: some StringProtocol, line: Int, column: Int = 1) throws(TextSyntaxError) -> Rational {
        var strict = scope
        strict.allowsParameters = false
        return try strict.parseNumber(text, line: line, column: column)
    }

    /// An error at `line` and `column` of the file.
    public func error(_ message: String, line: Int, column: Int) -> TextSyntaxError {
        TextSyntaxError(location: SourceLocation(file: scope.file, line: line, column: column), message: message)
    }
}
