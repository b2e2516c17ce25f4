import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax

/// Traditional Chinese: its own texts in `init` and the built-in labels, reached from every tag
/// that means it, and a warning for text in the other script.
@Suite struct ChineseScriptTests {
    @Test(arguments: [("zh-Hant", "zh-Hant"), ("zh-TW", "zh-Hant"), ("zh_HK", "zh-Hant"), ("zh-MO", "zh-Hant"), ("zh-Hant-TW", "zh-Hant"),
                      ("zh", "zh"), ("zh-CN", "zh"), ("zh-Hans", "zh"), ("zh-SG", "zh"), ("ja", "ja"), ("xx", "en")])
    func builtInLabelsFollowTheScript(_ locale: String, _ table: String) {
        #expect(BuiltInStrings.tableLocale(for: locale) == table, "\(locale)")
    }

    @Test func theTraditionalTableIsCompleteAndTraditional() throws {
        let traditional = try #require(BuiltInStrings.texts("zh-Hant"))
        let simplified = try #require(BuiltInStrings.texts("zh"))
        #expect(traditional.count == SDKStrings.orderedKeys.count)
        for (key, (hant, hans)) in zip(SDKStrings.orderedKeys, zip(traditional, simplified)) {
            #expect(Placeholders.mentionedNames(in: hant) == Placeholders.mentionedNames(in: hans), "\(key)")
            #expect(Self.foreign(hant, to: .traditional).isEmpty, "\(key): \(hant)")
            #expect(Self.foreign(hans, to: .simplified).isEmpty, "\(key): \(hans)")
        }
        // Really written in Traditional: most texts differ from the Simplified ones.
        #expect(zip(traditional, simplified).filter { $0 != $1 }.count > 100)
        #expect(BuiltInStrings.strings(for: "zh-TW").strings["contact_support"] == "聯絡支援")
    }

    static func foreign(_ text: String, to script: LocaleCode.ChineseScript) -> [Unicode.Scalar] {
        Array(text.utf8).withUnsafeBufferPointer { ChineseScriptCharacters.sample(in: $0, foreignTo: script) }
    }

    @Test func initWritesTraditionalTextsForEveryTraditionalTag() throws {
        for tag in ["zh-Hant", "zh-TW", "zh-HK"] {
            let locales = try DefaultConfig.parseLocales("en,\(tag)").get()
            let json = DefaultConfig.json(locales: locales)
            #expect(json.contains("我們能為您做些什麼？"), "\(tag)")
            #expect(!json.contains("我们能为您做些什么？"), "\(tag)")
            // zh-Hant is the tag the project recommends (l10n.unknown-locale suggests it for zh-TW).
            let report = Linter.lint(SourceFile(path: "init.json", text: json))
            #expect(report.diagnostics.allSatisfy { $0.id == "l10n.unknown-locale" }, "\(tag): \(report.diagnostics.map(\.message))")
            #expect(tag != "zh-Hant" || report.diagnostics.isEmpty)
        }
        #expect(DefaultConfig.json(locales: ["zh"]).contains("我们能为您做些什么？"))
        for text in DefaultTranslations.traditionalChinese { #expect(Self.foreign(text, to: .traditional).isEmpty, "\(text)") }
    }

    @Test func compileGivesTraditionalLabelsToATraditionalLocale() throws {
        let json = DefaultConfig.json(locales: ["en", "zh-TW"])
        let result = Workspace().run(Compile(SourceFile(path: "c.json", text: json), lintOptions: LintOptions(platforms: [.ios]),
                                      options: CompileOptions(locales: ["zh-TW"])))
        let payload = try #require(result.payloads?.first)
        #expect(payload.text.contains("\"contact_support\": \"聯絡支援\""))
        #expect(!payload.text.contains("联系支持"))
    }

    @Test func aConfigsOwnTextsAreLookedUpByScriptBeforeTheLanguage() throws {
        let config = Examples.authoring(strings: #""title": {"en": "Help", "zh": "帮助", "zh-Hant": "幫助"}"#)
        let resolved = try #require(Linter.analyze(SourceFile(path: "c.json", text: config)).resolved)
        #expect(resolved.text("title", locale: "zh-TW")?.translation.textValue == "幫助")
        #expect(resolved.text("title", locale: "zh-HK")?.translation.textValue == "幫助")
        #expect(resolved.text("title", locale: "zh-CN")?.translation.textValue == "帮助")
        #expect(resolved.text("title", locale: "zh")?.translation.textValue == "帮助")
    }

    // MARK: l10n.script-mismatch

    static func mismatches(_ strings: String) -> [Diagnostic] {
        let config = Examples.authoring(strings: #""title": {"en": "Help", \#(strings)}"#)
        return Linter.lint(SourceFile(path: "c.json", text: config)).diagnostics.filter { $0.id == "l10n.script-mismatch" }
    }

    @Test func simplifiedTextUnderATraditionalLocaleIsAWarningWithASample() throws {
        let found = Self.mismatches(#""zh-TW": "我们能为您做些什么""#)
        let finding = try #require(found.first)
        #expect(found.count == 1 && finding.severity == .warning)
        #expect(finding.message.contains("'zh-TW'") && finding.message.contains("Traditional") && finding.message.contains("们, 为, 么"))
        #expect(finding.pointer.description == "/localization/localized_strings/title/zh-TW")
        #expect(Self.mismatches(#""zh_Hans": "幫助與支持""#).first?.message.contains("與") == true)
        #expect(Self.mismatches(#""zh-CN": "帮助与支持", "zh-HK": "幫助與支援", "zh": "幫助", "ja": "国と検索", "ko": "도움""#).isEmpty)
    }

    @Test func aSampleHasAtMostFiveDistinctCharacters() {
        #expect(Self.foreign("们们们这个为说时会对", to: .traditional).count == 5)
        #expect(Self.foreign("这", to: .traditional) == ["这"])
        // Truncated and invalid UTF-8 is read past.
        let bytes: [UInt8] = [0xE8, 0xBF] + Array("这".utf8) + [0xE8]
        let sample = bytes.withUnsafeBufferPointer { ChineseScriptCharacters.sample(in: $0, foreignTo: .traditional) }
        #expect(sample == ["这"])
    }
}
