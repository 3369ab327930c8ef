#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// When a debug build runs a back end's invariant check after a public operation: every time while the check is
/// cheap (every corpus screen, the tests' random lifecycles), beyond that at the 1st, 2nd, 4th, 8th, … operation (so
/// a large system's checks cost a logarithmic share), and every time when the back end's environment variable says
/// `every`.
package struct InvariantSchedule: Sendable {
    /// Up to this check cost (about the elements the check reads), after every operation.
    package let everyOperationUpTo: Int
    /// Whether the environment asked for a check after every operation whatever the size.
    package let everyOperation: Bool

    /// A schedule that reads `variable` (e.g. `PLUMB_EXACT_CHECK=every`) once.
    package init(environmentVariable variable: String, everyOperationUpTo: Int = 4_096) {
        self.everyOperationUpTo = everyOperationUpTo
        everyOperation = getenv(variable).map { String(cString: $0) == "every" } ?? false
    }

    /// Whether the check runs after operation `n` (counted from 1) of a system whose check costs `cost`.
    package func isDue(operation n: Int, cost: Int) -> Bool {
        isCheap(cost) || n & (n - 1) == 0
    }

    /// Whether a check of this cost runs every time.
    package func isCheap(_ cost: Int) -> Bool { everyOperation || cost <= everyOperationUpTo }
}
