#if canImport(Glibc)
import Glibc
#endif

/// The one place Plumb starts a program (`posix_spawn`): the external solvers' adapters (through `ChildProcess`, each
/// in a process group of its own), the peers' install and check commands, `git`.
///
/// Why not swift-subprocess: its API is asynchronous, and Plumb's harness, its tests and `bench` call programs from
/// synchronous code. A synchronous wrapper must block its thread until the program ends; swift-subprocess 1.0.2
/// itself starts unstructured tasks on the global executor while a program runs (its cleanup handler's
/// `withUncancelledTask`, and a `Task.sleep` loop), and on a 2-core machine the global executor has 2 threads. Two
/// callers blocked on that pool (two tests at once) left both programs finished and neither call returning: measured
/// here with 4 tasks each running `echo` through such a wrapper, even with the launch on a thread of its own.
/// A deadlock that depends on the core count is not a trade for a library, so the spawn stays here, written once.
public enum ProcessLauncher {
    /// How a program ended, or why it never ran.
    public enum Ending: Sendable, Equatable, CustomStringConvertible {
        case exited(Int32)
        case killed(signal: Int32)
        case cannotStart(String)

        /// The status a shell would give: the exit code, 128 + the signal, 127 when it never ran.
        public var shellStatus: Int32 {
            switch self {
            case .exited(let code): code
            case .killed(let signal): 128 + signal
            case .cannotStart: 127
            }
        }

        /// `exited with status 3`, `was killed by signal 9`, `could not start: ...`.
        public var description: String {
            switch self {
            case .exited(let code): "exited with status \(code)"
            case .killed(let signal): "was killed by signal \(signal)"
            case .cannotStart(let why): "could not start: \(why)"
            }
        }

        /// The ending a `waitpid` status word says.
        init(waitStatus status: Int32) {
            self = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .killed(signal: status & 0x7f)
        }
    }

    /// Where a started program's standard streams go: a descriptor of the caller's (which the caller closes after
    /// the start), or this process's own.
    struct Streams {
        var input: Int32? = nil
        var output: Int32? = nil
        var error: Int32? = nil
    }

    /// Starts `arguments` (the first is the program's path) with `streams`, in a process group of its own when
    /// `ownGroup` (so that stopping it stops whatever it starts). Returns the process id or why it could not start.
    /// The caller waits for it (`wait(for:)`, or `waitpid` for a bounded wait).
    static func spawn(_ arguments: [String], streams: Streams, ownGroup: Bool) -> Result<pid_t, StartFailure> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let given = [(streams.input, Int32(0)), (streams.output, 1), (streams.error, 2)]
        for case let (fd?, target) in given { posix_spawn_file_actions_adddup2(&actions, fd, target) }
        // the caller's copies go once they are in place (a descriptor given for two streams is closed once)
        var closed: Set<Int32> = [0, 1, 2]
        for case let (fd?, _) in given where closed.insert(fd).inserted { posix_spawn_file_actions_addclose(&actions, fd) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if ownGroup {
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, arguments[0], &actions, &attributes, &argv, environ)
        guard status == 0 else { return .failure(StartFailure(message: "cannot start \(arguments[0]): \(String(cString: strerror(status)))")) }
        return .success(child)
    }

    struct StartFailure: Error { let message: String }

    /// Waits for `pid` to end (retrying on signals) and says how it ended.
    static func wait(for pid: pid_t) -> Ending {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return .cannotStart("lost the program: \(String(cString: strerror(errno)))") }
        }
        return Ending(waitStatus: status)
    }

    /// Runs `/bin/sh -c command` to its end, its output and errors going where this process's go (`bench peers
    /// install` shows pip's progress); returns how it ended.
    public static func shell(_ command: String) -> Ending {
        fflush(nil)   // what this process printed comes before what the command prints
        switch spawn(["/bin/sh", "-c", command], streams: Streams(), ownGroup: false) {
        case .success(let pid): return wait(for: pid)
        case .failure(let failure): return .cannotStart(failure.message)
        }
    }

    /// What `program arguments...` (found on `PATH`) prints on standard output, up to `limit` bytes (the rest is
    /// read and dropped), and how it ended; its error output is discarded.
    public static func output(of program: String, _ arguments: [String], limit: Int = 1 << 20) -> (text: String, ending: Ending) {
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { return ("", .cannotStart("no pipe: \(String(cString: strerror(errno)))")) }
        _ = fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC)
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        let started = spawn(["/usr/bin/env", program] + arguments,
                            streams: Streams(output: pipeEnds[1], error: null >= 0 ? null : nil), ownGroup: false)
        close(pipeEnds[1])
        if null >= 0 { close(null) }
        defer { close(pipeEnds[0]) }
        guard case .success(let pid) = started else {
            if case .failure(let failure) = started { return ("", .cannotStart(failure.message)) }
            return ("", .cannotStart("no process"))
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
            if n > 0 {
                if bytes.count < limit { bytes += chunk[..<min(n, limit - bytes.count)] }
                continue
            }
            if n < 0 && errno == EINTR { continue }
            break
        }
        return (String(decoding: bytes, as: UTF8.self), wait(for: pid))
    }
}
