import PlumbSystem
import PlumbFrontEnd

/// View paths: which names are views, the item and attribute a path names, and the views a file has not declared.
extension ChainReader {
    /// Whether the name at token `start` begins a view reference (a view, one of its attributes, a guide) rather
    /// than a value: `card`, `self.card.snp.top`, `weakSelf.card`, `avatar!.mas_bottom`. A path through a member
    /// views do not have (`self.view.frame.size.width`, `label.font.lineHeight`, `theme.insets.top`) is a value.
    /// An unknown name is a view when a view member follows it (`header.mas_bottom`, so that a missing declaration
    /// is reported) or, as a bare relation argument, when it is named like one (`headerView`).
    func pathNamesView(from start: Int, context: ValueContext) -> Bool {
        var i = start
        var components: [String] = []
        while let name = token(at: i).identifier {
            components.append(name)
            i += 1
            while true {
                let t = token(at: i)
                if (t.isPunct("?") || t.isPunct("!")) && token(at: i - 1).end == t.start && !token(at: i + 1).isPunct("=") { i += 1; continue }
                if t.isPunct("[") && token(at: i - 1).end == t.start {
                    let open = i
                    guard let after = indexAfterBrackets(at: i) else { return false }
                    i = after
                    // `buttons[0]` names the view `buttons_0`
                    components[components.count - 1] = ChainParser.subscriptedID(components[components.count - 1],
                                                                                 sourceText(from: open + 1, to: i - 1))
                    continue
                }
                break
            }
            guard token(at: i).isPunct("."), token(at: i + 1).identifier != nil else {
                if token(at: i).isPunct("(") { components.append("()") }
                break
            }
            i += 1
        }
        components = mergedViewNames(components)
        guard let first = components.first else { return false }
        // an unknown name in arithmetic (`widthbtn * 2`, `20 * i`) or a macro constant (`INDEX_ROW_HEIGHT_AD_CELL`)
        // is a number (a declared view there stays a view, and its misuse an error)
        let declaredStart = parser.knownViews.contains(first) || first == "self" || first == "superview"
            || parser.selfAliases.contains(first) || (first == "view" && parser.viewIsRoot)
        // (and so is a view's plain member there, `self.card.width - 10`: a frame category's number)
        let endsInPlainAttribute = components.count > 1 && components[components.count - 2] != "snp"
            && ChainNames.singleAttributes[components[components.count - 1]] != nil
        let next = token(at: i)
        let inArithmetic = ["*", "/", "+", "-"].contains { next.isPunct($0) }
            || (start > 0 && ["*", "/", "+", "-"].contains { token(at: start - 1).isPunct($0) })
        if inArithmetic && (!declaredStart || endsInPlainAttribute) { return false }
        if components.count == 1, first.count > 1, first.allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "_" }) { return false }
        if !parser.knownViews.contains(first), ChainNames.isConstantName(first) { return false }
        // outside a relation's argument an attribute name is a number's member (`self.rightMargin`, `view.width`)
        if context != .target, components.count > 1, let last = components.last, components[components.count - 2] != "snp",
           !last.hasPrefix("mas_"), !last.hasPrefix("snp_"), ChainNames.singleAttributes[last] != nil || ChainNames.compositeAttributes[last] != nil {
            return false
        }
        if first == "snp" && components.count > 1 { return true }   // `snp.bottom` in a view's own code: self's
        if components.count == 1, context == .target, token(at: start + 1).isPunct("["),
           token(at: start).end == token(at: start + 1).start {
            return true   // `equalTo(buttons[9])`: an element of an array of views
        }
        enum Reach { case owner, view, unknown }
        var reach: Reach
        if first == "self" || parser.selfAliases.contains(first) { reach = .owner }
        else if first == "superview" || parser.knownViews.contains(first) || (first == "view" && parser.viewIsRoot)
                    || ["topLayoutGuide", "bottomLayoutGuide", "safeAreaLayoutGuide"].contains(first) { reach = .view }
        else { reach = .unknown }
        for (k, member) in components.dropFirst().enumerated() {
            let isLast = k == components.count - 2
            switch reach {
            case .owner:
                if member == "view" || parser.knownViews.contains(member) || isViewMember(member)
                    || ChainNames.masonryLegacyGuides[member] != nil || member.hasPrefix("snp_")
                    || ["topLayoutGuide", "bottomLayoutGuide"].contains(member) {
                    reach = .view
                } else if isLast {
                    return context == .target && namedLikeView(member)
                } else {
                    // `self.header.mas_bottom` (an undeclared view) or `self.style.margin` (a value).
                    return ChainReader.isStrongViewMember(components[k + 2])
                }
            case .view:
                if member == "()" { return components[k] == "mas_attribute" }
                // a misspelled attribute is the view's, reported as such (`v.mas_lft`, `v.snp.lefty`)
                if member.hasPrefix("mas_") || components[k] == "snp" { continue }
                if !(isViewMember(member) || member.hasPrefix("snp_") || member == "superview"
                     || ChainNames.compositeAttributes[member] != nil) { return false }
            case .unknown:
                return ChainReader.isStrongViewMember(member)
            }
        }
        switch reach {
        case .owner, .view: return true
        case .unknown: return context == .target && components.count == 1 && namedLikeView(first)
        }
    }

    /// Members only a view has (`snp`, `mas_top`, `snp_bottom`, `safeAreaLayoutGuide`): after an unknown name they
    /// make it a view (whereas `size` or `width` may be a struct's, as in `image.size.width`).
    static func isStrongViewMember(_ member: String) -> Bool {
        member == "snp" || member.hasPrefix("mas_") || member.hasPrefix("snp_") || member == "safeAreaLayoutGuide"
            || member == "layoutMarginsGuide" || member == "contentLayoutGuide" || member == "frameLayoutGuide"
    }

    /// Path components with the views a file declares under a compound or instance-variable name merged:
    /// `item.stack` as `item_stack`, `_title` as `title`.
    func mergedViewNames(_ components: [String]) -> [String] {
        var result: [String] = []
        var k = 0
        while k < components.count {
            var c = components[k]
            if let alias = parser.viewAliases[c], !parser.knownViews.contains(c) { c = alias }
            let isType = k == 0 && (c.first?.isUppercase ?? false)   // `Styles.Sizes.avatar` is a value
            if !isType && !(k == 0 && (c == "self" || parser.selfAliases.contains(c))) && !parser.knownViews.contains(c) {
                if c.hasPrefix("_"), parser.knownViews.contains(String(c.dropFirst())) { c.removeFirst() }
                // `item.stack` declared as `item_stack`; `_item.stack` (the instance variable) as well
                for base in c.hasPrefix("_") ? [c, String(c.dropFirst())] : [c] where !parser.knownViews.contains(c) {
                    var joined = base
                    var j = k + 1
                    while j < min(components.count, k + 4) {
                        joined += "_" + components[j]
                        if parser.knownViews.contains(joined) { c = joined; k = j; break }
                        j += 1
                    }
                }
            }
            result.append(c)
            k += 1
        }
        return result
    }

    /// A view named by an instance variable (`_title` for `title`) or by a path the file declares as one view
    /// (`item.stack` as `item_stack`): the declared id, the path's tokens consumed; `name` otherwise.
    mutating func declaredName(_ name: String) -> String {
        if parser.knownViews.contains(name) { return name }
        if let alias = parser.viewAliases[name] { return alias }
        if name.hasPrefix("_"), parser.knownViews.contains(String(name.dropFirst())) { return String(name.dropFirst()) }
        // `item.stack` declared as `item_stack`; `_item.stack` (the instance variable) as well
        for base in name.hasPrefix("_") ? [name, String(name.dropFirst())] : [name] {
            var joined = base
            var i = index
            for _ in 0..<3 {
                while (token(at: i).isPunct("?") || token(at: i).isPunct("!")) && token(at: i - 1).end == token(at: i).start { i += 1 }
                guard token(at: i).isPunct("."), let member = token(at: i + 1).identifier else { break }
                joined += "_" + member
                i += 2
                if parser.knownViews.contains(joined) {
                    index = i
                    return joined
                }
            }
        }
        return name
    }

    /// An unknown name read as a view that is missing (so that the mistake is reported) rather than a value: named
    /// as apps name views, or a near miss of a declared one (`gren` for `green`).
    func namedLikeView(_ name: String) -> Bool {
        ChainNames.looksLikeView(name) || ChainNames.suggestion(for: name, among: parser.knownViews.sorted()) != nil
    }

    func isReferenceStart(_ name: String) -> Bool {
        ChainParser.referenceKeywords.contains(name) || parser.knownViews.contains(name) || parser.selfAliases.contains(name)
    }

    /// Whether `id`, which the file does not declare, is taken as a new view (noted): when the parser
    /// `declaresUnknownViews` and it is no near miss of a declared one.
    mutating func declaresUndeclared(_ id: String, at token: ChainToken, sibling: Bool = false) -> Bool {
        // an element of an array of views (`buttons_9` beside `buttons_1`) is no near miss
        guard parser.declaresUnknownViews, sibling || ChainNames.suggestion(for: id, among: parser.knownViews.sorted()) == nil,
              let first = id.first, first.isLetter || first == "_" else { return false }
        if !undeclared.contains(where: { $0.id == id }) {
            undeclared.append(UndeclaredView(id: id, location: location(of: token.column)))
        }
        return true
    }

    /// Skips Swift's `!` and `?` after a name in a view path (`avatar!.snp`, `self?.card`, `icon?.snp`).
    mutating func skipUnwrapping() {
        while (current.isPunct("!") || current.isPunct("?")) && adjacentToPrevious(current) { advance() }
    }

    /// A view named with a subscript, `buttons[0]` or `cells[i]`, is the view `buttons_0` / `cells_i` (letters,
    /// digits and `_` kept, anything else `_`); other names are unchanged. The subscript is consumed.
    mutating func subscripted(_ name: String) throws(TextSyntaxError) -> String {
        guard current.isPunct("["), adjacentToPrevious(current) else { return name }
        let start = index
        try skipBalanced()
        let inside = sourceText(from: start + 1, to: index - 1)
        return ChainParser.subscriptedID(name, inside)
    }

    /// The argument of a relation as a `ConstraintTarget`.
    func target(_ value: ChainValue, _ column: Int, for what: String) throws(TextSyntaxError) -> ConstraintTarget {
        switch value {
        case .constant(let c): return .value(c)
        case .target(let t): return t
        case .array(let elements): return .array(elements)
        case .zero:
            throw error("'.zero' is ambiguous in \(what): write CGPoint.zero, CGSize.zero or UIEdgeInsets.zero", at: column)
        case .string:
            throw error("expected a view, a view attribute, a number or a struct for \(what), found a string (Masonry: attempting to add unsupported attribute)", at: column)
        }
    }

    /// Where an item path is heading.
    enum PathBase {
        /// `self` (may continue with `.view` or `.NAME`) or `view`: the root view.
        case root(viaSelf: Bool)
        case item(ItemReference)
        /// `v.safeAreaLayoutGuide`, which may continue with `.snp.<attribute>`.
        case safeArea(String)
        /// `topLayoutGuide` / `bottomLayoutGuide`, which must continue with `.snp.top/.bottom/.height`.
        case legacyGuide(ItemReference)
        /// `v.layoutMarginsGuide`: its edges are the view's margin attributes.
        case margins(ItemReference)
    }

    /// `redView`, `superview.mas_top`, `self.view.safeAreaLayoutGuide.snp.top`, `card.snp.edges`, ...
    mutating func parsePath(_ name: String, token: ChainToken, context: ValueContext) throws(TextSyntaxError) -> ConstraintTarget {
        let root = ChainParser.rootViewID
        var base: PathBase
        var path = name
        switch name {
        case "snp" where current.isPunct("."):
            // `snp.bottom` inside a view's own code: the view's (`self.snp.bottom`)
            return try viewMember("snp", of: .view(parser.selfView), path: "snp", token: token)
        case "self": base = .root(viaSelf: true)
        case _ where parser.selfAliases.contains(name) && !parser.knownViews.contains(name): base = .root(viaSelf: true)
        case "view" where parser.viewIsRoot: base = .root(viaSelf: false)
        case "superview": base = .item(.superview)
        case "topLayoutGuide": base = .legacyGuide(.topLayoutGuide)
        case "bottomLayoutGuide": base = .legacyGuide(.bottomLayoutGuide)
        case "safeAreaLayoutGuide": base = .safeArea(root)
        default:
            let subscripted = current.isPunct("[") && adjacentToPrevious(current)
            let id = declaredName(try self.subscripted(name))
            guard parser.knownViews.contains(id) || declaresUndeclared(id, at: token, sibling: subscripted) else {
                throw error(unknownViewMessage(id, context), at: token)
            }
            base = .item(.view(id))
        }
        skipUnwrapping()
        while current.isPunct(".") {
            advance()
            var (member, memberToken) = try expectMemberName(after: path)
            defer { path += "." + member }
            if case .root(true) = base, member != "view", !isViewMember(member) {
                member = declaredName(try subscripted(member))
            }
            skipUnwrapping()
            if member == "superview" {
                // `titleLabel.superview`: the superview the file gives the view.
                let child: String
                switch base {
                case .root(let viaSelf): child = viaSelf ? parser.selfView : root
                case .item(.view(let id)): child = id
                default:
                    throw error("'\(path.excerpt).superview' is not supported: write superview (the receiver's superview) or name the view", at: memberToken)
                }
                guard let parent = parser.parents[child] else {
                    throw error("'\(path.excerpt).superview': the file does not say which view '\(child.excerpt)' is in", at: memberToken)
                }
                base = .item(.view(parent))
                continue
            }
            if member.hasPrefix("snp_"), member.count > 4 {
                // SnapKit 0.x: `view.snp_bottom`.
                let reference: ItemReference
                switch base {
                case .root(let viaSelf): reference = .view(viaSelf ? parser.selfView : root)
                case .item(let r), .margins(let r): reference = r
                case .safeArea(let id): reference = .safeArea(id)
                case .legacyGuide(let guide): reference = guide
                }
                let bare = String(member.dropFirst(4))
                if let attribute = ChainNames.singleAttributes[bare] { return .item(reference, attribute) }
                if let composite = ChainNames.compositeAttributes[bare] { return .items(reference, composite) }
                throw error("unknown attribute '\(member.excerpt)' of '\(path.excerpt)' (expected snp_top, snp_width, snp_edges, ...)", at: memberToken)
            }
            switch base {
            case .root(let viaSelf):
                if viaSelf, member == "view" {
                    base = .root(viaSelf: false)
                    continue
                }
                if viaSelf, parser.knownViews.contains(member) {
                    base = .item(.view(member))
                    continue
                }
                if let (guide, attribute) = ChainNames.masonryLegacyGuides[member] {
                    return .item(guide, attribute)
                }
                if member == "topLayoutGuide" { base = .legacyGuide(.topLayoutGuide); continue }
                if member == "bottomLayoutGuide" { base = .legacyGuide(.bottomLayoutGuide); continue }
                if member == "safeAreaLayoutGuide" { base = .safeArea(root); continue }
                if member == "layoutMarginsGuide" { base = .margins(.view(viaSelf ? parser.selfView : root)); continue }
                if viaSelf, !isViewMember(member) {
                    guard declaresUndeclared(member, at: memberToken) else {
                        throw error(unknownViewMessage(member, .target), at: memberToken)
                    }
                    base = .item(.view(member))
                    continue
                }
                return try viewMember(member, of: .view(viaSelf ? parser.selfView : root), path: path, token: memberToken)
            case .item(let reference):
                if member == "contentLayoutGuide" || member == "frameLayoutGuide" {
                    continue   // a scroll view's guides: the scroll view (its content area for its subviews)
                }
                if member == "layoutMarginsGuide" {
                    base = .margins(reference)
                    continue
                }
                if member == "safeAreaLayoutGuide" {
                    guard case .view(let id) = reference else {
                        throw error("'\(path.excerpt).safeAreaLayoutGuide': a safe-area guide needs a named view, not \(path.excerpt)", at: memberToken)
                    }
                    base = .safeArea(id)
                    continue
                }
                if ChainNames.masonryLegacyGuides[member] != nil || member == "topLayoutGuide" || member == "bottomLayoutGuide" {
                    throw error("'\(member.excerpt)' is a view controller's guide: write self.\(member.excerpt)", at: memberToken)
                }
                return try viewMember(member, of: reference, path: path, token: memberToken)
            case .margins(let reference):
                guard member == "snp" else {
                    throw error("expected 'snp' after '\(path.excerpt).' (as in \(path.excerpt).snp.top), found '\(member.excerpt)'", at: memberToken)
                }
                guard current.isPunct("."), let name = next.identifier else {
                    throw error("expected '.' and an edge after '\(path.excerpt).snp', found \(current.display)", at: current)
                }
                advance(); advance()
                let margin: LayoutAttribute?
                switch ChainNames.singleAttributes[name] {
                case .centerX?: margin = .centerXWithinMargins
                case .centerY?: margin = .centerYWithinMargins
                case let a?: margin = [.left, .right, .top, .bottom, .leading, .trailing].contains(a) ? a.marginCounterpart : nil
                case nil: margin = nil
                }
                if let margin { return .item(reference, margin) }
                if name == "edges" { return .items(reference, .margins) }
                throw error("expected an edge or center of the margins guide after '\(path.excerpt).snp.' (top, leading, centerX, edges, ...), found '\(name.excerpt)'", at: memberToken)
            case .safeArea(let id):
                guard member == "snp" else {
                    throw error("expected 'snp' after '\(path.excerpt).' (as in \(path.excerpt).snp.top), found '\(member.excerpt)'", at: memberToken)
                }
                return try snapKitAttribute(of: .safeArea(id), path: path + ".snp", allowed: nil)
            case .legacyGuide(let guide):
                guard member == "snp" else {
                    throw error("expected 'snp' after '\(path.excerpt).' (as in \(path.excerpt).snp.bottom), found '\(member.excerpt)'", at: memberToken)
                }
                return try snapKitAttribute(of: guide, path: path + ".snp", allowed: [.top, .bottom, .height])
            }
        }
        switch base {
        case .root(let viaSelf): return .item(.view(viaSelf ? parser.selfView : root), nil)
        case .item(let reference): return .item(reference, nil)
        case .safeArea(let id): return .item(.safeArea(id), nil)
        case .margins(let reference): return .items(reference, .margins)
        case .legacyGuide:
            throw error("expected '.snp.top', '.snp.bottom' or '.snp.height' after '\(path.excerpt)', found \(current.display)", at: current)
        }
    }

    /// Whether `member` reads as something of a view (so `self.member` is the root's, not a view named `member`).
    func isViewMember(_ member: String) -> Bool {
        member == "snp" || member == "safeAreaLayoutGuide" || member == "mas_attribute" || member == "layoutMarginsGuide"
            || member == "contentLayoutGuide" || member == "frameLayoutGuide"
            || ChainNames.safeAreaSuffix(member) != nil
            || ChainNames.singleAttributes[member] != nil || ChainNames.compositeAttributes[member] != nil
            || (member.hasPrefix("mas_") && ChainNames.selector(String(member.dropFirst(4))) != nil)
    }

    /// A member of a view or `superview`: `mas_top`, `top`, `snp.top`, `snp.edges`, `mas_attribute(...)`,
    /// `mas_safeAreaLayoutGuide...` (`safeAreaLayoutGuide` itself is the caller's, since a path may go on after it).
    mutating func viewMember(_ member: String, of reference: ItemReference, path: String,
                             token: ChainToken) throws(TextSyntaxError) -> ConstraintTarget {
        if let suffix = ChainNames.safeAreaSuffix(member) {
            guard case .view(let id) = reference else {
                throw error("'\(path.excerpt).\(member.excerpt)': a safe-area guide needs a named view, not \(path.excerpt)", at: token)
            }
            return .item(.safeArea(id), suffix)
        }
        if member == "snp" {
            guard current.isPunct(".") else {
                throw error("expected '.' and an attribute after '\(path.excerpt).snp' (as in \(path.excerpt).snp.top), found \(current.display)", at: current)
            }
            advance()
            return try snapKitAttributeName(of: reference, path: path + ".snp")
        }
        if member == "mas_attribute" {
            try expect("(", "after mas_attribute")
            let nameToken = current
            guard let name = nameToken.identifier, let attribute = ChainNames.nsLayoutAttributes[name] else {
                throw error("expected an NSLayoutAttribute such as NSLayoutAttributeTop in mas_attribute(...), found \(nameToken.display)", at: nameToken)
            }
            advance()
            try expect(")", "after the argument of mas_attribute")
            return .item(reference, attribute)
        }
        let bare = member.hasPrefix("mas_") ? String(member.dropFirst(4)) : member
        if let attribute = ChainNames.singleAttributes[bare] {
            return .item(reference, attribute)
        }
        if ChainNames.compositeAttributes[bare] != nil {
            throw error("'\(path.excerpt).\(member.excerpt)': a composite attribute as a target is SnapKit's; write \(path.excerpt).snp.\(bare) (or \(path.excerpt) alone)", at: token)
        }
        var message = "unknown member '\(member.excerpt)' of '\(path.excerpt)' (expected an attribute such as mas_top, top or snp.top, or safeAreaLayoutGuide)"
        let candidates = ChainNames.singleAttributes.keys.flatMap { [$0, "mas_" + $0] } + ["snp", "safeAreaLayoutGuide", "mas_safeAreaLayoutGuide"]
        if let suggestion = ChainNames.suggestion(for: member, among: candidates.sorted()) {
            message += "; did you mean '\(suggestion)'?"
        }
        throw error(message, at: token)
    }

    /// After `x.snp`: `.top` or a composite such as `.edges`; the '.' before the name not yet read.
    mutating func snapKitAttribute(of reference: ItemReference, path: String,
                                   allowed: Set<LayoutAttribute>?) throws(TextSyntaxError) -> ConstraintTarget {
        guard current.isPunct(".") else {
            throw error("expected '.' and an attribute after '\(path.excerpt)', found \(current.display)", at: current)
        }
        advance()
        if let allowed {
            let token = current
            guard let name = token.identifier, let attribute = ChainNames.singleAttributes[name], allowed.contains(attribute) else {
                throw error("expected top, bottom or height after '\(path.excerpt).', found \(token.display)", at: token)
            }
            advance()
            return .item(reference, attribute)
        }
        return try snapKitAttributeName(of: reference, path: path)
    }

    mutating func snapKitAttributeName(of reference: ItemReference, path: String) throws(TextSyntaxError) -> ConstraintTarget {
        let (name, token) = try expectMemberName(after: path)
        if let attribute = ChainNames.singleAttributes[name] { return .item(reference, attribute) }
        if let composite = ChainNames.compositeAttributes[name] { return .items(reference, composite) }
        var message = "unknown attribute '\(name.excerpt)' after '\(path.excerpt).' (expected an attribute such as top, width, edges or size)"
        let candidates = Array(ChainNames.singleAttributes.keys) + Array(ChainNames.compositeAttributes.keys)
        if let suggestion = ChainNames.suggestion(for: name, among: candidates.sorted()) {
            message += "; did you mean '\(suggestion)'?"
        }
        throw error(message, at: token)
    }

    func unknownViewMessage(_ name: String, _ context: ValueContext) -> String {
        var message = "unknown view '\(name.excerpt)' (known views: \(ChainParser.list(parser.knownViews.sorted())))"
        if context != .target {
            message = "unknown name '\(name.excerpt)' (expected \(expectation(context)); known views: \(ChainParser.list(parser.knownViews.sorted())))"
        }
        if !parser.constants.isEmpty {
            message += "; known constants: \(ChainParser.list(parser.constants.keys.sorted()))"
        }
        return message
    }
}
