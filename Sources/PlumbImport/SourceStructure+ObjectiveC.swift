import PlumbText
/// An Objective-C file's structure, read by hand from its text with comments and strings blanked: each
/// `@implementation` a type (its `@interface`'s properties and superclass joined to it by name), each `-`/`+` method in
/// it a scope (its parameters and `Type *name` declarations its locals), and every `if`/`else` chain's branches.
extension SourceStructure {
    /// - Complexity: linear in the file's length, times the nesting of brackets.
    static func objectiveC(_ masked: [Character]) -> SourceStructure {
        var reader = ObjectiveCStructureReader(masked: masked)
        reader.read()
        return reader.structure
    }
}

struct ObjectiveCStructureReader {
    let masked: [Character]
    var structure = SourceStructure()
    /// By class name: superclass and properties its `@interface`s declare.
    private var interfaces: [String: (superclass: String?, properties: Set<String>)] = [:]

    /// For each `(`, `[` or `{`, the offset of its closer (-1 when none): brackets are matched once, in one pass.
    private let closers: [Int32]

    init(masked: [Character]) {
        self.masked = masked
        var closers = [Int32](repeating: -1, count: masked.count)
        var open: [Character: [Int32]] = ["(": [], "[": [], "{": []]
        let opener: [Character: Character] = [")": "(", "]": "[", "}": "{"]
        for (i, c) in masked.enumerated() {
            if open[c] != nil {
                open[c]!.append(Int32(i))
            } else if let o = opener[c], let at = open[o]!.popLast() {
                closers[Int(at)] = Int32(i)
            }
        }
        self.closers = closers
    }

    mutating func read() {
        readPreprocessorBranches()
        var i = 0
        while i < masked.count {
            if atWord("@interface", i) {
                i = readInterface(from: i)
            } else if atWord("@implementation", i) {
                i = readImplementation(from: i)
            } else {
                i += 1
            }
        }
        for t in structure.types.indices {
            guard let declared = interfaces[structure.types[t].name] else { continue }
            structure.types[t].superclass = structure.types[t].superclass ?? declared.superclass
            structure.types[t].properties.formUnion(declared.properties)
        }
    }

    // MARK: Types

    /// `@interface Name : Super` (or `Name ()`, `Name (Category)`) up to `@end`: its properties and ivars.
    mutating func readInterface(from start: Int) -> Int {
        var k = start + "@interface".count
        let name = word(&k)
        skipSpace(&k)
        var superclass: String?
        if k < masked.count, masked[k] == ":" {
            k += 1
            let parent = word(&k)
            if !parent.isEmpty { superclass = parent }
        }
        let end = endMarker(from: k)
        let properties = Set(declaredLocals(in: k..<end).keys.map { $0.hasPrefix("_") && $0.count > 1 ? String($0.dropFirst()) : $0 })
        var entry = interfaces[name] ?? (nil, [])
        entry.superclass = entry.superclass ?? superclass
        entry.properties.formUnion(properties)
        interfaces[name] = entry
        return end
    }

    /// `@implementation Name` up to `@end`: a type, each method in it.
    mutating func readImplementation(from start: Int) -> Int {
        var k = start + "@implementation".count
        let name = word(&k)
        let end = endMarker(from: k)
        structure.types.append(SourceStructure.TypeScope(name: name, superclass: nil, range: start..<end))
        let type = structure.types.count - 1
        // instance variables in `{ }` right after the name
        skipSpace(&k)
        if k < masked.count, masked[k] == "{", let close = matching(k, "{", "}") {
            let ivars = declaredLocals(in: k..<close).keys
            structure.types[type].properties.formUnion(ivars.map { $0.hasPrefix("_") && $0.count > 1 ? String($0.dropFirst()) : $0 })
            k = close + 1
        }
        while k < end {
            guard (masked[k] == "-" || masked[k] == "+"), isLineStart(k),
                  let open = (k..<end).first(where: { masked[$0] == "{" || masked[$0] == ";" }), masked[open] == "{",
                  let close = matching(open, "{", "}") else {
                if masked[k] == "{", let close = matching(k, "{", "}") { k = close + 1 } else { k += 1 }
                continue
            }
            readMethod(header: k..<open, body: open..<(close + 1), type: type)
            k = close + 1
        }
        return end
    }

    /// A method: its name (the first part of its selector), parameters, locals, branches, and whether it is a
    /// lazy getter (`- (UILabel *)title { if (!_title) { ... } return _title; }`).
    mutating func readMethod(header: Range<Int>, body: Range<Int>, type: Int) {
        let text = String(masked[header])
        // the selector's first part follows the return type's `)`
        var k = header.lowerBound + 1
        skipSpace(&k)
        if k < header.upperBound, masked[k] == "(", let close = matching(k, "(", ")") { k = close + 1 }
        let name = word(&k)
        var method = SourceStructure.Method(name: name.isEmpty ? "method" : name, type: type, range: body)
        // parameters: `:(Type *)name`
        var p = header.lowerBound
        while p < header.upperBound {
            if masked[p] == ":" {
                var q = p + 1
                skipSpace(&q)
                if q < header.upperBound, masked[q] == "(", let close = matching(q, "(", ")") { q = close + 1 }
                let parameter = word(&q)
                if !parameter.isEmpty, method.locals[parameter] == nil { method.locals[parameter] = q }
                p = q
                continue
            }
            p += 1
        }
        for (local, offset) in declaredLocals(in: body) where method.locals[local] == nil { method.locals[local] = offset }
        let bodyText = String(masked[body])
        if !text.contains(":"), bodyText.contains("!_\(name)") || bodyText.contains("_\(name) == nil")
            || bodyText.contains("!self.\(name))") {
            method.lazyView = name
            method.propertyView = name
        }
        structure.methods.append(method)
        readBranches(in: body)
        readSwitches(in: body)
    }

