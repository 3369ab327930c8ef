import PlumbSystem
import PlumbFrontEnd
import PlumbText

/// Checks a corpus entry's expectations without any back end: every view is accounted for, every label named
/// exists, and a fully specified frame set satisfies every required row exactly (a hand derivation that breaks a
/// required constraint is wrong, whatever a solver says).
public struct ExpectationAudit {
    /// One problem found, with where.
    public struct Finding: CustomStringConvertible, Sendable {
        public let location: SourceLocation
        public let message: String
        public var description: String { "\(location): \(message)" }
    }

    public init() {}

    /// The problems in `entry`'s expectations (none when it is sound).
    public func audit(_ entry: CorpusEntry) -> [Finding] {
        var findings: [Finding] = []
        let script = entry.script
        guard !entry.expectations.isEmpty else {
            return [Finding(location: SourceLocation(file: entry.path, line: 1), message: "the layout has no `expect` block")]
        }
        let tree: ViewTree
        do { tree = try script.makeTree() } catch {
            return [Finding(location: error.location ?? SourceLocation(file: entry.path, line: 1), message: error.message)]
        }
        let player = LayoutPlayer(script: script, tree: tree)
        var expectations = entry.expectations.makeIterator()
        for (step, location) in script.steps {
            do {
                try player.perform(step, at: location)
            } catch {
                findings.append(Finding(location: error.location ?? location, message: "the step fails: \(error.message)"))
                return findings
            }
            guard case .expect = step, let (_, expectation) = expectations.next() else { continue }
            findings += audit(expectation, tree: tree)
        }
        return findings
    }

    func audit(_ expectation: LayoutExpectation, tree: ViewTree) -> [Finding] {
        var findings: [Finding] = []
        let at = expectation.location
        if let conflict = expectation.conflict {
            let labels = Set(tree.constraints.values.compactMap { $0.linear.label })
            if conflict.isEmpty { findings.append(Finding(location: at, message: "an unsatisfiable expectation must name the conflicting constraints")) }
            for label in conflict where !labels.contains(label) {
                findings.append(Finding(location: at, message: "no installed constraint is labelled \"\(label)\""))
            }
            return findings
        }
        // The views in the root's hierarchy, parents before children.
        var attached: [View] = []
        var queue = [tree.root]
        while let view = queue.popLast() {
            attached.append(view)
            queue.append(contentsOf: view.subviews)
        }
        let listed = Set(expectation.frames.map(\.view))
        for view in attached where !view.isRoot && !listed.contains(view.id) {
            findings.append(Finding(location: at, message: "view '\(view.id)' has no expected frame (write `\(view.id) ? ? ? ?` if it is ambiguous)"))
        }
        for frame in expectation.frames {
            for component in FrameComponent.allCases where frame.value(component) == nil {
                if !expectation.ambiguous.contains(where: { $0.view == frame.view && $0.component == component }) {
                    findings.append(Finding(location: frame.location,
                                            message: "\(frame.view).\(component.rawValue) is not compared: give its range with `ambiguous \(frame.view).\(component.rawValue) MIN MAX`"))
                }
            }
        }
        guard findings.isEmpty else { return findings }
        // Substitute the hand-derived frames (relative → root coordinates) into every required row whose
        // variables they all fix; views with a `?` fix only the components that are given.
        var value: [Int: Rational] = [:]
        let byView = Dictionary(expectation.frames.map { ($0.view, $0) }, uniquingKeysWith: { a, _ in a })
        // Parents come first in `attached`, so each origin is its parent's plus its own offset.
        for view in attached {
            if view.isRoot {
                value[view.x.index] = .zero
                value[view.y.index] = .zero
                value[view.widthVariable.index] = tree.rootSize.width
                value[view.heightVariable.index] = tree.rootSize.height
                continue
            }
            guard let f = byView[view.id], let parent = view.superview else { continue }
            value[view.x.index] = value[parent.x.index].flatMap { px in f.x.flatMap { try? $0 + px } }
            value[view.y.index] = value[parent.y.index].flatMap { py in f.y.flatMap { try? $0 + py } }
            value[view.widthVariable.index] = f.width
            value[view.heightVariable.index] = f.height
        }
        for id in tree.constraintOrder {
            guard let c = tree.constraints[id]?.linear, c.priority.isRequired else { continue }
            guard c.terms.allSatisfy({ value[$0.variable.index] != nil }) else { continue }
            let violation = (try? c.violation(at: { value[$0.index] ?? .zero })) ?? Rational(1)
            if !violation.isZero {
                findings.append(Finding(location: at, message: "the expected frames break a required constraint by \(violation): \(c.label ?? "#\(id)")"))
            }
        }
        return findings
    }
}
