import PlumbSystem
import PlumbFrontEnd
import PlumbText

/// Builds app-shaped layout plans: source files of `make` blocks over a view tree, each view with a ground-truth
/// frame at which every required constraint holds. One generator carries its shares across every layout it
/// builds (`QuotaSampler`), so a run of small layouts shows the distribution as a whole. Deterministic from
/// its seed; O(views + rows) time.
struct AppLayoutGenerator {
    var rng: SplitMix64
    var attributes = QuotaSampler(AppDistribution.attributes)
    var relations = QuotaSampler(AppDistribution.relations)
    var priorities = QuotaSampler(AppDistribution.priorities)
    var targets = QuotaSampler(AppDistribution.targets)
    var modifiers = QuotaSampler(AppDistribution.constantModifiers)
    var multipliers = QuotaSampler([(true, AppDistribution.multiplierShare), (false, 1 - AppDistribution.multiplierShare)])
    var constants = QuotaSampler(AppDistribution.constants)
    /// Masonry or SnapKit spelling per file, about half each.
    var dialects = QuotaSampler([(Dialect.masonry, 0.5), (Dialect.snapkit, 0.5)])
    /// The bottom edge of the last placed subview per superview, for the next one's natural position.
    var lastChildBottom: [Int: Rational] = [:]

    init(seed: UInt64) {
        rng = SplitMix64(seed: seed)
    }

    // MARK: Layouts

    /// One source file on its own root: a controller's view, a cell's content view or a custom view.
    mutating func smallPlan(name: String) -> AppLayoutPlan {
        let dialect = dialects.draw(&rng) ?? .masonry
        dialects.record(dialect)
        let kind = AppDistribution.fileKinds.draw(&rng)
        let root = rootView(for: kind)
        var plan = AppLayoutPlan(name: name, dialect: dialect, rootKind: kind, views: [root])
        lastChildBottom = [:]
        var file = AppSourceFile(kind: kind, host: 0)
        var containers: [Int] = []
        fill(&file, blocks: AppDistribution.blocksPerFile.draw(&rng), plan: &plan, containers: &containers)
        plan.files = [file]
        return plan
    }

    /// A controller's screen of exactly `size` views (at least 1): the controller's file places views in the
    /// root; each container it creates hosts a file of its own (a cell, card or header), breadth first, down to
    /// containers `maximumHostDepth` levels deep. Once every container has its file, further files (more cells)
    /// go to the root or a shallow container, so a large screen grows wide, not deep. One dialect for the
    /// whole screen, since a layout file has one.
    mutating func screenPlan(name: String, size: Int) -> AppLayoutPlan {
        let dialect = dialects.draw(&rng) ?? .masonry
        let root = rootView(for: .controller)
        var plan = AppLayoutPlan(name: name, dialect: dialect, rootKind: .controller, views: [root])
        lastChildBottom = [:]
        var hosts = [0]
        var nextHost = 0
        var shallow: [Int] = []
        var created = 0
        while created < size {
            let host: Int
            if nextHost < hosts.count {
                host = hosts[nextHost]
                nextHost += 1
            } else {
                // Every container has its file: another cell for the root's list, or for a section.
                host = shallow.isEmpty || rng.chance(Self.extraFilesOnRootShare) ? 0 : shallow[rng.next(shallow.count)]
            }
            let kind: AppFileKind = host == 0 && plan.files.isEmpty
                ? .controller : (rng.chance(Self.cellFileShare) ? .cell : .customView)
            var file = AppSourceFile(kind: kind, host: host)
            let blocks = Swift.min(AppDistribution.blocksPerFile.draw(&rng), size - created)
            var containers: [Int] = []
            fill(&file, blocks: blocks, plan: &plan, containers: &containers)
            for container in containers {
                let depth = plan.views[container].depth
                if depth <= Self.maximumHostDepth { hosts.append(container) }
                if depth <= Self.maximumShallowDepth { shallow.append(container) }
            }
            created += blocks
            plan.files.append(file)
        }
        return plan
    }

