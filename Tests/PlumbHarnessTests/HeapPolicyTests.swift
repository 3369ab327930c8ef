import Testing
@testable import PlumbHarness

/// The timing processes' allocator policy: this process's allocator takes it, started programs get it in their
/// environment, and a results file says which policy its figures were timed under.
@Suite struct HeapPolicyTests {
    @Test func thisProcessTakesTheSettings() {
        // glibc refuses a value out of range (a mapping threshold over 32 MiB on 64 bits): every one given is taken
        #expect(HeapPolicy.applyToThisProcess())
    }

    @Test func startedProgramsGetTheTunablesAheadOfTheirOwn() throws {
        let settings = HeapPolicy.environment(inheriting: nil).split(separator: ":").map(String.init)
        #expect(settings == ["glibc.malloc.trim_threshold=2147483647", "glibc.malloc.mmap_threshold=33554432",
                             "glibc.malloc.top_pad=268435456"])
        #expect(HeapPolicy.environment(inheriting: "") == HeapPolicy.environment(inheriting: nil))
        // a user's own tunables come last, and glibc takes the last value of a name
        #expect(HeapPolicy.environment(inheriting: "glibc.malloc.top_pad=0")
                == HeapPolicy.tunables + ":glibc.malloc.top_pad=0")
        // what a started program reads with the value in its environment (set for that program only)
        let value = HeapPolicy.environment(inheriting: nil)
        let (text, ending) = ProcessLauncher.output(of: "env", ["GLIBC_TUNABLES=" + value, "sh", "-c", "printf %s \"$GLIBC_TUNABLES\""])
        #expect(ending == .exited(0) && text == value)
    }

    @Test func resultsSayWhichHeapTheyWereTimedWith() throws {
        // a policy says glibc's defaults until a command applies the heap policy (`bench run` records what it did)
        #expect(TimingPolicy().heap == .systemDefault && !TimingPolicy().statement.contains("frees"))
        var results = ResultsFiles.sample()
        results.timing.heap = .keepsFreedMemory
        #expect(results.timing.statement.contains("keeps the memory it frees"))
        let read = try RunResults(json: Array(results.json().utf8), source: "memory")
        #expect(read.timing.heap == .keepsFreedMemory)
        #expect(results.json(pretty: false).contains("\"heap\":\"keeps-freed-memory\""))

        // a file from before the policy has no `heap`: its runs had glibc's defaults, and its statement says nothing of it
        results.timing.heap = .systemDefault
        let old = results.json(pretty: false).replacing(",\"heap\":\"system-default\"", with: "")
        #expect(!old.contains("\"heap\""), "the test removed the member it means to leave out")
        let oldRead = try RunResults(json: Array(old.utf8), source: "old")
        #expect(oldRead.timing.heap == .systemDefault)
        #expect(!oldRead.timing.statement.contains("frees"))

        // an unknown heap is an error that names the member and the values it may take
        let bad = results.json(pretty: false).replacing("\"system-default\"", with: "\"jemalloc\"")
        do {
            _ = try RunResults(json: Array(bad.utf8), source: "bad.json")
            Issue.record("an unknown heap was read")
        } catch {
            #expect(error.description.contains("bad.json: timing_policy.heap"))
            #expect(error.description.contains("\"keeps-freed-memory\""))
        }
    }

    @Test func aComparisonAcrossHeapsSaysSo() {
        var new = ResultsFiles.sample()
        new.timing.heap = .keepsFreedMemory
        var old = new
        old.timing.heap = .systemDefault
        let across = Comparison(old: old, new: new).summary
        #expect(across.contains { $0.contains("different heaps (system-default / keeps-freed-memory)") }, "\(across)")
        #expect(!Comparison(old: new, new: new).summary.contains { $0.contains("different heaps") })
    }
}
