import PlumbText
import PlumbSystem
import PlumbFrontEnd

/// Writes the layout file of a `SourceScan`: the views (named as the code names them), the file's numbers, and the
/// blocks as written, each line remembered with where it came from.
struct ImportWriter {
    /// Where a line of the layout comes from.
    enum Origin: Hashable { case block(Int), constant(Int), statement(Int) }

    let file: String
    let scan: SourceScan
    let rootSize: Size
    let name: String
    /// Whether `view` alone names the root (a view controller's file without a local `view`).
    let viewIsRoot: Bool
    /// Whether `self` is a view of its own (a block constrains it), inside the root.
    let selfIsView: Bool
    /// Whether the file is a view controller's whose code constrains its own `view`: a child controller's view,
    /// which is then a view of its own (`selfView`) inside the root, not the screen.
    let controllerViewIsOwn: Bool
    /// Where each name the code writes belongs (locals per method, each type's views apart).
    let scopes: ImportScopes
    /// The declared views, parents first, each with its superview (nil: the root).
    private(set) var views: [(id: String, parent: String?)] = []
    /// Each block's receiver id.
    private(set) var receivers: [String?] = []
    /// The blocks by index in the order the app runs them (`playOrder()`), and those a lazy getter moved earlier.
    private(set) var playOrder: [Int] = []
    private(set) var movedEarly: Set<Int> = []
    /// Start offset of each source line.
    private let lineStarts: [Int]

    static let selfViewID = "selfView"

    init(file: String, scan: SourceScan, rootSize: Size) {
        self.file = file
        self.scan = scan
        self.rootSize = rootSize
        var base = file.split(separator: "/").last.map(String.init) ?? file
        if let dot = base.lastIndex(of: ".") { base = String(base[..<dot]) }
        let cleaned = base.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" }
        name = cleaned.isEmpty ? "imported" : String(cleaned)
        var starts = [0]
        for (i, c) in scan.text.enumerated() where c.isNewline { starts.append(i + 1) }
        lineStarts = starts
        var viewNames = scan.blocks.map { (offset: $0.start, expression: $0.closureSubject ?? $0.receiver) }
        for addition in scan.additions {
            viewNames.append((addition.offset, addition.child))
            viewNames.append((addition.offset, addition.parent))
        }
        var scopes = ImportScopes(structure: scan.structure, viewNames: viewNames, fileBase: base, masked: scan.masked)
        let isController = scopes.primaryIsController ?? scan.isViewController
        // in a view controller `view` is its view, unless the code has a local or a parameter `view` of its own and
        // constrains it (with the file's methods known, such a local is renamed in the method that declares it)
        let localViewUnknown = scan.structure.methods.isEmpty && scan.declaresLocalView
        viewIsRoot = isController && !(localViewUnknown && scan.blocks.contains { ViewPath.stripped($0.receiver) == "view" })
        // a controller whose own code constrains its view: a child's, placed by its parent, not the screen
        controllerViewIsOwn = viewIsRoot && scan.blocks.contains { block in
            var r = scopes.renamed(ViewPath.components(ViewPath.stripped(block.receiver)), at: block.start)
            if let first = r.first, ImportScopes.selfWords.contains(first) { r.removeFirst() }
            return r == ["view"]
        }
        if controllerViewIsOwn { scopes.ownViewID = ImportWriter.selfViewID }
        self.scopes = scopes
        // A view's or a cell's file: `self` is a view of its own, sized by what the code gives it (a cell sizes
        // itself to its content), inside the root that stands for its superview. A view controller's file: `self.view`
        // is the root, the screen.
        // (another type's `self` is that type's view, named by the type)
        selfIsView = !isController || controllerViewIsOwn || scan.blocks.contains { block in
            let r = scopes.renamed(ViewPath.components(ViewPath.stripped(block.receiver)), at: block.start)
            return r.isEmpty || (r.count == 1 && ImportScopes.selfWords.contains(r[0]))
        }
        self.isController = isController
        collectViews()
        (playOrder, movedEarly) = orderOfPlay()
    }

    /// Whether the file is a view controller's (by its own type, else by what its code names).
    let isController: Bool

    // MARK: Names

