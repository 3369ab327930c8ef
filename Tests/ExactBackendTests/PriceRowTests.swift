@testable import ExactBackend
import PlumbSystem
import Testing

/// `PriceRow`, the sparse row of reduced costs: values by column, the candidates and the logged changes, a reset, and
/// a renumbering, each against what the operations written out by hand give.
@Suite struct PriceRowTests {
    typealias Q = ExactRational

    @Test func valuesCandidatesAndChangesAsWritten() {
        var row = PriceRow<Q>(tracksChanges: true)
        row.reset(columns: 10)
        #expect(row.width >= 10)
        row.add(3, Q(2))
        row.add(7, Q(-1, 2))
        row.add(3, Q(1, 3))          // 2 + 1/3
        row.add(5, .zero)            // nothing: no entry, no candidate
        #expect(row[3] == Q(7, 3))
        #expect(row[7] == Q(-1, 2))
        #expect(row[5] == .zero && row[0] == .zero)
        #expect(row.touched == [3, 7])
        #expect(row.candidates == [3, 7])
        #expect(row.changed == [3, 7])
        #expect(row.isCandidate(3) && row.isCandidate(7) && !row.isCandidate(5))
        // a candidate taken out of the list (as the pricing does) and marked again lists it once more
        row.candidates.removeFirst()
        row.unmarkCandidate(3)
        #expect(!row.isCandidate(3))
        row.markCandidate(3)
        #expect(row.candidates == [7, 3])
        // changes forgotten, then a clear logs one again; clearing a zero or an untouched column logs nothing
        row.clearChanges()
        #expect(row.changed.isEmpty && !row.isChanged(3) && !row.isChanged(7))
        row.clear(7)
        row.clear(7)
        row.clear(9)
        #expect(row[7] == .zero)
        #expect(row.changed == [7] && row.isChanged(7) && !row.isChanged(9))
        // a summed row keeps no candidates and logs nothing
        var sum = PriceRow<Q>()
        sum.reset(columns: 4)
        sum.accumulate(1, Q(5))
        sum.accumulate(1, Q(-5))
        #expect(sum[1] == .zero && sum.touched == [1] && sum.candidates.isEmpty && sum.changed.isEmpty)
    }

    /// A row made with room for 40 entries takes 40 entries, candidates and changes without moving its lists, and holds
    /// the same values as a row grown from empty.
    @Test func reservedRoomHoldsTheEntriesInPlace() {
        var row = PriceRow<Q>(tracksChanges: true, reserving: 40), grown = PriceRow<Q>(tracksChanges: true)
        row.reset(columns: 50)
        grown.reset(columns: 50)
        func base(_ list: [Int]) -> UnsafeRawPointer? { list.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) } }
        #expect(row.touched.capacity >= 40 && row.candidates.capacity >= 40 && row.changed.capacity >= 40)
        row.add(49, Q(1))
        let lists = (base(row.touched), base(row.candidates), base(row.changed))
        for j in 0..<39 {
            row.add(j, Q(Int64(j), 7))
            grown.add(j, Q(Int64(j), 7))
        }
        grown.add(49, Q(1))
        #expect(base(row.touched) == lists.0 && base(row.candidates) == lists.1 && base(row.changed) == lists.2)
        // 0 was added as 0/7: no entry in either row
        #expect(row.touched.count == 39 && grown.touched.count == 39)
        #expect((0..<50).allSatisfy { row[$0] == grown[$0] })
        #expect(row[14] == Q(2) && row[49] == Q(1) && row[45] == .zero)
        #expect(Set(row.candidates) == Set(grown.candidates) && Set(row.changed) == Set(grown.changed))
    }

    @Test func resetEmptiesTheRowAndWidens() {
        var row = PriceRow<Q>(tracksChanges: true)
        row.reset(columns: 4)
        row.add(0, Q(1))
        row.add(2, Q(3))
        row.reset(columns: 300)
        #expect(row.width >= 300)
        #expect(row[0] == .zero && row[2] == .zero && row[299] == .zero)
        #expect(row.touched.isEmpty && row.candidates.isEmpty && row.changed.isEmpty)
        #expect(!row.isCandidate(0) && !row.isChanged(2))
        row.add(2, Q(4))
        #expect(row[2] == Q(4) && row.touched == [2] && row.candidates == [2])
    }

    @Test func renumberingKeepsTheKeptColumnsInOrder() {
        var row = PriceRow<Q>(tracksChanges: true)
        row.reset(columns: 6)
        row.add(4, Q(4))
        row.add(1, Q(1))
        row.add(3, Q(3))
        row.add(5, Q(5))
        row.clearChanges()
        row.clear(3)                 // logged: [3]
        row.add(5, Q(1))             // logged: [3, 5], column 5 now 6
        // drop columns 0 and 3: 1 -> 0, 2 -> 1, 4 -> 2, 5 -> 3
        row.renumber(Renumbering(keeping: [false, true, true, false, true, true]))
        #expect(row.width == 4)
        #expect(row[0] == Q(1) && row[1] == .zero && row[2] == Q(4) && row[3] == Q(6))
        #expect(row.touched == [2, 0, 3])
        #expect(row.candidates == [2, 0, 3])
        #expect(row.changed == [3] && row.isChanged(3) && !row.isChanged(0))
        // the renumbered row goes on as any other: a new entry, a reset
        row.add(1, Q(-2))
        #expect(row[1] == Q(-2) && row.touched == [2, 0, 3, 1])
        row.reset(columns: 4)
        #expect((0..<4).allSatisfy { row[$0] == .zero })
    }
}
