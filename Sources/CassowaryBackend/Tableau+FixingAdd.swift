/// The commonest adds, taken without the scratch: a required equality that fixes one variable at a value. A view's
/// width (`w == 80`), its left edge at its parent's plus a margin, its right edge at its left plus its width once
/// those are fixed: every term but one is basic in a row of no cells, at its row's constant, and the one left is
/// parametric. Its row is `v = value`, with no cells: `addFixing` folds the constant and installs it, and the general
/// path's gathering (the dense scratch, a pass over it choosing the subject, a copy into the row) is skipped.
extension Tableau {
    /// Adds `a·x`'s share of a new row's constant, `x` basic in row `r`: `c += a·(r's constant)`, with the rounding
    /// errors of this product and sum, exactly (FMA and TwoSum), and what the row carries added to `cError`, and the
    /// row's coefficient error taken into `coefficientError`. (Its cells, `a` times those of `r`, are the caller's.)
    /// - Complexity: O(1).
    @inline(__always)
    func foldConstant(of r: Int32, times a: Double, into c: inout Double, error cError: inout Double,
                      coefficientError: inout Double) {
        let row = rows.constantAndPrecision(r)
        let rowConstant = row.value, shift = a * rowConstant, precision = row.precision
        let sum = c + shift, back = sum - c
        coefficientError = Swift.max(coefficientError, precision.coefficientError)
        cError += abs(a) * precision.constantError + abs((-shift).addingProduct(a, rowConstant))
            + abs((c - (sum - back)) + (shift - back))
        c = sum
    }

    /// The commonest add, a required equality that fixes one parametric variable: `a·v + Σ bₖ·xₖ + constant == 0`
    /// (a view's width; its left edge at its parent's plus a margin...) where `v` is parametric and every `xₖ` is
    /// basic in a row of no cells, fixed at its row's constant. Its row is `v = -(constant + Σ bₖ·xₖ) / a`, with no
    /// cells and no marker. Computes exactly what the general path computes for it (the constant folded term by term
    /// in the same order, the same round-off estimates, the same row, substitution and simplex calls), without
    /// gathering a row in the scratch. Nil, with nothing changed but the terms' symbols made, when no term or a second
    /// one is parametric, when a basic term's row has cells, or when `a` is 0 (the general path then adds it).
    /// - Complexity: O(count), plus the substitution of `v` out of the rows that hold it (none when `v` is new).
    @inline(__always)
    mutating func addFixing(_ vars: FlatList<Int32>, _ coefs: FlatList<Double>, _ start: Int, _ count: Int,
                            constant: Double, inputError: Double) -> Outcome? {
        let symbolsBefore = symbols.count
        // first whether it is such an add (a bigger layout's equality often is not: little is spent finding out)
        var fixed: (symbol: Int32, coefficient: Double)? = nil
        for k in start..<(start + count) {
            let s = externalSymbol(Int(vars[k]))
            if let r = symbols.row(of: s) {
                guard rows.length(r) == 0 else { return nil }
            } else {
                guard fixed == nil, coefs[k] != 0 else { return nil }
                fixed = (s, coefs[k])
            }
        }
        guard let (s, a) = fixed else { return nil }
        // the constant, folded term by term as the general path folds it
        var c = constant, cError = inputError
        var coefficientError = CassowaryTolerance.roundoff
        for k in start..<(start + count) {
            if let r = symbols.row(of: externalSymbol(Int(vars[k]))) {
                foldConstant(of: r, times: coefs[k], into: &c, error: &cError, coefficientError: &coefficientError)
            }
        }
        // a variable seen for the first time (symbols are numbered in order made): no row holds its symbol and the
        // objective has none of it
        let fresh = s >= symbolsBefore
        // the row `0 = c + coefficient·s` with c at least 0, as the general path normalizes it, then solved for s
        var coefficient = a
        if c < 0 { c = -c; coefficient = -coefficient }
        let inv = -1 / coefficient
        let magnitude = abs(coefficient), perMagnitude = abs(inv)
        let division = magnitude.significandBitPattern == 0 ? 0 : 2 * CassowaryTolerance.roundoff * c * perMagnitude
        let error = cError * perMagnitude + division  // (one contribution: nothing cancelled)
        watch(errorBound: error, value: c * inv)
        let precision = RowPrecision(constantError: error,
                                     coefficientError: coefficientError + 2 * CassowaryTolerance.roundoff)
        let r = rows.allocate()
        _ = rows.install(r, basic: s, count: 0, constant: c * inv, precision: precision)
        symbols.setRow(r, of: s)
        if fresh && infeasible.isEmpty && candidates.isEmpty {
            // nothing to substitute into, no row made infeasible, no objective changed: the settling would do nothing
            assert(columns.isEmpty(s) && objective.isZero(s))
        } else {
            settleNewRow(r, subject: s)
        }
        return .added(marker: nil, other: nil)
    }
}
