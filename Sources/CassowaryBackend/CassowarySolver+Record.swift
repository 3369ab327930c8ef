import PlumbSolver

extension CassowarySolver {
    /// What a record has in place of a marker column, when it is a required equality.
    enum EqualityMarker: UInt8 {
        /// Nothing: the record has its own row (solved for one of its variables), or it is not a required equality.
        case none
        /// A dummy column, fixed at 0 (after its first constant change).
        case dummy
        /// No row and no column: the rows in the tableau implied it when it was added (a proposal reports its
        /// would-be dummy basic). Forgotten when a required constraint is removed, which can change what the others
        /// imply (`forgetImpliedRecords()`).
        case implied
    }

    /// One stored constraint (48 bytes: 32-bit fields where they suffice; there is one per constraint). Optional
    /// fields are stored as 32-bit values with -1 for "none" and read through typed optionals.
    struct Record {
        private static let none: Int32 = -1

        /// What a record implements: a constraint the caller added, or an edit variable's `variable == suggestion`.
        enum Owner: Equatable {
            case constraint(ConstraintID)
            case edit(variable: Int)
        }
        private enum OwnerKind: UInt8 { case constraint, edit }

        /// The constraint's id, or the edit's variable (by `ownerKind`).
        private var ownerNumber: Int
        private var ownerKind: OwnerKind
        var constant: Double
        /// Terms: `termVars[start..<start+count]`, `termCoefs[...]` of the solver.
        private var start32: Int32
        private var count32: Int32
        private var level32: Int32
        private var marker32: Int32 = none
        private var other32: Int32 = none
        var relation: ConstraintRelation
        /// What a required equality has in place of a marker column (one byte: with a second flag the record grew
        /// from 48 to 56 bytes, and a 10,000-view chain's Cassowary build took a third longer).
        var equalityMarker = EqualityMarker.none
        /// A required equality that keeps a dummy marker column (after its first constant change).
        var hasDummy: Bool {
            get { equalityMarker == .dummy }
            set { equalityMarker = newValue ? .dummy : .none }
        }
        /// A required equality without a dummy that the rows in the tableau implied when it was added (see
        /// `EqualityMarker.implied`).
        var isImplied: Bool { equalityMarker == .implied }
        var alive = true
        /// Whether `constant` is the nearest `Double` to the number written, not that number.
        var constantIsRounded = false

        /// A bound on how far `constant` is from the number written (one ulp: a numerator or denominator beyond 53
        /// bits is rounded before the division).
        var inputError: Double { constantIsRounded ? constant.ulp : 0 }

        init(_ owner: Owner, start: Int, count: Int, constant: Double, relation: ConstraintRelation, level: Int?) {
            switch owner {
            case .constraint(let id): (ownerNumber, ownerKind) = (id.index, .constraint)
            case .edit(let v): (ownerNumber, ownerKind) = (v, .edit)
            }
            self.constant = constant
            start32 = Int32(start)
            count32 = Int32(count)
            level32 = level.map { Int32($0) } ?? Self.none
            self.relation = relation
        }

        var start: Int { Int(start32) }
        /// The record with its terms at `start` (they moved there: `compactRecords()`).
        func movingTerms(to start: Int) -> Record {
            var moved = self
            moved.start32 = Int32(start)
            return moved
        }
        var count: Int { Int(count32) }
        /// The objective slot of its priority level (see `levelSlots`), nil for a required constraint.
        var level: Int? { level32 == Self.none ? nil : Int(level32) }
        var isRequired: Bool { level32 == Self.none }
        /// The constraint's first logical symbol: the slack of an inequality, the dummy of a required equality that
        /// keeps one, the error symbol with coefficient -1 of a soft equality.
        var marker: Int32? {
            get { marker32 == Self.none ? nil : marker32 }
            set { marker32 = newValue ?? Self.none }
        }
        /// The error symbol of a soft constraint.
        var other: Int32? {
            get { other32 == Self.none ? nil : other32 }
            set { other32 = newValue ?? Self.none }
        }
        var owner: Owner {
            ownerKind == .edit ? .edit(variable: ownerNumber) : .constraint(ConstraintID(ownerNumber))
        }
        /// The constraint this record implements, nil for an edit.
        var id: ConstraintID? { ownerKind == .constraint ? ConstraintID(ownerNumber) : nil }
        /// The edit variable this record implements (`variable == suggestion`), nil for a constraint.
        var editVariable: Int? { ownerKind == .edit ? ownerNumber : nil }
        /// A required equality without a marker column: removing it or changing its constant goes through a variable
        /// of its own (one no other constraint names), or rebuilds the tableau when it has none.
        var hasNoMarker: Bool { isRequired && relation == .equal && !hasDummy }

        /// The coefficient of the marker in the constraint's equation (`lhs + marker terms = 0`).
        var markerSign: Double { relation.markerSign }
    }
}
