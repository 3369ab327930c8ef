import PlumbFrontEnd

extension ViewTree {
    /// How a person knows constraint `id`: its Masonry form and line (`v.width == 500 (line 23)`), else its label,
    /// else why the tree made it.
    func readableName(ofConstraint id: Int) -> String? {
        guard let installed = constraints[id] else { return nil }
        if let resolved = installed.resolved {
            return "`\(resolved.description)`" + (resolved.location.map { " (line \($0.line))" } ?? "")
        }
        if let label = installed.linear.label { return "`\(label)`" }
        switch installed.origin {
        case .rootFrame: return "the root's frame"
        case .contentSize(let view): return "\(view)'s content size"
        case .dsl(let receiver, _): return "a constraint of \(receiver)"
        }
    }

    /// `message` with every `constraint cN` (a back end's name for a constraint id) followed by the constraint a
    /// person wrote: back ends know ids, the tree knows the source.
    func namingConstraints(in message: String) -> String {
        var out = ""
        var rest = Substring(message)
        let marker = "constraint c"
        while let range = rest.range(of: marker) {
            out += rest[..<range.upperBound]
            rest = rest[range.upperBound...]
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            out += digits
            rest = rest.dropFirst(digits.count)
            if let id = Int(digits), let name = readableName(ofConstraint: id) { out += " " + name }
        }
        return out + rest
    }
}
