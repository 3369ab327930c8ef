import PlumbText
import PlumbFrontEnd

/// What an app's source file holds for `SourceImport`: its constraint blocks, the views it adds to others, and the
/// numbers it names, found by scanning the text with comments and strings blanked out (a block in a comment is not
/// one).
///
/// - Complexity: linear in the file's length, plus the bracket matching of each block.
struct SourceScan {
    /// One `mas_makeConstraints` / `snp.makeConstraints` call with its block written in place.
    struct Block {
        var kind: LayoutScript.BlockKind
        /// The receiver as written (empty for SnapKit's implicit `self`).
        var receiver: String
        /// The block's text when it is not the text at `start..<end`: a block written in a variable of the same
        /// method, put at its call (`[v mas_makeConstraints:fill]` after `fill = ^(MASConstraintMaker *make) {...};`).
        var inlined: String? = nil
        /// The view a `$0` receiver stands for (`let title = UILabel().then { $0.snp.makeConstraints ... }`).
        var closureSubject: String? = nil
        /// Offsets of the call's first character and one past the block's closing `}` (with a `]`, `)` or `;`
        /// that closes the call on that line).
        var start: Int
        var end: Int
    }

    /// A call whose block is not written in place (`[v mas_makeConstraints:fill];`), which is not read.
    struct Refusal {
        var offset: Int
        var construct: String
        var reason: String
    }

    /// A declaration of a number or struct: `#define kMargin 15`, `static const CGFloat kSize = 64;`,
    /// `let padding: CGFloat = 16`, `static let spacing = 12` inside `enum Layout` (named `Layout.spacing`).
    struct Constant {
        var name: String
        /// Also reachable as `Type.name` (a static member) when not nil.
        var owner: String?
        var value: String
        var offset: Int
    }

    let text: [Character]
    /// `text` with comments, strings and character literals replaced by spaces (line breaks kept).
    let masked: [Character]
    /// For each offset (and one past the end), the innermost `{` of `masked` still open before it, -1 when none:
    /// what encloses a block, found without scanning back to the file's start for each one.
    let innermostOpen: [Int32]
    /// For each `{` of `masked`, the offset of the `}` that closes it, -1 when none does (elsewhere -1 too).
    let closingBrace: [Int32]
    var blocks: [Block] = []
    var refusals: [Refusal] = []
    /// (superview expression, subview expression, offset) for every `addSubview` and kin.
    var additions: [(parent: String, child: String, offset: Int)] = []
    var constants: [Constant] = []
    /// Whether the file reads as a view controller's (`self.view`, `view.addSubview`, `UIViewController`).
    var isViewController = false
    /// Whether the code declares a local variable named `view` (which then is not the root).
    var declaresLocalView = false

    /// Offsets of the NUL characters the source held (each read as a space; the blocks that hold one are left out).
    var nulOffsets: [Int] = []
    /// Where a `/*` comment opens that no `*/` closes (the rest of the file is that comment), if one does.
    var unclosedComment: Int?

    /// For each block (in `blocks`' order), the largest end of it and the blocks before it.
    var blockReach: [Int] = []
    /// Switches of kept constraints outside the blocks (`findReferenceSteps`).
    var referenceSteps: [ReferenceStep] = []
    /// The file's types, methods, locals and branches (what `ImportScopes` and the play order follow).
    var structure = SourceStructure()

    /// - Parameter isSwift: whether the file is Swift (its structure read by swift-syntax), else Objective-C; when
    ///   nil, the text decides (`@implementation` or `mas_` make it Objective-C).
    init(_ source: String, isSwift: Bool? = nil) {
        var chars = Array(source)
        for i in chars.indices where chars[i] == "\u{0}" {
            nulOffsets.append(i)
            chars[i] = " "
        }
        text = chars
        (masked, unclosedComment) = SourceScan.mask(text)
        (innermostOpen, closingBrace) = SourceScan.braceTables(masked)
        findBlocks()
        findAdditions()
        findConstants()
        findReferenceSteps()
        let plain = String(masked)
        let swift = isSwift ?? !(plain.contains("@implementation") || plain.contains("mas_"))
        structure = SourceStructure.read(text, masked: masked, isSwift: swift)
        isViewController = isViewControllerFile()
        declaresLocalView = plain.contains("let view =") || plain.contains("var view =") || plain.contains("UIView *view")
            || plain.contains("let view:") || plain.contains("*)view") || plain.contains("* )view") || plain.contains("_ view: UIView")
    }

