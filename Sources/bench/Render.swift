import ArgumentParser
import PlumbSystem
import PlumbSolver
import PlumbFrontEnd
import PlumbText
import PlumbCorpus
import PlumbHarness
import PlumbFiles

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw a layout file's solved frames as SVG, each back end's overlaid, disagreements dashed.",
        discussion: "Plays every step of the file, solves the final state with each back end, and writes the picture."
    )

    @Argument(help: "A layout file (a layout-lp/1 system has variables, not views: `bench solve` gives its values).")
    var file: String

    @OptionGroup var backEndOptions: BackEndOptions

    @Option(name: .shortAndLong, help: "The SVG file to write (default: FILE with .svg).")
    var output: String?

    @OptionGroup var parameterOptions: ParameterOptions

    func run() throws {
        let text = String(decoding: try exitOnInputError { try readFile(file) }, as: UTF8.self)
        guard LayoutFile.looksLikeLayoutFile(text) else {
            throw ValidationError("\(file.excerpt) is a layout-lp/1 system, not a layout file: it has variables, not views to "
                + "draw; `bench solve \(file.excerpt)` gives its values")
        }
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
