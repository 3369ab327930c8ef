import Testing
import PlumbSystem
import PlumbFrontEnd
import PlumbText
import PlumbCorpus

/// The `expect` blocks of a layout file, read as the corpus reads them; values and places derived by hand from the
/// text.
@Suite struct ExpectationReading {
    /// The reading error of `text` as a corpus entry (the file itself, then its expectations), or nil.
    func readingError(_ text: String) -> TextSyntaxError? {
        do {
            _ = try CorpusEntry(path: "h.layout", script: try LayoutFile(file: "h.layout", name: "h").parse(text))
            return nil
        } catch let error as TextSyntaxError {
            return error
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    @Test func framesRangesDerivationsAndConflicts() throws {
        let text = """
        root 375 667
        let pad = 10
        view green
        make green {
          make.edges.equalTo(superview).insets(UIEdgeInsetsMake(10, 10, 10, 10)).priorityLow();
          make.width.equalTo(@100);
        }
        expect {
          # the low-priority edges give way to the required width
          self.green pad 10 100 647   # left holds
          ambiguous green.x 10 265
        }
        expect unsatisfiable {
          "green.width == 100"
        }
        """
        let entry = try CorpusEntry(path: "a.layout", script: try LayoutFile(file: "a.layout", name: "a").parse(text))
        #expect(entry.expectations.map(\.afterStep) == [1, 2])
        let e = entry.expectations[0].expectation
        #expect(e.location.line == 8 && !e.isUnsatisfiable)
        #expect(e.frames.count == 1 && e.frames[0].view == "green")
        #expect(e.frames[0].x == 10 && e.frames[0].y == 10 && e.frames[0].width == 100 && e.frames[0].height == 647)
        #expect(e.frames[0].derivation == "left holds" && e.frames[0].location.line == 10)
        #expect(e.derivation == "the low-priority edges give way to the required width")
        #expect(e.ambiguous.count == 1 && e.ambiguous[0].view == "green" && e.ambiguous[0].component == .x)
        #expect(e.ambiguous[0].minimum == 10 && e.ambiguous[0].maximum == 265)
        let u = entry.expectations[1].expectation
        #expect(u.isUnsatisfiable && u.conflict == ["green.width == 100"] && u.frames.isEmpty)
    }

    /// A second frame for a view (or a second range for a component) is an error naming both places, not an
    /// override that keeps the first silently.
    @Test func aViewListedTwiceInAnExpectationIsAnError() throws {
        let lines = ["root 375 667", "view a", "make a {", "    make.edges.equalTo(superview);", "}",
                     "expect {", "    a 0 0 375 667", "  a 1 1 1 1", "}"]
        let frame = try #require(readingError(lines.joined(separator: "\n")))
        #expect((frame.location.line, frame.location.column) == (8, 3))
        #expect(frame.message == "view 'a' is listed twice in this expectation (first at line 7, column 5): give it one line")

        let ranges = ["root 100 100", "view a", "expect {", "  a ? 0 100 100", "  ambiguous a.x 0 10",
                      "  ambiguous  a.x 0 20", "}"]
        let range = try #require(readingError(ranges.joined(separator: "\n")))
        #expect((range.location.line, range.location.column) == (6, 14))
        #expect(range.message.hasPrefix("the range of 'a.x' is listed twice in this expectation (first at line 5, column 13)"))

        // The same view in two expectations is fine.
        #expect(readingError((lines.prefix(7) + ["}", "expect {", "  a 0 0 375 667", "}"]).joined(separator: "\n")) == nil)
    }

    /// Each malformed line is an error at its line, saying what is expected.
    @Test func malformedLinesSayWhatIsExpected() throws {
        let cases: [(String, String)] = [
            ("  a 0 0 10", "expected `VIEW X Y WIDTH HEIGHT`"),
            ("  ambiguous a.depth 0 1", "unknown frame component in 'a.depth'"),
            ("  ambiguous a 0 1", "expected `ambiguous VIEW.COMPONENT MIN MAX`"),
            ("  b 0 0 10 10", "unknown view 'b'"),
            ("  a 0 0 ten 10", "ten"),
        ]
        for (line, message) in cases {
            let error = try #require(readingError("root 100 100\nview a\nexpect {\n\(line)\n}"), "\(line)")
            #expect(error.location.line == 4, "\(line)")
            #expect(error.message.contains(message), "\(line): \(error.message)")
        }
        let conflict = try #require(readingError("root 100 100\nview a\nexpect unsatisfiable {\n  a.width == 1\n}"))
        #expect(conflict.message.hasPrefix("expected a conflicting constraint's label in quotes"))
    }
}
