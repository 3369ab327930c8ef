/// A fuzz seed derived from a commit, so that each commit explores new cases while any failure replays from the
/// printed seed (`bench fuzz --seed-from-commit`).
public enum FuzzSeed {
    /// The seed when no commit is known (git missing, or not a checkout).
    public static let fallback: UInt64 = 1

    /// The 64-bit FNV-1a hash of `commit` as written (the 40 hex digits `git rev-parse HEAD` prints; surrounding
    /// whitespace ignored).
    public static func derived(fromCommit commit: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in commit.utf8 where byte != 0x20 && byte != 0x0A && byte != 0x0D && byte != 0x09 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
