import Foundation
import Testing
import TestSupport

/// `strings export` through the binary: one file per locale, each unit's state and notes, what is
/// left out, and the refusals (docs/translation.md).
@Suite struct StringsExportTests {
    static let example = CLI.packageRoot.appendingPathComponent("Examples/customer_center.json").path

    /// A config with every state a unit can be in: `de` translated (one text empty), `pt-BR`
    /// falling back to `pt`, `ja` with nothing; a placeholder, a line break, markup; an unused key.
    static let states = #"""
    {
      "localization": {
        "default": "en",
        "supported": ["en", "de", "pt", "pt-BR", "ja"],
        "localized_strings": {
          "title": {"en": "Help", "de": "Hilfe", "pt": "Ajuda"},
          "path_cancel": {"en": "Cancel for {{ price }}\n\"now\" & <b>later</b>", "de": "", "pt": "Cancelar"},
          "legacy": {"en": "Old"}
        }
      },
      "screens": {
        "MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "path_cancel"}]}
      }
    }
    """#

    static func statesConfig() throws -> String {
        try Scratch.directory("cc-strings", files: ["states.json": states]).appendingPathComponent("states.json").path
    }

    @Test func eachLocaleGetsOneFileWithEveryUsedKeySortedAndTheSameBytesEachTime() throws {
        let out = try Scratch.directory("cc-strings")
        let first = try CLI.run(["strings", "export", "--out-dir", out.appendingPathComponent("a").path, Self.example])
        let second = try CLI.run(["strings", "export", "--out-dir", out.appendingPathComponent("b").path, Self.example])
        #expect(first.status == 0 && second.status == 0, "\(first.stderr)")
        let a = try Data(contentsOf: out.appendingPathComponent("a/de.xlf")), b = try Data(contentsOf: out.appendingPathComponent("b/de.xlf"))
        #expect(a == b)
        let text = String(decoding: a, as: UTF8.self)
        let ids = text.components(separatedBy: "<trans-unit id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(ids == ids.sorted() && ids.count == 11 && ids.contains("contact_support"))
        #expect(first.stderr.contains("exported 'de' to \(out.path)/a/de.xlf: 11 units: 11 translated"))
    }

    @Test func statesNotesAndPlaceholdersAreWrittenInBothFormats() throws {
        let config = try Self.statesConfig()
        func file(_ format: String, _ locale: String) throws -> String {
            let result = try CLI.run(["strings", "export", "--format", format, "--locale", locale, config])
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout
        }
        let de = try file("xliff", "de"), ptBR = try file("po", "pt-BR"), ja = try file("xliff", "ja")
        // Translated (approved), empty (needs translation, with a note), placeholders as <ph>, XML escaped.
        #expect(de.contains(#"<trans-unit id="title" resname="title" approved="yes" xml:space="preserve" maxwidth="32" size-unit="char">"#))
        #expect(de.contains(#"<source>Cancel for <ph id="1" equiv-text="{{ price }}">{{ price }}</ph>"#
            + "\n\"now\" &amp; &lt;b&gt;later&lt;/b&gt;</source>\n        <target state=\"needs-translation\"></target>"))
        #expect(de.contains("customers see a blank label"))
        #expect(de.contains("Keep '{{ price }}' exactly as written"))
        #expect(de.contains("Shown as the row of path 'cancel' (it cancels the subscription) on the MANAGEMENT screen."))
        #expect(de.contains("Room at phone width: at most 32 characters of 'de' text (one line of 286 px at 17 px)"))
        // The room in Japanese characters, about half as many as German ones.
        #expect(ja.contains(#"maxwidth="16" size-unit="char">"#) && ja.contains("at most 16 characters of 'ja' text"))
        // Falling back: fuzzy with the language's text; a line break written as gettext does.
        #expect(ptBR.contains("#, fuzzy\nmsgctxt \"title\"\nmsgid \"Help\"\nmsgstr \"Ajuda\""))
        #expect(ptBR.contains("msgid \"\"\n\"Cancel for {{ price }}\\n\"\n\"\\\"now\\\" & <b>later</b>\""))
        #expect(ptBR.contains("\"Language: pt-BR\\n\""))
        // Missing: nothing to offer.
        #expect(ja.contains("<source>Help</source>\n        <target state=\"needs-translation\"></target>"))
    }

    @Test func unusedKeysAreLeftOutAndCountedUnlessAsked() throws {
        let config = try Self.statesConfig()
        let plain = try CLI.run(["strings", "export", "--format", "po", "--locale", "de", config])
        #expect(!plain.stdout.contains("msgctxt \"legacy\""))
        #expect(plain.stderr.contains("note: left out 1 key no screen uses (--include-unused exports them): legacy"))
        let all = try CLI.run(["strings", "export", "--format", "po", "--locale", "de", "--include-unused", config])
        #expect(all.stdout.contains("msgctxt \"legacy\"") && all.stdout.contains("Not shown by any screen"))
        #expect(!all.stderr.contains("left out"))
    }

    /// Thousands of left-out keys are a count and the first ten on one short line; all of
    /// them with --verbose.
    @Test func manyLeftOutKeysAreCountedWithTheFirstFew() throws {
        let keys = (0..<25).map { String(format: "unused_%02d", $0) }
        let extra = keys.map { "\"\($0)\": {\"en\": \"Old\"}," }.joined(separator: "\n")
        let text = Self.states.replacingOccurrences(of: "\"legacy\": {\"en\": \"Old\"}", with: extra + "\n\"legacy\": {\"en\": \"Old\"}")
        let config = try Scratch.directory("cc-strings", files: ["many.json": text]).appendingPathComponent("many.json").path
        let plain = try CLI.run(["strings", "export", "--format", "po", "--locale", "de", config])
        #expect(plain.status == 0)
        #expect(plain.stderr.contains("note: left out 26 keys no screen uses (--include-unused exports them): legacy, unused_00, unused_01, "), "\(plain.stderr)")
        #expect(plain.stderr.contains("unused_08 … and 16 more (--verbose lists them all)\n") && !plain.stderr.contains("unused_09"))
        let verbose = try CLI.run(["strings", "export", "--format", "po", "--locale", "de", "--verbose", config])
        #expect(verbose.stderr.contains("unused_23, unused_24\n") && !verbose.stderr.contains("more (--verbose"), "\(verbose.stderr)")
    }

    @Test func badRequestsAreUsageErrorsAndNothingIsWritten() throws {
        let config = try Self.statesConfig()
        let typo = try CLI.run(["strings", "export", "--locale", "pt-BT", config])
        #expect(typo.status == 2 && typo.stderr.contains("does not translate into 'pt-BT'") && typo.stderr.contains("did you mean 'pt-BR'?"))
        let source = try CLI.run(["strings", "export", "--locale", "EN", config])
        #expect(source.status == 2 && source.stderr.contains("'EN' is the default locale"))
        let several = try CLI.run(["strings", "export", config])
        #expect(several.status == 2 && several.stderr.contains("4 locales to export (de, pt, pt-BR, ja)") && several.stdout.isEmpty)
        let before = try String(contentsOfFile: config, encoding: .utf8)
        let onto = try CLI.run(["strings", "export", "--locale", "de", "-o", config, config])
        #expect(onto.status == 2 && onto.stderr.contains("would overwrite the input"))
        #expect(try String(contentsOfFile: config, encoding: .utf8) == before)
        let action = try CLI.run(["strings", "exprot", config])
        #expect(action.status == 2 && action.stderr.contains("did you mean 'export'?"))
    }

    @Test func anUnusableConfigIsExitThreeWithItsFindings() throws {
        let directory = try Scratch.directory("cc-strings", files: ["broken.json": "{\"localization\": {,}}", "response.json": "{}"])
        let broken = try CLI.run(["strings", "export", "--locale", "de", directory.appendingPathComponent("broken.json").path])
        #expect(broken.status == 3 && broken.stderr.contains("[json.syntax]") && broken.stderr.contains("has JSON syntax errors"))
        let response = try CLI.run(["strings", "export", CLI.packageRoot.appendingPathComponent("Examples/response.json").path])
        #expect(response.status == 3 && response.stderr.contains("is an SDK response"))
        #expect(broken.stdout.isEmpty && response.stdout.isEmpty)
    }
}