    /// What a view expression names.
    enum Named: Equatable { case root, selfView, view(String) }

    /// `self.titleLabel`, `weakSelf.card`, `_title`, `avatar!`, `self?.card`, `buttons[0]`, `item.icon?`,
    /// `self.view`: the view it names, or nil when it is no plain path of names.
    func named(_ expression: String, at offset: Int) -> Named? {
        let t = ViewPath.stripped(expression)
        let written = ViewPath.components(t)
        var components = scopes.renamed(written, at: offset)
        guard !components.isEmpty else { return selfIsView ? .selfView : .root }
        let aliases = ChainParser.defaultSelfAliases
        // a name the scope renamed is a view of its own (not a type's member or a constant)
        var throughSelf = components != written
        while let first = components.first, first == "self" || aliases.contains(first) {
            components.removeFirst()
            throughSelf = true
        }
        // a guide of a view is the view (`view.safeAreaLayoutGuide.snp.top` names the root's guide)
        while let last = components.last, ImportWriter.guideMembers.contains(last) { components.removeLast() }
        if components.isEmpty || components == [ImportWriter.selfViewID] { return selfIsView ? .selfView : .root }
        if components == ["view"] && (viewIsRoot || throughSelf) { return .root }
        // `Styles.Sizes.avatar`, `Metrics.padding`: a type's member is a value, not a view; so is `kBarHeight`
        if !throughSelf, components.count > 1, let first = components[0].first, first.isUppercase { return nil }
        if !throughSelf, ChainNames.isConstantName(components[0]) { return nil }
        guard let id = ViewPath.viewID(of: components) else { return nil }
        if id == "superview" || id == "make" || components.contains("superview") { return nil }
        return .view(id)
    }

    /// Members that name a view's guide, which stands for the view itself here.
    static let guideMembers: Set<String> = ["safeAreaLayoutGuide", "layoutMarginsGuide", "readableContentGuide",
                                            "contentLayoutGuide", "frameLayoutGuide"]

    // MARK: Views

    mutating func collectViews() {
        var parentOf: [String: String?] = [:]
        var order: [String] = []
        func note(_ id: String) {
            if parentOf[id] == nil { parentOf[id] = .some(nil); order.append(id) }
        }
        for block in scan.blocks {
            var receiver = block.closureSubject ?? block.receiver.trimmingCharacters(in: " ")
            if receiver.hasPrefix("@["), receiver.hasSuffix("]") {
                // `[@[a, b] mas_makeConstraints:...]`: each element
                receiver = String(receiver.dropFirst(2).dropLast())
                for element in receiver.split(separator: ",") {
                    if case .view(let id)? = named(String(element), at: block.start) { note(id) }
                }
                receivers.append(nil)
                continue
            }
            if case .view(let id)? = named(receiver, at: block.start) { note(id); receivers.append(id) } else { receivers.append(nil) }
        }
        for addition in scan.additions {
            guard case .view(let child)? = named(addition.child, at: addition.offset) else { continue }
            note(child)
            switch named(addition.parent, at: addition.offset) {
            case .view(let p)?:
                note(p)
                if parentOf[child] == .some(nil) { parentOf[child] = .some(p) }
            case .selfView?:
                if parentOf[child] == .some(nil) { parentOf[child] = .some(ImportWriter.selfViewID) }
            default:
                break
            }
        }
        for block in scan.blocks {
            for reference in referencedViews(in: block) {
                if case .view(let id)? = named(reference.expression, at: block.start),
                   reference.certain || parentOf[id] != nil || ChainNames.looksLikeView(id) {
                    note(id)
                }
            }
        }
        // parents first; an edge that would make a cycle is dropped
        var placed: Set<String> = []
        var result: [(String, String?)] = []
        if selfIsView { result.append((ImportWriter.selfViewID, nil)); placed.insert(ImportWriter.selfViewID) }
        let fallback: String? = selfIsView ? ImportWriter.selfViewID : nil
        func place(_ id: String, _ visiting: Set<String>) {
            if placed.contains(id) { return }
            var parent = parentOf[id] ?? nil
            if let p = parent, visiting.contains(p) || p == id { parent = nil }
            if let p = parent, p != ImportWriter.selfViewID { place(p, visiting.union([id])) }
            if placed.contains(id) { return }
            placed.insert(id)
            result.append((id, parent ?? fallback))
        }
        for id in order { place(id, []) }
        views = result.map { (id: $0.0, parent: $0.1) }
    }

