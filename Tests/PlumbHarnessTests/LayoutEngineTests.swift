import Testing
import PlumbSystem
import PlumbSolver
import PlumbFrontEnd
import PlumbBackEnds

/// The layout engine on every back end of this build: frames a person derives by hand, and incremental changes.
@Suite struct LayoutEngineOnEveryBackEnd {
    static let solvers: [any LayoutSolver.Type] = PlumbBackEnds.all.filter { $0.capabilities.strictPriorities }

    func close(_ v: SolvedValue, _ expected: Rational) -> Bool {
        if case .exact(let r) = v { return r == expected }
        return abs(v.doubleValue - expected.doubleValue) <= 1e-6
    }

    func expectFrame(_ engine: LayoutEngine, _ view: View, _ x: Rational, _ y: Rational, _ w: Rational, _ h: Rational,
                     sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let f = engine.frame(of: view)
        #expect(close(f.x, x) && close(f.y, y) && close(f.width, w) && close(f.height, h),
                "\(type(of: engine.solver).name): \(view.id) = \(f), expected (\(x), \(y), \(w), \(h))", sourceLocation: sourceLocation)
    }

    @Test(arguments: solvers.map { ObjectIdentifier($0) })
    func masonryBasicExample(_ id: ObjectIdentifier) throws {
        let type = LayoutEngineOnEveryBackEnd.solvers.first { ObjectIdentifier($0) == id }!
        let tree = ViewTree(size: Size(width: 375, height: 667))
        let superview = tree.root
        let green = try tree.addView("green", in: superview)
        let red = try tree.addView("red", in: superview)
        let blue = try tree.addView("blue", in: superview)
        let padding: Rational = 10
        try green.makeConstraints { make in
            make.top.greaterThanOrEqualTo(superview.top).offset(padding)
            make.left.equalTo(superview.left).offset(padding)
            make.bottom.equalTo(blue.top).offset(-padding)
            make.right.equalTo(red.left).offset(-padding)
            make.width.equalTo(red.width)
            make.height.equalTo(red.height)
            make.height.equalTo(blue.height)
        }
        try red.makeConstraints { make in
            make.top.equalTo(superview.top).offset(padding)
            make.left.equalTo(green.right).offset(padding)
            make.bottom.equalTo(blue.top).offset(-padding)
            make.right.equalTo(superview.right).offset(-padding)
            make.width.equalTo(green.width)
            make.height.equalTo([green, blue])
        }
        try blue.makeConstraints { make in
            make.top.equalTo(green.bottom).offset(padding)
            make.left.equalTo(superview.left).offset(padding)
            make.bottom.equalTo(superview.bottom).offset(-padding)
            make.right.equalTo(superview.right).offset(-padding)
            make.height.equalTo([green, red])
        }
        let engine = LayoutEngine(tree: tree, solver: type.init())
        #expect(try engine.layout().isEmpty)
        // w = (W − 30)/2 = 172.5, h = (H − 30)/2 = 318.5
        expectFrame(engine, green, 10, 10, 172.5, 318.5)
        expectFrame(engine, red, 192.5, 10, 172.5, 318.5)
        expectFrame(engine, blue, 10, 338.5, 355, 318.5)
        // A window resize is two constant changes: w = (320 − 30)/2 = 145, h = (480 − 30)/2 = 225.
        tree.rootSize = Size(width: 320, height: 480)
        #expect(try engine.layout().isEmpty)
        expectFrame(engine, green, 10, 10, 145, 225)
        expectFrame(engine, blue, 10, 245, 300, 225)
    }

    @Test(arguments: solvers.map { ObjectIdentifier($0) })
    func updateRemakeAndConflicts(_ id: ObjectIdentifier) throws {
        let type = LayoutEngineOnEveryBackEnd.solvers.first { ObjectIdentifier($0) == id }!
        let tree = ViewTree(size: Size(width: 375, height: 667))
        let button = try tree.addView("button", in: tree.root)
        try button.makeConstraints { make in
            make.size.equalTo(Size(width: 100, height: 100))
            make.top.left.equalToSuperview().offset(10)
        }
        let engine = LayoutEngine(tree: tree, solver: type.init())
        try engine.layout()
        expectFrame(engine, button, 10, 10, 100, 100)
        try button.updateConstraints { make in make.top.left.equalToSuperview().offset(20) }
        try engine.layout()
        expectFrame(engine, button, 20, 20, 100, 100)
        try button.remakeConstraints { make in
            make.size.equalTo(Size(width: 100, height: 100))
            make.bottom.right.equalToSuperview().offset(-10)
        }
        try engine.layout()
        expectFrame(engine, button, 265, 557, 100, 100)
        // A conflicting required width is reported, and the rest of the layout still holds.
        try button.makeConstraints { make in make.width.equalTo(50) }
        let refused = try engine.layout()
        #expect(refused.map(\.constraint) == ["button.width == 50"])
        expectFrame(engine, button, 265, 557, 100, 100)
        // Removing the other width lets the refused one in.
        try button.remakeConstraints { make in
            make.width.equalTo(50)
            make.height.equalTo(100)
            make.bottom.right.equalToSuperview().offset(-10)
        }
        #expect(try engine.layout().isEmpty)
        expectFrame(engine, button, 315, 557, 50, 100)
    }
}
