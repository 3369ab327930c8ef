import Foundation
import PlumbSystem
import PlumbSolver

/// Runs a program that reads layout-lp/1 on standard input and writes layout-result/1 on standard output.
public struct ExternalSolver: Sendable {
    public let name: String
    public let command: String
    /// Seconds before the program is stopped and the answer is an error.
    public var timeLimit: Double

    public init(name: String, command: String, timeLimit: Double = 600) {
        self.name = name
        self.command = command
        self.timeLimit = timeLimit
    }

    public func solve(_ system: LinearSystem) -> LayoutResult {
        let failure = { (message: String) in LayoutResult(solver: name, status: .error, message: message) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        // A program that exits without reading its input must not take the harness down with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        do { try process.run() } catch { return failure("cannot start `\(command)`: \(error)") }
        let request = Data(system.layoutLPJSON(pretty: false).utf8)
        let writer = Thread {
            try? input.fileHandleForWriting.write(contentsOf: request)
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let collected = OutputCollector()
        let readers = [Thread { collected.setOut(output.fileHandleForReading.readDataToEndOfFile()) },
                       Thread { collected.setErr(errors.fileHandleForReading.readDataToEndOfFile()) }]
        readers.forEach { $0.start() }
        let deadline = Date().addingTimeInterval(timeLimit)
        while process.isRunning {
            if Date() > deadline {
                process.terminate()
                return failure("`\(command)` took longer than \(Int(timeLimit)) s and was stopped")
            }
            usleep(2000)
        }
        while !collected.done { usleep(1000) }
        // A program may exit non-zero and still answer (kiwi_run.py exits 3 with an `infeasible` result).
        do {
            var result = try LayoutResult(layoutResult: Array(collected.out), source: name)
            result.solver = name
            return result
        } catch {
            guard process.terminationStatus == 0 else {
                let text = String(decoding: collected.err.suffix(2000), as: UTF8.self)
                return failure("`\(command)` exited with status \(process.terminationStatus): \(text)")
            }
            return failure("`\(command)` did not answer layout-result/1: \(error)")
        }
    }
}

/// Collects a child's two output streams from reader threads.
final class OutputCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var outData: Data?
    private var errData: Data?

    func setOut(_ d: Data) { lock.lock(); outData = d; lock.unlock() }
    func setErr(_ d: Data) { lock.lock(); errData = d; lock.unlock() }
    var done: Bool { lock.lock(); defer { lock.unlock() }; return outData != nil && errData != nil }
    var out: Data { lock.lock(); defer { lock.unlock() }; return outData ?? Data() }
    var err: Data { lock.lock(); defer { lock.unlock() }; return errData ?? Data() }
}
