import PlumbSystem
import PlumbSolver

/// Taking a constraint out: its row, its error symbols and its counts, and the rows a removal leaves to settle.
extension CassowarySolver {
    func removeSlot(_ slot: Int) {
        let r = records[slot]
        records[slot].alive = false
        if r.isRequired && impliedRecords > 0 { forgetImpliedRecords() }
        deadRecords += 1
        symbolsMaybeUnused += 2
        if r.hasNoMarker {
            leaving.append(slot)
        } else {
            tableau.removeConstraint(marker: r.marker, other: r.other, level: r.level, isEquality: r.relation == .equal)
            countUses(of: slot, by: -1)
        }
    }

    /// Takes the leaving records out of the tableau: repeatedly, each one that has a variable of its own (see
    /// `ownVariable(of:)`) through that variable, in removal order; when none has, the first whose marker column
    /// can be recovered (`recoverMarker(of:)`) through that marker, or that the rows left imply (it goes without a
    /// change); the rest, if any, by one rebuild.
    /// - Complexity: per removal, O(1) or one pivot over the rows that hold its own variable; else the marker
    ///   search and one pivot over the rows that depend on the equality; a rebuild re-adds every live constraint.
    @inline(__always) func settleRemovals() {
        if !leaving.isEmpty { settleLeaving() }
    }

    /// `settleRemovals()` when some records are leaving.
    func settleLeaving() {
        while !leaving.isEmpty {
            var progress = true
            while progress && !leaving.isEmpty {
                progress = false
                var k = 0
                while k < leaving.count {
                    let slot = leaving[k]
                    if let own = ownVariable(of: records[slot]), tableau.removeEquality(solvedFor: own.symbol) {
                        countUses(of: slot, by: -1)
                        leaving.remove(at: k)
                        progress = true
                    } else {
                        k += 1
                    }
                }
            }
            var settled = false
            for k in leaving.indices {
                let slot = leaving[k]
                switch recoverMarker(of: slot) {
                case .recovered:
                    tableau.removeConstraint(marker: records[slot].marker, other: nil, level: nil, isEquality: true)
                case .implied:
                    break
                case .notFound:
                    continue
                }
                countUses(of: slot, by: -1)
                leaving.remove(at: k)
                settled = true
                break
            }
            if !settled { break }
        }
        guard !leaving.isEmpty else { return }
        let ok = rebuild(constantOf: nil, flag: nil)
        precondition(ok, "removing constraints cannot make the required set infeasible")
        for slot in leaving { countUses(of: slot, by: -1) }
        leaving.removeAll(keepingCapacity: true)
    }

    /// Clears every record's `isImplied` (a removal can make an implied equality needed, and the tableau then holds
    /// it through the rows it was implied by).
    /// - Complexity: O(records) when some are marked, O(1) otherwise.
    func forgetImpliedRecords() {
        guard impliedRecords > 0 else { return }
        for slot in records.indices where records[slot].isImplied { records[slot].equalityMarker = .none }
        impliedRecords = 0
    }

    /// A variable of `record` that no other constraint in the tableau names, as its symbol and its coefficient in the
    /// record: its column stands in for the record's missing marker. A basic one is preferred (its row alone holds it).
    func ownVariable(of record: Record) -> (symbol: Int32, coefficient: Double)? {
        var found: (symbol: Int32, coefficient: Double)? = nil
        for k in record.start..<(record.start + record.count) {
            let v = Int(termVars[k]), a = termCoefs[k]
            guard a != 0, variableUses[v] == 1, let s = tableau.externals.symbol(of: v) else { continue }
            if tableau.isBasic(s) { return (s, a) }
            if found == nil { found = (s, a) }
        }
        return found
    }

    /// Counts the record's terms in `variableUses` (`by` +1 as it enters the tableau, -1 as it leaves).
    func countUses(of slot: Int, by step: Int32) {
        let r = records[slot]
        if useIndex.isBuilt {
            if step > 0 {
                useIndex.link(slot: slot, start: r.start, count: r.count, variables: termVars)
            } else {
                useIndex.unlink(start: r.start, count: r.count, variables: termVars)
            }
        }
        for k in r.start..<(r.start + r.count) {
            let v = Int(termVars[k])
            if v >= variableUses.count { variableUses.extend(toInclude: v, with: 0) }
            variableUses[v] += step
        }
    }
}
