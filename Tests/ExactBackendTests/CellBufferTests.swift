@testable import ExactBackend
import Testing

/// `CellBuffer`, the row store's cells: appends past every growth (doubling, then fourfold past a thousand), reads
/// and writes in place, a mapped copy that is its own, and every element released exactly once.
@Suite struct CellBufferTests {
    typealias Q = ExactRational

    /// 3,000 numbers, some held by GMP, through every growth: read back as written, one overwritten in place.
    @Test func keepsItsElementsThroughEveryGrowth() {
        let cells = CellBuffer<Q>()
        var big = Q(1)
        var expected: [Q] = []
        for k in 0..<3_000 {
            big = k % 7 == 0 ? big * Q(1_000_003) : big   // beyond 64 bits from the fourth multiplication on
            let value = k % 2 == 0 ? Q(Int64(k), 3) : big
            cells.append(value)
            expected.append(value)
        }
        #expect(cells.count == 3_000 && cells.capacity >= 3_000)
        #expect((0..<3_000).allSatisfy { cells[$0] == expected[$0] })
        cells[1_234] = Q(-5, 7)
        #expect(cells[1_234] == Q(-5, 7) && cells[1_233] == expected[1_233] && cells[1_235] == expected[1_235])
    }

    /// Room asked for ahead is there without moving the elements; the room grows to what was asked and more.
    @Test func growsToTheRoomAskedFor() {
        let cells = CellBuffer<Int>(capacity: 4)
        for k in 0..<4 { cells.append(k) }
        cells.reserveGrowing(10)
        #expect(cells.capacity >= 14)
        cells.ensureRoom(for: 100)
        #expect(cells.capacity >= 104)
        cells.reserve(500)
        #expect(cells.capacity >= 500 && cells.count == 4 && (0..<4).allSatisfy { cells[$0] == $0 })
    }

    /// A mapped copy has its own elements: writing one leaves the other as it was.
    @Test func aMappedCopyIsItsOwn() {
        let cells = CellBuffer<Int>()
        for k in [3, 1, 4, 1, 5] { cells.append(k) }
        let doubled = cells.map { 2 * $0 }
        let same = cells.map { $0 }
        same[0] = 99
        #expect((0..<5).map { doubled[$0] } == [6, 2, 8, 2, 10])
        #expect(cells[0] == 3 && same[0] == 99)
    }

    /// Every element appended is released once: an overwritten one when it is, the rest when the buffer goes
    /// (counted by the elements' own deinitializers), through two growths.
    @Test func releasesWhatItHoldsOnce() {
        final class Counter { var value = 0 }
        final class Tracked {
            let released: Counter
            init(_ released: Counter) { self.released = released }
            deinit { released.value += 1 }
        }
        let released = Counter()
        do {
            let cells = CellBuffer<Tracked>(capacity: 2)
            for _ in 0..<10 { cells.append(Tracked(released)) }
            #expect(released.value == 0)
            cells[3] = Tracked(released)
            #expect(released.value == 1, "the overwritten element released once")
        }
        #expect(released.value == 11, "the buffer gone, every element released, none twice")
    }

    /// `place` below the count writes over the element there, at the count appends (a scratch list's slots).
    @Test func placesOverOrAfterItsElements() {
        let cells = CellBuffer<Int>()
        cells.place(7, at: 0)
        cells.place(8, at: 1)
        cells.place(9, at: 0)
        #expect(cells.count == 2 && cells[0] == 9 && cells[1] == 8)
    }
}
