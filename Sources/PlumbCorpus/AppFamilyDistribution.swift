import PlumbSystem
import PlumbFrontEnd

/// The measured shape of real Masonry/SnapKit code that the app family reproduces: shares per chain, counts per
/// block and per file, and the numbers UI code writes. Shares are fractions of all chains; the generator steers
/// toward them (`QuotaSampler`) where a choice is forced, so the text it writes shows them.
enum AppDistribution {
    // MARK: Counts

    /// Rows (lowered constraints) per `make` block, 1…13, median 4 (cumulative share 37 % at 3, 60 % at 4).
    static let rowsPerBlock = WeightedTable<Int>([
        (1, 5), (2, 12), (3, 20), (4, 23), (5, 14), (6, 9), (7, 6), (8, 4), (9, 2.5), (10, 1.8), (11, 1.2),
        (12, 0.8), (13, 0.7),
    ])

    /// The most rows one block may lower to.
    static let maximumRowsPerBlock = 13

    /// Blocks per source file, 1…42, median 2 (cumulative 28 % at 1, 55 % at 2), 91.5 % at most 7.
    static let blocksPerFile: WeightedTable<Int> = {
        var entries: [(Int, Double)] = [(1, 28), (2, 27), (3, 13), (4, 8.5), (5, 6.5), (6, 5), (7, 3.5)]
        // The tail (8.5 %) thins out toward the largest file seen, 42 blocks.
        entries += [(8, 2), (9, 1.5), (10, 1.2), (11, 0.9), (12, 0.7), (13, 0.5), (14, 0.4), (15, 0.35)]
        entries += (16...20).map { ($0, 0.15) }
        entries += (21...30).map { ($0, 0.02) }
        entries += (31...maximumBlocksPerFile).map { ($0, 0.01) }
        return WeightedTable(entries)
    }()

    /// The most blocks one source file holds.
    static let maximumBlocksPerFile = 42

    // MARK: Shares per chain

    /// One attribute or one composite per chain.
    static let attributes: [(AppAttribute, Double)] = [
        (.top, 0.20), (.left, 0.12), (.bottom, 0.10), (.height, 0.10), (.leading, 0.10), (.trailing, 0.085),
        (.width, 0.08), (.right, 0.08), (.centerY, 0.05), (.edges, 0.035), (.centerX, 0.025), (.size, 0.02),
        (.center, 0.01),
    ]

    /// `==` 98 % plus the 0.2 % the sample left unnamed; `<=` 1.5 %; `>=` 0.3 %.
    static let relations: [(Relation, Double)] = [(.equal, 0.982), (.lessOrEqual, 0.015), (.greaterOrEqual, 0.003)]

    /// Priorities: 99.8 % required. The priority modifier is written on 0.6 % of chains, so 0.4 % spell
    /// `priority(1000)` (or its shorthand) explicitly.
    static let priorities: [(AppPriority, Double)] = [
        (.requiredUnwritten, 0.994), (.requiredWritten, 0.004), (.value(250), 0.0007), (.value(750), 0.0005),
        (.value(999), 0.0004), (.value(500), 0.00025), (.value(300), 0.00015),
    ]

    /// Target kinds; the 16 % the sample left unnamed go to the superview's safe-area guide.
    static let targets: [(AppTargetKind, Double)] = [
        (.view, 0.37), (.anchor, 0.18), (.superview, 0.14), (.computed, 0.10), (.number, 0.05), (.safeArea, 0.16),
    ]

    /// The constant modifier of a chain (at most one): offset on a third, inset 5 %, insets 1 % (on edges).
    static let constantModifiers: [(AppModifierKind, Double)] = [
        (.offset, 1.0 / 3.0), (.inset, 0.05), (.insets, 0.01), (.none, 1 - 1.0 / 3.0 - 0.05 - 0.01),
    ]

    /// `multipliedBy` on 0.4 % of chains.
    static let multiplierShare = 0.004

    /// The constant a chain writes: zero (none written, or a written 0) 52 %, an integer 47 %, a fraction 1 %.
    static let constants: [(AppConstantClass, Double)] = [(.zero, 0.52), (.integer, 0.47), (.fraction, 0.01)]

    // MARK: Numbers UI code writes

    /// Offsets, insets and location constants (magnitudes; the sign follows the edge).
    static let offsetMagnitudes = WeightedTable<Int>([
        (1, 3), (2, 3), (3, 2), (4, 6), (5, 5), (6, 4), (8, 10), (10, 10), (12, 10), (14, 4), (15, 6), (16, 10),
        (18, 3), (20, 8), (24, 5), (25, 2), (30, 4), (32, 2), (40, 3), (44, 2), (50, 2), (60, 1), (80, 1), (100, 1),
    ])

    /// Fractional offsets: half points and quarter points (hairlines, centring by hand).
    static let fractionalOffsets = WeightedTable<Rational>([
        (fraction(1, 2), 5), (fraction(3, 2), 3), (fraction(5, 2), 2), (fraction(15, 2), 1), (fraction(25, 2), 1),
        (fraction(1, 4), 1),
    ])

