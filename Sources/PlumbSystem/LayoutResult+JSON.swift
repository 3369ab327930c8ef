/// Reading and writing layout-result/1 documents.
///
/// `format` must be `"layout-result/1"` and `status` is required; every other key is optional (missing means
/// empty, no timing, or `""`), an optional key written as `null` counts as absent, and unknown keys are ignored.
/// A value is an exact string (`"8"`, `"1/3"`, read with `Rational(parsing:)`) → `.exact` (`.wide` when its numerator or
/// denominator needs more than 128 bits), or a JSON number →
/// `.float`; the strings `"nan"`, `"inf"`, `"+inf"`, `"-inf"` (any case, `infinity` too) are non-finite floats.
/// `conflict` entries may be strings or JSON numbers (constraint indices, kept as their lexeme).
extension LayoutResult {
    /// The `format` value of layout-result/1 documents.
    public static let layoutResultFormat = "layout-result/1"

    /// Reads a layout-result/1 document; `source` (a file name) prefixes error messages.
    public init(layoutResult bytes: [UInt8], source: String) throws(InterchangeError) {
        let document = InterchangeDocument(bytes: bytes, source: source)
        let top = try document.root().object()

        let format = try top.required("format")
        guard try format.string() == LayoutResult.layoutResultFormat else {
            throw format.error("expected \"\(LayoutResult.layoutResultFormat)\", found \(InterchangeDocument.show(try format.string()))")
        }
        let statusValue = try top.required("status")
        let statusText = try statusValue.string()
        guard let status = Status(rawValue: statusText) else {
            let allowed = Status.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw statusValue.error("status must be one of \(allowed), found \(InterchangeDocument.show(statusText))")
        }

        var rounds: [[NamedValue]] = []
        for entry in try top["rounds"]?.array() ?? [] {
            rounds.append(try LayoutResult.readValues(try entry.object()["values"]))
        }

        var conflict: [String] = []
        for entry in try top["conflict"]?.array() ?? [] {
            switch entry.node.content {
            case .string(let text): conflict.append(text)
            case .number(let lexeme): conflict.append(lexeme)
            default: throw entry.error("expected a constraint label or index, found \(entry.node.kindDescription)")
            }
        }

        var ambiguous: [AmbiguousRange] = []
        if let ranges = try top["ambiguous"]?.object() {
            for member in ranges.entries {
                let bounds = try member.value.array()
                guard bounds.count == 2 else {
                    throw member.value.error("expected [min, max], found an array of \(bounds.count) elements")
                }
                ambiguous.append(AmbiguousRange(name: member.key, min: try LayoutResult.readValue(bounds[0]),
                                                max: try LayoutResult.readValue(bounds[1])))
            }
        }

        var timing: Timing?
        if let timingObject = try top["timing"]?.object() {
            timing = Timing(buildSolveSeconds: try timingObject["build_solve_s"].map(LayoutResult.readSeconds),
                            editRounds: try timingObject["edit_rounds"]?.count(),
                            editTotalSeconds: try timingObject["edit_total_s"].map(LayoutResult.readSeconds))
        }

        var recovery: Recovery?
        if let object = try top["recovery"]?.object() {
            var broken: [String] = []
            for entry in try object["broken"]?.array() ?? [] { broken.append(try entry.string()) }
            var recoveryRounds: [[NamedValue]] = []
            for entry in try object["rounds"]?.array() ?? [] {
                recoveryRounds.append(try LayoutResult.readValues(try entry.object()["values"]))
            }
            recovery = Recovery(broken: broken, values: try LayoutResult.readValues(object["values"]), rounds: recoveryRounds)
        }

        self.init(solver: try top["solver"]?.string() ?? "",
                  status: status,
                  values: try LayoutResult.readValues(top["values"]),
                  rounds: rounds,
                  conflict: conflict,
                  ambiguous: ambiguous,
                  timing: timing,
                  message: try top["message"]?.string() ?? "")
        self.recovery = recovery
    }

