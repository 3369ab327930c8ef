/// A tableau row: column indices in increasing order with their nonzero coefficients.
struct SparseRow<T>: Sequence {
    var cols: [Int] = []
    var vals: [T] = []

    init() {}

    init(cols: [Int], vals: [T]) {
        self.cols = cols
        self.vals = vals
    }

    /// From a dictionary of nonzero entries.
    init(_ entries: [Int: T]) {
        cols = entries.keys.sorted()
        vals = cols.map { entries[$0]! }
    }

    var count: Int { cols.count }
    var keys: [Int] { cols }

    @inline(__always) func index(of j: Int) -> Int? {
        var low = 0, high = cols.count
        while low < high {
            let mid = (low + high) >> 1
            let c = cols[mid]
            if c == j { return mid }
            if c < j { low = mid + 1 } else { high = mid }
        }
        return nil
    }

    subscript(j: Int) -> T? {
        guard let k = index(of: j) else { return nil }
        return vals[k]
    }

    @discardableResult
    mutating func removeValue(forKey j: Int) -> T? {
        guard let k = index(of: j) else { return nil }
        cols.remove(at: k)
        return vals.remove(at: k)
    }

    /// Inserts an entry for a column not present.
    mutating func insert(_ j: Int, _ v: T) {
        var low = 0, high = cols.count
        while low < high {
            let mid = (low + high) >> 1
            if cols[mid] < j { low = mid + 1 } else { high = mid }
        }
        cols.insert(j, at: low)
        vals.insert(v, at: low)
    }

    func makeIterator() -> Zip2Sequence<[Int], [T]>.Iterator { zip(cols, vals).makeIterator() }
}
