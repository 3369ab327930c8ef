#if canImport(Glibc)
import Glibc
#endif

/// How the memory allocator behaves in a process that times solvers: the same for Plumb's own process (its back ends
/// run in it) and for every program it starts (peers and `--external` programs).
///
/// glibc's defaults give freed memory back to the kernel: the top of the heap once more than 128 KiB of it is free,
/// and every block over a threshold that moves with the program's history, which it maps and unmaps on its own. A
/// solver whose run allocates tens of megabytes then pays, in every timed run, the kernel's work of handing those pages
/// back zeroed, and how much of that it pays depends on what ran before it in the same process. Measured here before
/// this policy: the exact back end's chain-10000 build took 23 ms when only Cassowary shared its turns, 33 to 118 ms
/// when HiGHS's turns came between (the harness parsing its answers in between), while the solver's work was the same.
/// So a timing process keeps what it frees: the heap is never trimmed, blocks up to `mappingThreshold` come from the
/// heap, and it grows by `topPad` at a time. A warm-up run then warms the allocator as it warms the caches. Memory
/// under churn is read from the same kind of process, so a leak still shows as growth.
public enum HeapPolicy {
    /// Bytes free at the heap's top before glibc trims it: never, in practice (2 GiB - 1, the most `mallopt` takes).
    public static let trimThreshold = Int(Int32.max)
    /// Blocks at least this large are mapped on their own (32 MiB, glibc's largest on 64 bits; a fixed threshold
    /// also stops glibc from moving it as the program frees mapped blocks).
    public static let mappingThreshold = 32 << 20
    /// Extra bytes the heap grows by when it must grow (address space; pages come when they are touched).
    public static let topPad = 256 << 20

    /// The same settings as glibc tunables, as a started program takes them from its environment.
    public static var tunables: String {
        "glibc.malloc.trim_threshold=\(trimThreshold):glibc.malloc.mmap_threshold=\(mappingThreshold)"
            + ":glibc.malloc.top_pad=\(topPad)"
    }

    /// Applies the policy to this process (`mallopt`) and to every program it starts from now on (`GLIBC_TUNABLES`
    /// in its environment: `environment(inheriting:)`). Returns whether this process's allocator took every setting.
    /// Call it once, before the first timed run and before any thread starts a program (`setenv` is not safe beside
    /// a concurrent read of the environment).
    /// - Complexity: O(1).
    @discardableResult
    public static func apply() -> Bool {
        #if canImport(Glibc)
        let inherited = getenv("GLIBC_TUNABLES").map { String(cString: $0) }
        setenv("GLIBC_TUNABLES", environment(inheriting: inherited), 1)
        #endif
        return applyToThisProcess()
    }

    /// The value of `GLIBC_TUNABLES` for started programs: the policy's tunables ahead of `inherited` (a user's own,
    /// which keep the last word: glibc takes the last value given for a name).
    public static func environment(inheriting inherited: String?) -> String {
        guard let inherited, !inherited.isEmpty else { return tunables }
        return tunables + ":" + inherited
    }

    /// The policy's settings for this process's allocator (`mallopt`); whether it took every one.
    static func applyToThisProcess() -> Bool {
        #if canImport(Glibc)
        // `mallopt` is declared in <malloc.h>, which the Glibc module leaves out: called through its symbol, with the
        // option numbers of that header
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return false }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        let trim: Int32 = -1, pad: Int32 = -2, mapping: Int32 = -3   // M_TRIM_THRESHOLD, M_TOP_PAD, M_MMAP_THRESHOLD
        let settings: [(option: Int32, value: Int)] = [(trim, trimThreshold), (mapping, mappingThreshold), (pad, topPad)]
        return settings.allSatisfy { mallopt($0.option, Int32($0.value)) == 1 }
        #else
        return false
        #endif
    }

    /// What a reader of the figures needs to know, in one sentence.
    public static var statement: String {
        "Every timing process, Plumb's and each external program's, keeps the memory it frees (glibc's allocator: "
            + "no trimming, blocks under \(mappingThreshold >> 20) MiB from the heap, which grows "
            + "\(topPad >> 20) MiB at a time), so that no run pays the kernel for zeroed pages the run before gave "
            + "back, an amount that otherwise depended on what ran before it."
    }
}
