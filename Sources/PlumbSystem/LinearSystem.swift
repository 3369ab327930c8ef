/// A prioritized linear system: what a layout lowers to and what every back end solves.
///
/// The layout-lp/1 interchange (see LayoutLP.swift) is its neutral JSON form.
public struct LinearSystem: Hashable, Sendable {
    /// A variable that may be suggested values, at a priority below 1000.
    public struct Edit: Hashable, Sendable {
        public let variable: VariableID
        public let priority: Priority
        public init(variable: VariableID, priority: Priority) {
            self.variable = variable
            self.priority = priority
        }
    }

    /// One suggested value for an edit variable.
    public struct Suggestion: Hashable, Sendable {
        public let variable: VariableID
        public let value: Rational
        public init(variable: VariableID, value: Rational) {
            self.variable = variable
            self.value = value
        }
    }

    public var name: String
    /// Variable names, indexed by `VariableID.index` (`root.x`, `v0.w`, ...).
    public var variables: [String]
    public var constraints: [LinearConstraint]
    public var edits: [Edit]
    /// Rounds of suggestions; the system is re-solved after each round.
    public var suggestionRounds: [[Suggestion]]

    public init(name: String = "", variables: [String] = [], constraints: [LinearConstraint] = [],
                edits: [Edit] = [], suggestionRounds: [[Suggestion]] = []) {
        self.name = name
        self.variables = variables
        self.constraints = constraints
        self.edits = edits
        self.suggestionRounds = suggestionRounds
    }
}
