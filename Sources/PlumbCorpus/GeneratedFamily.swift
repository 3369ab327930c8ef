import PlumbSystem
import PlumbFrontEnd

/// The generated layout families, deterministic from a size and a seed, built through the front end: Kugler's
/// three cases (chain, nested, independent), a grid, and random layouts with mixed priorities and inequalities.
/// Each comes with a window-resize animation; where the family allows, with its frames in closed form.
public enum Family: String, Sendable, CaseIterable {
    /// N views in a row with 8-point gaps and equal widths (Masonry's fixed-spacing distribution by hand).
    case chain
    /// K×K equal cells with 4-point gaps (K = round(√N)).
    case grid
    /// N views, each inset 1 point on every side from the previous one.
    case nested
    /// N views each placed relative to the root only.
    case independent
    /// Seeded random views mixing required equalities and inequalities with soft constraints at 750 and 250.
    case random
    /// App-shaped screens: Masonry/SnapKit code as real iOS apps write it, in measured proportions (containers
    /// such as cells, headers and cards under the root, their subviews under them), written as layout text and
    /// read through the front end; feasible by construction (see `AppFamily`).
    case app
}

/// One generated layout: its tree, its frames in closed form (when the family has one), and the resize rounds.
public struct GeneratedLayout {
    public let name: String
    public let family: Family
    /// The size asked for (views: for a grid, the nearest square).
    public let size: Int
    public let tree: ViewTree
    /// Frames relative to the superview at the initial root size, exact; nil for the random family.
    public let expectedFrames: [String: (x: Rational, y: Rational, width: Rational, height: Rational)]?
    /// Root widths for the resize animation, one per round.
    public let resizeWidths: [Rational]
    /// The layout text the tree was read from, for families written as text (`app`); nil for the others.
    public var source: String? = nil

    /// For each view but the root, in tree order, the indices in `linearSystem().constraints` of the constraints the
    /// view's own blocks made (`ViewTree.dslConstraints(of:)`): what a remake of the view removes and adds again.
    /// - Complexity: O(constraints).
    public func constraintsMadeByEachView() -> [[Int]] {
        var index: [Int: Int] = [:]
        for (i, id) in tree.constraintOrder.enumerated() { index[id] = i }
        return tree.views.dropFirst().map { view in tree.dslConstraints(of: view).compactMap { index[$0.id] } }
    }

    /// The layout as layout-lp/1: the root's width becomes a `root.w == W @250` stay plus an edit at 999
    /// with one suggestion round per resize.
    public func linearSystem() -> LinearSystem {
        var system = tree.linearSystem(name: name)
        let rootWidth = tree.root.widthVariable
        if let index = system.constraints.firstIndex(where: { $0.terms.count == 1 && $0.terms[0].variable == rootWidth }) {
            let row = system.constraints[index]
            var e = LinearExpression(rootWidth)
            try? e.add(constant: row.constant)
            system.constraints[index] = LinearConstraint(e, .equal, priority: .low, label: "\(tree.root.id).width == \(tree.rootSize.width) ^low [stay]")
        }
        system.edits = [LinearSystem.Edit(variable: rootWidth, priority: 999)]
        system.suggestionRounds = resizeWidths.map { [LinearSystem.Suggestion(variable: rootWidth, value: $0)] }
        return system
    }
}

extension Family {
    /// The largest size the harness generates: the app family is read from layout text, which takes about 1.5 s
    /// and 150 MB at 10,000 views and grows from there; the others are built directly.
    public var largestTimedSize: Int { self == .app ? 10_000 : 1_000_000 }

    /// Builds the family at `size` views (at least 1) with `rounds` resize rounds.
    public func generate(size: Int, seed: UInt64 = 1, rounds: Int = 60) throws(LayoutError) -> GeneratedLayout {
        let n = Swift.max(1, size)
        switch self {
        case .chain: return try Family.chain(n, rounds: rounds)
        case .grid: return try Family.grid(n, rounds: rounds)
        case .nested: return try Family.nested(n, rounds: rounds)
        case .independent: return try Family.independent(n, rounds: rounds)
        case .random: return try Family.random(n, seed: seed, rounds: rounds)
        case .app: return try AppFamily.screen(size: n, seed: seed, rounds: rounds)
        }
    }

