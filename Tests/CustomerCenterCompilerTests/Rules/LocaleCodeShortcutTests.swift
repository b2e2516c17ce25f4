import Testing
@testable import CustomerCenterCompiler

/// `LocaleCode.isWellFormed`, `language` and `chineseScript` answer a bare code (two letters, no
/// `-`) without splitting it into strings (every lint asks them of each locale, docs/performance.md
/// "The start"): for every code below they answer what splitting answers.
@Suite struct LocaleCodeShortcutTests {
    /// Every pair of ASCII letters in both cases, two-character codes that are not letter pairs,
    /// and longer codes with and without subtags.
    static let codes: [String] = {
        let letters = "abcdefghijklmnopqrstuvwxyzAZ".map(String.init)
        var codes = letters.flatMap { first in letters.map { first + $0 } }
        codes += ["", "d", "de1", "d1", "1d", "d-", "-d", "--", "d_", "é", "dé", "éd", "d\u{301}", "ß", "zh", "ZH", "Zh"]
        codes += ["de-AT", "de_at", "zh-Hant", "zh-TW", "zh_hans", "zh-Hans-CN", "-zh-tw", "zh--tw", "eng", "pt-BR", "es-419", "jp", "JP"]
        codes += ["sl-rozaj", "de-1996", "en-US-x", "e1", "x-private", "zh-", "-", "_", "a-b-c", "ab-cdef-gh"]
        return codes
    }()

    @Test(arguments: codes)
    func aBareCodeIsAnsweredAsSplittingAnswers(code: String) {
        #expect(LocaleCode.isWellFormed(code) == Self.splitIsWellFormed(code))
        #expect(LocaleCode.language(code) == String(LocaleCode.normalized(code).split(separator: "-", omittingEmptySubsequences: false).first ?? ""))
        #expect(LocaleCode.chineseScript(code) == Self.splitChineseScript(code))
    }

    @Test func theShortcutsAnswerTheListedCodes() {
        #expect(LocaleCode.isWellFormed("de") && LocaleCode.isWellFormed("ZU") && !LocaleCode.isWellFormed("jp") && !LocaleCode.isWellFormed("d1"))
        #expect(LocaleCode.language("pt-BR") == "pt" && LocaleCode.language("de") == "de" && LocaleCode.language("-zh") == "")
        #expect(LocaleCode.chineseScript("zh-TW") == .traditional && LocaleCode.chineseScript("-zh-cn") == .simplified && LocaleCode.chineseScript("zh") == nil)
    }

    /// What `isWellFormed` answers by splitting every code, the shortcut aside.
    static func splitIsWellFormed(_ code: String) -> Bool {
        LocaleCode.isWellFormedBySplitting(LocaleCode.normalized(code))
    }

    /// What `chineseScript` answered before its shortcut.
    static func splitChineseScript(_ code: String) -> LocaleCode.ChineseScript? {
        let parts = LocaleCode.normalized(code).split(separator: "-")
        guard parts.first == "zh" else { return nil }
        for part in parts.dropFirst() {
            switch part {
            case "hant", "tw", "hk", "mo": return .traditional
            case "hans", "cn", "sg", "my": return .simplified
            default: continue
            }
        }
        return nil
    }
}
