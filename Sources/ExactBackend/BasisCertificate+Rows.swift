import PlumbSystem

/// The rows a certificate was made from, read back.
///
/// A kept certificate (`KeptCertificate`) holds the only copy of the constraints' rows, so that an edit's first value
/// adds its row in place (`appendEditRow`) instead of copying every row into a new certificate. The rare path that
/// wants a new certificate of the constraints with other edits reads the rows back from it.
extension BasisCertificate {
    /// The first `n` rows as they were given: terms, constant, relation (from the logical columns: none for a required
    /// equality, one for a required inequality by its sign, two for a soft row by which of them its level charges)
    /// and priority (the level's). Nil when the certificate was made without its levels' priorities.
    /// - Complexity: O(nonzeros of those rows).
    func rows(upTo n: Int) -> CertificateRows<T>? {
        guard n <= rowCount, levelPriorities.count == levelCount else { return nil }
        var rows = CertificateRows<T>(reservingRows: n)
        for k in 0..<n {
            let terms = (rowStart[k]..<rowStart[k + 1]).lazy.map { [self] t in
                (column: termColumn[t], coefficient: termCoefficient[t])
            }
            let logicals = logicals(ofRow: k)
            var relation = Relation.equal, priority = Priority.required
            switch logicals.count {
            case 0: break
            case 1: relation = logicalCoefficient[logicals.lowerBound - variableCount].signum > 0 ? .lessOrEqual : .greaterOrEqual
            default:
                let above = logicalCost[logicals.lowerBound - variableCount]
                let below = logicalCost[logicals.lowerBound + 1 - variableCount]
                guard let rank = (above ?? below)?.rank else { return nil }
                relation = above == nil ? .greaterOrEqual : below == nil ? .lessOrEqual : .equal
                priority = levelPriorities[rank]
            }
            rows.append(terms, constant: constant[k], relation: relation, priority: priority)
        }
        return rows
    }
}
