import PlumbSystem

extension ExactSolverCore {
    /// A constraint as the table keeps it: its parts without its label (this back end reports constraints by id, and
    /// a label is one more object to touch), in the order that packs them in 96 bytes. (A `LinearConstraint` field,
    /// with the label's room and its padding, made an entry 144 bytes: one per constraint, written as the table
    /// grows.)
    struct Entry {
        private(set) var constant: Rational
        private(set) var priority: Priority
        private(set) var terms: [LinearTerm]
        /// The engine's origin; nil while a soft constraint waits for the next `solve()`.
        var origin: Int?
        private(set) var relation: Relation
        /// A required constraint that was not a combination of the required rows before it when it went into the
        /// engine (`ExactSolverCore+DeferredRebuild.swift`); false for a soft one.
        var isIndependent: Bool
        /// Order of addition (ties in insertion order).
        var sequence: Int

        init(_ constraint: LinearConstraint, origin: Int?, sequence: Int, isIndependent: Bool = false) {
            constant = constraint.constant
            priority = constraint.priority
            terms = constraint.terms
            self.origin = origin
            relation = constraint.relation
            self.isIndependent = isIndependent
            self.sequence = sequence
        }

        /// The constraint, without its label. (Made from the parts: a caller that needs one part reads it alone.)
        var constraint: LinearConstraint {
            get { LinearConstraint(terms: terms, constant: constant, relation: relation, priority: priority, label: nil) }
            set {
                constant = newValue.constant
                priority = newValue.priority
                terms = newValue.terms
                relation = newValue.relation
            }
        }
    }
}

extension ExactSolverCore.Entry: WaitingEntry {
    var isWaiting: Bool { origin == nil }
    static var vacant: Self {
        Self(LinearConstraint(LinearExpression(), .equal), origin: nil, sequence: 0)
    }
}
