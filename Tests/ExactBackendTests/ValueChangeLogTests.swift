@testable import ExactBackend
import Testing

/// `ValueChangeLog`, the columns whose values moved since the answer was last read: each listed once, forgotten by
/// a restart (and then listed again), renumbered by a compaction, and given up past its limit.
@Suite struct ValueChangeLogTests {
    @Test func listsEachChangeOnceUntilARestart() {
        var log = ValueChangeLog()
        log.note(3)   // off: nothing listed
        #expect(log.columns.isEmpty)
        log.restart(on: true)
        for j in [7, 2, 7, 9, 2] { log.note(j) }
        #expect(Array(log.columns) == [7, 2, 9])
        log.restart(on: true)
        #expect(log.columns.isEmpty && !log.overflowed)
        for j in [9, 4, 9] { log.note(j) }
        #expect(Array(log.columns) == [9, 4], "a column the restart forgot is listed again, once")
        // columns 0..9 with 2 and 5 dropped: 4 -> 3, 8 -> 6, 9 -> 7
        log.note(8)
        var keep = [Bool](repeating: true, count: 10)
        keep[2] = false
        keep[5] = false
        log.renumber(Renumbering(keeping: keep))
        #expect(Array(log.columns) == [7, 3, 6])
        log.note(6)
        log.note(1)
        #expect(Array(log.columns) == [7, 3, 6, 1], "the renumbered columns are still marked as listed")
        log.restart(on: false)
        log.note(0)
        #expect(log.columns.isEmpty)
    }

    @Test func givesUpPastItsLimit() {
        var log = ValueChangeLog()
        log.restart(on: true)
        for j in 0..<(log.limit + 1) { log.note(j) }
        #expect(log.overflowed && log.columns.count >= log.limit)
        log.restart(on: true)
        #expect(!log.overflowed && log.columns.isEmpty)
        log.note(log.limit)
        #expect(Array(log.columns) == [log.limit])
    }
}
