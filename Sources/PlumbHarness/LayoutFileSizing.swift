import PlumbSystem
import PlumbText

/// `bench solve --root`: a layout file laid out at a size its code does not give (an imported view's or cell's file,
/// whose own size comes from its superview or its content).
public enum LayoutFileSizing {
    /// `375x44` (or `375 44`, `375×44`) as exact numbers; nil when it is not two non-negative numbers.
    public static func size(_ text: String) -> (width: Rational, height: Rational)? {
        let parts = text.split(whereSeparator: { "x×X ,".contains($0) })
        guard parts.count == 2, let w = ParameterBindings.number(String(parts[0])), let h = ParameterBindings.number(String(parts[1])),
              w >= Rational(0), h >= Rational(0) else { return nil }
        return (w, h)
    }

    /// The layout text laid out at `size`: the root's `root W H` line says that size, and a view the file calls
    /// `self` (an imported view's or cell's file: `self selfView`) fills the root, as the app's superview would size
    /// it; the file's own blocks come first, so a size they set themselves conflicts, and says so.
    public static func sized(_ text: String, _ size: (width: Rational, height: Rational)) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var selfID: String?
        var sawRoot = false
        for (i, line) in lines.enumerated() {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            if !sawRoot, words.first == "root", words.count >= 3 {
                lines[i] = (["root", size.width.description, size.height.description] + words.dropFirst(3).map(String.init))
                    .joined(separator: " ")
                sawRoot = true
            } else if words.first == "self", words.count == 2, words[1] != "root" {
                selfID = String(words[1])
            }
        }
        var sized = lines.joined(separator: "\n")
        if let selfID {
            sized += "\n# --root: \(selfID) fills the root, as the app's superview would size it\nmake \(selfID) {\n"
                + "    make.edges.equalTo(superview)\n}\n"
        }
        return sized
    }
}
