@testable import ExactBackend
import PlumbSolver
import PlumbSystem
import Testing

/// An edit's first value without a new certificate: its row added in place (`BasisCertificate.appendEditRow`), the
/// rows read back (`rows(upTo:)`), and the duals reached from the new row alone (`sparseDuals`).
@Suite struct AppendedRowsTests {
    typealias Q = ExactRational
    typealias Spec = (terms: [(Int, String)], constant: String, relation: Relation, priority: Priority)

    func q(_ text: String) -> Q { ExactRational(text)! }

    /// A certificate made at once from `rows`, as the solver makes one (levels ranked from the highest priority).
    func made(_ rows: [Spec], variables: Int) -> (certificate: BasisCertificate<Q>, rows: CertificateRows<Q>) {
        var input = CertificateRows<Q>(reservingRows: rows.count)
        for r in rows {
            input.append(r.terms.map { (column: $0.0, coefficient: q($0.1)) }, constant: q(r.constant),
                         relation: r.relation, priority: r.priority)
        }
        let (levels, count, ranked) = priorityRanks(input.priorities)
        let certificate = BasisCertificate<Q>(rowStart: input.rowStart, termColumn: input.termColumn,
                                              termCoefficient: input.termCoefficient, constant: input.constants,
                                              relation: input.relations, levels: levels, variableCount: variables,
                                              levelCount: count, levelPriorities: ranked)
        return (certificate, input)
    }

    func expectSame(_ a: BasisCertificate<Q>, _ b: BasisCertificate<Q>) {
        #expect(a.rowCount == b.rowCount && a.levelCount == b.levelCount && a.levelPriorities == b.levelPriorities)
        #expect(a.rowStart == b.rowStart && a.termColumn == b.termColumn && a.termCoefficient == b.termCoefficient)
        #expect(a.constant == b.constant)
        #expect(a.firstLogical == b.firstLogical && a.logicalRow == b.logicalRow)
        #expect(a.logicalCoefficient == b.logicalCoefficient && a.logicalCost == b.logicalCost)
        #expect(a.columnIndex().start == b.columnIndex().start && a.columnIndex().row == b.columnIndex().row)
    }

    static let base: [Spec] = [
        ([(0, "1"), (1, "1")], "-10", .lessOrEqual, .required),   // x + y <= 10
        ([(0, "1")], "-5", .equal, Priority(750)),                  // x == 5 @750
        ([(1, "1")], "-2", .greaterOrEqual, Priority(250)),         // y >= 2 @250
        ([(1, "1")], "-1", .equal, .required),                      // y == 1
    ]

    /// Edits on x at 999 (a new level above the others: 750 and 250 move down a rank) and on y at 250 (a level
    /// already there), appended one by one, give the certificate made with their rows after the others.
    @Test func appendedEditRowsGiveTheCertificateMadeWithThem() {
        var (certificate, _) = made(Self.base, variables: 2)
        let added1 = certificate.appendEditRow(variable: 0, constant: q("-30"), priority: Priority(999))
        #expect(added1)
        #expect(certificate.levelCount == 3 && certificate.levelPriorities == [Priority(999), Priority(750), Priority(250)])
        let added2 = certificate.appendEditRow(variable: 1, constant: q("7"), priority: Priority(250))
        #expect(added2)
        let whole = made(Self.base + [([(0, "1")], "-30", .equal, Priority(999)), ([(1, "1")], "7", .equal, Priority(250))],
                         variables: 2).certificate
        expectSame(certificate, whole)
        // x's rows are 0, 1, 4; y's 0, 2, 3, 5
        let (start, row) = certificate.columnIndex()
        #expect(Array(row[start[0]..<start[1]]) == [0, 1, 4])
        #expect(Array(row[start[1]..<start[2]]) == [0, 2, 3, 5])
        #expect(certificate.indexedRows == Self.base.count, "the index made with the certificate is left as it was")
    }

