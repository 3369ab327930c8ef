import PlumbSystem
import PlumbFrontEnd

/// Values the text cannot compute (parameters), conditionals, and the few functions of numbers read exactly.
extension ChainReader {
    /// The index of the `?` of a conditional that starts here, if the expression is one: a `?` outside brackets
    /// before the argument ends, that is neither optional chaining (`a?.b`) nor `??`.
    func conditionalMark() -> Int? {
        var i = index
        var open = 0
        while i < tokens.count {
            let t = tokens[i]
            switch t.kind {
            case .end: return nil
            case .punct("("), .punct("["), .punct("{"): open += 1
            case .punct(")"), .punct("]"), .punct("}"):
                if open == 0 { return nil }
                open -= 1
            case .punct(","), .punct(";"), .punct(":"):
                if open == 0 { return nil }
            case .punct("?"):
                guard open == 0 else { break }
                let chained = i > 0 && tokens[i - 1].end == t.start && token(at: i + 1).isPunct(".")
                if token(at: i + 1).isPunct("?") { i += 2; continue }
                if !chained { return i }
            default: break
            }
            i += 1
        }
        return nil
    }

    /// Whether a condition parameter holds: its binding (`true`/`false`, `yes`/`no`, `1`/`0`), else true.
    mutating func conditionHolds(_ text: String, at position: Int) throws(TextSyntaxError) -> Bool {
        let c = parser.parameters.condition(text)
        uses.append(ParameterUse(name: c.name, role: .condition, location: location(of: position), isBound: c.isBound,
                                 taken: c.holds ? "true" : "false"))
        if let invalid = c.invalid {
            throw error("the condition '\(c.name.excerpt)' is bound to '\(invalid.excerpt)': expected true or false", at: position)
        }
        return c.holds
    }

    /// Whether the `[` here opens an Objective-C message (`[receiver selector]`, `[a b:c]`) rather than a list.
    func isMessageSend() -> Bool {
        guard token(at: index + 1).identifier != nil || token(at: index + 1).isPunct("[") else { return false }
        var i = index + 1
        if token(at: i).isPunct("[") {
            guard let after = indexAfterBrackets(at: i) else { return false }
            i = after
        } else {
            i += 1
            while token(at: i).isPunct("."), token(at: i + 1).identifier != nil { i += 2 }
        }
        return token(at: i).identifier != nil
    }

    /// The expression from token `start` to here as a parameter: its binding, or its role's default. The use is
    /// recorded (`uses`).
    mutating func parameter(from start: Int, context: ValueContext, at position: Int,
                            argument: Rational? = nil) throws(TextSyntaxError) -> ChainValue {
        let name = ParameterBindings.normalized(sourceText(from: start, to: index))
        guard name.count <= ParameterBindings.maximumNameLength else {
            throw error("'\(name.excerpt)' is no value Plumb knows, and too long (\(name.count) characters) to stand as a "
                        + "parameter's name (at most \(ParameterBindings.maximumNameLength))", at: position)
        }
        var role = context.parameterRole
        if role == .number && (productDepth > 0 || current.isPunct("*") || current.isPunct("/")) { role = .factor }
        let bound = parser.parameters[name]
        guard let bound else {
            let value: Rational
            if let size = parser.rootSize, let axis = ChainParser.screenAxis(of: name) {
                value = axis == .horizontal ? size.width : size.height
            } else if ParameterBindings.largeNumberNames.contains(where: { name == $0 || name.hasSuffix("." + $0) }) {
                value = ParameterBindings.largeNumber
            } else if let argument, role != .priority {
                value = argument
            } else {
                switch role {
                case .factor: value = 1
                case .priority: value = 750
                default: value = .zero
                }
            }
            uses.append(ParameterUse(name: name, role: role, location: location(of: position), isBound: false,
                                     taken: "\(value)"))
            return .number(value)
        }
        uses.append(ParameterUse(name: name, role: role, location: location(of: position), isBound: true, taken: bound))
        guard let value = ParameterBindings.number(bound) else {
            // a number written with an exponent beyond what an exact fraction of 128-bit integers holds
            let numeric = !bound.isEmpty && bound.allSatisfy { $0.isNumber || "+-.eE/ ".contains($0) } && bound.contains { $0.isNumber }
            throw error("the value '\(name.excerpt)' is bound to '\(bound.excerpt)': "
                        + (numeric ? "that number cannot be kept exactly (Plumb's exact numbers are fractions of 128-bit integers)"
                                   : "expected a number such as 12, -0.5 or 3/2"), at: position)
        }
        return .number(value)
    }

