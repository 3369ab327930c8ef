import Testing
import PlumbSystem
@testable import PlumbFrontEnd
@testable import PlumbText

/// A malformed line, the column its error points at, and the exact message.
struct ChainErrorCase: Sendable, CustomTestStringConvertible {
    let text: String
    let column: Int
    let message: String
    init(_ text: String, _ column: Int, _ message: String) {
        self.text = text
        self.column = column
        self.message = message
    }
    var testDescription: String { text }
}

private typealias F = ChainParserFixture
private let chainParserKnownViews = "blueView, card, green, greenView, label, red, redView, root, v"

private let chainParserErrorCases: [ChainErrorCase] = [
    // Masonry's own assertions.
    ChainErrorCase("make.left.equalTo(v).right", 22,
                   "Attributes should be chained before defining the constraint relation: found attribute 'right' after equalTo"),
    ChainErrorCase("make.left.equalTo(v).equalTo(red)", 22,
                   "Redefinition of constraint relation: equalTo after equalTo (only the same relation with a value may follow)"),
    ChainErrorCase("make.left.equalTo(@1).lessThanOrEqualTo(@2)", 23,
                   "Redefinition of constraint relation: lessThanOrEqualTo after equalTo (only the same relation with a value may follow)"),
    ChainErrorCase("make.left.equalTo(v).equalTo(@[red])", 22,
                   "Redefinition of constraint relation: equalTo after equalTo (only the same relation with a value may follow)"),
    ChainErrorCase("make.left.equalToSuperview().equalToSuperview()", 30,
                   "Redefinition of constraint relation: equalToSuperview after equalToSuperview (only the same relation with a value may follow)"),
    ChainErrorCase("make.attributes(MASAttributeLeft).equalTo(v).attributes(MASAttributeTop)", 46,
                   "Attributes should be chained before defining the constraint relation: found attribute 'attributes' after equalTo"),
    ChainErrorCase("make.width.offset(10).height", 23,
                   "attributes should be chained before any modifier: found attribute 'height' after offset"),
    ChainErrorCase("make.equalTo(v)", 6, "expected an attribute before equalTo (as in make.left.equalTo(...)), found 'equalTo'"),
    ChainErrorCase("make.offset(10)", 6, "expected an attribute before offset (as in make.left.offset(...)), found 'offset'"),
    ChainErrorCase("make", 5, "expected an attribute after 'make' (as in make.left or make.edges), found end of line"),
    ChainErrorCase("make.with;", 11, "expected an attribute after 'make' (as in make.left or make.edges), found end of line"),
    ChainErrorCase("make.attributes(MASAttributeLeft | )", 36,
                   "expected a MASAttribute such as MASAttributeLeft or MASAttributeWidth in attributes(...), found ')'"),
    ChainErrorCase("make.attributes(MASAttributeLefft)", 17,
                   "expected a MASAttribute such as MASAttributeLeft or MASAttributeWidth in attributes(...), found 'MASAttributeLefft'; did you mean 'MASAttributeLeft'?"),
    // Unknown names.
    ChainErrorCase("make.lefft.equalTo(v)", 6,
                   "unknown attribute or method 'lefft' (expected an attribute such as left, top, width, edges, a relation such as equalTo, or a modifier such as offset, inset, multipliedBy, priority); did you mean 'left'?"),
    // two neighbours swapped is one slip
    ChainErrorCase("make.heigth.equalTo(@40)", 6,
                   "unknown attribute or method 'heigth' (expected an attribute such as left, top, width, edges, a relation such as equalTo, or a modifier such as offset, inset, multipliedBy, priority); did you mean 'height'?"),
    ChainErrorCase("make.widht.equalTo(@100)", 6,
                   "unknown attribute or method 'widht' (expected an attribute such as left, top, width, edges, a relation such as equalTo, or a modifier such as offset, inset, multipliedBy, priority); did you mean 'width'?"),
    ChainErrorCase("make.left.equalTO(v)", 11,
                   "unknown attribute or method 'equalTO' (expected an attribute such as left, top, width, edges, a relation such as equalTo, or a modifier such as offset, inset, multipliedBy, priority); did you mean 'equalTo'?"),
    ChainErrorCase("make.left.equalTo(gren)", 19, "unknown view 'gren' (known views: \(chainParserKnownViews)); known constants: gap, half, offsetPoint, padding"),
    ChainErrorCase("make.left.equalTo(self.gren)", 24, "unknown view 'gren' (known views: \(chainParserKnownViews)); known constants: gap, half, offsetPoint, padding"),
    ChainErrorCase("make.left.equalTo(v.mas_lft)", 21,
                   "unknown member 'mas_lft' of 'v' (expected an attribute such as mas_top, top or snp.top, or safeAreaLayoutGuide); did you mean 'mas_left'?"),
    ChainErrorCase("make.left.equalTo(v.snp.lefty)", 25,
                   "unknown attribute 'lefty' after 'v.snp.' (expected an attribute such as top, width, edges or size); did you mean 'left'?"),
    ChainErrorCase("make.edges.equalTo(v.mas_edges)", 22,
                   "'v.mas_edges': a composite attribute as a target is SnapKit's; write v.snp.edges (or v alone)"),
    ChainErrorCase("make.top.equalTo(superview.mas_safeAreaLayoutGuide)", 28,
                   "'superview.mas_safeAreaLayoutGuide': a safe-area guide needs a named view, not superview"),
    ChainErrorCase("make.top.equalTo(topLayoutGuide)", 32,
                   "expected '.snp.top', '.snp.bottom' or '.snp.height' after 'topLayoutGuide', found ')'"),
    ChainErrorCase("make.top.equalTo(topLayoutGuide.snp.left)", 37, "expected top, bottom or height after 'topLayoutGuide.snp.', found 'left'"),
    ChainErrorCase("make.top.equalTo(v.mas_topLayoutGuide)", 20, "'mas_topLayoutGuide' is a view controller's guide: write self.mas_topLayoutGuide"),
    ChainErrorCase("make.left.equalTo(v.superview)", 21, "'v.superview': the file does not say which view 'v' is in"),
    ChainErrorCase("make.left.equalTo(v).priority(.high.advanced(by: .low))", 51,
                   "'.low' is a priority and can only be used in priority(...)"),
    ChainErrorCase("make.width.equalTo(@{})", 21, "expected a number, '(' or '[' after '@', found '{'"),
    ChainErrorCase("make.width.mas_equalTo(@{})", 25, "expected a number, '(' or '[' after '@', found '{'"),
    ChainErrorCase("make.left.offset(paddin)", 18, "unknown constant 'paddin' (known constants: gap, half, offsetPoint, padding); did you mean 'padding'?"),
    // Punctuation and structure.
    ChainErrorCase("make.left.equalTo(v;", 20, "expected ')' after the argument of equalTo, found ';'"),
    ChainErrorCase("make.left.equalTo(v).offset(10", 31, "expected ')' after the argument of offset, found end of line"),
    ChainErrorCase("make.left.equalTo()", 19, "expected an argument for equalTo, found ')'"),
    ChainErrorCase("make.left.equalTo(v) offset(10)", 22, "expected '.', ';' or end of line after equalTo(...), found 'offset'"),
    ChainErrorCase("make.left.equalTo(v);;", 22, "expected end of line after ';' (one constraint per line), found ';'"),
    ChainErrorCase("make.left.", 11, "expected a name after 'left.', found end of line"),
    ChainErrorCase("make.left()", 10, "'left' takes no arguments: expected '.', ';' or end of line after it, found '('"),
    ChainErrorCase("make.left.equalTo(v).priorityHigh", 34, "expected '(' after priorityHigh, found end of line"),
    ChainErrorCase("make.left.equalTo(v).priorityHigh(1)", 35, "expected ')' after 'priorityHigh(' (it takes no argument), found '1'"),
    ChainErrorCase("make.left.equalToSuperview(v)", 28, "equalToSuperview() takes no argument: expected ')', found 'v'"),
    ChainErrorCase("make.left.equalToSuperview { $0 }", 28, "the closure form 'equalToSuperview { ... }' is not supported: write equalToSuperview() or equalTo(...)"),
    ChainErrorCase("make.left.equalTo(v).constraint.offset(1)", 32, "'.constraint' must end the chain, found '.'"),
    ChainErrorCase("make.left.constraint", 11, "'.constraint' needs a relation before it (equalTo, lessThanOrEqualTo, ...)"),
    ChainErrorCase("snp.left.equalTo(v)", 1, "expected 'make' at the start of a constraint, found 'snp'"),
    ChainErrorCase("", 1, "expected 'make' at the start of a constraint, found end of line"),
    ChainErrorCase("make.left.key(@\"abc)", 15, "unterminated string: expected '\"' before the end of the line"),
    ChainErrorCase("make.left /* open", 11, "unterminated comment: expected '*/' before the end of the line"),
    ChainErrorCase("make.left.equalTo(v).labeled(name)", 30, "expected a string such as \"name\" in labeled(...), found 'name'"),
    ChainErrorCase("make.left.equalTo(v).key(", 26, "expected ')' after the argument of key, found end of line"),
    ChainErrorCase("make.left.equalTo(v).key()", 26, "expected an argument for key, found ')'"),
    ChainErrorCase("make.left.equalTo([v])", 19, "expected a view, a view attribute, a number, a struct or @[...], found '['; Masonry arrays are written @[a, b]"),
    ChainErrorCase("make.left.equalTo(@[@[v]])", 21, "an array cannot hold an array (Masonry: attempting to add unsupported attribute)"),
    ChainErrorCase("make.left.equalTo(@[v red])", 23, "expected ',' or ']' in @[...], found 'red'"),
    ChainErrorCase("make.left.equalTo(@\"v\")", 19,
                   "expected a view, a view attribute, a number or a struct for the argument of equalTo, found a string (Masonry: attempting to add unsupported attribute)"),
    ChainErrorCase("make.left.equalTo(@(v))", 21, "@(...) boxes a number or a struct, found a view"),
    ChainErrorCase("make.left.equalTo(@v)", 20, "'@v' boxes a number (as in @kMargin or @kScale(20)), found a view"),
    // Values in the wrong place.
    ChainErrorCase("make.left.equalTo(.zero)", 19, "'.zero' is ambiguous in the argument of equalTo: write CGPoint.zero, CGSize.zero or UIEdgeInsets.zero"),
    ChainErrorCase("make.left.equalTo(v).mas_offset(.zero)", 33, "'.zero' is ambiguous in the argument of mas_offset: write CGPointZero, CGSizeZero or UIEdgeInsetsZero"),
    ChainErrorCase("make.left.equalTo(v).offset(CGPointMake(1, 2))", 29,
                   "expected a number (use mas_offset, centerOffset, sizeOffset or insets for a struct) for the argument of offset, found a CGPoint"),
    ChainErrorCase("make.left.equalTo(v).insets(5)", 29, "expected UIEdgeInsets (use inset(n) for a number) for the argument of insets, found a number"),
    ChainErrorCase("make.left.equalTo(v).sizeOffset(CGPointZero)", 33, "expected a CGSize for the argument of sizeOffset, found a CGPoint"),
    ChainErrorCase("make.left.equalTo(v).centerOffset(CGSizeZero)", 35, "expected a CGPoint for the argument of centerOffset, found a CGSize"),
    ChainErrorCase("make.left.equalTo(v).multipliedBy(v)", 35, "expected a number for the argument of multipliedBy, found a view"),
    ChainErrorCase("make.left.equalTo(v).offset(MASLayoutPriorityDefaultLow)", 29,
                   "'MASLayoutPriorityDefaultLow' is a priority and can only be used in priority(...)"),
    ChainErrorCase("make.left.equalTo(v).offset(.high)", 30, "'.high' is a priority and can only be used in priority(...)"),
    ChainErrorCase("make.left.equalTo(v).priority(.urgent)", 32,
                   "unknown priority '.urgent' (expected .required, .high, .medium, .low, .defaultHigh, .defaultLow or .fittingSizeLevel)"),
    ChainErrorCase("make.left.equalTo(v).priority(gapp)", 31,
                   "unknown priority or constant 'gapp' (expected a number, MASLayoutPriorityDefaultHigh, .high, ...; known constants: gap, half, offsetPoint, padding); did you mean 'gap'?"),
    ChainErrorCase("make.left.equalTo(v).priority(v)", 31, "expected a priority for the argument of priority, found a view"),
    ChainErrorCase("make.left.equalTo(CGPointMake(1))", 32, "expected ',' and 1 more argument in CGPointMake(x, y), found ')'"),
    ChainErrorCase("make.left.equalTo(CGPointMake(1, 2, 3))", 35, "expected ')' after the 2 arguments of CGPointMake(x, y), found ','"),
    ChainErrorCase("make.left.equalTo(CGPoint(x: 1, z: 2))", 33, "expected 'y:' in CGPoint(x:y:), found 'z'"),
    ChainErrorCase("make.left.equalTo(CGPointMake(x: 1, y: 2))", 31, "CGPointMake takes no argument labels, found 'x:' (expected CGPointMake(x, y))"),
    ChainErrorCase("make.left.equalTo(padding.middle)", 27, "unknown member 'middle' of UIEdgeInsets (expected top, left, bottom or right)"),
    ChainErrorCase("make.left.equalTo(v + 1)", 19, "expected a number before '+', found a view"),
    ChainErrorCase("make.left.equalTo(-v)", 20, "expected a number after unary '-', found a view"),
    // Exact arithmetic: division by zero and overflow point at the operator, an unreadable number at itself.
    ChainErrorCase("make.left.equalTo(1 / 0)", 21, "1 / 0 divides by zero"),
    ChainErrorCase("make.left.offset(gap / (gap - 10))", 22, "10 / 0 divides by zero"),
    ChainErrorCase("make.left.offset(170141183460469231731687303715884105727 * 2)", 58,
                   "170141183460469231731687303715884105727 * 2 cannot be kept exactly: Plumb's exact numbers are fractions of 128-bit integers"),
    ChainErrorCase("make.left.offset(1e400)", 18,
                   "'1e400' cannot be kept exactly: Plumb's exact numbers are fractions of 128-bit integers"),
    ChainErrorCase("make.left.offset(\(String(repeating: "(", count: 100))1\(String(repeating: ")", count: 100)))", 82,
                   "expression nested too deeply (more than 64 levels)"),
    ChainErrorCase("make.left.offset(\(String(repeating: "-", count: 100))1)", 82, "expression nested too deeply (more than 64 levels)"),
]

