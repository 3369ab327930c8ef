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
        let backEnds = try backEndOptions.selected()
        let rendering = try exitOnInputError { () throws -> FrameRendering in
            do { return try FrameRendering(script, backEnds: backEnds) } catch { throw InputError("\(error)") }
        }
        let path = output ?? (file.hasSuffix(".layout") ? String(file.dropLast(7)) : file) + ".svg"
        try writeText(rendering.svg(), to: path)
        print("wrote \(path): \(rendering.verdict)")
    }
}
