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
                #expect(copy.withUTF8 { ControlBytes.mayHaveControl($0) }, "\(control.debugDescription) at \(at)")
                #expect(ControlCharacterRule.first(in: text) != nil)
            }
        }
        for plain in ["Hilfe\tjetzt\noder später", String(repeating: "ü€😀", count: 9), "\u{A0}non-breaking\u{A0}"] {
            var copy = plain
            #expect(ControlCharacterRule.first(in: plain) == nil, "\(plain)")
            if !plain.contains("\u{A0}") { #expect(!copy.withUTF8 { ControlBytes.mayHaveControl($0) }) }
        }
    }

    /// Every finding of `text` (no display cap), its stages on two threads when it is large.
    static func allFindings(_ text: String) -> [Diagnostic] {
        var request = PipelineRequest(SourceFile(path: "c.json", text: text), options: LintOptions())
        request.displayCap = nil
        request.plan = ExecutionPlan(threadsPerFile: 2)
        return Pipeline.run(request).analysis.report.diagnostics
    }

    /// The rule reads the texts the text index picked (`TextIndex.controlSuspects`): on random
    /// tables, small (one thread) and past 256 KB (the index read in parts by two threads), it
    /// reports exactly the texts with a control character, each where it is.
    @Test(arguments: [40, 2_400])
    func everyTextWithAControlIsReported(keys: Int) {
        var rng = SeededGenerator(seed: UInt64(keys))
        let controls = ["\\u001b", "\\r\\n", "\\u007f", "\\u0085", "\\u0000", "\u{7F}", "\u{85}", "\u{9F}"]
        let plain = ["\\t", "\\n", "\u{A0}", "é", "{{ price }}"]
        var expected: Set<String> = []
        var members: [String] = []
        for key in 0..<keys {
            var texts: [String] = []
            for locale in ["en", "de", "fr"] {
                var words = (0..<Int.random(in: 1...8, using: &rng)).map { _ in ["Help", "now", "later"].randomElement(using: &rng)! }
                if Int.random(in: 0..<4, using: &rng) == 0 { words.insert(plain.randomElement(using: &rng)!, at: Int.random(in: 0...words.count, using: &rng)) }
                if Int.random(in: 0..<6, using: &rng) == 0 {
                    words.insert(controls.randomElement(using: &rng)!, at: Int.random(in: 0...words.count, using: &rng))
                    expected.insert("'\(locale)' text of 'k\(key)'")
                }
                texts.append("\"\(locale)\": \"\(words.joined(separator: Bool.random(using: &rng) ? " " : ""))\"")
            }
            members.append("\"k\(key)\": {\(texts.joined(separator: ", "))}")
        }
        let filler = String(repeating: " ", count: keys > 1_000 ? 200_000 : 0)
        let text = #"{"localization": {"default": "en", "localized_strings": {"# + members.joined(separator: ",\n") + filler
            + #"}}, "screens": {"MANAGEMENT": {"type": "MANAGEMENT", "title_key": "k0"}}}"#
        let findings = Self.allFindings(text).filter { $0.id.rawValue == "l10n.control-character" }
        // "the 'de' text of 'k7' has the control character …": the text's locale and key.
        let found = Set(findings.map { $0.message.components(separatedBy: " has ")[0].replacingOccurrences(of: "the ", with: "") })
        #expect(!expected.isEmpty)
        #expect(found == expected, "missed \(expected.subtracting(found).sorted().prefix(5)), extra \(found.subtracting(expected).sorted().prefix(5))")
        #expect(findings.count == expected.count)
    }

    @Test func lintReportsThemAndFixesLineBreaksOnly() {
        let text = #"{"localization": {"default": "en", "localized_strings": {"title": {"en": "Help\u001b[31m now", "de": "Hilfe\r\njetzt"}}}, "screens": {"MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title"}}}"#
        let findings = Linter.lint(SourceFile(path: "c.json", text: text), options: LintOptions()).diagnostics.filter { $0.id.rawValue == "l10n.control-character" }
        #expect(findings.count == 2, "\(findings.map(\.message))")
        #expect(findings.contains { $0.message.contains("'en' text of 'title' has the control character U+001B") && $0.fix == nil })
        #expect(findings.contains { $0.message.contains("U+000D") && $0.fix?.edits.first?.replacement == #""Hilfe\njetzt""# })
    }
}
