import Foundation
import Testing
import PlumbSystem
import PlumbFiles

/// The boundaries the architecture promises, read from Package.swift and the sources: an app that links the front
/// end's product gets no text reader, and the exact back end links no other back end.
@Suite struct ModuleBoundaryTests {
    static let root = ArchitectureDocumentTests.root

    /// The names in the first `[...]` after `key` in `text` after `anchor` (a product's targets, a target's
    /// dependencies), or nil when the anchor is missing.
    static func list(after anchor: String, key: String, in text: String) -> [String]? {
        guard let a = text.range(of: anchor), let k = text.range(of: key, range: a.upperBound..<text.endIndex),
              let open = text.range(of: "[", range: k.upperBound..<text.endIndex),
              let close = text.range(of: "]", range: open.upperBound..<text.endIndex) else { return nil }
        return text[open.upperBound..<close.lowerBound].split(separator: ",").compactMap { item in
            let name = item.trimmingCharacters(in: .whitespacesAndNewlines)
            return name.hasPrefix("\"") ? String(name.dropFirst().prefix { $0 != "\"" }) : nil
        }
    }

    func manifest() throws -> String { String(decoding: try readFile(atPath: Self.root + "/Package.swift"), as: UTF8.self) }

    @Test func theFrontEndProductHoldsNoTextReader() throws {
        let text = try manifest()
        let product = try #require(Self.list(after: ".library(name: \"PlumbFrontEnd\"", key: "targets:", in: text))
        #expect(product == ["PlumbSystem", "PlumbSolver", "PlumbFrontEnd"])
        let dependencies = try #require(Self.list(after: ".target(name: \"PlumbFrontEnd\"", key: "dependencies:", in: text))
        #expect(!dependencies.contains("PlumbText"))
        // and no reader's file sits in the front end's folder
        for (file, module) in [("LayoutFile.swift", "PlumbText"), ("ChainParser.swift", "PlumbText"), ("BlockBodyReader.swift", "PlumbText"),
                               ("SourceScan.swift", "PlumbImport"), ("SourceImport.swift", "PlumbImport")] {
            #expect(!fileExists(atPath: Self.root + "/Sources/PlumbFrontEnd/" + file), "\(file) is back in the front end")
            #expect(fileExists(atPath: Self.root + "/Sources/\(module)/" + file))
        }
    }

    /// swift-syntax (the import's reader of Swift files' structure) is linked by the import alone: not by the text
    /// reader, the harness, the corpus or any back end, whose tools then build and run without it.
    @Test func onlyTheImportLinksSwiftSyntax() throws {
        let text = try manifest()
        let targets = ["PlumbSystem", "PlumbSolver", "PlumbFrontEnd", "PlumbText", "PlumbCorpus", "PlumbHarness", "PlumbBatch",
                       "CassowaryBackend", "ExactBackend", "RelaxationBackend", "PlumbBackEnds"]
        for target in targets {
            let dependencies = Self.list(after: ".target(name: \"\(target)\"", key: "dependencies:", in: text) ?? []
            #expect(!dependencies.contains("PlumbImport"), "\(target) depends on the import")
        }
        let importing = try #require(Self.list(after: ".target(name: \"PlumbImport\"", key: "dependencies:", in: text))
        #expect(importing.contains("PlumbText"))
        #expect(text.components(separatedBy: "package: \"swift-syntax\"").count - 1 == 2, "swift-syntax named outside PlumbImport")
        for file in try #require(FileManager.default.enumerator(atPath: Self.root + "/Sources")).compactMap({ $0 as? String })
            where file.hasSuffix(".swift") && !file.hasPrefix("PlumbImport/") {
            let source = String(decoding: try readFile(atPath: Self.root + "/Sources/" + file), as: UTF8.self)
            #expect(!source.contains("import SwiftSyntax") && !source.contains("import SwiftParser"), "\(file) imports swift-syntax")
        }
    }

    /// What an app links (`PlumbSystem`, re-exported by the front end, `PlumbSolver`, `PlumbFrontEnd`) opens no file:
    /// the tools' file reader and writer live in `PlumbFiles`.
    @Test func whatAnAppLinksReadsNoFiles() throws {
        for module in ["PlumbSystem", "PlumbSolver", "PlumbFrontEnd"] {
            let folder = Self.root + "/Sources/" + module
            let files = try #require(FileManager.default.enumerator(atPath: folder)).compactMap { $0 as? String }
                .filter { $0.hasSuffix(".swift") }
            #expect(!files.isEmpty)
            for file in files {
                let text = String(decoding: try readFile(atPath: folder + "/" + file), as: UTF8.self)
                for call in ["fopen(", "opendir(", "FileDescriptor.open(", "func readFile("] {
                    #expect(!text.contains(call), "Sources/\(module)/\(file) calls \(call)")
                }
            }
        }
    }

    @Test func theExactBackEndLinksNoOtherBackEnd() throws {
        let dependencies = try #require(Self.list(after: ".target(name: \"ExactBackend\"", key: "dependencies:", in: try manifest()))
        #expect(dependencies.contains("CGMP"))
        #expect(!dependencies.contains("CassowaryBackend") && !dependencies.contains("RelaxationBackend"))
    }

    /// One concept per file: no source file over 500 lines (the exact engine was 779 before it was split).
    @Test func noSourceFileIsOver500Lines() throws {
        let sources = Self.root + "/Sources"
        let files = try #require(FileManager.default.enumerator(atPath: sources)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 100, "read \(files.count) files under Sources")
        for file in files {
            let lines = String(decoding: try readFile(atPath: sources + "/" + file), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).count
            #expect(lines <= 501, "Sources/\(file) has \(lines) lines")
        }
    }

    @Test func theListReaderReadsWhatItIsGiven() {
        let text = #".target(name: "X", dependencies: ["A", "B", .product(name: "C", package: "D")]), .target(name: "Y", dependencies: ["E"])"#
        #expect(Self.list(after: ".target(name: \"X\"", key: "dependencies:", in: text) == ["A", "B"])
        #expect(Self.list(after: ".target(name: \"Y\"", key: "dependencies:", in: text) == ["E"])
        #expect(Self.list(after: ".target(name: \"Z\"", key: "dependencies:", in: text) == nil)
    }
}
