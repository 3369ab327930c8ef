import Testing
import PlumbSystem
@testable import PlumbFrontEnd
@testable import PlumbText

/// Files saved by other editors read as they look: CRLF, CR, a byte-order mark; text that is not UTF-8 is refused.
@Suite struct LineEndings {
    let lines = ["root 375 667", "view a", "make a {", "    make.left.top.equalTo(superview).offset(10); // note",
                 "    make.size.equalTo(CGSizeMake(50, 60));", "}"]

    func system(_ text: String) throws -> LinearSystem {
        try LayoutFile(file: "t.layout", name: "t").parse(text).lowered()
    }

    @Test func everyLineEndingReadsTheSameConstraints() throws {
        let lf = try system(lines.joined(separator: "\n"))
        // The root's four rows and a's left, top, width and height.
        #expect(lf.constraints.count == 8)
        for ending in ["\r\n", "\r"] {
            #expect(try system(lines.joined(separator: ending)) == lf)
        }
        // Only the commented line ends in CRLF (the reported file): the line after it is still read.
        let mixed = lines[0...3].joined(separator: "\n") + "\r\n" + lines[4...].joined(separator: "\n")
        #expect(try system(mixed) == lf)
        #expect(try system("\u{FEFF}" + lines.joined(separator: "\r\n")) == lf)
        #expect(LayoutFile.looksLikeLayoutFile("\u{FEFF}root 1 1"))
        #expect(!LayoutFile.looksLikeLayoutFile("\u{FEFF}{\"format\": \"layout-lp/1\"}"))
    }

    @Test func errorsCountCRLFLinesLikeAnEditor() {
        let text = ["root 10 10", "view a", "make a {", "  make.width.equalTo(;", "}"].joined(separator: "\r\n")
        do {
            _ = try system(text)
            Issue.record("a broken chain was accepted")
        } catch let error as TextSyntaxError {
            #expect(error.location.line == 4)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func utf16AndBinaryAreRefusedAsSuch() {
        // "root 1 1" in UTF-16LE with its byte-order mark, decoded as UTF-8 the way the tools read files.
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in "root 1 1\n".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        for text in [String(decoding: bytes, as: UTF8.self), "root 1 1\nview a\u{0}"] {
            do {
                _ = try LayoutFile(file: "t.layout", name: "t").parse(text)
                Issue.record("accepted")
            } catch {
                #expect(error.message.contains("not UTF-8"))
            }
        }
    }
}
