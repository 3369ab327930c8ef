import PlumbText
/// Statements outside the blocks that switch a kept constraint off or on (`c.deactivate()`, `[self.c uninstall]`,
/// `self.c?.isActive = false`): an app makes two constraints and keeps one active, and the import plays what it does.
extension SourceScan {
    /// A switch of a kept constraint: where it is written, and the layout file's statement for it.
    struct ReferenceStep: Equatable {
        var offset: Int
        /// `NAME.deactivate()` or `NAME.activate()`.
        var statement: String
    }

    /// Finds every such statement outside the blocks, in file order.
    /// - Complexity: O(file length + steps × log blocks).
    mutating func findReferenceSteps() {
        var found: [ReferenceStep] = []
        let swiftCalls: [(String, Bool)] = [(".deactivate()", false), (".uninstall()", false), (".activate()", true), (".install()", true)]
        for (call, on) in swiftCalls {
            for end in occurrenceEnds(of: call) {
                let dot = end - call.count
                if let (start, name) = referencePath(endingAt: dot), !isInsideBlock(start) {
                    found.append(ReferenceStep(offset: start, statement: "\(name).\(on ? "activate" : "deactivate")()"))
                }
            }
        }
        for property in [".isActive", ".active"] {
            for end in occurrenceEnds(of: property) {
                var k = end
                while k < masked.count && masked[k] == " " { k += 1 }
                guard k < masked.count, masked[k] == "=", k + 1 < masked.count, masked[k + 1] != "=" else { continue }
                k += 1
                while k < masked.count && masked[k] == " " { k += 1 }
                let value = ["true", "false", "YES", "NO"].first { matches($0, at: k) && !(k + $0.count < masked.count && isName(masked[k + $0.count])) }
                guard let value, let (start, name) = referencePath(endingAt: end - property.count), !isInsideBlock(start) else { continue }
                let on = value == "true" || value == "YES"
                found.append(ReferenceStep(offset: start, statement: "\(name).\(on ? "activate" : "deactivate")()"))
            }
        }
        for (message, on) in [(" uninstall]", false), (" deactivate]", false), (" install]", true), (" activate]", true)] {
            for end in occurrenceEnds(of: message) {
                // `[PATH uninstall]`: the path back to the `[`
                var j = end - message.count - 1
                while j >= 0 && (isName(masked[j]) || masked[j] == ".") { j -= 1 }
                guard j >= 0, masked[j] == "[", j + 1 < end - message.count else { continue }
                let path = String(masked[(j + 1)..<(end - message.count)])
                guard let name = path.split(separator: ".").last.map(String.init), !isInsideBlock(j),
                      let first = name.first, Identifier.isStart(first) else { continue }
                found.append(ReferenceStep(offset: j, statement: "\(name.hasPrefix("_") && name.count > 1 ? String(name.dropFirst()) : name).\(on ? "activate" : "deactivate")()"))
            }
        }
        referenceSteps = found.sorted { $0.offset < $1.offset }
    }

    /// The path of names (with `.`, `?`, `!`) that ends at `end`, and its last name (the kept reference's), when
    /// the path is a plain one.
    func referencePath(endingAt end: Int) -> (start: Int, name: String)? {
        var j = end - 1
        while j >= 0 && (isName(masked[j]) || masked[j] == "." || masked[j] == "?" || masked[j] == "!") { j -= 1 }
        let start = j + 1
        guard start < end else { return nil }
        let path = String(masked[start..<end]).filter { $0 != "?" && $0 != "!" }
        guard var name = path.split(separator: ".").last.map(String.init), let first = name.first, Identifier.isStart(first)
        else { return nil }
        if name.hasPrefix("_") && name.count > 1 { name.removeFirst() }
        return (start, name)
    }

    /// Whether `offset` is inside a block's call.
    /// - Complexity: O(log blocks) (blocks are sorted by start, `blockReach` kept with them).
    func isInsideBlock(_ offset: Int) -> Bool {
        var lo = 0, hi = blocks.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if blocks[mid].start <= offset { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 && offset < blockReach[lo - 1]
    }
}
