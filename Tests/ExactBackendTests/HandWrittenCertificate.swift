@testable import ExactBackend
import PlumbSystem

/// A row of a certificate written by hand: terms `(variable, coefficient)`, the constant (`Σ a·x + c = 0`), the
/// relation, and the level (-1: required).
typealias HandWrittenRow = (terms: [(Int, String)], constant: String, relation: Relation, level: Int)

extension BasisCertificate where T == ExactRational {
    /// `rows` over variables 0..<variables, numbers read as exact rationals, for the certificate's tests.
    init(handWritten rows: [HandWrittenRow], variables: Int, levels: Int) {
        func q(_ text: String) -> ExactRational { ExactRational(text)! }
        var rowStart = [0], columns: [Int] = [], coefficients: [ExactRational] = []
        for r in rows {
            for (j, a) in r.terms { columns.append(j); coefficients.append(q(a)) }
            rowStart.append(columns.count)
        }
        self.init(rowStart: rowStart, termColumn: columns, termCoefficient: coefficients,
                  constant: rows.map { q($0.constant) }, relation: rows.map(\.relation),
                  levels: rows.map { $0.level < 0 ? .required : .soft($0.level) }, variableCount: variables,
                  levelCount: levels)
    }
}
