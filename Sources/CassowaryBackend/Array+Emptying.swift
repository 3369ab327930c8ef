extension Array {
    /// `removeAll(keepingCapacity: true)`, skipped when there is nothing to remove: the standard library's call
    /// replaces even an empty array's buffer, code that a small solver's reset ran for each of its empty lists.
    /// - Complexity: O(1) when empty, else as `removeAll(keepingCapacity:)`.
    @inline(__always) mutating func removeAllKeepingCapacity() {
        if !isEmpty { removeAll(keepingCapacity: true) }
    }
}

extension Dictionary {
    /// `removeAll(keepingCapacity: true)`, skipped when there is nothing to remove (see the array's).
    @inline(__always) mutating func removeAllKeepingCapacity() {
        if !isEmpty { removeAll(keepingCapacity: true) }
    }
}
