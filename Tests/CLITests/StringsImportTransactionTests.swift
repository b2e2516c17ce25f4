import Foundation
import Testing
import TestSupport

/// `strings import` as a transaction over all its files (docs/translation.md "What it
/// refuses"): with `--all-or-nothing` one malformed file means nothing is written; the summary
/// never says "imported" for a write that failed.
@Suite struct StringsImportTransactionTests {
    /// The example config, its German PO file with one real translation, and a second file.
    static func setUp(second: String, named name: String) throws -> (config: String, po: String, other: String, original: Data) {
        let (config, po, original) = try StringsImportCLITests.setUp()
        try StringsImportCLITests.edit(po, "msgstr \"Zu teuer\"", "msgstr \"Viel zu teuer\"")
        let other = URL(fileURLWithPath: po).deletingLastPathComponent().appendingPathComponent(name).path
        try second.write(toFile: other, atomically: true, encoding: .utf8)
        return (config, po, other, original)
    }

    /// Each way a file can be malformed: with --all-or-nothing the good file's translation is not
    /// written either (exit 1), and the report names the file and why.
    @Test(arguments: [
        ("fr.po", "msgid \"\"\nmsgstr \"Language: fr\\n\"\n\nmsgctxt \"option_too_expensive\"\nmsgid \"Too expensive\"\nmsgstr \"Trop \\q cher\"\n", "unknown escape"),
        ("fr.xlf", "<!DOCTYPE x [<!ENTITY a \"b\">]><xliff version=\"1.2\"/>", "DOCTYPE with an internal subset"),
        ("fr.xlf", "<xliff version=\"2.0\" srcLang=\"en\" trgLang=\"fr\"><file id=\"f\"/></xliff>", "XLIFF 2.0 is not read"),
        ("fr.po", "msgid \"\"\nmsgstr \"Language: fr\\n\"\n\nmsgid \"a\"\nmsgid_plural \"as\"\nmsgstr[0] \"x\"\n", "plural forms"),
    ])
    func aMalformedFileWithAllOrNothingWritesNothing(name: String, text: String, why: String) throws {
        let (config, po, other, original) = try Self.setUp(second: text, named: name)
        let all = try CLI.run(["strings", "import", "--all-or-nothing", config, po, other])
        #expect(all.status == 1, "\(all.stderr)")
        #expect(all.stdout.contains(name + ":") && all.stdout.contains("strings.malformed") && all.stdout.contains(why), "\(all.stdout)")
        #expect(all.stderr.contains("1 file refused as a whole") && all.stderr.contains("1 good translation withheld by --all-or-nothing"), "\(all.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: config)) == original)
        // Without it, the good file is taken and the malformed one is a finding at its line and column.
        let some = try CLI.run(["strings", "import", config, po, other])
        #expect(some.status == 1 && some.stderr.contains("imported 1 translation into"), "\(some.stderr)")
        #expect(some.stdout.range(of: #"\#(name):\d+:\d+: error: "#, options: .regularExpression) != nil, "\(some.stdout)")
        #expect(try String(contentsOfFile: config, encoding: .utf8).contains("\"de\": \"Viel zu teuer\""))
    }

    /// A config that cannot be written (read-only: the guarded writer refuses it, even for
    /// root): exit 3, and the summary says the translations were not imported.
    @Test func aFailedWriteIsNeverReportedAsImported() throws {
        let (config, po, other, original) = try Self.setUp(second: "", named: "unused.txt")
        _ = other
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: config)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: config) }
        let run = try CLI.run(["strings", "import", config, po])
        #expect(run.status == 3, "\(run.stderr)")
        #expect(!run.stderr.contains("imported 1") && run.stderr.contains("could not be written (below); 1 translation not imported"), "\(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: config)) == original)
    }
}
