import Testing
import PlumbSystem
import PlumbFiles

/// docs/architecture.md names files and folders so that a newcomer can go to them: every one it names must exist.
@Suite struct ArchitectureDocumentTests {
    static let root = "/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/")

    /// The paths in backquotes that name a file or folder of the repository (a slash in them, no spaces).
    static func namedPaths(in text: String) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }            // inside backquotes
            .map { String($0.element) }
            .filter { $0.contains("/") && !$0.contains(" ") && !$0.hasPrefix("-") && !$0.contains("(") }
    }

    @Test func everyPathTheArchitecturePageNamesExists() throws {
        let text = String(decoding: try readFile(atPath: Self.root + "/docs/architecture.md"), as: UTF8.self)
        let paths = Self.namedPaths(in: text)
        #expect(paths.count >= 40, "the page names \(paths.count) paths")
        for path in paths {
            #expect(fileExists(atPath: Self.root + "/" + path), "docs/architecture.md names \(path), which does not exist")
        }
    }

    @Test func theCheckSeesAMissingPath() {
        let paths = Self.namedPaths(in: "see `Sources/Nowhere/Missing.swift` and `a b/c`, `plumb-solver/1`")
        #expect(paths == ["Sources/Nowhere/Missing.swift", "plumb-solver/1"])
        #expect(!fileExists(atPath: Self.root + "/Sources/Nowhere/Missing.swift"))
    }
}
