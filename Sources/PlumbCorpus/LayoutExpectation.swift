import PlumbSystem
import PlumbFrontEnd

/// What a layout must look like after the steps before it, as derived by hand in a corpus file.
public struct LayoutExpectation: Sendable {
    /// A view's frame relative to its superview; a nil component is not compared (it is ambiguous).
    public struct Frame: Sendable {
        public var view: String
        public var x: Rational?
        public var y: Rational?
        public var width: Rational?
        public var height: Rational?
        /// The line or two of derivation written beside it.
        public var derivation: String
        public var location: SourceLocation

        public func value(_ component: FrameComponent) -> Rational? {
            switch component {
            case .x: x
            case .y: y
            case .width: width
            case .height: height
            }
        }
    }

    /// A frame component that is not unique on the optimal face, with its range (nil: unbounded).
    public struct Range: Sendable {
        public var view: String
        public var component: FrameComponent
        public var minimum: Rational?
        public var maximum: Rational?
        public var derivation: String
        public var location: SourceLocation
    }

    public var frames: [Frame] = []
    public var ambiguous: [Range] = []
    /// For an unsatisfiable layout: the labels of a set of required constraints that conflict (nil: satisfiable).
    public var conflict: [String]?
    public var derivation: String = ""
    public var location: SourceLocation

    public init(location: SourceLocation) { self.location = location }

    /// Whether the layout is expected to be unsatisfiable.
    public var isUnsatisfiable: Bool { conflict != nil }
}
