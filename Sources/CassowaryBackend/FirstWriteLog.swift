/// The building block of every part's undo journal: which ids (rows or symbols) were written since the journal
/// opened, one stamp per id, so that a part saves an id's old state on its first write only and the check on every
/// later write is one comparison.
///
/// Ids at or above `limit` (the count when the journal opened) were created since: they are never saved, because a
/// rollback drops them. The stamps grow when the journal opens (never on the paths that create ids), and a closed log
/// answers every write with one test of `isOpen`.
struct FirstWriteLog {
    private let stamp = FlatList<UInt32>()
    /// Bumped at every `open`; a stamp equal to it marks an id written in this epoch.
    private var epoch: UInt32 = 0
    /// Ids below this existed when the journal opened.
    private(set) var limit = 0
    private(set) var isOpen = false

    /// Starts an epoch for the ids `0..<idCount`.
    mutating func open(idCount: Int) {
        if stamp.count < idCount { stamp.extend(toInclude: idCount - 1, with: 0) }
        epoch &+= 1
        if epoch == 0 {
            for i in stamp.indices { stamp[i] = 0 }
            epoch = 1
        }
        limit = idCount
        isOpen = true
    }

    /// Room for `n` ids, so that opening the journal over that many allocates nothing.
    func reserve(_ n: Int) { stamp.reserve(n) }

    mutating func close() {
        isOpen = false
        limit = 0
    }

    /// True exactly once per epoch for each id that existed when the log opened (the caller then saves its state).
    @inline(__always) mutating func isFirstWrite(_ id: Int32) -> Bool {
        guard isOpen, Int(id) < limit, stamp[Int(id)] != epoch else { return false }
        stamp[Int(id)] = epoch
        return true
    }

    var footprintBytes: Int { stamp.footprintBytes }
}

/// Bytes held by an array's buffer (its capacity), for the parts' memory accounting.
@inline(__always) func bufferBytes<T>(_ a: [T]) -> Int { a.capacity * MemoryLayout<T>.stride }