    // MARK: Masking

    /// `chars` with comments and literals blanked, and where a `/*` opens that never closes.
    static func mask(_ chars: [Character]) -> (masked: [Character], unclosedComment: Int?) {
        var out = chars
        var unclosed: Int? = nil
        var i = 0
        func blank(_ a: Int, _ b: Int) { for k in a..<min(b, out.count) where !out[k].isNewline { out[k] = " " } }
        while i < chars.count {
            guard let (kind, end) = CodeScanner.span(in: chars, at: i) else { i += 1; continue }
            switch kind {
            case .string(let closed):
                // keep the quotes, so that `@"..."` and `"..."` stay strings for the chain reader
                blank(i + 1, closed ? end - 1 : end)
            case .blockComment(closed: false):
                if unclosed == nil { unclosed = i }
                blank(i, end)
            case .lineComment, .blockComment, .multilineString, .characterLiteral:
                blank(i, end)
            }
            i = end
        }
        return (out, unclosed)
    }

    // MARK: Blocks

    mutating func findBlocks() {
        findMacros()
        var i = 0
        var macrosWithBlocks: [Int] = []
        while i < masked.count {
            guard let (method, kind, methodStart) = blockMethod(at: i) else { i += 1; continue }
            let afterMethod = methodStart + method.count
            i = afterMethod
            if let m = macros.firstIndex(where: { $0.range.contains(methodStart) }) {
                // a block in a macro's body is read where the macro is used, with its arguments (below)
                if macrosWithBlocks.last != m { macrosWithBlocks.append(m) }
                i = macros[m].range.upperBound
                continue
            }
            if method.hasSuffix(":") {
                readObjectiveCCall(kind: kind, methodStart: methodStart, afterMethod: afterMethod)
            } else {
                readSwiftCall(kind: kind, methodStart: methodStart, afterMethod: afterMethod)
            }
        }
        for m in macrosWithBlocks { expandUses(of: macros[m]) }
        blocks.sort { $0.start < $1.start }
        // the furthest any block up to each one reaches (a block inside another ends before it)
        blockReach = []
        for block in blocks { blockReach.append(max(blockReach.last ?? 0, block.end)) }
    }

    func matches(_ word: String, at i: Int) -> Bool {
        var k = i
        for c in word {
            guard k < masked.count, masked[k] == c else { return false }
            k += 1
        }
        return true
    }

    func blockMethod(at i: Int) -> (String, LayoutScript.BlockKind, Int)? {
        let c = masked[i]
        if c == " " || c == "\t" || c.isNewline {
            for (m, kind) in SourceScan.objectiveCMethods where matches(m.dropFirst().description, at: i + 1) {
                let w = String(m.dropFirst())
                return (w, kind, i + 1)
            }
            return nil
        }
        guard c == "s", i == 0 || !isName(masked[i - 1]) || masked[i - 1] == "." || true else { return nil }
        for (m, kind) in SourceScan.swiftMethods where matches(m, at: i) {
            let end = i + m.count
            if end < masked.count, isName(masked[end]) { continue }
            if i > 0, isName(masked[i - 1]) { continue }
            return (m, kind, i)
        }
        return nil
    }

    func isName(_ c: Character) -> Bool { c == "$" || Identifier.isPart(c) }

    /// Where the path that ends just before `end` starts (a receiver: names, `.`, `?`, `!` and bracketed subscripts),
    /// looking back no further than `floor`: the index of its first character, `end` when there is none.
    func pathStart(endingAt end: Int, notBefore floor: Int) -> Int {
        var j = end - 1
        while j >= floor {
            let c = masked[j]
            if isName(c) || c == "." || c == "?" || c == "!" { j -= 1; continue }
            guard c == "]" else { break }
            var depth = 0
            while j >= floor {
                if masked[j] == "]" { depth += 1 }
                if masked[j] == "[" { depth -= 1; if depth == 0 { break } }
                j -= 1
            }
            j -= 1
        }
        return j + 1
    }

