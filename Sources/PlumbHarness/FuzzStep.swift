/// What a fuzz run is about to do, reported before each step so that a watchdog on another thread can tell a case
/// stuck inside one back end call (which the fuzzer's own checks between steps cannot interrupt).
public struct FuzzStep: Sendable, Equatable {
    /// The case being played.
    public let caseIndex: Int
    /// The back end the step judges (its calls, and the exact reference's on systems), or the exact reference
    /// while a layout case is prepared.
    public let backEnd: String
    /// Whether the step shrinks a disagreement (many solves) rather than judging the case once.
    public let shrinking: Bool

    public init(caseIndex: Int, backEnd: String, shrinking: Bool = false) {
        self.caseIndex = caseIndex
        self.backEnd = backEnd
        self.shrinking = shrinking
    }
}
