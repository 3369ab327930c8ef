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
        var description: String { holds ? text : "not (\(text))" }
    }

    /// One branch's body and the conditions of its own `if` chain it runs under (`else if d` runs under `c` not
    /// holding and `d` holding).
    struct Branch: Sendable, Equatable {
        var body: Range<Int>
        var path: [Condition]
    }

    var types: [TypeScope] = []
    var methods: [Method] = []
    var branches: [Branch] = []

    /// The innermost type around `offset`, by index.
    /// - Complexity: O(types).
    func type(at offset: Int) -> Int? {
        innermost(types.indices.filter { types[$0].range.contains(offset) }) { types[$0].range }
    }

    /// The method around `offset`, by index (the outermost one within the innermost type: a nested function or
    /// closure shares its method's locals).
    /// - Complexity: O(methods).
    func method(at offset: Int) -> Int? {
        let type = type(at: offset)
        let around = methods.indices.filter { methods[$0].range.contains(offset) && methods[$0].type == type }
        return around.min { methods[$0].range.count > methods[$1].range.count }
    }

    /// The conditions code at `offset` runs under, outermost first.
    /// - Complexity: O(branches).
    func conditions(at offset: Int) -> [Condition] {
        branches.filter { $0.body.contains(offset) }
            .sorted { $0.body.lowerBound < $1.body.lowerBound }
            .flatMap(\.path)
    }

    private func innermost(_ candidates: [Int], _ range: (Int) -> Range<Int>) -> Int? {
        candidates.min { range($0).count < range($1).count }
    }

    /// The structure of `text` (a file's characters), read as Swift when `isSwift`, else as Objective-C.
    static func read(_ text: [Character], masked: [Character], isSwift: Bool) -> SourceStructure {
        isSwift ? swift(String(text), characterCount: text.count) : objectiveC(masked)
    }
}
