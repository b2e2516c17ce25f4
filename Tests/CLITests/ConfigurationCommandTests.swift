import Foundation
import Testing
import TestSupport
import CustomerCenterCompiler

/// `.customer-center.json`: discovery, precedence, ignores, stale ignores, malformed files.
@Suite(.serialized) struct ConfigurationCommandTests {
    /// A valid config with one unused string (`legacy`, line 3) and only iOS offer ids.
    static let config = """
    {
      "localization": {"default": "en", "supported": ["en", "de"], "localized_strings": {
        "legacy": {"en": "Old", "de": "Alt"},
        "title": {"en": "Help", "de": "Hilfe"}, "restore": {"en": "Restore", "de": "Wiederherstellen"}}},
      "support": {"email": "help@example.com"},
      "screens": {
        "MANAGEMENT": {"type": "MANAGEMENT", "title_key": "title", "paths": [{"id": "restore", "type": "MISSING_PURCHASE", "title_key": "restore", "promotional_offer_key": "stay"}]},
        "NO_ACTIVE": {"type": "NO_ACTIVE", "title_key": "title", "paths": [{"id": "restore_none", "type": "MISSING_PURCHASE", "title_key": "restore"}]}
      },
      "promotional_offers": {"stay": {"ios_offer_id": "stay", "title_key": "title", "subtitle_key": "title"}}
    }

    """

    func project(_ files: [String: String]) throws -> URL {
        try Scratch.directory("cc-cli", files: files)
    }

    /// `lint --format compact`, pinned to iOS unless `pinned` is false: inferred from the
    /// fixture's offer ids the platforms would be iOS alone, which `compat.inferred-platform`
    /// reports, and these tests are about other findings.
    func lint(_ arguments: [String], in dir: URL, pinned: Bool = true) throws -> CLIResult {
        try CLI.run(["lint", "--format", "compact"] + (pinned ? ["--platform", "ios"] : []) + arguments, in: dir)
    }

    @Test func withoutConfigurationTheDefaultsApply() throws {
        let dir = try project(["app/cc.json": Self.config])
        let result = try lint(["app/cc.json"], in: dir)
        #expect(result.stdout == "app/cc.json:3:5: warning: string 'legacy' is never used: no '*_key' names it and it is not an SDK string [ref.unused-string]\n")
        #expect(result.status == 0)
    }

    @Test func configurationIsFoundByWalkingUp() throws {
        let dir = try project([
            "app/nested/cc.json": Self.config,
            ".customer-center.json": #"{"rules": {"ref.unused-string": "error"}}"#,
        ])
        let result = try lint(["app/nested/cc.json"], in: dir)
        #expect(result.stdout.contains("error: string 'legacy' is never used"))
        #expect(result.status == 1)
    }

