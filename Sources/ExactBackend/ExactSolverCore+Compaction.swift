/// Keeping the solver the size of what it holds under churn (see `SimplexEngine+Compaction.swift`): the engine drops
/// its removed rows' columns and origins, and the solver follows the renumbering in what it keeps.
extension ExactSolverCore {
    /// Compacts the engine when enough of its columns are retired (`columnCompactionFloor`), and renumbers
    /// the solver's references: each variable's column, each column's variable, each constraint's and edit's origin.
    /// Called where a removal leaves the engine at rest (the end of `remove`, of `removeEditVariable`, of a refused
    /// `add`): off the optimal face, nothing half done.
    /// - Complexity: O(1) when not due; otherwise `SimplexEngine.compactColumns()` plus O(variables + constraints +
    ///   edits), amortized over the columns retired since the last compaction.
    func compactIfSparse() {
        guard let floor = columnCompactionFloor, engine.isWorthCompacting(floor: floor) else { return }
        precondition(engine.fixings.isEmpty, "ExactSolver: the engine compacted on the optimal face")
        let (columnMap, originMap) = engine.compactColumns()
        // (kept structural columns keep their order, so each variable's entry moves with its column)
        variableOfColumn.keep(where: columnMap.keeps)
        for v in columnOf.indices { if let old = columnOf[v] { columnOf[v] = columnMap.kept(old) } }
        constraints.updateEach { entry in entry.origin = entry.origin.map(originMap.kept) }
        edits.updateEach { edit in edit.origin = edit.origin.map(originMap.kept) }
    }
}
