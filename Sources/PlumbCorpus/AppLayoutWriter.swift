import PlumbSystem
import PlumbFrontEnd
import PlumbText

/// Spells an app layout plan as a layout file (README "The text syntax"): a header, then per source file its
/// view declarations and its blocks, one chain per line, in Masonry's Objective-C spelling or SnapKit's Swift
/// spelling as the plan's dialect says. No `let` lines and no `;`-joined statements. O(size of the text).
enum AppLayoutWriter {
    static func text(of plan: AppLayoutPlan, seed: UInt64) -> String {
        let root = plan.views[0]
        let frame = root.frame!
        var out = "# App-shaped layout (Plumb's app family, seed \(seed)): \(plan.views.count - 1) views in "
        let spelling = plan.dialect == .masonry ? "Masonry" : "SnapKit"
        out += "\(plan.files.count) source file\(plan.files.count == 1 ? "" : "s"), \(spelling) spelling.\n"
        out += "layout \(plan.name)\n"
        out += "source \"Plumb app family\"\n"
        out += "tags app generated \(plan.dialect.rawValue)\n"
        out += "dialect \(plan.dialect.rawValue)\n"
        out += "root \(frame.width.layoutText) \(frame.height.layoutText)\n"
        let s = root.safeArea
        if s != .zero {
            out += "set root safearea \(s.top.layoutText) \(s.left.layoutText) \(s.bottom.layoutText) \(s.right.layoutText)\n"
        }
        for (number, file) in plan.files.enumerated() {
            let host = plan.views[file.host]
            out += "\n# \(typeName(of: file, host: host)) (file \(number + 1) of \(plan.files.count))\n"
            for block in file.blocks { out += declaration(of: plan.views[block.receiver], plan: plan) + "\n" }
            for block in file.blocks {
                out += "\n"
                out += blockText(block, plan: plan)
            }
        }
        return out
    }

    private static func typeName(of file: AppSourceFile, host: AppView) -> String {
        guard file.host != 0 else { return "Screen" + file.kind.typeName }
        let base = host.id.prefix { !$0.isNumber }
        return base.prefix(1).uppercased() + base.dropFirst() + file.kind.typeName + " for " + host.id
    }

    /// `view titleLabel12 in cardView3 intrinsic 66 30 hugging 250 250 compression 750 750`.
    private static func declaration(of view: AppView, plan: AppLayoutPlan) -> String {
        var line = "view \(view.id)"
        if let parent = view.parent, parent != 0 { line += " in \(plan.views[parent].id)" }
        if let size = view.intrinsic {
            line += " intrinsic \(size.width) \(size.height)"
            line += " hugging \(view.hugging.horizontal) \(view.hugging.vertical)"
            line += " compression \(view.compression.horizontal) \(view.compression.vertical)"
        }
        return line
    }

    private static func blockText(_ block: AppBlock, plan: AppLayoutPlan) -> String {
        let receiver = plan.views[block.receiver]
        let masonry = plan.dialect == .masonry
        var out = masonry ? "[\(receiver.id) mas_makeConstraints:^(MASConstraintMaker *make) {\n"
                          : "\(receiver.id).snp.makeConstraints { make in\n"
        for chain in block.chains {
            out += "    " + chainText(chain, receiver: receiver, plan: plan) + (masonry ? ";" : "") + "\n"
        }
        out += masonry ? "}];\n" : "}\n"
        return out
    }

    static func chainText(_ chain: AppChain, receiver: AppView, plan: AppLayoutPlan) -> String {
        let masonry = plan.dialect == .masonry
        var text = "make.\(chain.attribute.name)."
        let relation: String
        switch chain.relation {
        case .equal: relation = "equalTo"
        case .lessOrEqual: relation = "lessThanOrEqualTo"
        case .greaterOrEqual: relation = "greaterThanOrEqualTo"
        }
        switch chain.target {
        case .view(let i):
            text += "\(relation)(\(plan.views[i].id))"
        case .anchor(let i, let attribute):
            text += "\(relation)(\(plan.views[i].id).\(masonry ? "mas_" : "snp.")\(attribute.rawValue))"
        case .superview:
            text += masonry ? "\(relation)(superview)" : "\(relation)Superview()"
        case .safeArea:
            text += "\(relation)(\(safeAreaText(chain.attribute, parent: receiver.parent ?? 0, plan: plan)))"
        case .number(.scalar(let v)):
            if masonry {
                text += chain.alternateSpelling ? "mas_\(relation)(\(v.layoutText))" : "\(relation)(@\(v.layoutText))"
            } else {
                text += "\(relation)(\(v.layoutText))"
            }
        case .number(.size(let w, let h)), .computed(.size(let w, let h)):
            text += masonry ? "mas_\(relation)(CGSizeMake(\(w.layoutText), \(h.layoutText)))"
                            : "\(relation)(CGSize(width: \(w.layoutText), height: \(h.layoutText)))"
        case .computed(.scalar(let v)):
            text += masonry ? "\(relation)(@(\(v.layoutText)))" : "\(relation)(CGFloat(\(v.layoutText)))"
        }
        if let m = chain.multiplier { text += ".multipliedBy(\(m.layoutText))" }
        let filler = masonry && chain.withFiller ? ".with" : ""
        switch chain.modifier {
        case .none: break
        case .offset(let c): text += "\(filler).offset(\(c.layoutText))"
        case .inset(let n): text += "\(filler).inset(\(n.layoutText))"
        case .insets(let e):
            let (t, l, b, r) = (e.top.layoutText, e.left.layoutText, e.bottom.layoutText, e.right.layoutText)
            text += masonry ? "\(filler).insets(UIEdgeInsetsMake(\(t), \(l), \(b), \(r)))"
                            : ".inset(UIEdgeInsets(top: \(t), left: \(l), bottom: \(b), right: \(r)))"
        }
        text += priorityText(chain.priority, masonry: masonry, shorthand: chain.alternateSpelling)
        return text
    }

    /// The superview's safe-area guide, named: `superview.mas_safeAreaLayoutGuideTop` is refused by the text
    /// syntax (a guide needs a named view), so the root is `self.view` / `view` (a controller) or `self`.
    private static func safeAreaText(_ attribute: AppAttribute, parent: Int, plan: AppLayoutPlan) -> String {
        let masonry = plan.dialect == .masonry
        let owner: String
        if parent == 0 {
            owner = plan.rootKind == .controller ? (masonry ? "self.view" : "view") : "self"
        } else {
            owner = plan.views[parent].id
        }
        guard let single = attribute.single else {
            return masonry ? "\(owner).mas_safeAreaLayoutGuide" : "\(owner).safeAreaLayoutGuide"
        }
        let name = single.rawValue
        return masonry ? "\(owner).mas_safeAreaLayoutGuide\(name.prefix(1).uppercased() + name.dropFirst())"
                       : "\(owner).safeAreaLayoutGuide.snp.\(name)"
    }

    private static func priorityText(_ priority: AppPriority, masonry: Bool, shorthand: Bool) -> String {
        let value: Int
        switch priority {
        case .requiredUnwritten: return ""
        case .requiredWritten: value = 1000
        case .value(let v): value = v
        }
        let names = [1000: "Required", 750: "High", 500: "Medium", 250: "Low"]
        if shorthand, let name = names[value] {
            return masonry ? ".priority\(name)()" : ".priority(.\(name.lowercased()))"
        }
        return ".priority(\(value))"
    }
}
