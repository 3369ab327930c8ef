import PlumbText
import PlumbFrontEnd

/// The view hierarchy and the constants a source file declares (what `bench import` writes before the blocks).
extension SourceScan {
    /// `[P addSubview:C]`, `P.addSubview(C)`, `addSubview(C)`, `insertSubview`, `addArrangedSubview`.
    mutating func findAdditions() {
        findListAdditions()
        for method in ["addSubview", "addArrangedSubview", "insertSubview", "insertArrangedSubview", "addLayoutGuide"] {
            var i = 0
            while i < masked.count {
                guard matches(method, at: i), i + method.count < masked.count else { i += 1; continue }
                let after = i + method.count
                defer { i = after }
                if i > 0, isName(masked[i - 1]) { continue }
                if masked[after] == ":" {
                    // Objective-C: the receiver back to '[', the argument up to the next space, ']' or ':'
                    var j = i - 1
                    while j >= 0 && masked[j] == " " { j -= 1 }
                    var r = j
                    var depth = 0
                    while r >= 0 {
                        if masked[r] == "]" { depth += 1 }
                        if masked[r] == "[" { if depth == 0 { break }; depth -= 1 }
                        r -= 1
                    }
                    guard r >= 0 else { continue }
                    let parent = String(text[(r + 1)...j]).trimmingCharacters(in: " \t")
                    var e = after + 1
                    while e < masked.count && masked[e] == " " { e += 1 }
                    var f = e
                    while f < masked.count && !" ]:\n".contains(masked[f]) { f += 1 }
                    additions.append((parent, String(text[e..<f]), i))
                } else if masked[after] == "(" {
                    var p = i
                    if i > 0 && masked[i - 1] == "." {
                        p = i - 2
                        while p >= 0 && (isName(masked[p]) || ".?!".contains(masked[p])) { p -= 1 }
                        p += 1
                    }
                    let parent = p < i ? String(text[p..<(i - 1)]) : "self"
                    // the argument, up to the `)` or `,` that ends it; a call left open (no such end before a
                    // statement or scope boundary, or within `longestArgument`) adds nothing, and the scan of the
                    // next call starts after it (2,000 unclosed calls are read in linear time)
                    var f = after + 1
                    var depth = 0
                    var closed = false
                    while f < masked.count && f - after <= SourceScan.longestArgument {
                        let c = masked[f]
                        if c == ";" || c == "{" || c == "}" { break }
                        if c == "(" || c == "[" { depth += 1 }
                        if c == ")" || c == "]" { if depth == 0 { closed = true; break }; depth -= 1 }
                        if c == "," && depth == 0 { closed = true; break }
                        f += 1
                    }
                    guard closed else { continue }
                    additions.append((parent, String(text[(after + 1)..<min(f, text.count)]).trimmingCharacters(in: " \t\n"), i))
                }
            }
        }
    }

    /// The longest argument of an `addSubview(…)` call read (a view's expression is a few dozen characters).
    static let longestArgument = 1_000

    /// `P.addSubviews(a, b, c)` (a helper apps write) and `[a, b, c].forEach { P.addSubview($0) }`.
    mutating func findListAdditions() {
        // (offsets in `masked` throughout: a String's distance from its start is linear, and was paid per call)
        for method in ["addSubviews(", "addArrangedSubviews("] {
            for callEnd in occurrenceEnds(of: method) {
                let start = callEnd - method.count
                var p = start
                if p > 0 && masked[p - 1] == "." {
                    p -= 2
                    while p >= 0 && (isName(masked[p]) || ".?!".contains(masked[p])) { p -= 1 }
                    p += 1
                }
                let parent = p < start ? String(text[p..<(start - 1)]) : "self"
                let argsStart = start + method.count
                let limit = min(masked.count, argsStart + SourceScan.longestArgument * 8)
                guard let close = (argsStart..<limit).first(where: { masked[$0] == ")" }) else { continue }
                for child in String(text[argsStart..<close]).split(separator: ",") {
                    let c = child.trimmingCharacters(in: " \t\n")
                    if !c.isEmpty { additions.append((parent, c, start)) }
                }
            }
        }
        for patternEnd in occurrenceEnds(of: "].forEach") {
            let end = patternEnd - "].forEach".count
            var open = end - 1
            while open >= 0 && masked[open] != "[" && !masked[open].isNewline { open -= 1 }
            guard open >= 0, masked[open] == "[" else { continue }
            let bodyStart = end + "].forEach".count
            guard let brace = (bodyStart..<min(masked.count, bodyStart + 8)).first(where: { masked[$0] == "{" }),
                  let close = matchingBrace(brace) else { continue }
            let body = String(masked[(brace + 1)..<close])
            guard let call = body.firstRange(of: ".addSubview($0)") ?? body.firstRange(of: "addSubview($0)") else { continue }
            var parent = String(body[..<call.lowerBound]).trimmingCharacters(in: " \t\n")
            if body[call.lowerBound] != "." || parent.isEmpty { parent = "self" }
            for child in String(text[(open + 1)..<end]).split(separator: ",") {
                let c = child.trimmingCharacters(in: " \t\n")
                if !c.isEmpty { additions.append((parent, c, open)) }
            }
        }
    }

    // MARK: Constants

    /// Declarations of numbers outside the blocks (a block's own are read with it), with the type they belong to.
    mutating func findConstants() {
        var typeStack: [(name: String, depth: Int)] = []
        var depth = 0
        var lineStart = 0
        while lineStart < masked.count {
            var lineEnd = lineStart
            while lineEnd < masked.count && !masked[lineEnd].isNewline { lineEnd += 1 }
            let line = String(masked[lineStart..<lineEnd]).trimmingCharacters(in: " \t")
            if !isInsideBlock(lineStart) {
                readConstant(line, offset: lineStart, owner: typeStack.last?.name, depth: depth, typeDepth: typeStack.last?.depth)
                for keyword in ["enum ", "struct ", "class ", "extension "] {
                    let words = line.split(separator: " ").map(String.init)
                    if let k = words.firstIndex(of: String(keyword.dropLast())), k + 1 < words.count, line.contains("{") {
                        let name = words[k + 1].prefix { isName($0) }
                        if !name.isEmpty { typeStack.append((String(name), depth)) }
                        break
                    }
                }
            }
            for c in masked[lineStart..<lineEnd] {
                if c == "{" { depth += 1 }
                if c == "}" {
                    depth -= 1
                    while let last = typeStack.last, last.depth >= depth { typeStack.removeLast() }
                }
            }
            lineStart = lineEnd + 1
        }
    }

    mutating func readConstant(_ line: String, offset: Int, owner: String?, depth: Int, typeDepth: Int?) {
        if line.hasPrefix("#define ") {
            let parts = line.dropFirst(8).split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2, parts[0].allSatisfy(isName) else { return }   // not `kScale(x)`
            constants.append(Constant(name: parts[0], owner: nil, value: parts[1], offset: offset))
            return
        }
        let code = CodeText(lines: [(1, Substring(line))], file: "")
        var end = code.chars.count
        while end > 0 && (code.chars[end - 1] == ";" || code.chars[end - 1] == " ") { end -= 1 }
        guard end > 0, let (name, valueStart) = CodeDeclaration.read(code, 0..<end) else { return }
        let value = code.text(valueStart..<end).trimmingCharacters(in: " \t")
        guard !value.isEmpty, !value.hasSuffix("{") else { return }
        // a member of a type (at the type's own depth) is also `Type.name`
        let member = typeDepth.map { depth == $0 + 1 } ?? false
        constants.append(Constant(name: name, owner: member ? owner : nil, value: value, offset: offset))
    }
}
