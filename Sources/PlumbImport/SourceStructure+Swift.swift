import PlumbText
import SwiftParser
import SwiftSyntax

/// A Swift file's structure, read with swift-syntax (the compiler's own parser: a file it cannot fully parse still
/// gives a tree, with the unreadable parts as unexpected nodes).
extension SourceStructure {
    /// - Complexity: linear in the file's length.
    static func swift(_ source: String) -> SourceStructure {
        let tree = Parser.parse(source: source)
        let reader = SwiftStructureReader(offsets: UTF8ToCharacter(source))
        reader.walk(tree)
        return reader.structure
    }
}

/// Character offsets of UTF-8 offsets (swift-syntax counts bytes, the import counts characters).
struct UTF8ToCharacter {
    /// The UTF-8 offset where each character starts, and one past the end.
    private var starts: [Int32] = []

    init(_ source: String) {
        starts.reserveCapacity(source.count + 1)
        var offset: Int32 = 0
        for c in source {
            starts.append(offset)
            offset += Int32(c.utf8.count)
        }
        starts.append(offset)
    }

    /// The character at (or, inside a character, after) a UTF-8 offset.
    /// - Complexity: O(log characters).
    func callAsFunction(_ utf8: Int) -> Int {
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(starts[mid]) < utf8 { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}

/// Walks a Swift syntax tree: types, their stored properties, methods (functions, initializers, accessors, lazy
/// properties' closures) with their locals, and `if` chains.
final class SwiftStructureReader: SyntaxVisitor {
    private let offsets: UTF8ToCharacter
    private(set) var structure = SourceStructure()
    /// Open types and methods, innermost last (indices into `structure`).
    private var typeStack: [Int] = []
    private var methodStack: [(index: Int, type: Int?)] = []

    init(offsets: UTF8ToCharacter) {
        self.offsets = offsets
        super.init(viewMode: .sourceAccurate)
    }

    private func range(_ node: some SyntaxProtocol) -> Range<Int> {
        let start = offsets(node.positionAfterSkippingLeadingTrivia.utf8Offset)
        let end = offsets(node.endPositionBeforeTrailingTrivia.utf8Offset)
        return start..<max(start, end)
    }

    // MARK: Types

    private func openType(_ name: String, superclass: String?, _ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
        structure.types.append(SourceStructure.TypeScope(name: name, superclass: superclass, range: range(node)))
        typeStack.append(structure.types.count - 1)
        return .visitChildren
    }

    private func superclass(_ clause: InheritanceClauseSyntax?) -> String? {
        clause?.inheritedTypes.first?.type.trimmedDescription
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        openType(node.name.text, superclass: superclass(node.inheritanceClause), node)
    }
    override func visitPost(_ node: ClassDeclSyntax) { typeStack.removeLast() }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        openType(node.name.text, superclass: superclass(node.inheritanceClause), node)
    }
    override func visitPost(_ node: StructDeclSyntax) { typeStack.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        openType(node.name.text, superclass: nil, node)
    }
    override func visitPost(_ node: EnumDeclSyntax) { typeStack.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        openType(node.name.text, superclass: nil, node)
    }
    override func visitPost(_ node: ActorDeclSyntax) { typeStack.removeLast() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        // `extension ProfileViewController`: the class's own scope again (merged by name where names are made)
        openType(node.extendedType.trimmedDescription, superclass: nil, node)
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { typeStack.removeLast() }

    // MARK: Methods

    /// Opens a method unless one is open in the same type (a nested function or closure shares its locals).
    private func openMethod(_ name: String, _ node: some SyntaxProtocol, lazyView: String? = nil, propertyView: String? = nil) -> Bool {
        let type = typeStack.last
        if let open = methodStack.last, open.type == type { return false }
        structure.methods.append(SourceStructure.Method(name: name, type: type, range: range(node), lazyView: lazyView,
                                                        propertyView: propertyView))
        methodStack.append((structure.methods.count - 1, type))
        return true
    }

    private func closeMethod(_ node: some SyntaxProtocol) {
        let r = range(node)
        if let open = methodStack.last, structure.methods[open.index].range == r { methodStack.removeLast() }
    }

    private func declare(_ name: String, at node: some SyntaxProtocol) {
        guard let open = methodStack.last, !name.isEmpty, name != "_" else { return }
        if structure.methods[open.index].locals[name] == nil {
            structure.methods[open.index].locals[name] = range(node).lowerBound
        }
    }

    /// A function or initializer: a method, its parameters (by their inner names) its first locals.
    private func openFunction(_ name: String, _ node: some SyntaxProtocol, _ signature: FunctionSignatureSyntax) -> SyntaxVisitorContinueKind {
        _ = openMethod(name, node)
        for parameter in signature.parameterClause.parameters {
            declare((parameter.secondName ?? parameter.firstName).text, at: parameter)
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { openFunction(node.name.text, node, node.signature) }
    override func visitPost(_ node: FunctionDeclSyntax) { closeMethod(node) }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { openFunction("init", node, node.signature) }
    override func visitPost(_ node: InitializerDeclSyntax) { closeMethod(node) }

    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        _ = openMethod("deinit", node)
        return .visitChildren
    }
    override func visitPost(_ node: DeinitializerDeclSyntax) { closeMethod(node) }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let names = node.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
        let isMember = methodStack.last.map { $0.type != typeStack.last } ?? true
        if isMember {
            // a stored or computed property of the innermost type; a lazy one's closure, or a computed one's
            // accessors, are a method of their own (named by the property)
            if let type = typeStack.last { structure.types[type].properties.formUnion(names) }
            for binding in node.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                let isLazy = node.modifiers.contains { $0.name.tokenKind == .keyword(.lazy) }
                if let accessors = binding.accessorBlock {
                    _ = openMethod(name, accessors)
                } else if let value = binding.initializer?.value {
                    // a lazy property's initializer runs at its first use; a stored one's closure `{ ... }()` at
                    // the type's creation: either makes the property's view
                    let isClosure = value.as(FunctionCallExprSyntax.self)?.calledExpression.is(ClosureExprSyntax.self) == true
                    if isLazy || isClosure {
                        _ = openMethod(name, value, lazyView: isLazy ? name : nil, propertyView: name)
                    }
                }
            }
        } else {
            for name in names { declare(name, at: node) }
        }
        return .visitChildren
    }
    override func visitPost(_ node: VariableDeclSyntax) {
        for binding in node.bindings {
            if let accessors = binding.accessorBlock { closeMethod(accessors) }
            if let value = binding.initializer?.value { closeMethod(value) }
        }
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        // `if let title = title`, `if let title = self.title`, `guard let title`: the property itself, no local
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
            let value = node.initializer?.value.trimmedDescription.replacing("?", with: "")
            if value != nil && value != name && value != "self.\(name)" { declare(name, at: node) }
        }
        return .visitChildren
    }

    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { declare(name, at: node.pattern) }
        return .visitChildren
    }

    override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
        declare(node.name.text, at: node)
        return .visitChildren
    }

    override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
        declare((node.secondName ?? node.firstName).text, at: node)
        return .visitChildren
    }

    // MARK: Branches

    /// An `if` chain that is a statement (not the value of an expression): each body, under its conditions.
    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        // an `else if` is visited as a part of the chain that holds it
        if node.parent?.is(IfExprSyntax.self) == true { return .visitChildren }
        var earlier: [SourceStructure.Condition] = []
        var current: IfExprSyntax? = node
        while let branch = current {
            let text = branch.conditions.trimmedDescription
            let at = range(branch.conditions).lowerBound
            structure.branches.append(SourceStructure.Branch(body: range(branch.body),
                                                             path: earlier + [.init(text: text, holds: true, offset: at)]))
            earlier.append(.init(text: text, holds: false, offset: at))
            switch branch.elseBody {
            case .ifExpr(let next)?:
                current = next
            case .codeBlock(let block)?:
                structure.branches.append(SourceStructure.Branch(body: range(block), path: earlier))
                current = nil
            case nil:
                current = nil
            }
        }
        return .visitChildren
    }

    /// A `switch`: each case's statements under the subject being that case (the labels before it listed, so that
    /// an unbound subject takes the first case).
    override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
        let subject = node.subject.trimmedDescription
        let at = range(node.subject).lowerBound
        var labels: [String] = []
        for element in node.cases {
            guard case .switchCase(let c) = element else { continue }
            switch c.label {
            case .case(let label): labels.append(label.caseItems.trimmedDescription)
            case .default: labels.append("default")
            }
            let body = c.statements.isEmpty ? range(c) : range(c.statements)
            structure.branches.append(SourceStructure.Branch(body: body, path: [
                .init(text: subject, holds: true, offset: at, caseLabels: labels)]))
        }
        return .visitChildren
    }

    /// `#if COND` / `#elseif COND` / `#else` / `#endif` around code: a branch chain like `if`'s (the compiler keeps
    /// one clause; which depends on the build, so each is a configuration).
    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        var earlier: [SourceStructure.Condition] = []
        for clause in node.clauses {
            guard let elements = clause.elements else { continue }
            let body = range(elements)
            if let condition = clause.condition {
                let text = condition.trimmedDescription, at = range(condition).lowerBound
                structure.branches.append(SourceStructure.Branch(body: body, path: earlier + [.init(text: text, holds: true, offset: at)]))
                earlier.append(.init(text: text, holds: false, offset: at))
            } else {
                structure.branches.append(SourceStructure.Branch(body: body, path: earlier))
            }
        }
        return .visitChildren
    }
}
