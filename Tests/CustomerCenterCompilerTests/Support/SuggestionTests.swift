import Testing
@testable import CustomerCenterCompiler
import TestSupport

/// "Did you mean": an ASCII word against ASCII candidates is compared as bytes, kept rows and
/// no copy of a candidate too long or short; the answers are the scalar comparison's.
@Suite struct SuggestionTests {
    /// The scalar comparison of every candidate, as it was before the byte path.
    static func reference(_ word: String, _ candidates: [String]) -> String? {
        let target = Array(word.lowercased().unicodeScalars)
        guard !target.isEmpty else { return nil }
        let limit = target.count <= 4 ? 1 : (target.count <= 8 ? 2 : 3)
        var best: (String, Int)?
        for candidate in candidates where candidate != word {
            let other = Array(candidate.lowercased().unicodeScalars)
            if abs(other.count - target.count) > limit { continue }
            let bound = min(limit, (best?.1 ?? limit + 1) - 1)
            if bound < 0 { break }
            if let distance = Suggestion.distance(target, other, bound: bound), best == nil || distance < best!.1 {
                best = (candidate, distance)
                if distance == 0 { break }
            }
        }
        if let best { return best.0 }
        let prefixed = target.count >= 4 ? candidates.filter { $0.lowercased().hasPrefix(word.lowercased()) } : []
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// A word of `alphabet` near `base`: letters changed, dropped, added, swapped or upper-cased.
    static func near(_ base: [Character], alphabet: [Character], using generator: inout SeededGenerator) -> String {
        var letters = base
        for _ in 0..<Int.random(in: 0...3, using: &generator) {
            let at = letters.isEmpty ? 0 : Int.random(in: 0..<letters.count, using: &generator)
            switch Int.random(in: 0..<5, using: &generator) {
            case 0 where !letters.isEmpty: letters[at] = alphabet.randomElement(using: &generator) ?? "a"
            case 1 where !letters.isEmpty: letters.remove(at: at)
            case 2: letters.insert(alphabet.randomElement(using: &generator) ?? "a", at: at)
            case 3 where at + 1 < letters.count: letters.swapAt(at, at + 1)
            default:
                // Upper case where it is one character ('ß' is 'SS').
                if !letters.isEmpty, case let upper = letters[at].uppercased(), upper.count == 1 { letters[at] = Character(upper) }
            }
        }
        return String(letters)
    }

    @Test(arguments: [1, 2, 3, 4])
    func theBytePathAnswersAsTheScalarsDo(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let ascii = Array("abcdez_-.0"), mixed = Array("abcdeéİßK_") + ["ǅ", "ﬀ"]
        for round in 0..<400 {
            // Half the rounds mix in letters whose lowercase is not one byte, or not one scalar.
            let alphabet = round.isMultiple(of: 2) ? ascii : mixed
            let base = (0..<Int.random(in: 1...12, using: &generator)).map { _ in ascii.randomElement(using: &generator) ?? "a" }
            let word = Self.near(base, alphabet: alphabet, using: &generator)
            let candidates = (0..<Int.random(in: 0...30, using: &generator)).map { _ in Self.near(base, alphabet: alphabet, using: &generator) }
            #expect(Suggestion.closest(to: word, among: candidates) == Self.reference(word, candidates), "\(word) among \(candidates)")
        }
    }

    @Test func casesTiesAndPrefixesAnswerAsDocumented() {
        #expect(Suggestion.closest(to: "Title", among: ["titel", "title"]) == "title", "a case-only difference is distance 0")
        #expect(Suggestion.closest(to: "abcd", among: ["abce", "abcf"]) == "abce", "ties go to the earlier candidate")
        #expect(Suggestion.closest(to: "abcdefghij", among: ["abcdefghijklmnop", "abcdefghijxyzxyz"]) == nil, "too far, and no unique prefix")
        #expect(Suggestion.closest(to: "offer.unsatisfiable", among: ["offer.unsatisfiable-eligibility", "path.x"]) == "offer.unsatisfiable-eligibility")
        #expect(Suggestion.closest(to: "straße", among: ["STRASSE", "strase"]) == "strase", "scalars, not bytes, beyond ASCII")
        #expect(Suggestion.closest(to: "strasse", among: ["STRAẞE"]) == "STRAẞE", "a non-ASCII candidate compared in scalars")
        #expect(Suggestion.closest(to: "abcdefghi", among: ["ab€defgh€"]) == "ab€defgh€", "near in scalars, far in bytes")
    }
}
