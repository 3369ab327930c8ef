import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import PlumbHarness

/// `bench serve --solver NAME`: one of Plumb's back ends as an external program speaking plumb-solver/1, so that it
/// can be probed as peers are (a process of its own: fresh processes, memory, a hang that can be stopped).
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve one of this build's back ends over plumb-solver/1 on standard input and output.",
        discussion: """
        Says hello, then answers requests one line at a time until its input ends or `{"op": "quit"}` \
        (docs/solver-protocol.md): `solve` (a layout-lp/1 system, answered with layout-result/1), `load` and `run` (a \
        workload, steps marked `may_fail` included), `churn` (the loaded workload's operations played again and again \
        on one solver). `bench properties` probes Plumb's own back ends this way, each in a process of its own, exactly \
        as it probes a peer: fresh processes, memory under churn, a hang that can be stopped. Other requests are \
        answered `unsupported`.

        Example:
          echo '{"op":"solve","id":1,"system":{"format":"layout-lp/1","variables":["x"],"constraints":[{"terms":{"x":"1"},"constant":"-3","relation":"==","priority":1000}]}}' | bench serve --solver exact
        """
    )

    @Option(name: .customLong("solver"), help: "The back end to serve (see `bench list`).")
    var solver: String

    func run() throws {
        let server = SolverServer(type: try backEnd(named: solver))
        writeLine(server.hello)
        while let line = readLine(strippingNewline: true) {
            if line.allSatisfy(\.isWhitespace) { continue }
            switch server.reply(to: line) {
            case .quit: return
            case .answer(let answer): writeLine(answer)
            }
        }
    }

    private func writeLine(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.append(UInt8(ascii: "\n"))
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
            if n <= 0 { if errno == EINTR { continue }; Glibc.exit(1) }
            written += n
        }
    }
}