    @Test func commandLineWinsOverConfiguration() throws {
        let dir = try project(["cc.json": Self.config, ".customer-center.json": #"{"rules": {"ref.unused-string": "error"}}"#])
        let result = try lint(["--rule", "ref.unused-string=off", "cc.json"], in: dir)
        #expect(result.stdout == "")
        #expect(result.status == 0)
    }

    @Test func platformsFromConfigurationAndFlag() throws {
        let dir = try project(["cc.json": Self.config, ".customer-center.json": #"{"platforms": ["ios", "android"]}"#])
        // Inferred from the offer ids this would be iOS only; the configuration asks for Android too.
        let result = try lint(["cc.json"], in: dir, pinned: false)
        #expect(result.stdout.contains("offer 'stay' has no 'android_offer_id' for Android"))
        let flagged = try lint(["--platform", "ios", "cc.json"], in: dir, pinned: false)
        #expect(!flagged.stdout.contains("offer.missing-store-id"))
    }

    @Test func requiredLocalesFailTheGate() throws {
        let dir = try project(["cc.json": Self.config, ".customer-center.json": #"{"locales": {"required": ["fr"]}, "rules": {"ref.unused-string": "off"}}"#])
        let result = try lint(["cc.json"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout.contains("error: 'title' has no text in 'fr'"))
    }

    @Test func pointerScopedIgnoreAndStaleIgnore() throws {
        let configuration = """
        {"ignore": [
          {"rule": "ref.unused-string", "pointer": "/localization/localized_strings/legacy"},
          {"rule": "ref.unused-string", "pointer": "/localization/localized_strings/gone"}
        ]}
        """
        let dir = try project(["cc.json": Self.config, ".customer-center.json": configuration])
        let result = try lint(["cc.json"], in: dir)
        #expect(result.stdout == ".customer-center.json:3:3: warning: this ignore entry matched nothing: no 'ref.unused-string' finding at '/localization/localized_strings/gone' [config.stale-ignore]\n")
    }

    @Test func ignoreScopedToAFile() throws {
        let configuration = #"{"ignore": [{"rule": "ref.unused-string", "pointer": "", "file": "b.json"}]}"#
        let dir = try project(["a.json": Self.config, "b.json": Self.config, ".customer-center.json": configuration])
        let result = try lint(["a.json", "b.json"], in: dir)
        #expect(result.stdout.contains("a.json:3:5: warning: string 'legacy'"))
        #expect(!result.stdout.contains("b.json:"))
    }

    /// A configuration file is held to the command line's standard (docs/configuration.md): every problem is
    /// an error, the run stops with exit 2 and lints nothing under it.
    @Test func malformedConfigurationIsReportedWithPositions() throws {
        let configuration = "{\n  \"rules\": {\"ref.unused-strng\": \"error\", \"json.bom\": \"loud\"},\n  \"platform\": [\"ios\"],\n}\n"
        let dir = try project(["cc.json": Self.config, ".customer-center.json": configuration])
        let result = try lint(["cc.json"], in: dir)
        #expect(result.status == 2)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains(".customer-center.json:2:13: error: unknown rule 'ref.unused-strng' [schema.unknown-field]"))
        #expect(lines.contains { $0.hasPrefix(".customer-center.json:2:54: error: 'loud' is not a valid 'json.bom'") })
        #expect(lines.contains(".customer-center.json:3:3: error: unknown field 'platform' in linter configuration [schema.unknown-field]"))
        #expect(lines.contains(".customer-center.json:3:22: error: trailing comma before '}' [json.trailing-comma]"))
        // Nothing is linted under settings the run cannot follow.
        #expect(!lines.contains { $0.hasPrefix("cc.json") })
        #expect(result.stderr.contains("the configuration file has errors"))
    }

    @Test func explicitConfigurationFile() throws {
        let dir = try project(["cc.json": Self.config, "ci/strict.json": #"{"rules": {"ref.unused-string": "off"}}"#,
                               ".customer-center.json": #"{"rules": {"ref.unused-string": "error"}}"#])
        #expect(try lint(["--config", "ci/strict.json", "cc.json"], in: dir).stdout == "")
        let missing = try lint(["--config", "nope.json", "cc.json"], in: dir)
        #expect(missing.status == 3)
        #expect(missing.stderr.contains("cannot read"))
    }
}

@Suite struct RuleCommandTests {
    @Test func rulesListsEveryRule() throws {
        let human = try CLI.run(["rules"])
        #expect(human.status == 0)
        #expect(human.stdout.split(separator: "\n").count == RuleCatalog.all.count)
        let json = try CLI.run(["rules", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((object?["rules"] as? [[String: Any]])?.count == RuleCatalog.all.count)
    }

    @Test func explainShowsTheRealDiagnostic() throws {
        let result = try CLI.run(["explain", "path.duplicate-id"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Default severity: error"))
        #expect(result.stdout.contains("example.json:3:") && result.stdout.contains("[path.duplicate-id]"))
        let unknown = try CLI.run(["explain", "offer.unsatisfiable"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean 'offer.unsatisfiable-eligibility'?"))
    }

    @Test func schemaCommandPrintsTheCommittedSchema() throws {
        let result = try CLI.run(["schema"])
        let committed = try String(contentsOf: CLI.packageRoot.appendingPathComponent("Schemas/customer-center.schema.json"), encoding: .utf8)
        #expect(result.stdout == committed)
    }
}
