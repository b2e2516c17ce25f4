import Foundation
import Testing
import TestSupport

@Suite(.serialized) struct LintCommandTests {
    /// A small valid config; `broken` is the same with a trailing comma on line 2.
    static let clean = """
    {
      "localization": {"default": "en", "localized_strings": {"title": {"en": "Help"}, "restore": {"en": "Restore"}}},
      "support": {"email": "help@example.com"},
      "screens": {
        "MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "restore", "type": "MISSING_PURCHASE", "title_key": "restore"}]},
        "NO_ACTIVE": {"type": "NO_ACTIVE", "title_key": "title", "paths": [{"id": "restore_none", "type": "MISSING_PURCHASE", "title_key": "restore"}]}
      }
    }

    """
    static let broken = clean.replacingOccurrences(of: "}}},\n", with: "}},},\n")
    static let bom = "\u{FEFF}" + clean
    static let trailingComma = "broken.json:2:113: error: trailing comma before '}' [json.trailing-comma]\n"

    func write(_ files: [String: String]) throws -> URL {
        try Scratch.directory("cc-cli", files: files)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let status: Int32
        let stdout: String?
        let stderrContains: String?
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(arguments: ["lint", "--format", "compact", "broken.json"], status: 1,
             stdout: trailingComma, stderrContains: nil),
        Case(arguments: ["lint", "--format", "compact", "clean.json"], status: 0, stdout: "", stderrContains: nil),
        Case(arguments: ["lint", "clean.json"], status: 0, stdout: "no problems found in 1 file\n", stderrContains: nil),
        Case(arguments: ["lint", "--format", "compact", "bom.json"], status: 0,
             stdout: "bom.json:1:1: warning: UTF-8 byte-order mark at the start of the file [json.bom]\n", stderrContains: nil),
        Case(arguments: ["lint", "--strict", "--format", "compact", "bom.json"], status: 1, stdout: nil, stderrContains: "failing: 1 warning under --strict"),
        Case(arguments: ["lint", "--max-warnings", "0", "--format", "compact", "bom.json"], status: 1, stdout: nil,
             stderrContains: "failing: 1 warning, more than --max-warnings 0 allows"),
        Case(arguments: ["lint", "--max-warnings", "1", "--format", "compact", "bom.json"], status: 0, stdout: nil, stderrContains: nil),
        Case(arguments: ["lint", "--quiet", "--strict", "--format", "compact", "bom.json"], status: 0, stdout: "", stderrContains: nil),
        Case(arguments: ["lint", "--rule", "json.bom=error", "--format", "compact", "bom.json"], status: 1,
             stdout: "bom.json:1:1: error: UTF-8 byte-order mark at the start of the file [json.bom]\n", stderrContains: nil),
        // A syntax rule cannot be switched off (docs/configuration.md): the file is not JSON whatever is said.
        Case(arguments: ["lint", "--rule", "json.trailing-comma=off", "--format", "compact", "broken.json"], status: 2, stdout: "",
             stderrContains: "'json.trailing-comma' reports a file that is not valid JSON: it cannot be set to 'off'"),
        Case(arguments: ["lint", "--rule", "json.*=warning", "broken.json"], status: 2, stdout: "",
             stderrContains: "the group 'json.*' includes 'json.syntax', which reports a file that is not valid JSON"),
        Case(arguments: ["lint", "--rule", "json.bom=off", "--format", "compact", "broken.json"], status: 1, stdout: nil, stderrContains: nil),
        Case(arguments: ["lint", "--rule", "json.trailing-coma=off", "broken.json"], status: 2, stdout: "",
             stderrContains: "did you mean 'json.trailing-comma'?"),
        Case(arguments: ["lint", "--rule", "json.bom=fatal", "bom.json"], status: 2, stdout: "", stderrContains: "expected one of off, note, warning, error"),
        Case(arguments: ["lint", "--stirct", "clean.json"], status: 2, stdout: "", stderrContains: "did you mean '--strict'?"),
        Case(arguments: ["lint", "--format", "jsn", "clean.json"], status: 2, stdout: "", stderrContains: "did you mean 'json'?"),
        Case(arguments: ["lnit", "clean.json"], status: 2, stdout: "", stderrContains: "did you mean 'lint'?"),
        Case(arguments: ["lint", "--max-warnings", "x", "clean.json"], status: 2, stdout: "", stderrContains: "whole number"),
        Case(arguments: ["lint", "missing.json"], status: 3, stdout: "nothing was checked; 1 file was not read\n", stderrContains: "cannot read 'missing.json'"),
        Case(arguments: ["lint", "clean.json", "missing.json"], status: 3, stdout: "checked 1 file, no findings; 1 file was not read\n",
             stderrContains: "cannot read 'missing.json'"),
        Case(arguments: ["lint", "--config", "nope.json", "clean.json"], status: 3, stdout: "nothing was checked; 1 file was not read\n",
             stderrContains: "cannot read 'nope.json'"),
        Case(arguments: ["lint", "--format", "compact", "missing.json", "broken.json"], status: 3, stdout: nil, stderrContains: "cannot read"),
        Case(arguments: ["lint", "empty"], status: 3, stdout: nil, stderrContains: "cannot read 'empty': no Customer Center config below it (customer_center*.json"),
        // 'config' is empty even though 'configs' (same prefix) has a config.
        Case(arguments: ["lint", "configs", "config"], status: 3, stdout: nil, stderrContains: "cannot read 'config': no Customer Center config below it (customer_center*.json"),
        Case(arguments: ["lint", "--format", "compact", "configs"], status: 1,
             stdout: trailingComma.replacingOccurrences(of: "broken.json", with: "configs/customer_center.json"),
             stderrContains: nil),
        Case(arguments: ["lint", "--format", "compact", "clean.json", "broken.json", "bom.json"], status: 1,
             stdout: trailingComma + "bom.json:1:1: warning: UTF-8 byte-order mark at the start of the file [json.bom]\n",
             stderrContains: nil),
        Case(arguments: ["--version"], status: 0, stdout: nil, stderrContains: nil),
        Case(arguments: ["lint", "--help"], status: 0, stdout: nil, stderrContains: nil),
        Case(arguments: [], status: 2, stdout: "", stderrContains: "usage: customer-center <command>"),
    ]

