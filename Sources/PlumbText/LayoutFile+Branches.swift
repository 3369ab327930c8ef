import PlumbFrontEnd

/// `if CONDITION {` ... `} else if CONDITION {` ... `} else {` ... `}` around a file's statements: what `bench import`
/// writes around the blocks an app runs in a branch. A condition is a parameter like one inside a block: the first
/// branch whose condition holds is played (an unbound condition holds, so the first branch is the default), the
/// others are read for errors and not played.
extension LayoutFileReader {
    /// One `if` statement open around the lines being read.
    struct BranchFrame {
        /// Whether the statements around it are played.
        var outerTaking: Bool
        /// Whether a branch of it has been chosen (later branches are not played).
        var chosen: Bool
        /// Whether the current branch's statements are played.
        var taking: Bool
        /// The line of its `if`.
        var line: Int
        /// A `switch`'s subject (nil for an `if`) and the value it is bound to (nil: the first case is taken).
        var subject: String? = nil
        var bound: String? = nil
    }

    /// Whether the current line's steps are played (every open branch is taken).
    var isTakingBranch: Bool { branches.last?.taking ?? true }

    /// `if COND {`, `switch SUBJECT {`, `}`, `} else {`, `} else if COND {`.
    mutating func readBranchLine(_ s: Substring, line: Int, column: Int) throws(TextSyntaxError) {
        if s.hasPrefix("switch") {
            // the case lines choose: the one the subject is bound to, else the first
            let subject = ParameterBindings.normalized(String(s.dropFirst(6).dropLast()))
            guard !subject.isEmpty else { throw error("expected `switch SUBJECT {`", line: line, column: column) }
            let bound = bindings[subject]
            parameterUses.append(ParameterUse(name: subject, role: .choice, location: SourceLocation(file: file, line: line, column: column + 7),
                                              isBound: bound != nil))
            branches.append(BranchFrame(outerTaking: isTakingBranch, chosen: false, taking: false, line: line,
                                        subject: subject, bound: bound))
            return
        }
        if s.hasPrefix("if") {
            let condition = s.dropFirst(2).dropLast().trimmingWhitespace
            guard !condition.isEmpty else { throw error("expected `if CONDITION {`", line: line, column: column) }
            let outer = isTakingBranch
            let holds = try conditionHolds(condition, line: line, column: column + 3)
            branches.append(BranchFrame(outerTaking: outer, chosen: holds, taking: outer && holds, line: line))
            return
        }
        guard var frame = branches.popLast() else {
            throw error("this '}' closes nothing: no `if CONDITION {` is open here", line: line, column: column)
        }
        let rest = s.dropFirst().trimmingWhitespace
        if rest.isEmpty { return }
        if frame.subject != nil {
            branches.append(frame)
            throw error("a switch's cases end with `}` alone", line: line, column: column)
        }
        guard rest.hasPrefix("else"), rest.hasSuffix("{") else {
            branches.append(frame)
            throw error("expected `}`, `} else {` or `} else if CONDITION {`", line: line, column: column)
        }
        let afterElse = rest.dropFirst(4).dropLast().trimmingWhitespace
        if afterElse.isEmpty {
            frame.taking = frame.outerTaking && !frame.chosen
            frame.chosen = true
        } else if afterElse.hasPrefix("if "), case let condition = afterElse.dropFirst(3).trimmingWhitespace, !condition.isEmpty {
            let holds = try conditionHolds(condition, line: line, column: column)
            frame.taking = frame.outerTaking && !frame.chosen && holds
            frame.chosen = frame.chosen || holds
        } else {
            branches.append(frame)
            throw error("expected `} else {` or `} else if CONDITION {`", line: line, column: column)
        }
        branches.append(frame)
    }

    /// `case LABELS:` or `default:` in a `switch`: taken when no case before it was and its label matches the
    /// subject's binding (an unbound subject takes the first case; `default` any value no case before it matched).
    mutating func readCaseLine(_ s: Substring) {
        guard var frame = branches.popLast() else { return }
        let isDefault = s == "default:"
        let label = isDefault ? "" : ParameterBindings.normalized(String(s.dropFirst(4).dropLast()))
        let matches = isDefault || frame.bound.map { ParameterBindings.caseLabel(label, matches: $0) } ?? true
        frame.taking = frame.outerTaking && !frame.chosen && matches
        frame.chosen = frame.chosen || matches
        branches.append(frame)
    }

    /// A condition's value, by its binding (unbound: it holds), recorded as a parameter use.
    mutating func conditionHolds(_ text: Substring, line: Int, column: Int) throws(TextSyntaxError) -> Bool {
        let c = bindings.condition(String(text))
        parameterUses.append(ParameterUse(name: c.name, role: .condition, location: SourceLocation(file: file, line: line, column: column),
                                          isBound: c.isBound, taken: c.holds ? "true" : "false"))
        if let invalid = c.invalid {
            throw error("the condition '\(c.name.excerpt)' is bound to '\(invalid.excerpt)': expected true or false", line: line, column: column)
        }
        return c.holds
    }
}
