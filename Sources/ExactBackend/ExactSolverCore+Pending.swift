import PlumbSolver
import PlumbSystem

/// The soft constraints and suggested edits waiting for the next `solve()`, and how they go into the engine.
extension ExactSolverCore {
    enum PendingItem { case constraint(ConstraintID), edit(VariableID) }

    /// The engine rows of `items` (whose structural columns exist: `pendingItemsMakingColumns()`) rounded for the
    /// floating-point copy's proposal, in one flat list (each number rounded from its exact value, as the copy's
    /// tableau is).
    /// - Complexity: O(terms); a few allocations in all, none a row.
    func approximateRows(of items: [PendingItem]) -> ProposalRows {
        var rows = ProposalRows(reservingRows: items.count)
        for item in items {
            switch item {
            case .constraint(let id):
                constraints.read(id) { entry in
                    for term in entry.terms {
                        let (c, a) = engineTerm(term)
                        rows.appendTerm(c, ApproximateScalar(a.doubleValue))
                    }
                    rows.endRow(constant: ApproximateScalar(T(entry.constant).doubleValue),
                                relation: entry.relation, priority: entry.priority)
                }
            case .edit(let variable):
                let edit = edits[variable]!
                rows.appendTerm(column(for: variable), .one)
                rows.endRow(constant: ApproximateScalar(edit.constant!.doubleValue), relation: .equal,
                            priority: edit.priority)
            }
        }
        return rows
    }

    /// A waiting item's place: its priority, then its `PendingOrder` within the priority.
    typealias PendingKey = (priority: Priority, order: PendingOrder)

    /// The permutation that puts items with `keys` in the order they go into the engine (highest priority first;
    /// within a priority, as `PendingOrder` says; the keys are distinct, so the order is total), or nil when they
    /// are in it already (one priority, in order of addition: no sort).
    /// - Complexity: up to `smallBatch` keys, O(n log n) comparisons of keys (`comparedEngineOrder`); beyond, O(n)
    ///   when each priority's items are in order among themselves (a stable counting sort by priority, checked), else
    ///   O(n log n) comparisons of integers (`packedEngineOrder`); priorities are compared as rationals only among the
    ///   distinct ones. (Compared as rationals at every step of a sort, this was 4.5 % of
    ///   a 1,000-view app layout's first solve.)
    static func inEngineOrder(_ keys: [PendingKey]) -> [Int]? {
        if keys.count <= smallBatch { return comparedEngineOrder(keys) }
        guard let (packed, levels) = packedEngineOrder(keys) else { return comparedEngineOrder(keys) }
        if !packed.indices.dropFirst().contains(where: { packed[$0 - 1] > packed[$0] }) { return nil }
        // Items by priority, each priority's in their order in `keys`.
        var first = [Int](repeating: 0, count: levels + 1)
        for key in packed { first[(key >> 42) + 1] += 1 }
        for r in 0..<levels { first[r + 1] += first[r] }
        var permutation = [Int](repeating: 0, count: keys.count)
        for (i, key) in packed.enumerated() {
            permutation[first[key >> 42]] = i
            first[key >> 42] += 1
        }
        if permutation.indices.dropFirst().contains(where: { packed[permutation[$0 - 1]] > packed[permutation[$0]] }) {
            packed.withUnsafeBufferPointer { p in permutation.sort { p[$0] < p[$1] } }
        }
        return permutation
    }

    /// Each key as one integer, in the keys' order: the rank of its priority among the distinct ones (the highest
    /// 0), above 42 bits of its place within the priority; and how many distinct priorities there are. Nil when that
    /// does not fit (2^21 distinct priorities, or a sequence or variable index of 2^41 or more).
    /// - Complexity: O(n · d) comparisons of priorities for d ≤ 16 distinct ones (a hash look-up each beyond), and a
    ///   sort of the distinct ones.
    static func packedEngineOrder(_ keys: [PendingKey]) -> (packed: [Int], priorities: Int)? {
        var distinct: [Priority] = [], indexOf: [Priority: Int] = [:]
        var slot: [Int] = []
        slot.reserveCapacity(keys.count)
        for key in keys {
            if let j = distinct.count <= 16 ? distinct.firstIndex(of: key.priority) : indexOf[key.priority] {
                slot.append(j)
                continue
            }
            if distinct.count == 16 { for (j, p) in distinct.enumerated() { indexOf[p] = j } }
            if distinct.count >= 16 { indexOf[key.priority] = distinct.count }
            slot.append(distinct.count)
            distinct.append(key.priority)
        }
        guard distinct.count < 1 << 21 else { return nil }
        var rank = [Int](repeating: 0, count: distinct.count)
        for (r, j) in distinct.indices.sorted(by: { distinct[$0] > distinct[$1] }).enumerated() { rank[j] = r }
        let half = 1 << 41
        var packed: [Int] = []
        packed.reserveCapacity(keys.count)
        for (i, key) in keys.enumerated() {
            let place: Int
            switch key.order {
            case .edit(let variable):
                guard variable >= 0 && variable < half else { return nil }
                place = half - 1 - variable
            case .constraint(let sequence):
                guard sequence >= 0 && sequence < half else { return nil }
                place = half + sequence
            }
            packed.append(rank[slot[i]] << 42 | place)
        }
        return (packed, distinct.count)
    }

