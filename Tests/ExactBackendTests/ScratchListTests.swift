@testable import ExactBackend
import Testing

/// `ScratchList`, the engine's reused buffers: emptied, refilled over the old slots, and sorted by a key both ways
/// (the insertion sort for a row's few pieces, the library's beyond sixteen).
@Suite struct ScratchListTests {
    typealias Q = ExactRational

    /// Three pairs in, emptied, two in over the old slots: the list reads the two, not the third left behind.
    @Test func refillsOverItsOldSlots() {
        var list = ScratchList<(column: Int, coefficient: Q)>()
        list.append((4, Q(1, 3)))
        list.append((2, Q(-7)))
        list.append((9, Q(5, 2)))
        #expect(list.count == 3)
        list.removeAll()
        #expect(list.isEmpty)
        list.append((1, Q(2)))
        list.append((8, Q(-1, 4)))
        #expect(list.map(\.column) == [1, 8])
        #expect(list.map(\.coefficient) == [Q(2), Q(-1, 4)])
        list[1].coefficient = Q(3)
        #expect(list[1].coefficient == Q(3) && list.count == 2)
    }

    /// Sorted by column: 6 pieces (insertion sort) and 40 (the library's), columns repeated; the columns come out
    /// non-decreasing and every piece is kept (the multiset of pairs is the one put in).
    @Test(arguments: [6, 40])
    func sortsByItsKey(count: Int) {
        var list = ScratchList<(column: Int, coefficient: Q)>()
        list.append((99, .one))   // left behind by a previous use
        list.removeAll()
        var expected: [String] = []
        for k in 0..<count {
            let column = (k * 7 + 3) % 11   // 3, 10, 6, 2, 9, 5, 1, 8, 4, 0, 7, 3, ...
            list.append((column, Q(k)))
            expected.append("\(column):\(k)")
        }
        list.sort { $0.column }
        #expect(list.count == count)
        #expect(zip(list, list.dropFirst()).allSatisfy { $0.column <= $1.column })
        #expect(list.map { "\($0.column):\($0.coefficient)" }.sorted() == expected.sorted())
    }

    /// The last elements dropped and the rest read in place: the buffer holds exactly the elements left, in order,
    /// not the slots behind them; dropping more than there are is refused (a trap, not tested here).
    @Test func dropsItsLastElementsAndLendsTheRest() {
        var list = ScratchList<Int>()
        for k in [5, 8, 13, 21, 34] { list.append(k) }
        list.removeLast(2)
        #expect(Array(list) == [5, 8, 13])
        #expect(list.withUnsafeBufferPointer { Array($0) } == [5, 8, 13])
        list.removeLast(0)
        #expect(list.count == 3)
        list.append(1)
        #expect(list.withUnsafeBufferPointer { ($0.count, $0.last) } == (4, 1))
        list.removeLast(4)
        #expect(list.isEmpty && list.withUnsafeBufferPointer { $0.isEmpty })
    }

    /// Past its first slots (8), then past 16 and 32: exact numbers too large for the inline form (held by GMP) come
    /// out as they went in, the old slots moved, not copied; refilled after emptying, the new values are read.
    @Test func growsWithItsElementsMoved() {
        var list = ScratchList<(column: Int, coefficient: Q)>()
        var big = Q(1)
        var expected: [Q] = []
        for k in 0..<40 {
            big = big * Q(1_000_003)   // beyond 64 bits from the fourth on
            list.append((k, big))
            expected.append(big)
        }
        #expect(list.count == 40)
        #expect(list.map(\.column) == Array(0..<40))
        #expect(list.map(\.coefficient) == expected)
        list.removeAll()
        list.append((7, Q(1, 2)))
        #expect(list.map(\.coefficient) == [Q(1, 2)])
    }

    /// What a list holds is released exactly once: an element overwritten by a later append when it is, the rest
    /// when the list goes (counted by the elements' own deinitializers).
    @Test func releasesWhatItHoldsOnce() {
        final class Tracked {
            let released: Counter
            init(_ released: Counter) { self.released = released }
            deinit { released.value += 1 }
        }
        final class Counter { var value = 0 }
        let released = Counter()
        do {
            var list = ScratchList<Tracked>()
            for _ in 0..<20 { list.append(Tracked(released)) }   // (grown twice on the way)
            #expect(released.value == 0)
            list.removeAll()
            #expect(released.value == 0, "emptying keeps the slots' elements until overwritten")
            for _ in 0..<5 { list.append(Tracked(released)) }
            #expect(released.value == 5, "each overwritten element released once")
            #expect(list.count == 5)
        }
        #expect(released.value == 25, "the list gone, every element it made is released, none twice")
    }

    /// Room reserved ahead (as a new solver's engine does) holds the appends without losing what is there; a
    /// smaller reservation changes nothing.
    @Test func reservesRoomAhead() {
        var list = ScratchList<(column: Int, coefficient: Q)>()
        list.reserve(16)
        for k in 0..<3 { list.append((k, Q(Int64(k), 7))) }
        list.reserve(40)   // (moves the three over)
        list.reserve(2)
        for k in 3..<40 { list.append((k, Q(Int64(k), 7))) }
        #expect(list.count == 40)
        #expect(list.map(\.column) == Array(0..<40))
        #expect(list.map(\.coefficient) == (0..<40).map { Q(Int64($0), 7) })
    }
}
