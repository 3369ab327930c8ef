import Testing
import PlumbSystem
import PlumbSolver
@testable import CassowaryBackend

/// A layout whose frames are derived by hand: root (0 x, 1 y, 2 w) pinned at 0, 0, 375; view k's x (4 + 4k) at
/// root.x + 8 + k, its width (6 + 4k) preferring 100 + k strongly but at most root.w - 16 - x.
private func buildHandLayout(_ s: CassowarySolver, views: Int) throws {
    try s.add(pin(0, 0), 0)
    try s.add(pin(1, 0), 1)
    try s.add(pin(2, 375), 2)
    for k in 0..<views {
        let x = 4 + 4 * k, w = x + 2
        try s.add(constraint([(x, 1), (0, -1)], -(8 + k), .equal), 10 + 4 * k)
        try s.add(pin(w, 100 + k, .high), 11 + 4 * k)
        try s.add(constraint([(x, 1), (w, 1), (2, -1)], 16, .lessOrEqual), 12 + 4 * k)
    }
    s.solved()
}

/// Whether `s` holds the hand-derived frames of `buildHandLayout`: x = 8 + k; w = min(100 + k, 375 - 16 - x).
private func holdsHandFrames(_ s: CassowarySolver, views: Int) -> Bool {
    (0..<views).allSatisfy { k in
        let x = 8 + k, w = min(100 + k, 375 - 16 - x)
        return s.val(4 + 4 * k) == Double(x) && s.val(6 + 4 * k) == Double(w)
    }
}

@Suite("SolverStorage: a freed solver's storage, reset, makes the next solver")
struct SolverStorageTests {
    @Test("the pool keeps one value: a second one given is dropped, a taker empties it")
    func poolKeepsOne() {
        let pool = StoragePool<Int>()
        #expect(pool.isEmpty && pool.take() == nil)
        #expect(pool.give(1))
        #expect(!pool.give(2), "a second value was kept over the first")
        #expect(!pool.isEmpty)
        #expect(pool.take() == 1)
        #expect(pool.isEmpty && pool.take() == nil)
        #expect(pool.give(3) && pool.take() == 3)
    }

    @Test("eight threads giving and taking: each value kept goes to one taker, never two")
    func poolHandsEachValueOnce() async {
        let pool = StoragePool<Int>()
        let taken = await withTaskGroup(of: [Int].self) { group in
            for t in 0..<8 {
                group.addTask {
                    var mine: [Int] = []
                    for i in 0..<2_000 {
                        pool.give(t * 10_000 + i)
                        if let v = pool.take() { mine.append(v) }
                    }
                    return mine
                }
            }
            var all: [Int] = []
            for await part in group { all += part }
            return all
        }
        var seen = Set<Int>()
        for v in taken { #expect(seen.insert(v).inserted, "value \(v) was taken twice") }
        #expect(taken.count >= 2_000, "the pool handed over \(taken.count) values of 16,000 gifts")
        #expect(taken.allSatisfy { $0 % 10_000 < 2_000 && $0 / 10_000 < 8 })
    }

    @Test("a solver on a freed solver's storage answers as one on new storage, step for step", arguments: 0..<4)
    func keptStorageMatchesNew(seed: Int) throws {
        var g = SplitMix64(seed: UInt64(seed) &* 104_729 &+ 3)
        let n = 8
        // A solver's random life; freed, its storage (reset) goes to the pool. Another test's solver may take it
        // first: whichever storage comes back was a used one, which is what this checks.
        var kept: SolverStorage? = nil
        for _ in 0..<50 where kept == nil {
            do {
                let used = CassowarySolver()
                var life = LockstepDriver(variables: n)
                for _ in 0..<300 { _ = life.step(&g, [used]) }
                _ = try? used.solve()
                #expect(SolverStorage.keeps(used))
            }
            kept = SolverStorage.pool.take()
        }
        var storage = try #require(kept, "no freed solver's storage came back to the pool in 50 tries")
        kept = nil
        // handed over whole: neither the freed solver nor the pool holds it any more
        #expect(isKnownUniquelyReferenced(&storage))
        let onKept = CassowarySolver(storage: storage), onNew = CassowarySolver(storage: SolverStorage())
        #expect(onKept.invariantReport().isEmpty)
        #expect(onKept.fingerprint() == onNew.fingerprint())
        var driver = LockstepDriver(variables: n)
        for step in 0..<300 {
            let errors = driver.step(&g, [onKept, onNew])
            #expect(errors[0] == errors[1], "seed \(seed) step \(step)")
            #expect(onKept.bits(n) == onNew.bits(n), "seed \(seed) step \(step)")
            if onKept.fingerprint() != onNew.fingerprint() {
                Issue.record("seed \(seed) step \(step): the tableaux differ")
                return
            }
        }
        #expect(onKept.invariantReport().isEmpty)
    }

    @Test("a large solver's storage is not kept: its memory goes back with it")
    func largeStorageIsFreed() throws {
        let small = CassowarySolver()
        try buildHandLayout(small, views: 8)
        #expect(SolverStorage.keeps(small))
        let large = CassowarySolver()
        try buildHandLayout(large, views: 1_500)   // about 4,500 rows, more symbols than a kept table holds
        #expect(large.tableau.symbols.capacity > SolverStorage.keptSymbols)
        #expect(!SolverStorage.keeps(large))
        #expect(holdsHandFrames(large, views: 1_500))
    }

    @Test("solvers made and freed on four threads at once each hold their own hand-derived frames")
    func concurrentSolversShareNothing() async {
        let results = await withTaskGroup(of: Int.self) { group in
            for t in 0..<4 {
                group.addTask {
                    var wrong = 0
                    for i in 0..<150 {
                        let s = CassowarySolver()
                        let views = 1 + (t * 7 + i) % 12
                        do { try buildHandLayout(s, views: views) } catch { wrong += 1; continue }
                        if !holdsHandFrames(s, views: views) { wrong += 1 }
                    }
                    return wrong
                }
            }
            var total = 0
            for await w in group { total += w }
            return total
        }
        #expect(results == 0, "\(results) of 600 solvers answered a wrong frame")
    }
}
