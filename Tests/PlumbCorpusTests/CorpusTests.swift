import Testing
import PlumbSystem
import PlumbFrontEnd
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
        let entry = CorpusEntry(path: "t.layout", script: try LayoutFile(file: "t.layout", name: "t").parse(text))
        let findings = ExpectationAudit().audit(entry).map(\.message)
        #expect(findings.count == 3)
        #expect(findings[0].contains("break a required constraint by 1"))
        #expect(findings[1].contains("a.width is not compared"))
        #expect(findings[2].contains("no installed constraint is labelled"))
    }
}
