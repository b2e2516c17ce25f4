import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax
import TestSupport

/// Rules that read what the text index found in its one pass over every text, instead of
/// walking the table again (docs/performance.md, "One big file"): on random tables, small (one
/// thread) and past 256 KB (the index read in parts by two threads), they report exactly what
/// their plain definitions say.
@Suite struct IndexedTextRulesTests {
    /// A random authoring config: `keys` keys over `locales` (some left out, some written in
    /// another spelling), some texts empty; the keys whose texts are empty (by locale as written).
    static func table(keys: Int, seed: UInt64) -> (text: String, empty: Set<String>) {
        var rng = SeededGenerator(seed: seed)
        let locales = ["en", "de", "fr", "es", "pt-BR"]
        var empty: Set<String> = []
        var members: [String] = []
        for key in 0..<keys {
            var texts: [String] = []
            var written = locales.filter { $0 == "en" || Int.random(in: 0..<9, using: &rng) > 0 }
            if Int.random(in: 0..<10, using: &rng) == 0 { written.shuffle(using: &rng) }
            for locale in written {
                let spelled = Int.random(in: 0..<12, using: &rng) == 0 ? locale.uppercased().replacingOccurrences(of: "-", with: "_") : locale
                let isEmpty = Int.random(in: 0..<15, using: &rng) == 0
                if isEmpty { empty.insert("'\(spelled)' text of 'k\(key)'") }
                texts.append("\"\(spelled)\": \"\(isEmpty ? "" : "Help now or later, \(locale) \(key)")\"")
            }
            members.append("\"k\(key)\": {\(texts.joined(separator: ", "))}")
        }
        let filler = String(repeating: " ", count: keys > 1_000 ? 200_000 : 0)
        let text = #"{"localization": {"default": "en", "supported": ["en", "de", "fr", "es", "pt-BR"], "localized_strings": {"#
            + members.joined(separator: ",\n") + filler
            + #"}}, "screens": {"MANAGEMENT": {"type": "MANAGEMENT", "title_key": "k0"}}}"#
        return (text, empty)
    }

    /// Every finding of `text` (no display cap), its stages on two threads when it is large.
    static func allFindings(_ text: String, inputFormat: InputFormat? = nil) -> [Diagnostic] {
        var request = PipelineRequest(SourceFile(path: "c.json", text: text), options: LintOptions(inputFormat: inputFormat))
        request.displayCap = nil
        request.plan = ExecutionPlan(threadsPerFile: 2)
        return Pipeline.run(request).analysis.report.diagnostics
    }

    @Test(arguments: [(60, 1), (2_400, 2)] as [(Int, UInt64)])
    func emptyTextsAreFoundAsThePlainDefinitionSays(keys: Int, seed: UInt64) {
        let (text, empty) = Self.table(keys: keys, seed: seed)
        let findings = Self.allFindings(text)
        // "the 'de' text of 'k7' is empty; …": the text's locale and key.
        let emptyFound = findings.filter { $0.id.rawValue == "l10n.empty-translation" }
            .map { $0.message.components(separatedBy: " is empty")[0].replacingOccurrences(of: "the ", with: "") }
        #expect(!empty.isEmpty && Set(emptyFound) == empty && emptyFound.count == empty.count,
                "missed \(empty.subtracting(emptyFound).sorted().prefix(5)), extra \(Set(emptyFound).subtracting(empty).sorted().prefix(5))")
    }

    /// A response's texts are not indexed by position: its empty texts are still reported.
    @Test func aResponsesEmptyTextsAreReported() {
        let response = #"{"customer_center": {"appearance": {"light": {}, "dark": {}}, "screens": {}, "localization": {"locale": "en", "localized_strings": {"a": "", "b": "Help", "c": ""}}, "support": {"email": "a@b.co"}, "change_plans": []}}"#
        let findings = Self.allFindings(response, inputFormat: .response)
            .filter { $0.id.rawValue == "l10n.empty-translation" }
        #expect(findings.map(\.message).map { $0.components(separatedBy: " is empty")[0] } == ["the text of 'a'", "the text of 'c'"])
    }
}
