import Testing
import PlumbSystem
import PlumbFrontEnd
@testable import PlumbCorpus

@Suite struct GeneratedFamilies {
    /// The closed-form frames satisfy every row exactly (required and optional alike: these families have none
    /// but the root's), and moving one view by a point breaks a required row.
    @Test(arguments: [Family.chain, .grid, .nested, .independent])
    func closedFormsSatisfyEveryRow(_ family: Family) throws {
        let layout = try family.generate(size: 12)
        let frames = try #require(layout.expectedFrames)
        let tree = layout.tree
        func values(_ frames: [String: (x: Rational, y: Rational, width: Rational, height: Rational)]) -> [Int: Rational] {
            var table: [Int: Rational] = [:]
            table[tree.root.x.index] = 0
            table[tree.root.y.index] = 0
            table[tree.root.widthVariable.index] = tree.rootSize.width
            table[tree.root.heightVariable.index] = tree.rootSize.height
            for view in tree.views where !view.isRoot {
                let f = frames[view.id]!
                let parent = view.superview!
                table[view.x.index] = try! f.x + table[parent.x.index]!
                table[view.y.index] = try! f.y + table[parent.y.index]!
                table[view.widthVariable.index] = f.width
                table[view.heightVariable.index] = f.height
            }
            return table
        }
        let at = values(frames)
        for id in tree.constraintOrder {
            let c = tree.constraints[id]!.linear
            #expect(try c.violation(at: { at[$0.index]! }) == .zero, "\(layout.name): \(c.label ?? "")")
        }
        var moved = frames
        let some = tree.views[tree.views.count / 2].id
        moved[some]!.x = try moved[some]!.x + Rational(1)
        let wrong = values(moved)
        #expect(tree.constraintOrder.contains { (try? tree.constraints[$0]!.linear.violation(at: { wrong[$0.index]! })) != .zero })
    }

    @Test func sizesAndCounts() throws {
        #expect(try Family.chain.generate(size: 1000).linearSystem().constraints.count == 4 + 4 * 1000 + 1 - 1)
        #expect(try Family.grid.generate(size: 100).size == 100)
        #expect(try Family.grid.generate(size: 90).size == 81)
        let nested = try Family.nested.generate(size: 30)
        #expect(nested.tree.view("v29")?.ancestorsIncludingSelf.count == 31)
    }

    @Test func exportHasTheResizeAnimation() throws {
        let system = try Family.chain.generate(size: 10, rounds: 60).linearSystem()
        #expect(system.edits == [LinearSystem.Edit(variable: VariableID(2), priority: 999)])
        #expect(system.suggestionRounds.count == 60)
        #expect(system.suggestionRounds[0] == [LinearSystem.Suggestion(variable: VariableID(2), value: 607)])
        #expect(system.constraints.contains { $0.priority == .low && $0.terms == [LinearTerm(VariableID(2), 1)] && $0.constant == -608 })
        #expect(!system.constraints.contains { $0.priority.isRequired && $0.terms == [LinearTerm(VariableID(2), 1)] })
    }

    @Test func randomLayoutsAreDeterministicFromTheSeed() throws {
        let a = try Family.random.generate(size: 50, seed: 7).linearSystem()
        let b = try Family.random.generate(size: 50, seed: 7).linearSystem()
        let c = try Family.random.generate(size: 50, seed: 8).linearSystem()
        #expect(a == b)
        #expect(a != c)
        #expect(Set(a.constraints.map(\.priority)) == [.required, .high, .low])
    }
}
