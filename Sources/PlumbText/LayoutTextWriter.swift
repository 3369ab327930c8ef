import PlumbSystem
import PlumbFrontEnd

/// Writes a `LayoutScript` as layout text (README "The text syntax"): the header, the views, and every step in
/// order, blocks in the dialect's own spelling (Masonry's `[v mas_makeConstraints:^(MASConstraintMaker *make) {`,
/// SnapKit's `v.snp.makeConstraints { make in`), one chain per line.
///
/// The round trip holds: `LayoutFile` reads the text written into a script that lowers to the same linear system,
/// with the same checkpoints, and writing that script again gives the same text. Numbers are written exactly
/// (`LayoutTextWriter` never goes through `Double`); checkpoints are copied as written, with a `let` line before
/// them for each constant of the file they name. `bench import`, the app family and the fuzzer's shrinker write
/// their layouts with it; each writes the header and parts it needs with the functions below.
public struct LayoutTextWriter: Sendable {
    public let dialect: Dialect
    public let chains: ChainText

    public init(dialect: Dialect) {
        self.dialect = dialect
        self.chains = ChainText(dialect: dialect)
    }

    /// The whole file: `comments` as `#` lines first, then the header, the views, the steps (a blank line before
    /// each block and each checkpoint). `spelling` chooses the spelling of chain `c` of step `s` (`spelling(s, c)`).
    /// - Complexity: O(size of the text).
    public static func text(of script: LayoutScript, comments: [String] = [],
                            spelling: (_ step: Int, _ chain: Int) -> ChainSpelling = { _, _ in .plain }) -> String {
        let writer = LayoutTextWriter(dialect: script.dialect)
        var lines = comments.map { "# " + $0 }
        lines += writer.header(of: script)
        lines += script.views.map(writer.declaration)
        var constants = ConstantsWritten()
        for (s, (step, _)) in script.steps.enumerated() {
            switch step {
            case .block(let block):
                lines.append("")
                lines += writer.block(block) { spelling(s, $0) }
            case .expect:
                lines.append("")
                lines += writer.lines(for: step, constants: &constants)
            default:
                lines += writer.lines(for: step, constants: &constants)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `layout`, `source`, `tags`, `dialect`, `root` and the root's own properties (`set self.view ...`).
    public func header(of script: LayoutScript) -> [String] {
        var lines = ["layout \(script.name)"]
        if let source = script.source { lines.append("source \"\(source)\"") }   // (read as it stands between the quotes)
        if !script.tags.isEmpty { lines.append("tags " + script.tags.joined(separator: " ")) }
        lines.append("dialect \(script.dialect.rawValue)")
        lines.append("root \(script.rootSize.width.layoutText) \(script.rootSize.height.layoutText)"
                     + (script.direction == .rightToLeft ? " rtl" : ""))
        if !script.rootProperties.isEmpty {
            lines.append("set self.view " + properties(script.rootProperties))
        }
        return lines
    }

    /// `view label in card scrollview intrinsic 66 30 hugging 250 250`.
    public func declaration(_ view: LayoutScript.ViewDeclaration) -> String {
        var line = "view \(view.id)"
        if let parent = view.parent, parent != ChainParser.rootViewID { line += " in \(parent)" }
        if view.isScrollView { line += " scrollview" }
        if !view.properties.isEmpty { line += " " + properties(view.properties) }
        return line
    }

    /// View properties as a declaration or a `set` line writes them.
    public func properties(_ properties: [LayoutScript.ViewProperty]) -> String {
        let optional = { (r: Rational?) in r?.layoutText ?? "-" }
        let insets = { (e: EdgeInsets) in [e.top, e.left, e.bottom, e.right].map(\.layoutText).joined(separator: " ") }
        return properties.map { property -> String in
            switch property {
            case .intrinsicSize(let w, let h): "intrinsic \(optional(w)) \(optional(h))"
            case .hugging(let h, let v): "hugging \(h.value.layoutText) \(v.value.layoutText)"
            case .compressionResistance(let h, let v): "compression \(h.value.layoutText) \(v.value.layoutText)"
            case .margins(let e): "margins " + insets(e)
            case .safeArea(let e): "safearea " + insets(e)
            case .baselines(let first, let last): "baseline \(optional(first)) \(optional(last))"
            case .direction(let d): "direction \(d?.rawValue ?? "inherit")"
            }
        }.joined(separator: " ")
    }

    /// A block: its call line, one chain per line (a kept reference as `self.NAME = make...`), its close.
    /// `spelling` chooses the spelling of each chain by its index.
    public func block(_ block: LayoutScript.Block, spelling: (Int) -> ChainSpelling = { _ in .plain }) -> [String] {
        let masonry = dialect == .masonry
        var lines: [String]
        let close: String
        if block.receivers.count == 1, block.kind != .prepare || !masonry {
            let receiver = ChainText.viewName(block.receivers[0])
            if masonry {
                lines = ["[\(receiver) mas_\(block.kind.rawValue)Constraints:^(MASConstraintMaker *make) {"]
                close = "}];"
            } else {
                lines = ["\(receiver).snp.\(block.kind.rawValue)Constraints { make in"]
                close = "}"
            }
        } else {
            // several receivers (or a Masonry `prepare`, which Masonry spells no other way): the short form
            lines = ["\(block.kind.rawValue) " + block.receivers.map(ChainText.viewName).joined(separator: " ") + " {"]
            close = "}"
        }
        for (k, chain) in block.chains.enumerated() {
            var text = chains.text(of: chain, spelling: spelling(k))
            if let name = block.names[k] { text = "self.\(name) = " + text + (masonry ? "" : ".constraint") }
            lines.append("    " + text + (masonry ? ";" : ""))
        }
        lines.append(close)
        return lines
    }

    /// Which constant values the text has given so far (for the `let` lines a checkpoint needs).
    public struct ConstantsWritten: Sendable {
        var values: [String: ConstantValue] = [:]
        public init() {}
    }

    /// The lines of one step.
    public func lines(for step: LayoutScript.Step, constants: inout ConstantsWritten) -> [String] {
        let masonry = dialect == .masonry
        switch step {
        case .block(let block):
            return self.block(block)
        case .removeConstraints(let id):
            return ["remove \(ChainText.viewName(id))"]
        case .removeFromSuperview(let id):
            return ["removeFromSuperview \(ChainText.viewName(id))"]
        case .setProperties(let id, let properties):
            return ["set \(ChainText.viewName(id)) " + self.properties(properties)]
        case .distribute(let ids, let axis, let mode, let lead, let tail):
            let amount: String
            switch mode {
            case .fixedSpacing(let s): amount = "spacing \(s.layoutText)"
            case .fixedItemLength(let l): amount = "length \(l.layoutText)"
            }
            return ["distribute " + ids.joined(separator: " ") + " \(axis.rawValue) \(amount) lead \(lead.layoutText) tail \(tail.layoutText)"]
        case .resizeRoot(let size):
            return ["resize \(size.width.layoutText) \(size.height.layoutText)"]
        case .changeConstant(let reference, let value):
            if masonry {
                let property: String
                switch value {
                case .number: property = "offset"
                case .point: property = "centerOffset"
                case .size: property = "sizeOffset"
                case .insets, .directionalInsets: property = "insets"
                }
                return ["self.\(reference).\(property) = \(chains.value(value));"]
            }
            switch value {
            case .insets, .directionalInsets: return ["\(reference).update(inset: \(chains.value(value)))"]
            default: return ["\(reference).update(offset: \(chains.value(value)))"]
            }
        case .setActive(let reference, let active):
            if masonry { return ["[self.\(reference) \(active ? "install" : "uninstall")];"] }
            return ["\(reference).\(active ? "activate" : "deactivate")()"]
        case .addEdit(let id, let component, let priority):
            return ["edit \(id).\(component.rawValue) \(priority.value.layoutText)"]
        case .removeEdit(let id, let component):
            return ["unedit \(id).\(component.rawValue)"]
        case .suggest(let values):
            return ["suggest " + values.map { "\($0.view).\($0.component.rawValue) \($0.value.layoutText)" }.joined(separator: " ")]
        case .expect(let checkpoint):
            return self.checkpoint(checkpoint, constants: &constants)
        case .failing(let step, let message):
            return lines(for: step, constants: &constants) + ["expect error \"\(message)\""]
        }
    }

    /// `expect {` and its lines as written, after a `let` line for each constant of the file the lines name
    /// whose value the text has not given yet.
    func checkpoint(_ checkpoint: Checkpoint, constants: inout ConstantsWritten) -> [String] {
        var lines: [String] = []
        var named: [String] = []
        for line in checkpoint.lines {
            for word in line.text.split(whereSeparator: { !Identifier.isPart($0) }) {
                let name = String(word)
                if let value = checkpoint.scope.constants[name], constants.values[name] != value, !named.contains(name) {
                    named.append(name)
                    constants.values[name] = value
                    lines.append("let \(name) = \(chains.value(value))")
                }
            }
        }
        lines.append(checkpoint.kind == .unsatisfiable ? "expect unsatisfiable {" : "expect {")
        for line in checkpoint.lines {
            let comment = line.comment.isEmpty ? "" : (line.text.isEmpty ? "# " : "    # ") + line.comment
            lines.append("    " + line.text + comment)
        }
        lines.append("}")
        return lines
    }
}