    @Test func aRowIsNotAppendedWhereItCannotBe() {
        var (certificate, _) = made(Self.base, variables: 2)
        let before = certificate
        let added3 = certificate.appendEditRow(variable: 0, constant: q("1"), priority: .required)
        #expect(!added3)
        let added4 = certificate.appendEditRow(variable: 2, constant: q("1"), priority: Priority(999))
        #expect(!added4)
        expectSame(certificate, before)
        var handWritten = BasisCertificate(handWritten: [([(0, "1")], "-10", .equal, 0)], variables: 1, levels: 1)
        let added5 = handWritten.appendEditRow(variable: 0, constant: q("1"), priority: Priority(999))
        #expect(!added5,
                "made without its levels' priorities, a certificate cannot place a new level")
        #expect(handWritten.rows(upTo: 1) == nil)
    }

    /// The rows read back are the rows given: terms, constants, relations (from the logical columns) and priorities
    /// (from the levels), also after a level was inserted above them.
    @Test func rowsReadBackAreTheRowsGiven() throws {
        var (certificate, given) = made(Self.base, variables: 2)
        let added6 = certificate.appendEditRow(variable: 0, constant: q("-30"), priority: Priority(999))
        #expect(added6)
        let read = try #require(certificate.rows(upTo: Self.base.count))
        #expect(read.rowStart == given.rowStart && read.termColumn == given.termColumn)
        #expect(read.termCoefficient == given.termCoefficient && read.constants == given.constants)
        #expect(read.relations == [.lessOrEqual, .equal, .greaterOrEqual, .equal])
        #expect(read.priorities == [.required, Priority(750), Priority(250), .required])
    }

    /// x + y ≤ 10 (slack s) and x - y == 2 required, y == 50 at level 1, the edit x == 30 at level 0 (rows 0-3;
    /// columns x 0, y 1, s 2, p₂ 3, n₂ 4, p₃ 5, n₃ 6), at the basis {x, y, n₂ = 46, n₃ = 24}: a core of rows 0, 1.
    /// Level 0 (n₃ charged): y₃ = 1, then x's column y₀ + y₁ + y₃ = 0 and y's y₀ - y₁ = 0: y₀ = y₁ = -1/2.
    /// Level 1 (n₂ charged): y₂ = 1, then x's y₀ + y₁ = 0 and y's y₀ - y₁ + y₂ = 0: y₀ = -1/2, y₁ = 1/2.
    /// The duals reached from the charged columns are these, and the dense pass's.
    @Test func sparseDualsThroughTheCore() throws {
        let certificate = BasisCertificate(handWritten: [
            ([(0, "1"), (1, "1")], "-10", .lessOrEqual, -1), ([(0, "1"), (1, "-1")], "-2", .equal, -1),
            ([(1, "1")], "-50", .equal, 1), ([(0, "1")], "-30", .equal, 0)], variables: 2, levels: 2)
        let basic = [true, true, false, false, true, false, true]
        let (_, basis) = try #require(certificate.certifyKeepingBasis(basic: basic))
        #expect(basis.order.coreRows.sorted() == [0, 1] && basis.core?.keepsInverse == true)
        let places = certificate.dualPlaces(of: basis.order)
        let expected: [[Int: Q]] = [[3: q("1"), 0: q("-1/2"), 1: q("-1/2")], [2: q("1"), 0: q("-1/2"), 1: q("1/2")]]
        var coreRow = [Bool](repeating: false, count: certificate.rowCount)
        for k in basis.order.coreRows { coreRow[k] = true }
        for level in 0..<2 {
            #expect(basis.chargedBasic == [4, 6], "n₂ and n₃, basic and charged")
            let sparse = try #require(certificate.sparseDuals(at: level, charged: 0..<certificate.columnCount,
                                                              from: basis.chargedBasic, order: basis.order,
                                                              places: places, basic: basic, core: basis.core))
            #expect(sparse.y == expected[level])
            #expect(Set(sparse.carrying) == Set(expected[level].keys))
            var dense = certificate.zeroDuals()
            #expect(certificate.solveDuals(at: level, charged: 0..<certificate.columnCount, order: basis.order,
                                           coreRow: coreRow, core: basis.core, into: &dense))
            for k in 0..<certificate.rowCount { #expect(dense.y[k] == (sparse.y[k] ?? .zero)) }
            for j in 0..<certificate.variableCount { #expect(dense.columnSum[j] == (sparse.columnSum[j] ?? .zero)) }
        }
        // Charging the new row's columns only at level 1 reaches nothing: n₃ is not charged there.
        let none = try #require(certificate.sparseDuals(at: 1, charged: 5..<7, from: basis.chargedBasic,
                                                        order: basis.order, places: places, basic: basic,
                                                        core: basis.core))
        #expect(none.carrying.isEmpty)
    }
}
