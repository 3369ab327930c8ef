import PlumbSystem

/// Rows of a linear system in flat lists: row k's terms are the cells `rowStart[k]..<rowStart[k + 1]` of
/// `termColumn` and `termCoefficient`, its constant, relation and priority the k-th of theirs. A few arrays in all
/// where an array of terms a row cost each row an allocation and a release (a tenth of an app layout's exact first
/// solve, and of a small layout's certificate while its lists grew an append at a time).
struct FlatRows<T: SimplexScalar> {
    private(set) var rowStart: [Int] = [0]
    private(set) var termColumn: [Int] = []
    private(set) var termCoefficient: [T] = []
    private(set) var constants: [T] = []
    private(set) var relations: [Relation] = []
    private(set) var priorities: [Priority] = []

    /// Empty, with room for `rows` rows of a layout's usual length (three terms).
    init(reservingRows rows: Int) {
        rowStart.reserveCapacity(rows + 1)
        termColumn.reserveCapacity(3 * rows)
        termCoefficient.reserveCapacity(3 * rows)
        constants.reserveCapacity(rows)
        relations.reserveCapacity(rows)
        priorities.reserveCapacity(rows)
    }

    /// Rows so far.
    var count: Int { constants.count }
    /// Terms so far, in every row.
    var termCount: Int { termColumn.count }

    /// A term of the row being written.
    mutating func appendTerm(_ column: Int, _ coefficient: T) {
        termColumn.append(column)
        termCoefficient.append(coefficient)
    }

    /// Ends the row being written (its terms appended before).
    mutating func endRow(constant: T, relation: Relation, priority: Priority) {
        rowStart.append(termColumn.count)
        constants.append(constant)
        relations.append(relation)
        priorities.append(priority)
    }

    /// Appends a whole row.
    mutating func append(_ terms: some Sequence<(column: Int, coefficient: T)>, constant: T, relation: Relation,
                         priority: Priority) {
        for t in terms { appendTerm(t.column, t.coefficient) }
        endRow(constant: constant, relation: relation, priority: priority)
    }

    /// Row `k`'s terms, read in place.
    func terms(_ k: Int) -> LazyMapCollection<Range<Int>, (column: Int, coefficient: T)> {
        (rowStart[k]..<rowStart[k + 1]).lazy.map { (column: termColumn[$0], coefficient: termCoefficient[$0]) }
    }
}

/// The original rows in the form `BasisCertificate` takes, collected while the proposer is given them.
typealias CertificateRows<T: SimplexScalar> = FlatRows<T>

/// Soft rows, rounded, for the floating-point copy's proposal (`SimplexEngine.propose(inserting:limit:)`).
typealias ProposalRows = FlatRows<ApproximateScalar>
