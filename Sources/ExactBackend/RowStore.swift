/// When `RowStore.compactIfWasteful()` repacks: once the abandoned cells exceed `floor` and `1/share` of all cells
/// (tests set 0 and a large share, to compact at nearly every chance).
struct RowCompaction {
    var floor = 4096
    var share = 2
}

/// The tableau's rows in two flat buffers (`CellBuffer`), as kiwi keeps its rows small and flat: row i's entries are
/// the cells `cells(i)` of `column` and `coefficient`, columns increasing.
///
/// A row owns a range with some room to grow; a row that outgrows it moves to the tail, and `compactIfWasteful()`
/// reclaims the ranges left behind once they are more than half of all cells. Rows added one after another sit one
/// after another, so a column's rows are read nearly in order, and a row costs no allocation of its own. Cell indices
/// stay valid until the next `compactIfWasteful()`.
struct RowStore<T: SimplexScalar> {
    private(set) var column = CellBuffer<Int>()
    private(set) var coefficient = CellBuffer<T>()
    /// Each row slot's range: where it starts, its cells, and the cells it owns (one record a row, so that a new
    /// row costs one append and one uniqueness check, not three).
    private var spans: [RowSpan] = []
    /// Cells in ranges no row owns any more.
    private(set) var garbage = 0
    /// The cells rows use (the sum of their lengths), kept as rows change: a solve reads it to choose its proposal
    /// route, and summing it there cost a 10,000-view layout's small solves O(rows) each.
    private(set) var liveCells = 0
    var compaction = RowCompaction()
    /// Compactions so far (measurement and tests).
    private(set) var compactions = 0

    /// Row slots (live or cleared).
    var count: Int { spans.count }

    @inline(__always) func cells(_ i: Int) -> Range<Int> { spans[i].start ..< spans[i].start + spans[i].length }

    @inline(__always) func length(_ i: Int) -> Int { spans[i].length }

    /// The cell of column `j` in row `i`, or nil.
    @inline(__always) func cell(of j: Int, inRow i: Int) -> Int? {
        var low = spans[i].start, high = spans[i].start + spans[i].length
        while low < high {
            let mid = (low + high) >> 1
            let c = column[mid]
            if c == j { return mid }
            if c < j { low = mid + 1 } else { high = mid }
        }
        return nil
    }

    /// The room a row of `n` entries gets: eliminations usually lengthen a row by an entry or two.
    @inline(__always) static func room(for n: Int) -> Int { n + Swift.max(2, n / 4) }

    /// Room for `rows` rows and `cells` cells without growing.
    mutating func reserve(rows: Int, cells: Int) {
        spans.reserveCapacity(rows)
        column.reserve(cells)
        coefficient.reserve(cells)
    }

    /// Room for `rows` more rows and `cells` more cells (see `Array.ensureRoom(for:)`).
    mutating func ensureRoom(rows: Int, cells: Int) {
        spans.ensureRoom(for: rows)
        column.ensureRoom(for: cells)
        coefficient.ensureRoom(for: cells)
    }

    /// Adds a row with `columns` (increasing) and their `coefficients`; returns its index.
    mutating func appendRow(columns: some RandomAccessCollection<Int>, coefficients: some RandomAccessCollection<T>) -> Int {
        let i = spans.count
        spans.reserveGrowing()
        spans.append(RowSpan(start: column.count, length: 0, room: 0))
        placeAtTail(i, columns, coefficients)
        return i
    }

    /// Replaces row i's entries, in its own range when they fit (cells it no longer uses are zeroed, so that they
    /// hold no large number).
    mutating func setRow(_ i: Int, columns: some RandomAccessCollection<Int>, coefficients: some RandomAccessCollection<T>) {
        let n = columns.count
        if n <= spans[i].room {
            let s = spans[i].start, old = spans[i].length
            let c = column.base, v = coefficient.base
            var cell = s
            for j in columns { c[cell] = j; cell += 1 }
            cell = s
            for a in coefficients { v[cell] = a; cell += 1 }
            for t in n..<Swift.max(n, old) { v[s + t] = .zero }
            spans[i].length = n
            liveCells += n - old
        } else {
            garbage += spans[i].room
            placeAtTail(i, columns, coefficients)
        }
    }

