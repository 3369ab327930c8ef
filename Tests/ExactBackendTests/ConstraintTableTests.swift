@testable import ExactBackend
import PlumbSolver
import Testing

/// `ConstraintTable.waitingInOrder()`: the waiting entries, each once, in the order `forEach` visits them, whether it
/// passes over the table (many wait, as in a build) or reads the ids listed since the last call (a few wait); and
/// `modify`, which changes an entry in place and keeps that count and list.
@Suite struct ConstraintTableTests {
    struct Slot: WaitingEntry, Equatable {
        var waits: Bool
        var isWaiting: Bool { waits }
        static var vacant: Slot { Slot(waits: false) }
    }

    func waitingIDs(_ table: inout ConstraintTable<Slot>) -> [Int] {
        let ids = table.waitingInOrder()
        for id in ids { #expect(table.read(id) { $0.waits } == true) }
        return ids.map(\.index)
    }

    @Test func visitsTheWaitingEntriesOnceInIDOrder() {
        var table = ConstraintTable<Slot>()
        for i in 0..<1_000 { table.insert(Slot(waits: true), for: ConstraintID(i)) }
        #expect(waitingIDs(&table) == Array(0..<1_000))        // a build: every entry waits, one pass

        for i in 0..<1_000 where i != 5 && i != 700 { table[ConstraintID(i)] = Slot(waits: false) }
        table[ConstraintID(-3)] = Slot(waits: true)
        table[ConstraintID(100_000)] = Slot(waits: true)
        table[ConstraintID(700)] = nil
        table[ConstraintID(42)] = Slot(waits: true)
        table[ConstraintID(42)] = Slot(waits: true)               // waiting again: listed once
        // by hand: 5 and 42 in the array part, then -3 and 100,000 (sorted) in the dictionary
        #expect(table.waiting == 4)
        #expect(waitingIDs(&table) == [5, 42, -3, 100_000])
        #expect(waitingIDs(&table) == [5, 42, -3, 100_000])    // the list kept for the next call

        table[ConstraintID(5)] = Slot(waits: false)
        table[ConstraintID(-3)] = nil
        table[ConstraintID(999)] = Slot(waits: true)
        #expect(waitingIDs(&table) == [42, 999, 100_000])
        var passed: [Int] = []
        table.forEach { id, entry in if entry.waits { passed.append(id.index) } }
        #expect(passed == [42, 999, 100_000])

        // changed in place: 42 stops waiting, 3 (in the array) begins, 100,000 (in the dictionary) still waits, 700 is gone
        #expect(table.modify(ConstraintID(42)) { $0.waits = false } != nil)
        #expect(table.modify(ConstraintID(3)) { $0.waits = true } != nil)
        #expect(table.modify(ConstraintID(100_000)) { $0.waits = true } != nil)
        #expect(table.modify(ConstraintID(700)) { $0.waits = true } == nil)   // removed above
        #expect(table.waiting == 3)
        #expect(waitingIDs(&table) == [3, 999, 100_000])
    }
}
