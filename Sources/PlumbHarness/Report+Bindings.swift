/// The report's section on what a language binding costs: a solver run both through a binding and natively (peers
/// `NAME` and `NAME-native`, such as kiwi through Python and kiwi's C++ called directly), use by use.
extension Report {
    /// Pairs of back ends in the results that are one solver through a binding and called natively.
    var bindingPairs: [(binding: String, native: String)] {
        let names = results.backEndNames
        return names.compactMap { name in names.contains(name + "-native") ? (name, name + "-native") : nil }
    }

    /// Per use, the binding's time over the native one's: the geometric mean over the workloads both ran of the ratio
    /// of their medians, with the interquartile range of those ratios.
    func bindingBlocks() -> [ReportDocument.Block] {
        let pairs = bindingPairs
        guard !pairs.isEmpty else { return [] }
        var rows: [[String]] = []
        for (binding, native) in pairs {
            for use in Use.allCases {
                let ratios = bindingRatios(use, binding: binding, native: native)
                guard let spread = Summary(ratios) else { continue }
                let mean = UseComparison.geometricMean(ratios)
                rows.append([binding, native, use.rawValue, "\(format3(mean))×",
                             "\(format3(spread.lowerQuartile))–\(format3(spread.upperQuartile))", "\(ratios.count)"])
            }
        }
        guard !rows.isEmpty else { return [] }
        return [
            .heading(level: 2, text: "What a binding costs"),
            .paragraph("The same solver timed through a language binding and called natively, each inside its own adapter under "
                       + "the same policy: the binding's time over the native one's (geometric mean of per-workload ratios of "
                       + "medians, with their interquartile range). An embedder calling the library from its own language pays "
                       + "the native figure; the binding adds a call through the interpreter for every constraint and suggestion."),
            .table(.init(headers: ["through the binding", "native", "use", "binding ÷ native", "IQR", "workloads"], rows: rows,
                         numeric: [3, 4, 5])),
        ]
    }

    /// The per-workload ratios of `binding`'s medians over `native`'s for `use`.
    func bindingRatios(_ use: Use, binding: String, native: String) -> [Double] {
        UseComparison.ratios(UseComparison.medians(results, use, among: [binding, native]), binding, over: native)
    }
}

#if canImport(Glibc)
import Glibc
#endif
