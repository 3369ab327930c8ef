import PlumbSystem
import PlumbFrontEnd
import PlumbText

/// Spells an app layout plan as a layout file through `LayoutTextWriter`: a header, then per source file its view
/// declarations and its blocks, one chain per line, in Masonry's Objective-C spelling or SnapKit's Swift spelling
/// as the plan's dialect says, each chain in the spelling the generator drew for it. No `let` lines and no
/// `;`-joined statements. O(size of the text).
enum AppLayoutWriter {
    static func text(of plan: AppLayoutPlan, seed: UInt64) -> String {
        let root = plan.views[0]
        let frame = root.frame!
        let writer = LayoutTextWriter(dialect: plan.dialect)
        var header = LayoutScript(name: plan.name, dialect: plan.dialect, rootSize: Size(width: frame.width, height: frame.height))
        header.source = "Plumb app family"
        header.tags = ["app", "generated", plan.dialect.rawValue]
        let s = root.safeArea
        if s != .zero {
            header.rootProperties = [.safeArea(EdgeInsets(top: s.top, left: s.left, bottom: s.bottom, right: s.right))]
        }
        let spelling = plan.dialect == .masonry ? "Masonry" : "SnapKit"
        var lines = ["# App-shaped layout (Plumb's app family, seed \(seed)): \(plan.views.count - 1) views in "
                     + "\(plan.files.count) source file\(plan.files.count == 1 ? "" : "s"), \(spelling) spelling."]
        lines += writer.header(of: header)
        let location = SourceLocation(file: plan.name, line: 1)
        for (number, file) in plan.files.enumerated() {
            let host = plan.views[file.host]
            lines += ["", "# \(typeName(of: file, host: host)) (file \(number + 1) of \(plan.files.count))"]
            for block in file.blocks {
                lines.append(writer.declaration(declaration(of: plan.views[block.receiver], plan: plan, location: location)))
            }
            for block in file.blocks {
                let receiver = plan.views[block.receiver]
                let chains = block.chains.map { chain(of: $0, receiver: receiver, plan: plan, location: location) }
                lines.append("")
                lines += writer.block(LayoutScript.Block(kind: .make, receivers: [receiver.id], chains: chains)) { k in
                    ChainSpelling(alternate: block.chains[k].alternateSpelling, filler: block.chains[k].withFiller,
                                  numberAsExpression: block.chains[k].target.kind == .computed,
                                  insetShorthand: block.chains[k].modifier.kind == .inset)
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func typeName(of file: AppSourceFile, host: AppView) -> String {
        guard file.host != 0 else { return "Screen" + file.kind.typeName }
        let base = host.id.prefix { !$0.isNumber }
        return base.prefix(1).uppercased() + base.dropFirst() + file.kind.typeName + " for " + host.id
    }

    /// `view titleLabel12 in cardView3 intrinsic 66 30 hugging 250 250 compression 750 750`.
    private static func declaration(of view: AppView, plan: AppLayoutPlan, location: SourceLocation) -> LayoutScript.ViewDeclaration {
        var properties: [LayoutScript.ViewProperty] = []
        if let size = view.intrinsic {
            properties = [.intrinsicSize(width: Rational(size.width), height: Rational(size.height)),
                          .hugging(horizontal: Priority(Rational(view.hugging.horizontal)), vertical: Priority(Rational(view.hugging.vertical))),
                          .compressionResistance(horizontal: Priority(Rational(view.compression.horizontal)),
                                                 vertical: Priority(Rational(view.compression.vertical)))]
        }
        let parent = view.parent.flatMap { $0 == 0 ? nil : plan.views[$0].id }
        return LayoutScript.ViewDeclaration(id: view.id, parent: parent, properties: properties, location: location)
    }

    /// The chain the generator drew, as the front end's value: what the text written reads back into.
    static func chain(of chain: AppChain, receiver: AppView, plan: AppLayoutPlan, location: SourceLocation) -> ConstraintChain {
        let attribute: AttributeSelector
        switch chain.attribute {
        case .edges: attribute = .composite(.edges)
        case .size: attribute = .composite(.size)
        case .center: attribute = .composite(.center)
        default: attribute = .single(chain.attribute.members[0])
        }
        let target: ConstraintTarget
        switch chain.target {
        case .view(let i): target = .item(.view(plan.views[i].id), nil)
        case .anchor(let i, let a): target = .item(.view(plan.views[i].id), a)
        case .superview: target = .item(.superview, nil)
        case .safeArea:
            // the superview's safe-area guide, named (the text syntax refuses `superview`'s guide)
            let parent = receiver.parent ?? 0
            target = .item(.safeArea(parent == 0 ? ChainParser.rootViewID : plan.views[parent].id), chain.attribute.single)
        case .number(.scalar(let v)), .computed(.scalar(let v)): target = .value(.number(v))
        case .number(.size(let w, let h)), .computed(.size(let w, let h)): target = .value(.size(Size(width: w, height: h)))
        }
        var modifiers: [ConstantValue] = []
        switch chain.modifier {
        case .none: break
        case .offset(let c): modifiers = [.number(c)]
        case .inset(let n): modifiers = [.insets(EdgeInsets(n))]
        case .insets(let e): modifiers = [.insets(EdgeInsets(top: e.top, left: e.left, bottom: e.bottom, right: e.right))]
        }
        let priority: Priority?
        switch chain.priority {
        case .requiredUnwritten: priority = nil
        case .requiredWritten: priority = .required
        case .value(let v): priority = Priority(Rational(v))
        }
        return ConstraintChain(attributes: [attribute], relation: chain.relation, target: target, constantModifiers: modifiers,
                               multiplier: chain.multiplier.map { .multipliedBy($0) }, priority: priority, location: location)
    }
}
