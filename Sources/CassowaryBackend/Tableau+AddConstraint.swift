/// The relation of a constraint `expression RELATION 0`, as the tableau stores it (one byte per record).
enum ConstraintRelation: UInt8 {
    case equal, lessOrEqual, greaterOrEqual

    /// The coefficient of the marker (slack or first error symbol) in the constraint's row `lhs + marker terms = 0`.
    var markerSign: Double { self == .lessOrEqual ? 1 : -1 }
}

/// Adding a constraint: the row in terms of parametric symbols, its marker symbols, the choice of its subject, and
/// either a substitution (the common case) or phase 1 with an artificial variable (`Tableau+PhaseOne.swift`).
extension Tableau {
    /// Adds `Σ coefs·vars + constant RELATION 0` (terms `start..<start+count`) at objective slot `level` (nil for
    /// required); `withDummy` gives a required equality a dummy marker. On `.unsatisfiable` nothing changed.
    mutating func addConstraint(_ vars: [Int32], _ coefs: [Double], _ start: Int, _ count: Int, constant: Double,
                                relation: ConstraintRelation, level: Int?, withDummy wantDummy: Bool,
                                owner: Int32) -> Outcome {
        rows.compactIfWasteful()
        let startSymbols = symbols.count
        externals.checkpoint()
        valueScale = Swift.max(valueScale, abs(constant))
        // 1. the row, in terms of parametric symbols (dense scratch)
        accumulatedSymbols.removeAll(keepingCapacity: true)
        var c = constant
        for k in start..<(start + count) {
            let s = externalSymbol(Int(vars[k]))
            let a = coefs[k]
            if let r = symbols.row(of: s) {
                c += a * rows.constant(r)
                let rs = rows.symbols(r), rc = rows.coefficients(r)
                for i in 0..<rows.length(r) { accumulate(rs[i], a * rc[i]) }
            } else {
                accumulate(s, a)
            }
        }
        // 2. markers
        let required = level == nil
        var marker: Int32? = nil, other: Int32? = nil
        switch relation {
        case .lessOrEqual, .greaterOrEqual:
            let sign = relation.markerSign
            let m = newSymbol(.slack, owner: owner)
            marker = m
            accumulate(m, sign)
            if !required {
                let o = newSymbol(.error, owner: owner)
                other = o
                accumulate(o, -sign)
            }
        case .equal:
            if required {
                if wantDummy || explaining {
                    let m = newSymbol(.dummy, owner: owner)
                    marker = m
                    accumulate(m, -1)
                }
            } else {
                let m = newSymbol(.error, owner: owner), o = newSymbol(.error, owner: owner)
                marker = m
                other = o
                accumulate(m, -1)
                accumulate(o, 1)
            }
        }
        // gather (into reused buffers, taken out of `self` while in use)
        var syms: [Int32] = []
        var cs: [Double] = []
        swap(&syms, &newRowSymbols)
        swap(&cs, &newRowCoefficients)
        syms.removeAll(keepingCapacity: true)
        cs.removeAll(keepingCapacity: true)
        defer { swap(&syms, &newRowSymbols); swap(&cs, &newRowCoefficients) }
        let pos = scratch.pos, work = scratch.work
        for s in accumulatedSymbols {
            let a = work[Int(s)]
            work[Int(s)] = 0
            pos[Int(s)] = -1
            if abs(a) > CassowaryTolerance.cellDrop { syms.append(s); cs.append(a) }
        }
        // objective terms of the error symbols
        if let level, let other {
            addObjective(other, level: level, weight: 1)
            if relation == .equal, let marker { addObjective(marker, level: level, weight: 1) }
        }
        // 3. choose the subject: the external with the fewest occurrences (newest on ties)
        var subject: Int32? = nil, subjectIndex = 0
        var bestCount = Int32.max
        var allDummies = true
        for k in 0..<syms.count {
            let s = syms[k]
            let kind = symbols.kind[Int(s)]
            if kind != .dummy { allDummies = false }
            if kind == .external {
                let n = symbols.occurrences[Int(s)]
                let better = subject.map { n < bestCount || (n == bestCount && s > $0) } ?? true
                if better { subject = s; subjectIndex = k; bestCount = n }
            }
        }
        if subject == nil && allDummies {
            if abs(c) <= CassowaryTolerance.zeroBound(valueScale) {
                // redundant required equality: its dummy (if any) becomes basic at 0
                if let marker {
                    let r = rows.allocate()
                    let i = syms.firstIndex(of: marker)!
                    let inv = -1 / cs[i]
                    syms.remove(at: i); cs.remove(at: i)
                    for k in 0..<cs.count { cs[k] *= inv }
                    installRow(r, basic: marker, syms: syms, coefs: cs, constant: 0)
                }
                return .added(marker: marker, other: other)
            }
            let owners = syms.compactMap { symbols.owner(of: $0) }
            undoSymbols(to: startSymbols)
            return .unsatisfiable(owners: owners)
        }
        if c < 0 {
            c = -c
            for k in 0..<cs.count { cs[k] = -cs[k] }
        }
        if subject == nil {
            // a fresh marker with a negative coefficient can be basic at c / |a| >= 0
            for k in syms.indices where cs[k] < 0 {
                let x = syms[k]
                if (x == marker || x == other) && symbols.kind[Int(x)] != .dummy { subject = x; subjectIndex = k; break }
            }
        }
        guard let subject else {
            // 4. phase 1 with an artificial variable
            return addWithArtificialVariable(syms, cs, constant: c, marker: marker, other: other,
                                             symbolsBefore: startSymbols)
        }
        let i = subjectIndex
        let inv = -1 / cs[i]
        syms[i] = syms[syms.count - 1]; syms.removeLast()
        cs[i] = cs[cs.count - 1]; cs.removeLast()
        for k in 0..<cs.count { cs[k] *= inv }
        let r = rows.allocate()
        installRow(r, basic: subject, syms: syms, coefs: cs, constant: c * inv)
        // An external subject held by restricted rows (possible only after a removal pivoted an external out of the
        // basis) shifts their constants: queue any that turn negative and repair them.
        queueInfeasibleRows = true
        substituteOut(subject, row: r)
        queueInfeasibleRows = false
        if !infeasible.isEmpty && !dualOptimize() { reportTrouble("dual simplex found no entering symbol after an add") }
        optimize()
        return .added(marker: marker, other: other)
    }

    /// Adds `a` to symbol `s`'s accumulator in `scratch` (listing `s` in `accumulatedSymbols` the first time).
    @inline(__always) mutating func accumulate(_ s: Int32, _ a: Double) {
        let pos = scratch.pos
        if pos[Int(s)] < 0 {
            pos[Int(s)] = 0
            accumulatedSymbols.append(s)
        }
        scratch.work[Int(s)] += a
    }
}
