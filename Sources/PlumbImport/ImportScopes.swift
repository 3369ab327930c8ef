import PlumbText
/// How the views an app's file names are told apart by where the code names them, so that two views never merge
/// because their names are spelled alike:
/// - a local view (`let title = UILabel()`, `UILabel *title = ...`, a parameter) that several methods each declare
///   is one view per method, `METHOD_title`; a local named `view` too (in a view controller `view` is its own view);
/// - every type of the file other than its own (the one named like the file, else the first that lays out views)
///   keeps its views apart under its name: `self` is the view `TYPE`, a property `self.title` or `_title` is
///   `TYPE_title`, a local `TYPE_title` (`TYPE_METHOD_title` where several methods declare it); a view controller's
///   `view` is `TYPE`.
struct ImportScopes {
    let structure: SourceStructure
    /// The type whose views keep their names (by name; its extensions and categories share it).
    let primaryType: String?
    /// The id the file's own type's `view` (and `self.view`) is written as, when that is not the root: a child
    /// view controller's view, which its code constrains (nil: `view` stays as written).
    var ownViewID: String?
    /// The view ids of renamed locals, by method index.
    private(set) var renamedLocals: [Int: [String: String]] = [:]

    static let selfWords: Set<String> = ChainParser.defaultSelfAliases.union(["self"])

    /// - Parameters:
    ///   - viewNames: for each place a view is named (a block's receiver, an addition's parent or child), the
    ///     offset and the expression.
    ///   - fileBase: the file's name without directory and extension.
    ///   - masked: the file's text with comments and strings blanked (what a method's code says of its locals).
    init(structure: SourceStructure, viewNames: [(offset: Int, expression: String)], fileBase: String, masked: [Character]) {
        self.structure = structure
        // the types that name views, in file order
        var laying: [String] = []
        for (offset, _) in viewNames.sorted(by: { $0.offset < $1.offset }) {
            if let t = structure.type(at: offset), !laying.contains(structure.types[t].name) { laying.append(structure.types[t].name) }
        }
        primaryType = laying.first { $0 == fileBase } ?? laying.first { fileBase.hasSuffix($0) } ?? laying.first
        // the local views of each method: the first names of the paths named in it that it declares
        var localViews: [Int: Set<String>] = [:]
        var methodsDeclaring: [String: Set<Int>] = [:]
        for (offset, expression) in viewNames {
            guard let m = structure.method(at: offset),
                  let first = ViewPath.components(ViewPath.stripped(expression)).first,
                  structure.methods[m].locals[first] != nil else { continue }
            localViews[m, default: []].insert(first)
            methodsDeclaring[first, default: []].insert(m)
        }
        // what each local is: the view a property's closure or getter returns (the property's view), a local
        // that holds the property of its name (`self.title = title`, `let title = self.title`: the property), or a
        // view of its own
        var plain: [Int: [String]] = [:]
        for m in localViews.keys.sorted() {
            let method = structure.methods[m]
            let prefix = method.type.flatMap { secondaryPrefix(structure.types[$0].name) }
            let code = ImportScopes.words(masked[method.range])
            for name in localViews[m]!.sorted() {
                if let property = method.propertyView, property != name, code.contains(" return \(name) ") {
                    renamedLocals[m, default: [:]][name] = prefix.map { "\($0)_\(property)" } ?? property
                } else if name != "view", ImportScopes.aliasesProperty(name, in: code) {
                    methodsDeclaring[name]?.remove(m)
                } else {
                    plain[m, default: []].append(name)
                }
            }
        }
        var taken: Set<String> = []
        for m in plain.keys.sorted() {
            let method = structure.methods[m]
            let prefix = method.type.flatMap { secondaryPrefix(structure.types[$0].name) }
            for name in plain[m]! {
                let shared = (methodsDeclaring[name]?.count ?? 0) > 1 || name == "view"
                guard shared || prefix != nil else { continue }
                var id = [prefix, shared ? method.name : nil, name].compactMap { $0 }.joined(separator: "_")
                if taken.contains(id) {
                    var k = 2
                    while taken.contains("\(id)_\(k)") { k += 1 }
                    id = "\(id)_\(k)"
                }
                taken.insert(id)
                renamedLocals[m, default: [:]][name] = id
            }
        }
    }

    /// Code as words and punctuation separated by single spaces (`self.title=title;` → `self.title = title ;`),
    /// ending in a space, for finding statements by their text.
    static func words(_ code: ArraySlice<Character>) -> String {
        var out = " "
        var last: Character = " "
        for c in code {
            let isWordPart = c == "_" || c == "$" || c == "." || c.isLetter || c.isNumber
            let lastIsWordPart = last == "_" || last == "$" || last == "." || last.isLetter || last.isNumber
            if c.isWhitespace {
                if last != " " { out.append(" "); last = " " }
                continue
            }
            if last != " " && (isWordPart != lastIsWordPart || !isWordPart) { out.append(" ") }
            out.append(c)
            last = c
        }
        if last != " " { out.append(" ") }
        return out
    }

    /// Whether `code` (as `words` gives it) makes local `name` the property of its name, or the property the local.
    static func aliasesProperty(_ name: String, in code: String) -> Bool {
        let patterns = ["self.\(name) = \(name) ", "_\(name) = \(name) ", "\(name) = self.\(name) ", "\(name) = _\(name) ",
                        "let \(name) = \(name) ", "let \(name) = self ? .\(name) ", "let \(name) = self?.\(name) "]
        return patterns.contains { code.contains(" " + $0) }
    }

