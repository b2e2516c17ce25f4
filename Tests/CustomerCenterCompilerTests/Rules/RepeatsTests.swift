import JSONSyntax
import Testing
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
}
