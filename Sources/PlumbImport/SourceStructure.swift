import PlumbText
/// The structure of an app's source file that `bench import` follows instead of its text order: the types it
/// declares (classes, extensions, categories), their methods with the names each declares for itself, and the
/// branches (`if`/`else`) that code runs in. Offsets are `Character` offsets into the file's text, as `SourceScan`'s.
///
/// A Swift file's structure is read with the compiler's own parser (`SourceStructure.swift(_:)`), an Objective-C
/// file's by hand (`SourceStructure.objectiveC(_:)`: `@implementation`, methods, `if`/`else`).
struct SourceStructure: Sendable {
    /// A class, struct, extension or category: its name, its superclass when written, and its extent.
    struct TypeScope: Sendable, Equatable {
        var name: String
        var superclass: String?
        var range: Range<Int>
        /// The stored properties and instance variables it declares (`var title = UILabel()`, `@property UILabel
        /// *title;`, `UILabel *_title;` without the underscore).
        var properties: Set<String> = []
    }

    /// A method, function, initializer, accessor or lazy property's initializer: its body is one scope of locals.
    struct Method: Sendable, Equatable {
        var name: String
        /// The innermost type it belongs to, by index in `types` (nil: a free function).
        var type: Int?
        var range: Range<Int>
        /// Names declared in it (parameters, `let`/`var`, `Type *name`, loop and closure parameters), each with the
        /// offset of its first declaration.
        var locals: [String: Int] = [:]
        /// The view whose lazy getter this is (`lazy var title = { ... }()`, `- (UILabel *)title { if (!_title) ...`):
        /// its code runs at the view's first use, not where it is written.
        var lazyView: String?
        /// The property whose value this code makes (a lazy getter's, or a stored property's closure `let title:
        /// UILabel = { let l = UILabel(); ...; return l }()`): the local it returns is that property's view.
        var propertyView: String?
    }

    /// A condition a branch of code runs under: its text as written (without enclosing parentheses) and whether the
    /// branch needs it to hold (`if c { A } else { B }`: A under `c` holding, B under `c` not holding).
    struct Condition: Sendable, Equatable, CustomStringConvertible {
        var text: String
        var holds: Bool
        /// Where the condition is written.
        var offset: Int
        /// A `switch`'s case instead of an `if`'s condition: `text` is the subject, these the labels of its cases up
        /// to the one the code runs in (`default` for the default), which is the last.
        var caseLabels: [String]? = nil
        var description: String {
            if let caseLabels { return "\(text) is \(caseLabels.last ?? "")" }
            return holds ? text : "not (\(text))"
        }
    }

    /// One branch's body and the conditions of its own `if` chain it runs under (`else if d` runs under `c` not
    /// holding and `d` holding).
    struct Branch: Sendable, Equatable {
        var body: Range<Int>
        var path: [Condition]
    }

    var types: [TypeScope] = [] { didSet { typeIndex = nil } }
    var methods: [Method] = [] { didSet { methodIndex = nil } }
    var branches: [Branch] = [] { didSet { branchIndex = nil } }
    /// The ranges above indexed (`indexed()` builds them once the structure is read).
    private var typeIndex: LaminarIndex?
    private var methodIndex: LaminarIndex?
    private var branchIndex: LaminarIndex?

    /// The structure with its ranges indexed for the look-ups below.
    func indexed() -> SourceStructure {
        var s = self
        s.typeIndex = LaminarIndex(types.map(\.range))
        s.methodIndex = LaminarIndex(methods.map(\.range))
        s.branchIndex = LaminarIndex(branches.map(\.body))
        return s
    }

    /// The innermost type around `offset`, by index.
    /// - Complexity: O(log types + nesting), O(types) before `indexed()`.
    func type(at offset: Int) -> Int? {
        if let typeIndex { return typeIndex.containing(offset).first }
        return types.indices.filter { types[$0].range.contains(offset) }.min { types[$0].range.count < types[$1].range.count }
    }

    /// The method around `offset`, by index (the outermost one within the innermost type: a nested function or
    /// closure shares its method's locals).
    /// - Complexity: O(log methods + nesting), O(methods) before `indexed()`.
    func method(at offset: Int) -> Int? {
        let type = type(at: offset)
        let around = methodIndex?.containing(offset) ?? methods.indices.filter { methods[$0].range.contains(offset) }
        return around.filter { methods[$0].type == type }.max { methods[$0].range.count < methods[$1].range.count }
    }

    /// The conditions code at `offset` runs under, outermost first.
    /// - Complexity: O(log branches + nesting), O(branches) before `indexed()`.
    func conditions(at offset: Int) -> [Condition] {
        let around = branchIndex.map { Array($0.containing(offset).reversed()) } ?? branches.indices.filter { branches[$0].body.contains(offset) }
            .sorted { branches[$0].body.lowerBound < branches[$1].body.lowerBound }
        return around.flatMap { branches[$0].path }
    }

    /// The structure of `text` (a file's characters), read as Swift when `isSwift`, else as Objective-C.
    static func read(_ text: [Character], masked: [Character], isSwift: Bool) -> SourceStructure {
        (isSwift ? swift(String(text)) : objectiveC(masked)).indexed()
    }
}
