import Foundation
import PlumbSolver
import PlumbBatch
import PlumbHarness

/// Ends a fuzz run stuck inside one back end call. The fuzzer checks each case's time bound between its own steps;
/// a call that never returns (a solve that loops) would hang the run there, and a Swift thread cannot be stopped.
/// This watches from another thread: a step still under way at twice the bound is taken as stuck, `stuck` reports
/// it (and writes the case), and the process exits with status 1.
final class FuzzWatchdog: @unchecked Sendable {
    /// The case bound in seconds; a step is stuck at twice it.
    let bound: Double
    private let stuck: (FuzzStep, String, Double) -> Void
    private let lock = NSLock()
    private var current: (step: FuzzStep, kind: String, since: Double)?
    private var watching = true

    /// Starts watching; `stuck` gets the step, its kind of case and how long it has run, on the watchdog's thread.
    init(bound: Double, stuck: @escaping (FuzzStep, String, Double) -> Void) {
        self.bound = bound
        self.stuck = stuck
        Thread.detachNewThread { [self] in watch() }
    }

    /// The step about to run, on a case of `kind` (`system`, `layout`).
    func begin(_ step: FuzzStep, kind: String) {
        lock.withLock { current = (step, kind, monotonicSeconds()) }
    }

    /// No step is under way (between kinds, and at the end).
    func pause() {
        lock.withLock { current = nil }
    }

    /// Stops watching.
    func stop() {
        lock.withLock {
            watching = false
            current = nil
        }
    }

    private func watch() {
        let period = min(0.25, max(0.01, bound / 10))
        while true {
            usleep(useconds_t(period * 1_000_000))
            let (alive, running) = lock.withLock { (watching, current) }
            guard alive else { return }
            guard let running else { continue }
            let elapsed = monotonicSeconds() - running.since
            if elapsed > 2 * bound {
                stuck(running.step, running.kind, elapsed)
                fflush(nil)
                // The main thread is still inside the back end: leave without running anything of it.
                _exit(1)
            }
        }
    }
}
