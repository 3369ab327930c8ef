import PlumbText
/// The order the app runs an imported file's blocks in, as far as its code says, and the branches each runs in.
extension ImportWriter {
    /// The blocks by index in the order the app runs them: file order, except that a lazy getter's blocks run
    /// where the view is first used (before the first other block that names it), and an `update` never runs
    /// before the `make` of the view it updates (it follows the first one); and the blocks a lazy getter moved.
    /// - Complexity: O(blocks² × references) at worst; a block moves at most twice.
    func orderOfPlay() -> (order: [Int], movedEarly: Set<Int>) {
        var order = Array(scan.blocks.indices)
        var moved: Set<Int> = []
        let structure = scan.structure
        var references: [Int: Set<String>] = [:]
        func names(_ b: Int) -> Set<String> {
            if let known = references[b] { return known }
            var ids = Set(receivers[b].map { [$0] } ?? [])
            for reference in referencedViews(in: scan.blocks[b]) {
                if case .view(let id)? = named(reference.expression, at: scan.blocks[b].start) { ids.insert(id) }
            }
            references[b] = ids
            return ids
        }
        // a lazy getter's blocks: before the first block elsewhere that names its view
        for b in scan.blocks.indices {
            guard let m = structure.method(at: scan.blocks[b].start), let lazy = structure.methods[m].lazyView,
                  case .view(let id)? = named(lazy, at: scan.blocks[b].start) else { continue }
            guard let at = order.firstIndex(of: b),
                  let use = order[..<at].firstIndex(where: { structure.method(at: scan.blocks[$0].start) != m && names($0).contains(id) })
            else { continue }
            order.remove(at: at)
            order.insert(b, at: use)
            moved.insert(b)
        }
        // an update: after the first make or remake of its view when none comes before it
        for b in scan.blocks.indices where scan.blocks[b].kind == .update {
            guard let id = receivers[b], let at = order.firstIndex(of: b) else { continue }
            let makes = { (k: Int) in scan.blocks[k].kind != .update && receivers[k] == id }
            guard !order[..<at].contains(where: makes), let make = order[(at + 1)...].firstIndex(where: makes) else { continue }
            order.remove(at: at)
            order.insert(b, at: make)   // (the make moved one place left: this is right after it)
        }
        return (order, moved)
    }

    /// The branch conditions a block runs under, outermost first, each on one line; a lazy getter's test of its
    /// own view (`if (!_title)`, `if title == nil`) is no configuration and is left out (it holds at first use).
    func conditions(at offset: Int) -> [SourceStructure.Condition] {
        let structure = scan.structure
        let property = structure.method(at: offset).flatMap { structure.methods[$0].propertyView }
        return structure.conditions(at: offset).compactMap { condition in
            var c = condition
            c.text = c.text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            guard !c.text.isEmpty else { return nil }
            if c.caseLabels == nil, let tested = ImportWriter.existenceTest(c.text) {
                // a getter's test of its own view, or any test of whether a view the file lays out exists yet
                if tested == property || tested == "_" + (property ?? "") { return nil }
                if case .view(let id)? = named(tested, at: c.offset), views.contains(where: { $0.id == id }) { return nil }
            }
            return c
        }
    }

    /// The path a condition tests for existence: `!_title`, `!self.title`, `_title == nil`, `nil == title` (nil
    /// for any other condition).
    static func existenceTest(_ condition: String) -> String? {
        var t = condition.filter { !$0.isWhitespace }
        if t.hasPrefix("("), t.hasSuffix(")") { t = String(t.dropFirst().dropLast()) }
        var path: Substring
        if t.hasPrefix("!") { path = t.dropFirst() } else if t.hasSuffix("==nil") { path = t.dropLast(5) }
        else if t.hasPrefix("nil==") { path = t.dropFirst(5) } else { return nil }
        if path.hasPrefix("self->") { path = path.dropFirst(6) }
        guard let first = path.first, Identifier.isStart(first), path.allSatisfy({ $0 == "." || Identifier.isPart($0) }) else { return nil }
        return String(path)
    }

    /// The layout lines that open a branch around a block, with the source line and the column shift of each:
    /// `if COND {` (and `} else {` for a branch that needs it not to hold), or `switch SUBJECT {` and its case
    /// lines up to the block's. The condition's or subject's column in the layout is 4 or 8: the shift makes it the
    /// source file's.
    func opening(_ condition: SourceStructure.Condition) -> [(text: String, line: Int, shift: Int)] {
        let at = location(ofOffset: condition.offset)
        let column = at.column ?? 1
        guard let labels = condition.caseLabels else {
            let open = ("if \(condition.text) {", at.line, column - 4)
            return condition.holds ? [open] : [open, ("} else {", at.line, 0)]
        }
        return [("switch \(condition.text) {", at.line, column - 8)]
            + labels.map { ($0 == "default" ? "default:" : "case \($0):", at.line, 0) }
    }
}
