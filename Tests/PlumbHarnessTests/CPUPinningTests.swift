import Testing
@testable import PlumbHarness

/// Pinning the timing processes to one CPU: the kernel's mask is what `pin` asked for until `restore`, a CPU this
/// process may not use is refused with the ones it may, and a results file says where its figures were timed.
@Suite(.serialized) struct CPUPinningTests {
    @Test func aMaskListsItsCPUs() {
        #expect(CPUPinning.Mask(cpu: 0).cpus == [0])
        #expect(CPUPinning.Mask(cpu: 65).cpus == [65])
        #expect(CPUPinning.Mask(cpu: 1023).cpus == [1023])
        #expect(CPUPinning.cpuList([0, 1, 2, 3]) == "0-3")
        #expect(CPUPinning.cpuList([0, 1]) == "0 and 1")
        #expect(CPUPinning.cpuList([0, 2, 5]) == "0, 2 and 5")
        #expect(CPUPinning.cpuList([3]) == "3")
    }

    @Test func pinningHoldsUntilRestored() throws {
        guard let before = CPUPinning.allowed(), let last = before.cpus.last else {
            Issue.record("this Linux machine does not say which CPUs the tests may run on")
            return
        }
        // the last allowed CPU, so that a machine of one CPU still pins (to the one it has)
        let saved = try CPUPinning.pin(to: last)
        let pinned = CPUPinning.allowed()
        // a program started now inherits the mask (what `bench run --cpu` relies on for its peers)
        let (text, ending) = ProcessLauncher.output(of: "sh", ["-c", "grep Cpus_allowed_list /proc/self/status"])
        try CPUPinning.restore(saved)
        #expect(saved == before)
        #expect(pinned?.cpus == [last])
        #expect(ending == .exited(0) && text.hasSuffix("\t\(last)\n"), "\(text)")
        #expect(CPUPinning.allowed() == before)
    }

    @Test func aCPUOutOfReachIsRefusedWithTheOnesInReach() throws {
        guard let before = CPUPinning.allowed() else { return }
        for cpu in [-1, CPUPinning.highestCPU + 1, (before.cpus.last ?? 0) + 1] where !before.cpus.contains(cpu) {
            do {
                _ = try CPUPinning.pin(to: cpu)
                Issue.record("CPU \(cpu) was taken")
            } catch {
                #expect(error.description.contains("CPU \(cpu) is not one this process may run on"))
                #expect(error.description.contains(CPUPinning.cpuList(before.cpus)))
            }
            #expect(CPUPinning.allowed() == before, "a refused pin changed the mask")
        }
    }

    @Test func resultsSayWhereTheyWereTimed() throws {
        var results = ResultsFiles.sample()
        #expect(results.timing.cpu == nil && !results.timing.statement.contains("pinned"))
        results.timing.cpu = 1
        #expect(results.timing.statement.contains("Every timed run was on CPU 1"))
        #expect(results.json(pretty: false).contains("\"cpu\":1"))
        let read = try RunResults(json: Array(results.json().utf8), source: "memory")
        #expect(read.timing.cpu == 1)

        // a file from before `--cpu` has no `cpu`: the kernel placed its runs
        let old = results.json(pretty: false).replacing(",\"cpu\":1", with: "")
        #expect(!old.contains("\"cpu\""), "the test removed the member it means to leave out")
        #expect(try RunResults(json: Array(old.utf8), source: "old").timing.cpu == nil)

        let bad = results.json(pretty: false).replacing("\"cpu\":1", with: "\"cpu\":5000")
        do {
            _ = try RunResults(json: Array(bad.utf8), source: "bad.json")
            Issue.record("CPU 5000 was read")
        } catch {
            #expect(error.description.contains("bad.json: timing_policy.cpu holds 5000"))
        }

        // a comparison across placements warns; one within a placement does not
        var unpinned = results
        unpinned.timing.cpu = nil
        #expect(Comparison(old: unpinned, new: results).summary.contains { $0.contains("placed differently (unpinned / on CPU 1)") })
        #expect(!Comparison(old: results, new: results).summary.contains { $0.contains("placed differently") })
    }
}
