/// Paths of names as app code writes a view (`self.titleLabel`, `buttons[0]`, `self?.card`, `_title`) and the view id
/// each stands for: what the layout file's reader and `bench import` both name views by.
package enum ViewPath {
    /// The view id a path of names stands for, as the layout reader names it too: `buttons[0]` → `buttons_0`,
    /// `item.stack` → `item_stack`, `_title` → `title`; nil when it is no plain path of names.
    package static func viewID(of components: [String]) -> String? {
        var id = ""
        for (k, c) in components.enumerated() {
            var part = c
            if let open = part.firstIndex(of: "["), part.hasSuffix("]") {
                part = ChainParser.subscriptedID(String(part[..<open]), String(part[part.index(after: open)..<part.index(before: part.endIndex)]))
            }
            if k == 0, part.hasPrefix("_"), part.count > 1 { part.removeFirst() }
            id += (k == 0 ? "" : "_") + part
        }
        guard let first = id.first, Identifier.isStart(first), id.allSatisfy(Identifier.isPart) else { return nil }
        return id
    }

    /// An expression without whitespace, trailing `!`/`?` and optional chaining marks.
    package static func stripped(_ expression: String) -> String {
        var t = String(expression.filter { !$0.isWhitespace })
        while let last = t.last, last == "!" || last == "?" { t.removeLast() }
        return t.replacing("?.", with: ".").replacing("!.", with: ".").replacing("->", with: ".")
    }

    /// `a.b[0].c` as `a`, `b[0]`, `c` (dots inside brackets do not split).
    package static func components(_ t: String) -> [String] {
        var result: [String] = []
        var current = ""
        var depth = 0
        for c in t {
            if c == "[" { depth += 1 }
            if c == "]" { depth -= 1 }
            if c == "." && depth == 0 {
                result.append(current)
                current = ""
            } else {
                current.append(c)
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }
}