    private mutating func placeAtTail(_ i: Int, _ columns: some RandomAccessCollection<Int>,
                                      _ coefficients: some RandomAccessCollection<T>) {
        let n = columns.count, r = Self.room(for: n)
        liveCells += n - spans[i].length
        spans[i] = RowSpan(start: column.count, length: n, room: r)
        column.reserveGrowing(r)
        coefficient.reserveGrowing(r)
        for j in columns { column.append(j) }
        for _ in n..<r { column.append(-1) }
        for a in coefficients { coefficient.append(a) }
        for _ in n..<r { coefficient.append(.zero) }
    }

    /// Removes cell k from row i (the later cells shift down).
    mutating func removeCell(_ k: Int, ofRow i: Int) {
        let end = spans[i].start + spans[i].length
        var t = k
        while t + 1 < end {
            column[t] = column[t + 1]
            coefficient[t] = coefficient[t + 1]
            t += 1
        }
        column[end - 1] = -1
        coefficient[end - 1] = .zero
        spans[i].length -= 1
        liveCells -= 1
    }

    /// Empties row i (its range stays with it, for reuse).
    mutating func clearRow(_ i: Int) {
        for k in cells(i) { coefficient[k] = .zero }
        liveCells -= spans[i].length
        spans[i].length = 0
    }

    /// `price -= f · row i` (an objective row through a pivot, or a basic column's cost).
    func subtract(row i: Int, times f: T, from price: inout PriceRow<T>) {
        for k in cells(i) { price.add(column[k], -(f * coefficient[k])) }
    }

    /// Renumbers the columns of every row's cells (`map` keeps every column a cell holds; being increasing, it keeps
    /// each row sorted). Cell indices stay valid. - Complexity: O(row slots + live cells).
    mutating func renumberColumns(_ map: Renumbering) {
        for i in spans.indices {
            for k in cells(i) { column[k] = map.kept(column[k]) }
        }
    }

    /// Whether `liveCells` is the sum of the rows' lengths (debug builds check it: it is O(rows)).
    var liveCellsAreCounted: Bool { liveCells == spans.reduce(0) { $0 + $1.length } }

    /// Packs the rows again (in row order) once abandoned ranges outweigh the cells in use; invalidates cell indices.
    mutating func compactIfWasteful() {
        guard garbage > compaction.floor && compaction.share * garbage > column.count else { return }
        compactions += 1
        let newColumn = CellBuffer<Int>(capacity: column.count - garbage)
        let newCoefficient = CellBuffer<T>(capacity: column.count - garbage)
        for i in spans.indices {
            let n = spans[i].length, r = n == 0 ? 0 : Self.room(for: n)
            let s = spans[i].start
            spans[i].start = newColumn.count
            spans[i].room = r
            for k in s ..< s + n {
                newColumn.append(column[k])
                newCoefficient.append(coefficient[k])
            }
            for _ in n..<r {
                newColumn.append(-1)
                newCoefficient.append(.zero)
            }
        }
        column = newColumn
        coefficient = newCoefficient
        garbage = 0
    }

    /// The same rows with every coefficient mapped (the floating-point proposer's copy of the exact tableau).
    func map<U: SimplexScalar>(_ transform: (T) -> U) -> RowStore<U> {
        var copy = RowStore<U>()
        copy.column = column.map { $0 }   // (its own cells: a buffer is shared by reference)
        copy.coefficient = coefficient.map(transform)
        copy.spans = spans
        copy.garbage = garbage
        copy.liveCells = liveCells
        copy.compaction = compaction
        return copy
    }
}

/// A row slot's range in a `RowStore`'s cells: its first cell, how many it uses, how many it owns.
struct RowSpan {
    var start: Int
    var length: Int
    var room: Int
}
