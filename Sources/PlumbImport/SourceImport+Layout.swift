import PlumbText
import PlumbSystem
import PlumbFrontEnd

/// The layout file `ImportWriter` writes: the header, the views, the file's numbers, and the blocks in the order
/// the app runs them, each in the branches it runs in, with what each line comes from.
extension ImportWriter {
    /// A layout written from the file: its text, what each line comes from, and where in the source file each
    /// copied line stands (its line, and the columns its copy lost to the indentation removed).
    struct Written {
        var text: String
        var origins: [Int: Origin]
        var sourceLines: [Int: (line: Int, shift: Int)]

        /// A location in the layout as the source file's.
        func translated(_ location: SourceLocation, file: String) -> SourceLocation {
            guard let (line, shift) = sourceLines[location.line] else { return SourceLocation(file: file, line: 1, column: nil) }
            return SourceLocation(file: file, line: line, column: location.column.map { $0 + shift })
        }
    }

    /// The layout text, leaving out blocks and constant lines by index.
    /// The layout text, leaving out blocks by index, and constant lines and statements by origin.
    func layout(leavingOut left: Set<Int>, dropping dropped: Set<Origin>) -> Written {
        var lines: [String] = []
        var origins: [Int: Origin] = [:]
        var sourceLines: [Int: (line: Int, shift: Int)] = [:]
        func add(_ line: String, _ origin: Origin? = nil, source: (Int, Int)? = nil) {
            lines.append(line)
            if let origin { origins[lines.count] = origin }
            if let source { sourceLines[lines.count] = source }
        }
        let read = scan.blocks.count - left.count
        add("# Imported from \(file) by `bench import`: \(scan.blocks.count + scan.refusals.count) block(s), \(read) read, \(views.count) view(s).")
        add("# Values the code does not give are parameters (a warning lists them): bind them with `param NAME = VALUE`")
        add("# lines below or `--param 'NAME=VALUE'`.")
        let dialect: Dialect = file.hasSuffix(".swift") ? .snapkit : .masonry
        let writer = LayoutTextWriter(dialect: dialect)
        let start = SourceLocation(file: file, line: 1)
        var header = LayoutScript(name: name, dialect: dialect, rootSize: rootSize)
        header.source = file.split(separator: "/").last.map(String.init) ?? file
        for line in writer.header(of: header) { add(line) }
        for view in views {
            // a scroll view (by its name, `scrollView`, `mainScrollView`, `tableView`): its subviews' edges attach to
            // its content
            let lowered = view.id.lowercased()
            let scrolls = ["scrollview", "tableview", "collectionview"].contains { lowered.hasSuffix($0) }
            add(writer.declaration(LayoutScript.ViewDeclaration(id: view.id, parent: view.parent, isScrollView: scrolls, location: start)))
        }
        if selfIsView { add("self \(ImportWriter.selfViewID)") }
        if fillsContentView {
            add("# UIKit's content view fills its cell (not in the file)")
            let fill = ConstraintChain(attributes: [.composite(.edges)], relation: .equal, target: .item(.superview, nil), location: start)
            for line in writer.block(LayoutScript.Block(kind: .make, receivers: ["contentView"], chains: [fill])) { add(line) }
        }
        // in dependency order: C macros expand where they are used, so `#define kTop (kMargin + 5)` may come above
        // `#define kMargin 10`; a `let` must follow the ones it names
        let ordered = ImportWriter.dependencyOrder(scan.constants.map { ($0.name, $0.value) })
        for c in ordered where !dropped.contains(.constant(c)) {
            let constant = scan.constants[c]
            guard let value = ImportWriter.constantValue(constant.value) else { continue }
            let line = location(ofOffset: constant.offset).line
            add("let \(constant.name) = \(value)", .constant(c), source: (line, 0))
            if let owner = constant.owner, let number = ParameterBindings.number(value) {
                add("param \(owner).\(constant.name) = \(number)", .constant(c), source: (line, 0))
            }
        }
        // each switch of a kept constraint follows the block written before it (those before every block are
        // left out: no block has kept a constraint yet)
        var statementsAfter: [Int: [Int]] = [:]
        for (k, step) in scan.referenceSteps.enumerated() {
            if let b = scan.blocks.lastIndex(where: { $0.start < step.offset }) { statementsAfter[b, default: []].append(k) }
        }
        for b in playOrder {
            let block = scan.blocks[b]
            let where_ = location(ofOffset: block.start)
            let text = blockText(block)
            if left.contains(b) {
                add("# \(file):\(where_.line): this block is left out (see the import's report)")
                for line in text { add("#   " + line) }
                continue
            }
            add("# \(file):\(where_.line)" + (movedEarly.contains(b) ? " (played where the app first uses the view: a lazy getter's)" : ""))
            // the branches the block runs in, as `if` statements around it (one branch per configuration)
            let branches = conditions(at: block.start)
            for condition in branches {
                for line in opening(condition) { add(line.text, .block(b), source: (line.line, line.shift)) }
            }
            let indent = (where_.column ?? 1) - 1
            for (k, line) in text.enumerated() { add(line, .block(b), source: (where_.line + k, indent)) }
            for _ in branches { add("}", .block(b), source: (where_.line, 0)) }
            // the switches of kept constraints written after this block (before the next one in the file)
            for k in statementsAfter[b] ?? [] where !dropped.contains(.statement(k)) {
                let step = scan.referenceSteps[k]
                let at = location(ofOffset: step.offset)
                let conditions = conditions(at: step.offset)
                for condition in conditions {
                    for line in opening(condition) { add(line.text, .statement(k), source: (line.line, line.shift)) }
                }
                add(step.statement, .statement(k), source: (at.line, (at.column ?? 1) - 1))
                for _ in conditions { add("}", .statement(k), source: (at.line, 0)) }
            }
        }
        return Written(text: lines.joined(separator: "\n") + "\n", origins: origins, sourceLines: sourceLines)
    }

