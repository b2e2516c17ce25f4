import Foundation
import Testing
import TestSupport

/// `--force-exclude` (lint, format): files named on the command line follow the configuration
/// file's `include` / `exclude` as a directory's files do, so that pre-commit, which names every
/// staged JSON file, checks what the team's layout says and nothing else (docs/commands.md,
/// "Directories"; docs/configuration.md).
@Suite struct ForceExcludeTests {
    static let example = CLI.packageRoot.appendingPathComponent("Examples/customer_center.json")
    /// A config with errors (a syntax error among them) that is still recognisably a config.
    static let broken = (try? String(contentsOf: CLI.packageRoot.appendingPathComponent("Examples/broken.json"), encoding: .utf8)) ?? ""

    /// A team layout: configs under `configs/` (any name), `legacy/` excluded, a `package.json`
    /// and an unformatted, broken file outside `include`.
    func layout() throws -> URL {
        let config = try String(contentsOf: Self.example, encoding: .utf8)
        return try Scratch.directory("cc-cli", files: [
            ".customer-center.json": #"{"include": ["configs/**/*.json"], "exclude": ["**/legacy/**"]}"#,
            "configs/support.json": config,
            "configs/paywall_help.json": Self.broken,
            "configs/legacy/old.json": Self.broken,
            "customer_center.json": Self.broken,
            "package.json": #"{"name":  "app"}"#,
        ])
    }

    static let allFiles = [".customer-center.json", "configs/support.json", "configs/paywall_help.json",
                           "configs/legacy/old.json", "customer_center.json", "package.json"]

    @Test func withoutTheFlagEveryNamedFileIsChecked() throws {
        let dir = try layout()
        let lint = try CLI.run(["lint", "--format", "compact"] + Self.allFiles, in: dir)
        #expect(lint.status == 1)
        for name in ["configs/legacy/old.json", "customer_center.json", "package.json", ".customer-center.json"] {
            #expect(lint.stdout.contains("\(name):"), "\(name) was not checked: \(lint.stdout)")
        }
    }

