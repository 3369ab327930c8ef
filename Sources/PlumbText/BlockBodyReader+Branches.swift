import PlumbSystem
import PlumbFrontEnd

/// Branches in a block's body: `if`/`else` chains and `switch`, read as the bound parameters choose.
extension BlockBodyReader {
    /// `if COND { ... } else if COND { ... } else { ... }`: the first branch whose condition parameter holds
    /// (every unbound condition holds); the others are read without keeping their chains.
    mutating func readConditional(_ range: Range<Int>, taking: Bool) throws(TextSyntaxError) {
        var i = range.lowerBound
        let end = range.upperBound
        var chosen = !taking
        while true {
            // at `if`
            i += 2
            let conditionStart = code.skipSpace(i, end: end)
            guard let open = firstBrace(from: conditionStart, end: end) else {
                throw code.error("an 'if' without braces is not read: write its branch in { }", at: range.lowerBound)
            }
            let condition = code.text(conditionStart..<open).trimmingCharacters(in: " \t\n")
            guard let close = code.matching(open, end: end) else {
                throw code.error("the '{' of this 'if' is never closed", at: open)
            }
            let holds = chosen ? false : try conditionHolds(condition, at: conditionStart)
            read((open + 1)..<(close - 1), taking: holds && !chosen)
            if holds { chosen = true }
            i = code.skipSpace(close, end: end)
            guard code.hasWord("else", at: i, end: end) else { return }
            i = code.skipSpace(i + 4, end: end)
            if code.hasWord("if", at: i, end: end) { continue }
            guard i < end, code.chars[i] == "{", let elseClose = code.matching(i, end: end) else {
                throw code.error("expected '{' after 'else'", at: i)
            }
            read((i + 1)..<(elseClose - 1), taking: !chosen)
            return
        }
    }

    /// The first `{` at bracket depth 0 from `i` (the opening of a branch after its condition).
    func firstBrace(from i: Int, end: Int) -> Int? {
        var j = i
        while j < end {
            if let after = code.skipQuoted(j) { j = after; continue }
            let c = code.chars[j]
            if c == "{" { return j }
            if c == "(" || c == "[" {
                guard let after = code.matching(j, end: end) else { return nil }
                j = after
                continue
            }
            if c == ";" { return nil }
            j += 1
        }
        return nil
    }

    /// A condition's value: its binding (`!NAME` negates `NAME`'s), else true, so that the first branch is taken;
    /// `(COND)` is `COND`.
    mutating func conditionHolds(_ text: String, at offset: Int) throws(TextSyntaxError) -> Bool {
        let c = parser.parameters.condition(text)
        notes.parameterUses.append(ParameterUse(name: c.name, role: .condition, location: code.location(of: offset),
                                                isBound: c.isBound, taken: c.holds ? "true" : "false"))
        if let invalid = c.invalid {
            throw code.error("the condition '\(c.name.excerpt)' is bound to '\(invalid.excerpt)': expected true or false", at: offset)
        }
        return c.holds
    }

    /// `switch SUBJECT { case A: ... case B, C: ... default: ... }`: the case whose label the subject parameter is
    /// bound to (`default` when none matches), else the first case; every case is read.
    mutating func readSwitch(_ range: Range<Int>, taking: Bool) throws(TextSyntaxError) {
        let end = range.upperBound
        let subjectStart = code.skipSpace(range.lowerBound + 6, end: end)
        guard let open = firstBrace(from: subjectStart, end: end), let close = code.matching(open, end: end) else {
            throw code.error("expected '{' and the cases of this switch", at: range.lowerBound)
        }
        var subject = ParameterBindings.normalized(code.text(subjectStart..<open))
        if subject.hasPrefix("("), subject.hasSuffix(")"), ParameterBindings.isOneGroup(subject) { subject = String(subject.dropFirst().dropLast()) }
        let cases = switchCases((open + 1)..<(close - 1))
        guard !cases.isEmpty else { throw code.error("this switch has no case", at: range.lowerBound) }
        let bound = parser.parameters[subject]
        notes.parameterUses.append(ParameterUse(name: subject, role: .choice, location: code.location(of: subjectStart), isBound: bound != nil))
        var pick = 0
        if let bound {
            func matches(_ label: String) -> Bool { ParameterBindings.caseLabel(label, matches: bound) }
            if let k = cases.firstIndex(where: { $0.label.map(matches) ?? false }) {
                pick = k
            } else if let k = cases.firstIndex(where: { $0.label == nil }) {
                pick = k
            } else {
                let labels = cases.compactMap(\.label).joined(separator: ", ")
                throw code.error("the switch subject '\(subject.excerpt)' is bound to '\(bound.excerpt)', which no case "
                                 + "matches (cases: \(labels.excerpt))", at: subjectStart)
            }
        }
        for (k, c) in cases.enumerated() { read(c.body, taking: taking && k == pick) }
    }

    /// The cases of a switch body: each label (nil for `default`) and its statements' range.
    func switchCases(_ range: Range<Int>) -> [(label: String?, body: Range<Int>)] {
        var marks: [(label: String?, bodyStart: Int, start: Int)] = []
        var i = range.lowerBound
        while i < range.upperBound {
            if let after = code.skipQuoted(i) { i = after; continue }
            let c = code.chars[i]
            if c == "(" || c == "[" || c == "{" {
                i = code.matching(i, end: range.upperBound) ?? range.upperBound
                continue
            }
            let isCase = code.hasWord("case", at: i, end: range.upperBound)
            if isCase || code.hasWord("default", at: i, end: range.upperBound) {
                var colon = i
                while colon < range.upperBound && code.chars[colon] != ":" { colon += 1 }
                let label = isCase ? ParameterBindings.normalized(code.text((i + 4)..<colon)) : nil
                marks.append((label, min(colon + 1, range.upperBound), i))
                i = colon + 1
                continue
            }
            i += 1
        }
        return marks.enumerated().map { k, mark in
            let bodyEnd = k + 1 < marks.count ? marks[k + 1].start : range.upperBound
            return (mark.label, mark.bodyStart..<max(mark.bodyStart, bodyEnd))
        }
    }
}