    /// Widths and heights written as numbers.
    static let sizeValues = WeightedTable<Int>([
        (16, 3), (20, 5), (24, 6), (28, 3), (30, 5), (32, 4), (36, 3), (40, 6), (44, 8), (48, 5), (50, 5),
        (56, 3), (60, 5), (64, 3), (72, 2), (80, 5), (88, 2), (100, 4), (120, 3), (150, 2), (160, 2), (200, 2),
    ])

    /// Fractional sizes real code computes: a hairline, half a 375-point screen, half an odd size.
    static let fractionalSizes = WeightedTable<Rational>([
        (fraction(1, 2), 4), (fraction(375, 2), 2), (fraction(45, 2), 2), (fraction(125, 2), 1),
        (fraction(85, 2), 1),
    ])

    /// Size factors real code computes a number from (`44 * 2`, `kCellHeight * 3`).
    static let computedFactors = WeightedTable<Int>([(2, 5), (3, 3), (4, 2)])

    /// Multipliers (of sizes only): halves and quarters keep every frame a terminating decimal.
    static let multipliers = WeightedTable<Rational>([
        (fraction(1, 2), 5), (fraction(1, 4), 1), (fraction(3, 4), 1), (fraction(3, 2), 1), (Rational(2), 1),
    ])

    /// Slack of an inequality beyond its ground truth, so it holds with room to spare (0 half the time).
    static let inequalitySlack = WeightedTable<Int>([(0, 10), (1, 2), (2, 2), (4, 2), (8, 2), (10, 1), (16, 1)])

    // MARK: Views

    /// What a receiver is: containers hold other views; labels and buttons have intrinsic sizes.
    static let roles = WeightedTable<AppViewRole>([
        (.container, 40), (.label, 30), (.button, 12), (.image, 12), (.separator, 6),
    ])

    /// A receiver goes inside an earlier container of its own file (rather than the file's host) this often.
    static let nestedReceiverShare = 0.2

    /// A block relates its receiver to a second earlier view besides the first (views per block stay 2–3).
    static let secondOtherViewShare = 0.15
    /// A view or anchor target uses that second view this often when there is one.
    static let secondOtherViewUse = 0.25

    /// Label intrinsic sizes: text widths and line heights.
    static let labelWidths = WeightedTable<Int>([(34, 2), (48, 3), (66, 4), (80, 4), (96, 3), (120, 3), (160, 2), (200, 2), (240, 1)])
    /// (Even line heights: an odd one centred puts every view related to it on half points.)
    static let labelHeights = WeightedTable<Int>([(14, 2), (16, 5), (18, 5), (20, 5), (22, 2), (24, 1)])
    /// Button intrinsic sizes.
    static let buttonWidths = WeightedTable<Int>([(44, 3), (60, 3), (72, 2), (88, 2), (100, 2), (120, 1)])
    static let buttonHeights = WeightedTable<Int>([(30, 3), (32, 2), (36, 2), (44, 3), (48, 1)])
    /// Image views with an intrinsic size (an image set), the rest without.
    static let imageIntrinsicShare = 0.4
    static let imageSides = WeightedTable<Int>([(20, 2), (24, 3), (32, 2), (40, 3), (48, 2), (60, 2), (80, 1)])
    /// Content hugging and compression resistance: mostly UIKit's defaults, sometimes nudged by one.
    static let huggingPriorities = WeightedTable<Int>([(250, 8), (251, 1), (750, 1)])
    static let compressionPriorities = WeightedTable<Int>([(750, 8), (749, 1), (751, 1)])

    /// Natural heights of containers (cells, cards, bars) where no constraint decides.
    static let containerHeights = WeightedTable<Int>([
        (44, 4), (56, 2), (64, 2), (80, 3), (88, 2), (100, 2), (120, 2), (160, 1), (200, 1),
    ])

    // MARK: Roots

    /// The screen of a view controller (iPhone 12 to 15 points) and its safe area (status bar, home indicator).
    static let screenWidth = 390
    static let screenHeight = 844
    static let screenSafeArea = (top: 47, left: 0, bottom: 34, right: 0)
    /// What a small layout's file is: a controller's view, a cell's content view, or a custom view.
    static let fileKinds = WeightedTable<AppFileKind>([(.controller, 40), (.cell, 35), (.customView, 25)])
    static let cellHeights = WeightedTable<Int>([(44, 3), (56, 2), (64, 2), (72, 2), (80, 3), (88, 2), (96, 1), (120, 2)])
    static let customViewWidths = WeightedTable<Int>([(390, 3), (358, 2), (343, 2)])
    static let customViewHeights = WeightedTable<Int>([(120, 2), (160, 2), (200, 2), (240, 1), (320, 1)])
    /// The margin a natural frame keeps from its superview's sides, and the gap between stacked siblings.
    static let naturalMargin = 16
    static let naturalGap = 8
}