    /// `[RECEIVER mas_makeConstraints:^(MASConstraintMaker *make) { ... }];`
    mutating func readObjectiveCCall(kind: LayoutScript.BlockKind, methodStart: Int, afterMethod: Int) {
        // the receiver runs back to the `[` that opens this message
        var j = methodStart - 1
        var depth = 0
        while j >= 0 {
            let c = masked[j]
            if c == "]" || c == ")" { depth += 1 }
            if c == "(" { depth -= 1 }
            if c == "[" {
                if depth == 0 { break }
                depth -= 1
            }
            if c == ";" || c == "{" || c == "}" { j = -1; break }
            j -= 1
        }
        guard j >= 0 else { return }
        let receiver = String(text[(j + 1)..<methodStart]).trimmingCharacters(in: " \t\n")
        var k = afterMethod
        while k < masked.count && masked[k].isWhitespace { k += 1 }
        guard k < masked.count, masked[k] == "^" else {
            var e = k
            while e < masked.count && masked[e] != "]" && masked[e] != ";" && !masked[e].isNewline { e += 1 }
            let argument = String(text[k..<min(e, text.count)]).trimmingCharacters(in: " \t")
            if let literal = blockLiteral(named: argument, before: j) {
                // the block written in a variable just before: read as if written at the call
                var block = Block(kind: kind, receiver: receiver, start: j, end: callEnd(after: e - 1))
                block.inlined = "[\(receiver) \(String(text[methodStart..<afterMethod]))\(literal)];"
                append(block)
                return
            }
            refusals.append(Refusal(offset: j, construct: String(text[j..<min(e + 1, text.count)]),
                                    reason: "the block is not written at the call (it is a variable or a method's result), so its constraints are not here to read"))
            return
        }
        guard let open = (k..<masked.count).first(where: { masked[$0] == "{" || masked[$0] == ";" }), masked[open] == "{"
        else { return }
        guard let close = matchingBrace(open) else {
            refusals.append(Refusal(offset: j, construct: String(text[j..<min(afterMethod + 12, text.count)]),
                                    reason: "the block opened here is never closed: its '{' has no matching '}' in the file"))
            return
        }
        append(Block(kind: kind, receiver: receiver, start: j, end: callEnd(after: close)))
    }

    /// Keeps a block (with its closure's subject when the receiver is `$0`), and records it in `loopPasses` when a
    /// loop encloses it.
    mutating func append(_ block: Block) {
        var block = block
        if block.receiver.hasPrefix("$0") { block.closureSubject = closureSubject(block.start) }
        if let loop = enclosingLoop(block.start) {
            loopPasses.append((blocks.count, loop))
        }
        blocks.append(block)
    }

    /// Blocks inside a loop (by index) and the loop's keyword: each is read as one pass, its loop variable a view.
    var loopPasses: [(block: Int, loop: String)] = []
    /// `occurrenceEnds(of:)`'s results by pattern.
    var patternEnds: [String: [Int]] = [:]
    /// The file's `#define`s (`findMacros`).
    var macros: [Macro] = []

    /// The `{` of every body around `offset`, innermost first.
    /// - Complexity: O(the nesting depth at `offset`).
    func enclosingOpenings(_ offset: Int) -> [Int] {
        var result: [Int] = []
        var open = Int(innermostOpen[min(max(0, offset), innermostOpen.count - 1)])
        while open >= 0 {
            result.append(open)
            open = Int(innermostOpen[open])
        }
        return result
    }

