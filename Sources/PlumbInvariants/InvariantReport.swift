/// What an invariant check found: the first violations it met (each a sentence naming the part, the id and what is
/// wrong) and how many there were. Messages are built only for violations, so a passing check costs the comparisons.
///
/// Shared by the back ends' debug checks (package access: no app that embeds a back end sees it).
package struct InvariantReport {
    package init() {}

    /// Violations kept in full (the rest are only counted).
    package static let keptViolations = 20

    package private(set) var violations: [String] = []
    package private(set) var violationCount = 0

    package var isEmpty: Bool { violationCount == 0 }

    /// Records `message` unless `condition` holds.
    @inline(__always) package mutating func expect(_ condition: Bool, _ part: StaticString, _ message: @autoclosure () -> String) {
        if !condition { fail(part, message()) }
    }

    /// Records a violation (loops over cells test first and call this only on failure).
    package mutating func fail(_ part: StaticString, _ message: String) {
        violationCount += 1
        if violations.count < Self.keptViolations { violations.append("\(part): \(message)") }
    }

    package var description: String {
        let more = violationCount > violations.count ? "\n(and \(violationCount - violations.count) more)" : ""
        return violations.joined(separator: "\n") + more
    }
}
