/// Where a run is: the phase, how much of it is done, and what is being worked on, so that a progress line can show
/// done/total and an estimate of the time left.
public struct HarnessProgress: Sendable, Equatable {
    /// The phase (`corpus`, `small layouts`, `scaling chain`, `lifecycle grid`, ...): totals are per phase.
    public var phase: String
    /// Steps of the phase done before this one (a step is one workload on one back end).
    public var done: Int
    public var total: Int
    /// What is being worked on now.
    public var detail: String

    public init(phase: String, done: Int, total: Int, detail: String) {
        self.phase = phase
        self.done = done
        self.total = total
        self.detail = detail
    }

    /// The estimate of the phase's time left from its pace so far, nil until there is a pace to go by (a step
    /// done and a second spent).
    public func secondsLeft(phaseElapsed: Double) -> Double? {
        guard done > 0, phaseElapsed >= 1, total > done else { return nil }
        return phaseElapsed / Double(done) * Double(total - done)
    }

    /// One line: `[12.3 s] corpus 45/333, about 20 s left · masonry-basic · exact`.
    public func line(elapsed: Double, phaseElapsed: Double) -> String {
        var text = "[\(formatTenths(elapsed)) s] \(phase) \(done)/\(total)"
        if let left = secondsLeft(phaseElapsed: phaseElapsed) { text += ", about \(formatLeft(left)) left" }
        return detail.isEmpty ? text : text + " · " + detail
    }

    func formatLeft(_ seconds: Double) -> String {
        seconds < 90 ? "\(Int(seconds.rounded())) s" : "\(Int((seconds / 60).rounded())) min"
    }
}
