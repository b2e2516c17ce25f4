import Foundation
import Testing
@testable import CustomerCenterCompiler
import JSONSyntax
import TestSupport

/// `strings import` in the library (docs/translation.md): round trips, edits in place, and each
/// refusal with its finding at its place in the translation file and nothing changed.
@Suite struct StringsImportTests {
    static let config = """
    {
      "localization": {
        "default": "en",
        "supported": ["en", "de", "ja", "zh-Hant"],
        "localized_strings": {
          "title": {
            "de": "Hilfe",
            "en": "Help"
          },
          "path_cancel": {"en": "Cancel for {{ price }}", "de": "Kündigen für {{ price }}"},
          "empty": {}
        }
      },
      "screens": {
        "MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "cancel", "type": "CANCEL", "title_key": "path_cancel"}]}
      }
    }

    """

    static func source(_ text: String = config) -> SourceFile { SourceFile(path: "c.json", text: text) }

    /// A PO file for `locale` with `units` (key, source, target).
    static func po(_ locale: String, _ units: [(String, String, String)], fuzzy: Set<String> = []) -> SourceFile {
        var text = "msgid \"\"\nmsgstr \"\"\n\"Language: \(locale)\\n\"\n"
        for (key, source, target) in units {
            text += "\n" + (fuzzy.contains(key) ? "#, fuzzy\n" : "")
            text += "msgctxt \(POWriter.quoted(key))\nmsgid \(POWriter.quoted(source))\nmsgstr \(POWriter.quoted(target))\n"
        }
        return SourceFile(path: "\(locale).po", text: text)
    }

    static func plan(_ files: [SourceFile], config: String = config, allOrNothing: Bool = false) -> StringsImport.Plan {
        StringsImport.plan(config: source(config), files: files, allOrNothing: allOrNothing)
    }

    /// The one finding of a plan: its id, message, and line:column in its file; nothing changed.
    static func refusal(_ plan: StringsImport.Plan, config: String = config) -> (id: String, message: String, at: String)? {
        #expect(plan.bytes == Array(config.utf8) && plan.changes.isEmpty, "nothing may change")
        let findings = plan.reports.flatMap { report in report.diagnostics.map { (report.source, $0) } }
        #expect(findings.count == 1, "\(findings.map(\.1.message))")
        guard let (file, finding) = findings.first else { return nil }
        let location = file.location(of: finding.range.start)
        #expect(finding.severity == .error)
        return (finding.id.rawValue, finding.message, "\(location.line):\(location.column)")
    }

    // MARK: Round trips

    /// Every shipped authoring example and init's 32-locale config, both formats: exporting and
    /// importing the unchanged files is the identity.
    @Test(arguments: StringsFormat.allCases) func roundTripIsIdentityOnEveryExampleAndInitsConfig(format: StringsFormat) throws {
        var configs = ["init.json": DefaultConfig.json()]
        for url in TestPaths.files(in: TestPaths.examples, extensions: ["json"]) {
            configs[url.lastPathComponent] = try String(contentsOf: url, encoding: .utf8)
        }
        var checked = 0
        for (name, text) in configs.sorted(by: { $0.key < $1.key }) {
            let config = SourceFile(path: name, text: text)
            guard case .exported(let files, _, _, _) = StringsExport.run(config, format: format, includeUnused: true) else { continue }
            let plan = StringsImport.plan(config: config, files: files.map { SourceFile(path: $0.fileName, bytes: $0.bytes) })
            #expect(plan.bytes == config.bytes, "\(name) \(format)")
            #expect(plan.refused == 0 && plan.changes.isEmpty, "\(name): \(plan.reports.flatMap(\.diagnostics).map(\.message))")
            #expect(plan.unchanged > 0, "\(name)")
            checked += 1
        }
        // customer_center, customer_center.v2, default, long_title and init (broken and response are not translatable).
        #expect(checked == 5)
    }

    @Test func aTranslatedUnitChangesExactlyThatString() {
        let plan = Self.plan([Self.po("de", [("title", "Help", "Hilfe & \"Support\""), ("path_cancel", "Cancel for {{ price }}", "Kündigen für {{ price }}")])])
        #expect(plan.changes == [StringsImport.Change(key: "title", locale: "de", old: "Hilfe", new: "Hilfe & \"Support\"")])
        #expect(String(decoding: plan.bytes, as: UTF8.self) == Self.config.replacingOccurrences(of: #""de": "Hilfe","#, with: #""de": "Hilfe & \"Support\"","#))
        #expect(plan.unchanged == 1 && plan.refused == 0)
    }

