import Testing
import PlumbSystem
import PlumbSolver
@testable import RelaxationBackend

@Suite struct ProjectionCap {
    /// A required chain of 50 equal-width views between two fixed edges converges slowly; a projection cap of
    /// 10,000 stops it at the same sweep on every run, and says so.
    @Test func theProjectionCapIsDeterministicAndReported() throws {
        func run() throws -> SolveReport {
            let solver = RelaxationSolver(scheme: .textbook, maxSweeps: 1_000_000, timeLimit: 60)
            solver.maxProjections = 10_000
            var id = 0
            func add(_ terms: [(Int, Int)], _ constant: Int) throws {
                var e = LinearExpression(constant: Rational(constant))
                for (v, c) in terms { try e.add(VariableID(v), Rational(c)) }
                try solver.add(LinearConstraint(e, .equal), id: ConstraintID(id))
                id += 1
            }
            // x_i = left edge of view i (variables 0..<50), w_i = width (50..<100).
            try add([(0, 1)], 0)
            for i in 1..<50 {
                try add([(i, 1), (i - 1, -1), (50 + i - 1, -1)], 0)
                try add([(50 + i, 1), (50, -1)], 0)
            }
            try add([(49, 1), (99, 1)], -1000)
            return try solver.solve()
        }
        let first = try run(), second = try run()
        #expect(!first.converged)
        #expect(first.message.contains("projection cap"))
        #expect(first.iterations == second.iterations)
        // 10,000 projections over 100 rows a sweep.
        #expect(first.iterations == 100)
    }
}
