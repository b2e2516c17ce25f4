import Foundation
import Testing
import TestSupport
@testable import CustomerCenterCompiler
import JSONSyntax

/// `CaselessText` decides on bytes what `a == b || (a.utf8.count == b.utf8.count &&
/// a.lowercased() == b.lowercased())` decides on decoded strings. Its claims about each plain
/// scalar are checked against the standard library (combining class, lower case) and
/// Foundation's normalization (its own NFC form, never the second of a composition), for every
/// scalar it calls plain; and its verdicts against the decoding comparison on random texts.
@Suite struct CaselessTextTests {
    static func decoded(_ a: String, _ b: String) -> Bool {
        a == b || (a.utf8.count == b.utf8.count && a.lowercased() == b.lowercased())
    }

    static func verdict(_ a: String, _ b: String) -> Bool? {
        var (x, y) = (a, b)
        return x.withUTF8 { p in y.withUTF8 { q in CaselessText.verdict(p, q) } }
    }

    /// Every scalar that is the second (or later) scalar of a canonical decomposition: a scalar a
    /// composition can take in after a starter.
    static let composingScalars: Set<UInt32> = {
        var result: Set<UInt32> = []
        for value in UInt32(0x80)...0x2FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let decomposed = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars
            for later in decomposed.dropFirst() { result.insert(later.value) }
        }
        return result
    }()

    @Test func everyPlainScalarIsWhatItClaims() {
        var plain = 0
        for value in UInt32(0x80)...0xFFFF {
            guard let lower = CaselessText.plainLowercase(value) else { continue }
            let scalar = Unicode.Scalar(value)!
            plain += 1
            let hex = String(value, radix: 16)
            #expect(scalar.properties.canonicalCombiningClass.rawValue == CaselessText.markClass(value), "U+\(hex)")
            #expect(scalar.properties.lowercaseMapping.unicodeScalars.map(\.value) == [lower], "U+\(hex)")
            #expect(CaselessText.plainLowercase(lower) == lower, "U+\(hex)")
            #expect(String(scalar).utf8.count == String(Unicode.Scalar(lower)!).utf8.count, "U+\(hex)")
            #expect(String(scalar).precomposedStringWithCanonicalMapping.unicodeScalars.map(\.value) == [value], "U+\(hex)")
            #expect(!Self.composingScalars.contains(value), "U+\(hex)")
        }
        // The ranges hold about 49,000 scalars (ideographs and Hangul most of them).
        #expect(plain > 40_000)
        // The known traps are left to decoding.
        for trap: UInt32 in [0x0130, 0x0149, 0x0178, 0x017F, 0x0387, 0x0653, 0x093C, 0x0958, 0x0951, 0x1E9E,
                             0x2000, 0x212B, 0x3099, 0x309A, 0xF900, 0xFF21, 0x1161, 0x11A8] {
            #expect(CaselessText.plainLowercase(trap) == nil, "U+\(String(trap, radix: 16))")
        }
    }

    @Test(arguments: [1, 2, 3, 33] as [UInt64])
    func verdictsAgreeWithDecoding(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let pieces = ["a", "A", "Too", "TOO", " ", "1", "{{ price }}", "é", "É", "e\u{301}", "ё", "Ё", "Отмена", "отмена",
                      "日本", "が", "か", "\u{3099}", "ガ", "ع", "لا", "\u{654}", "ۀ", "ە", "Ω", "ω", "Σ", "ς", "İ", "ß",
                      "ẞ", "Ạ", "ạ", "ก", "\u{E48}", "\u{E38}", "\u{E3A}", "\u{64E}", "\u{651}", "\u{94D}", "€", "、", "😀", "Ａ", "ａ", "\u{212B}", "Å", "\u{F900}", "豈"]
        var decided = 0
        for _ in 0..<4_000 {
            let a = (0..<Int.random(in: 0...5, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            // Half the pairs are a's pieces changed a little (case, a piece swapped), so that
            // equal-length and equal pairs are common.
            var b = a
            if Bool.random(using: &rng) {
                b = (0..<Int.random(in: 0...5, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            } else if Bool.random(using: &rng) {
                b = Bool.random(using: &rng) ? a.uppercased() : a.lowercased()
            }
            let expected = Self.decoded(a, b)
            if let fast = Self.verdict(a, b) {
                decided += 1
                #expect(fast == expected, "\(a.debugDescription) / \(b.debugDescription)")
            }
            #expect(DuplicateOptionTitleRule.sameIgnoringCase(a, b) == expected, "\(a.debugDescription) / \(b.debugDescription)")
        }
        #expect(decided > 1_000)
    }

    @Test func theScriptsOfTheLocalesAreReadOnTheirBytes() {
        let pairs: [(String, String, Bool)] = [
            ("いつでもキャンセルできます。", "いつでもキャンセルできます。", true),
            ("いつでもキャンセルできます。", "いつでもキャンセルできません", false),
            ("إلغاء الاشتراك", "إلغاء الاشتراك", true), ("إلغاء الاشتراك", "إلغاء الاشتراكات", false),
            ("Отменить подписку", "ОТМЕНИТЬ ПОДПИСКУ", true), ("Отменить подписку", "Отменить подписки", false),
            ("ÉCOLE Ünïcode", "école ünïcode", true), ("Zrušit předplatné", "ZRUŠIT PŘEDPLATNÉ", true),
            ("Hủy đăng ký", "HỦY ĐĂNG KÝ", true), ("ยกเลิกการสมัคร", "ยกเลิกการสมัคร", true), ("구독 취소", "구독 취소", true),
            ("Ακύρωση", "ΑΚΎΡΩΣΗ", true), ("ביטול", "ביטול", true), ("रद्द करें", "रद्द करें", true),
        ]
        for (a, b, same) in pairs {
            #expect(Self.decoded(a, b) == same, "\(a) / \(b)")
            #expect(Self.verdict(a, b) == same, "\(a) / \(b)")
        }
        // Not plain: the verdict is left to decoding, which sees canonical equivalence.
        #expect(Self.verdict("が", "か\u{3099}") == nil)
        #expect(DuplicateOptionTitleRule.sameIgnoringCase("が", "か\u{3099}"))
        #expect(Self.verdict("İ", "i\u{307}") == nil)
        // Marks out of canonical order (a lower class after a higher one) are not NFC.
        #expect(Self.verdict("ก\u{E48}\u{E38}", "ก\u{E38}\u{E48}") == nil)
        #expect(DuplicateOptionTitleRule.sameIgnoringCase("ก\u{E48}\u{E38}", "ก\u{E38}\u{E48}"))
        #expect(Self.verdict("بَّ", "بَّ") == true)
        // Bytes that are not UTF-8 are never plain (the same bytes are still the same text).
        let broken: [UInt8] = [0xE3, 0x81], overlong: [UInt8] = [0xE0, 0x90, 0x80], other: [UInt8] = [0x61, 0x62]
        for bytes in [broken, overlong] {
            #expect(bytes.withUnsafeBufferPointer { p in other.withUnsafeBufferPointer { q in CaselessText.verdict(p, q) } } == nil)
            #expect(bytes.withUnsafeBufferPointer { p in CaselessText.verdict(p, p) } == true)
        }
    }
}
