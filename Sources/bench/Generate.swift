import ArgumentParser
import PlumbCorpus

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

    func validate() throws {
        guard size >= 1, size <= 1_000_000 else { throw ValidationError("size must be between 1 and 1,000,000") }
        guard (0...100_000).contains(rounds) else {
            throw ValidationError("--rounds must be from 0 to 100,000 (each round is one suggestion and solve)")
        }
        guard size * max(1, rounds) <= 100_000_000 else {
            throw ValidationError("--rounds \(rounds) at \(size) views would write over 100 million values; use fewer rounds")
        }
    }

    func run() throws {
        let layout = try exitOnInputError { () throws -> GeneratedLayout in
            do { return try family.generate(size: size, seed: seed, rounds: rounds) } catch { throw InputError("\(error)") }
        }
        let json = layout.linearSystem().layoutLPJSON(pretty: false)
        if let output { try writeText(json + "\n", to: output) } else { print(json) }
    }
}
