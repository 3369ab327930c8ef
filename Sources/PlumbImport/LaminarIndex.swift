import PlumbText
/// Ranges that nest or are disjoint (a file's types, methods or branch bodies), indexed to find those around an
/// offset without scanning them all.
struct LaminarIndex: Sendable {
    private let ranges: [Range<Int>]
    /// Range indices by start, the larger first among equal starts (an enclosing range before what it holds).
    private let order: [Int]
    /// For each range, the nearest range that holds it (nil at the outermost level).
    private let parent: [Int?]

    /// - Complexity: O(n log n).
    init(_ ranges: [Range<Int>]) {
        self.ranges = ranges
        order = ranges.indices.sorted {
            ranges[$0].lowerBound != ranges[$1].lowerBound ? ranges[$0].lowerBound < ranges[$1].lowerBound
                : ranges[$0].upperBound > ranges[$1].upperBound
        }
        var parent = [Int?](repeating: nil, count: ranges.count)
        var open: [Int] = []
        for i in order {
            while let top = open.last, !(ranges[top].lowerBound <= ranges[i].lowerBound && ranges[i].upperBound <= ranges[top].upperBound) {
                open.removeLast()
            }
            parent[i] = open.last
            open.append(i)
        }
        self.parent = parent
    }

    /// The ranges that hold `offset`, innermost first.
    /// - Complexity: O(log n + the nesting depth there).
    func containing(_ offset: Int) -> [Int] {
        var lo = 0, hi = order.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ranges[order[mid]].lowerBound <= offset { lo = mid + 1 } else { hi = mid }
        }
        guard lo > 0 else { return [] }
        var result: [Int] = []
        var candidate: Int? = order[lo - 1]
        while let c = candidate {
            if ranges[c].contains(offset) { result.append(c) }
            candidate = parent[c]
        }
        return result
    }
}