    /// The prefix of a type's views: nil for the file's own type (and code outside every type).
    func secondaryPrefix(_ typeName: String) -> String? {
        guard let primaryType, typeName != primaryType, Identifier.isValid(typeName) else { return nil }
        return typeName
    }

    /// Whether the file's own type is a view controller (true), a view (false), or its declarations do not say
    /// (nil): by its name or superclass, over all its declarations (a Swift extension names no superclass).
    var primaryIsController: Bool? {
        guard let primaryType else { return nil }
        let declarations = structure.types.filter { $0.name == primaryType }
        let names = declarations.flatMap { [$0.name] + ($0.superclass.map { [$0] } ?? []) }
        if names.contains(where: { $0.hasSuffix("Controller") }) { return true }
        let views = ["View", "Cell", "Button", "Bar", "Control", "Label", "Header", "Footer"]
        if names.contains(where: { name in views.contains { name.hasSuffix($0) } }) { return false }
        return nil
    }

    /// Whether a type is a view controller, by its name or superclass.
    func isController(_ type: Int) -> Bool {
        let t = structure.types[type]
        return t.name.hasSuffix("Controller") || t.superclass?.hasSuffix("Controller") == true
    }

    /// A view path's components as the scope at `offset` names them: `title` (a local several methods declare) as
    /// `setUp_title`, `self.title` in another type as `BadgeView_title`, `self` there as `BadgeView`.
    /// - Complexity: O(types + methods) to find the scope.
    func renamed(_ components: [String], at offset: Int) -> [String] {
        let m = structure.method(at: offset)
        let type = structure.type(at: offset)
        let prefix = type.flatMap { secondaryPrefix(structure.types[$0].name) }
        guard let first = components.first else { return prefix.map { [$0] } ?? [] }
        if let m, let id = renamedLocals[m]?[first], structure.methods[m].locals[first] != nil {
            return [id] + components.dropFirst()
        }
        guard let prefix, let type else {
            if let ownViewID, primaryType == nil || type.map({ structure.types[$0].name }) == primaryType {
                if first == "view" { return [ownViewID] + components.dropFirst() }
                if ImportScopes.selfWords.contains(first), components.dropFirst().first == "view" { return [ownViewID] + components.dropFirst(2) }
            }
            return components
        }
        var rest = components
        if ImportScopes.selfWords.contains(first) {
            rest.removeFirst()
            guard let member = rest.first else { return [prefix] }
            if isViewMember(member) { return [prefix] + rest }
            if member == "view" && isController(type) { return [prefix] + rest.dropFirst() }
            return ["\(prefix)_\(member.hasPrefix("_") ? String(member.dropFirst()) : member)"] + rest.dropFirst()
        }
        if first == "view" && isController(type) { return [prefix] + rest.dropFirst() }
        // a property (`title`, `_title`, `buttons[0]`): the type's
        var bare = first.hasPrefix("_") && first.count > 1 ? String(first.dropFirst()) : first
        let subscriptPart = bare.firstIndex(of: "[").map { String(bare[$0...]) } ?? ""
        bare.removeLast(subscriptPart.count)
        if structure.types.contains(where: { $0.name == structure.types[type].name && $0.properties.contains(bare) }) {
            return ["\(prefix)_\(bare)\(subscriptPart)"] + rest.dropFirst()
        }
        if first == "snp" { return [prefix] + rest }   // SnapKit's implicit `self`
        return components
    }

    /// `snp`, `mas_top`, `snp_bottom`: a view's layout member, not a view.
    func isViewMember(_ name: String) -> Bool {
        name == "snp" || name.hasPrefix("mas_") || name.hasPrefix("snp_")
    }

    /// Whether any name at `range` would be renamed (the text can be copied as written otherwise).
    func renames(in range: Range<Int>) -> Bool {
        if ownViewID != nil { return true }
        if let m = structure.method(at: range.lowerBound), renamedLocals[m] != nil { return true }
        return structure.type(at: range.lowerBound).flatMap { secondaryPrefix(structure.types[$0].name) } != nil
    }

    /// `text` (a block's code, `masked` the same with comments and strings blanked, `offset` where it starts in the
    /// file) with every view path renamed as the scope there names it.
    /// - Complexity: O(text length).
    func rewrite(_ text: [Character], masked: [Character], offset: Int) -> [Character] {
        guard renames(in: offset..<(offset + text.count)) else { return text }
        func isName(_ c: Character) -> Bool { c == "_" || c == "$" || c.isLetter || c.isNumber }
        var out: [Character] = []
        out.reserveCapacity(text.count + 16)
        var i = 0
        while i < text.count {
            let c = masked[i]
            let startsPath = (c == "_" || c.isLetter) && (i == 0 || (!isName(masked[i - 1]) && masked[i - 1] != "."
                && !(i >= 2 && masked[i - 2] == "-" && masked[i - 1] == ">")))
            guard startsPath else { out.append(text[i]); i += 1; continue }
            // the path's first name, and a second after `.` (what `self.` names)
            var e = i
            while e < text.count && isName(masked[e]) { e += 1 }
            var components = [String(masked[i..<e])]
            var end = e
            if e + 1 < text.count, masked[e] == ".", isName(masked[e + 1]) {
                var f = e + 1
                while f < text.count && isName(masked[f]) { f += 1 }
                components.append(String(masked[(e + 1)..<f]))
                end = f
            }
            let renamed = self.renamed(components, at: offset + i)
            if renamed == components || renamed.isEmpty {
                out.append(contentsOf: text[i..<e])
                i = e
            } else {
                out.append(contentsOf: renamed.joined(separator: "."))
                i = end
            }
        }
        return out
    }
}