    /// Insets named by a value the text does not give (`insets(edge)`): each side the parameter `NAME.top`,
    /// `NAME.left`, `NAME.bottom`, `NAME.right`, bound or 0 (each use recorded).
    mutating func namedInsets(_ name: String, at position: Int) throws(TextSyntaxError) -> EdgeInsets {
        var sides: [Rational] = []
        for side in ["top", "left", "bottom", "right"] {
            let parameter = "\(name).\(side)"
            guard let bound = parser.parameters[parameter] else {
                uses.append(ParameterUse(name: parameter, role: .number, location: location(of: position), isBound: false, taken: "0"))
                sides.append(.zero)
                continue
            }
            uses.append(ParameterUse(name: parameter, role: .number, location: location(of: position), isBound: true, taken: bound))
            guard let value = ParameterBindings.number(bound) else {
                throw error("the value '\(parameter.excerpt)' is bound to '\(bound.excerpt)': expected a number such as 12, -0.5 or 3/2",
                            at: position)
            }
            sides.append(value)
        }
        return EdgeInsets(top: sides[0], left: sides[1], bottom: sides[2], right: sides[3])
    }

    /// Skips what follows a name in a value the text cannot compute: members (`.size.width`), optional chaining and
    /// unwrapping (`?.`, `!`), calls and subscripts (balanced), and a `?? default`.
    mutating func skipPostfix() throws(TextSyntaxError) {
        while true {
            let t = current
            if t.isPunct("."), next.identifier != nil || isNumberToken(next) {
                advance(); advance()
            } else if t.isPunct("?"), next.isPunct("?") {
                advance(); advance()
                guard current.identifier != nil || isNumberToken(current) || current.isPunct("(") || current.isPunct("[") else {
                    throw error("expected a value after '??', found \(current.display)", at: current)
                }
                if current.isPunct("(") || current.isPunct("[") { try skipBalanced() } else { advance() }
            } else if (t.isPunct("?") || t.isPunct("!")) && adjacentToPrevious(t), !next.isPunct("=") {
                advance()
            } else if t.isPunct("(") || t.isPunct("[") {
                try skipBalanced()
            } else {
                return
            }
        }
    }

    func isNumberToken(_ t: ChainToken) -> Bool {
        if case .number = t.kind { return true }
        return false
    }

    func adjacentToPrevious(_ t: ChainToken) -> Bool {
        index > 0 && token(at: index - 1).end == t.start
    }

    /// The token index after the `[...]` group opening at token `i` (nested ones included), or nil when it is never
    /// closed. The reader does not move.
    func indexAfterBrackets(at i: Int) -> Int? {
        var j = i, depth = 0
        repeat {
            if token(at: j).isPunct("[") { depth += 1 }
            if token(at: j).isPunct("]") { depth -= 1 }
            if case .end = token(at: j).kind { return nil }
            j += 1
        } while depth > 0
        return j
    }

    /// Skips a bracketed group from its opening `(`, `[` or `{` to the matching closer.
    mutating func skipBalanced() throws(TextSyntaxError) {
        let open = current
        var stack: [Character] = []
        repeat {
            let t = current
            switch t.kind {
            case .punct("("): stack.append(")")
            case .punct("["): stack.append("]")
            case .punct("{"): stack.append("}")
            case .punct(let c) where c == ")" || c == "]" || c == "}":
                guard stack.last == c else {
                    throw error("'\(c)' does not match the '\(open.text)' at column \(location(of: open.column).column ?? 0)", at: t)
                }
                stack.removeLast()
            case .end:
                throw error("the '\(open.text)' here is never closed", at: open)
            default: break
            }
            advance()
        } while !stack.isEmpty
    }

    /// `MAX(a, b)`, `fmin(a, b)`, ...: the larger (or smaller) of numbers, exactly; the '(' not yet read.
    mutating func extremeOf(_ name: String, largest: Bool, context: ValueContext) throws(TextSyntaxError) -> ChainValue {
        try expect("(", "after \(name.excerpt)")
        var result: Rational?
        repeat {
            if result != nil { advance() }
            let (value, column) = try parseExpression(context == .target ? .value : context)
            let n = try number(value, column, "an argument of \(name.excerpt)")
            if let r = result { result = largest ? Swift.max(r, n) : Swift.min(r, n) } else { result = n }
        } while current.isPunct(",")
        try expect(")", "after the arguments of \(name.excerpt)")
        return .number(result!)
    }
}
