import PlumbSolver
import PlumbSystem

/// The soft constraints and suggested edits waiting for the next `solve()`, and how they go into the engine.
extension ExactSolverCore {
    enum PendingItem { case constraint(ConstraintID), edit(VariableID) }

    /// The waiting soft constraints and suggested edits, in the order they go into the engine: highest priority
    /// first; within a priority, as `PendingOrder` says.
    func pendingItems() -> [PendingItem] { pendingRows().items }

    /// `pendingItems()` with their engine rows (one lookup each).
    func pendingRows() -> (items: [PendingItem], rows: [PendingRow]) {
        var items: [PendingItem] = [], rows: [PendingRow] = []
        var priorities: [Priority] = [], orders: [PendingOrder] = []
        items.reserveCapacity(constraints.waiting)
        rows.reserveCapacity(constraints.waiting)
        func add(_ item: PendingItem, _ order: PendingOrder, _ row: PendingRow) {
            items.append(item)
            rows.append(row)
            priorities.append(row.priority)
            orders.append(order)
        }
        if constraints.waiting > 0 {
            constraints.forEachWaiting { id, entry in
                let constraint = entry.constraint
                add(.constraint(id), .constraint(sequence: entry.sequence),
                    (engineTerms(of: constraint), T(constraint.constant), constraint.relation, constraint.priority))
            }
        }
        for (variable, edit) in edits where edit.origin == nil && edit.constant != nil {
            add(.edit(variable), .edit(variable: variable.index),
                ([(column(for: variable), .one)], edit.constant!, .equal, edit.priority))
        }
        // Sorted by (priority descending, order): the few distinct priorities become integer ranks, and an index
        // permutation is sorted (the keys are distinct, so the order is total).
        if items.count <= 1 { return (items, rows) }
        let ranks = priorityRanks(priorities).ranks
        var permutation = Array(items.indices)
        permutation.sort { ranks[$0] != ranks[$1] ? ranks[$0] < ranks[$1] : orders[$0] < orders[$1] }
        if permutation.indices.contains(where: { permutation[$0] != $0 }) {
            items = permutation.map { items[$0] }
            rows = permutation.map { rows[$0] }
        }
        return (items, rows)
    }

    /// A constraint's terms as the engine takes them: over structural columns (created on first use), exact.
    func engineTerms(of constraint: LinearConstraint) -> [(column: Int, coefficient: T)] {
        constraint.terms.map(engineTerm)
    }

    /// One term as the engine takes it (`engineTerms(of:)`).
    @inline(__always) func engineTerm(_ term: LinearTerm) -> (column: Int, coefficient: T) {
        (column(for: term.variable), T(term.coefficient))
    }

    /// The engine row of a pending item: terms over structural columns, constant, relation, priority.
    typealias PendingRow = (terms: [(column: Int, coefficient: T)], constant: T, relation: Relation, priority: Priority)

    func row(of item: PendingItem) -> PendingRow {
        switch item {
        case .constraint(let id):
            let constraint = constraints[id]!.constraint
            let terms = engineTerms(of: constraint)
            return (terms, T(constraint.constant), constraint.relation, constraint.priority)
        case .edit(let variable):
            let edit = edits[variable]!
            return ([(column(for: variable), .one)], edit.constant!, .equal, edit.priority)
        }
    }

    /// Puts the waiting soft constraints and suggested edits into the engine, highest priority first; returns how many.
    @discardableResult
    func insertPending(_ pending: [PendingItem]? = nil, rows pendingRows: [PendingRow]? = nil) -> Int {
        let items = pending ?? pendingItems()
        guard !items.isEmpty else { return 0 }
        let rows = pendingRows ?? items.map { row(of: $0) }
        for (item, r) in zip(items, rows) {
            let origin = engine.addRow(terms: r.terms, constant: r.constant, relation: r.relation, priority: r.priority)
            switch item {
            case .constraint(let id):
                constraints[id]!.origin = origin
            case .edit(let variable):
                edits[variable]!.origin = origin
            }
        }
        return items.count
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
