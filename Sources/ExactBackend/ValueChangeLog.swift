/// The columns whose values changed since the solver last read the answer, so that reading it again costs the
/// changes, not the whole layout. Off until switched on (a build or a proposal's copy logs nothing); once more than
/// `limit` columns, and half of the columns it has seen, changed, it stops listing them and reports everything
/// changed. (A fixed limit of 4,096 sent every resize of a 10,000-view layout, where a quarter of the columns move,
/// to a read of every variable: two thirds of its solve on the independent family.)
struct ValueChangeLog {
    private(set) var isOn = false
    /// More columns changed than are worth listing: read everything.
    private(set) var overflowed = false
    /// (A scratch list: emptied by a count, where an array's `removeAll(keepingCapacity:)` was a generic range
    /// replacement every resize round.)
    private(set) var columns = ScratchList<Int>()
    private var listed: [Bool] = []
    /// Columns listed at least before `overflowed` (more while under half of the columns seen).
    let limit = 4096

    /// Starts a fresh log (nothing changed), on or off.
    mutating func restart(on: Bool) {
        if !columns.isEmpty {
            columns.withUnsafeBufferPointer { changed in
                listed.withUnsafeMutableBufferPointer { listed in
                    for j in changed { listed[j] = false }
                }
            }
            columns.removeAll()
        }
        overflowed = false
        isOn = on
    }

    /// Renumbers the log's columns by `map`, in place (a dropped column's change is forgotten: no variable reads it).
    /// - Complexity: O(columns listed + width).
    mutating func renumber(_ map: Renumbering) {
        columns.renumber(map)
        listed.keep(where: map.keeps)
    }

    @inline(__always) mutating func note(_ j: Int) {
        guard isOn, !overflowed else { return }
        if j >= listed.count { listed.widen(to: j + 1, with: false) }
        if listed[j] { return }
        if columns.count >= Swift.max(limit, listed.count / 2) {
            overflowed = true
            return
        }
        listed[j] = true
        columns.append(j)
    }
}
