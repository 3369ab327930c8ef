import PlumbInvariants

/// What a tableau symbol stands for.
enum SymbolKind: UInt8 {
    /// A layout variable: unrestricted in sign.
    case external
    /// The slack of an inequality (at least 0).
    case slack
    /// An error variable of a non-required constraint (at least 0), weighed in the objective.
    case error
    /// The marker of a required equality that keeps one (for a constant change or an explanation); held at 0, it
    /// never enters the basis.
    case dummy
    /// Phase 1's artificial variable and the basic symbol of its objective row; parametric and in no row once the
    /// add that created them returns.
    case artificial

    /// At least 0 (every kind but external).
    @inline(__always) var isRestricted: Bool { self != .external }
    /// May enter the basis in a simplex step.
    @inline(__always) var mayEnter: Bool { self != .dummy && self != .artificial }
}

/// The tableau's symbols, dense ids from 0: each one's kind, the constraint that owns it, the row it is basic in,
/// and how many rows hold it as a cell (its occurrences: exact at all times, the entering and subject rules read it).
///
/// One record per symbol (16 bytes), so that a new symbol is one append and reading a symbol touches one cache line;
/// `kind` and `occurrences` are read (and occurrences written) through views over the records.
///
/// The basic row is journaled here (saved on its first change while the journal is open); occurrences are derived
/// from the rows, and the tableau's rollback recounts them for the rows it restores.
struct SymbolTable {
    /// Storage for "none" in `owner` and `basicRow` (the accessors answer nil).
    private static let none: Int32 = -1

    /// One symbol.
    struct Record {
        var owner: Int32
        var basicRow: Int32
        var occurrences: Int32
        var kind: SymbolKind
    }

    /// Each symbol's kind, by id: `kind[i]`. (A view over the records, valid until the next symbol is added.)
    struct Kinds {
        fileprivate let records: UnsafeMutablePointer<Record>
        @inline(__always) subscript(i: Int) -> SymbolKind { records[i].kind }
    }

    /// How many rows hold each symbol, by id: `occurrences[i]`, writable. (A view over the records, valid until the
    /// next symbol is added.)
    struct Occurrences {
        fileprivate let records: UnsafeMutablePointer<Record>
        @inline(__always) subscript(i: Int) -> Int32 {
            get { records[i].occurrences }
            nonmutating set { records[i].occurrences = newValue }
        }
    }

    private let records = FlatList<Record>()

    // journal: symbols whose basic row changed since it opened, and the row each had then
    private var log = FirstWriteLog()
    private let savedSymbols = FlatList<Int32>()
    private let savedRows = FlatList<Int32>()

    var count: Int { records.count }
    @inline(__always) var kind: Kinds { Kinds(records: records.base) }
    @inline(__always) var occurrences: Occurrences { Occurrences(records: records.base) }

    // MARK: - symbols

    @inline(__always) mutating func append(_ k: SymbolKind, owner o: Int32?) -> Int32 {
        let id = Int32(records.count)
        records.append(Record(owner: o ?? Self.none, basicRow: Self.none, occurrences: 0, kind: k))
        return id
    }

    /// Drops the symbols from `n` on (created by a call that failed; nothing refers to them any more).
    mutating func truncate(to n: Int) {
        let extra = count - n
        guard extra > 0 else { return }
        records.removeLast(extra)
    }

    /// The record slot of the constraint that owns `s`, nil for external and artificial symbols.
    @inline(__always) func owner(of s: Int32) -> Int32? {
        let o = records[Int(s)].owner
        return o == Self.none ? nil : o
    }

    // MARK: - basis

    @inline(__always) func isBasic(_ s: Int32) -> Bool { records[Int(s)].basicRow != Self.none }

    /// The row `s` is basic in, nil when it is parametric.
    @inline(__always) func row(of s: Int32) -> Int32? {
        let r = records[Int(s)].basicRow
        return r == Self.none ? nil : r
    }

    @inline(__always) mutating func setRow(_ r: Int32?, of s: Int32) {
        if log.isFirstWrite(s) {
            savedSymbols.append(s)
            savedRows.append(records[Int(s)].basicRow)
        }
        records[Int(s)].basicRow = r ?? Self.none
    }

    // MARK: - journal

    mutating func openJournal() { log.open(idCount: count) }

    mutating func commitJournal() {
        log.close()
        savedSymbols.removeAll()
        savedRows.removeAll()
    }

    /// Puts back the basic row of every symbol changed since the journal opened (symbols created since are left to
    /// `truncate`).
    mutating func rollbackJournal() {
        log.close()
        for k in savedSymbols.indices { records[Int(savedSymbols[k])].basicRow = savedRows[k] }
        savedSymbols.removeAll()
        savedRows.removeAll()
    }

    // MARK: - renumbering

    /// Keeps the symbols `map` keeps, each at its new id.
    /// - Complexity: O(symbols). The map keeps the order of ids, so a symbol's new place never covers a kept one's.
    mutating func renumber(_ map: SymbolRenumbering) {
        precondition(!log.isOpen, "SymbolTable: renumbered while the journal is open")
        for old in 0..<count {
            guard let new = map[Int32(old)] else { continue }
            records[Int(new)] = records[old]
        }
        records.removeLast(count - map.count)
    }

    /// Sets each owner to its record's new slot (`slot(old)`, nil for a record gone).
    /// - Complexity: O(symbols).
    mutating func renumberOwners(_ slot: (Int32) -> Int32?) {
        for s in 0..<count where records[s].owner != Self.none {
            records[s].owner = slot(records[s].owner) ?? Self.none
        }
    }

    // MARK: - memory and invariants

    /// No symbols, the storage kept (`CassowarySolver.reset()`).
    mutating func removeAll() {
        precondition(!log.isOpen, "SymbolTable: removeAll while the journal is open")
        records.removeAll()
        savedSymbols.removeAll()
        savedRows.removeAll()
    }

    /// How many symbols the table holds without growing.
    var capacity: Int { records.capacity }

    /// Room for `n` symbols without growing (one allocation per array instead of a doubling per power of two).
    mutating func reserve(symbols n: Int) {
        records.reserve(n)
        log.reserve(n)
    }

    var footprint: [(String, Int)] {
        [("symbols", records.footprintBytes),
         ("symbol journal", log.footprintBytes + savedSymbols.footprintBytes + savedRows.footprintBytes)]
    }

    /// Counts are not negative, an external symbol has no owner, the journal is closed and empty. (That basic rows
    /// and occurrences match the rows is the tableau's check.)
    func checkInvariants(into report: inout InvariantReport) {
        for s in 0..<count {
            let r = records[s]
            if r.occurrences < 0 || (r.kind == .external && r.owner != Self.none) {
                report.fail("SymbolTable", "symbol \(s) (\(r.kind), owner \(r.owner)) occurs \(r.occurrences) times")
            }
        }
        report.expect(!log.isOpen && savedSymbols.isEmpty && savedRows.isEmpty, "SymbolTable",
                      "the journal is open or holds symbols outside a call")
    }
}
