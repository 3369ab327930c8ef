import ArgumentParser
import PlumbSystem
import PlumbSolver
import PlumbFrontEnd
import PlumbText
import PlumbCorpus
import PlumbBackEnds
import PlumbHarness
import PlumbFiles

@main
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Plumb: the benchmark and conformance suite for layout constraint solvers.",
        discussion: """
        Layout files (Masonry/SnapKit chains as text, see corpus/README.md) and layout-lp/1 files (the neutral JSON \
        form of a lowered system) are both accepted wherever a FILE is asked for.

        Exit codes: 0 done; 1 an input file is malformed or invalid (the message names file, line and column), \
        or `check` found a conformance loss; 2 `compare` found a regression; 64 the command line itself is wrong.
        """,
        subcommands: [Run.self, Check.self, Compare.self, ReportCommand.self, Audit.self, Lower.self, Solve.self, Import.self, Generate.self, Render.self, Fuzz.self, Properties.self, Serve.self, List.self, Peers.self],
        defaultSubcommand: Run.self
    )

    /// `bench WORD` where WORD is no command would otherwise be read as `bench run WORD` and answered with `run`'s
    /// usage: say that the command is unknown and list the commands instead.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let commands = configuration.subcommands.map { $0._commandName } + ["help"]
        if let first = arguments.first, !first.hasPrefix("-"), !commands.contains(first) {
            let message = "Error: '\(first.excerpt)' is not a bench command; the commands are "
                + commands.dropLast().joined(separator: ", ") + " (`bench --help` says what each does).\n"
            writeStandardError(message)
            Glibc.exit(64)
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            ChildProcessRegistry.endDetachedProcesses()
            finishStandardOutput()
            exit(withError: error)
        }
        ChildProcessRegistry.endDetachedProcesses()
        finishStandardOutput()
    }

    /// Flushes standard output and exits 1 with a message when any of it could not be written (a full disk, a closed
    /// pipe, `> /dev/full`): a command whose output was lost does not report success.
    static func finishStandardOutput() {
        // (every open stream: what is still buffered of standard output is written here, and fails on a full disk)
        if fflush(nil) != 0 {
            writeStandardError("Error: standard output could not be written in full (\(String(cString: strerror(errno)))); "
                + "what this command printed is incomplete\n")
            Glibc.exit(1)
        }
    }
}

/// The back ends this build has, by name.
var availableBackEnds: [any LayoutSolver.Type] { PlumbBackEnds.all }

func backEnd(named name: String) throws -> any LayoutSolver.Type {
    guard let type = PlumbBackEnds.named(name) else {
        let names = (availableBackEnds + PlumbBackEnds.variants).map { $0.name }
        throw ValidationError("no back end named '\(name.excerpt)'; this build has: \(names.isEmpty ? "none yet" : names.joined(separator: ", ")) (see `bench list`)")
    }
    return type
}

/// A file's contents, or a clear error.
func readFile(_ path: String) throws -> [UInt8] {
    let bytes: [UInt8]
    do { bytes = try readFile(atPath: path) } catch { throw InputError(error.description) }
    return bytes
}

/// `--param NAME=VALUE`: values a layout's code names but does not give.
struct ParameterOptions: ParsableArguments {
    @Option(name: .customLong("param"), help: ArgumentHelp(
        "Binds a value the layout's code does not give: NAME=VALUE, NAME as the code writes it (repeatable).",
        discussion: "Examples: --param 'kScale(12)=12' --param 'SCREEN_WIDTH=390' --param 'isCompact=false' "
            + "--param 'style=.regular'. An unbound value takes its default (0; 1 in multipliedBy/dividedBy; 750 as a "
            + "priority; the first branch of an if, a ternary or a switch), and one warning lists every unbound name.",
        valueName: "name=value"))
    var params: [String] = []

    var bindings: ParameterBindings {
        get throws {
            let (bindings, invalid) = ParameterBindings.parsing(params)
            if let invalid {
                throw ValidationError("--param takes NAME=VALUE (as in --param 'kScale(12)=12'), not '\(invalid.excerpt)'")
            }
            return bindings
        }
    }

    func validate() throws { _ = try bindings }
}

/// Reads a layout file with parameter bindings; prints the warning listing its unbound parameters, if any.
func loadLayout(_ path: String, text: String, parameters: ParameterBindings) throws -> LayoutScript {
    let name = String(path.split(separator: "/").last?.split(separator: ".").first ?? "layout")
    let script: LayoutScript
    do {
        script = try LayoutFile(file: path, name: name, parameters: parameters).parse(text)
        _ = try CorpusEntry(path: path, script: script)   // its expect blocks read too, as the corpus reads them
    } catch {
        throw InputError(error.description)
    }
    if let warning = UndeclaredView.warning(script.undeclaredViews) { writeStandardError(warning + "\n") }
    if let warning = ParameterUse.unboundWarning(script.parameterUses) { writeStandardError(warning + "\n") }
    if let warning = ParameterUse.unusedWarning(parameters, script.parameterUses) { writeStandardError(warning + "\n") }
    return script
}

/// Reads a layout file or a layout-lp/1 file into a linear system.
func loadSystem(_ path: String, parameters: ParameterBindings = ParameterBindings()) throws -> LinearSystem {
    let bytes = try readFile(path)
    let text = String(decoding: bytes, as: UTF8.self)
    if LayoutFile.looksLikeLayoutFile(text) {
        let script = try loadLayout(path, text: text, parameters: parameters)
        do {
            return try script.lowered()
        } catch {
            throw InputError(error.description)
        }
    }
    do {
        return try LinearSystem(layoutLP: bytes, source: path)
    } catch {
        throw InputError(error.description)
    }
}

/// An input file that cannot be used; exits with status 1 and the message.
struct InputError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

func exitOnInputError<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as InputError {
        printError(error.description)
        throw ExitCode(1)
    }
}

/// The corpus at `path`, or the checkout's `corpus/`; an unreadable file is reported and exits 1.
func loadCorpus(_ path: String?) throws -> Corpus {
    guard let root = path ?? Corpus.defaultRoot() else {
        throw ValidationError("no corpus folder found: run from the checkout or pass --corpus DIR")
    }
    do { return try Corpus(root: root) } catch {
        printError(error.description)
        throw ExitCode(1)
    }
}

func printError(_ message: String) {
    var standardError = StandardError()
    print(message.contains("error:") ? message : "error: \(message)", to: &standardError)
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        var bytes = Array(string.utf8)
        _ = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}

#if canImport(Glibc)
import Glibc
#endif
