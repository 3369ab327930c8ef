import Foundation
import PlumbHarness

/// `2026-11-22T04:30:00Z`.
func nowStamp() -> String {
    let formatter = ISO8601DateFormatter()
    return formatter.string(from: Date())
}

/// CPU model, cores and memory, from /proc.
func machineDescription() -> String {
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
        .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" } ?? "unknown CPU"
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let gib = Double(ProcessInfo.processInfo.physicalMemory) / Double(1 << 30)
    return "\(model), \(cores) cores, \(Int(gib.rounded())) GiB"
}

/// What `git ARGS` prints in the working directory, trimmed; nil when git is missing or fails.
func git(_ args: [String]) -> String? {
    let (text, ending) = ProcessLauncher.output(of: "git", args)
    guard ending == .exited(0) else { return nil }
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// The full commit of the checkout the tool runs in (`git rev-parse HEAD`), or nil outside git.
func headCommit() -> String? {
    git(["rev-parse", "HEAD"]).flatMap { $0.isEmpty ? nil : $0 }
}

/// The checkout's commit (short), with `+` when the work tree has changes; `unknown` outside git.
func currentCommit() -> String {
    guard let commit = git(["rev-parse", "--short", "HEAD"]) else { return "unknown" }
    let dirty = !(git(["status", "--porcelain", "--untracked-files=no"]) ?? "").isEmpty
    return commit + (dirty ? "+" : "")
}

extension String {
    func replacingAll(_ target: String, _ replacement: String) -> String {
        replacingOccurrences(of: target, with: replacement)
    }
}