    /// W0 − k·step for k = 1…rounds, step = max(1, W0 / 400): the window shrinks a little per frame.
    static func resizes(from width: Int, rounds: Int) -> [Rational] {
        let step = Swift.max(1, width / 400)
        return (1...Swift.max(1, rounds)).prefix(rounds).map { Rational(width - $0 * step) }
    }

    static func chain(_ n: Int, rounds: Int) throws(LayoutError) -> GeneratedLayout {
        let width = 60 * n + 8
        let tree = ViewTree(size: Size(width: Rational(width), height: 84))
        var views: [View] = []
        for i in 0..<n { views.append(try tree.addView("v\(i)", in: tree.root)) }
        for (i, v) in views.enumerated() {
            try v.makeConstraints { make in
                if i == 0 {
                    make.left.equalToSuperview().offset(8)
                } else {
                    make.left.equalTo(views[i - 1].right).offset(8)
                    make.width.equalTo(views[0])
                }
                if i == n - 1 { make.right.equalToSuperview().offset(-8) }
                make.top.equalToSuperview().offset(20)
                make.height.equalTo(44)
            }
        }
        // w = (W − 8(N + 1)) / N = 52; x_i = 8 + 60 i.
        var frames: [String: (x: Rational, y: Rational, width: Rational, height: Rational)] = [:]
        for i in 0..<n { frames["v\(i)"] = (Rational(8 + 60 * i), 20, 52, 44) }
        return GeneratedLayout(name: "chain-\(n)", family: .chain, size: n, tree: tree, expectedFrames: frames,
                               resizeWidths: resizes(from: width, rounds: rounds))
    }

    static func grid(_ n: Int, rounds: Int) throws(LayoutError) -> GeneratedLayout {
        var k = 1
        while (k + 1) * (k + 1) <= n { k += 1 }
        if n - k * k > (k + 1) * (k + 1) - n { k += 1 }
        let width = 4 + 56 * k, height = 4 + 48 * k
        let tree = ViewTree(size: Size(width: Rational(width), height: Rational(height)))
        var cells: [[View]] = []
        for r in 0..<k {
            var row: [View] = []
            for c in 0..<k { row.append(try tree.addView("c\(r)_\(c)", in: tree.root)) }
            cells.append(row)
        }
        for r in 0..<k {
            for c in 0..<k {
                let cell = cells[r][c]
                try cell.makeConstraints { make in
                    if c == 0 { make.left.equalToSuperview().offset(4) } else {
                        make.left.equalTo(cells[r][c - 1].right).offset(4)
                        make.width.equalTo(cells[r][0])
                    }
                    if c == k - 1 { make.right.equalToSuperview().offset(-4) }
                    if r == 0 { make.top.equalToSuperview().offset(4) } else {
                        make.top.equalTo(cells[r - 1][c].bottom).offset(4)
                        make.height.equalTo(cells[0][c])
                    }
                    if r == k - 1 { make.bottom.equalToSuperview().offset(-4) }
                }
            }
        }
        // Each cell 52 × 44 at (4 + 56 c, 4 + 48 r).
        var frames: [String: (x: Rational, y: Rational, width: Rational, height: Rational)] = [:]
        for r in 0..<k { for c in 0..<k { frames["c\(r)_\(c)"] = (Rational(4 + 56 * c), Rational(4 + 48 * r), 52, 44) } }
        return GeneratedLayout(name: "grid-\(k * k)", family: .grid, size: k * k, tree: tree, expectedFrames: frames,
                               resizeWidths: resizes(from: width, rounds: rounds))
    }

