import PlumbSystem
import PlumbFrontEnd

/// Values that a layout's code names but Plumb cannot compute from the text: `theme.insets.top`, `kScale(12)`,
/// `SCREEN_WIDTH`, `[self barHeight]`, a condition `isCompact`. Each becomes a **parameter** named by its expression
/// as written (whitespace runs read as one space), bound here or given a documented default.
///
/// A binding is text, read exactly where the parameter is used: a number (`12`, `0.1` is 1/10, `-3/2`), `true` or
/// `false` for a condition, a case label (`.compact`) for a `switch` subject.
public struct ParameterBindings: Hashable, Sendable {
    /// By normalized name (`ParameterBindings.normalized`).
    public private(set) var values: [String: String] = [:]

    public init(_ values: [String: String] = [:]) {
        for (name, value) in values { self[name] = value }
    }

    public subscript(name: String) -> String? {
        get { values[ParameterBindings.normalized(name)] }
        set { values[ParameterBindings.normalized(name)] = newValue }
    }

    public var isEmpty: Bool { values.isEmpty }

    /// C's and Swift's names for the largest number (`MAXFLOAT`, `CGFloat.greatestFiniteMagnitude`), which code uses
    /// for "no limit": they take `largeNumber`, a size no screen has, rather than 0.
    public static let largeNumberNames = ["MAXFLOAT", "CGFLOAT_MAX", "FLT_MAX", "DBL_MAX", "greatestFiniteMagnitude",
                                          "infinity", "HUGE"]
    public static let largeNumber: Rational = 1_000_000

    /// The longest expression that stands as a parameter's name; a longer one is an error (no code names a value
    /// with a screenful of text, hostile input does).
    public static let maximumNameLength = 240

    /// Bindings from `NAME=VALUE` arguments (`--param 'kScale(12)=12'`); the split is at the last `=`, so a name may
    /// hold `==`. nil and the offending argument when one has no `=` or an empty side.
    public static func parsing(_ arguments: [String]) -> (bindings: ParameterBindings, invalid: String?) {
        var result = ParameterBindings()
        for argument in arguments {
            guard let eq = argument.lastIndex(of: "="), eq != argument.startIndex else { return (result, argument) }
            let name = argument[..<eq].trimmingCharacters(in: " \t")
            let value = argument[argument.index(after: eq)...].trimmingCharacters(in: " \t")
            guard !name.isEmpty, !value.isEmpty else { return (result, argument) }
            result[name] = value
        }
        return (result, nil)
    }

    /// A bound value read as a number, exactly: `12`, `-0.5`, `3/2`, `1e3`, with an optional C `f` suffix; nil
    /// when it is not one.
    public static func number(_ text: String) -> Rational? {
        var t = Substring(text.trimmingCharacters(in: " \t"))
        if t.hasSuffix("f") || t.hasSuffix("F") { t = t.dropLast() }
        return Rational(String(t))
    }

    /// A condition read as a parameter: its name (outer parentheses dropped; `!NAME` names `NAME`), and whether it
    /// holds: by its binding (`true`/`false`, `yes`/`no`, `1`/`0`; negated for `!NAME`), or true when unbound, so
    /// that the first branch is taken. `invalid` is the binding when it is none of those.
    public func condition(_ text: String) -> (name: String, holds: Bool, isBound: Bool, invalid: String?) {
        var name = ParameterBindings.normalized(text)
        while name.hasPrefix("("), name.hasSuffix(")"), ParameterBindings.isOneGroup(name) { name = String(name.dropFirst().dropLast()) }
        var negated = false
        if name.hasPrefix("!"), name.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) {
            negated = true
            name.removeFirst()
        }
        guard let bound = self[name] else { return (name, true, false, nil) }
        switch bound.lowercased() {
        case "true", "yes", "1": return (name, !negated, true, nil)
        case "false", "no", "0": return (name, negated, true, nil)
        default: return (name, true, true, bound)
        }
    }

    /// Whether a switch's case label (`.compact`, `.a, .b`) matches the value its subject is bound to (`.compact`
    /// or `compact`).
    static func caseLabel(_ label: String, matches bound: String) -> Bool {
        let wanted = bound.hasPrefix(".") ? String(bound.dropFirst()) : bound
        return label.split(separator: ",").contains { alternative in
            let a = normalized(String(alternative))
            return a == bound || (a.hasPrefix(".") ? String(a.dropFirst()) : a) == wanted
        }
    }

    /// Whether `(...)` is one parenthesized group (not `(a) || (b)`).
    static func isOneGroup(_ s: String) -> Bool {
        var depth = 0
        for (k, c) in s.enumerated() {
            if c == "(" { depth += 1 }
            if c == ")" { depth -= 1; if depth == 0 && k < s.count - 1 { return false } }
        }
        return depth == 0
    }

    /// The name under which an expression is bound: its text with whitespace runs as one space, trimmed.
    public static func normalized(_ text: String) -> String {
        var result = ""
        var pendingSpace = false
        for c in text {
            if c.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace { result.append(" ") }
            pendingSpace = false
            result.append(c)
        }
        return result
    }
}

/// What reading a chain or a value found besides its result: the parameters it used, and views it named that the
/// file does not declare (taken as subviews of the root when the parser `declaresUnknownViews`).
public struct ReadingNotes: Sendable {
    public var parameterUses: [ParameterUse] = []
    public var undeclaredViews: [UndeclaredView] = []
    public init() {}
}

