import JSONSyntax
import Testing
import TestSupport
@testable import CustomerCenterCompiler

/// The duplicate rules' shared loop: every later value with a key seen before is reported with
/// the first value of that key, however many times the key repeats.
@Suite struct RepeatsTests {
    @Test func eachRepeatIsPairedWithTheFirstValue() {
        let values = ["a", "b", "a", "c", "a", "b"].enumerated().map { position, text in
            Located(text, range: ByteRange(position * 10, position * 10 + 3), pointer: JSONPointer.root.appending(position))
        }
        var pairs: [(repeated: Int, first: Int)] = []
        Repeats.forEach(values) { repeated, first in pairs.append((repeated.range.start / 10, first.range.start / 10)) }
        #expect(pairs.map(\.repeated) == [2, 4, 5])
        #expect(pairs.map(\.first) == [0, 0, 1])
        // Another key: lower-cased, "A" and "a" are one.
        var caseless: [Int] = []
        let lowered: (Located<String>) -> String = { $0.value.lowercased() }
        Repeats.forEach(values + [Located("A", range: ByteRange(60, 63), pointer: .root)], key: lowered) { repeated, _ in
            caseless.append(repeated.range.start / 10)
        }
        #expect(caseless == [2, 4, 5, 6])
    }

    /// The loop keeps first positions in a table of its own (4 bytes a slot, not a dictionary):
    /// on random lists, from none to thousands of values with few or many distinct keys, it
    /// reports what the plain definition (a dictionary of first positions) reports, in order.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func anyListReportsWhatADictionaryOfFirstPositionsReports(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<20 {
            let count = Int.random(in: 0...3_000, using: &rng), distinct = Int.random(in: 1...max(1, count), using: &rng)
            let values = (0..<count).map { position in
                Located("id_\(Int.random(in: 0..<distinct, using: &rng))", range: ByteRange(position, position + 1), pointer: .root)
            }
            var expected: [(Int, Int)] = [], first: [String: Int] = [:]
            for (position, value) in values.enumerated() {
                if let earlier = first[value.value] { expected.append((position, earlier)) } else { first[value.value] = position }
            }
            var pairs: [(Int, Int)] = []
            Repeats.forEach(values) { repeated, first in pairs.append((repeated.range.start, first.range.start)) }
            #expect(pairs.map(\.0) == expected.map(\.0))
            #expect(pairs.map(\.1) == expected.map(\.1))
        }
    }
}
