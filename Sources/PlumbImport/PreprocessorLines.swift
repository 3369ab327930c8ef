/// The lines of a file (comments and strings blanked) that hold a preprocessor directive: `#define`, `#if`, `#else`...
/// What the macro reader and the reader of `#if` branches both walk.
enum PreprocessorLines {
    /// Each such line: where it starts and ends (at its line break, not included), and where its `#` is.
    /// - Complexity: O(characters).
    static func all(in masked: [Character]) -> [(start: Int, end: Int, hash: Int)] {
        var found: [(start: Int, end: Int, hash: Int)] = []
        var lineStart = 0
        while lineStart < masked.count {
            var lineEnd = lineStart
            while lineEnd < masked.count && !masked[lineEnd].isNewline { lineEnd += 1 }
            var k = lineStart
            while k < lineEnd && (masked[k] == " " || masked[k] == "\t") { k += 1 }
            if k < lineEnd && masked[k] == "#" { found.append((lineStart, lineEnd, k)) }
            lineStart = lineEnd + 1
        }
        return found
    }
}
