import PlumbSystem
import PlumbFrontEnd

/// One required equality on one axis of a view: `a·position + b·size = r` (left: a = 1, b = 0; right: 1, 1;
/// centre: 1, ½; width: 0, 1), in root coordinates.
struct AppAxisEquation {
    let a: Rational
    let b: Rational
    let r: Rational

    /// `a` and `b` of an attribute under left-to-right (leading is left, trailing is right).
    static func coefficients(of attribute: LayoutAttribute) -> (a: Rational, b: Rational) {
        switch attribute {
        case .left, .leading, .top: (.one, .zero)
        case .right, .trailing, .bottom: (.one, .one)
        case .centerX, .centerY: (.one, fraction(1, 2))
        case .width, .height: (.zero, .one)
        default: (.one, .zero)  // The family writes no other attribute.
        }
    }
}

/// What a block's required equalities have fixed on one axis of its receiver: nothing, one line of
/// (position, size) pairs, or one point. Two degrees of freedom per axis; a third equality is dependent and
/// must take its constant from the ground truth. Every operation is O(1).
struct AppAxisState {
    private(set) var equations: [AppAxisEquation] = []

    /// Whether an equality with these coefficients would fix a degree not yet fixed.
    func isIndependent(a: Rational, b: Rational) -> Bool {
        switch equations.count {
        case 0: return true
        case 1: return !difference(product(equations[0].a, b), product(equations[0].b, a)).isZero
        default: return false
        }
    }

    /// Position and size once two independent equations are known, with `extra` counted as one of them.
    func solution(adding extra: AppAxisEquation? = nil) -> (position: Rational, size: Rational)? {
        let all = equations + (extra.map { [$0] } ?? [])
        guard all.count == 2 else { return nil }
        let (e1, e2) = (all[0], all[1])
        let determinant = difference(product(e1.a, e2.b), product(e2.a, e1.b))
        guard !determinant.isZero else { return nil }
        let position = quotient(difference(product(e1.r, e2.b), product(e2.r, e1.b)), determinant)
        let size = quotient(difference(product(e1.a, e2.r), product(e2.a, e1.r)), determinant)
        return (position, size)
    }

    /// The size `extra` would give the receiver: from the two equations, or from `extra` alone when it is a
    /// size equation; nil when the size stays free.
    func impliedSize(adding extra: AppAxisEquation) -> Rational? {
        if let solved = solution(adding: extra) { return solved.size }
        if equations.isEmpty, extra.a.isZero { return quotient(extra.r, extra.b) }
        return nil
    }

    /// Whether `extra` keeps the receiver where app code puts views: every size at least `minimumSize`, and
    /// inside its superview's span `lower...upper` on this axis (the whole frame once both degrees are fixed,
    /// else the attribute's value, or a size no larger than the span).
    func admits(_ extra: AppAxisEquation, lower: Rational, upper: Rational, minimumSize: Rational) -> Bool {
        if let (position, size) = solution(adding: extra) {
            return size >= minimumSize && position >= lower && sum(position, size) <= upper
        }
        guard equations.isEmpty else { return true }
        if extra.a.isZero {
            let size = quotient(extra.r, extra.b)
            return size >= minimumSize && size <= difference(upper, lower)
        }
        return extra.r >= lower && extra.r <= upper
    }

    mutating func add(_ equation: AppAxisEquation) {
        equations.append(equation)
    }

    /// Position and size on this axis: solved where two equations fix them, else completed from `naturalSize`
    /// and `naturalPosition` (what the view would have with nothing else deciding).
    func settle(naturalPosition: Rational, naturalSize: Rational) -> (position: Rational, size: Rational) {
        if let solved = solution() { return solved }
        guard let e = equations.first else { return (naturalPosition, naturalSize) }
        if e.a.isZero { return (naturalPosition, quotient(e.r, e.b)) }
        return (quotient(difference(e.r, product(e.b, naturalSize)), e.a), naturalSize)
    }
}