/// A view the code names without the file declaring it (`UIView *line = [UIView new];` then `line.mas_bottom`).
public struct UndeclaredView: Hashable, Sendable {
    public var id: String
    public var location: SourceLocation

    public init(id: String, location: SourceLocation) {
        self.id = id
        self.location = location
    }

    /// One warning naming every view the file took without a declaration, where it first appears, and where it was
    /// put; nil when there is none.
    public static func warning(_ views: [UndeclaredView]) -> String? {
        guard !views.isEmpty else { return nil }
        let listed = views.prefix(20).map { "\($0.id) (\($0.location))" }.joined(separator: ", ")
        let more = views.count > 20 ? ", ... (\(views.count) in all)" : ""
        return "warning: \(views.count) view\(views.count == 1 ? "" : "s") the file names without declaring "
            + "\(views.count == 1 ? "it was" : "them were") added where the code adds \(views.count == 1 ? "it" : "them") "
            + "(addSubview), else in the root: \(listed)\(more)"
    }
}

/// Where a parameter stands, which decides its default when it is not bound.
///
/// Before the role's default, two readings of the name itself come first: a screen's or the root view's size
/// (`SCREEN_WIDTH`, `kScreen_Height`, `[UIScreen mainScreen].bounds.size.width`, `self.view.frame.size.width`) is
/// the root's width or height, and a call with one number (`kScale(12)`, `AdaptW(20)`, the screen-adaptation macros
/// apps wrap their numbers in) is that number.
public enum ParameterRole: String, Hashable, Sendable {
    /// A constant, an offset, an inset, a size: 0 by default.
    case number
    /// The argument of `multipliedBy` or `dividedBy`, or a value that multiplies or divides (`8 * SIZE`,
    /// `1 / scale`): 1 by default.
    case factor
    /// The argument of `priority(...)`: 750 (high) by default, since a priority named in code is nearly always one
    /// chosen below required.
    case priority
    /// The condition of an `if` or a ternary: true by default (the first branch).
    case condition
    /// The subject of a `switch`: its first case by default.
    case choice

    /// The default as text, as `--param` would give it (`choice` has none: the first case is taken).
    public var defaultText: String {
        switch self {
        case .number: "0"
        case .factor: "1"
        case .priority: "750"
        case .condition: "true"
        case .choice: "the first case"
        }
    }
}

/// One place a parameter is used: the name, its role there, where, and the value taken.
public struct ParameterUse: Hashable, Sendable {
    public var name: String
    public var role: ParameterRole
    public var location: SourceLocation
    /// Whether a binding gave the value (otherwise a default did).
    public var isBound: Bool
    /// The value taken, as text (`0`, `12`, `375`, `true`, `.compact`).
    public var taken: String

    public init(name: String, role: ParameterRole, location: SourceLocation, isBound: Bool, taken: String? = nil) {
        self.name = name
        self.role = role
        self.location = location
        self.isBound = isBound
        self.taken = taken ?? role.defaultText
    }
}

extension ParameterUse {
    /// One warning listing every unbound parameter, each with its default and the places it is used; nil when every
    /// parameter is bound.
    public static func unboundWarning(_ uses: [ParameterUse]) -> String? {
        var order: [String] = []
        var places: [String: [ParameterUse]] = [:]
        var seen: Set<String> = []
        for use in uses where !use.isBound {
            if places[use.name] == nil { order.append(use.name) }
            // (one place once: an imported branch around several blocks is one use)
            if seen.insert("\(use.name)\u{0}\(use.location)").inserted { places[use.name, default: []].append(use) }
        }
        guard !order.isEmpty else { return nil }
        var lines = ["warning: \(order.count) value\(order.count == 1 ? "" : "s") the code names but does not give "
                     + "took \(order.count == 1 ? "its" : "their") default (bind with `param NAME = VALUE` in the file "
                     + "or --param 'NAME=VALUE'):"]
        for name in order {
            let uses = places[name]!
            let shown = uses.prefix(4).map { "\($0.location)" }.joined(separator: ", ")
            let more = uses.count > 4 ? ", ... (\(uses.count) uses)" : ""
            lines.append("  \(name.excerpt) = \(uses[0].taken.excerpt)   used at \(shown)\(more)")
        }
        return lines.joined(separator: "\n")
    }

    /// A warning naming the bindings (`--param`) that no use in `uses` reads: a typo binds nothing, and says so. Nil
    /// when every binding is used.
    public static func unusedWarning(_ bindings: ParameterBindings, _ uses: [ParameterUse]) -> String? {
        let used = Set(uses.map { ParameterBindings.normalized($0.name) })
        let unused = bindings.values.keys.filter { !used.contains($0) }.sorted()
        guard !unused.isEmpty else { return nil }
        let names = unused.prefix(8).map { "'\($0.excerpt)'" }.joined(separator: ", ") + (unused.count > 8 ? ", ..." : "")
        let known = Array(Set(uses.map(\.name))).sorted()
        return "warning: --param \(names) \(unused.count == 1 ? "is" : "are") not used by the layout"
            + (known.isEmpty ? " (it names no parameter)" : "; it names " + known.prefix(8).map { $0.excerpt }.joined(separator: ", ")
                + (known.count > 8 ? ", ..." : ""))
    }
}

extension StringProtocol {
    package func trimmingCharacters(in set: String) -> String {
        let start = firstIndex { !set.contains($0) } ?? endIndex
        let end = lastIndex { !set.contains($0) }.map { index(after: $0) } ?? start
        return String(self[start..<Swift.max(start, end)])
    }
}
