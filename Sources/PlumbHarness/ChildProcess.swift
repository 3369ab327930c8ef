#if canImport(Glibc)
import Glibc
#endif
import PlumbSolver
import PlumbBatch

/// A program started with `/bin/sh -c`, talked to one line at a time over pipes, with a deadline on every exchange.
///
/// The child runs in a process group of its own, so that stopping it also stops whatever the shell started. All
/// I/O goes through `poll(2)` on the three pipes at once: a request of megabytes is written while the answer is
/// already being read, so neither side can block the other, and a program that hangs or dies is noticed.
final class ChildProcess {
    /// Why an exchange failed.
    enum Failure: Error, Equatable {
        /// The program could not be started.
        case cannotStart(String)
        /// The program ended or could not be talked to: how (its exit status or signal, a closed output, a failed
        /// poll). The tail of its standard error is in `errorTail`.
        case exited(String)
        /// No complete line within the time limit.
        case timedOut(seconds: Double)
        /// The line was longer than the limit.
        case lineTooLong(bytes: Int)
    }

    let command: String
    private(set) var pid: pid_t = 0
    private var stdinFD: Int32 = -1
    private var stdoutFD: Int32 = -1
    private var stderrFD: Int32 = -1
    /// Bytes read from standard output but not yet returned as a line.
    private var pending: [UInt8] = []
    /// The last bytes of standard error, to explain a failure.
    private(set) var errorTail: [UInt8] = []
    static let errorTailLimit = 2000
    /// The longest answer line accepted (a layout-result/1 of 100,000 views is a few megabytes).
    static let lineLimit = 512 << 20

