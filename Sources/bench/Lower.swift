import ArgumentParser
import PlumbSystem

struct Lower: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the layout-lp/1 form of a layout file.",
        discussion: "Every step of the file is played (make, update, remake, remove, ...) and the constraints installed at the end are printed, numbers exact."
    )

    @Argument(help: "A layout file (or a layout-lp/1 file, printed back normalised).")
    var file: String

    @Flag(help: "One line of JSON instead of indented output.")
    var compact = false

    @OptionGroup var parameterOptions: ParameterOptions

    func run() throws {
        let parameters = try parameterOptions.bindings
        let system = try exitOnInputError { try loadSystem(file, parameters: parameters) }
        print(system.layoutLPJSON(pretty: !compact))
    }
}
