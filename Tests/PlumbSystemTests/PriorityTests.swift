import Testing
import PlumbSystem

@Suite struct PriorityTests {
    func priority(_ n: Int128, _ d: Int128) throws -> Priority { Priority(try Rational(n, d)) }

    @Test func validIsExactlyTheInterval0To1000() throws {
        #expect(try priority(1000, 1).isValid)
        #expect(try priority(1, 1).isValid)
        #expect(try priority(999_999, 1000).isValid)
        #expect(try priority(1, Int128.max).isValid)                  // tiny, still above 0
        #expect(try priority(Int128.max, Int128.max / 1000 + 1).isValid)  // 1000·d overflows; the value is below 1000
        #expect(try !priority(0, 1).isValid)
        #expect(try !priority(-1, 3).isValid)
        #expect(try !priority(1_000_001, 1000).isValid)             // 1000.001
        #expect(try !priority(1001, 1).isValid)
        #expect(try !priority(Int128.max, 1).isValid)
        #expect(try !priority(Int128.max, 1000).isValid)           // about 1.7e35
    }

    @Test func requiredIsExactly1000() throws {
        #expect(try priority(1000, 1).isRequired)
        #expect(try priority(2000, 2).isRequired)                   // reduced to 1000/1
        #expect(try !priority(999, 1).isRequired)
        #expect(try !priority(1_000_001, 1000).isRequired)
    }
}
