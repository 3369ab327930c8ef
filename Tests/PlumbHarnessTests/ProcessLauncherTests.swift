import Testing
@testable import PlumbHarness

/// The one place programs start: how they end, what they print, what they are given.
@Suite struct ProcessLaunching {
    @Test func aShellCommandEndsAsItSays() {
        #expect(ProcessLauncher.shell("exit 3") == .exited(3))
        #expect(ProcessLauncher.shell("true") == .exited(0))
        #expect(ProcessLauncher.shell("kill -9 $$") == .killed(signal: 9))
        #expect(ProcessLauncher.shell("kill -9 $$").shellStatus == 137)
        // sh's own status for a command it cannot find
        #expect(ProcessLauncher.shell("no-such-command-plumb 2>/dev/null") == .exited(127))
        #expect(Peer.shell("exit 7") == 7)
    }

    @Test func outputIsCapturedUpToTheLimit() {
        let (text, ending) = ProcessLauncher.output(of: "printf", ["%s-%s", "a", "b"])
        #expect(text == "a-b" && ending == .exited(0))
        // more than the limit: the rest is read (the program is not blocked on a full pipe) and dropped
        let (head, end) = ProcessLauncher.output(of: "sh", ["-c", "yes x | head -c 300000; echo done >&2"], limit: 10)
        #expect(head == "x\nx\nx\nx\nx\n" && end == .exited(0))
        // a program not on PATH: env says so with 127, and its error output is discarded
        let (none, missing) = ProcessLauncher.output(of: "no-such-program-plumb", [])
        #expect(none.isEmpty && missing == .exited(127))
        let (_, failing) = ProcessLauncher.output(of: "sh", ["-c", "exit 4"])
        #expect(failing == .exited(4))
    }

    /// A child started for the protocol leads a process group of its own; the shell and the output runs do not.
    @Test func onlyAdaptersGetAGroupOfTheirOwn() throws {
        // field 5 of /proc/PID/stat is the process group (the command, field 2, is `sh` or `env`: no spaces)
        let (group, _) = ProcessLauncher.output(of: "sh", ["-c", "cut -d' ' -f5 /proc/$$/stat"])
        let (mine, _) = ProcessLauncher.output(of: "sh", ["-c", "cut -d' ' -f5 /proc/$PPID/stat"])
        #expect(!group.isEmpty && group.trimmingSpaces == mine.trimmingSpaces)
        let child = try ChildProcess(command: "cut -d' ' -f1,5 /proc/$$/stat; cat")
        let line = String(decoding: try child.readLine(timeLimit: 10), as: UTF8.self)
        let fields = line.split(separator: " ")
        #expect(fields.count == 2 && fields[0] == fields[1], "\(line)")
        child.stop()
        #expect(!child.isRunning)
    }
}
