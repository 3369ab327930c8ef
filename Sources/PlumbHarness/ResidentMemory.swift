#if canImport(Glibc)
import Glibc
#endif

/// Resident memory as the operating system counts it (Linux `/proc`), for the property suite's memory under churn.
enum ResidentMemory {
    /// Bytes resident in every process of process group `group` (a program started by `ChildProcess` and whatever
    /// its shell started): the sum of each one's resident pages (`/proc/PID/statm`, second field). Nil when `/proc`
    /// cannot be read or no process of the group is found.
    /// - Complexity: O(processes on the machine): one read of `/proc/PID/stat` each.
    static func bytes(ofGroup group: pid_t) -> Int? {
        guard group > 0, let directory = opendir("/proc") else { return nil }
        defer { closedir(directory) }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        var total = 0
        var found = false
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = Int32(name), pid > 0, processGroup(of: pid) == group else { continue }
            guard let statm = read("/proc/\(pid)/statm"),
                  let resident = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { continue }
            total += resident * page
            found = true
        }
        return found ? total : nil
    }

    /// The process group of `pid` (`/proc/PID/stat`, the fifth field; the second, the command, is in parentheses
    /// and may hold spaces, so fields are counted after its closing parenthesis).
    static func processGroup(of pid: pid_t) -> pid_t? {
        guard let stat = read("/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // after the command: state, ppid, pgrp
        guard fields.count > 2 else { return nil }
        return pid_t(fields[2])
    }

    private static func read(_ path: String) -> String? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        return String(decoding: buffer[..<n], as: UTF8.self)
    }
}
