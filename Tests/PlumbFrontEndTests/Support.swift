import Testing
import PlumbSystem
import PlumbTestSupport
@testable import PlumbFrontEnd

/// Parses a hand-written row such as `v.x + 1/2*v.w - root.x - 10 == 0 @250` against a tree's variables,
/// so that expected rows are written by hand, independently of the lowering code.
func row(_ text: String, in tree: ViewTree) -> LinearConstraint {
    let names = tree.variableNames
    var tokens = text.split(separator: " ").map(String.init)
    var priority = Priority.required
    if let last = tokens.last, last.hasPrefix("@") {
        priority = Priority(Rational(String(last.dropFirst()))!)
        tokens.removeLast()
    }
    // tokens: [sign] term [sign term]... REL 0
    let relIndex = tokens.firstIndex { ["==", "<=", ">="].contains($0) }!
    let relation = Relation(rawValue: tokens[relIndex])!
    var e = LinearExpression()
    var sign = Rational.one
    for token in tokens[..<relIndex] {
        if token == "+" { sign = .one; continue }
        if token == "-" { sign = -Rational.one; continue }
        var coefficient = Rational.one
        var name = token
        if let star = token.firstIndex(of: "*") {
            coefficient = Rational(String(token[..<star]))!
            name = String(token[token.index(after: star)...])
        }
        if let number = Rational(name) {
            try! e.add(constant: try! sign * coefficient * number)
        } else {
            let index = names.firstIndex(of: name)!
            try! e.add(VariableID(index), try! sign * coefficient)
        }
        sign = .one
    }
    return LinearConstraint(e, relation, priority: priority)
}

/// The lowered rows a block made (without labels), in order.
func rows(_ groups: [ConstraintGroup], _ tree: ViewTree) -> [LinearConstraint] {
    groups.flatMap { $0.ids }.map { tree.constraints[$0]!.linear.withLabel(nil) }
}

/// Hand-derived frames (relative to the superview) turned into root-coordinate variable values.
func values(_ frames: [String: (Rational, Rational, Rational, Rational)], in tree: ViewTree) -> (VariableID) -> Rational {
    var table: [Int: Rational] = [:]
    for view in tree.views {
        guard let f = frames[view.id] ?? (view.isRoot ? (0, 0, tree.rootSize.width, tree.rootSize.height) : nil) else { continue }
        var x = f.0, y = f.1
        var parent = view.superview
        while let p = parent {
            let pf = frames[p.id] ?? (p.isRoot ? (0, 0, tree.rootSize.width, tree.rootSize.height) : (0, 0, 0, 0))
            x = try! x + pf.0
            y = try! y + pf.1
            parent = p.superview
        }
        table[view.x.index] = x
        table[view.y.index] = y
        table[view.widthVariable.index] = f.2
        table[view.heightVariable.index] = f.3
    }
    return { table[$0.index] ?? .zero }
}

/// Total violation per priority level of the tree's constraints at `values`.
func violations(_ tree: ViewTree, at values: (VariableID) -> Rational) -> [Priority: Rational] {
    try! exactTotals(tree.constraintOrder.map { tree.constraints[$0]!.linear }, at: values)
}

func r(_ text: String) -> Rational { Rational(text)! }