    /// `innermostOpen` and `closingBrace` of `masked`, in one pass with a stack of the braces open so far (a `}` with
    /// none open closes nothing).
    static func braceTables(_ masked: [Character]) -> (innermost: [Int32], closing: [Int32]) {
        var innermost = [Int32](repeating: -1, count: masked.count + 1)
        var closing = [Int32](repeating: -1, count: masked.count)
        var open: [Int32] = []
        for (i, c) in masked.enumerated() {
            innermost[i] = open.last ?? -1
            if c == "{" {
                open.append(Int32(i))
            } else if c == "}", let o = open.popLast() {
                closing[Int(o)] = Int32(i)
            }
        }
        innermost[masked.count] = open.last ?? -1
        return (innermost, closing)
    }

    /// The loop keyword of the nearest enclosing `for`/`while`/`forEach`/`enumerateObjectsUsingBlock` body, if any,
    /// up to the enclosing function or method.
    func enclosingLoop(_ offset: Int) -> String? {
        for i in enclosingOpenings(offset) {
            // the header of this body: back to the previous line break, `;` or `}` outside parentheses
            var h = i - 1
            var parens = 0
            while h >= 0 {
                let c = masked[h]
                if c == ")" { parens += 1 } else if c == "(" { parens -= 1 }
                if parens == 0 && (c == ";" || c == "}" || c == "{" || (c.isNewline && h < i - 1 && !headerContinues(h))) { break }
                h -= 1
            }
            let header = String(masked[(h + 1)..<i]).trimmingCharacters(in: " \t\n")
            if containsWord(header, "func") || header.hasPrefix("-") || header.hasPrefix("+") || containsWord(header, "init") {
                return nil   // the method or function: no loop around the block in it
            }
            for loop in ["for", "while", "repeat"] where header.hasPrefix(loop + " ") || header.hasPrefix(loop + "(") || header == loop {
                return loop
            }
            for loop in ["forEach", "enumerateObjectsUsingBlock"] where containsWord(header, loop) { return loop }
        }
        return nil
    }

    /// The name a `.then { }` closure around `offset` configures: `let title = UILabel().then {` → `title`.
    func closureSubject(_ offset: Int) -> String? {
        guard let i = enclosingOpenings(offset).first else { return nil }
        var h = i - 1
        while h >= 0 && !masked[h].isNewline { h -= 1 }
        let header = String(masked[(h + 1)..<i])
        guard header.contains(".then") || header.contains("= {") else { return nil }
        let words = header.split(whereSeparator: { !isName($0) })
        guard let k = words.firstIndex(where: { $0 == "let" || $0 == "var" }), k + 1 < words.count else { return nil }
        return String(words[k + 1])
    }

    func headerContinues(_ newline: Int) -> Bool {
        var k = newline - 1
        while k >= 0 && (masked[k] == " " || masked[k] == "\t") { k -= 1 }
        return k >= 0 && ",(".contains(masked[k])
    }

    func containsWord(_ text: String, _ word: String) -> Bool {
        let chars = Array(text)
        let w = Array(word)
        guard chars.count >= w.count else { return false }
        for k in 0...(chars.count - w.count) where Array(chars[k..<(k + w.count)]) == w {
            let before = k == 0 || !isName(chars[k - 1])
            let after = k + w.count == chars.count || !isName(chars[k + w.count])
            if before && after { return true }
        }
        return false
    }

    /// `RECEIVER.snp.makeConstraints { make in ... }`, `snp.makeConstraints { ... }` (implicit self),
    /// `RECEIVER.snp_makeConstraints({ (make) -> Void in ... })`.
    mutating func readSwiftCall(kind: LayoutScript.BlockKind, methodStart: Int, afterMethod: Int) {
        var start = methodStart
        if start > 0 && masked[start - 1] == "." { start = pathStart(endingAt: start - 1, notBefore: 0) }
        let receiver = start < methodStart ? String(text[start..<(methodStart - 1)]) : ""
        var k = afterMethod
        while k < masked.count && (masked[k].isWhitespace || masked[k] == "(") { k += 1 }
        if k < masked.count, masked[k] == ")", k > afterMethod, masked[afterMethod..<k].contains("(") {
            // `makeConstraints() { make in`: empty parentheses, then the trailing closure
            k += 1
            while k < masked.count && masked[k].isWhitespace { k += 1 }
        }
        if matches("closure:", at: k) {   // SnapKit 0.x: `snp_makeConstraints(closure: { make in`
            k += 8
            while k < masked.count && masked[k].isWhitespace { k += 1 }
        }
        if k < masked.count, masked[k] == "{", matchingBrace(k) == nil {
            refusals.append(Refusal(offset: start, construct: String(text[start..<min(afterMethod + 12, text.count)]),
                                    reason: "the closure opened here is never closed: its '{' has no matching '}' in the file"))
            return
        }
        guard k < masked.count, masked[k] == "{", let close = matchingBrace(k) else {
            refusals.append(Refusal(offset: start, construct: String(text[start..<min(afterMethod + 12, text.count)]),
                                    reason: "the closure is not written at the call (it is a variable or a function), so its constraints are not here to read"))
            return
        }
        append(Block(kind: kind, receiver: receiver, start: start, end: callEnd(after: close)))
    }

