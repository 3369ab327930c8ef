import ArgumentParser
import PlumbSystem
import PlumbCorpus
#if canImport(Glibc)
import Glibc
import PlumbFiles
#endif

extension Family: ExpressibleByArgument {}

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a generated family at a size as layout-lp/1, for solvers outside Plumb.",
        discussion: """
        Families: \(Family.allCases.map(\.rawValue).joined(separator: ", ")). Deterministic from the size and the seed. \
        The root's width is a `@250` stay with an edit at 999 and one suggestion per resize round \
        (docs/interchange.md); `python3 peers/kiwi/adapter.py --time FILE` times kiwi on the output.
        """
    )

    @Argument(help: "The family.")
    var family: Family

    @Argument(help: "Views.")
    var size: Int

    @Option(help: "Seed of the random family.")
    var seed: UInt64 = 1

    @Option(help: "Resize rounds.")
    var rounds = 60

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    @Option(help: ArgumentHelp("With `app`: write SIZE small layouts, one source file's blocks each, as layout-lp/1 files into this folder (the layouts `bench run` times as small layouts).", valueName: "folder"))
    var smallLayouts: String?

    /// The most views of one generated file: about 1.2 KB a view with the default rounds (the app family, the
    /// largest), so that the file stays within what every reader takes (256 MiB), and its generation within a few
    /// gigabytes of memory.
    static let largestSize = 200_000

    func validate() throws {
        if smallLayouts != nil {
            guard size >= 1, size <= 100_000 else { throw ValidationError("COUNT small layouts must be between 1 and 100,000") }
        } else {
            guard size >= 1, size <= Self.largestSize else {
                throw ValidationError("size must be between 1 and 200,000 views: a larger file is beyond the 256 MiB a "
                    + "layout-lp/1 reader takes")
            }
        }
        guard (0...100_000).contains(rounds) else {
            throw ValidationError("--rounds must be from 0 to 100,000 (each round is one suggestion and solve)")
        }
        guard size * max(1, rounds) <= 100_000_000 else {
            throw ValidationError("--rounds \(rounds) at \(size) views would write over 100 million values; use fewer rounds")
        }
    }

    func run() throws {
        if let folder = smallLayouts {
            guard family == .app else { throw ValidationError("--small-layouts is for the app family: bench generate app COUNT --small-layouts FOLDER") }
            mkdir(folder, 0o755)
            for layout in AppFamily.smallLayouts(count: size, seed: seed) {
                try writeText(layout.tree.linearSystem(name: layout.name).layoutLPJSON(pretty: false) + "\n",
                              to: "\(folder)/\(layout.name).json")
            }
            print("wrote \(size) small layouts to \(folder)/")
            return
        }
        let layout = try exitOnInputError { () throws -> GeneratedLayout in
            do { return try family.generate(size: size, seed: seed, rounds: rounds) } catch { throw InputError("\(error)") }
        }
        let json = layout.linearSystem().layoutLPJSON(pretty: false)
        guard json.utf8.count < inputFileSizeLimit else {
            throw ValidationError("the file would be \(json.utf8.count >> 20) MiB, beyond the \(inputFileSizeLimit >> 20) MiB "
                + "a layout-lp/1 reader takes: use a smaller size or fewer --rounds")
        }
        if let output { try writeText(json + "\n", to: output) } else { print(json) }
    }
}
