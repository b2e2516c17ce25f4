import Foundation
import Testing
import TestSupport

/// `strings import` through the binary (docs/translation.md): exit codes, `--dry-run`,
/// `--all-or-nothing`, machine formats, and nothing written on any error.
@Suite struct StringsImportCLITests {
    /// The example config and its exported German PO file, in a scratch directory.
    static func setUp() throws -> (config: String, po: String, original: Data) {
        let example = CLI.packageRoot.appendingPathComponent("Examples/customer_center.json")
        let original = try Data(contentsOf: example)
        let directory = try Scratch.directory("cc-import")
        let config = directory.appendingPathComponent("customer_center.json").path
        try original.write(to: URL(fileURLWithPath: config))
        let po = directory.appendingPathComponent("de.po").path
        let export = try CLI.run(["strings", "export", "--format", "po", "--locale", "de", "-o", po, config])
        #expect(export.status == 0, "\(export.stderr)")
        return (config, po, original)
    }

    static func edit(_ path: String, _ from: String, _ to: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(from))
        try text.replacingOccurrences(of: from, with: to).write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test func unchangedFilesChangeNothingAndATranslationChangesOneString() throws {
        let (config, po, original) = try Self.setUp()
        let same = try CLI.run(["strings", "import", config, po])
        #expect(same.status == 0 && same.stderr.contains("unchanged: no translation to take (11 units as the config has them)"), "\(same.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: config)) == original)
        try Self.edit(po, "msgstr \"Zu teuer\"", "msgstr \"Viel zu teuer\"")
        let dry = try CLI.run(["strings", "import", "--dry-run", config, po])
        #expect(dry.status == 0 && dry.stdout.contains("-        \"de\": \"Zu teuer\",\n+        \"de\": \"Viel zu teuer\",\n"), "\(dry.stdout)")
        #expect(dry.stderr.contains("would import 1 translation"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: config)) == original)
        let applied = try CLI.run(["strings", "import", config, po])
        #expect(applied.status == 0 && applied.stderr.contains("imported 1 translation into"))
        let expected = String(decoding: original, as: UTF8.self).replacingOccurrences(of: "\"de\": \"Zu teuer\"", with: "\"de\": \"Viel zu teuer\"")
        #expect(try String(contentsOfFile: config, encoding: .utf8) == expected)
    }

    /// The config is rewritten only if it still holds what the import read (docs/translation.md,
    /// "Exit codes"): edited meanwhile, it is left as the other edit left it, exit 3, and the
    /// summary does not say "imported".
    @Test func aConfigEditedBetweenItsReadsIsLeftAsItIsExitThree() throws {
        let (config, po, original) = try Self.setUp()
        try Self.edit(po, "msgstr \"Zu teuer\"", "msgstr \"Viel zu teuer\"")
        // The debug binary appends a space to the config just before the rename (FileSystem+Write.swift).
        let raced = try CLI.run(["strings", "import", config, po], environment: ["CUSTOMER_CENTER_TEST_FAULT": "modify-before-rename"])
        #expect(raced.status == 3, "\(raced.stderr)")
        #expect(raced.stderr.contains("changed on disk after this run read it; left as it is"), "\(raced.stderr)")
        #expect(raced.stderr.contains("unchanged: it could not be written (below); 1 translation not imported") && !raced.stderr.contains("imported 1"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: config)) == original + Data(" ".utf8), "the other edit, not the import")
        let folder = URL(fileURLWithPath: config).deletingLastPathComponent().path
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["customer_center.json", "de.po"], "no temporary file left")
    }

    @Test func refusedUnitsAreExitOneAsFindingsInEveryFormat() throws {
        let (config, po, original) = try Self.setUp()
        try Self.edit(po, "msgstr \"Bleib noch einen Monat zum halben Preis.\"", "msgstr \"Bleib noch einen Monat für {{ preis }}.\"")
        try Self.edit(po, "msgstr \"Zu teuer\"", "msgstr \"Viel zu teuer\"")
        let human = try CLI.run(["strings", "import", "--all-or-nothing", config, po])
        #expect(human.status == 1 && human.stdout.contains("de.po:21:1: error: the 'de' text of 'cancel_offer_subtitle' has '{{ preis }}' that the source does not"), "\(human.stdout)")
        #expect(human.stderr.contains("1 good translation withheld by --all-or-nothing"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: config)) == original)
        let json = try CLI.run(["strings", "import", "--format", "json", config, po])
        #expect(json.status == 1 && json.stdout.contains("\"strings.placeholder-mismatch\""), "\(json.stdout)")
        let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8))
        #expect(report is [String: Any])
        let sarif = try CLI.run(["strings", "import", "--format", "sarif", "--dry-run", config, po])
        #expect(sarif.status == 1 && sarif.stderr.contains("\"ruleId\" : \"strings.placeholder-mismatch\"") || sarif.stderr.contains("\"ruleId\": \"strings.placeholder-mismatch\""))
        // Without --all-or-nothing the good unit is taken.
        #expect(try String(contentsOfFile: config, encoding: .utf8).contains("\"de\": \"Viel zu teuer\""))
    }

    @Test func usageAndUnreadableInputsWriteNothing() throws {
        let (config, po, original) = try Self.setUp()
        try Self.edit(po, "msgstr \"Zu teuer\"", "msgstr \"Viel zu teuer\"")
        let alone = try CLI.run(["strings", "import", config])
        #expect(alone.status == 2 && alone.stderr.contains("takes a CONFIG and the translation files"))
        let locale = try CLI.run(["strings", "import", "--locale", "de", config, po])
        #expect(locale.status == 2 && locale.stderr.contains("'--locale' goes with 'strings export'"))
        let missing = try CLI.run(["strings", "import", config, po, po + ".missing"])
        #expect(missing.status == 3 && missing.stderr.contains("cannot read"))
        let brokenPath = URL(fileURLWithPath: config).deletingLastPathComponent().appendingPathComponent("broken.json").path
        try "{\"localization\": {,}}".write(toFile: brokenPath, atomically: true, encoding: .utf8)
        let broken = try CLI.run(["strings", "import", brokenPath, po])
        #expect(broken.status == 3 && broken.stderr.contains("nothing was imported"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: config)) == original)
        let typo = try CLI.run(["strings", "improt", config, po])
        #expect(typo.status == 2 && typo.stderr.contains("did you mean 'import'?"))
    }
}
