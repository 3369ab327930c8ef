import PlumbFrontEnd

/// What a name is, in layout files and in the Swift and Objective-C code the readers take: a letter (of any script,
/// as Swift's identifiers are: `头像`, `größe`) or `_`, then letters, digits and `_`. One rule for every reader, so that
/// a view the import declares is a view the chain reader can name.
package enum Identifier {
    /// Whether `c` may start a name.
    @inline(__always) package static func isStart(_ c: Character) -> Bool { c == "_" || c.isLetter }

    /// Whether `c` may continue a name.
    @inline(__always) package static func isPart(_ c: Character) -> Bool { c == "_" || c.isLetter || c.isNumber }
}

extension Identifier {
    /// Whether `name` is one whole name (`BadgeView`, `_title`), usable as a view id.
    package static func isValid(_ name: String) -> Bool {
        guard let first = name.first, isStart(first) else { return false }
        return name.allSatisfy(isPart)
    }
}