    @Test func lintChecksOnlyWhatTheConfigurationIncludes() throws {
        let dir = try layout()
        let lint = try CLI.run(["lint", "--force-exclude", "--format", "json"] + Self.allFiles, in: dir)
        #expect(lint.status == 1, "\(lint.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lint.stdout.utf8)) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["files"] as? Int == 2)
        let files = Set((object["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String })
        #expect(files == ["configs/paywall_help.json"], "\(files)")
        // Left out silently: not listed as skipped, nothing on stderr.
        #expect(summary["skipped"] == nil || (summary["skipped"] as? [Any])?.isEmpty == true, "\(summary)")
        #expect(lint.stderr.isEmpty, "\(lint.stderr)")
    }

    @Test func filesLeftOutPassWithNoOutput() throws {
        let dir = try layout()
        let lint = try CLI.run(["lint", "--force-exclude", "--format", "compact",
                                "configs/legacy/old.json", "customer_center.json", "package.json", ".customer-center.json"], in: dir)
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        #expect(lint.stdout.isEmpty && lint.stderr.isEmpty, "\(lint.stdout)\(lint.stderr)")
        // In every format, with --fix too: a machine format prints no empty document either.
        for options in [["--format", "human"], ["--format", "json"], ["--format", "sarif"], ["--format", "junit"], ["--format", "github"],
                        ["--format", "gitlab"], ["--format", "checkstyle"], ["--format", "rdjson"], ["--fix"]] {
            let left = try CLI.run(["lint", "--force-exclude"] + options + ["customer_center.json", "package.json"], in: dir)
            #expect(left.status == 0 && left.stdout.isEmpty && left.stderr.isEmpty, "\(options): \(left.stdout)\(left.stderr)")
        }
        #expect(try String(contentsOf: dir.appendingPathComponent("customer_center.json"), encoding: .utf8) == Self.broken)
        let format = try CLI.run(["format", "--check", "--force-exclude", "configs/legacy/old.json", "package.json"], in: dir)
        #expect(format.status == 0, "\(format.stdout)\(format.stderr)")
        #expect(format.stdout.isEmpty && format.stderr.isEmpty)
    }

    /// An included file that is JSON but neither format is skipped with a note, as in a directory.
    @Test func anIncludedFileThatIsNotAConfigIsSkippedWithANote() throws {
        let dir = try layout()
        try #"{"$schema": "x", "type": "object"}"#.write(to: dir.appendingPathComponent("configs/schema.json"), atomically: true, encoding: .utf8)
        let lint = try CLI.run(["lint", "--force-exclude", "configs/schema.json"], in: dir)
        #expect(lint.status == 0, "\(lint.stdout)")
        #expect(lint.stderr.contains("note: skipped 'configs/schema.json': its members say it is a JSON Schema, not a Customer Center config"), "\(lint.stderr)")
    }

    /// No configuration file: the default names decide (package.json is not a config).
    @Test func withoutAConfigurationFileTheDefaultNamesDecide() throws {
        let dir = try Scratch.directory("cc-cli", files: [
            "app/customer_center.json": Self.broken,
            "app/customer-center.prod.json": Self.broken,
            "package.json": #"{"name": "app"}"#,
            "app/paywall.json": Self.broken,
        ])
        let lint = try CLI.run(["lint", "--force-exclude", "--format", "compact",
                                "package.json", "app/customer_center.json", "app/paywall.json", "app/customer-center.prod.json"], in: dir)
        #expect(lint.status == 1)
        #expect(lint.stdout.contains("app/customer_center.json:") && lint.stdout.contains("app/customer-center.prod.json:"))
        #expect(!lint.stdout.contains("package.json") && !lint.stdout.contains("paywall.json"), "\(lint.stdout)")
    }

    /// Hidden and `.build*` folders between the configuration file and the file are skipped, as a
    /// walk of the configuration file's folder skips them; the configuration file itself too.
    @Test func hiddenAndBuildFoldersAreLeftOut() throws {
        let dir = try Scratch.directory("cc-cli", files: [
            ".customer-center.json": #"{"include": ["**/*.json"]}"#,
            ".github/matcher.json": Self.broken,
            ".build/checkouts/x/customer_center.json": Self.broken,
            "ok/customer_center.json": Self.broken,
        ])
        let lint = try CLI.run(["lint", "--force-exclude", "--format", "compact", ".customer-center.json",
                                ".github/matcher.json", ".build/checkouts/x/customer_center.json", "ok/customer_center.json"], in: dir)
        #expect(lint.status == 1)
        let files = Set(lint.stdout.split(separator: "\n").compactMap { $0.split(separator: ":").first.map(String.init) })
        #expect(files == ["ok/customer_center.json"], "\(lint.stdout)")
    }

    /// The file's own configuration decides, found from the file (not from the current folder).
    @Test func theNearestConfigurationDecides() throws {
        let dir = try Scratch.directory("cc-cli", files: [
            "a/.customer-center.json": #"{"include": ["*.json"], "exclude": ["skip.json"]}"#,
            "a/x.json": Self.broken,
            "a/skip.json": Self.broken,
            "b/x.json": Self.broken,
        ])
        let lint = try CLI.run(["lint", "--force-exclude", "--format", "compact", "a/x.json", "a/skip.json", "b/x.json"], in: dir)
        #expect(lint.status == 1)
        let files = Set(lint.stdout.split(separator: "\n").compactMap { $0.split(separator: ":").first.map(String.init) })
        #expect(files == ["a/x.json"], "\(lint.stdout)")
    }

    /// A configuration file that cannot be followed is reported (exit 2), never taken as
    /// excluding everything.
    @Test func aBrokenConfigurationIsReportedNotTakenAsExcludingEverything() throws {
        let dir = try Scratch.directory("cc-cli", files: [
            ".customer-center.json": #"{"include": ["configs/**"], "inclde": []}"#,
            "package.json": #"{"name": "app"}"#,
        ])
        let lint = try CLI.run(["lint", "--force-exclude", "--format", "compact", "package.json"], in: dir)
        #expect(lint.status == 2, "\(lint.stdout)\(lint.stderr)")
        #expect(lint.stdout.contains(".customer-center.json:1:"), "\(lint.stdout)")
    }

    /// Fixes and formatting never touch a file the configuration leaves out.
    @Test func fixAndFormatWriteOnlyIncludedFiles() throws {
        let dir = try layout()
        let fixable = "{\n  // note\n  \"screens\": {},\n  \"localization\": {\"default\": \"en\", \"localized_strings\": {}},\n}\n"
        for name in ["configs/legacy/old.json", "configs/fixable.json"] {
            try fixable.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        _ = try CLI.run(["lint", "--fix", "--force-exclude", "configs/legacy/old.json", "configs/fixable.json"], in: dir)
        #expect(try String(contentsOf: dir.appendingPathComponent("configs/legacy/old.json"), encoding: .utf8) == fixable)
        #expect(try String(contentsOf: dir.appendingPathComponent("configs/fixable.json"), encoding: .utf8) != fixable)
        let package = dir.appendingPathComponent("package.json")
        let before = try String(contentsOf: package, encoding: .utf8)
        let format = try CLI.run(["format", "--write", "--force-exclude", "package.json", "configs/support.json"], in: dir)
        #expect(format.status == 0, "\(format.stderr)")
        #expect(try String(contentsOf: package, encoding: .utf8) == before)
        let check = try CLI.run(["format", "--check", "--force-exclude", "package.json", "configs/paywall_help.json"], in: dir)
        #expect(check.status == 1 && check.stderr.contains("configs/paywall_help.json has syntax errors"), "\(check.stderr)")
    }

    /// Standard input is always checked: there is no file to select.
    @Test func standardInputIsAlwaysChecked() throws {
        let dir = try layout()
        let lint = try CLI.run(["lint", "--force-exclude", "--format", "compact", "--stdin-filename", "package.json", "-"],
                               stdin: Data(Self.broken.utf8), in: dir)
        #expect(lint.status == 1)
        #expect(lint.stdout.contains("package.json:2:3: error: comments are not allowed"), "\(lint.stdout)")
    }
}
