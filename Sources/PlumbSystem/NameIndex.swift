/// Names numbered 0, 1, 2, … in the order they were first inserted, found again by their exact UTF-8 bytes (the
/// comparison `ExactName` makes: "é" as U+00E9 and as e + U+0301 are two names).
///
/// The table a reader of a million names needs: open addressing with linear probing over a power-of-two table kept
/// at most half full, each slot holding an id and 32 bits of its name's hash, so a probe compares names only when
/// those bits match. Hashes come from Swift's `Hasher` (SipHash, seeded per process), so a hostile file cannot choose
/// names that collide.
/// - Complexity: insertion and look-up take O(length of the name) expected time; the table takes 8 bytes a slot.
struct NameIndex {
    /// The names in id order.
    private(set) var names: [String] = []
    /// 0 for an empty slot, else the hash's top 32 bits above `id + 1`.
    private var slots: [UInt64]
    private var mask: Int

    /// An empty index with room for `capacity` names before it grows.
    init(capacity: Int = 0) {
        var size = 16
        while size < 2 * capacity { size *= 2 }
        slots = Array(repeating: 0, count: size)
        mask = size - 1
        names.reserveCapacity(capacity)
    }

    var count: Int { names.count }

    /// The id of `name`, if it was inserted.
    func id(of name: String) -> Int? {
        let hash = NameIndex.hash(name)
        var slot = Int(truncatingIfNeeded: hash) & mask
        let tag = hash >> 32
        while true {
            let entry = slots[slot]
            if entry == 0 { return nil }
            if entry >> 32 == tag {
                let id = Int(entry & 0xFFFF_FFFF) - 1
                if NameIndex.sameBytes(names[id], name) { return id }
            }
            slot = (slot + 1) & mask
        }
    }

    /// Whether `name` is the name with id `id` (which must be below `count`).
    func isName(_ name: String, at id: Int) -> Bool { NameIndex.sameBytes(names[id], name) }

    /// Inserts `name` with the next id and returns nil; when it is already there, changes nothing and returns its
    /// id.
    mutating func insert(_ name: String) -> Int? {
        if 2 * (names.count + 1) > slots.count { grow() }
        let hash = NameIndex.hash(name)
        var slot = Int(truncatingIfNeeded: hash) & mask
        let tag = hash >> 32
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            if entry >> 32 == tag {
                let id = Int(entry & 0xFFFF_FFFF) - 1
                if NameIndex.sameBytes(names[id], name) { return id }
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = tag << 32 | UInt64(names.count + 1)
        names.append(name)
        return nil
    }

    /// Doubles the table and places every name again.
    private mutating func grow() {
        let size = slots.count * 2
        slots = Array(repeating: 0, count: size)
        mask = size - 1
        for (id, name) in names.enumerated() {
            let hash = NameIndex.hash(name)
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = (hash >> 32) << 32 | UInt64(id + 1)
        }
    }

    private static func hash(_ name: String) -> UInt64 {
        var hasher = Hasher()
        var text = name
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        return UInt64(UInt(bitPattern: hasher.finalize()))
    }

    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in x.count == y.count && x.elementsEqual(y) }
        }
    }
}
