/// A use a solver is timed for: what an app does with it. The report compares the back ends use by use
/// (`UseComparison`), each on its own workloads and figure (`RunResults.Timing.median(for:)`).
public enum Use: String, Sendable, CaseIterable {
    /// Build+solve of many small layouts, one source file's blocks each (the app family's files).
    case smallLayouts = "small layouts"
    /// Build+solve of each corpus layout.
    case corpus = "corpus layouts"
    /// Constants of a few views' constraints change in place (`Workload.Kind.update`).
    case update = "update constants"
    /// A view's constraints are removed and made again (`Workload.Kind.remake`).
    case remake = "remake a view"
    /// A view leaves with every constraint naming it, then comes back (`Workload.Kind.removeAdd`).
    case removeAdd = "remove and re-add a view"
    /// One suggestion round of a generated family's resize rounds.
    case resize = "resize (per round)"
    /// Build+solve of a generated family at 1,000 views and more.
    case largeBuilds = "large one-shot builds"
    /// kiwi's enaml-like benchmark (the form in `corpus/scenarios/enaml-like.layout`): building it and solving once.
    case enamlLikeBuild = "enaml-like build (kiwi's benchmark)"
    /// The same form's window resized to the benchmark's six sizes: two suggestions and a solve per size.
    case enamlLikeResize = "enaml-like resize (per size)"

    /// The corpus layout the enaml-like uses time.
    public static let enamlLikeLayout = "scenario-enaml-like"

    /// The lifecycle operation a use times, if it is one (a lifecycle's resize is timed as the scaling runs'
    /// suggestion rounds instead, which every family has).
    public var operation: Workload.Kind? {
        switch self {
        case .update: .update
        case .remake: .remake
        case .removeAdd: .removeAdd
        case .smallLayouts, .corpus, .resize, .largeBuilds, .enamlLikeBuild, .enamlLikeResize: nil
        }
    }
}

extension RunResults.Timing {
    /// This timing's median figure for `use` (seconds per layout, operation or round), or nil when the timing is
    /// not one of that use's workloads or has no samples.
    public func median(for use: Use) -> Double? {
        switch use {
        case .smallLayouts: suite == .small ? Summary(buildSolve)?.median : nil
        case .corpus: suite == .corpus ? Summary(buildSolve)?.median : nil
        case .update, .remake, .removeAdd:
            suite == .lifecycle ? use.operation.flatMap { lifecycle[$0] }.flatMap { Summary($0)?.median } : nil
        case .resize:
            suite == .scaling && editRounds > 0 ? Summary(editTotal.map { $0 / Double(editRounds) })?.median : nil
        case .largeBuilds: suite == .scaling && size >= 1000 ? Summary(buildSolve)?.median : nil
        case .enamlLikeBuild: suite == .corpus && workload == Use.enamlLikeLayout ? Summary(buildSolve)?.median : nil
        case .enamlLikeResize:
            suite == .corpus && workload == Use.enamlLikeLayout && editRounds > 0
                ? Summary(editTotal.map { $0 / Double(editRounds) })?.median : nil
        }
    }
}
