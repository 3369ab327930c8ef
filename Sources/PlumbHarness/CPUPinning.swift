#if canImport(Glibc)
import Glibc
#endif

/// Keeping every timed run on one CPU: this process's threads and every program it starts from then on (a started
/// program inherits the CPUs of the thread that starts it).
///
/// On a shared machine of few cores, a timing process moved from one core to another between runs, or a peer's process
/// put on the other core than the harness's, starts with cold caches and a core the other load is using: measured
/// here on 1,000 small app layouts, the ratio of kiwi-native to Cassowary moved between 1.87 and 2.46 from one run of
/// the same binaries to the next, and between 2.04 and 2.11 with both processes pinned to one CPU. Pinning takes no
/// core away from a solver that uses one; a peer that runs several threads shares the one CPU among them.
public enum CPUPinning {
    /// The CPUs a thread may run on, as the kernel's mask holds them (`sched_getaffinity`).
    public struct Mask: Sendable, Equatable {
        /// 1,024 bits, the size of glibc's `cpu_set_t`.
        var words = [UInt64](repeating: 0, count: 16)

        /// The CPUs in the mask, ascending.
        public var cpus: [Int] {
            var out: [Int] = []
            for (w, word) in words.enumerated() where word != 0 {
                for bit in 0..<64 where word & (1 << UInt64(bit)) != 0 { out.append(w * 64 + bit) }
            }
            return out
        }

        /// The mask of one CPU (0 ..< 1,024).
        public init(cpu: Int) {
            precondition((0..<1024).contains(cpu), "CPUPinning.Mask: CPU \(cpu) is outside 0..<1024")
            words[cpu / 64] = 1 << UInt64(cpu % 64)
        }

        init() {}
    }

    /// The highest CPU number the mask holds (glibc's `CPU_SETSIZE` - 1).
    public static let highestCPU = 1023

    /// The CPUs the calling thread may run on now; nil where the system does not say.
    /// - Complexity: one system call.
    public static func allowed() -> Mask? {
        #if canImport(Glibc)
        var mask = Mask()
        guard let call = affinityCall("sched_getaffinity") else { return nil }
        let status = mask.words.withUnsafeMutableBytes { bytes in call(0, bytes.count, bytes.baseAddress) }
        return status == 0 ? mask : nil
        #else
        return nil
        #endif
    }

    /// Restricts every thread of this process, and so every program started from now on, to `cpu`, and returns the
    /// mask the calling thread had (for `restore`). Throws, changing nothing, when `cpu` is not one this process may
    /// run on, saying which it may.
    /// - Complexity: one system call per thread of the process.
    public static func pin(to cpu: Int) throws(CPUPinningError) -> Mask {
        let before = try check(cpu)
        try apply(Mask(cpu: cpu))
        return before
    }

    /// Throws unless this process may run on `cpu` (what `pin(to:)` checks first, for a command's validation), saying
    /// which CPUs it may run on; returns the calling thread's mask.
    /// - Complexity: one system call.
    @discardableResult
    public static func check(_ cpu: Int) throws(CPUPinningError) -> Mask {
        guard let before = allowed() else {
            throw CPUPinningError("this system does not say which CPUs a process may run on, so bench cannot pin to one; "
                                  + "run without --cpu")
        }
        let cpus = before.cpus
        guard (0...highestCPU).contains(cpu), cpus.contains(cpu) else {
            throw CPUPinningError("CPU \(cpu) is not one this process may run on; it may run on "
                                  + cpuList(cpus) + " (`nproc` counts them)")
        }
        return before
    }

    /// Gives every thread of this process the mask `pin(to:)` returned (programs started later run where it says).
    /// - Complexity: one system call per thread of the process.
    public static func restore(_ mask: Mask) throws(CPUPinningError) {
        try apply(mask)
    }

    /// Sets `mask` on every thread listed in /proc/self/task (a thread that ended since is skipped).
    static func apply(_ mask: Mask) throws(CPUPinningError) {
        #if canImport(Glibc)
        var mask = mask
        var threads: [pid_t] = []
        if let dir = opendir("/proc/self/task") {
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if let tid = pid_t(name) { threads.append(tid) }
            }
            closedir(dir)
        }
        if threads.isEmpty { threads = [0] }  // (no /proc: the calling thread, and what it starts)
        guard let call = affinityCall("sched_setaffinity") else {
            throw CPUPinningError("this system's C library has no sched_setaffinity, so bench cannot pin to a CPU; run without --cpu")
        }
        for tid in threads {
            let status = mask.words.withUnsafeMutableBytes { bytes in call(tid, bytes.count, bytes.baseAddress) }
            if status != 0 && errno != ESRCH {
                throw CPUPinningError("the kernel refused to move thread \(tid) to CPUs \(cpuList(mask.cpus)) (errno \(errno))")
            }
        }
        #else
        throw CPUPinningError("pinning to a CPU needs Linux; run without --cpu")
        #endif
    }

    #if canImport(Glibc)
    /// `sched_getaffinity` or `sched_setaffinity` (same shape: a thread, the mask's size in bytes, the mask), reached
    /// through its symbol: the Glibc module leaves both out (they need `_GNU_SOURCE`).
    typealias AffinityCall = @convention(c) (pid_t, Int, UnsafeMutableRawPointer?) -> Int32
    static func affinityCall(_ name: String) -> AffinityCall? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: AffinityCall.self)
    }
    #endif

    /// "0, 1 and 3", or "0-7" for a run of consecutive CPUs.
    static func cpuList(_ cpus: [Int]) -> String {
        guard let first = cpus.first, let last = cpus.last else { return "none" }
        if cpus.count > 2 && last - first + 1 == cpus.count { return "\(first)-\(last)" }
        let names = cpus.map(String.init)
        return names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}

/// Why `CPUPinning` could not pin or restore: what to do instead.
public struct CPUPinningError: Error, CustomStringConvertible, Sendable {
    public var description: String
    init(_ description: String) { self.description = description }
}
