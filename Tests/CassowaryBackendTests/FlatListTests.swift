import Testing
@testable import CassowaryBackend

@Suite("FlatList")
struct FlatListTests {
    @Test("appends past its capacity, removes in order, clears without giving its storage back")
    func basics() {
        let list = FlatList<Int32>(capacity: 2)
        for k in 0..<10 { list.append(Int32(k * k)) }
        #expect(list.count == 10)
        #expect(Array(list.buffer) == [0, 1, 4, 9, 16, 25, 36, 49, 64, 81])
        #expect(list.capacity >= 10)
        list.remove(at: 2)                       // 4 goes, the rest keep their order
        #expect(Array(list.buffer) == [0, 1, 9, 16, 25, 36, 49, 64, 81])
        #expect(list.firstIndex(of: 49) == 6)
        #expect(list.firstIndex(of: 4) == nil)
        list[0] = 7
        list.removeLast()
        #expect(Array(list.buffer) == [7, 1, 9, 16, 25, 36, 49, 64])
        let capacity = list.capacity
        list.removeAll()
        #expect(list.isEmpty && list.capacity == capacity)
        list.append(5)
        #expect(Array(list.buffer) == [5])
    }

    @Test("extends with a fill up to an index, drops a tail, reserves, and writes a stored struct's field in place")
    func tablesAndRecords() {
        let table = FlatList<Int32>(capacity: 1)
        table.extend(toInclude: 4, with: -1)
        #expect(Array(table.buffer) == [-1, -1, -1, -1, -1])
        table[2] = 7
        table.extend(toInclude: 3, with: 0)      // already there: nothing changes
        table.extend(toInclude: 6, with: 0)
        #expect(Array(table.buffer) == [-1, -1, 7, -1, -1, 0, 0])
        table.removeLast(3)
        #expect(Array(table.buffer) == [-1, -1, 7, -1])
        table.reserve(100)
        #expect(table.capacity >= 100 && Array(table.buffer) == [-1, -1, 7, -1])

        #expect(table.popLast() == -1 && table.popLast() == 7)
        let copy = FlatList<Int32>(capacity: 1)
        copy.append(5)
        copy.assign(from: table)                 // its own storage, the other's elements
        table[0] = 3
        #expect(Array(copy.buffer) == [-1, -1] && Array(table.buffer) == [3, -1])
        #expect(FlatList<Int32>().popLast() == nil)

        struct Pair: Equatable { var a: Int; var b: Double }
        let pairs = FlatList<Pair>()
        pairs.append(Pair(a: 1, b: 0.5))
        pairs.append(Pair(a: 2, b: 1.5))
        pairs[1].b += 1
        pairs[0].a = 9
        #expect(Array(pairs.buffer) == [Pair(a: 9, b: 0.5), Pair(a: 2, b: 2.5)])
    }
}
