import Foundation
import Testing
import TestSupport

/// `--jobs` (docs/commands.md "Many files, every core"): files are checked side by side, and
/// what a run prints, exits with and writes is the same for every number of jobs.
@Suite struct ManyFilesTests {
    static let example = try! String(contentsOf: CLI.packageRoot.appendingPathComponent("Examples/customer_center.json"), encoding: .utf8)
    static let broken = try! String(contentsOf: CLI.packageRoot.appendingPathComponent("Examples/broken.json"), encoding: .utf8)

    /// A tree with every kind of outcome: clean, failing, fixable, unformatted, another kind of
    /// JSON (skipped), a syntax error, two configuration files (one group each) and a baseline.
    func tree() throws -> URL {
        var files: [String: String] = [
            ".customer-center.json": #"{"rules": {"l10n.whitespace": "error"}}"#,
            "team/.customer-center.json": #"{"rules": {"ref.unused-string": "off"}}"#,
            "skipped/customer_center.json": #"{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object"}"#,
            "syntax/customer_center.json": #"{"screens": {}, "#,
        ]
        let spaced = Self.example.replacingOccurrences(of: "\"en\": \"", with: "\"en\": \"  ")
        for index in 0..<6 {
            files["apps/app\(index)/customer_center.json"] = index % 3 == 0 ? Self.example : (index % 3 == 1 ? Self.broken : spaced)
            files["team/app\(index)/customer_center.json"] = index % 2 == 0 ? Self.broken : spaced
        }
        files["apps/compact/customer_center.json"] = #"{"screens":{},"localization":{"default_locale":"en","localized_strings":{}}}"#
        return try Scratch.directory("cc-jobs", files: files)
    }

    func run(_ arguments: [String], in dir: URL) throws -> CLIResult {
        try CLI.run(arguments, in: dir)
    }

    @Test(arguments: ["human", "compact", "json", "sarif", "github", "junit", "checkstyle", "rdjsonl"])
    func lintPrintsTheSameForEveryNumberOfJobs(_ format: String) throws {
        let dir = try tree()
        let one = try run(["lint", ".", "--format", format, "--jobs", "1"], in: dir)
        #expect(one.status == 1, "\(one.stderr)")
        #expect(one.stdout.contains("app5"), "\(one.stdout)")
        for jobs in [["--jobs", "2"], ["--jobs", "7"], []] {
            let many = try run(["lint", ".", "--format", format] + jobs, in: dir)
            #expect(many.status == one.status, "\(jobs)")
            #expect(many.stdout == one.stdout, "\(format) \(jobs)")
            #expect(many.stderr == one.stderr, "\(format) \(jobs)")
        }
    }

    /// A baseline recorded and used over many files: matched and stale entries are the same.
    @Test func baselinesAreTheSameForEveryNumberOfJobs() throws {
        let dir = try tree()
        let written = try run(["lint", "apps", "team", "--write-baseline", "baseline.json", "--jobs", "2"], in: dir)
        #expect(written.status == 0, "\(written.stderr)")
        // One file changes: its entries go stale, the others still match.
        try Self.example.write(to: dir.appendingPathComponent("apps/app1/customer_center.json"), atomically: true, encoding: .utf8)
        let one = try run(["lint", "apps", "team", "--baseline", "baseline.json", "--format", "json", "--jobs", "1"], in: dir)
        let two = try run(["lint", "apps", "team", "--baseline", "baseline.json", "--format", "json", "--jobs", "2"], in: dir)
        #expect(one.stdout.contains("core.stale-baseline-entry") || one.stdout.contains("stale"), "\(one.stdout)")
        #expect(two.stdout == one.stdout)
        #expect(two.status == one.status)
    }

    /// `--fix` on many files writes the same files and prints the same; `--fix-dry-run` too;
    /// `format --check` and `--write` as well.
    @Test(arguments: [["lint", "--fix"], ["lint", "--fix-dry-run"], ["format", "--check"], ["format", "--write"]])
    func rewritesAreTheSameForEveryNumberOfJobs(_ command: [String]) throws {
        let serial = try tree(), parallel = try tree()
        let one = try run(command + ["apps", "team", "--jobs", "1"], in: serial)
        let two = try run(command + ["apps", "team", "--jobs", "2"], in: parallel)
        #expect(two.status == one.status)
        #expect(two.stdout == one.stdout)
        #expect(two.stderr == one.stderr)
        #expect(!one.stdout.isEmpty || !one.stderr.isEmpty)
        for index in 0..<6 {
            for folder in ["apps", "team"] {
                let name = "\(folder)/app\(index)/customer_center.json"
                let a = try Data(contentsOf: serial.appendingPathComponent(name)), b = try Data(contentsOf: parallel.appendingPathComponent(name))
                #expect(a == b, "\(command) \(name)")
            }
        }
    }

    @Test(arguments: ["0", "-1", "two", "1.5"])
    func jobsIsAWholeNumber(_ value: String) throws {
        let result = try CLI.run(["lint", "--jobs", value, "Examples/customer_center.json"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("'--jobs' needs a whole number of at least 1, got '\(value)'"), "\(result.stderr)")
    }
}