    /// Every `switch (SUBJECT) { case A: ... default: ... }` in `range`: each case's statements under the subject
    /// being that case.
    mutating func readSwitches(in range: Range<Int>) {
        for i in range where atWord("switch", i) {
            var k = i + 6
            skipSpace(&k)
            guard k < range.upperBound, masked[k] == "(", let close = matching(k, "(", ")") else { continue }
            let subject = normalized(String(masked[(k + 1)..<close]))
            var open = close + 1
            skipSpace(&open)
            guard open < range.upperBound, masked[open] == "{", let end = matching(open, "{", "}") else { continue }
            // the case labels at the body's own level (nested brackets skipped)
            var marks: [(label: String, start: Int, bodyStart: Int)] = []
            var j = open + 1
            while j < end {
                let c = masked[j]
                if c == "(" || c == "[" || c == "{", let closer = matching(j, c, c == "(" ? ")" : c == "[" ? "]" : "}") {
                    j = closer + 1
                    continue
                }
                let isCase = atWord("case", j)
                if isCase || atWord("default", j), let colon = (j..<end).first(where: { masked[$0] == ":" }) {
                    let label = isCase ? normalized(String(masked[(j + 4)..<colon])) : "default"
                    marks.append((label, j, colon + 1))
                    j = colon + 1
                    continue
                }
                j += 1
            }
            var written = k + 1
            while written < close && masked[written].isWhitespace { written += 1 }
            for (n, mark) in marks.enumerated() {
                let bodyEnd = n + 1 < marks.count ? marks[n + 1].start : end
                structure.branches.append(SourceStructure.Branch(body: mark.bodyStart..<max(mark.bodyStart, bodyEnd), path: [
                    .init(text: subject, holds: true, offset: written, caseLabels: marks[0...n].map(\.label))]))
            }
        }
    }

    // MARK: Preprocessor branches

    /// `#if COND` / `#ifdef NAME` / `#ifndef NAME` ... `#elif COND` ... `#else` ... `#endif`: each clause's lines a
    /// branch under its condition and the earlier ones not holding (an include guard, `#ifndef NAME` followed by
    /// `#define NAME`, is none).
    mutating func readPreprocessorBranches() {
        // the open chains: the conditions before the current clause, and the current clause's start and condition
        var open: [(earlier: [SourceStructure.Condition], start: Int, condition: SourceStructure.Condition?, guarded: Bool)] = []
        for (lineStart, lineEnd, k) in PreprocessorLines.all(in: masked) {
            var d = k + 1
            while d < lineEnd && masked[d] == " " { d += 1 }
            var e = d
            while e < lineEnd && masked[e].isLetter { e += 1 }
            let directive = String(masked[d..<e])
            let rest = normalized(String(masked[e..<lineEnd]))
            func close(at end: Int) {
                guard let top = open.last, !top.guarded else { return }
                structure.branches.append(SourceStructure.Branch(body: top.start..<end,
                                                                 path: top.earlier + (top.condition.map { [$0] } ?? [])))
            }
            switch directive {
            case "if", "ifdef", "ifndef":
                let text = directive == "ifndef" ? "!" + rest : rest
                let guarded = directive == "ifndef" && nextLineDefines(rest, after: lineEnd)
                open.append(([], lineEnd, .init(text: text, holds: true, offset: e + 1), guarded))
            case "elif", "else":
                guard var top = open.popLast() else { break }
                open.append(top)
                close(at: lineStart)
                if let c = top.condition { top.earlier.append(.init(text: c.text, holds: false, offset: c.offset)) }
                top.start = lineEnd
                top.condition = directive == "elif" ? .init(text: rest, holds: true, offset: e + 1) : nil
                open[open.count - 1] = top
            case "endif":
                close(at: lineStart)
                _ = open.popLast()
            default:
                break
            }
        }
    }

    /// Whether the line after `lineEnd` is `#define NAME` (an include guard's).
    func nextLineDefines(_ name: String, after lineEnd: Int) -> Bool {
        var k = lineEnd + 1
        while k < masked.count && masked[k].isWhitespace { k += 1 }
        let expected = Array("#define \(name)")
        return k + expected.count <= masked.count && Array(masked[k..<(k + expected.count)]) == expected
    }

    // MARK: Declarations

