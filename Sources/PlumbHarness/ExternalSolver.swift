import PlumbSystem
import PlumbSolver

/// A program speaking plumb-solver/1 (docs/solver-protocol.md): started once, it answers every request of a run
/// over its standard input and output.
///
/// A program that says no hello, answers garbage, exits or runs past the time limit fails the request at hand with
/// a message that says which; it is stopped, and started again for the next request. After
/// `timeoutsBeforeGivingUp` requests in a row past the time limit (no `solve` or `run` answered between them) it is
/// given up: it is not started again, and every later request of the command fails.
public final class ExternalSolver: @unchecked Sendable {
    /// What the program said about itself in its hello line.
    public struct Hello: Sendable, Equatable {
        public var solver: String
        public var version: String
        /// Distinct non-required levels it keeps apart (nil: any number).
        public var levels: Int?
        public var strictPriorities: Bool
        public var exact: Bool
        public var edits: Bool
        public var remove: Bool
        public var setConstant: Bool
        /// `run` takes `"repeat"`: several runs back to back in one request.
        public var repeats: Bool = false
        /// Steps may be marked `"may_fail"`: a refusal is counted (`"refused"` in the run's answer) and the run goes on.
        public var mayFail: Bool = false
        /// It answers `churn`: the loaded workload's operations played again and again on one solver.
        public var churn: Bool = false
        /// The grid its values lie on (`supports.resolution`; 1 for whole pixels), nil for continuous values. The judge
        /// accepts a frame component within half of it and widens level totals by what rounding can move them.
        public var resolution: Double? = nil
        /// It drops a required constraint it cannot satisfy without an error (`supports.drops_unsatisfiable`): an
        /// unsatisfiable layout answered with frames is then named a dropped constraint, not a missed conflict.
        public var dropsUnsatisfiable: Bool = false

        /// What it declares, in words: `floating point, weighted priorities, at most 3 priority levels, edits, …`.
        public var traits: [String] {
            let levelText = levels.map { "at most \($0) priority level\($0 == 1 ? "" : "s")" } ?? "any number of priority levels"
            var traits = [exact ? "exact" : "floating point", strictPriorities ? "strict priorities" : "weighted priorities",
                          levelText, edits ? "edits" : "no edits", remove ? "removal" : "no removal",
                          setConstant ? "constant changes" : "no constant changes"]
            if let resolution {
                traits.append(resolution == 1 ? "whole pixels" : "values on a grid of \(resolution)")
            }
            if dropsUnsatisfiable { traits.append("drops a required constraint it cannot satisfy, silently") }
            return traits
        }

        /// `kiwi 1.5.1: floating point, weighted priorities, …`.
        public var declaration: String { "\(solver) \(version): " + traits.joined(separator: ", ") }
    }

