/// Where a value sits inside a JSON document, e.g. `constraints[3].terms["v0.x"]`.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    /// One step down: an object member or an array element.
    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    public var components: [Component]

    /// The path of the top-level value.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// Whether this is the top-level value.
    public var isEmpty: Bool { components.isEmpty }

    /// The path one member further down.
    public func appending(key: String) -> JSONPath {
        JSONPath(components + [.key(key)])
    }

    /// The path one element further down.
    public func appending(index: Int) -> JSONPath {
        JSONPath(components + [.index(index)])
    }

    /// `constraints[3].terms["v0.x"]`: plain keys after a dot, other keys quoted in brackets; empty at the top level.
    /// Very deep paths are shortened in the middle, and long keys to an excerpt.
    public var description: String {
        let limit = 12
        guard components.count > limit else { return JSONPath.render(components[...], first: true) }
        let head = JSONPath.render(components.prefix(limit / 2), first: true)
        let tail = JSONPath.render(components.suffix(limit / 2), first: false)
        return "\(head)…(\(components.count - limit) more)…\(tail)"
    }

    private static func render(_ components: ArraySlice<Component>, first: Bool) -> String {
        var text = ""
        var atStart = first
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key) where isPlainKey(key):
                text += atStart ? key.excerpt : ".\(key.excerpt)"
            case .key(let key):
                text += "[\(Excerpt.quoted(key))]"
            }
            atStart = false
        }
        return text
    }

    /// Letters, digits and `_`, not starting with a digit.
    private static func isPlainKey(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(0x30...0x39).contains(first) else { return false }
        return key.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x5F
        }
    }
}