    /// `Type *name` declarations in `range` followed by `=`, `;`, `,`, `)` or `in` (locals, parameters of blocks,
    /// instance variables, properties), with the offset of each name's first.
    func declaredLocals(in range: Range<Int>) -> [String: Int] {
        var found: [String: Int] = [:]
        var i = range.lowerBound
        while i < range.upperBound {
            defer { i += 1 }
            guard masked[i] == "*" else { continue }
            // a type name right before the star (after spaces), a name right after it
            var b = i - 1
            while b > range.lowerBound && masked[b] == " " { b -= 1 }
            guard b >= range.lowerBound, isName(masked[b]) else { continue }
            var a = b
            while a > range.lowerBound && isName(masked[a - 1]) { a -= 1 }
            guard masked[a].isUppercase || String(masked[a...b]) == "id" else { continue }
            var k = i + 1
            while k < range.upperBound && (masked[k] == "*" || masked[k] == " ") { k += 1 }
            let start = k
            let name = word(&k)
            guard !name.isEmpty, name != "const" else { continue }
            skipSpace(&k)
            guard k < range.upperBound else { continue }
            if "=;,)".contains(masked[k]) || atWord("in", k) {
                if found[name] == nil { found[name] = start }
            }
        }
        return found
    }

    // MARK: Branches

    /// Every `if` chain in `range`: each branch's body (braced, or one statement) under its conditions.
    mutating func readBranches(in range: Range<Int>) {
        var i = range.lowerBound
        var chained: Set<Int> = []   // `if`s that continue an `else`
        while i < range.upperBound {
            defer { i += 1 }
            guard atWord("if", i), !chained.contains(i) else { continue }
            var earlier: [SourceStructure.Condition] = []
            var at = i
            while true {
                var k = at + 2
                skipSpace(&k)
                guard k < range.upperBound, masked[k] == "(", let close = matching(k, "(", ")") else { break }
                let condition = normalized(String(masked[(k + 1)..<close]))
                var written = k + 1   // (where the condition's text starts)
                while written < close && masked[written].isWhitespace { written += 1 }
                guard let body = statement(after: close + 1, limit: range.upperBound) else { break }
                structure.branches.append(SourceStructure.Branch(body: body, path: earlier + [.init(text: condition, holds: true, offset: written)]))
                earlier.append(.init(text: condition, holds: false, offset: written))
                var e = body.upperBound
                skipSpace(&e)
                guard atWord("else", e) else { break }
                var n = e + 4
                skipSpace(&n)
                if atWord("if", n) {
                    chained.insert(n)
                    at = n
                    continue
                }
                if let elseBody = statement(after: e + 4, limit: range.upperBound) {
                    structure.branches.append(SourceStructure.Branch(body: elseBody, path: earlier))
                }
                break
            }
        }
    }

    /// The statement after `from` (spaces skipped): a `{ ... }` body, or up to its `;` outside brackets.
    func statement(after from: Int, limit: Int) -> Range<Int>? {
        var k = from
        skipSpace(&k)
        guard k < limit else { return nil }
        if masked[k] == "{" {
            guard let close = matching(k, "{", "}") else { return nil }
            return k..<(close + 1)
        }
        var depth = 0
        var e = k
        while e < limit {
            let c = masked[e]
            if "([{".contains(c) { depth += 1 }
            if ")]}".contains(c) { depth -= 1; if depth < 0 { return nil } }
            if c == ";" && depth == 0 { return k..<(e + 1) }
            e += 1
        }
        return nil
    }

    // MARK: Text

    func normalized(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    func isName(_ c: Character) -> Bool { c == "_" || c == "$" || c.isLetter || c.isNumber }

    func atWord(_ w: String, _ i: Int) -> Bool {
        guard i + w.count <= masked.count, i == 0 || !isName(masked[i - 1]) else { return false }
        var k = i
        for c in w {
            guard masked[k] == c else { return false }
            k += 1
        }
        return k == masked.count || !isName(masked[k])
    }

    func isLineStart(_ i: Int) -> Bool {
        var b = i - 1
        while b >= 0 && (masked[b] == " " || masked[b] == "\t") { b -= 1 }
        return b < 0 || masked[b].isNewline || masked[b] == "}" || masked[b] == ";"
    }

    func skipSpace(_ k: inout Int) {
        while k < masked.count && masked[k].isWhitespace { k += 1 }
    }

    func word(_ k: inout Int) -> String {
        skipSpace(&k)
        let start = k
        while k < masked.count && isName(masked[k]) { k += 1 }
        return String(masked[start..<k])
    }

    /// The offset of the closer matching the opener at `open`.
    /// - Complexity: O(1).
    func matching(_ open: Int, _ opener: Character, _ closer: Character) -> Int? {
        guard open < masked.count, masked[open] == opener, closers[open] >= 0 else { return nil }
        return Int(closers[open])
    }

    /// The offset of the next `@end` (or the file's end).
    func endMarker(from k: Int) -> Int {
        var e = k
        while e < masked.count && !atWord("@end", e) { e += 1 }
        return min(masked.count, e + 4)
    }
}
