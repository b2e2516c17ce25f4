import Testing
import TestSupport
@testable import CustomerCenterCompiler
import JSONSyntax

/// The questions the text index and the placeholder-mismatch rule ask of a text's bytes, against
/// their definitions on `Placeholders.scan` and `mentionedNames` (sets of decoded names).
@Suite struct PlaceholderScanTests {
    /// Pieces of placeholder-like text: every brace count and spacing, known and unknown names,
    /// names too long to be one, tabs, line breaks, non-ASCII around and inside braces.
    static let pieces: [String] = [
        "{{ price }}", "{{price}}", "{{ price}", "{ price }", "{price}", "{{ date }}", "{{ name }}", "{ name }", "{name}",
        "{{ count }}}", "{{{ duration }}", "{{\tprice\t}}", "{{ pri ce }}", "{{ }}", "{}", "{", "}", "{{", "}}",
        "{{ " + String(repeating: "x", count: 70) + " }}", "{{ sub_offer_price_2 }}", "{{ Price }}", "{{ é }}",
        "\n", " ", "a", "é", "😀", "{{ price\n}}", "{{ customer_name }}",
    ]

    static func randomText(_ rng: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0...5, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
    }

    @Test func aSuspectSpanIsAMalformedOrUnknownPlaceholder() {
        var rng = SeededGenerator(seed: 41)
        var suspects = 0, clean = 0
        for _ in 0..<20_000 {
            var text = Self.randomText(&rng)
            let expected = Placeholders.scan(text).contains { !$0.isWellFormed || !Placeholders.knownNames.contains($0.name) }
            let actual = text.withUTF8 { Placeholders.hasSuspectSpan(inUTF8: $0) }
            #expect(actual == expected, "\(text.debugDescription)")
            if expected { suspects += 1 } else if text.utf8.contains(UInt8(ascii: "{")) { clean += 1 }
        }
        #expect(suspects > 1_000 && clean > 1_000)
    }

    @Test func mentioningExactlySomeNamesIsHavingThemAsTheSetOfMentionedNames() {
        var rng = SeededGenerator(seed: 43)
        let candidates = ["price", "date", "name", "count", "duration", "Price", "customer_name", "sub_offer_price_2"]
        var same = 0, different = 0
        for round in 0..<20_000 {
            var text = Self.randomText(&rng)
            let mentioned = Placeholders.mentionedNames(in: text)
            // Half the time the names the text mentions, else a random set of names; now and
            // then some sixty names or more (about the bit mask's limit, and beyond it the set comparison).
            var names = round % 2 == 0 ? mentioned : Set(candidates.filter { _ in Bool.random(using: &rng) })
            if round % 50 == 1 { names.formUnion((0..<62).map { "n\($0)" }) }
            let expected = mentioned == names
            let actual = text.withUTF8 { Placeholders.mentionsExactly(names.map { Array($0.utf8) }, inUTF8: $0) }
            #expect(actual == expected, "\(text.debugDescription) vs \(names.sorted())")
            if expected { same += 1 } else { different += 1 }
        }
        #expect(same > 5_000 && different > 5_000)
    }

    /// Exactly 64 names fill the mask; one more name in the text or one fewer is a difference.
    @Test func sixtyFourNamesFillTheMask() {
        let names = (0..<64).map { "n\($0)" }
        var text = names.map { "{{ \($0) }}" }.joined(separator: " ")
        let utf8 = names.map { Array($0.utf8) }
        #expect(text.withUTF8 { Placeholders.mentionsExactly(utf8, inUTF8: $0) })
        var fewer = names.dropLast().map { "{{ \($0) }}" }.joined(separator: " ")
        #expect(!fewer.withUTF8 { Placeholders.mentionsExactly(utf8, inUTF8: $0) })
        var more = text + " {{ extra }}"
        #expect(!more.withUTF8 { Placeholders.mentionsExactly(utf8, inUTF8: $0) })
    }
}