    /// The view expressions a block's text names: before `.mas_`, `.snp` or `.snp_` (certain), and the arguments of
    /// relations and arrays that are plain names (views if the file knows them as views or names them like views).
    func referencedViews(in block: SourceScan.Block) -> [(expression: String, certain: Bool)] {
        let m = scan.masked
        var found: [(String, Bool)] = []
        // the maker's chains (`make.height.mas_equalTo(...)`) name no view
        var makers: Set<String> = ["make", "$0"]
        if let open = (block.start..<block.end).first(where: { m[$0] == "{" }) {
            let header = Substring(String(scan.text[block.start..<open]))
            let rest = Substring(String(scan.text[(open + 1)..<block.end]))
            if let maker = LayoutFileReader.maker(header: header, rest: rest).0 { makers.insert(maker) }
        }
        func isMakerPath(_ path: String) -> Bool {
            makers.contains(String(path.prefix { $0 != "." && $0 != "?" && $0 != "!" }))
        }
        func pathBefore(_ dot: Int) -> String {
            String(scan.text[scan.pathStart(endingAt: dot, notBefore: block.start)..<dot])
        }
        var i = block.start
        while i < block.end {
            if m[i] == ".", i + 4 < block.end {
                let word = String(m[(i + 1)..<min(i + 5, block.end)])
                if word == "mas_" || word.hasPrefix("snp.") || word == "snp_" {
                    let path = pathBefore(i)
                    if !path.isEmpty && !isMakerPath(path) { found.append((path, true)) }
                }
            }
            if (m[i] == "(" && !(i > 0 && m[i - 1] == "@")) || m[i] == "," || (m[i] == "[" && i > 0 && m[i - 1] == "@") {
                // a plain name as a whole argument: `equalTo(header)`, `@[a, b]`
                var j = i + 1
                while j < block.end && m[j] == " " { j += 1 }
                var k = j
                while k < block.end && (m[k] == "." || m[k] == "!" || m[k] == "?" || Identifier.isPart(m[k])) { k += 1 }
                while k < block.end && m[k] == " " { k += 1 }
                if k > j, k < block.end, m[k] == ")" || m[k] == "," || m[k] == "]", m[j].isLetter || m[j] == "_" {
                    let path = String(scan.text[j..<k]).trimmingCharacters(in: " ")
                    if !isMakerPath(path) { found.append((path, false)) }
                }
            }
            i += 1
        }
        return found
    }

    /// Whether the file is a cell's whose content view no block places: UIKit makes it fill the cell.
    var fillsContentView: Bool {
        guard let content = views.first(where: { $0.id == "contentView" }),
              content.parent == nil || content.parent == ImportWriter.selfViewID else { return false }
        let text = String(scan.masked)
        // a cell by UIKit's classes, or by its own type's name or superclass (`FeedCell: BaseCell`)
        let own = scan.structure.types.filter { $0.name == scopes.primaryType }
        let isCell = text.contains("UITableViewCell") || text.contains("UICollectionViewCell")
            || own.contains { $0.name.hasSuffix("Cell") || $0.superclass?.hasSuffix("Cell") == true }
        return isCell && !isController && !receivers.contains("contentView")
    }

    // MARK: Locations

    func location(ofOffset offset: Int) -> SourceLocation {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return SourceLocation(file: file, line: low + 1, column: offset - lineStarts[low] + 1)
    }

    /// Block `b` left out for `reason`, found at `location` of `written` (else at the block's call).
    func skip(block b: Int, reason: String, at location: SourceLocation? = nil, in written: Written? = nil) -> SourceImport.Skip {
        let block = scan.blocks[b]
        var place = self.location(ofOffset: block.start)
        if let location, let written { place = written.translated(location, file: file) }
        let receiver = block.receiver.isEmpty ? "self" : block.receiver
        return SourceImport.Skip(location: place, construct: "the \(block.kind.rawValue) block of \(receiver)", reason: reason)
    }
}
