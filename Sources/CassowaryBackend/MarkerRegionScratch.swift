import PlumbInvariants

/// The region solve's storage (`MarkerRegionSolve`), kept by the solver from one solve to the next so that a solve
/// allocates nothing once the tables have grown to the largest region met.
///
/// Between solves every table is at rest: each record's mark is below `nextMark`, every layout variable's local
/// index is -1, every matrix, row-k and accumulator entry is 0, and the per-solve lists are empty. A solve leaves
/// them so (`MarkerRegionSolve.run()` clears what it used: the rows and variables of its region, not the tables).
struct MarkerRegionScratch {
    /// Per record: a mark from this solve (`MarkerRegionSolve`) or an older one (anything below `nextMark`).
    var recordMark: [UInt32] = []
    /// The first mark no solve has used yet.
    var nextMark: UInt32 = 1
    /// Per layout variable: its local index in the running solve (-1 outside one).
    var localOf: [Int32] = []
    /// The solved rows, row-major with `stride` entries per row (see `MarkerRegionSolve`).
    var cells: [Double] = []
    var stride = 0
    /// Row k and the row being added, `stride` entries each.
    var rowK: [Double] = []
    var accumulator: [Double] = []
    /// Per local variable: its layout variable, the solved row it is the subject of (-1: free), whether it is in
    /// the weight's current support.
    var variableOf: [Int] = []
    var solvedRowOf: [Int32] = []
    var inSupport: [Bool] = []
    /// Per solved row: its subject (local).
    var subjects: [Int] = []
    /// Lists one add or one round fills and empties.
    var touched: [Int] = []
    var expression: [(variable: Int, coefficient: Double)] = []
    /// The gathered row's terms ordered by their variable's uses, then id (`MarkerRegionSolve.subject()`).
    var ordered: [(term: (variable: Int, coefficient: Double), key: (uses: Int, variable: Int))] = []
    var terms: [(variable: Int, coefficient: Double)] = []
    var support: [Int] = []

    /// Room for `records` records and `variables` layout variables.
    mutating func ensure(records: Int, variables: Int) {
        if recordMark.count < records { grow(&recordMark, toInclude: records - 1, with: 0) }
        if localOf.count < variables { grow(&localOf, toInclude: variables - 1, with: -1) }
        // a mark must never come round again while an old one is stored: start over well before the wrap
        if nextMark > UInt32.max / 2 {
            for i in recordMark.indices { recordMark[i] = 0 }
            nextMark = 1
        }
    }

    /// The resting state above: no local variable, row or list left from a solve, every table clean.
    func checkInvariants(into report: inout InvariantReport) {
        report.expect(variableOf.isEmpty && solvedRowOf.isEmpty && inSupport.isEmpty && subjects.isEmpty && support.isEmpty,
                      "MarkerRegionScratch", "a solve left its variables, rows or support behind")
        report.expect(recordMark.allSatisfy { $0 < nextMark }, "MarkerRegionScratch", "a record's mark is not below \(nextMark)")
        report.expect(localOf.allSatisfy { $0 == -1 }, "MarkerRegionScratch", "a layout variable kept its local index")
        report.expect(cells.allSatisfy { $0 == 0 } && rowK.allSatisfy { $0 == 0 } && accumulator.allSatisfy { $0 == 0 },
                      "MarkerRegionScratch", "a matrix, row-k or accumulator entry is not 0")
        report.expect(rowK.count == stride && accumulator.count == stride && cells.count % Swift.max(stride, 1) == 0,
                      "MarkerRegionScratch", "the row buffers do not match the stride \(stride)")
    }

    var footprintBytes: Int {
        bufferBytes(recordMark) + bufferBytes(localOf) + bufferBytes(cells) + bufferBytes(rowK) + bufferBytes(accumulator)
            + bufferBytes(variableOf) + bufferBytes(solvedRowOf) + bufferBytes(inSupport) + bufferBytes(subjects)
            + bufferBytes(touched) + bufferBytes(expression) + bufferBytes(ordered) + bufferBytes(terms)
            + bufferBytes(support)
    }
}
