import PlumbSystem

/// The property figures in a results file: `"properties": [{"solver": ..., "termination": {...}, ...}]`, each
/// property an object of counts (absent when it was not probed).
extension PropertyFindings {
    /// The counts of each property by JSON key, in order: how a figure is written and read.
    private static var terminationKeys: [(String, WritableKeyPath<Termination, Int>)] { [("answered", \.answered), ("cases", \.cases)] }
    private static var processKeys: [(String, WritableKeyPath<Processes, Int>)] {
        [("identical", \.identical), ("workloads", \.workloads), ("processes", \.processes)]
    }
    private static var permutationKeys: [(String, WritableKeyPath<Permutations, Int>)] {
        [("layouts", \.layouts), ("orders", \.permutations), ("wrong", \.wrong), ("ambiguous_layouts", \.ambiguousLayouts),
         ("jumps", \.jumps)]
    }
    private static var conflictKeys: [(String, WritableKeyPath<Conflicts, Int>)] {
        [("systems", \.systems), ("reported", \.reported), ("named_sets", \.namedSets), ("infeasible", \.infeasible),
         ("irreducible", \.irreducible)]
    }
    private static var atomicityKeys: [(String, WritableKeyPath<Atomicity, Int>)] { [("sequences", \.sequences), ("atomic", \.atomic), ("accepted", \.accepted)] }
    private static var roundingKeys: [(String, WritableKeyPath<Rounding, Int>)] {
        [("values", \.values), ("across", \.across), ("across_off_boundary", \.acrossOffBoundary)]
    }

    /// Counts results files written before them do not have.
    private static let addedLater: Set<String> = ["accepted"]

    public var json: JSONValue {
        func counts<T>(_ value: T?, _ keys: [(String, WritableKeyPath<T, Int>)], _ extra: (T) -> [JSONMember] = { _ in [] }) -> [JSONMember] {
            guard let value else { return [] }
            return [JSONMember(Self.key(of: T.self), .object(keys.map { JSONMember($0.0, .number("\(value[keyPath: $0.1])")) } + extra(value)))]
        }
        var members = [JSONMember("solver", .string(solver))]
        members += counts(termination, Self.terminationKeys) { t in
            [JSONMember("bound_s", .number("\(t.bound)")), JSONMember("stopped", .array(t.stopped.map { .string($0) }))]
        }
        members += counts(processes, Self.processKeys)
        members += counts(permutations, Self.permutationKeys) { p in [JSONMember("wrong_examples", .array(p.wrongExamples.map { .string($0) }))] }
        members += counts(conflicts, Self.conflictKeys)
        members += counts(atomicity, Self.atomicityKeys) { a in [JSONMember("failures", .array(a.failures.map { .string($0) }))] }
        members += counts(rounding, Self.roundingKeys)
        if let churn {
            members.append(JSONMember("churn", .object([JSONMember("series", .array(churn.series.map { series in
                .object([JSONMember("name", .string(series.name)),
                         JSONMember("cycles", .array(series.cycles.map { .number("\($0)") })),
                         JSONMember("bytes", .array(series.bytes.map { .number("\($0)") }))]
                        + (series.failure.map { [JSONMember("failure", .string($0))] } ?? [])
                        + (series.unsupported.map { [JSONMember("unsupported", .string($0))] } ?? []))
            }))])))
        }
        return .object(members)
    }

    /// Reads one solver's figures; `what` names it in errors.
    public init(json: JSONValue, what: String) throws(ResultsError) {
        guard let solver = json["solver"]?.stringValue else { throw ResultsError("\(what).solver must be a string") }
        self.init(solver: solver)
        func counts<T>(_ empty: T, _ keys: [(String, WritableKeyPath<T, Int>)]) throws(ResultsError) -> T? {
            let name = Self.key(of: T.self)
            guard let object = json[name], object != .null else { return nil }
            var value = empty
            for (key, path) in keys {
                if object[key] == nil && Self.addedLater.contains(key) { continue }   // (0 in files written before it)
                guard let lexeme = object[key]?.numberLexeme, let n = Int(lexeme), n >= 0 else {
                    throw ResultsError("\(what).\(name).\(key) must be a count (an integer of 0 or more)")
                }
                value[keyPath: path] = n
            }
            return value
        }
        func strings(_ object: JSONValue?, _ key: String) -> [String] { (object?[key]?.arrayValue ?? []).compactMap(\.stringValue) }
        termination = try counts(Termination(), Self.terminationKeys)
        if termination != nil {
            let bound = json["termination"]?["bound_s"]?.numberLexeme.flatMap(Double.init) ?? 0
            guard bound.isFinite, bound >= 0 else { throw ResultsError("\(what).termination.bound_s must be seconds") }
            termination?.bound = bound
            termination?.stopped = strings(json["termination"], "stopped")
        }
        processes = try counts(Processes(), Self.processKeys)
        permutations = try counts(Permutations(), Self.permutationKeys)
        permutations?.wrongExamples = strings(json["permutations"], "wrong_examples")
        conflicts = try counts(Conflicts(), Self.conflictKeys)
        atomicity = try counts(Atomicity(), Self.atomicityKeys)
        atomicity?.failures = strings(json["atomicity"], "failures")
        rounding = try counts(Rounding(), Self.roundingKeys)
        churn = try Self.churn(json["churn"], what: what + ".churn")
    }

    /// The churn series of a results file, each checkpoint a count of cycles (increasing) and of bytes.
    private static func churn(_ object: JSONValue?, what: String) throws(ResultsError) -> Churn? {
        guard let object, object != .null else { return nil }
        guard let list = object["series"]?.arrayValue else { throw ResultsError("\(what).series must be an array") }
        var churn = Churn()
        for (k, entry) in list.enumerated() {
            let at = "\(what).series[\(k)]"
            guard let name = entry["name"]?.stringValue else { throw ResultsError("\(at).name must be a string") }
            var series = Churn.Series(name: name)
            func counts(_ key: String) throws(ResultsError) -> [Int] {
                var read: [Int] = []
                for value in entry[key]?.arrayValue ?? [] {
                    guard let n = value.numberLexeme.flatMap({ Int($0) }), n >= 0 else { throw ResultsError("\(at).\(key) must hold counts") }
                    read.append(n)
                }
                return read
            }
            series.cycles = try counts("cycles")
            series.bytes = try counts("bytes")
            guard series.cycles.count == series.bytes.count, zip(series.cycles, series.cycles.dropFirst()).allSatisfy({ $0 < $1 }) else {
                throw ResultsError("\(at) needs as many bytes as cycles, the cycles increasing")
            }
            series.failure = entry["failure"]?.stringValue
            series.unsupported = entry["unsupported"]?.stringValue
            churn.series.append(series)
        }
        return churn
    }

    private static func key<T>(of type: T.Type) -> String {
        switch type {
        case is Termination.Type: "termination"
        case is Processes.Type: "processes"
        case is Permutations.Type: "permutations"
        case is Conflicts.Type: "conflicts"
        case is Atomicity.Type: "atomicity"
        default: "rounding"
        }
    }
}
