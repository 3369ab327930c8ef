import PlumbText
import PlumbFrontEnd

/// Macros an Objective-C file defines around its blocks: found, and expanded where they are used.
extension SourceScan {
    /// A `#define`: its name, its parameters (nil for an object-like macro), where its body is, and its whole text
    /// (continuation lines included).
    struct Macro {
        var name: String
        var parameters: [String]?
        var body: Range<Int>
        var range: Range<Int>
    }

    /// Every `#define` of the file, in order.
    mutating func findMacros() {
        var readTo = 0   // (a `#define`'s continuation lines are its own)
        for (lineStart, lineEnd, k) in PreprocessorLines.all(in: masked) where lineStart >= readTo {
            guard matches("#define", at: k) else { continue }
            // continuation lines: a line ending in `\` goes on
            var end = lineEnd
            while end < masked.count, end > 0, masked[end - 1] == "\\" {
                end += 1
                while end < masked.count && !masked[end].isNewline { end += 1 }
            }
            var n = k + 7
            while n < end && (masked[n] == " " || masked[n] == "\t") { n += 1 }
            let nameStart = n
            while n < end && isName(masked[n]) { n += 1 }
            let name = String(masked[nameStart..<n])
            var parameters: [String]? = nil
            if n < end && masked[n] == "(" {
                readTo = end + 1
                guard let close = (n..<end).first(where: { masked[$0] == ")" }) else { continue }
                parameters = String(masked[(n + 1)..<close]).split(separator: ",")
                    .map { $0.trimmingCharacters(in: " \t") }.filter { !$0.isEmpty }
                n = close + 1
            }
            if !name.isEmpty { macros.append(Macro(name: name, parameters: parameters, body: n..<end, range: lineStart..<end)) }
            readTo = end + 1
        }
    }

    /// Reads the block in `macro`'s body at each use of the macro outside the `#define`s: its parameters replaced by
    /// the arguments (as the preprocessor does), the block as if written at the use.
    mutating func expandUses(of macro: Macro) {
        let body = String(text[macro.body]).replacing("\\\n", with: " ").trimmingCharacters(in: " \t\n;")
        for nameEnd in occurrenceEnds(of: macro.name) {
            let start = nameEnd - macro.name.count
            guard !macros.contains(where: { $0.range.contains(start) }),
                  start == 0 || !isName(masked[start - 1]), nameEnd >= masked.count || !isName(masked[nameEnd]) else { continue }
            var expanded = body, useEnd = nameEnd
            if let parameters = macro.parameters {
                var k = nameEnd
                while k < masked.count && (masked[k] == " " || masked[k] == "\t") { k += 1 }
                guard k < masked.count, masked[k] == "(", let arguments = callArguments(openingAt: k),
                      arguments.values.count == parameters.count else { continue }
                expanded = SourceScan.substituting(parameters, with: arguments.values, in: body)
                useEnd = arguments.end
            }
            guard let (method, kind) = SourceScan.objectiveCMethods.first(where: { expanded.contains($0.0) }),
                  let call = expanded.firstRange(of: method),
                  let open = expanded[..<call.lowerBound].lastIndex(of: "[") else { continue }
            let receiver = String(expanded[expanded.index(after: open)..<call.lowerBound]).trimmingCharacters(in: " \t")
            var block = Block(kind: kind, receiver: receiver, start: start, end: callEnd(after: useEnd - 1))
            block.inlined = expanded.hasSuffix(";") ? expanded : expanded + ";"
            append(block)
        }
    }

    /// The arguments of the call whose `(` is at `open`, split at top-level commas, and one past its `)`; nil when
    /// the call is not closed within `8 · longestArgument` characters of `open`, or by the end of the text.
    func callArguments(openingAt open: Int) -> (values: [String], end: Int)? {
        var depth = 0, k = open + 1, argumentStart = open + 1
        var values: [String] = []
        let limit = min(masked.count, open + 8 * SourceScan.longestArgument)
        while k < limit {
            let c = masked[k]
            if c == "(" || c == "[" || c == "{" { depth += 1 }
            if c == ")" || c == "]" || c == "}" {
                if depth == 0 {
                    let last = String(text[argumentStart..<k]).trimmingCharacters(in: " \t\n")
                    if !last.isEmpty || !values.isEmpty { values.append(last) }
                    return (values, k + 1)
                }
                depth -= 1
            }
            if c == "," && depth == 0 {
                values.append(String(text[argumentStart..<k]).trimmingCharacters(in: " \t\n"))
                argumentStart = k + 1
            }
            k += 1
        }
        return nil
    }

    /// `text` with each whole-word occurrence of `parameters[i]` replaced by `arguments[i]`.
    static func substituting(_ parameters: [String], with arguments: [String], in text: String) -> String {
        var out = ""
        var word = ""
        func flush() {
            if let i = parameters.firstIndex(of: word) { out += arguments[i] } else { out += word }
            word = ""
        }
        for c in text {
            if c == "$" || Identifier.isPart(c) { word.append(c) } else { flush(); out.append(c) }
        }
        flush()
        return out
    }

    static let objectiveCMethods: [(String, LayoutScript.BlockKind)] = [
        (" mas_makeConstraints:", .make), (" mas_updateConstraints:", .update), (" mas_remakeConstraints:", .remake),
        (" makeConstraints:", .make), (" updateConstraints:", .update), (" remakeConstraints:", .remake),
    ]
    static let swiftMethods: [(String, LayoutScript.BlockKind)] = [
        ("snp.makeConstraints", .make), ("snp.updateConstraints", .update), ("snp.remakeConstraints", .remake),
        ("snp_makeConstraints", .make), ("snp_updateConstraints", .update), ("snp_remakeConstraints", .remake),
        ("snp.prepareConstraints", .prepare),
    ]
}
