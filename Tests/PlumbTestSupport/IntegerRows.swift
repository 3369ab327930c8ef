import PlumbSystem

extension LinearConstraint {
    /// `Σ a·x_v + constant REL 0` from integer `(v, a)` terms: the rows tests write by hand.
    public static func integer(_ terms: [(Int, Int)], _ constant: Int, _ relation: Relation,
                               priority: Priority = .required) throws -> LinearConstraint {
        var e = LinearExpression(constant: Rational(constant))
        for (v, a) in terms { try e.add(VariableID(v), Rational(a)) }
        return LinearConstraint(e, relation, priority: priority)
    }
}