    /// Why a request got no usable answer.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public enum Kind: Sendable { case unsupported, infeasible, error }
        public let kind: Kind
        public let description: String
    }

    public let name: String
    public let command: String
    /// Seconds a request may take before the program is stopped.
    public var timeLimit: Double
    /// Seconds the program may take to say hello.
    public var startLimit: Double = 30
    private var process: ChildProcess?
    private var nextID = 0
    /// The hello of the running program (nil before the first start, or when it failed to start).
    public private(set) var hello: Hello?
    /// Times the program was started.
    public private(set) var starts = 0

    /// Seconds a request may take unless a command says otherwise (`--request-time-limit`): the same for every
    /// command that talks to external programs.
    public static let defaultRequestLimit = 30.0
    /// Requests past the time limit, with no `solve` or `run` answered between them, after which the program is given
    /// up for the rest of the run: a program that hangs costs two time limits, not two per layout.
    public static let timeoutsBeforeGivingUp = 2
    /// Requests past the time limit since the last answered `solve` or `run`.
    public private(set) var consecutiveTimeouts = 0

    /// Takes back a give-up after timeouts: for a probe whose cases are made to be hard (the property suite's
    /// termination cases), where a program stopped on one case is started again for the next, whatever came before.
    public func forgiveTimeouts() { consecutiveTimeouts = 0 }

    public init(name: String, command: String, timeLimit: Double = ExternalSolver.defaultRequestLimit) {
        self.name = name
        self.command = command
        self.timeLimit = timeLimit
    }

    deinit { process?.stop() }

    /// Starts the program if it is not running and reads its hello.
    public func start() throws(Failure) {
        if process?.isRunning == true, hello != nil { return }
        if consecutiveTimeouts >= Self.timeoutsBeforeGivingUp {
            throw Failure(kind: .error, description: "`\(name)` was given up: its last \(consecutiveTimeouts) requests went past "
                + "the \(formatSeconds(timeLimit)) limit (--request-time-limit)")
        }
        process?.stop()
        process = nil
        starts += 1
        let child: ChildProcess
        do { child = try ChildProcess(command: command) } catch { throw failure(error) }
        process = child
        let line: [UInt8]
        do { line = try child.readLine(timeLimit: startLimit) } catch {
            let why = failure(error, what: "its hello line")
            stop()
            throw why
        }
        do {
            hello = try Self.readHello(line)
        } catch {
            stop()
            throw error
        }
    }

    /// Stops the program (it is started again by the next request).
    public func stop() {
        process?.stop()
        process = nil
    }

    /// The answer to judge: `solve` with the system, as layout-result/1.
    public func solve(_ system: LinearSystem) -> LayoutResult {
        do {
            let answer = try request(op: "solve", body: "\"system\":" + system.layoutLPJSON(pretty: false))
            guard let result = answer["result"] else { throw protocolError("the answer to `solve` has no \"result\"") }
            var read = try LayoutResult(layoutResult: Array(JSONWriter.write(result, pretty: false).utf8), source: name)
            read.solver = name
            read.message = Self.shortened(read.message)
            return read
        } catch let failure as Failure {
            let status: LayoutResult.Status = failure.kind == .unsupported ? .unsupported : .error
            return LayoutResult(solver: name, status: status, message: Self.shortened(failure.description))
        } catch {
            return LayoutResult(solver: name, status: .error, message: "`\(name)` answered `solve` with a result that is not layout-result/1: \(error)")
        }
    }

    /// Loads the workload that the next `run()` calls time.
    public func load(_ workload: Workload) throws(Failure) {
        let answer = try request(op: "load", body: "\"workload\":" + workload.protocolJSON())
        try checkStatus(answer, op: "load")
    }

    /// One timed run of the loaded workload on a fresh solver, with the figures the program measured.
    /// `values`: also the value of every variable after the last operation.
    public func run(operations expected: Int, values: Bool = false) throws(Failure) -> (sample: RunSample, values: [String: Double]) {
        let (sample, read, _) = try runListingRefusals(operations: expected, values: values)
        return (sample, read)
    }

    /// `run(operations:values:)`, with the steps marked `may_fail` that the program refused, as (operation, step).
    public func runListingRefusals(operations expected: Int, values: Bool = false) throws(Failure)
        -> (sample: RunSample, values: [String: Double], refused: [(operation: Int, step: Int)]) {
        let answer = try request(op: "run", body: values ? "\"values\":true" : nil)
        try checkStatus(answer, op: "run")
        let sample = try Self.sample(answer, operations: expected, failure: protocolError)
        var read: [String: Double] = [:]
        if values {
            for member in answer["values"]?.objectMembers ?? [] {
                guard let lexeme = member.value.numberLexeme ?? member.value.stringValue,
                      let v = Double(lexeme) ?? (try? Rational(parsing: lexeme))?.doubleValue else {
                    throw protocolError("value of \(member.key) is not a number")
                }
                read[member.key] = v
            }
        }
        var refused: [(operation: Int, step: Int)] = []
        for entry in answer["refused"]?.arrayValue ?? [] {
            guard let pair = entry.arrayValue, pair.count == 2, let k = pair[0].numberLexeme.flatMap({ Int($0) }),
                  let j = pair[1].numberLexeme.flatMap({ Int($0) }) else {
                throw protocolError("\"refused\" must list [operation, step] pairs of whole numbers")
            }
            refused.append((k, j))
        }
        return (sample, read, refused)
    }

    /// `cycles` more cycles of the loaded workload's operations on the program's churn solver (made at the first
    /// `churn` after a `load`): the cycles played on it so far, and the seconds this request's cycles took.
    public func churn(cycles: Int) throws(Failure) -> (total: Int, seconds: Double) {
        let answer = try request(op: "churn", body: "\"cycles\":\(cycles)")
        try checkStatus(answer, op: "churn")
        guard let total = answer["cycles"]?.numberLexeme.flatMap({ Int($0) }), total >= cycles,
              let seconds = answer["seconds"]?.numberLexeme.flatMap({ Double($0) }), seconds >= 0, seconds <= Self.longestRun else {
            throw protocolError("the answer to `churn` needs \"cycles\" (the cycles so far) and \"seconds\"")
        }
        return (total, seconds)
    }

    /// Bytes resident in the running program's processes (its process group), as the operating system counts them;
    /// nil when it is not running or `/proc` cannot say.
    public var residentBytes: Int? {
        guard let process, process.isRunning else { return nil }
        return ResidentMemory.bytes(ofGroup: process.pid)
    }

    /// `warmups` untimed runs then `count` timed runs of the loaded workload, back to back in the program when its
    /// hello says `repeat` (one request), else one request each.
    /// - Complexity: `warmups + count` runs; one request and answer when the program supports `repeat`.
    public func runs(_ count: Int, warmups: Int = 0, operations expected: Int) throws(Failure) -> [RunSample] {
        try start()
        guard hello?.repeats == true else {
            for _ in 0..<warmups { _ = try run(operations: expected) }
            var samples: [RunSample] = []
            for _ in 0..<count { samples.append(try run(operations: expected).sample) }
            return samples
        }
        let answer = try request(op: "run", body: "\"repeat\":\(count),\"warmup\":\(warmups)")
        try checkStatus(answer, op: "run")
        guard let list = answer["runs"]?.arrayValue, list.count == count else {
            throw protocolError("the answer to `run` with \"repeat\": \(count) needs \"runs\" with \(count) entries")
        }
        var samples: [RunSample] = []
        for (i, entry) in list.enumerated() {
            samples.append(try Self.sample(entry, operations: expected) { protocolError("runs[\(i)]: " + $0) })
        }
        return samples
    }

    /// The longest run a timing may claim: a day. A figure beyond (10³⁰⁰ s) is garbage, not a slow solver.
    static let longestRun = RunResults.longestSample

    /// One run's figures from an answer (or an entry of `runs`).
    private static func sample(_ answer: JSONValue, operations expected: Int,
                               failure: (String) -> Failure) throws(Failure) -> RunSample {
        func seconds(_ key: String) throws(Failure) -> Double {
            guard let lexeme = answer[key]?.numberLexeme, let s = Double(lexeme), s >= 0, s <= longestRun else {
                throw failure("the answer to `run` needs \"\(key)\" as a number of seconds from 0 to \(Int(longestRun)) "
                    + "(got \(answer[key]?.numberLexeme?.excerpt ?? "no number"))")
            }
            return s
        }
        let build = try seconds("build_solve_s")
        let edits = try seconds("edit_total_s")
        var operations: [Double] = []
        for entry in answer["operations"]?.arrayValue ?? [] {
            guard let lexeme = entry.numberLexeme, let s = Double(lexeme), s >= 0, s <= longestRun else {
                throw failure("\"operations\" must hold a number of seconds from 0 to \(Int(longestRun)) per operation")
            }
            operations.append(s)
        }
        guard operations.count == expected else {
            throw failure("the answer to `run` times \(operations.count) operations; the workload has \(expected)")
        }
        return RunSample(buildSolve: build, editTotal: edits, operations: operations)
    }

    // MARK: - Requests

    /// Sends one request and reads the answer with the same id; any failure stops the program.
    private func request(op: String, body: String?) throws(Failure) -> JSONValue {
        try start()
        nextID += 1
        let id = nextID
        let line = "{\"op\":\"\(op)\",\"id\":\(id)" + (body.map { "," + $0 } ?? "") + "}"
        guard let process else { throw Failure(kind: .error, description: "`\(name)` is not running") }
        let bytes: [UInt8]
        do { bytes = try process.exchange(line, timeLimit: timeLimit) } catch {
            let message = failure(error, what: "its answer to `\(op)`")
            if case .timedOut = error { consecutiveTimeouts += 1 }
            stop()
            throw message
        }
        // (only an answered `solve` or `run` counts as the program working: one that loads and then hangs on every
        // run is given up all the same)
        if op == "solve" || op == "run" || op == "churn" { consecutiveTimeouts = 0 }
        let answer: JSONValue
        do { answer = try JSONParser(maxDepth: 64, maxNumberLength: 4096).parse(bytes) } catch {
            stop()
            throw protocolError("answered `\(op)` with a line that is not JSON (\(error)): \(Self.excerpt(bytes))")
        }
        guard answer["id"]?.numberLexeme == "\(id)" else {
            stop()
            throw protocolError("answered `\(op)` (id \(id)) with a line that is not its answer: \(Self.excerpt(bytes))")
        }
        return answer
    }

    private func checkStatus(_ answer: JSONValue, op: String) throws(Failure) {
        let message = answer["message"]?.stringValue ?? ""
        switch answer["status"]?.stringValue {
        case "ok": return
        case "unsupported": throw Failure(kind: .unsupported, description: message.isEmpty ? "unsupported" : Self.shortened(message))
        case "infeasible": throw Failure(kind: .infeasible, description: "infeasible" + (message.isEmpty ? "" : ": " + message))
        case "error": throw Failure(kind: .error, description: "`\(name)` failed at `\(op)`" + (message.isEmpty ? "" : ": " + Self.shortened(message)))
        default: throw protocolError("the answer to `\(op)` needs \"status\": ok, unsupported, infeasible or error")
        }
    }

    private func protocolError(_ text: String) -> Failure {
        Failure(kind: .error, description: "`\(name)` broke plumb-solver/1: \(text)")
    }

    /// `what`: what was awaited, as "its answer to `run`".
    private func failure(_ error: ChildProcess.Failure, what: String = "its answer") -> Failure {
        let tail = String(decoding: process?.errorTail ?? [], as: UTF8.self).trimmingSpaces
        let stderr = tail.isEmpty ? "" : "; its last error output: \(tail.suffix(400))"
        switch error {
        case .cannotStart(let why):
            return Failure(kind: .error, description: "cannot start `\(command)`: \(why)")
        case .exited(let how):
            return Failure(kind: .error, description: "`\(name)` (`\(command)`) \(how) before \(what)\(stderr)")
        case .timedOut(let seconds):
            return Failure(kind: .error, description: "`\(name)` did not send \(what) within \(formatSeconds(seconds)) and was stopped\(stderr)")
        case .lineTooLong(let bytes):
            return Failure(kind: .error, description: "`\(name)` wrote a line of \(bytes) bytes, over the limit, as \(what)")
        }
    }

    /// The longest message of a program's kept in results and reports (a 10 MB message is cut, with its length).
    static let longestMessage = 2_000

    /// `message` cut to `longestMessage` characters, saying how long it was.
    static func shortened(_ message: String) -> String {
        guard message.utf8.count > longestMessage else { return message }
        return String(message.prefix(longestMessage)) + "… (\(message.utf8.count) bytes in all)"
    }

    static func excerpt(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes.prefix(200), as: UTF8.self)
        return "`" + text + (bytes.count > 200 ? "…" : "") + "`"
    }

    static func readHello(_ line: [UInt8]) throws(Failure) -> Hello {
        let broken = { (why: String) in Failure(kind: .error, description: "the program's first line must be a plumb-solver/1 hello (docs/solver-protocol.md): \(why)") }
        guard let hello = try? JSONParser.parse(line) else { throw broken("it is not JSON: \(excerpt(line))") }
        guard hello["protocol"]?.stringValue == "plumb-solver/1" else { throw broken("\"protocol\" is not \"plumb-solver/1\": \(excerpt(line))") }
        let supports = hello["supports"]
        func flag(_ key: String) -> Bool { supports?[key]?.boolValue ?? false }
        var levels: Int?
        if let lexeme = supports?["levels"]?.numberLexeme {
            guard let n = Int(lexeme), n >= 0 else { throw broken("\"supports.levels\" must be a whole number or null") }
            levels = n
        }
        var resolution: Double?
        if let lexeme = supports?["resolution"]?.numberLexeme {
            guard let r = Double(lexeme), r.isFinite, r > 0 else { throw broken("\"supports.resolution\" must be a positive number") }
            resolution = r
        }
        return Hello(solver: hello["solver"]?.stringValue ?? "?", version: hello["version"]?.stringValue ?? "?", levels: levels,
                     strictPriorities: flag("strict_priorities"), exact: flag("exact"), edits: flag("edits"),
                     remove: flag("remove"), setConstant: flag("set_constant"), repeats: flag("repeat"),
                     mayFail: flag("may_fail"), churn: flag("churn"), resolution: resolution,
                     dropsUnsatisfiable: flag("drops_unsatisfiable"))
    }
}
