extension Array {
    /// Inserts `x` at `i` by appending it and swapping it down: for the few priority levels a layout has, where
    /// `insert(_:at:)` pays a generic range replacement per call.
    /// - Complexity: O(`count - i`).
    mutating func insertBySwapping(_ x: Element, at i: Int) {
        append(x)
        for k in Swift.stride(from: count - 1, to: i, by: -1) { swapAt(k, k - 1) }
    }
}
