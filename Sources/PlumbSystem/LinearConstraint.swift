/// A variable of a linear system, by its dense index.
public struct VariableID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let index: Int
    public init(_ index: Int) { self.index = index }
    public static func < (lhs: VariableID, rhs: VariableID) -> Bool { lhs.index < rhs.index }
    public var description: String { "#\(index)" }
}

/// `==`, `<=` or `>=`, relating a linear expression to zero.
public enum Relation: String, Hashable, Sendable, CaseIterable {
    case equal = "=="
    case lessOrEqual = "<="
    case greaterOrEqual = ">="
}

/// `coefficient * variable`.
public struct LinearTerm: Hashable, Sendable {
    public let variable: VariableID
    public let coefficient: Rational
    public init(_ variable: VariableID, _ coefficient: Rational) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// One row of a prioritized linear system: `Σ coefficient·variable + constant RELATION 0 @ priority`.
///
/// Terms are sorted by variable, each variable appears once, and no coefficient is zero.
public struct LinearConstraint: Hashable, Sendable {
    public let terms: [LinearTerm]
    public let constant: Rational
    public let relation: Relation
    public let priority: Priority
    /// A readable name, e.g. `messageLabel.height >= 5000 [ConstantConstraint]`.
    public let label: String?

    /// A constraint from an expression; terms are merged and zero terms dropped.
    public init(_ expression: LinearExpression, _ relation: Relation, priority: Priority = .required, label: String? = nil) {
        self.terms = expression.normalizedTerms()
        self.constant = expression.constant
        self.relation = relation
        self.priority = priority
        self.label = label
    }

    /// The same constraint with another constant (the in-place change behind Masonry's update).
    public func withConstant(_ constant: Rational) -> LinearConstraint {
        LinearConstraint(terms: terms, constant: constant, relation: relation, priority: priority, label: label)
    }

    /// The same constraint at another priority.
    public func withPriority(_ priority: Priority) -> LinearConstraint {
        LinearConstraint(terms: terms, constant: constant, relation: relation, priority: priority, label: label)
    }

    /// The same constraint with another label.
    public func withLabel(_ label: String?) -> LinearConstraint {
        LinearConstraint(terms: terms, constant: constant, relation: relation, priority: priority, label: label)
    }

    /// The constraint of these parts, as they are (terms merged and without zeros, as `init(_:_:priority:label:)`
    /// leaves them: a back end that kept a constraint's parts apart puts it back together).
    package init(terms: [LinearTerm], constant: Rational, relation: Relation, priority: Priority, label: String?) {
        self.terms = terms
        self.constant = constant
        self.relation = relation
        self.priority = priority
        self.label = label
    }

    /// The left-hand side at `values` (exact).
    public func lhs(at values: (VariableID) -> Rational) throws(NumberError) -> Rational {
        var sum = constant
        for term in terms { sum = try sum + term.coefficient * values(term.variable) }
        return sum
    }

    /// How much the constraint is violated at `values`: |lhs| for `==`, the amount an inequality is broken.
    public func violation(at values: (VariableID) -> Rational) throws(NumberError) -> Rational {
        let value = try lhs(at: values)
        switch relation {
        case .equal: return value.signum < 0 ? -value : value
        case .lessOrEqual: return value.signum > 0 ? value : .zero
        case .greaterOrEqual: return value.signum < 0 ? -value : .zero
        }
    }

    /// The same violation in floating point, for floating back ends' answers.
    public func violation(at values: (VariableID) -> Double) -> Double {
        var sum = constant.doubleValue
        for term in terms { sum += term.coefficient.doubleValue * values(term.variable) }
        switch relation {
        case .equal: return abs(sum)
        case .lessOrEqual: return max(0, sum)
        case .greaterOrEqual: return max(0, -sum)
        }
    }
}

/// A linear expression `Σ coefficient·variable + constant` being built; exact throughout.
///
/// Layout rows have a handful of terms, so they are kept in a small array (merged by linear search) rather
/// than a dictionary: no hashing and one allocation per expression.
public struct LinearExpression: Hashable, Sendable {
    /// The terms, one per variable, in the order first added (zeros removed).
    public private(set) var terms: [LinearTerm] = []
    public private(set) var constant: Rational = .zero

    public init() {}

    /// The expression `constant`.
    public init(constant: Rational) { self.constant = constant }

    /// The expression `coefficient * variable`.
    public init(_ variable: VariableID, _ coefficient: Rational = .one) {
        if !coefficient.isZero { terms = [LinearTerm(variable, coefficient)] }
    }

    /// The coefficient of `variable` (zero when absent).
    public func coefficient(of variable: VariableID) -> Rational {
        terms.first { $0.variable == variable }?.coefficient ?? .zero
    }

    /// Adds `coefficient * variable`.
    public mutating func add(_ variable: VariableID, _ coefficient: Rational) throws(NumberError) {
        guard !coefficient.isZero else { return }
        if let i = terms.firstIndex(where: { $0.variable == variable }) {
            let sum = try terms[i].coefficient + coefficient
            if sum.isZero { terms.remove(at: i) } else { terms[i] = LinearTerm(variable, sum) }
        } else {
            terms.append(LinearTerm(variable, coefficient))
        }
    }

    /// An expression from terms whose variables are all different (zero coefficients are dropped), without the
    /// search `add` makes for an existing term: O(terms) instead of O(terms²) for a row read from a file.
    init(distinctTerms: [LinearTerm], constant: Rational) {
        self.terms = distinctTerms.contains { $0.coefficient.isZero }
            ? distinctTerms.filter { !$0.coefficient.isZero } : distinctTerms
        self.constant = constant
    }

    /// Adds a constant.
    public mutating func add(constant value: Rational) throws(NumberError) {
        constant = try constant + value
    }

    /// Adds `factor * other`.
    public mutating func add(_ other: LinearExpression, times factor: Rational = .one) throws(NumberError) {
        for term in other.terms { try add(term.variable, term.coefficient * factor) }
        constant = try constant + other.constant * factor
    }

    /// `factor * self`.
    public func scaled(by factor: Rational) throws(NumberError) -> LinearExpression {
        var result = LinearExpression()
        try result.add(self, times: factor)
        return result
    }

    /// Terms sorted by variable, without zeros.
    /// - Complexity: O(n) when the terms are in order already (rows are usually built and read that way), else
    ///   O(n log n) on packed integer keys.
    public func normalizedTerms() -> [LinearTerm] {
        var inOrder = true
        for k in terms.indices.dropFirst() where terms[k - 1].variable >= terms[k].variable {
            inOrder = false
            break
        }
        if inOrder { return terms }
        // (variable index, position) packed in one integer: a sort of plain integers, then one gather
        guard terms.count <= Int(UInt32.max),
              terms.allSatisfy({ $0.variable.index >= 0 && $0.variable.index <= Int(UInt32.max) }) else {
            return terms.sorted { $0.variable < $1.variable }
        }
        var keys = terms.indices.map { UInt64(terms[$0].variable.index) << 32 | UInt64($0) }
        keys.sort()
        return keys.map { terms[Int($0 & 0xFFFF_FFFF)] }
    }

    public static func == (lhs: LinearExpression, rhs: LinearExpression) -> Bool {
        lhs.constant == rhs.constant && lhs.normalizedTerms() == rhs.normalizedTerms()
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(constant)
        hasher.combine(normalizedTerms())
    }
}
