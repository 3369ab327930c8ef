#if canImport(Glibc)
import Glibc
#endif

/// The process groups of the external programs running now, so that none outlives bench: stopping a program kills
/// its whole group, and SIGINT, SIGTERM or SIGHUP to bench kill every group before bench ends with that signal.
///
/// bench is also made a *subreaper* (Linux `PR_SET_CHILD_SUBREAPER`): a process a program starts and then detaches
/// (`setsid`, a double fork) is handed to bench rather than to init when its parent ends, and `reapOrphans()`, called
/// as bench ends, ends it. (Not at each stop: a process that runs tests on several threads may have children of its
/// own in groups of their own, which a scan at each stop could not tell from orphans.)
///
/// The table is a fixed array of process ids, read by the signal handler without locks or allocation (the only
/// state a handler may touch).
public enum ChildProcessRegistry {
    /// Groups tracked at once (far more external programs than a run starts).
    static let capacity = 256
    /// The group ids, 0 where a slot is free. Allocated once, never freed.
    nonisolated(unsafe) static let groups: UnsafeMutablePointer<pid_t> = {
        let table = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity)
        table.initialize(repeating: 0, count: capacity)
        return table
    }()
    nonisolated(unsafe) static var installed = false
    /// Held while a program is started and registered, while a group is forgotten, and during `reapOrphans()`: a
    /// program just started is never taken for an orphan (tests start programs on several threads at once).
    nonisolated(unsafe) static let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
        let m = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(m, nil)
        return m
    }()

    /// Runs `body` (which starts a program and returns its shell's pid, 0 if none started) with the table locked,
    /// and records the new group; installs the handlers the first time.
    static func starting(_ body: () -> pid_t) -> pid_t {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        installIfNeeded()
        let group = body()
        if group > 0 {
            for k in 0..<capacity where groups[k] == 0 {
                groups[k] = group
                break
            }
        }
        return group
    }

    /// Forgets a group whose program was stopped.
    static func unregister(_ group: pid_t) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        for k in 0..<capacity where groups[k] == group { groups[k] = 0 }
    }

    static func installIfNeeded() {
        guard !installed else { return }
        installed = true
        _ = groups  // allocated before any handler can read it
        setChildSubreaper()
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig) { received in
                // async-signal-safe: kill(2), signal(2), raise(3) and reads of a fixed table
                for k in 0..<ChildProcessRegistry.capacity {
                    let group = ChildProcessRegistry.groups[k]
                    if group > 0 { kill(-group, SIGKILL) }
                }
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }

    /// `prctl(PR_SET_CHILD_SUBREAPER, 1)` (Linux 3.4 on; elsewhere nothing). `prctl` is variadic in C, which Swift does
    /// not call; glibc's takes its five arguments as integers, so it is called through a pointer of that type.
    static func setChildSubreaper() {
        #if os(Linux)
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        let setChildSubreaper: Int32 = 36   // PR_SET_CHILD_SUBREAPER, <linux/prctl.h>
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") else { return }
        _ = unsafeBitCast(symbol, to: Prctl.self)(setChildSubreaper, 1, 0, 0, 0)
        #endif
    }

    /// What a command calls as it ends: the processes its external programs detached, if it started any.
    public static func endDetachedProcesses() {
        if installed { reapOrphans() }
    }

    /// Ends the processes handed to bench as orphans: children of bench in a process group of their own that no
    /// running program holds (what a stopped program detached with `setsid`). bench's own children in its own group
    /// (`ProcessLauncher.shell`, `ProcessLauncher.output`) are not touched. Each one ended is reaped. For the end of a command, when bench has no
    /// children of its own left.
    /// - Complexity: one pass over `/proc`.
    static func reapOrphans() {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        let me = getpid(), mine = getpgrp()
        let live = Set((0..<capacity).map { groups[$0] }.filter { $0 > 0 })
        guard let directory = opendir("/proc") else { return }
        var orphans: [pid_t] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = pid_t(name), pid != me,
                  let (parent, group) = parentAndGroup(of: pid), parent == me, group != mine, !live.contains(group)
            else { continue }
            orphans.append(pid)
        }
        closedir(directory)
        var status: Int32 = 0
        for pid in orphans {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
        }
    }

    /// The parent and the process group of `pid`, from `/proc/PID/stat` (fields 4 and 5, after the command in
    /// parentheses, which may itself hold spaces and parentheses).
    static func parentAndGroup(of pid: pid_t) -> (parent: pid_t, group: pid_t)? {
        guard let file = fopen("/proc/\(pid)/stat", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 1024)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let close = line.lastIndex(of: ")") else { return nil }
        let fields = line[line.index(after: close)...].split(separator: " ")
        guard fields.count >= 3, let parent = pid_t(fields[1]), let group = pid_t(fields[2]) else { return nil }
        return (parent, group)
    }
}
