import PlumbText
import PlumbSystem
import PlumbFrontEnd

/// `bench import`: an app's Objective-C or Swift source file as a layout file. Every Masonry/SnapKit block of the
/// file is copied as written, in file order; the views are declared from what the blocks and the `addSubview` calls
/// mention, each in the superview the code adds it to (else in the root, which stands for the view controller's view
/// or for the view whose file it is); the numbers the file names (`#define`, `static const`, `let`, `static let`
/// inside a type) become `let` and `param` lines; values it does not give stay parameters.
///
/// The result is read back with `LayoutFile` and played: a block that cannot be read or played is left out as a
/// comment, and reported with its source location and the reason, and the rest is read again. What comes out parses
/// and plays; solving it says whether the file's layout conflicts or is ambiguous.
public struct SourceImport {
    /// A block or line that was left out.
    public struct Skip: Sendable, CustomStringConvertible {
        /// Where in the source file.
        public var location: SourceLocation
        /// The construct, as written (an excerpt).
        public var construct: String
        public var reason: String
        public var description: String { "\(location): skipped \(construct.excerpt): \(reason)" }
    }

    /// What an import produced.
    public struct Outcome: Sendable {
        /// The layout file's text.
        public var layout: String
        /// Blocks found, and those read (the others are in `skipped`).
        public var blocks: Int
        public var readBlocks: Int
        public var views: Int
        public var skipped: [Skip]
        /// Blocks read with a caveat: inside a loop, read as one pass (the loop variable one view).
        public var notes: [Skip] = []
        /// Parameters the layout uses (the unbound ones are the file's unknown values).
        public var parameterUses: [ParameterUse]
    }

    public let file: String
    public let source: String
    /// The root's size: a phone screen unless given.
    public var rootSize = Size(width: 375, height: 812)

    public init(file: String, source: String) {
        self.file = file
        self.source = source
    }

    /// Imports the file.
    /// - Complexity: about the file's length, times the rounds of reading back (one per skipped block at worst).
    public func run() -> Outcome {
        let lowered = file.lowercased()
        let isSwift: Bool? = lowered.hasSuffix(".swift") ? true
            : [".m", ".mm", ".h"].contains(where: { lowered.hasSuffix($0) }) ? false : nil
        let scan = SourceScan(source, isSwift: isSwift)
        let writer = ImportWriter(file: file, scan: scan, rootSize: rootSize)
        var skipped = scan.refusals.map { r in
            Skip(location: writer.location(ofOffset: r.offset), construct: r.construct, reason: r.reason)
        }
        var left: Set<Int> = []
        // a block holding a NUL character (read as a space) is left out, with where the NUL is
        for nul in scan.nulOffsets {
            guard let b = scan.blocks.indices.first(where: { scan.blocks[$0].start <= nul && nul < scan.blocks[$0].end }),
                  left.insert(b).inserted else { continue }
            let at = writer.location(ofOffset: nul)
            skipped.append(writer.skip(block: b, reason: "it holds a NUL character at \(at.line):\(at.column ?? 1), "
                                       + "which no source file means"))
        }
        if let comment = scan.unclosedComment {
            let at = writer.location(ofOffset: comment)
            skipped.append(Skip(location: at, construct: "/*",
                                reason: "this comment is never closed: the rest of the file is read as a comment, and any "
                                    + "blocks in it are not read"))
        }
        var dropped: Set<ImportWriter.Origin> = []   // constant lines and statements
        var script: LayoutScript?
        var written = writer.layout(leavingOut: left, dropping: dropped)
        for _ in 0...(scan.blocks.count + scan.constants.count + 1) {
            written = writer.layout(leavingOut: left, dropping: dropped)
            do {
                let read = try LayoutFile(file: file, name: writer.name).parse(written.text)
                if let failed = play(read, origins: written.origins) {
                    if case .block(let b) = failed.origin {
                        left.insert(b)
                        skipped.append(writer.skip(block: b, reason: failed.reason))
                    } else {
                        dropped.insert(failed.origin)   // (a switch of a constraint no block kept)
                    }
                    continue
                }
                script = read
                break
            } catch {
                // every error of this round: the blocks and constant lines they fall in are left out (a constant
                // the reader cannot take is no constraint: it is dropped without a report)
                var progress = false
                for e in [error] + error.more {
                    switch written.origins[e.location.line] {
                    case .block(let b)?:
                        if left.insert(b).inserted {
                            skipped.append(writer.skip(block: b, reason: e.message, at: e.location, in: written))
                            progress = true
                        }
                    case let origin?:
                        // a constant or a statement the reader cannot take is no constraint: dropped
                        if dropped.insert(origin).inserted { progress = true }
                    default:
                        break
                    }
                }
                if !progress {
                    // an error outside every block (a view the code names in a way this reader cannot declare):
                    // nothing more can be left out
                    skipped.append(Skip(location: SourceLocation(file: file, line: 1, column: 1), construct: "the file",
                                        reason: "the generated layout does not read: \(error.message)"))
                    break
                }
            }
        }
        let text = written.text
        let uses = (script?.parameterUses ?? []).map { use in
            var use = use
            use.location = written.translated(use.location, file: file)
            return use
        }
        skipped.sort { ($0.location.line, $0.location.column ?? 0) < ($1.location.line, $1.location.column ?? 0) }
        let notes = scan.loopPasses.filter { !left.contains($0.block) }.map { pass in
            let block = scan.blocks[pass.block]
            return Skip(location: writer.location(ofOffset: block.start),
                        construct: "the \(block.kind.rawValue) block of \(block.receiver.isEmpty ? "self" : block.receiver)",
                        reason: "inside a '\(pass.loop)' loop: read as one pass, each name the loop gives one view")
        }
        return Outcome(layout: text, blocks: scan.blocks.count + scan.refusals.count,
                       readBlocks: script == nil ? 0 : scan.blocks.count - left.count, views: writer.views.count,
                       skipped: skipped, notes: notes, parameterUses: uses)
    }

    /// Plays the script's steps on a fresh tree; the first block that fails, with the reason.
    func play(_ script: LayoutScript, origins: [Int: ImportWriter.Origin]) -> (origin: ImportWriter.Origin, reason: String)? {
        guard let tree = try? script.makeTree() else { return nil }
        let player = LayoutPlayer(script: script, tree: tree)
        for (step, location) in script.steps {
            do {
                try player.perform(step, at: location)
            } catch {
                // (the reason without the layout's own location: the report gives the source file's)
                let text = "\(error)"
                let reason = text.firstRange(of: ": error: ").map { String(text[$0.upperBound...]) } ?? text
                if let origin = origins[location.line] { return (origin, reason) }
                return nil
            }
        }
        return nil
    }
}
