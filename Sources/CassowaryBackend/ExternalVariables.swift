import PlumbInvariants

/// The external symbol of each layout variable (by variable index), created on first use.
///
/// An add opens a checkpoint first; if the add is refused, `rollbackToCheckpoint()` forgets the symbols it created
/// (the tableau then drops the symbols themselves).
struct ExternalVariables {
    /// Storage for "no symbol yet" (`symbol(of:)` answers nil).
    private static let none: Int32 = -1

    private let symbolOf = FlatList<Int32>()
    /// Variables given a symbol since the checkpoint, and the table's size then.
    private let created = FlatList<Int32>()
    private var countAtCheckpoint = 0

    /// Variable indices covered (the largest one used, plus one).
    var count: Int { symbolOf.count }

    @inline(__always) func symbol(of v: Int) -> Int32? {
        guard v >= 0 && v < symbolOf.count else { return nil }
        let s = symbolOf[v]
        return s == Self.none ? nil : s
    }

    /// Room for variables `0..<n` without growing.
    mutating func reserve(variables n: Int) {
        symbolOf.reserve(n)
        created.reserve(n)
    }

    /// No variable has a symbol; the storage kept.
    mutating func removeAll() {
        symbolOf.removeAll()
        created.removeAll()
        countAtCheckpoint = 0
    }

    mutating func checkpoint() {
        created.removeAll()
        countAtCheckpoint = symbolOf.count
    }

    /// Records `s` as the symbol of variable `v` (which has none).
    mutating func assign(_ s: Int32, to v: Int) {
        if v >= symbolOf.count { symbolOf.extend(toInclude: v, with: Self.none) }
        symbolOf[v] = s
        created.append(Int32(v))
    }

    /// Forgets the symbols assigned since the checkpoint.
    mutating func rollbackToCheckpoint() {
        for k in created.indices { symbolOf[Int(created[k])] = Self.none }
        if symbolOf.count > countAtCheckpoint { symbolOf.removeLast(symbolOf.count - countAtCheckpoint) }
        created.removeAll()
    }

    /// Each variable's symbol at its new id (an external symbol is always kept).
    mutating func renumber(_ map: SymbolRenumbering) {
        for v in 0..<symbolOf.count where symbolOf[v] != Self.none { symbolOf[v] = map[symbolOf[v]] ?? Self.none }
        created.removeAll()
    }

    var footprint: [(String, Int)] { [("variables", symbolOf.footprintBytes + created.footprintBytes)] }

    /// Every assigned symbol exists and is external, no two variables share one, and every external symbol of
    /// `symbols` belongs to a variable.
    func checkInvariants(symbols: borrowing SymbolTable, into report: inout InvariantReport) {
        var owner = [Int32](repeating: Self.none, count: symbols.count)
        for v in 0..<symbolOf.count where symbolOf[v] != Self.none {
            let s = symbolOf[v]
            guard s >= 0 && Int(s) < symbols.count else {
                report.fail("ExternalVariables", "variable \(v) maps to \(s), not a symbol")
                continue
            }
            if symbols.kind[Int(s)] != .external || owner[Int(s)] != Self.none {
                report.fail("ExternalVariables", "variable \(v) maps to \(s), a \(symbols.kind[Int(s)]) symbol "
                            + "(also mapped from \(owner[Int(s)]))")
            }
            owner[Int(s)] = Int32(v)
        }
        for s in 0..<symbols.count where symbols.kind[s] == .external && owner[s] == Self.none {
            report.fail("ExternalVariables", "external symbol \(s) belongs to no variable")
        }
    }
}