    /// The text `^(...) { ... }` of a block literal assigned to `name` before `offset` in the same method
    /// (`void (^fill)(MASConstraintMaker *) = ^(MASConstraintMaker *make) { ... };` or `fill = ^(...) {...};`).
    mutating func blockLiteral(named name: String, before offset: Int) -> String? {
        guard !name.isEmpty, name.allSatisfy(isName) else { return nil }
        for pattern in ["(^\(name))", " \(name) =", "\t\(name) =", "\n\(name) ="] {
            // the last occurrence that ends before `offset` (the occurrences of each pattern are found once per file)
            let ends = occurrenceEnds(of: pattern)
            var lo = 0, hi = ends.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if ends[mid] <= offset { lo = mid + 1 } else { hi = mid }
            }
            guard lo > 0 else { continue }
            let from = ends[lo - 1]
            guard let caret = (from..<offset).first(where: { masked[$0] == "^" && $0 + 1 < offset && masked[$0 + 1] == "(" }),
                  let open = (caret..<offset).first(where: { masked[$0] == "{" }), let close = matchingBrace(open),
                  close < offset else { continue }
            return String(text[caret...close])
        }
        return nil
    }

    /// Where each occurrence of `pattern` in `masked` ends (one past its last character), in file order; found
    /// once per pattern and kept (a file that calls `[v mas_makeConstraints:fill]` 2,000 times scans it once).
    /// - Complexity: O(file length × pattern length) the first time, O(1) after.
    mutating func occurrenceEnds(of pattern: String) -> [Int] {
        if let known = patternEnds[pattern] { return known }
        let needle = Array(pattern)
        var ends: [Int] = []
        if let first = needle.first, masked.count >= needle.count {
            var i = 0
            while i + needle.count <= masked.count {
                if masked[i] == first {
                    var k = 1
                    while k < needle.count && masked[i + k] == needle[k] { k += 1 }
                    if k == needle.count { ends.append(i + needle.count); i += needle.count; continue }
                }
                i += 1
            }
        }
        patternEnds[pattern] = ends
        return ends
    }

    /// The offset past `}` at `close` and whatever closes the call on that line (`]`, `)`, `;`).
    func callEnd(after close: Int) -> Int {
        var e = close + 1
        while e < masked.count && (masked[e] == "]" || masked[e] == ")" || masked[e] == ";" || masked[e] == " ") { e += 1 }
        while e > close + 1 && masked[e - 1] == " " { e -= 1 }
        return e
    }

    /// The offset of the `}` that closes the `{` at `open`.
    /// - Complexity: O(1) (the pairs are found once, with `innermostOpen`).
    func matchingBrace(_ open: Int) -> Int? {
        guard open >= 0, open < closingBrace.count, masked[open] == "{" else { return nil }
        let close = closingBrace[open]
        return close >= 0 ? Int(close) : nil
    }

    /// `matchingBrace` by a scan, for the test that the table agrees with it.
    func scannedMatchingBrace(_ open: Int) -> Int? {
        var depth = 0
        var i = open
        while i < masked.count {
            if masked[i] == "{" { depth += 1 }
            if masked[i] == "}" { depth -= 1; if depth == 0 { return i } }
            i += 1
        }
        return nil
    }


}