    /// Starts `/bin/sh -c command` (through `ProcessLauncher`, in a process group of its own).
    init(command: String) throws(Failure) {
        self.command = command
        // A program that exits without reading its input must not take the harness down with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        var inPipe: [Int32] = [-1, -1], outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        guard pipe(&inPipe) == 0, pipe(&outPipe) == 0, pipe(&errPipe) == 0 else {
            throw .cannotStart("no pipes: \(String(cString: strerror(errno)))")
        }
        // The harness's ends must not leak into the child (or into a later child): close them on exec.
        for fd in [inPipe[1], outPipe[0], errPipe[0]] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var started: Result<pid_t, ProcessLauncher.StartFailure> = .failure(.init(message: "not started"))
        _ = ChildProcessRegistry.starting {
            started = ProcessLauncher.spawn(["/bin/sh", "-c", command],
                                            streams: .init(input: inPipe[0], output: outPipe[1], error: errPipe[1]), ownGroup: true)
            return (try? started.get()) ?? 0
        }
        close(inPipe[0])
        close(outPipe[1])
        close(errPipe[1])
        guard case .success(let child) = started else {
            close(inPipe[1]); close(outPipe[0]); close(errPipe[0])
            if case .failure(let failure) = started { throw .cannotStart(failure.message) }
            throw .cannotStart("cannot start /bin/sh")
        }
        pid = child
        stdinFD = inPipe[1]
        stdoutFD = outPipe[0]
        stderrFD = errPipe[0]
        for fd in [stdinFD, stdoutFD, stderrFD] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    }

    deinit { stop() }

    var isRunning: Bool { pid != 0 }

    /// Writes `line` and a newline, then waits for the next whole line of standard output (without its newline).
    /// - Complexity: O(request + answer) bytes; waits at most `timeLimit` seconds.
    func exchange(_ line: String, timeLimit: Double) throws(Failure) -> [UInt8] {
        var request = Array(line.utf8)
        request.append(UInt8(ascii: "\n"))
        return try pump(writing: request, timeLimit: timeLimit)
    }

    /// Waits for the next whole line of standard output without writing anything.
    func readLine(timeLimit: Double) throws(Failure) -> [UInt8] {
        try pump(writing: [], timeLimit: timeLimit)
    }

    /// Stops the program and its process group: SIGTERM, up to half a second for the shell to end, then SIGKILL to
    /// whatever of the group is left (a child that ignores SIGTERM outlives its shell); reaps the shell. (What the
    /// program detached from its group with `setsid` is ended when bench ends: `ChildProcessRegistry.reapOrphans()`.)
    func stop() {
        guard pid != 0 else { return }
        for fd in [stdinFD, stdoutFD, stderrFD] where fd >= 0 { close(fd) }
        stdinFD = -1; stdoutFD = -1; stderrFD = -1
        kill(-pid, SIGTERM)
        var status: Int32 = 0
        var reaped = false
        for _ in 0..<50 {  // up to 0.5 s to end by itself
            if waitpid(pid, &status, WNOHANG) == pid { reaped = true; break }
            usleep(10_000)
        }
        // the group outlives its leader while any member does: this reaches them (and nothing else: the id is not
        // reused while the group exists)
        kill(-pid, SIGKILL)
        if !reaped { waitpid(pid, &status, 0) }
        ChildProcessRegistry.unregister(pid)
        pid = 0
    }

    private func pump(writing request: [UInt8], timeLimit: Double) throws(Failure) -> [UInt8] {
        guard pid != 0 else { throw .exited("the program is not running") }
        let deadline = monotonicSeconds() + timeLimit
        var written = 0
        var stdoutOpen = true
        // the bytes of `pending` already searched for a line break: each read searches only what it added (a line
        // of hundreds of megabytes arrives in thousands of reads)
        var searched = 0
        while true {
            if let newline = pending[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                return line
            }
            searched = pending.count
            if pending.count > ChildProcess.lineLimit { throw .lineTooLong(bytes: pending.count) }
            if !stdoutOpen { throw .exited(reapStatus()) }
            let remaining = deadline - monotonicSeconds()
            if remaining <= 0 { throw .timedOut(seconds: timeLimit) }
            var fds = [pollfd(fd: stdoutFD, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: stderrFD, events: Int16(POLLIN), revents: 0)]
            if written < request.count { fds.append(pollfd(fd: stdinFD, events: Int16(POLLOUT), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), Int32(min(remaining * 1000, 1000)) + 1)
            if ready < 0 && errno != EINTR { throw .exited("poll failed: \(String(cString: strerror(errno)))") }
            if fds[1].revents != 0 { drainStandardError() }
            if fds.count > 2, fds[2].revents != 0 {
                if fds[2].revents & Int16(POLLOUT) != 0 {
                    let n = request[written...].withUnsafeBytes { write(stdinFD, $0.baseAddress, $0.count) }
                    if n > 0 { written += n } else if errno != EAGAIN && errno != EINTR { written = request.count }
                } else {
                    written = request.count  // the program closed its input; what it says next tells why
                }
            }
            if fds[0].revents != 0 { stdoutOpen = readAvailable(stdoutFD, into: &pending) }
        }
    }

    /// Reads what is available; false at end of file.
    private func readAvailable(_ fd: Int32, into buffer: inout [UInt8]) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 { buffer.append(contentsOf: chunk[..<n]); continue }
            if n == 0 { return false }
            return errno == EAGAIN || errno == EINTR
        }
    }

    private func drainStandardError() {
        guard stderrFD >= 0 else { return }
        var tail = errorTail
        if !readAvailable(stderrFD, into: &tail) { close(stderrFD); stderrFD = -1 }
        errorTail = Array(tail.suffix(ChildProcess.errorTailLimit))
    }

    /// Waits briefly for the program to end and says how it ended (its error output is in `errorTail`).
    private func reapStatus() -> String {
        drainStandardError()
        var status: Int32 = 0
        var reaped = false
        for _ in 0..<100 {
            if waitpid(pid, &status, WNOHANG) == pid { reaped = true; break }
            usleep(10_000)
        }
        guard reaped else { return "closed its output" }
        ChildProcessRegistry.unregister(pid)   // (what is left of its group is an orphan now: `reapOrphans()` ends it)
        pid = 0
        return ProcessLauncher.Ending(waitStatus: status).description
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}
