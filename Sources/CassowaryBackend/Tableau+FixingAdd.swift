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

    /// Which term of a required equality `Σ coefs·vars + constant == 0` (terms `start..<start+count`) it fixes, with
    /// its coefficient: nil unless exactly one term is not basic (a parametric or new variable) with a coefficient
    /// other than 0, and every other term is basic in a row of no cells, fixed at its row's constant. Only looks up,
    /// makes nothing: a bigger layout's equality is seldom such an add, and it leaves to the general path (a grid of
    /// 10,000 views, its adds nearly all general, took 5% more instructions while this made the new variables'
    /// symbols and was called out of line).
    /// - Complexity: O(count).
    @inline(__always)
    func fixedTerm(_ vars: FlatList<Int32>, _ coefs: FlatList<Double>, _ start: Int, _ count: Int)
        -> (term: Int, coefficient: Double)? {
        var free: (term: Int, coefficient: Double)? = nil
        for k in start..<(start + count) {
            if let s = externals.symbol(of: Int(vars[k])), let r = symbols.row(of: s) {
                guard rows.length(r) == 0 else { return nil }
            } else {
                guard free == nil, coefs[k] != 0 else { return nil }
                free = (k, coefs[k])
            }
        }
        return free
    }

    /// Adds the commonest constraint, a required equality that fixes one parametric variable:
    /// `a·v + Σ bₖ·xₖ + constant == 0` (a view's width; its left edge at its parent's plus a margin...) where every
    /// `xₖ` is basic in a row of no cells, fixed at its row's constant, as `fixedTerm` found it (`v`, the term at
    /// `term`, with `a`). Its row is `v = -(constant + Σ bₖ·xₖ) / a`, with no cells and no marker. Computes exactly
    /// what the general path computes for it (the constant folded term by term in the same order, the same round-off
    /// estimates, the same row, substitution and simplex calls), without gathering a row in the scratch.
    /// - Complexity: O(count), plus the substitution of `v` out of the rows that hold it (none when `v` is new).
    @inline(never)
    mutating func addFixing(_ vars: FlatList<Int32>, _ coefs: FlatList<Double>, _ start: Int, _ count: Int,
                            term: Int, coefficient a: Double, constant: Double, inputError: Double) -> Outcome {
        // the free term's symbol, the only one that may be new (every other term is basic)
        let symbolsBefore = symbols.count
        let s = externalSymbol(Int(vars[term]))
        // the constant, folded term by term as the general path folds it
        var c = constant, cError = inputError
        var coefficientError = CassowaryTolerance.roundoff
        for k in start..<(start + count) {
            if let x = externals.symbol(of: Int(vars[k])), let r = symbols.row(of: x) {
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
