@testable import PlumbFrontEnd
@testable import PlumbText
@testable import PlumbImport

/// The layout `bench import` wrote, read back and played: the tree an imported file gives.
func importedTree(_ outcome: SourceImport.Outcome) throws -> ViewTree {
    try LayoutFile(file: "imported.layout", name: "imported").parse(outcome.layout).build()
}
