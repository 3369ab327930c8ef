@testable import ExactBackend
import PlumbSystem
import Testing

/// The order waiting rows go into the engine (`ExactSolverCore.inEngineOrder`), computed on packed integers, against
/// its definition: sorting by the keys themselves (the higher priority first, then `PendingOrder`: edits first, the
/// higher variable first, then constraints in order of addition).
@Suite struct PendingOrderTests {
    typealias Core = ExactSolverCore<ExactRational>

    /// The items in `keys`' order after `permutation` (the identity when nil).
    func ordered(_ keys: [Core.PendingKey], _ permutation: [Int]?) -> [Core.PendingKey] {
        (permutation ?? Array(keys.indices)).map { keys[$0] }
    }

    func same(_ a: [Core.PendingKey], _ b: [Core.PendingKey]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.priority == $1.priority && $0.order == $1.order }
    }

    @Test("a hand-written case: priorities, then edits by falling variable, then constraints by sequence")
    func handWritten() throws {
        let half = Priority(try Rational(1501, 2))
        let keys: [Core.PendingKey] = [
            (Priority(250), .constraint(sequence: 3)), (Priority(750), .constraint(sequence: 9)),
            (Priority(250), .edit(variable: 2)), (half, .constraint(sequence: 1)),
            (Priority(750), .edit(variable: 7)), (Priority(250), .edit(variable: 5)),
        ]
        let expected: [Core.PendingKey] = [
            (half, .constraint(sequence: 1)), (Priority(750), .edit(variable: 7)),
            (Priority(750), .constraint(sequence: 9)), (Priority(250), .edit(variable: 5)),
            (Priority(250), .edit(variable: 2)), (Priority(250), .constraint(sequence: 3)),
        ]
        #expect(same(ordered(keys, Core.inEngineOrder(keys)), expected))
        #expect(Core.inEngineOrder(expected) == nil, "keys already in order need no permutation")
    }

    @Test("random keys: the packed order is the definition's, with few or many distinct priorities, in order or not")
    func randomKeys() throws {
        var random = SplitMix64(seed: 11)
        for round in 0..<300 {
            let n = 1 + Int(random.next() % 60)
            let spread: UInt64 = round % 3 == 0 ? 1_000 : 4
            var sequences = Array(0..<(4 * n)).shuffled(using: &random)
            var variables = Array(0..<(4 * n)).shuffled(using: &random)
            if round % 5 == 1 {
                // each priority's items in order among themselves, the priorities mixed (as a layout adds them)
                sequences.sort(by: >)
                variables.sort()
            }
            var keys: [Core.PendingKey] = []
            for _ in 0..<n {
                let p = Priority(try Rational(Int128(1 + random.next() % spread), Int128(1 + random.next() % 3)))
                let order: PendingOrder = random.next() % 3 == 0 ? .edit(variable: variables.removeLast())
                    : .constraint(sequence: sequences.removeLast())
                keys.append((p, order))
            }
            if round % 5 == 0 { keys.sort { Core.pendingKey($0, precedes: $1) } }
            let byDefinition = keys.sorted { Core.pendingKey($0, precedes: $1) }
            #expect(same(ordered(keys, Core.inEngineOrder(keys)), byDefinition), "\(keys)")
            // (a few keys go by comparison, more by packing: each path against the definition at every size)
            #expect(same(ordered(keys, Core.comparedEngineOrder(keys)), byDefinition), "\(keys)")
            #expect(Core.packedEngineOrder(keys)?.priorities == Set(keys.map(\.priority)).count)
        }
    }

    @Test("a place beyond the packed range falls back to comparing the keys")
    func unpackablePlace() {
        // (more keys than go by comparison, so that the packing is tried)
        var keys: [Core.PendingKey] = [
            (Priority(250), .constraint(sequence: 1 << 50)), (Priority(750), .constraint(sequence: 2)),
        ]
        #expect(Core.packedEngineOrder(keys) == nil)
        #expect(Core.inEngineOrder(keys) == [1, 0])
        for k in 0..<Core.smallBatch { keys.append((Priority(500), .constraint(sequence: 100 + k))) }
        #expect(Core.packedEngineOrder(keys) == nil)
        // the 750 first, then the 500s in order of addition, then the 250
        #expect(Core.inEngineOrder(keys) == [1] + Array(2..<keys.count) + [0])
    }
}