    /// Containers deeper than this host no file of their own (their subviews would nest too deep for a screen).
    static var maximumHostDepth: Int { 3 }
    /// Containers at most this deep (sections, cells) take the extra files of a large screen.
    static var maximumShallowDepth: Int { 2 }
    /// The files a screen's containers host: cells this often, custom views (cards, headers) otherwise.
    static var cellFileShare: Double { 0.6 }
    /// The share of extra files that add cells to the root itself rather than to a section.
    static var extraFilesOnRootShare: Double { 0.5 }

    private mutating func rootView(for kind: AppFileKind) -> AppView {
        var size = (width: AppDistribution.screenWidth, height: AppDistribution.screenHeight)
        var safeArea = AppInsets.zero
        switch kind {
        case .controller:
            let s = AppDistribution.screenSafeArea
            safeArea = AppInsets(top: Rational(s.top), left: Rational(s.left), bottom: Rational(s.bottom), right: Rational(s.right))
        case .cell:
            size.height = AppDistribution.cellHeights.draw(&rng)
        case .customView:
            size = (AppDistribution.customViewWidths.draw(&rng), AppDistribution.customViewHeights.draw(&rng))
        }
        return AppView(id: ChainParser.rootViewID, parent: nil, depth: 0, role: .container, intrinsic: nil,
                       hugging: (250, 250), compression: (750, 750), safeArea: safeArea,
                       frame: AppFrame(x: .zero, y: .zero, width: Rational(size.width), height: Rational(size.height)))
    }

    /// Adds `blocks` new views to the file, each the receiver of one block, under the file's host or (sometimes)
    /// under a container the file made earlier; new containers are appended to `containers`.
    private mutating func fill(_ file: inout AppSourceFile, blocks: Int, plan: inout AppLayoutPlan, containers: inout [Int]) {
        var created: [Int] = []
        var createdContainers: [Int] = []
        for _ in 0..<blocks {
            let role = AppDistribution.roles.draw(&rng)
            var parent = file.host
            // One level of nesting inside a file: a container the file put directly in its host.
            let direct = createdContainers.filter { plan.views[$0].parent == file.host }
            if !direct.isEmpty, rng.chance(AppDistribution.nestedReceiverShare) {
                parent = direct[rng.next(direct.count)]
            }
            let receiver = addView(role: role, parent: parent, plan: &plan)
            // Earlier views of the same file, siblings first, the latest first.
            let earlier = created.reversed().filter { $0 != parent }
            let others = earlier.filter { plan.views[$0].parent == parent } + earlier.filter { plan.views[$0].parent != parent }
            file.blocks.append(makeBlock(receiver: receiver, others: others, plan: &plan))
            created.append(receiver)
            if role == .container { createdContainers.append(receiver) }
        }
        containers += createdContainers
    }

    private mutating func addView(role: AppViewRole, parent: Int, plan: inout AppLayoutPlan) -> Int {
        let index = plan.views.count
        let names = role.baseNames
        var intrinsic: (width: Int, height: Int)?
        switch role {
        case .label: intrinsic = (AppDistribution.labelWidths.draw(&rng), AppDistribution.labelHeights.draw(&rng))
        case .button: intrinsic = (AppDistribution.buttonWidths.draw(&rng), AppDistribution.buttonHeights.draw(&rng))
        case .image where rng.chance(AppDistribution.imageIntrinsicShare):
            let side = AppDistribution.imageSides.draw(&rng)
            intrinsic = (side, side)
        default: break
        }
        var hugging = (horizontal: 250, vertical: 250), compression = (horizontal: 750, vertical: 750)
        if intrinsic != nil {
            hugging = (AppDistribution.huggingPriorities.draw(&rng), AppDistribution.huggingPriorities.draw(&rng))
            compression = (AppDistribution.compressionPriorities.draw(&rng), AppDistribution.compressionPriorities.draw(&rng))
        }
        plan.views.append(AppView(id: "\(names[rng.next(names.count)])\(index)", parent: parent,
                                  depth: plan.views[parent].depth + 1, role: role,
                                  intrinsic: intrinsic, hugging: hugging, compression: compression,
                                  safeArea: .zero, frame: nil))
        return index
    }
}