    @Test(arguments: cases)
    func exitCodesAndOutput(_ testCase: Case) throws {
        let dir = try write(["broken.json": Self.broken, "clean.json": Self.clean, "bom.json": Self.bom])
        // A directory: configs below it are found by name, hidden folders and other names skipped.
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("configs/.hidden"), withIntermediateDirectories: true)
        try Self.broken.write(to: dir.appendingPathComponent("configs/customer_center.json"), atomically: true, encoding: .utf8)
        try Self.broken.write(to: dir.appendingPathComponent("configs/.hidden/customer_center.json"), atomically: true, encoding: .utf8)
        try Self.broken.write(to: dir.appendingPathComponent("configs/other.json"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("empty"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("config"), withIntermediateDirectories: true)
        let result = try CLI.run(testCase.arguments, in: dir)
        #expect(result.status == testCase.status, "\(result.stdout)\n\(result.stderr)")
        if let stdout = testCase.stdout { #expect(result.stdout == stdout) }
        if let needle = testCase.stderrContains { #expect(result.stderr.contains(needle), "\(result.stderr)") }
        else { #expect(result.stderr.isEmpty || testCase.status == 3) }
    }

    /// A file over the 1 GiB cap is refused, and the other files are still linted (a sparse
    /// file: nothing is written to disk; its size alone refuses it).
    @Test func aFileOverTheCapIsRefused() throws {
        let dir = try write(["clean.json": Self.clean])
        let huge = dir.appendingPathComponent("huge.json")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: Data("{}".utf8)))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 1 << 30 + 1)
        try handle.close()
        let result = try CLI.run(["lint", "--format", "compact", "huge.json", "clean.json"], in: dir)
        #expect(result.status == 3)
        #expect(result.stderr.contains("cannot read 'huge.json': larger than 1024 MiB"), "\(result.stderr)")
        #expect(result.stdout.contains("1 file was not read") || result.stdout.isEmpty, "\(result.stdout)")
    }

    @Test func standardInputWithFilename() throws {
        let result = try CLI.run(["lint", "--format", "compact", "--stdin-filename", "config/cc.json", "-"], stdin: Data(Self.broken.utf8))
        #expect(result.status == 1)
        #expect(result.stdout == Self.trailingComma.replacingOccurrences(of: "broken.json", with: "config/cc.json"))
    }

    @Test func noFileMeansStandardInput() throws {
        let result = try CLI.run(["lint", "--format", "compact"], stdin: Data(Self.broken.utf8))
        #expect(result.status == 1)
        #expect(result.stdout == Self.trailingComma.replacingOccurrences(of: "broken.json", with: "<stdin>"))
    }

    @Test func colorOnlyWhenAllowed() throws {
        let dir = try write(["broken.json": Self.broken])
        let always = try CLI.run(["lint", "--color", "always", "broken.json"], in: dir)
        #expect(always.stdout.contains("\u{1B}["))
        let auto = try CLI.run(["lint", "broken.json"], in: dir)  // stdout is a pipe
        #expect(!auto.stdout.contains("\u{1B}["))
        let never = try CLI.run(["lint", "--color", "never", "broken.json"], in: dir)
        #expect(!never.stdout.contains("\u{1B}["))
    }

    @Test func jsonFormatIsOneParsableDocument() throws {
        let dir = try write(["broken.json": Self.broken, "bom.json": Self.bom])
        let result = try CLI.run(["lint", "--format", "json", "broken.json", "bom.json"], in: dir)
        #expect(result.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let summary = object?["summary"] as? [String: Any]
        #expect(summary?.compactMapValues { $0 as? Int } == ["files": 2, "errors": 1, "warnings": 1, "notes": 0])
        // Exact counts per rule, every finding.
        #expect(summary?["rules"] as? [String: Int] == ["json.bom": 1, "json.trailing-comma": 1])
        let diagnostics = object?["diagnostics"] as? [[String: Any]]
        // Sorted by file, then offset.
        #expect(diagnostics?.map { $0["file"] as? String } == ["bom.json", "broken.json"])
    }

    @Test func lintNeverWritesFiles() throws {
        let dir = try write(["broken.json": Self.broken])
        let before = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        _ = try CLI.run(["lint", "broken.json"], in: dir)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == before)
        #expect(try String(contentsOf: dir.appendingPathComponent("broken.json"), encoding: .utf8) == Self.broken)
    }
}
