import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax

/// Every finding at the token that must change, and one finding per defect.
@Suite struct PreciseFindingsTests {
    static func lint(_ strings: String, supported: String? = nil, screens: String? = nil) -> FileReport {
        var text = screens.map { Examples.authoring(screens: $0, strings: strings) } ?? Examples.authoring(strings: strings)
        if let supported { text = text.replacingOccurrences(of: #""default": "en""#, with: #""default": "en", "supported": \#(supported)"#) }
        return Linter.lint(SourceFile(path: "c.json", text: text))
    }

    static func findings(_ report: FileReport, _ id: RuleID) -> [(text: String, diagnostic: Diagnostic)] {
        report.diagnostics.filter { $0.id == id }.map { (report.source.text(in: $0.range), $0) }
    }

    @Test(arguments: [("{{{ price }}}", "{{{ price }}}"), ("{{ price }}}", "{{ price }}}"), ("{{{ price }}", "{{{ price }}"), ("{{price}}", "{{price}}")])
    func strayBracesAreMalformedAndTheFixIsExact(_ written: String, _ token: String) throws {
        // A built-in label's text: the SDKs fill placeholders there (in a screen's title they show as written).
        let report = Self.lint(#""title": {"en": "Help"}, "price_afterwards": {"en": "Stay for \#(written) a month"}"#)
        let found = Self.findings(report, "l10n.malformed-placeholder")
        #expect(found.count == 1, "\(found.map(\.text))")
        #expect(found.first?.text == token)
        let fix = try #require(found.first?.diagnostic.fix)
        let fixed = String(decoding: apply(fix.edits, to: report.source.bytes), as: UTF8.self)
        #expect(fixed.contains(#""Stay for {{ price }} a month""#), "\(fixed)")
        let relinted = Linter.lint(SourceFile(path: "c.json", text: fixed))
        #expect(!relinted.diagnostics.contains { $0.id.rawValue.hasPrefix("l10n.") }, "\(relinted.diagnostics.map(\.message))")
    }

    @Test func aMisspelledPlaceholderIsOneFinding() {
        let report = Self.lint(#""title": {"en": "Stay for {{ price }}", "de": "Bleib für {{price}}"}"#, supported: #"["en", "de"]"#)
        #expect(Self.findings(report, "l10n.malformed-placeholder").count == 1)
        #expect(Self.findings(report, "l10n.placeholder-mismatch").isEmpty)
    }

    @Test func everyWhitespaceDefectAtItsCharacters() throws {
        let report = Self.lint(#""title": {"en": "Cancel  subscription "}"#)
        let found = Self.findings(report, "l10n.whitespace")
        #expect(found.map(\.text) == ["  ", " "])
        #expect(found.map(\.diagnostic.message) == ["the 'en' text of 'title' has doubled spaces", "the 'en' text of 'title' has trailing whitespace"])
        // Both fixes together: the edits do not overlap, and the text is clean after them.
        let edits = found.compactMap(\.diagnostic.fix).flatMap(\.edits)
        let fixed = String(decoding: apply(edits, to: report.source.bytes), as: UTF8.self)
        #expect(fixed.contains(#""Cancel subscription""#))
    }

    @Test func rangesInsideEscapedStringsAreTheTokens() {
        let report = Self.lint(#""title": {"en": "\"Stay\" for {{price}}\u2026  now"}"#)
        #expect(Self.findings(report, "l10n.malformed-placeholder").map(\.text) == ["{{price}}"])
        #expect(Self.findings(report, "l10n.whitespace").map(\.text) == ["  "])
        let pair = Self.lint(#""title": {"en": "\ud83d\ude00 {{price}}"}"#)
        #expect(Self.findings(pair, "l10n.malformed-placeholder").map(\.text) == ["{{price}}"])
    }

    @Test func duplicateOptionTitlesInEveryLocaleAsWritten() throws {
        let screens = #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title", "feedback_survey": {"title_key": "title", "options": [{"id": "a", "title_key": "opt_a"}, {"id": "b", "title_key": "opt_b"}, {"id": "c", "title_key": "opt_c"}]}}]}"#
        let strings = #""title": {"en": "Help", "pt-BR": "Ajuda"}, "opt_a": {"en": "Too expensive", "pt-BR": "Caro"}, "opt_b": {"en": "Other", "pt-BR": "Caro demais"}, "opt_c": {"en": "Too expensive", "pt-BR": "Caro demais"}"#
        let report = Self.lint(strings, supported: #"["en", "pt-BR"]"#, screens: screens)
        let messages = Self.findings(report, "survey.duplicate-option-title").map(\.diagnostic.message)
        // Option c repeats a in English and b in Portuguese: both found, each quoting its own text.
        #expect(Set(messages) == ["two options of this survey read 'Too expensive' in 'en'", "two options of this survey read 'Caro demais' in 'pt-BR'"], "\(messages)")
        #expect(messages.count == 2)
        // Equal ignoring case, past the first eight bytes and in the last few.
        let caseless = Self.lint(#""title": {"en": "Help"}, "opt_a": {"en": "Too expensive for me"}, "opt_b": {"en": "Other"}, "opt_c": {"en": "too EXPENSIVE for ME"}"#,
                                 screens: screens)
        #expect(Self.findings(caseless, "survey.duplicate-option-title").map(\.diagnostic.message) == ["two options of this survey read 'too EXPENSIVE for ME' in 'en'"])
    }

    @Test func anElementThatIsNotAnObjectIsNamed() {
        let report = Self.lint(#""title": {"en": "Help"}"#, screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [[]]}"#)
        let mismatch = report.diagnostics.first { $0.id == "schema.type-mismatch" }
        #expect(mismatch?.message == "'paths[0]' must be an object, found an array", "\(report.diagnostics.map(\.message))")
    }

    @Test func duplicateLocaleIsReportedAsWritten() throws {
        let report = Self.lint(#""title": {"en": "Help", "de": "Hilfe"}"#, supported: #"["en", "de", "de_DE", "DE"]"#)
        let found = Self.findings(report, "l10n.duplicate-locale")
        #expect(found.map(\.text) == ["\"DE\""])
        #expect(found.first?.diagnostic.notes.count == 1)
    }

    @Test func unknownPlaceholdersAreFoundAndKnownOnesAreNot() {
        let report = Self.lint(#""title": {"en": "Hi {{ customer_name }}, {{ price }} on {{ date }}, {{ prise }}"}"#)
        let found = Self.findings(report, "l10n.unknown-placeholder")
        #expect(found.map(\.text) == ["{{ customer_name }}", "{{ prise }}"])
        #expect(found.last?.diagnostic.message.contains("did you mean '{{ price }}'?") == true)
    }
}