    /// This result as a layout-result/1 document.
    ///
    /// Exact values are written as strings (`"8"`, `"1/3"`), finite floats as JSON numbers in their shortest
    /// round-trip form, non-finite floats as `"nan"`, `"inf"`, `"-inf"`. Every key but `timing` and `recovery` is
    /// always written; those and their members only when present. Repeated variable names are written as they are (and are
    /// rejected on reading, since JSON objects here may not repeat a key).
    public func layoutResultJSON(pretty: Bool = true) -> String {
        var top: [JSONMember] = [
            JSONMember("format", .string(LayoutResult.layoutResultFormat)),
            JSONMember("solver", .string(solver)),
            JSONMember("status", .string(status.rawValue)),
            JSONMember("values", LayoutResult.valuesJSON(values)),
            JSONMember("rounds", .array(rounds.map { .object([JSONMember("values", LayoutResult.valuesJSON($0))]) })),
            JSONMember("conflict", .array(conflict.map { .string($0) })),
            JSONMember("ambiguous", .object(ambiguous.map { range in
                JSONMember(range.name, .array([LayoutResult.valueJSON(range.min), LayoutResult.valueJSON(range.max)]))
            })),
        ]
        if let timing {
            var members: [JSONMember] = []
            if let seconds = timing.buildSolveSeconds {
                members.append(JSONMember("build_solve_s", LayoutResult.floatJSON(seconds)))
            }
            if let count = timing.editRounds { members.append(JSONMember("edit_rounds", .number("\(count)"))) }
            if let seconds = timing.editTotalSeconds {
                members.append(JSONMember("edit_total_s", LayoutResult.floatJSON(seconds)))
            }
            top.append(JSONMember("timing", .object(members)))
        }
        top.append(JSONMember("message", .string(message)))
        if let recovery {
            top.append(JSONMember("recovery", .object([
                JSONMember("broken", .array(recovery.broken.map { .string($0) })),
                JSONMember("values", LayoutResult.valuesJSON(recovery.values)),
                JSONMember("rounds", .array(recovery.rounds.map { .object([JSONMember("values", LayoutResult.valuesJSON($0))]) })),
            ])))
        }
        return JSONWriter.write(.object(top), pretty: pretty)
    }

    // MARK: Reading helpers

    private static func readValues(_ value: InterchangeValue?) throws(InterchangeError) -> [NamedValue] {
        guard let value else { return [] }
        var values: [NamedValue] = []
        for member in try value.object().entries {
            values.append(NamedValue(name: member.key, value: try readValue(member.value)))
        }
        return values
    }

    private static func readValue(_ value: InterchangeValue) throws(InterchangeError) -> Value {
        switch value.node.content {
        case .number:
            return .float(try value.float())
        case .string(let text):
            if let special = nonFinite(text) { return .float(special) }
            do {
                return .exact(try value.exactNumber())
            } catch {
                // an exact value beyond 128-bit fractions, as the exact back end writes it
                if let wide = WideRational(parsing: text) { return .wide(wide) }
                throw error
            }
        default:
            throw value.error("expected a value (a JSON number, or an exact string such as \"1/3\"), "
                              + "found \(value.node.kindDescription)")
        }
    }

    /// Seconds: a JSON number, or a non-finite spelling.
    private static func readSeconds(_ value: InterchangeValue) throws(InterchangeError) -> Double {
        if case .string(let text) = value.node.content, let special = nonFinite(text) { return special }
        return try value.float()
    }

    private static func nonFinite(_ text: String) -> Double? {
        switch text.lowercased() {
        case "nan": return .nan
        case "inf", "+inf", "infinity", "+infinity": return .infinity
        case "-inf", "-infinity": return -.infinity
        default: return nil
        }
    }

    // MARK: Writing helpers

    private static func valuesJSON(_ values: [NamedValue]) -> JSONValue {
        .object(values.map { JSONMember($0.name, valueJSON($0.value)) })
    }

    private static func valueJSON(_ value: Value) -> JSONValue {
        switch value {
        case .exact(let exact): return .string(exact.description)
        case .wide(let wide): return .string(wide.description)
        case .float(let float): return floatJSON(float)
        }
    }

    /// A finite float as its shortest round-trip JSON number; `"nan"`, `"inf"`, `"-inf"` otherwise.
    private static func floatJSON(_ value: Double) -> JSONValue {
        if value.isNaN { return .string("nan") }
        if value.isInfinite { return .string(value < 0 ? "-inf" : "inf") }
        return .number(value.description)
    }
}
