import Testing
@testable import CassowaryBackend

@Suite("ScratchList")
struct ScratchListTests {
    @Test("appends past its capacity, removes in order, clears without giving its storage back")
    func basics() {
        let list = ScratchList<Int32>(capacity: 2)
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
}
