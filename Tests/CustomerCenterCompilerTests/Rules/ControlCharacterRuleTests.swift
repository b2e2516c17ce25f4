import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax
import TestSupport

/// `l10n.control-character` (docs/rules.md): every control character but tab and line feed, at
/// any place in a text (the eight-byte step and the tail), found; the CR-only fix.
@Suite struct ControlCharacterRuleTests {
    @Test func everyControlAtEveryPlaceIsFoundAndTabAndLineFeedAreNot() {
        for control in ["\u{1B}", "\u{0}", "\r", "\u{7F}", "\u{85}", "\u{9F}", "\u{7}"] {
            for at in 0...20 {
                let text = String(repeating: "a", count: at) + control + String(repeating: "b", count: 20 - at)
                var copy = text
                #expect(copy.withUTF8 { ControlCharacterRule.mayHaveControl($0) }, "\(control.debugDescription) at \(at)")
                #expect(ControlCharacterRule.first(in: text) != nil)
            }
        }
        for plain in ["Hilfe\tjetzt\noder später", String(repeating: "ü€😀", count: 9), "\u{A0}non-breaking\u{A0}"] {
            var copy = plain
            #expect(ControlCharacterRule.first(in: plain) == nil, "\(plain)")
            if !plain.contains("\u{A0}") { #expect(!copy.withUTF8 { ControlCharacterRule.mayHaveControl($0) }) }
        }
    }

    @Test func lintReportsThemAndFixesLineBreaksOnly() {
        let text = #"{"localization": {"default": "en", "localized_strings": {"title": {"en": "Help\u001b[31m now", "de": "Hilfe\r\njetzt"}}}, "screens": {"MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title"}}}"#
        let findings = Linter.lint(SourceFile(path: "c.json", text: text), options: LintOptions()).diagnostics.filter { $0.id.rawValue == "l10n.control-character" }
        #expect(findings.count == 2, "\(findings.map(\.message))")
        #expect(findings.contains { $0.message.contains("'en' text of 'title' has the control character U+001B") && $0.fix == nil })
        #expect(findings.contains { $0.message.contains("U+000D") && $0.fix?.edits.first?.replacement == #""Hilfe\njetzt""# })
    }
}
