import Testing
import Foundation
import PlumbSystem
import PlumbSolver
import PlumbBatch
import PlumbCorpus
import PlumbBackEnds
@testable import PlumbHarness

/// The same input gives byte-identical output in separate processes, for every back end: each process seeds
/// Swift's hashing differently, so any answer that depends on `Dictionary` or `Set` order shows up here.
///
/// The test runs this test binary twice more, each time with only `probe()` enabled (by an environment variable
/// naming the file to write), and compares the two transcripts with each other and with one made in this process.
@Suite struct CrossProcessDeterminism {
    static let probeVariable = "PLUMB_DETERMINISM_PROBE"

    /// Every back end on a sample of the corpus (through the incremental engine, every expectation) and on
    /// generated layout-lp/1 systems (layout-result/1 without timing): values printed in full.
    static func transcript() throws -> String {
        var lines: [String] = []
        let corpus = try Corpus(root: try #require(Corpus.defaultRoot()))
        let sample = corpus.entries.sorted { $0.path < $1.path }.enumerated().filter { $0.offset % 9 == 0 }.map(\.element)
        let backEnds = PlumbBackEnds.all + PlumbBackEnds.variants
        for entry in sample {
            for type in backEnds {
                lines.append("\(entry.path) \(type.name)")
                switch CorpusRunner().observe(entry, with: .native(type)) {
                case .failure(let failure): lines.append("  failed: \(failure)")
                case .success(let observations):
                    for o in observations {
                        for (view, f) in o.frames.sorted(by: { $0.key < $1.key }) {
                            lines.append("  \(view) \(f.x) \(f.y) \(f.width) \(f.height)")
                        }
                        for (p, v) in o.levelViolations.sorted(by: { $0.key < $1.key }) { lines.append("  level \(p) \(v)") }
                        lines.append("  unsatisfied \(o.unsatisfied.map { "\($0.constraint) \($0.conflictsWith ?? [])" })")
                        if let ambiguous = o.ambiguous {
                            for (view, table) in ambiguous.sorted(by: { $0.key < $1.key }) {
                                for (c, r) in table.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                                    lines.append("  ambiguous \(view).\(c.rawValue) \(r.min) \(r.max)")
                                }
                            }
                        }
                        lines.append("  \(o.converged) \(o.approximate) \(o.message)")
                    }
                }
            }
        }
        for family in Family.allCases {
            let system = try family.generate(size: 12, seed: 5, rounds: 4).linearSystem()
            for type in backEnds {
                var result = SystemRunner(roundValues: .all).run(system, solver: type)
                result.timing = nil
                lines.append(result.layoutResultJSON(pretty: false))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment[probeVariable] != nil))
    func probe() throws {
        let path = try #require(ProcessInfo.processInfo.environment[Self.probeVariable])
        let text = try Self.transcript()
        #expect(text.count > 1000)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test func separateProcessesGiveIdenticalBytes() throws {
        let binary = try #require(CommandLine.arguments.first { $0.hasSuffix(".xctest") } ?? CommandLine.arguments.first)
        var transcripts: [Data] = []
        for run in 0..<2 {
            let path = NSTemporaryDirectory() + "plumb-determinism-\(getpid())-\(run).txt"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["--testing-library", "swift-testing", "--filter", "CrossProcessDeterminism/probe"]
            var environment = ProcessInfo.processInfo.environment
            environment[Self.probeVariable] = path
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "the probe run \(run) failed")
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            try? FileManager.default.removeItem(atPath: path)
            transcripts.append(data)
        }
        let here = Data(try Self.transcript().utf8)
        #expect(transcripts[0].count > 1000)
        #expect(transcripts[0] == transcripts[1], "two processes wrote different transcripts")
        #expect(transcripts[0] == here, "a separate process wrote a different transcript than this one")
    }
}
