import Foundation
import Testing
import TestSupport

/// `lint --format gitlab|checkstyle|rdjson|rdjsonl` from the built binary: every finding
/// accounted for past the display cap, unreadable inputs reported, the exit code unchanged.
@Suite struct CIFormatCommandTests {
    /// Entries a format wrote: issues, `<error>` elements or diagnostics.
    func entries(_ output: String, _ format: String) throws -> [String] {
        switch format {
        case "gitlab":
            let issues = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
            return issues.map { $0["description"] as? String ?? "" }
        case "checkstyle":
            // The elements' text with XML's five entities read back (the messages are attributes).
            return output.components(separatedBy: "<error ").dropFirst().map {
                $0.replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&quot;", with: "\"")
                    .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
            }
        case "rdjson":
            let result = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
            return (result["diagnostics"] as? [[String: Any]] ?? []).map { $0["message"] as? String ?? "" }
        default:
            return try output.split(separator: "\n").map {
                let object = try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
                return object["message"] as? String ?? ""
            }
        }
    }

    /// 600 unused strings: 500 shown and one entry saying 100 more, in every format; warnings
    /// only, so the run passes as it does in every other format.
    @Test(arguments: ["gitlab", "checkstyle", "rdjson", "rdjsonl"])
    func everyFindingIsAccountedFor(_ format: String) throws {
        let dir = try Scratch.directory("cc-cli", files: ["customer_center.json": try OneRunTests.withUnusedStrings(600)])
        let result = try CLI.run(["lint", "--format", format, "--rule", "l10n.missing-translation=off", "customer_center.json"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let entries = try entries(result.stdout, format)
        #expect(entries.count == 501)
        #expect(entries.filter { $0.contains("… and 100 more findings") }.count == 1)
        let strict = try CLI.run(["lint", "--strict", "--format", format, "--rule", "l10n.missing-translation=off", "customer_center.json"], in: dir)
        #expect(strict.status == 1)
    }

    @Test(arguments: ["gitlab", "checkstyle", "rdjson", "rdjsonl"])
    func anUnreadableInputIsReported(_ format: String) throws {
        let dir = try Scratch.directory("cc-cli", files: ["customer_center.json": "{}"])
        let result = try CLI.run(["lint", "--format", format, "customer_center.json", "missing.json"], in: dir)
        #expect(result.status == 3)
        let entries = try entries(result.stdout, format)
        #expect(entries.contains { $0.contains("cannot read 'missing.json'") }, "\(result.stdout)")
    }

    @Test func helpNamesTheFormats() throws {
        let help = try CLI.run(["lint", "--help"]).stdout
        #expect(help.contains("gitlab, checkstyle, rdjson or rdjsonl"))
        let wrong = try CLI.run(["lint", "--format", "gitlabb", "x.json"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("gitlab"))
    }

    // MARK: The ready jobs of docs/integrations.md

    /// The YAML block after the line starting `<!-- TAG` in docs/integrations.md.
    func block(_ tag: String) throws -> String {
        let page = try String(contentsOf: CLI.packageRoot.appendingPathComponent("docs/integrations.md"), encoding: .utf8)
        let marker = try #require(page.range(of: "\n<!-- \(tag)"), "docs/integrations.md has the \(tag) block")
        let after = page[marker.upperBound...]
        let open = try #require(after.range(of: "\n```yaml\n"))
        let close = try #require(after[open.upperBound...].range(of: "\n```\n"))
        return String(after[open.upperBound..<close.lowerBound]) + "\n"
    }

    /// The block as JSON (PyYAML reads it).
    func job(_ tag: String) throws -> [String: Any] {
        let script = "import json, sys, yaml; print(json.dumps(yaml.safe_load(sys.stdin.read())))"
        let parsed = try Subprocess.run(command: "python3", ["-c", script], stdin: Data(try block(tag).utf8))
        #expect(parsed.status == 0, "\(parsed.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(parsed.stdout.utf8)) as? [String: Any])
    }

    /// Runs shell lines with the built binary first on PATH in `dir`.
    func shell(_ lines: [String], in dir: URL, prelude: String = "") throws -> ProcessResult {
        let path = CLI.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try Subprocess.run(URL(fileURLWithPath: "/bin/bash"), ["-c", prelude + lines.joined(separator: "\n")], in: dir,
                                  environment: ["PATH": path, "HOME": dir.path])
    }

    /// The GitLab job is valid CI configuration (check-jsonschema's copy of GitLab's schema); its
    /// script, run as GitLab would (one shell, stop at the first failing line), writes the report
    /// its artifacts name, and fails the job when lint fails the gate.
    @Test(.needs(.checkJSONSchema, .pyyaml)) func theGitLabJobWritesItsCodeQualityReport() throws {
        let yaml = try Scratch.directory("cc-cli", files: [".gitlab-ci.yml": try block("gitlab-job: ")])
        let valid = try Subprocess.run(command: "check-jsonschema", ["--builtin-schema", "vendor.gitlab-ci", yaml.appendingPathComponent(".gitlab-ci.yml").path])
        #expect(valid.status == 0, "\(valid.stdout)\(valid.stderr)")
        let job = try #require(try job("gitlab-job: ")["customer-center"] as? [String: Any])
        let script = try #require(job["script"] as? [String])
        let artifact = try #require(((job["artifacts"] as? [String: Any])?["reports"] as? [String: Any])?["codequality"] as? String)
        #expect((job["artifacts"] as? [String: Any])?["when"] as? String == "always")
        let broken = try String(contentsOf: CLI.packageRoot.appendingPathComponent("Examples/broken.json"), encoding: .utf8)
        let dir = try Scratch.directory("cc-cli", files: ["config/customer_center.json": broken, "README.md": "x"])
        let run = try shell(script, in: dir, prelude: "set -e\n")
        #expect(run.status == 1, "lint fails the gate, so the job fails: \(run.stderr)")
        let report = try Data(contentsOf: dir.appendingPathComponent(artifact))
        let issues = try #require(try JSONSerialization.jsonObject(with: report) as? [[String: Any]])
        #expect(!issues.isEmpty)
        #expect(issues.allSatisfy { ($0["location"] as? [String: Any])?["path"] as? String == "config/customer_center.json" })
    }

    /// The reviewdog workflow's run block, on a config with errors, feeds reviewdog the format it
    /// names and leaves the verdict to it (reviewdog itself is a stand-in here that keeps what it
    /// is given).
    @Test(.needs(.pyyaml)) func theReviewdogStepPipesRdjson() throws {
        let steps = try #require((((try job("workflow: reviewdog")["jobs"] as? [String: Any])?["review"] as? [String: Any])?["steps"] as? [[String: Any]]))
        let run = try #require(steps.compactMap { $0["run"] as? String }.first)
        let broken = try String(contentsOf: CLI.packageRoot.appendingPathComponent("Examples/broken.json"), encoding: .utf8)
        let dir = try Scratch.directory("cc-cli", files: ["customer_center.json": broken])
        // As GitHub runs a bash step: -e and pipefail.
        let standIn = "set -eo pipefail\nreviewdog() { printf '%s\\n' \"$@\" > args.txt; cat > input.txt; }\n"
        let result = try shell([run], in: dir, prelude: standIn)
        #expect(result.status == 0, "\(result.stderr)")
        let arguments = try String(contentsOf: dir.appendingPathComponent("args.txt"), encoding: .utf8).split(separator: "\n").map(String.init)
        let format = try #require(arguments.first { $0.hasPrefix("-f=") }).dropFirst(3)
        let input = try String(contentsOf: dir.appendingPathComponent("input.txt"), encoding: .utf8)
        let expected = try CLI.run(["lint", "--format", String(format), "."], in: dir)
        #expect(expected.status == 1)
        #expect(input == expected.stdout)
        #expect(format == "rdjson" && input.contains("\"diagnostics\""))
    }
}