    @Test func missingTextsAreInsertedInTheObjectsOwnStyle() {
        let plan = Self.plan([Self.po("ja", [("title", "Help", "ヘルプ"), ("path_cancel", "Cancel for {{ price }}", "{{ price }}で解約")])])
        let text = String(decoding: plan.bytes, as: UTF8.self)
        // A multi-line sorted object: on its own line, in key order; an inline one: after ", ".
        #expect(text.contains("\"de\": \"Hilfe\",\n        \"en\": \"Help\",\n        \"ja\": \"ヘルプ\"\n      },"))
        #expect(text.contains(#""path_cancel": {"en": "Cancel for {{ price }}", "de": "Kündigen für {{ price }}", "ja": "{{ price }}で解約"},"#))
        let empty = Self.plan([Self.po("de", [("empty", "x", "y")])])
        #expect(empty.refused == 1)  // no default text: stale
        let crlf = Self.config.replacingOccurrences(of: "\n", with: "\r\n")
        let windows = Self.plan([Self.po("ja", [("title", "Help", "ヘルプ")])], config: crlf)
        #expect(String(decoding: windows.bytes, as: UTF8.self).contains("\"en\": \"Help\",\r\n        \"ja\": \"ヘルプ\"\r\n"))
    }

    @Test func fuzzyAndEmptyUnitsAreCountedNotTaken() {
        let plan = Self.plan([Self.po("de", [("title", "Help", "Hilfe!"), ("path_cancel", "Cancel for {{ price }}", "")], fuzzy: ["title"])])
        #expect(plan.changes.isEmpty && plan.fuzzy == 1 && plan.empty == 1 && plan.refused == 0)
    }

    // MARK: Refusals

    @Test func aStaleSourceIsRefusedNamingBothTexts() throws {
        let found = try #require(Self.refusal(Self.plan([Self.po("de", [("title", "Help me", "Hilf mir")])])))
        #expect(found.id == "strings.stale-source" && found.at == "6:1")
        #expect(found.message.contains("'Help me'") && found.message.contains("is now 'Help'"))
    }

    @Test func aChangedPlaceholderIsRefused() throws {
        let found = try #require(Self.refusal(Self.plan([Self.po("de", [("path_cancel", "Cancel for {{ price }}", "Kündigen für {{ preis }}")])])))
        #expect(found.id == "strings.placeholder-mismatch" && found.at == "7:1")
        #expect(found.message.contains("lacks '{{ price }}'") && found.message.contains("has '{{ preis }}'"))
        // A doubled one counts: the multiset differs.
        let twice = try #require(Self.refusal(Self.plan([Self.po("de", [("path_cancel", "Cancel for {{ price }}", "{{ price }} {{ price }}")])])))
        #expect(twice.id == "strings.placeholder-mismatch" && twice.message.contains("has '{{ price }}' 2 times where the source has it once"), "\(twice.message)")
        #expect(!twice.message.contains("that the source does not"))
    }

    @Test func unknownKeysAndLocalesAreRefusedWithDidYouMean() throws {
        let key = try #require(Self.refusal(Self.plan([Self.po("de", [("title", "Help", "Hilfe"), ("titel", "Help", "Hilfe")])])))
        #expect(key.id == "strings.unknown-key" && key.message.contains("did you mean 'title'?") && key.at == "9:1")
        let locale = try #require(Self.refusal(Self.plan([Self.po("jp", [("title", "Help", "ヘルプ")])])))
        #expect(locale.id == "strings.unknown-locale" && locale.message.contains("did you mean 'ja'?") && locale.at == "2:1")
        let source = try #require(Self.refusal(Self.plan([Self.po("en", [("title", "Help", "Hi")])])))
        #expect(source.message.contains("'en' is the default locale"))
    }

    @Test func twoUnitsForOneKeyAreBothRefused() {
        let plan = Self.plan([Self.po("de", [("title", "Help", "Hilfe!"), ("title", "Help", "Hilfe?")])])
        #expect(plan.changes.isEmpty && plan.refused == 2 && plan.bytes == Array(Self.config.utf8))
        #expect(plan.reports[0].diagnostics.map(\.id.rawValue) == ["strings.duplicate-unit", "strings.duplicate-unit"])
        #expect(plan.reports[0].diagnostics.allSatisfy { $0.notes.count == 1 })
    }

