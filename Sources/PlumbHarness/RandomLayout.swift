import PlumbSystem
import PlumbFrontEnd
import PlumbText
import PlumbCorpus

/// A random layout, kept as parts so that it can be shrunk: views by index (`v0`, `v1`, ...), and steps whose
/// chains are the front end's `ConstraintChain`s, each with the spelling it is written in. `text(name:header:)`
/// writes it with `LayoutTextWriter`, the writer every layout Plumb makes goes through.
public struct RandomLayout: Sendable, Equatable {
    public struct ViewSpec: Sendable, Equatable {
        /// The index of the superview, or nil for the root.
        public var parent: Int?
        public var intrinsic: (width: Int, height: Int)?
        public var hugging: (horizontal: Int, vertical: Int)?
        public var compression: (horizontal: Int, vertical: Int)?

        public static func == (a: ViewSpec, b: ViewSpec) -> Bool {
            a.parent == b.parent && a.intrinsic?.width == b.intrinsic?.width && a.intrinsic?.height == b.intrinsic?.height
                && a.hugging?.horizontal == b.hugging?.horizontal && a.hugging?.vertical == b.hugging?.vertical
                && a.compression?.horizontal == b.compression?.horizontal && a.compression?.vertical == b.compression?.vertical
        }
    }

    /// One chain and how it is spelled.
    public struct Chain: Sendable, Equatable {
        public var chain: ConstraintChain
        public var spelling: ChainSpelling

        /// The indices of the views the chain names.
        public var views: [Int] {
            func named(_ target: ConstraintTarget?) -> [Int] {
                switch target {
                case .item(.view(let id), _)?, .items(.view(let id), _)?, .item(.safeArea(let id), _)?:
                    return RandomLayout.index(of: id).map { [$0] } ?? []
                case .array(let elements)?: return elements.flatMap(named)
                default: return []
                }
            }
            return named(chain.target)
        }
    }

    public enum BlockKind: String, Sendable { case make, update, remake }

    public enum Step: Sendable, Equatable {
        case block(BlockKind, view: Int, chains: [Chain])
        case resize(width: Int, height: Int)
        case edit(view: Int, component: FrameComponent, priority: Int)
        case suggest(view: Int, component: FrameComponent, value: Rational)
        case remove(view: Int)
        case expect

        var views: [Int] {
            switch self {
            case .block(_, let view, let chains): [view] + chains.flatMap(\.views)
            case .edit(let view, _, _), .suggest(let view, _, _), .remove(let view): [view]
            case .resize, .expect: []
            }
        }
    }

    public var width: Int
    public var height: Int
    public var rightToLeft: Bool
    public var views: [ViewSpec]
    public var steps: [Step]

    /// The id of view `i`.
    static func id(_ i: Int) -> String { "v\(i)" }

    /// The index of the view `id` names (`v3` is 3).
    static func index(of id: String) -> Int? { id.hasPrefix("v") ? Int(id.dropFirst()) : nil }

    /// Where the parts of a random layout say they come from (the text written gives each its own line).
    static let location = SourceLocation(file: "fuzz.layout", line: 1)

    /// The layout as the front end's script: what `text(name:header:)` writes.
    public func script(name: String) -> LayoutScript {
        var script = LayoutScript(name: name, dialect: .masonry, rootSize: Size(width: Rational(width), height: Rational(height)),
                                  direction: rightToLeft ? .rightToLeft : .leftToRight)
        script.tags = ["fuzz"]
        let priority = { (p: Int) in Priority(Rational(p)) }
        script.views = views.enumerated().map { i, view in
            var properties: [LayoutScript.ViewProperty] = []
            if let s = view.intrinsic { properties.append(.intrinsicSize(width: Rational(s.width), height: Rational(s.height))) }
            if let h = view.hugging { properties.append(.hugging(horizontal: priority(h.horizontal), vertical: priority(h.vertical))) }
            if let c = view.compression {
                properties.append(.compressionResistance(horizontal: priority(c.horizontal), vertical: priority(c.vertical)))
            }
            return LayoutScript.ViewDeclaration(id: Self.id(i), parent: view.parent.map(Self.id), properties: properties,
                                                location: Self.location)
        }
        script.steps = steps.map { step -> (step: LayoutScript.Step, location: SourceLocation) in
            let written: LayoutScript.Step
            switch step {
            case .block(let kind, let view, let chains):
                let kind: LayoutScript.BlockKind = switch kind { case .make: .make; case .update: .update; case .remake: .remake }
                written = .block(LayoutScript.Block(kind: kind, receivers: [Self.id(view)], chains: chains.map(\.chain)))
            case .resize(let w, let h): written = .resizeRoot(Size(width: Rational(w), height: Rational(h)))
            case .edit(let view, let component, let p): written = .addEdit(view: Self.id(view), component, priority(p))
            case .suggest(let view, let component, let value): written = .suggest([(Self.id(view), component, value)])
            case .remove(let view): written = .removeConstraints(Self.id(view))
            case .expect: written = .expect(Checkpoint(location: Self.location))
            }
            return (written, Self.location)
        }
        return script
    }

    /// The layout as a corpus file, `header` as comment lines first.
    public func text(name: String, header: [String] = []) -> String {
        LayoutTextWriter.text(of: script(name: name), comments: header) { s, c in
            if case .block(_, _, let chains) = steps[s] { return chains[c].spelling }
            return .plain
        }
    }
}
