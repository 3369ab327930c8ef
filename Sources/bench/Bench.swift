import ArgumentParser
import PlumbSystem
import PlumbSolver
import PlumbFrontEnd
import PlumbCorpus
import PlumbBackEnds

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
        subcommands: [Run.self, Check.self, Compare.self, ReportCommand.self, Audit.self, Lower.self, Solve.self, Generate.self, Render.self, Fuzz.self, List.self, Peers.self],
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
        main(arguments)
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

/// Reads a layout file or a layout-lp/1 file into a linear system.
func loadSystem(_ path: String) throws -> LinearSystem {
    let bytes = try readFile(path)
    let text = String(decoding: bytes, as: UTF8.self)
    if LayoutFile.looksLikeLayoutFile(text) {
        let name = String(path.split(separator: "/").last?.split(separator: ".").first ?? "layout")
        do {
            return try LayoutFile(file: path, name: name).parse(text).lowered()
        } catch let error as TextSyntaxError {
            throw InputError(error.description)
        } catch let error as LayoutError {
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
