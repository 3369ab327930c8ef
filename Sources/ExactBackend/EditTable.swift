import PlumbSystem

/// The solver's edit variables, by variable, without hashing: each edit sits in a slot at its variable's index (the
/// variables a solver sees are numbered densely, as its columns are), and the variables that have one are listed in
/// increasing order, so that a visit costs the edits, not the variables, and goes in the same order in every run.
///
/// (A dictionary cost every suggestion round two hashes of the variable, a third of an app layout's round in the
/// exact back end.)
/// - Complexity: look-up and change O(1); adding or removing an edit O(edits) (the list stays sorted).
struct EditTable<Edit>: Sequence {
    /// Each variable's edit, or `vacant` where it has none (`present` says which): an edit is read and changed in
    /// place, never copied out of an optional to be looked at (a copy of an exact solver's edit, its priority and
    /// constant with it, went through the runtime's generic value witnesses: a fifth of a suggestion on an app layout).
    private var slots: [Edit] = []
    private var present: [Bool] = []
    private let vacant: Edit
    /// The variables with an edit, increasing.
    private(set) var keys: [VariableID] = []

    /// No edits; `vacant` fills the slots of the variables that have none (it is never read as an edit).
    init(vacant: Edit) { self.vacant = vacant }

    var count: Int { keys.count }
    var isEmpty: Bool { keys.isEmpty }

    /// Whether `variable` has an edit. - Complexity: O(1), nothing copied.
    @inline(__always) func contains(_ variable: VariableID) -> Bool {
        let v = variable.index
        return v >= 0 && v < present.count && present[v]
    }

    /// The edit of `variable`; nil: none. Setting nil removes it.
    subscript(variable: VariableID) -> Edit? {
        get { contains(variable) ? slots[variable.index] : nil }
        set {
            let v = variable.index
            precondition(v >= 0, "EditTable: variable \(v) has no slot")
            if v >= slots.count {
                guard newValue != nil else { return }
                slots.widen(to: v + 1, with: vacant)
                present.widen(to: slots.count, with: false)
            }
            let had = present[v]
            slots[v] = newValue ?? vacant
            present[v] = newValue != nil
            if had == (newValue != nil) { return }
            let place = keys.partitioningIndex { $0 >= variable }
            if had { keys.remove(at: place) } else { keys.insert(variable, at: place) }
        }
    }

    /// What `body` reads of the edit of `variable`, in place; nil when it has none.
    /// - Complexity: O(1) and `body`; the edit is not copied.
    @inline(__always) func read<R>(_ variable: VariableID, _ body: (borrowing Edit) -> R) -> R? {
        guard contains(variable) else { return nil }
        return slots.withUnsafeBufferPointer { body($0[variable.index]) }
    }

    /// Changes the edit of `variable`, which has one, in place; returns what `body` returns.
    @inline(__always) mutating func modify<R>(_ variable: VariableID, _ body: (inout Edit) -> R) -> R {
        precondition(contains(variable), "EditTable: variable \(variable.index) has no edit")
        return body(&slots[variable.index])
    }

    /// Changes every edit in place.
    mutating func updateEach(_ body: (inout Edit) -> Void) {
        for variable in keys { body(&slots[variable.index]) }
    }

    /// The edits, in the order of their variables.
    var values: LazyMapSequence<[VariableID], Edit> { keys.lazy.map { self.slots[$0.index] } }

    /// The variables and their edits, variables increasing.
    func makeIterator() -> some IteratorProtocol<(key: VariableID, value: Edit)> {
        keys.lazy.map { (key: $0, value: self.slots[$0.index]) }.makeIterator()
    }
}

extension Array {
    /// The first index whose element `belongs` to the upper part of an array partitioned by it (all elements for
    /// which it is false first). - Complexity: O(log n).
    func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if belongs(self[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
