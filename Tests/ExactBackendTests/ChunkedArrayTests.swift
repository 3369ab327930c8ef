@testable import ExactBackend
import PlumbSolver
import Testing

/// `ChunkedArray` across chunk boundaries (4,096 elements each): every element reads back as written, through
/// appends, assignments and in-place reads; and ConstraintTable on top of it with ids around the boundaries.
@Suite struct ChunkedArrayTests {
    @Test func elementsReadBackAcrossChunks() {
        var a = ChunkedArray<[Int]>()
        for i in 0..<10_000 { a.append([i, -i]) }
        #expect(a.count == 10_000)
        #expect(a[0] == [0, 0] && a[4095] == [4095, -4095] && a[4096] == [4096, -4096] && a[9_999] == [9_999, -9_999])
        a[4096] = [1]
        a[8191] = []
        #expect(a[4096] == [1] && a[8191].isEmpty && a[8192] == [8192, -8192] && a[4095] == [4095, -4095])
        #expect(a.withElement(8192) { $0.count } == 2)
        #expect(a.withElement(4096) { $0.first } == 1)
        var sum = 0
        for i in a.indices { sum += a[i].first ?? 0 }
        // 0 + 1 + ... + 9999 = 49,995,000; element 4096 now holds 1 (not 4096), element 8191 nothing (not 8191).
        #expect(sum == 49_995_000 - 4096 + 1 - 8191)
    }

    /// Room reserved before the first element: the elements read back as written across the first chunk's room, its
    /// growth to a whole chunk and the next chunk; the first `room` appends do not move the first chunk's storage.
    @Test(arguments: [1, 64, 100, 5_000])
    func reservedRoomKeepsEveryElement(room: Int) {
        var a = ChunkedArray<Int>()
        a.reserve(room)
        #expect(a.count == 0 && a.indices.isEmpty)
        a.append(0)
        let first = a.withElement(0) { withUnsafePointer(to: $0) { UInt(bitPattern: $0) } }
        for i in 1..<min(room, 64) { a.append(i) }
        // (the storage of element 0 is where it was: no regrowth within the room reserved, or the 64 a chunk starts with)
        #expect(a.withElement(0) { withUnsafePointer(to: $0) { UInt(bitPattern: $0) } } == first)
        for i in a.count..<9_000 { a.append(i) }
        #expect(a.count == 9_000)
        #expect((0..<9_000).allSatisfy { a[$0] == $0 })
        a.reserve(10)   // (with elements there, nothing changes)
        #expect(a.count == 9_000 && a[8_999] == 8_999)
    }

    @Test func aReservedConstraintTableReadsAsAnother() {
        var reserved = ConstraintTable<BasicLogicals>(), plain = ConstraintTable<BasicLogicals>()
        reserved.reserve(64)
        for i in 0..<200 where i % 5 != 1 {
            reserved.insert(BasicLogicals(slack: i % 2 == 0), for: ConstraintID(i))
            plain.insert(BasicLogicals(slack: i % 2 == 0), for: ConstraintID(i))
        }
        reserved[ConstraintID(7)] = nil
        #expect(reserved.count == 159 && plain.count == 160)
        #expect(reserved[ConstraintID(1)] == nil && reserved[ConstraintID(7)] == nil && plain[ConstraintID(7)] != nil)
        #expect((0..<200).filter { $0 != 7 }.allSatisfy { reserved[ConstraintID($0)]?.slack == plain[ConstraintID($0)]?.slack })
    }

    @Test func aConstraintTableAcrossChunks() {
        var table = ConstraintTable<BasicLogicals>()
        for i in 0..<9_000 where i % 3 != 0 { table[ConstraintID(i)] = BasicLogicals(slack: i % 2 == 0) }
        #expect(table.count == 6_000)
        #expect(table[ConstraintID(4_095)] == nil)            // a multiple of 3 was never added
        #expect(table[ConstraintID(4_096)]?.slack == true)
        #expect(table[ConstraintID(4_097)]?.slack == false)
        #expect(table[ConstraintID(8_194)]?.slack == true)
        table[ConstraintID(4_097)] = nil
        #expect(table.count == 5_999 && !table.contains(ConstraintID(4_097)))
        #expect(table.read(ConstraintID(8_195)) { $0.slack } == false)
        var visited = 0, last = -1, ordered = true
        table.forEachID { id in
            visited += 1
            if id.index <= last { ordered = false }
            last = id.index
        }
        #expect(visited == 5_999 && ordered)
    }
}
