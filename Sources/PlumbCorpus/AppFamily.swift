import PlumbSystem
import PlumbFrontEnd
import PlumbText

/// App-shaped layouts: what real iOS apps write with Masonry and SnapKit, in the proportions measured on
/// thousands of real constraint blocks (`AppDistribution`), deterministic from a seed.
///
/// Each layout is written as layout text (Masonry's `[v mas_makeConstraints:^(MASConstraintMaker *make) {...}];`
/// or SnapKit's `v.snp.makeConstraints { make in ... }`, one chain per line) and read back through the real
/// front end (`LayoutFile`, `LayoutScript`), so the tree is what a data file would give.
///
/// Feasible by construction: every view gets a ground-truth frame as its block is generated; targets are views
/// placed earlier (the superview, an earlier view of the same file); the first required equality on a free
/// degree (position or size, per axis) takes its constant from the distribution, and every later equality,
/// inequality or soft constraint takes its constant from the ground truth so that it holds (inequalities with
/// integer slack on the side that keeps them true). Sizes stay at least 1. Views may stay under-determined,
/// as in real code. The ground truth holds at the generated root size; a chain can pin the root's width
/// (`left`, `right` and `width` all required), so a resize round may leave it unchanged.
///
/// The superview's safe-area anchors take the share the sample left unnamed (16 %), spelled with the
/// superview's name (`card.mas_safeAreaLayoutGuideTop`, `self.view.mas_safeAreaLayoutGuideTop`,
/// `card.safeAreaLayoutGuide.snp.top`): the text syntax refuses a guide of `superview`.
public enum AppFamily {
    /// A screen of `size` views (at least 1) for a view controller: several source files' worth of blocks in
    /// one tree (containers such as cells, headers and cards under the root, their subviews under them), with
    /// `rounds` resize rounds of the root's width. Views, chains and constants are proportioned as in real code.
    /// Cost: O(size). In a release build a 500-view screen takes about 0.1 s and a 10,000-view one about 1.5 s,
    /// most of it the front end reading the text (writing it: 0.01 s and 0.2 s).
    public static func screen(size: Int, seed: UInt64 = 1, rounds: Int = 60) throws(LayoutError) -> GeneratedLayout {
        let n = Swift.max(1, size)
        let text = screenSource(size: n, seed: seed)
        return try read(text, name: screenName(n), size: n, rounds: rounds)
    }

    /// The layout text of `screen(size:seed:)`, without reading it. O(size).
    public static func screenSource(size: Int, seed: UInt64 = 1) -> String {
        let n = Swift.max(1, size)
        var generator = AppLayoutGenerator(seed: screenSeed(seed, size: n))
        let plan = generator.screenPlan(name: screenName(n), size: n)
        return AppLayoutWriter.text(of: plan, seed: seed)
    }

    /// `count` independent small layouts, one source file each (a controller's view, a cell or a custom view on
    /// its own root), named `app-small-0001`, ...; their blocks per file, rows per block and chains follow the
    /// measured distribution over the whole run. The first `k` layouts do not depend on `count`.
    /// Cost: O(total views); 2,000 layouts take about 1 s to write and read in a release build (0.15 s to write).
    /// - Parameter rounds: resize rounds of each root's width (none by default).
    public static func smallLayouts(count: Int, seed: UInt64, rounds: Int = 0) -> [GeneratedLayout] {
        zip(smallLayoutNames(count: count), smallLayoutSources(count: count, seed: seed)).map { name, text in
            do {
                // Root width and views come from the text, as a reader of the file would see them.
                return try read(text, name: name, size: nil, rounds: rounds)
            } catch {
                // The writer and the generator are tested together; a refusal here is a bug in this family.
                preconditionFailure("the app family wrote a layout the front end refuses: \(error)\n\(text)")
            }
        }
    }

    /// The layout texts of `smallLayouts(count:seed:)`, without reading them. O(total views).
    public static func smallLayoutSources(count: Int, seed: UInt64) -> [String] {
        smallLayoutPlans(count: count, seed: seed).map { AppLayoutWriter.text(of: $0, seed: seed) }
    }

    // MARK: Internals (tests read the plans' ground truth)

    static func smallLayoutPlans(count: Int, seed: UInt64) -> [AppLayoutPlan] {
        var generator = AppLayoutGenerator(seed: seed &* smallSeedFactor &+ smallSeedSalt)
        return smallLayoutNames(count: count).map { generator.smallPlan(name: $0) }
    }

    static func screenPlan(size: Int, seed: UInt64) -> AppLayoutPlan {
        let n = Swift.max(1, size)
        var generator = AppLayoutGenerator(seed: screenSeed(seed, size: n))
        return generator.screenPlan(name: screenName(n), size: n)
    }

    /// Odd constants that spread nearby seeds apart (any odd 64-bit values would do).
    private static let smallSeedFactor: UInt64 = 0x2545_F491_4F6C_DD1D
    private static let smallSeedSalt: UInt64 = 0xA5A5_5A5A
    private static let screenSeedFactor: UInt64 = 1_000_003

    private static func screenSeed(_ seed: UInt64, size: Int) -> UInt64 {
        seed &* screenSeedFactor &+ UInt64(size)
    }

    private static func screenName(_ size: Int) -> String { "app-\(size)" }

    private static func smallLayoutNames(count: Int) -> [String] {
        (0..<Swift.max(0, count)).map { i in
            let number = String(i + 1)
            return "app-small-" + String(repeating: "0", count: Swift.max(0, 4 - number.count)) + number
        }
    }

    /// Reads layout text through the front end into a generated layout (size: the views, unless given).
    private static func read(_ text: String, name: String, size: Int?, rounds: Int) throws(LayoutError) -> GeneratedLayout {
        let script: LayoutScript
        do {
            script = try LayoutFile(file: name + ".layout", name: name).parse(text)
        } catch {
            throw LayoutError(.unsupported("the app family wrote text the parser refuses: \(error)"))
        }
        let tree = try script.build()
        let width = Int(script.rootSize.width.numerator / script.rootSize.width.denominator)
        return GeneratedLayout(name: name, family: .app, size: size ?? script.views.count, tree: tree, expectedFrames: nil,
                               resizeWidths: Family.resizes(from: width, rounds: rounds), source: text)
    }
}
