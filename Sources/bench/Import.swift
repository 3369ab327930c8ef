import ArgumentParser
import PlumbSystem
import PlumbFrontEnd
import PlumbText
import PlumbImport
import PlumbFiles

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Turn an app's Masonry or SnapKit source file into a layout file, to check its layouts offline.",
        discussion: """
        Every constraint block of FILE (.m, .mm or .swift) is copied as written, in the order the app runs them \
        as far as the code says (a lazy getter's blocks at the view's first use, an update after its make); the \
        views are declared from what the blocks and the addSubview calls mention, each in the superview the code \
        adds it to (else in the root, which stands for the view controller's view or for the view the file is). \
        The file's structure decides what a name means: a local view several methods declare is one view per \
        method (setUp_label), another class's views stay apart under its name (BadgeView_title), and blocks an \
        if/else runs are kept in `if CONDITION {` ... `} else {` lines, one branch per configuration. The numbers \
        the file names (#define, static const, let, static let in a type) become let and param lines. A value the \
        code computes elsewhere (theme.insets.top, kScale(12), [self barHeight]) or a condition is a parameter: \
        bind it with --param on solve (--check too), lower and render, or with a `param NAME = VALUE` line.

        A block that cannot be read (a loop, a helper that receives the maker, ...) or played is left out as a \
        comment; the report on standard error names each with its line and reason. Then:
          bench import ProfileViewController.m -o profile.layout
          bench solve profile.layout --solver exact      (frames, or the conflicting constraints)
          bench render profile.layout                    (the frames as SVG)
        Exit status 0 when at least one block was read, 1 otherwise.
        """
    )

    @Argument(help: "An Objective-C (.m, .mm) or Swift (.swift) source file.")
    var file: String

    @Option(name: .shortAndLong, help: "The layout file to write (default, or `-`: standard output).")
    var output: String?

    @Option(help: "The root's size as WIDTHxHEIGHT (default: 375x812, a phone).")
    var root = "375x812"

    /// The source's name with `.layout` for its extension.
    static func suggestedOutput(for file: String) -> String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        let stem = name.split(separator: ".").dropLast().joined(separator: ".")
        return (stem.isEmpty ? name : stem) + ".layout"
    }

    func run() throws {
        let parts = root.split(separator: "x")
        guard parts.count == 2, let w = Rational(String(parts[0])), let h = Rational(String(parts[1])), w > .zero, h > .zero else {
            throw ValidationError("--root takes WIDTHxHEIGHT with positive numbers, as in --root 390x844, not '\(root.excerpt)'")
        }
        // `-o -` is standard output, as the default is (not a file named "-")
        let output = self.output == "-" ? nil : self.output
        if let output, isSameFile(file, output) {
            throw ValidationError("-o \(output.excerpt) is the source file itself: the layout would replace it; write it elsewhere, as in -o \(Self.suggestedOutput(for: file))")
        }
        let source = String(decoding: try exitOnInputError { try readFile(file) }, as: UTF8.self)
        var importer = SourceImport(file: file, source: source)
        importer.rootSize = Size(width: w, height: h)
        let outcome = importer.run()
        if let output {
            try writeText(outcome.layout, to: output)
        } else {
            print(outcome.layout, terminator: "")
        }
        var report = ["\(file): \(outcome.blocks) constraint block(s), \(outcome.readBlocks) read, "
                      + "\(outcome.blocks - outcome.readBlocks) left out; \(outcome.views) view(s)"
                      + (output.map { "; wrote \($0)" } ?? "")]
        report += outcome.skipped.map(\.description)
        report += outcome.notes.map { "\($0.location): note: \($0.construct) \($0.reason)" }
        if let warning = ParameterUse.unboundWarning(outcome.parameterUses) { report.append(warning) }
        writeStandardError(report.joined(separator: "\n") + "\n")
        if outcome.readBlocks == 0 { throw ExitCode(1) }
    }
}