    @Test func malformedFilesAreRefusedAtTheirLineAndColumn() throws {
        let xml = SourceFile(path: "de.xlf", text: "<xliff version=\"1.2\">\n  <file target-language=\"de\"><body>\n    <trans-unit id=\"title\"><source>Help</source><target>Hilfe &nbsp;</target></trans-unit>\n</body></file></xliff>\n")
        let bad = try #require(Self.refusal(Self.plan([xml])))
        #expect(bad.id == "strings.malformed" && bad.at == "3:63" && bad.message.contains("unknown entity '&nbsp;'"))
        let unclosed = SourceFile(path: "de.xlf", text: "<xliff version=\"1.2\"><file target-language=\"de\"><body>\n<trans-unit id=\"title\"><source>Help</source>\n</body></file></xliff>")
        let mismatch = try #require(Self.refusal(Self.plan([unclosed])))
        #expect(mismatch.at == "3:1" && mismatch.message.contains("'</body>' closes 'trans-unit'"))
        let po = SourceFile(path: "de.po", text: "msgid \"\"\nmsgstr \"Language: de\\n\"\n\nmsgctxt \"title\"\nmsgid \"Help\nmsgstr \"Hilfe\"\n")
        let badPO = try #require(Self.refusal(Self.plan([po])))
        #expect(badPO.id == "strings.malformed" && badPO.at == "5:7" && badPO.message.contains("not closed"))
        let escape = SourceFile(path: "de.po", text: "msgid \"\"\nmsgstr \"Language: de\\n\"\n\nmsgctxt \"title\"\nmsgid \"Help\"\nmsgstr \"Hil\\qfe\"\n")
        #expect(try #require(Self.refusal(Self.plan([escape]))).message.contains("unknown escape '\\q'"))
    }

    @Test func aFileForAnotherConfigIsRefusedOnce() throws {
        let found = try #require(Self.refusal(Self.plan([Self.po("de", [("other_title", "Other", "Andere"), ("other_row", "Row", "Zeile")])])))
        #expect(found.id == "strings.wrong-config" && found.message.contains("none of the 2 units") && found.at == "5:1")
    }

    @Test func theTextRulesRefuseWhitespaceAndTheOtherChineseScript() throws {
        let space = try #require(Self.refusal(Self.plan([Self.po("de", [("title", "Help", "Hilfe ")])])))
        #expect(space.id == "l10n.whitespace" && space.message.contains("trailing whitespace"))
        let script = try #require(Self.refusal(Self.plan([Self.po("zh-Hant", [("title", "Help", "帮助与支持")])])))
        #expect(script.id == "l10n.script-mismatch" && script.message.contains("Simplified-only characters"))
    }

    @Test func allOrNothingTakesNothingWhenOneIsRefused() {
        let files = [Self.po("de", [("title", "Help", "Hilfe!"), ("path_cancel", "Cancel for {{ price }}", "Kündigen")])]
        let some = Self.plan(files)
        #expect(some.changes.count == 1 && some.refused == 1)
        let none = Self.plan(files, allOrNothing: true)
        #expect(none.changes.isEmpty && none.withheld == 1 && none.bytes == Array(Self.config.utf8))
    }

    // MARK: Readers

    @Test func xliffEntitiesCDATACommentsAndInlineElementsReadBack() {
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- exported -->
        <xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
          <file original="c.json" source-language="en" target-language="de" datatype="plaintext"><body>
            <group id="g">
              <trans-unit id="path_cancel"><source>Cancel for <ph id="1">{{ price }}</ph></source>
                <target state="translated"><![CDATA[K&uuml;ndigen]]> f&#252;r <x id="1"/>&#x21;</target></trans-unit>
            </group>
            <trans-unit id="title"><source>Help</source><target state="needs-review-translation">Hilfe</target></trans-unit>
          </body></file>
        </xliff>
        """
        let plan = Self.plan([SourceFile(path: "de.xlf", text: text)])
        #expect(plan.changes == [StringsImport.Change(key: "path_cancel", locale: "de", old: "Kündigen für {{ price }}", new: "K&uuml;ndigen für {{ price }}!")])
        #expect(plan.fuzzy == 1)
    }

    @Test func poMultiLineStringsEscapesAndObsoleteEntriesReadBack() {
        let text = "# comment\nmsgid \"\"\nmsgstr \"\"\n\"Language: de\\n\"\n\n#~ msgctxt \"title\"\n#~ msgid \"Help\"\n#~ msgstr \"Alt\"\n\n"
            + "msgctxt \"title\"\nmsgid \"\"\n\"He\"\n\"lp\"\nmsgstr \"\"\n\"Hi\\tl\\x66e\\101\"\n"
        let plan = Self.plan([SourceFile(path: "x.po", text: text)])
        #expect(plan.changes == [StringsImport.Change(key: "title", locale: "de", old: "Hilfe", new: "Hi\tlfeA")])
    }
}
