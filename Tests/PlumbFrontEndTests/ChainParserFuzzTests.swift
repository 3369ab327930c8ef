import Testing
import PlumbSystem
@testable import PlumbFrontEnd
@testable import PlumbText


private typealias F = ChainParserFixture

@Suite("ChainParser: garbage never traps")
struct ChainParserFuzzTests {
    /// Parses and checks that an error, if any, points inside the line (or just past its end).
    func survive(_ text: String, parser: ChainParser = F.parser) -> Bool {
        do {
            let chain = try parser.parse(text, line: 5, column: 1)
            #expect(!chain.attributes.isEmpty, "\(text)")
            return true
        } catch {
            let column = error.location.column ?? 0
            #expect(error.location.line == 5 && column >= 1 && column <= text.count + 1, "\(error) for \(text)")
            #expect(!error.message.isEmpty)
            return false
        }
    }

    @Test func randomPrintableStrings() {
        var rng = SplitMix64(seed: 0x5EED_0001)
        let printable = (32...126).compactMap { Unicode.Scalar($0).map(Character.init) }
        for _ in 0..<1_000 {
            let length = Int.random(in: 0...60, using: &rng)
            let text = String((0..<length).compactMap { _ in printable.randomElement(using: &rng) })
            _ = survive(text)
        }
    }

    @Test func randomTokenSoup() {
        // Strings built from the grammar's own words are far likelier to reach deep paths than random characters.
        let words = ["make", ".", "left", "edges", "equalTo", "(", ")", "@", "[", "]", ",", "v", "superview", "self",
                     "view", "snp", "mas_top", "safeAreaLayoutGuide", "mas_safeAreaLayoutGuideTop", "offset", "inset",
                     "insets", "priority", ".high", "MASLayoutPriorityDefaultLow", "+", "-", "*", "/", "1", "0", "0.5",
                     "1e40", "CGPointMake", "UIEdgeInsetsMake", "CGSize", "width:", "height:", "x:", "y:", ".zero",
                     "key", "@\"k\"", "labeled", "\"s\"", "with", "and", ";", "multipliedBy", "dividedBy", "attributes",
                     "MASAttributeLeft", "|", "topLayoutGuide", "mas_topLayoutGuide", "padding", "gap", "advanced",
                     "by:", "UILayoutPriority", "rawValue:", "constraint", "equalToSuperview", "{", "}", "/*", "*/", "//"]
        var rng = SplitMix64(seed: 42)
        var parsed = 0
        for _ in 0..<3_000 {
            var text = Bool.random(using: &rng) ? "make." : ""
            for _ in 0..<Int.random(in: 0...14, using: &rng) {
                text += words.randomElement(using: &rng) ?? ""
                if Int.random(in: 0..<4, using: &rng) == 0 { text += " " }
            }
            if survive(text) { parsed += 1 }
        }
        #expect(parsed > 0)
    }

    @Test func mutatedValidLines() {
        let lines = [
            "make.top.equalTo(superview.mas_top).with.offset(padding.top);",
            "make.left.equalTo(@[greenView, @100, blueView.mas_right]).priority(MASLayoutPriorityDefaultLow + 1)",
            "make.width.equalTo(card.snp.width).multipliedBy(0.5).priority(.high.advanced(by: 1))",
            "make.edges.equalTo(self.view.safeAreaLayoutGuide.snp.edges).inset(UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))",
            "make.attributes(MASAttributeLeft | MASAttributeBaseline).equalTo(@(CGPointMake(-1, 2.5))).key(@\"k\")",
        ]
        let alphabet = Array("make.()[]@,;:-+*/|{}\"' 0123456789abcxyz_$.")
        var rng = SplitMix64(seed: 7)
        for line in lines {
            #expect(survive(line))
            for _ in 0..<300 {
                var chars = Array(line)
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    let position = Int.random(in: 0...chars.count, using: &rng)
                    switch Int.random(in: 0..<3, using: &rng) {
                    case 0 where position < chars.count: chars.remove(at: position)
                    case 1: chars.insert(alphabet.randomElement(using: &rng) ?? "x", at: position)
                    default:
                        // Cut the line short.
                        chars = Array(chars.prefix(position))
                    }
                }
                _ = survive(String(chars))
            }
        }
    }

    @Test func deepNestingIsAnErrorNotAStackOverflow() {
        for unit in ["(", "(CGFloat)", "@(", "-", "CGFloat(", "CGPointMake(", "@[", "(((", "UILayoutPriority("] {
            let text = "make.left.priority(" + String(repeating: unit, count: 20_000) + "1"
            #expect(!survive(text))
            #expect(!survive("make.left.equalTo(" + String(repeating: unit, count: 20_000)))
        }
        #expect(!survive("make" + String(repeating: ".left", count: 50_000) + ".equalTo(v)x"))
        #expect(survive("make" + String(repeating: ".with", count: 50_000) + ".left"))
    }

    @Test func oddCharacters() {
        for text in ["make.left.equalTo(v)\u{0}", "make.léft", "make.left.equalTo(v) 🙂", "\t make . left . equalTo ( v ) ;",
                     "make.left.equalTo(v)\r\n", "make.left.offset(\u{FF11})", "make.left.key(\"\\", "@\"", "$", "$0",
                     "make.left.offset(99999999999999999999999999999999999999999999999999)", "make.left.offset(1e-99999999999)"] {
            _ = survive(text)
        }
        #expect(survive("\t make . left . equalTo ( v ) ;"))
    }
}
