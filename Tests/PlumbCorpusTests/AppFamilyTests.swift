import Testing
import PlumbSystem
import PlumbFrontEnd
import PlumbText
@testable import PlumbCorpus

/// What one chain line of a layout file says, read from the text alone (not from the generator's records).
struct ScannedChain {
    var attribute = ""
    /// `==`, `<=` or `>=`.
    var relation = ""
    /// view, anchor, superview, safeArea, computed or number.
    var target = ""
    /// offset, inset, insets, priority, multipliedBy: the modifiers written.
    var modifiers: Set<String> = []
    var priority = 1000
    /// zero, integer or fraction: the number the chain writes (its value target, else its offset or inset).
    var constant = "zero"

    /// Reads `make.ATTRIBUTE.RELATION(ARGUMENT)[.with][.MODIFIER(ARGUMENT)]...[;]`.
    init?(_ line: Substring) {
        var text = Substring(line.trimmingCharacters(in: " ;"))
        guard text.hasPrefix("make.") else { return nil }
        text = text.dropFirst(5)
        var calls: [(name: String, argument: String)] = []
        while !text.isEmpty {
            let name = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            text = text.dropFirst(name.count)
            var argument = ""
            if text.first == "(" {
                var depth = 0
                var end = text.startIndex
                for i in text.indices {
                    if text[i] == "(" { depth += 1 }
                    if text[i] == ")" { depth -= 1; if depth == 0 { end = i; break } }
                }
                argument = String(text[text.index(after: text.startIndex)..<end])
                text = text[text.index(after: end)...]
            }
            calls.append((String(name), argument))
            if text.first == "." { text = text.dropFirst() } else { break }
        }
        guard calls.count >= 2 else { return nil }
        attribute = calls[0].name
        let (relationName, argument) = calls[1]
        let bare = relationName.hasPrefix("mas_") ? String(relationName.dropFirst(4)) : relationName
        relation = bare.hasPrefix("equalTo") ? "==" : bare.hasPrefix("lessThanOrEqualTo") ? "<=" : ">="
        if bare.hasSuffix("Superview") || argument == "superview" {
            target = "superview"
        } else if argument.contains("safeAreaLayoutGuide") {
            target = "safeArea"
        } else if argument.hasPrefix("@(") || argument.hasPrefix("CGFloat(") {
            target = "computed"
        } else if let first = argument.first, first == "@" || first == "-" || first.isNumber || argument.hasPrefix("CGSize") {
            target = "number"
        } else if argument.contains(".mas_") || argument.contains(".snp.") {
            target = "anchor"
        } else {
            target = "view"
        }
        var written: [Rational] = []
        if target == "number" || target == "computed" { written = ScannedChain.numbers(in: argument) }
        for (name, argument) in calls.dropFirst(2) {
            switch name {
            case "with": continue
            case "offset": modifiers.insert("offset"); written = ScannedChain.numbers(in: argument)
            case "inset" where argument.hasPrefix("UIEdgeInsets"), "insets":
                modifiers.insert("insets"); written = ScannedChain.numbers(in: argument)
            case "inset": modifiers.insert("inset"); written = ScannedChain.numbers(in: argument)
            case "multipliedBy": modifiers.insert("multipliedBy")
            default:
                guard name.hasPrefix("priority") else { continue }
                modifiers.insert("priority")
                let named = ["Required": 1000, "High": 750, "Medium": 500, "Low": 250,
                             ".required": 1000, ".high": 750, ".medium": 500, ".low": 250]
                priority = named[String(name.dropFirst(8))] ?? named[argument] ?? Int(argument) ?? -1
            }
        }
        constant = written.allSatisfy(\.isZero) ? "zero" : written.allSatisfy(\.isInteger) ? "integer" : "fraction"
    }

    /// The numbers in an argument (`@-16`, `CGSizeMake(80, 44)`, `UIEdgeInsets(top: 8, left: 16, ...)`).
    static func numbers(in text: String) -> [Rational] {
        text.split { !($0.isNumber || $0 == "." || $0 == "-") }.compactMap { Rational(String($0)) }
    }
}

extension StringProtocol {
    func trimmingCharacters(in set: String) -> String {
        let characters = Set(set)
        let start = firstIndex { !characters.contains($0) } ?? endIndex
        let end = lastIndex { !characters.contains($0) }.map { index(after: $0) } ?? start
        return String(self[start..<Swift.max(start, end)])
    }
}

/// Counts per file and per block, read through the front end: rows are the constraints each block installs.
struct BlockCounts {
    var rowsPerBlock: [Int] = []
    var viewsPerBlock: [Int] = []
    var blocksPerFile: [Int] = []

