import Testing
import Foundation
import PlumbSystem
import PlumbFrontEnd
import PlumbText
@testable import PlumbCorpus

@Suite struct CorpusFiles {
    static let root: String = {
        let path = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        return "/" + path + "/corpus"
    }()

    @Test func everyFileLoadsAndItsExpectationsAreSound() throws {
        let corpus = try Corpus(root: CorpusFiles.root)
        #expect(!corpus.entries.isEmpty)
        for entry in corpus.entries {
            let findings = ExpectationAudit().audit(entry)
            #expect(findings.isEmpty, "\(entry.path): \(findings.map(\.description).joined(separator: "\n"))")
        }
    }

    @Test func aMissingFolderIsAnErrorNotAnEmptyCorpus() {
        do {
            _ = try Corpus(root: CorpusFiles.root + "/no-such-folder")
            Issue.record("a missing folder loaded as a corpus")
        } catch {
            #expect(error.description.contains("no-such-folder: not a folder"), "\(error.description)")
        }
    }

    @Test func namesAreUnique() throws {
        let corpus = try Corpus(root: CorpusFiles.root)
        #expect(Set(corpus.entries.map(\.name)).count == corpus.entries.count)
    }

    /// Two files that declare the same `layout NAME` (or share a file name) are reported with both paths.
    @Test func theAuditCatchesDuplicateLayoutNames() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("plumb-names-\(UInt64.random(in: 0...UInt64.max))").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/b", withIntermediateDirectories: true)
        let body = "root 100 100\nview a\nmake a {\n make.edges.equalTo(superview);\n}\nexpect {\n a 0 0 100 100\n}\n"
        for (path, text) in [("a.layout", "layout same\n" + body), ("b/c.layout", "# the copy\nlayout same\n" + body),
                             ("b/plain.layout", body), ("plain.layout", body), ("other.layout", "layout other\n" + body)] {
            try text.write(toFile: root + "/" + path, atomically: true, encoding: .utf8)
        }
        let corpus = try Corpus(root: root)
        let findings = LayoutNameAudit().audit(corpus)
        #expect(findings.count == 2)
        let same = try #require(findings.first { $0.message.contains("'same'") })
        #expect(same.location == SourceLocation(file: root + "/b/c.layout", line: 2, column: 1))
        #expect(same.message.contains("already used by \(root)/a.layout:1:1"))
        let plain = try #require(findings.first { $0.message.contains("'plain'") })
        #expect(plain.location == SourceLocation(file: root + "/plain.layout", line: 1))
        #expect(plain.message.contains("already used by \(root)/b/plain.layout (named after the file)"))
        // The checkout's corpus has none.
        #expect(LayoutNameAudit().audit(try Corpus(root: CorpusFiles.root)).isEmpty)
    }

    @Test func theAuditCatchesAWrongDerivation() throws {
        let text = """
        root 100 100
        view a
        make a {
          make.edges.equalTo(superview).insets(UIEdgeInsetsMake(10, 10, 10, 10));
        }
        expect {
          a 10 10 80 81     # one point too tall
        }
        expect {
          a 10 10 ? 80
        }
        expect unsatisfiable {
          "a.left == root.left + 11"
        }
        """
        let entry = try CorpusEntry(path: "t.layout", script: try LayoutFile(file: "t.layout", name: "t").parse(text))
        let findings = ExpectationAudit().audit(entry).map(\.message)
        #expect(findings.count == 3)
        #expect(findings[0].contains("break a required constraint by 1"))
        #expect(findings[1].contains("a.width is not compared"))
        #expect(findings[2].contains("no installed constraint is labelled"))
    }
}