    /// The indices of `constants` (name, value) in an order where each comes after the others its value names (file
    /// order otherwise, and for names that refer to each other in a cycle, which stay parameters).
    /// - Complexity: O(total length of the values + number of constants).
    static func dependencyOrder(_ constants: [(name: String, value: String)]) -> [Int] {
        var byName: [String: [Int]] = [:]
        for (k, c) in constants.enumerated() { byName[c.name, default: []].append(k) }
        enum Mark { case unvisited, visiting, done }
        var mark = [Mark](repeating: .unvisited, count: constants.count)
        var order: [Int] = []
        order.reserveCapacity(constants.count)
        // iterative depth-first search (a long chain of macros must not exhaust the stack)
        for root in constants.indices where mark[root] == .unvisited {
            var stack: [(index: Int, names: [Int], next: Int)] = []
            func referenced(_ k: Int) -> [Int] {
                let words = constants[k].value.split { !($0.isLetter || $0.isNumber || $0 == "_") }
                return words.flatMap { byName[String($0)] ?? [] }.filter { $0 != k }
            }
            mark[root] = .visiting
            stack.append((root, referenced(root), 0))
            while !stack.isEmpty {
                let top = stack.count - 1
                if stack[top].next < stack[top].names.count {
                    let d = stack[top].names[stack[top].next]
                    stack[top].next += 1
                    if mark[d] == .unvisited {
                        mark[d] = .visiting
                        stack.append((d, referenced(d), 0))
                    }
                } else {
                    mark[stack[top].index] = .done
                    order.append(stack[top].index)
                    stack.removeLast()
                }
            }
        }
        return order
    }

    /// A declaration's value as a `let` can take it: a number, an expression of numbers and names, or a struct;
    /// nil for anything else (an object, a call of an unknown function).
    static func constantValue(_ value: String) -> String? {
        let t = value.trimmingCharacters(in: " \t")
        guard let first = t.first else { return nil }
        let structs = ["CGSizeMake", "CGPointMake", "UIEdgeInsetsMake", "CGSize(", "CGPoint(", "UIEdgeInsets(",
                       "NSDirectionalEdgeInsets(", "CGFloat(", "NSEdgeInsetsMake", "Double(", "Float("]
        if structs.contains(where: { t.hasPrefix($0) }) { return t }
        guard !t.contains("["), !t.contains("{"), !t.contains("\""), !t.contains("@"), !t.contains("?"),
              !LayoutFileReader.createsView(t) else { return nil }
        if first.isNumber || (first == "." && t.dropFirst().first?.isNumber == true) || first == "-" || first == "(" { return t }
        // an expression of names and numbers (`SCREEN_WIDTH / 3`, `kMargin * 2`): what it names unknown stays a parameter
        let isArithmetic = t.contains { "+-*/".contains($0) }
        return isArithmetic && t.allSatisfy({ $0.isLetter || $0.isNumber || " _.+-*/()".contains($0) }) ? t : nil
    }

    /// The block's lines as written, from the call to its close, without the call line's indentation.
    func blockText(_ block: SourceScan.Block) -> [String] {
        if let inlined = block.inlined {
            let chars = scopes.rewrite(Array(inlined), masked: Array(inlined), offset: block.start)
            return String(chars).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        let code = scopes.rewrite(Array(scan.text[block.start..<block.end]), masked: Array(scan.masked[block.start..<block.end]),
                                  offset: block.start)
        let first = location(ofOffset: block.start)
        let indent = (first.column ?? 1) - 1
        var lines: [String] = []
        var current = ""
        var atLineStart = false
        var dropped = 0
        for c in code {
            if c.isNewline {
                lines.append(current)
                current = ""
                atLineStart = true
                dropped = 0
                continue
            }
            if atLineStart && (c == " " || c == "\t") && dropped < indent {
                dropped += 1
                continue
            }
            atLineStart = false
            current.append(c)
        }
        lines.append(current)
        if let subject = block.closureSubject, let first = lines.first, first.hasPrefix("$0") {
            // the view the `.then { }` closure configures
            lines[0] = scopes.renamed([subject], at: block.start).joined(separator: ".") + first.dropFirst(2)
        }
        return lines
    }
}