    static func nested(_ n: Int, rounds: Int) throws(LayoutError) -> GeneratedLayout {
        let width = 3 * n + 320, height = 2 * n + 480
        let tree = ViewTree(size: Size(width: Rational(width), height: Rational(height)))
        var parent = tree.root
        var frames: [String: (x: Rational, y: Rational, width: Rational, height: Rational)] = [:]
        for i in 0..<n {
            let v = try tree.addView("v\(i)", in: parent)
            try v.makeConstraints { make in make.edges.equalToSuperview().insets(EdgeInsets(1)) }
            // Each level is 2 narrower and 2 shorter, at (1, 1) in its parent.
            frames[v.id] = (1, 1, Rational(width - 2 * (i + 1)), Rational(height - 2 * (i + 1)))
            parent = v
        }
        return GeneratedLayout(name: "nested-\(n)", family: .nested, size: n, tree: tree, expectedFrames: frames,
                               resizeWidths: resizes(from: width, rounds: rounds))
    }

    static func independent(_ n: Int, rounds: Int) throws(LayoutError) -> GeneratedLayout {
        let tree = ViewTree(size: Size(width: 320, height: 480))
        var frames: [String: (x: Rational, y: Rational, width: Rational, height: Rational)] = [:]
        for i in 0..<n {
            let v = try tree.addView("v\(i)", in: tree.root)
            let a = (i * 7) % 97, b = (i * 13) % 89, t = (i * 11) % 400, h = 10 + (i * 3) % 60
            try v.makeConstraints { make in
                make.left.equalToSuperview().offset(Rational(a))
                make.right.equalToSuperview().offset(Rational(-b))
                make.top.equalToSuperview().offset(Rational(t))
                make.height.equalTo(Rational(h))
            }
            frames[v.id] = (Rational(a), Rational(t), Rational(320 - a - b), Rational(h))
        }
        return GeneratedLayout(name: "independent-\(n)", family: .independent, size: n, tree: tree,
                               expectedFrames: frames, resizeWidths: resizes(from: 320, rounds: rounds))
    }

    /// Feasible by construction for every root width: each view's position comes from one required equality
    /// on earlier views, and every required inequality bounds a size from above that nothing bounds from below.
    static func random(_ n: Int, seed: UInt64, rounds: Int) throws(LayoutError) -> GeneratedLayout {
        var rng = SplitMix64(seed: seed &* 1_000_003 &+ UInt64(n))
        let tree = ViewTree(size: Size(width: 1024, height: 768))
        var views: [View] = []
        for i in 0..<n {
            let parent = views.isEmpty || rng.next(3) == 0 ? tree.root : views[rng.next(views.count)]
            let v = try tree.addView("v\(i)", in: parent)
            // The new view is its parent's last subview; any earlier one is a sibling.
            let earlier = parent.subviews.count - 1
            let sibling = earlier == 0 ? nil : parent.subviews[rng.next(earlier)]
            let other = views.isEmpty ? nil : views[rng.next(views.count)]
            let pattern = rng.next(4)
            let a = Rational(rng.next(20)), b = Rational(rng.next(20)), pref = Rational(20 + rng.next(200))
            let soft = rng.next(3)
            try v.makeConstraints { make in
                switch pattern {
                case 0:
                    make.left.equalToSuperview().offset(a)
                    make.right.equalToSuperview().offset(-b)
                case 1:
                    make.left.equalToSuperview().offset(a)
                    make.right.lessThanOrEqualToSuperview().offset(-b)
                    make.width.equalTo(pref).priorityHigh()
                    make.width.greaterThanOrEqualTo(10).priorityLow()
                case 2:
                    make.centerX.equalToSuperview()
                    make.width.lessThanOrEqualToSuperview()
                    make.width.equalTo(pref).priorityHigh()
                default:
                    if let sibling {
                        make.left.equalTo(sibling.right).offset(a)
                    } else {
                        make.left.equalToSuperview().offset(a)
                    }
                    make.right.lessThanOrEqualToSuperview().offset(-b)
                    make.width.equalTo(pref).priorityHigh()
                }
                make.top.equalToSuperview().offset(a)
                make.height.lessThanOrEqualToSuperview()
                make.height.equalTo(pref).priorityHigh()
                if let other, soft == 0 { make.width.equalTo(other).priorityLow() }
                if let other, soft == 1 { make.height.equalTo(other).priorityLow() }
            }
            views.append(v)
        }
        return GeneratedLayout(name: "random-\(n)", family: .random, size: n, tree: tree, expectedFrames: nil,
                               resizeWidths: resizes(from: 1024, rounds: rounds))
    }
}