    mutating func add(_ text: String, name: String) throws {
        let script = try LayoutFile(file: name, name: name).parse(text)
        let tree = try script.makeTree()
        let player = LayoutPlayer(script: script, tree: tree)
        var blocks = 0
        for (step, location) in script.steps {
            let before = (tree.constraints.keys.max() ?? -1)
            try player.perform(step, at: location)
            guard case .block = step else { continue }
            blocks += 1
            let added = tree.constraints.values.filter { $0.id > before }
            rowsPerBlock.append(added.count)
            var views = Set<String>()
            for c in added {
                guard let r = c.resolved else { continue }
                for item in [r.firstItem] + (r.secondItem.map { [$0] } ?? []) {
                    switch item {
                    case .view(let id), .safeArea(let id): views.insert(id)
                    default: break
                    }
                }
            }
            viewsPerBlock.append(views.count)
        }
        blocksPerFile.append(blocks)
    }
}

/// `12.35`: a share for the printed table.
func twoPlaces(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let rest = abs(hundredths % 100)
    return "\(hundredths / 100).\(rest < 10 ? "0" : "")\(rest)"
}

func median(_ values: [Int]) -> Int { values.sorted()[values.count / 2] }
func percentile(_ values: [Int], _ p: Double) -> Int {
    let sorted = values.sorted()
    return sorted[Swift.min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
}

@Suite struct AppFamilyTests {
    static let sampleSize = 2_000

    @Test func theSameSeedGivesTheSameTextAndAnotherSeedAnother() {
        let a = AppFamily.smallLayoutSources(count: 50, seed: 7)
        #expect(a == AppFamily.smallLayoutSources(count: 50, seed: 7))
        #expect(a != AppFamily.smallLayoutSources(count: 50, seed: 8))
        #expect(Array(a.prefix(10)) == AppFamily.smallLayoutSources(count: 10, seed: 7))
        let screen = AppFamily.screenSource(size: 300, seed: 3)
        #expect(screen == AppFamily.screenSource(size: 300, seed: 3))
        #expect(screen != AppFamily.screenSource(size: 300, seed: 4))
        let layouts = AppFamily.smallLayouts(count: 3, seed: 7)
        #expect(layouts.map(\.name) == ["app-small-0001", "app-small-0002", "app-small-0003"])
        #expect(layouts.map(\.source) == Array(a.prefix(3)))
    }

    /// Shares read from 2,000 small layouts' text, against the measured table (±2 points for shares above 5 %,
    /// ±1 point below), and counts read through the front end.
    @Test func smallLayoutsShowTheMeasuredProportions() throws {
        let sources = AppFamily.smallLayoutSources(count: AppFamilyTests.sampleSize, seed: 1)
        var chains: [ScannedChain] = []
        var counts = BlockCounts()
        var snapKitFiles = 0
        for (i, text) in sources.enumerated() {
            chains += text.split(separator: "\n").compactMap { ScannedChain($0) }
            try counts.add(text, name: "small-\(i)")
            if text.contains("\ndialect snapkit\n") { snapKitFiles += 1 }
        }
        let total = Double(chains.count)
        func share(_ predicate: (ScannedChain) -> Bool) -> Double { Double(chains.filter(predicate).count) / total * 100 }
        func expectShare(_ label: String, _ measured: Double, _ target: Double,
                         sourceLocation: Testing.SourceLocation = #_sourceLocation) {
            let tolerance = target > 5 ? 2.0 : 1.0
            print("app family share \(label): \(twoPlaces(measured)) % (target \(target) %)")
            #expect(abs(measured - target) <= tolerance, "\(label): \(measured) % against \(target) % ± \(tolerance)",
                    sourceLocation: sourceLocation)
        }
        let attributes: [(String, Double)] = [
            ("top", 20), ("left", 12), ("bottom", 10), ("height", 10), ("leading", 10), ("trailing", 8.5), ("width", 8),
            ("right", 8), ("centerY", 5), ("edges", 3.5), ("centerX", 2.5), ("size", 2), ("center", 1),
        ]
        for (name, target) in attributes { expectShare("attribute \(name)", share { $0.attribute == name }, target) }
        #expect(Set(chains.map(\.attribute)).isSubset(of: Set(attributes.map(\.0))))
        expectShare("relation ==", share { $0.relation == "==" }, 98.2)
        expectShare("relation <=", share { $0.relation == "<=" }, 1.5)
        expectShare("relation >=", share { $0.relation == ">=" }, 0.3)
        expectShare("required", share { $0.priority == 1000 }, 99.8)
        expectShare("priority below 1000", share { $0.priority != 1000 }, 0.2)
        #expect(Set(chains.map(\.priority)).isSubset(of: [1000, 250, 750, 999, 500, 300]))
        for (kind, target) in [("view", 37.0), ("anchor", 18), ("superview", 14), ("computed", 10), ("number", 5), ("safeArea", 16)] {
            expectShare("target \(kind)", share { $0.target == kind }, target)
        }
        for (modifier, target) in [("offset", 100.0 / 3), ("inset", 5), ("insets", 1), ("priority", 0.6), ("multipliedBy", 0.4)] {
            expectShare("modifier \(modifier)", share { $0.modifiers.contains(modifier) }, target)
        }
        #expect(chains.filter { $0.modifiers.contains("insets") }.allSatisfy { $0.attribute == "edges" })
        for (kind, target) in [("zero", 52.0), ("integer", 47), ("fraction", 1)] {
            expectShare("constant \(kind)", share { $0.constant == kind }, target)
        }
        expectShare("SnapKit files", Double(snapKitFiles) / Double(sources.count) * 100, 50)

        let rows = counts.rowsPerBlock, blocks = counts.blocksPerFile, views = counts.viewsPerBlock
        print("app family rows per block: median \(median(rows)), max \(rows.max()!), blocks \(rows.count), chains \(chains.count)")
        print("app family blocks per file: median \(median(blocks)), 90th percentile \(percentile(blocks, 0.9)), max \(blocks.max()!)")
        let meanViews = Double(views.reduce(0, +)) / Double(views.count)
        print("app family views per block: median \(median(views)), mean \(twoPlaces(meanViews))")
        #expect(median(rows) == 4)
        #expect(rows.min()! >= 1 && rows.max()! <= 13)
        #expect(median(blocks) == 2)
        #expect(percentile(blocks, 0.9) <= 7)
        #expect(blocks.min()! >= 1 && blocks.max()! <= 42)
        #expect(median(views) >= 2 && median(views) <= 3)
    }

    /// The generator's ground truth, substituted into the lowered rows of the text read back: every row a chain
    /// made holds exactly (required and soft alike), so no required set can conflict.
    @Test func theGroundTruthSatisfiesEveryChainExactly() throws {
        var plans = AppFamily.smallLayoutPlans(count: AppFamilyTests.sampleSize, seed: 1)
        plans += [1, 10, 100, 500].map { AppFamily.screenPlan(size: $0, seed: 1) }
        for plan in plans {
            let text = AppLayoutWriter.text(of: plan, seed: 1)
            let tree = try LayoutFile(file: plan.name, name: plan.name).parse(text).build()
            var values: [Int: Rational] = [:]
            for view in plan.views {
                let node = try #require(tree.view(view.id))
                let frame = try #require(view.frame)
                #expect(frame.width >= .one && frame.height >= .one, "\(plan.name): \(view.id) \(frame)")
                values[node.x.index] = frame.x
                values[node.y.index] = frame.y
                values[node.widthVariable.index] = frame.width
                values[node.heightVariable.index] = frame.height
            }
            #expect(tree.views.count == plan.views.count)
            for id in tree.constraintOrder {
                let installed = tree.constraints[id]!
                if case .contentSize = installed.origin { continue }
                let violation = try installed.linear.violation(at: { values[$0.index]! })
                #expect(violation == .zero, "\(plan.name): \(installed.linear.label ?? "") off by \(violation)")
            }
        }
    }

    @Test func screensHaveTheViewsAskedForAndReadBack() throws {
        for size in [1, 2, 10, 137, 500] {
            let layout = try Family.app.generate(size: size, seed: 5, rounds: 12)
            #expect(layout.size == size)
            #expect(layout.tree.views.count == size + 1)
            #expect(layout.family == .app && layout.expectedFrames == nil && layout.resizeWidths.count == 12)
            #expect(layout.name == "app-\(size)")
            let source = try #require(layout.source)
            #expect(source == AppFamily.screenSource(size: size, seed: 5))
            #expect(!source.contains("\nlet ") && !source.contains(";    make"))
            let system = layout.linearSystem()
            #expect(system.suggestionRounds.count == 12)
        }
        // Containers under the root, their subviews under them.
        let screen = try AppFamily.screen(size: 500, seed: 2)
        #expect(screen.tree.views.contains { $0.depth >= 3 })
        #expect(screen.tree.root.subviews.count >= 1)
    }
}

