import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax
import TestSupport

/// What each decoder really reads, and what customers really see: repeated option keys, keys that
/// differ only in normalization, values of the wrong type, Android's e-mail texts.
@Suite struct DecoderReadingTests {
    static func lint(_ text: String, format: InputFormat? = nil, platforms: Set<Platform>? = nil) -> [Diagnostic] {
        Linter.lint(SourceFile(path: "c.json", text: text), options: LintOptions(inputFormat: format, platforms: platforms)).diagnostics
    }

    @Test func twoOptionsWithOneKeyAreTwoIdenticalAnswers() throws {
        let text = Examples.authoring(
            screens: #""MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "title", "feedback_survey": {"title_key": "title", "options": [{"id": "a", "title_key": "opt"}, {"id": "b", "title_key": "opt"}, {"id": "c", "title_key": "other"}]}}]}"#,
            strings: #""title": {"en": "Help"}, "opt": {"en": "Too expensive", "de": "Zu teuer"}, "other": {"en": "Other", "de": "Anderes"}"#)
        let found = Self.lint(text).filter { $0.id == "survey.duplicate-option-title" }
        #expect(found.count == 1, "\(found.map(\.message))")
        let finding = try #require(found.first)
        #expect(finding.message == "two options of this survey use the key 'opt': customers see the same answer twice, in every language")
        #expect(finding.pointer.description == "/screens/MANAGEMENT/paths/0/feedback_survey/options/1/title_key")
        #expect(finding.notes.first?.message == "the other option")
    }

    @Test(arguments: [
        (#"{"t": 1, "\u0074": 2}"#, "duplicate key 't' in the same object"),
        (#"{"\u0074": 1, "t": 2}"#, "duplicate key 't' in the same object"),
        (#"{"\u00e9": 1, "é": 2}"#, "duplicate key 'é' in the same object"),
    ])
    func keysAlikeOnceEscapesAreReadAreOneKey(_ text: String, _ message: String) throws {
        let found = try #require(Self.lint(text).first { $0.id == "json.duplicate-key" })
        #expect(found.message == message)
    }

    @Test func keysThatDifferOnlyInNormalizationStillSaySo() throws {
        let found = try #require(Self.lint("{\"e\u{301}\": 1, \"\u{e9}\": 2}").first { $0.id == "json.duplicate-key" })
        #expect(found.message.contains("differ only in Unicode normalization"), "\(found.message)")
    }

    @Test(arguments: [("12", "a number"), (#""x""#, "a string"), ("[1]", "an array"), ("true", "a boolean"), ("null", "null")])
    func aRootThatIsNotAnObjectIsNamedWithItsArticle(_ text: String, _ found: String) throws {
        let finding = try #require(Self.lint(text).first { $0.id == "schema.type-mismatch" })
        #expect(finding.message == "a Customer Center config must be a JSON object, found \(found)")
    }

    /// The backend sends `default_subject` / `default_body` to Android too, in its own translation:
    /// a compiled Android payload that carries them is what the backend sends, not a text of yours.
    @Test func theBackendsEmailTextsInAnAndroidResponseAreNotNoted() throws {
        func response(locale: String, subject: String) -> String {
            Examples.response().replacingOccurrences(of: #""locale": "en", "localized_strings": {}"#,
                                                     with: #""locale": "\#(locale)", "localized_strings": {"default_subject": "\#(subject)"}"#)
        }
        let german = try #require(BuiltInStrings.strings(for: "de").strings["default_subject"])
        #expect(german != "Support Request")
        let builtIn = Self.lint(response(locale: "de", subject: german), format: .response, platforms: [.android])
        #expect(!builtIn.contains { $0.id == "support.platform-unsupported" }, "\(builtIn.map(\.message))")
        let written = Self.lint(response(locale: "de", subject: "Hilfe mit meinem Abo"), format: .response, platforms: [.android])
        #expect(written.contains { $0.id == "support.platform-unsupported" && $0.message.contains("default_subject") })
    }
}
