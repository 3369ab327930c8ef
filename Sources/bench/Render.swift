import ArgumentParser
import PlumbSystem
import PlumbSolver
import PlumbFrontEnd
import PlumbCorpus
import PlumbHarness

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw a layout file's solved frames as SVG, each back end's overlaid, disagreements dashed.",
        discussion: "Plays every step of the file, solves the final state with each back end, and writes the picture."
    )

    @Argument(help: "A layout file.")
    var file: String

    @OptionGroup var backEndOptions: BackEndOptions

    @Option(name: .shortAndLong, help: "The SVG file to write (default: FILE with .svg).")
    var output: String?

    @OptionGroup var parameterOptions: ParameterOptions

    func run() throws {
        let text = String(decoding: try exitOnInputError { try readFile(file) }, as: UTF8.self)
        let parameters = try parameterOptions.bindings
        let script = try exitOnInputError { try loadLayout(file, text: text, parameters: parameters) }
        let system = try exitOnInputError { () throws -> LinearSystem in
            do { return try script.lowered() } catch { throw InputError("\(error)") }
        }
        var answers: [FrameRendering.Answer] = []
        for backEnd in try backEndOptions.selected() {
            let result = backEnd.solve(system, roundValues: .all)
            let final = result.rounds.last ?? result.values
            var values: [String: Double] = [:]
            for entry in final { values[entry.name] = entry.value.doubleValue }
            var frames: [String: (x: Double, y: Double, width: Double, height: Double)] = [:]
            for view in script.views {
                let id = view.id
                frames[id] = (values["\(id).x"] ?? .nan, values["\(id).y"] ?? .nan, values["\(id).w"] ?? .nan, values["\(id).h"] ?? .nan)
            }
            let ok = result.status == LayoutResult.Status.ok
            answers.append(.init(backEnd: backEnd.name, frames: ok ? frames : [:],
                                 note: ok ? nil : "\(result.status.rawValue): \(result.message)"))
        }
        let rendering = FrameRendering(title: script.name, rootWidth: script.rootSize.width.doubleValue,
                                       rootHeight: script.rootSize.height.doubleValue, answers: answers)
        let path = output ?? (file.hasSuffix(".layout") ? String(file.dropLast(7)) : file) + ".svg"
        try writeText(rendering.svg(), to: path)
        print("wrote \(path): \(rendering.verdict)")
    }
}
