import PlumbSystem

/// One way an answer differed from what the corpus expected: what kind of thing, which thing, a short account with
/// numbers rounded to what the tolerance can tell, and by how much when a number says it.
///
/// The report shows `kind`, `subject`, `summary` and `gap` in its table of failures and keeps `text`, the full line,
/// for the details.
public struct Difference: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, CaseIterable {
        /// A frame component off its hand-derived value.
        case frame
        /// No frame at all for an expected view.
        case missingFrame = "missing frame"
        /// An ambiguous component the back end did not report as ambiguous.
        case unreportedAmbiguity = "ambiguity not reported"
        /// An ambiguous component reported over the wrong range.
        case ambiguityRange = "ambiguity range"
        /// A priority level's total violation off the exact optimum.
        case levelTotal = "level total"
        /// Required constraints left violated.
        case requiredViolated = "required violated"
        /// A layout the corpus says is unsatisfiable, answered with a layout.
        case missedConflict = "missed conflict"
        /// A layout the corpus says is unsatisfiable, answered with frames by a back end that declares it drops a
        /// required constraint it cannot satisfy (GTK's constraint layout does).
        case droppedRequired = "dropped required"
        /// A conflict found but not explained as promised (no set, or a set that is not irreducible).
        case conflictExplanation = "conflict explanation"
        /// A satisfiable layout refused as unsatisfiable.
        case refused
        /// The back end stopped before converging.
        case notConverged = "not converged"
        /// The back end labelled its answer approximate (it comes with the difference that made it fail).
        case approximate
        /// The back end does not take this system (too many priority levels, say): not a failure.
        case unsupported
        /// The back end could not run the layout at all.
        case error
    }

    public var kind: Kind
    /// What is compared: `card.width`, `level 750`, a constraint.
    public var subject: String
    /// A short account: `12.5, expected 10`.
    public var summary: String
    /// |got − expected| where both are numbers.
    public var gap: Double?
    /// The whole line, with every detail the back end gave.
    public var text: String

    public init(_ kind: Kind, subject: String, summary: String, gap: Double? = nil, text: String) {
        self.kind = kind
        self.subject = subject
        self.summary = summary
        self.gap = gap
        self.text = text
    }

    public var description: String { text }

    /// A difference known only by its text: a free message (`kind` given), or a line of a results file written
    /// before differences were kept, whose kind is read from the judge's wording (`kind` nil).
    public static func untyped(_ text: String, kind: Kind? = nil) -> Difference {
        let known: [(prefix: String, kind: Kind)] = [
            ("the back end labelled this answer approximate", .approximate),
            ("did not converge", .notConverged), ("reported unsatisfiable", .refused), ("no frame for", .missingFrame),
            ("claims to explain conflicts", .conflictExplanation), ("the conflicting set it named", .conflictExplanation),
            ("required constraints violated", .requiredViolated), ("level ", .levelTotal),
        ]
        if kind == nil, text.hasPrefix("expected unsatisfiable") {
            let inferred: Kind = text.contains("dropped a required constraint") ? .droppedRequired : .missedConflict
            return Difference(inferred, subject: "", summary: ReadableNumbers.roundingDecimals(in: firstClause(of: text)), text: text)
        }
        let inferred = kind ?? known.first { text.hasPrefix($0.prefix) }?.kind
            ?? (text.contains(" is ambiguous but") ? .unreportedAmbiguity
                : text.contains(" ranges over ") ? .ambiguityRange : text.contains(", expected ") ? .frame : .error)
        return Difference(inferred, subject: "", summary: ReadableNumbers.roundingDecimals(in: firstClause(of: text)), text: text)
    }

    /// The part a table has room for: the text without its leading `not converged: `, `approximate: ` or
    /// `did not converge: `, up to its first `;`, and cut to 120 characters (with `…`) when longer.
    static func firstClause(of text: String) -> String {
        var clause = Substring(text)
        let prefixes = ["not converged: ", "approximate: ", "did not converge: "]
        while let prefix = prefixes.first(where: { clause.hasPrefix($0) }) { clause = clause.dropFirst(prefix.count) }
        if let semicolon = clause.firstIndex(of: ";") { clause = clause[..<semicolon] }
        return String(clause.count > 120 ? clause.prefix(117) + "…" : clause)
    }
}
