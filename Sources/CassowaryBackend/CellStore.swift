/// The cells of every tableau row in two flat buffers (symbol ids and coefficients). A row owns the range
/// `start..<start+capacity`; a row that outgrows its range moves to the tail (its old range becomes garbage,
/// reclaimed by `Tableau.maybeCompact`). Raw buffers: no reference counting or uniqueness checks in pivots.
final class CellStore {
    private(set) var sym: UnsafeMutablePointer<Int32>
    private(set) var coef: UnsafeMutablePointer<Double>
    /// Cells handed out so far (live rows, their spare capacity and garbage).
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int = 256) {
        self.capacity = Swift.max(16, capacity)
        sym = .allocate(capacity: self.capacity)
        coef = .allocate(capacity: self.capacity)
    }

    deinit {
        sym.deallocate()
        coef.deallocate()
    }

    /// Reserves `n` cells at the tail and returns their start (buffers may move).
    func reserveTail(_ n: Int) -> Int {
        if count + n > capacity {
            let newCapacity = Swift.max(capacity * 2, count + n)
            let s = UnsafeMutablePointer<Int32>.allocate(capacity: newCapacity)
            let c = UnsafeMutablePointer<Double>.allocate(capacity: newCapacity)
            s.update(from: sym, count: count)
            c.update(from: coef, count: count)
            sym.deallocate()
            coef.deallocate()
            sym = s
            coef = c
            capacity = newCapacity
        }
        let start = count
        count += n
        return start
    }

    /// Replaces the buffers by freshly packed ones (`Tableau.maybeCompact`).
    func adopt(sym s: UnsafeMutablePointer<Int32>, coef c: UnsafeMutablePointer<Double>, count n: Int, capacity cap: Int) {
        sym.deallocate()
        coef.deallocate()
        sym = s
        coef = c
        count = n
        capacity = cap
    }
}
