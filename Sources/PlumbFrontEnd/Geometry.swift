import PlumbSystem

/// A point, exact (`CGPoint`).
public struct Point: Hashable, Sendable {
    public var x: Rational
    public var y: Rational
    public init(x: Rational, y: Rational) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
}

/// A size, exact (`CGSize`).
public struct Size: Hashable, Sendable {
    public var width: Rational
    public var height: Rational
    public init(width: Rational, height: Rational) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
}

/// Insets per side, exact (`UIEdgeInsets`).
public struct EdgeInsets: Hashable, Sendable {
    public var top: Rational
    public var left: Rational
    public var bottom: Rational
    public var right: Rational
    public init(top: Rational, left: Rational, bottom: Rational, right: Rational) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// The same inset on every side.
    public init(_ all: Rational) { self.init(top: all, left: all, bottom: all, right: all) }
    public static let zero = EdgeInsets(0)
}

/// Insets by reading direction, exact (`NSDirectionalEdgeInsets`).
public struct DirectionalEdgeInsets: Hashable, Sendable {
    public var top: Rational
    public var leading: Rational
    public var bottom: Rational
    public var trailing: Rational
    public init(top: Rational, leading: Rational, bottom: Rational, trailing: Rational) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    public static let zero = DirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
}

/// Left-to-right or right-to-left; views inherit their superview's unless they set one.
public enum LayoutDirection: String, Hashable, Sendable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}