@Suite("ChainParser: errors")
struct ChainParserErrorTests {
    @Test(arguments: chainParserErrorCases)
    func malformed(_ c: ChainErrorCase) {
        let expected = TextSyntaxError(location: F.location(c.column, line: 3), message: c.message)
        do {
            let chain = try F.parser.parse(c.text, line: 3)
            Issue.record("expected an error, parsed \(chain)")
        } catch {
            #expect(error == expected)
        }
    }

    @Test func descriptionReadsLikeACompilerDiagnostic() {
        #expect(throws: TextSyntaxError.self) { try F.parser.parse("make.left.equalTo(v;", line: 3) }
        do {
            _ = try F.parser.parse("make.left.equalTo(v;", line: 3)
        } catch {
            #expect(error.description == "test.layout:3:20: error: expected ')' after the argument of equalTo, found ';'")
        }
    }

    @Test func columnOffsetShiftsErrorColumns() {
        do {
            _ = try F.parser.parse("make.left.equalTo(gren)", line: 9, column: 5)
            Issue.record("expected an error")
        } catch {
            #expect(error.location == F.location(23, line: 9))
        }
    }

    @Test func unknownViewMessageWithoutConstants() {
        let parser = ChainParser(knownViews: ["green", "red", "root"], file: "f")
        do {
            _ = try parser.parse("make.left.equalTo(gren)", line: 1)
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "unknown view 'gren' (known views: green, red, root)")
            #expect(error.description == "f:1:19: error: unknown view 'gren' (known views: green, red, root)")
        }
    }
}