    /// Waiting items few enough to order by comparing the keys (a small layout's soft rows): packing them cost more
    /// than the comparisons, in the arrays it made (six, for a handful of keys).
    static var smallBatch: Int { 16 }

    /// `inEngineOrder(_:)` by comparing the keys themselves (for a few keys, and for keys `packedEngineOrder` cannot
    /// pack).
    static func comparedEngineOrder(_ keys: [PendingKey]) -> [Int]? {
        if !keys.indices.dropFirst().contains(where: { !pendingKey(keys[$0 - 1], precedes: keys[$0]) }) { return nil }
        var permutation = Array(keys.indices)
        permutation.sort { pendingKey(keys[$0], precedes: keys[$1]) }
        return permutation
    }

    /// The engine's order of waiting items, by definition: the higher priority first, then `PendingOrder`.
    static func pendingKey(_ a: PendingKey, precedes b: PendingKey) -> Bool {
        a.priority != b.priority ? a.priority > b.priority : a.order < b.order
    }

    /// One term as the engine takes it: over its structural column (created on first use), exact.
    @inline(__always) func engineTerm(_ term: LinearTerm) -> (column: Int, coefficient: T) {
        (column(for: term.variable), T(term.coefficient))
    }

    /// Puts every waiting soft constraint and suggested edit into the engine, highest priority first (as
    /// `insertPending(_:)` does); returns how many.
    @discardableResult
    func insertPending() -> Int { insertPending(pendingItemsInOrder()) }

    /// Puts the waiting `items` into the engine in their order, each row read from the table as it goes in (through
    /// `addRow`'s buffer: no row is gathered first); a batch sizes the engine's tables first
    /// (`SimplexEngine.reserve(moreRows:terms:)`). Returns how many went in.
    @discardableResult
    func insertPending(_ items: [PendingItem]) -> Int {
        if items.count >= SimplexEngine<T>.smallestSizedBatch {
            var terms = 0
            for item in items {
                switch item {
                case .constraint(let id): terms += constraints.read(id) { $0.terms.count }!
                case .edit: terms += 1
                }
            }
            engine.reserve(moreRows: items.count, terms: terms)
        }
        for item in items {
            let origin: Int
            switch item {
            case .constraint(let id):
                // (the constraint taken out first: a read whose closure calls into the solver has the whole table
                // copied for it, and released after, at every row)
                let constraint = constraints.read(id) { $0.constraint }!
                origin = addRow(constraint)
            case .edit(let variable):
                let edit = edits[variable]!, c = column(for: variable)
                origin = engine.addRow(terms: CollectionOfOne((c, T.one)), constant: edit.constant!, relation: .equal,
                                       priority: edit.priority)
            }
            setOrigin(origin, of: item)
        }
        return items.count
    }

    /// The waiting soft constraints and suggested edits, in the order they go into the engine (`inEngineOrder`).
    func pendingItemsInOrder() -> [PendingItem] { pendingItems(constraints.waitingInOrder()) }

    /// `pendingItemsInOrder()`, with every structural column the items' rows name made first, constraints by id then
    /// edits by variable (so the items' logical columns follow every structural one, as a proposal over the engine's
    /// columns has them).
    func pendingItemsMakingColumns() -> [PendingItem] {
        let ids = constraints.waitingInOrder()
        for id in ids {
            // (the terms taken out, then their columns made: a column made while the table is read has the table
            // copied for the read)
            let terms = constraints.read(id) { $0.terms }!
            for term in terms { _ = column(for: term.variable) }
        }
        for (variable, edit) in edits where edit.origin == nil && edit.constant != nil { _ = column(for: variable) }
        return pendingItems(ids)
    }

    /// The waiting items of the constraints `ids` (in id order) and of the suggested edits, in engine order.
    private func pendingItems(_ ids: [ConstraintID]) -> [PendingItem] {
        var items: [PendingItem] = [], keys: [PendingKey] = []
        items.reserveCapacity(ids.count)
        keys.reserveCapacity(ids.count)
        for id in ids {
            items.append(.constraint(id))
            keys.append(constraints.read(id) { ($0.priority, .constraint(sequence: $0.sequence)) }!)
        }
        for (variable, edit) in edits where edit.origin == nil && edit.constant != nil {
            items.append(.edit(variable))
            keys.append((edit.priority, .edit(variable: variable.index)))
        }
        return Self.inEngineOrder(keys).map { $0.map { items[$0] } } ?? items
    }

    /// Notes that `item`'s row went into the engine as `origin`.
    func setOrigin(_ origin: Int, of item: PendingItem) {
        switch item {
        case .constraint(let id): constraints.modify(id) { $0.origin = origin }
        case .edit(let variable): edits.modify(variable) { $0.origin = origin }
        }
    }
}

/// Where a waiting row goes among the rows of its priority: suggested edits first, the highest variable first,
/// then soft constraints in order of addition. (Any fixed order gives the same optimum; this one is kept because
/// it decides which vertex of an ambiguous face the answer is, and the corpus's results were taken with it.)
enum PendingOrder: Comparable {
    case edit(variable: Int)
    case constraint(sequence: Int)

    static func < (a: PendingOrder, b: PendingOrder) -> Bool {
        switch (a, b) {
        case (.edit(let x), .edit(let y)): x > y
        case (.edit, .constraint): true
        case (.constraint, .edit): false
        case (.constraint(let x), .constraint(let y)): x < y
        }
    }
}
